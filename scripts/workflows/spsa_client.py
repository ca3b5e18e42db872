#!/usr/bin/env python3
# An SPSA worker as a testing framework would write it, driving `harness match` through the
# machine interface: it reads OpenBench's parameter lines, plays theta+ against theta- and moves
# theta by OpenBench's rule. Two ways to run the games, for the same tune:
#   --runner params-file  one harness match for every game: the client rewrites the parameters
#                         file between game pairs and learns each pair's values and result from
#                         the event stream (standard output), so nothing restarts;
#   --runner restart      as fishtest's worker does: a harness match of 4 x concurrency games per
#                         perturbation, its values as option.X= arguments, started anew each time.
# Both store every game in --db. At the end it writes theta in the form it read (name, int|float,
# value, min, max, c_end, r_end) to --out, and prints one summary line of JSON: games, wall
# seconds, games per hour, the CPU of the client and everything it started, the idle core share.
# Usage: spsa_client.py --params LINES --engine "cmd=PATH arg=..." --games 4000 --nodes 1000
#        --db runs.sqlite --out tuned.txt [--runner params-file|restart] [--concurrency 2]
import argparse
import contextlib
import json
import math
import os
import random
import subprocess
import sys
import time

ALPHA, GAMMA, A_RATIO = 0.602, 0.101, 0.1  # OpenBench's defaults


class InputError(Exception):
    pass


class Parameter:
    """One line of OpenBench's form: name, int|float, value, min, max, c_end, r_end."""

    def __init__(self, fields, where):
        if len(fields) != 7:
            raise InputError(f"{where}: expected 7 fields (name, int|float, value, min, max, c_end, r_end), got {len(fields)}")
        self.name, kind = fields[0], fields[1]
        if not self.name or kind not in ("int", "float"):
            raise InputError(f"{where}: the name must not be empty and the type must be int or float, got '{kind}'")
        try:
            self.value, self.min, self.max, self.c_end, self.r_end = (float(x) for x in fields[2:])
        except ValueError:
            raise InputError(f"{where}: value, min, max, c_end and r_end must be numbers") from None
        if not (self.min <= self.value <= self.max) or self.c_end <= 0 or self.r_end <= 0:
            raise InputError(f"{where}: the value must lie in [min, max], and c_end and r_end must be positive")
        self.is_float = kind == "float"
        self.start = self.value

    def line(self):
        value = f"{self.value:.4f}" if self.is_float else str(int(round(self.value)))
        fields = [self.name, "float" if self.is_float else "int", value] + [fmt(x) for x in (self.min, self.max, self.c_end, self.r_end)]
        return ", ".join(fields)


def fmt(x):
    return str(int(x)) if float(x).is_integer() else repr(x)


