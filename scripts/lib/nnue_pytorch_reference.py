#!/usr/bin/env python3
"""The (768->N)x2->1 network of `tuner nnue` trained by PyTorch, to check the workbench's trainer
against an independent one and to measure both on the same data (scripts/interop/compare_nnue_trainer.sh,
scripts/bench/nnue_training.sh).

  compare DATA INIT_RAW BATCH BATCHES LR WDL LOSSES_CSV OUT_RAW
      Trains from INIT_RAW (bullet's raw.bin layout: f32 l0w [768][N], l0b, l1w [2N], l1b) on the
      first BATCH x BATCHES positions of DATA in file order, with AdamW as bullet runs it (decoupled
      decay, no bias correction, weights clipped to +-1.98); writes each batch's loss and the
      weights after the last batch.
  init N SEED OUT_RAW
      Writes bullet-style first weights: normal with deviation sqrt(2 / inputs), biases zero.
  bench DATA N BATCH THREADS SECONDS
      Trains with torch.optim.AdamW and EmbeddingBag inputs for about SECONDS and prints
      positions per second.

DATA is the text format 'FEN | score | result' (White's view) that `harness positions --format
text` writes; every line is used (no filters)."""
import math
import struct
import sys
import time

import numpy as np
import torch

from nnue_reference_eval import features as board_features


def features(fen):
    """Side to move's and the other's active features, as bullet's Chess768 numbers them."""
    board, side = fen.split()[0], fen.split()[1]
    stm = 0 if side == "w" else 1
    return list(board_features(board, stm)), list(board_features(board, 1 - stm)), stm


def read_data(path, limit):
    rows = []
    with open(path) as f:
        for line in f:
            fen, score, result = [x.strip() for x in line.split("|")]
            ours, theirs, stm = features(fen)
            score, result = float(score), float(result)
            if stm == 1:
                score, result = -score, 1.0 - result
            rows.append((ours, theirs, score, result))
            if limit and len(rows) >= limit:
                break
    return rows


def batch_tensors(rows):
    """Offsets and indices for EmbeddingBag-style sums, and the scores and results."""
    ours = [i for r in rows for i in r[0]]
    theirs = [i for r in rows for i in r[1]]
    counts = [len(r[0]) for r in rows]
    offsets = np.concatenate([[0], np.cumsum(counts)[:-1]])
    return (torch.tensor(ours, dtype=torch.long), torch.tensor(theirs, dtype=torch.long),
            torch.tensor(offsets, dtype=torch.long), torch.tensor([r[2] for r in rows]), torch.tensor([r[3] for r in rows]))


def read_raw(path):
    data = np.fromfile(path, dtype="<f4")
    n = (len(data) - 1) // 771
    l0w = data[: 768 * n].reshape(768, n)
    l0b = data[768 * n: 769 * n]
    l1w = data[769 * n: 771 * n]
    l1b = data[771 * n:]
    return [torch.tensor(x.copy()) for x in (l0w, l0b, l1w, l1b)]


def write_raw(path, params):
    with open(path, "wb") as f:
        for p in params:
            f.write(p.detach().numpy().astype("<f4").tobytes())


class Network(torch.nn.Module):
    def __init__(self, l0w, l0b, l1w, l1b):
        super().__init__()
        self.l0 = torch.nn.EmbeddingBag(768, l0w.shape[1], mode="sum")
        self.l0.weight = torch.nn.Parameter(l0w.clone())
        self.l0b = torch.nn.Parameter(l0b.clone())
        self.l1w = torch.nn.Parameter(l1w.clone())
        self.l1b = torch.nn.Parameter(l1b.clone())

    def forward(self, ours, theirs, offsets):
        us = torch.clamp(self.l0(ours, offsets) + self.l0b, 0, 1) ** 2
        them = torch.clamp(self.l0(theirs, offsets) + self.l0b, 0, 1) ** 2
        return torch.cat([us, them], dim=1) @ self.l1w + self.l1b

    def params(self):
        return [self.l0.weight, self.l0b, self.l1w, self.l1b]


def loss_of(net, batch, wdl):
    ours, theirs, offsets, score, result = batch
    target = wdl * result + (1 - wdl) * torch.sigmoid(score / 400)
    return torch.mean((torch.sigmoid(net(ours, theirs, offsets)) - target) ** 2)


def bullet_adamw(params, state, lr, beta1=0.9, beta2=0.999, eps=1e-8, decay=0.01, clip=1.98):
    with torch.no_grad():
        for p in params:
            m, v = state.setdefault(id(p), (torch.zeros_like(p), torch.zeros_like(p)))
            g = p.grad
            p.mul_(1 - decay * lr)
            m.mul_(beta1).add_((1 - beta1) * g)
            v.mul_(beta2).add_((1 - beta2) * g * g)
            p.sub_(lr * m / (torch.sqrt(v) + eps))
            p.clamp_(-clip, clip)


def compare(data, init_raw, batch, batches, lr, wdl, losses_csv, out_raw):
    torch.set_num_threads(2)
    rows = read_data(data, batch * batches)
    if len(rows) < batch * batches:
        sys.exit(f"{data}: {len(rows)} positions, fewer than {batch} x {batches}")
    net = Network(*read_raw(init_raw))
    state = {}
    with open(losses_csv, "w") as out:
        for b in range(batches):
            tensors = batch_tensors(rows[b * batch:(b + 1) * batch])
            for p in net.params():
                p.grad = None
            loss = loss_of(net, tensors, wdl)
            loss.backward()
            bullet_adamw(net.params(), state, lr)
            out.write(f"1,{b},{loss.item():.9g}\n")
    write_raw(out_raw, net.params())


def init(n, seed, out_raw):
    rng = np.random.default_rng(seed)
    l0w = rng.normal(0, math.sqrt(2 / 768), (768, n)).astype("<f4")
    l1w = rng.normal(0, math.sqrt(2 / (2 * n)), 2 * n).astype("<f4")
    with open(out_raw, "wb") as f:
        for x in (l0w, np.zeros(n, "<f4"), l1w, np.zeros(1, "<f4")):
            f.write(x.tobytes())


def bench(data, n, batch, threads, seconds):
    torch.set_num_threads(threads)
    torch.manual_seed(1)
    rows = read_data(data, 0)
    l0w = torch.randn(768, n) * math.sqrt(2 / 768)
    net = Network(l0w, torch.zeros(n), torch.randn(2 * n) * math.sqrt(2 / (2 * n)), torch.zeros(1))
    optimiser = torch.optim.AdamW(net.parameters(), lr=0.001, weight_decay=0.01)
    batches = [batch_tensors(rows[i:i + batch]) for i in range(0, len(rows) - batch + 1, batch)]
    positions, began, k = 0, time.perf_counter(), 0
    while time.perf_counter() - began < seconds or k < 3:
        tensors = batches[k % len(batches)]
        optimiser.zero_grad()
        loss_of(net, tensors, 0.75).backward()
        optimiser.step()
        with torch.no_grad():
            for p in net.parameters():
                p.clamp_(-1.98, 1.98)
        positions += batch
        k += 1
    print(f"{positions / (time.perf_counter() - began):.0f}")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "compare":
        compare(args[0], args[1], int(args[2]), int(args[3]), float(args[4]), float(args[5]), args[6], args[7])
    elif command == "init":
        init(int(args[0]), int(args[1]), args[2])
    elif command == "bench":
        bench(args[0], int(args[1]), int(args[2]), int(args[3]), float(args[4]))
    else:
        sys.exit(__doc__)
