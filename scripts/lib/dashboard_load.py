#!/usr/bin/env python3
"""Load on a running `harness serve`: many clients, some of them slow, and a probe that times
how long a fresh client waits for its answer.

    dashboard_load.py PORT SECONDS CLIENTS SLOW RUN_ID OUT_JSON

CLIENTS - SLOW clients loop: connect, ask for the run list (nine times in ten) or the run's
live data, read the whole answer, wait 1 to 3 s. SLOW clients send half a request
("GET / HTTP/1.1\\r\\n") and hold the socket until the server closes it, then do it again.
Once a second the probe connects anew and asks for "/"; its waiting times, the answers by
status, the failures, the slow sockets' lifetimes and the largest answer about the run go to
OUT_JSON.
"""
import asyncio
import json
import random
import sys
import time


async def fetch(port, path, timeout):
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: soak\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
    status = data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/1.") else "none"
    return status, len(data)


async def client(port, run_id, stop, stats):
    while time.monotonic() < stop:
        path = "/" if random.random() < 0.9 else f"/api/run/{run_id}"
        try:
            status, size = await fetch(port, path, 60)
            stats["status"][status] = stats["status"].get(status, 0) + 1
            if path != "/":
                stats["largest_run_answer"] = max(stats["largest_run_answer"], size)
        except (OSError, asyncio.TimeoutError) as e:
            stats["client_failures"] += 1
            stats["last_failure"] = repr(e)
        await asyncio.sleep(random.uniform(1, 3))


async def slow_client(port, stop, stats):
    while time.monotonic() < stop:
        started = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET / HTTP/1.1\r\n")
            await writer.drain()
            await asyncio.wait_for(reader.read(), max(1, stop - time.monotonic()))
            writer.close()
            stats["slow_held_s"].append(round(time.monotonic() - started, 1))
        except asyncio.TimeoutError:
            writer.close()
        except OSError as e:
            stats["slow_failures"] += 1
            stats["last_failure"] = repr(e)
            await asyncio.sleep(1)


async def probe(port, stop, stats):
    while time.monotonic() < stop:
        started = time.monotonic()
        try:
            status, _ = await fetch(port, "/", 30)
            stats["probe_s"].append(round(time.monotonic() - started, 4))
            if status != "200":
                stats["probe_failures"] += 1
        except (OSError, asyncio.TimeoutError) as e:
            stats["probe_failures"] += 1
            stats["last_failure"] = repr(e)
        await asyncio.sleep(max(0, 1 - (time.monotonic() - started)))


async def main():
    port, seconds, clients, slow, run_id, out = sys.argv[1:7]
    stop = time.monotonic() + float(seconds)
    stats = {"largest_run_answer": 0, "status": {}, "client_failures": 0, "slow_failures": 0, "probe_failures": 0, "probe_s": [], "slow_held_s": []}
    tasks = [client(int(port), run_id, stop, stats) for _ in range(int(clients) - int(slow))]
    tasks += [slow_client(int(port), stop, stats) for _ in range(int(slow))]
    tasks.append(probe(int(port), stop, stats))
    await asyncio.gather(*tasks)
    with open(out, "w") as f:
        json.dump(stats, f)


asyncio.run(main())