def read_parameters(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise InputError(f"{path}: {e.strerror}") from None
    params = [Parameter([x.strip() for x in line.split(",")], f"{path}:{n}")
              for n, line in enumerate(text.splitlines(), 1) if line.strip() and not line.lstrip().startswith("#")]
    if not params:
        raise InputError(f"{path}: no parameter lines")
    return params


class Spsa:
    """OpenBench's SPSA (OpenBench/spsa_utils.py and Client/worker.py): c and r shrink with the
    iteration, an integer's c is floored at 0.5, theta+ and theta- share one rounding draw, and a
    game pair moves theta by r * c * (wins - losses) * flip."""

    def __init__(self, params, iterations, seed):
        self.params, self.iterations = params, iterations
        self.rng = random.Random(seed)
        for p in params:
            p.c_value = p.c_end * iterations ** GAMMA
            p.a_value = p.r_end * p.c_end ** 2 * (A_RATIO * iterations + iterations) ** ALPHA

    def perturb(self, iteration):
        """Iteration counts from 1. Returns (plus, minus, steps): steps[i] = r * c * flip."""
        plus, minus, steps = {}, {}, []
        for p in self.params:
            c = max(p.c_value / iteration ** GAMMA, 0.0 if p.is_float else 0.5)
            r = p.a_value / (A_RATIO * self.iterations + iteration) ** ALPHA / c ** 2
            flip = self.rng.choice((-1, 1))
            up, down = p.value + flip * c, p.value - flip * c
            if not p.is_float:
                u = self.rng.random()
                up, down = math.floor(up + u), math.floor(down + u)
            plus[p.name] = option_text(p, min(max(up, p.min), p.max))
            minus[p.name] = option_text(p, min(max(down, p.min), p.max))
            steps.append(r * c * flip)
        return plus, minus, steps

    def apply(self, steps, result):
        for p, step in zip(self.params, steps):
            p.value = min(max(p.value + step * result, p.min), p.max)


def option_text(p, x):
    return repr(float(x)) if p.is_float else str(int(x))


class Pairs:
    """Game pairs as the event stream reports them: each pair's values (recorded by the runner
    with every game) find the perturbation they came from, and its result moves theta."""

    def __init__(self, spsa):
        self.spsa = spsa
        self.drawn = {}  # the values' key -> that perturbation's steps
        self.games = {}  # pair -> its stored games
        self.played = 0

    @staticmethod
    def key(plus, minus):
        return json.dumps([plus, minus], sort_keys=True)

    def draw(self, iteration):
        plus, minus, steps = self.spsa.perturb(iteration)
        self.drawn[self.key(plus, minus)] = steps
        return plus, minus

    def game_end(self, event):
        self.games.setdefault(event["pair"], []).append(event)
        self.played += 1

    def pair_end(self, event):
        games = self.games.pop(event["pair"], [])
        if not games:
            return
        first = games[0]
        params = first.get("params", {})
        plus_side = "white" if first["white"] == "plus" else "black"
        minus_side = "black" if plus_side == "white" else "white"
        steps = self.drawn.get(self.key(params.get(plus_side, {}), params.get(minus_side, {})))
        if steps is None:
            raise InputError(f"pair {event['pair']}: its recorded values are none this client wrote")
        self.spsa.apply(steps, sum(plus_points(g) for g in games))


def plus_points(game):
    """Wins minus losses of theta+ in one game."""
    winner = {"1-0": "white", "0-1": "black"}.get(game["result"])
    return 0 if winner is None else (1 if game[winner] == "plus" else -1)


def write_params_file(path, plus, minus):
    """Replaced by rename, so that the runner reads either the old file or the new one whole."""
    text = "".join(f"[{side}]\n" + "".join(f"{k}={v}\n" for k, v in values.items())
                   for side, values in (("plus", plus), ("minus", minus)))
    with open(path + ".new", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".new", path)


class Runner:
    """The harness match command lines of both ways."""

    def __init__(self, args):
        self.args = args
        limit = ["--nodes", str(args.nodes)] if args.nodes else ["--tc", args.tc]
        self.common = ["match", "--concurrency", str(args.concurrency), "--db", args.db, "--events", "-",
                       "--order", "random", "--event", "SPSA " + args.runner] + limit
        if args.openings:
            self.common += ["--openings", args.openings]

    def engines(self, plus=None, minus=None):
        words = []
        for name, values in (("plus", plus), ("minus", minus)):
            options = " ".join(f"option.{k}={v}" for k, v in (values or {}).items())
            words += ["--engine", f"name={name} {self.args.engine} {options}".strip()]
        return words

    def start(self, extra, log):
        command = [self.args.harness] + self.common + extra
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)


@contextlib.contextmanager
def running(process):
    """A runner the client stops with it: on an error here, the match must not play on alone."""
    try:
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait()


def events(process):
    for line in process.stdout:
        try:
            yield json.loads(line)
        except json.JSONDecodeError:
            raise InputError(f"harness events: not JSON: {line[:80]!r}") from None


def finish(process, what):
    if process.wait() != 0:
        raise InputError(f"{what}: harness match exited with status {process.returncode} (see its log)")


def run_params_file(args, pairs, iterations, log):
    """One runner for the whole tune; a new perturbation once pairs_per pairs have started."""
    params_file = os.path.join(args.work, "spsa.params")
    write_params_file(params_file, *pairs.draw(1))
    drawn, started = 1, 0
    runner = Runner(args)
    process = runner.start(runner.engines() + ["--games", str(args.games), "--params-file", params_file, "--seed", str(args.seed)], log)
    with running(process):
        for event in events(process):
            kind = event["event"]
            if kind == "game_start" and event["game"] % 2 == 1:
                started += 1
                if started == args.pairs_per and drawn < iterations:
                    drawn += 1
                    started = 0
                    write_params_file(params_file, *pairs.draw(drawn))
            elif kind == "game_end":
                pairs.game_end(event)
            elif kind == "pair_end":
                pairs.pair_end(event)
        finish(process, "the tune's match")


def run_restarting(args, pairs, iterations, log):
    """A runner per perturbation of pairs_per pairs, as fishtest restarts fastchess."""
    runner = Runner(args)
    for iteration in range(1, iterations + 1):
        plus, minus = pairs.draw(iteration)
        games = str(min(2 * args.pairs_per, args.games - pairs.played))
        process = runner.start(runner.engines(plus, minus) + ["--games", games, "--seed", str(args.seed + iteration)], log)
        with running(process):
            for event in events(process):
                if event["event"] == "game_end":  # the values are on its command line, not recorded
                    event["params"] = {"white": plus if event["white"] == "plus" else minus,
                                       "black": plus if event["black"] == "plus" else minus}
                    pairs.game_end(event)
                elif event["event"] == "pair_end":
                    pairs.pair_end(event)
            finish(process, f"iteration {iteration}")


def parse_args(argv):
    p = argparse.ArgumentParser(description="SPSA in OpenBench's form through harness match")
    p.add_argument("--params", required=True, help="OpenBench's parameter lines")
    p.add_argument("--engine", required=True, help="the engine spec without name=: 'cmd=PATH arg=A option.Hash=16'")
    p.add_argument("--games", type=int, default=4000)
    p.add_argument("--nodes", type=int, default=0)
    p.add_argument("--tc", default="8+0.08")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--pairs-per", type=int, default=0, help="pairs per perturbation (default: 2 x concurrency, fishtest's batch)")
    p.add_argument("--runner", choices=("params-file", "restart"), default="params-file")
    p.add_argument("--openings", default="")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--work", default="", help="folder of the parameters file and the runner's log (default: beside --out)")
    p.add_argument("--harness", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../build/bin/harness"))
    args = p.parse_args(argv)
    args.pairs_per = args.pairs_per or 2 * args.concurrency
    args.work = args.work or os.path.dirname(os.path.abspath(args.out))
    if args.games < 2 or args.games % 2 or args.concurrency < 1 or args.pairs_per < 1 or args.nodes < 0:
        p.error("--games must be even and at least 2; --concurrency and --pairs-per at least 1; --nodes not negative")
    return args


def main(argv):
    args = parse_args(argv)
    try:
        params = read_parameters(args.params)
        iterations = math.ceil(args.games / (2 * args.pairs_per))
        pairs = Pairs(Spsa(params, iterations, args.seed))
        os.makedirs(args.work, exist_ok=True)
        begin, before = time.monotonic(), os.times()
        with open(os.path.join(args.work, f"harness-{args.runner}.log"), "a", encoding="utf-8") as log:
            (run_params_file if args.runner == "params-file" else run_restarting)(args, pairs, iterations, log)
        wall, after = time.monotonic() - begin, os.times()
    except InputError as e:
        print(f"spsa_client: {e}", file=sys.stderr)
        return 2
    cpu = sum(after[i] - before[i] for i in range(4))  # the client's and every process it waited for
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("".join(p.line() + "\n" for p in params))
    print(json.dumps({"runner": args.runner, "games": pairs.played, "iterations": iterations, "wall_s": round(wall, 1),
                      "games_per_hour": round(pairs.played / wall * 3600), "cpu_s": round(cpu, 1),
                      "idle_core_share": round(1 - cpu / (wall * args.concurrency), 4),
                      "theta": {p.name: round(p.value, 4) for p in params}}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
