#!/usr/bin/env python3
"""The networks of `tuner nnue` trained by PyTorch, to check the workbench's trainer against an
independent one and to measure both on the same data (scripts/interop/compare_nnue_trainer.sh,
scripts/bench/nnue_training.sh). An architecture is named as lib/nnue/architecture.h names it:

  (768->N)x2->1
      The simple network: y = l1w . [screlu(us); screlu(them)] + l1b, where us and them are the
      side to move's and the other's hidden sums (l0b included) and screlu(a) = clamp(a, 0, 1)^2.
  (768->N)x2->1x8
      Eight output buckets by material (bullet's MaterialCount<8>): bucket (pieces on the board,
      kings included, - 2) // 4 picks its row of l1w and its l1b.
  (768xKhm->N)x2->1x8
      Mirrored king buckets as well (bullet's ChessBucketsMirrored, the default map of K = 10):
      the perspective's own king picks a block of 768 features, and a king on files e-h mirrors
      every square (s ^ 7). A factoriser l0f is shared by the blocks: feature 768 b + j's row of
      weights is l0w[768 b + j] + l0f[j].
  (768xKhm->N)x2->pairwise->(16->32->1)x8
      The same inputs; per perspective c = clamp(a, 0, 1) of the hidden sums a and the pairwise
      products h[i] = c[i] c[i + N/2] (i < N/2); x = [h_stm; h_ntm] (N values) goes through the
      output bucket's layers: s1 = screlu(l1w[b] x + l1b[b]) (16), s2 = screlu(l2w[b] s1 + l2b[b])
      (32), y = l3w[b] . s2 + l3b[b].

The loss is (sigmoid(y) - target)^2 over the batch, target = wdl result + (1 - wdl) sigmoid(score
/ 400) for the side to move. raw.bin is bullet's layout, f32 little-endian without header or
padding, tensor by tensor: l0w [768K][N] (a row per input feature; K = 1 without king buckets),
l0f [768][N] (with king buckets only), l0b [N]; then l1w [B][2N] and l1b [B] (B = 1 or 8, the side
to move's N first), or for the layer stack l1w [8][16][N], l1b [8][16], l2w [8][32][16], l2b
[8][32], l3w [8][32], l3b [8].

  compare [--arch SPEC] DATA INIT_RAW BATCH BATCHES LR WDL LOSSES_CSV OUT_RAW
      Trains from INIT_RAW on the first BATCH x BATCHES positions of DATA in file order, with AdamW
      as bullet runs it (decoupled decay, no bias correction, then the weights clipped: l0w and
      l0f to +-0.99 with king buckets, every other tensor to +-1.98); writes each batch's loss and
      the weights after the last batch. Without --arch: the simple network, N from INIT_RAW's size.
  init (N | --arch SPEC) SEED OUT_RAW
      Writes bullet-style first weights: each weight tensor normal with deviation
      sqrt(2 / fan_in), fan_in 768K for l0w (but 32 for the layer stack, as bullet's
      init_with_effective_input_size(32)), 2N for l1w (N for the stack), 16 for l2w, 32 for l3w;
      biases and l0f zero. N alone: the simple network of N.
  bench DATA (N | --arch SPEC) BATCH THREADS SECONDS
      Trains with torch.optim.AdamW (weights clipped as above), embedding_bag inputs and each
      output bucket's positions through its own layers, for about SECONDS, and prints positions
      per second.

DATA is the text format 'FEN | score | result' (White's view) that `harness positions --format
text` writes; every line is used (no filters)."""
import math
import re
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

from nnue_reference_eval import features as board_features

PIECE_FEATURES = 768
OUTPUT_BUCKETS = 8
OWN_KING = 64 * 5  # Chess768's first feature of the perspective's own king
# The default king-bucket map (bullet's examples/progression/3_input_buckets.rs): for each square
# of files a-d, rank by rank from the perspective's own side, the bucket of a king there.
KING_BUCKETS = [0, 1, 2, 3,
                4, 4, 5, 5,
                6, 6, 6, 6,
                7, 7, 7, 7,
                8, 8, 8, 8,
                8, 8, 8, 8,
                9, 9, 9, 9,
                9, 9, 9, 9]
SPEC = re.compile(r"\(768(?:x(\d+)hm)?->(\d+)\)x2->(1|1x8|pairwise->\(16->32->1\)x8)")


class Arch:
    """An architecture named by SPEC's grammar: K (0 without king buckets), N, output buckets."""

    def __init__(self, spec):
        m = SPEC.fullmatch(spec)
        if not m:
            sys.exit(f"architecture '{spec}': not (768[xKhm]->N)x2->1, ->1x8 or ->pairwise->(16->32->1)x8")
        self.spec = spec
        self.kings = int(m[1]) if m[1] else 0
        self.n = int(m[2])
        self.stack = m[3].startswith("pairwise")
        self.buckets = 1 if m[3] == "1" else OUTPUT_BUCKETS
        if self.n < 16 or self.n > 2048 or self.n % 16:
            sys.exit(f"architecture '{spec}': N must be a multiple of 16 from 16 to 2048")
        if self.kings and self.kings != max(KING_BUCKETS) + 1:
            sys.exit(f"architecture '{spec}': the default king-bucket map has {max(KING_BUCKETS) + 1} buckets")
        if self.kings and self.buckets == 1:
            sys.exit(f"architecture '{spec}': king buckets take output buckets")
        if self.stack and not self.kings:
            sys.exit(f"architecture '{spec}': the layer stack takes king buckets")

    @staticmethod
    def simple(n):
        return Arch(f"(768->{n})x2->1")

    def shapes(self):
        """Each tensor's name and shape, in raw.bin's order."""
        n = self.n
        shapes = [("l0w", (PIECE_FEATURES * max(self.kings, 1), n))]
        if self.kings:
            shapes.append(("l0f", (PIECE_FEATURES, n)))
        shapes.append(("l0b", (n,)))
        if self.stack:
            return shapes + [("l1w", (8, 16, n)), ("l1b", (8, 16)), ("l2w", (8, 32, 16)), ("l2b", (8, 32)),
                             ("l3w", (8, 32)), ("l3b", (8,))]
        return shapes + [("l1w", (self.buckets, 2 * n)), ("l1b", (self.buckets,))]

    def fan_in(self, name):
        """The inputs bullet's initialisation divides by; None for the tensors that start at zero."""
        l0 = 32 if self.stack else PIECE_FEATURES * max(self.kings, 1)
        return {"l0w": l0, "l1w": self.n if self.stack else 2 * self.n, "l2w": 16, "l3w": 32}.get(name)

    def clip(self, name):
        return 0.99 if self.kings and name in ("l0w", "l0f") else 1.98


def perspective_features(board, perspective, arch):
    """The perspective's active features: Chess768's numbers, or with king buckets the block of its
    own king's bucket, every square mirrored when that king is on files e-h."""
    plain = list(board_features(board, perspective))
    if not arch.kings:
        return plain
    king = next(f for f in plain if OWN_KING <= f < OWN_KING + 64) - OWN_KING  # in the perspective's view
    mirrored = king % 8 > 3
    bucket = KING_BUCKETS[4 * (king // 8) + (7 - king % 8 if mirrored else king % 8)]
    # A feature's low three bits are its square's file (the colour and type parts are multiples
    # of 64), so s ^ 7 on the square is f ^ 7 on the feature.
    return [PIECE_FEATURES * bucket + (f ^ 7 if mirrored else f) for f in plain]


def features(fen, arch):
    """Side to move's and the other's active features, as bullet numbers them, and the side to move."""
    board, side = fen.split()[0], fen.split()[1]
    stm = 0 if side == "w" else 1
    return perspective_features(board, stm, arch), perspective_features(board, 1 - stm, arch), stm


def read_data(path, limit, arch):
    """Rows (ours, theirs, score, result, output bucket), score and result for the side to move."""
    rows = []
    with open(path) as f:
        for line in f:
            fen, score, result = [x.strip() for x in line.split("|")]
            ours, theirs, stm = features(fen, arch)
            score, result = float(score), float(result)
            if stm == 1:
                score, result = -score, 1.0 - result
            bucket = (len(ours) - 2) // (32 // OUTPUT_BUCKETS) if arch.buckets > 1 else 0
            rows.append((ours, theirs, score, result, bucket))
            if limit and len(rows) >= limit:
                break
    return rows


class Batch:
    """A batch's tensors: features and offsets for embedding_bag sums (the features modulo 768 for
    the factoriser), the output buckets with the batch sorted by bucket (order, the bucket sizes,
    and unorder back), the scores and the results."""

    def __init__(self, rows, arch):
        self.ours = torch.tensor([i for r in rows for i in r[0]], dtype=torch.long)
        self.theirs = torch.tensor([i for r in rows for i in r[1]], dtype=torch.long)
        self.ours768 = self.ours % PIECE_FEATURES if arch.kings else None
        self.theirs768 = self.theirs % PIECE_FEATURES if arch.kings else None
        counts = [len(r[0]) for r in rows]
        self.offsets = torch.tensor(np.concatenate([[0], np.cumsum(counts)[:-1]]), dtype=torch.long)
        bucket = np.array([r[4] for r in rows])
        order = np.argsort(bucket, kind="stable")
        self.order = torch.tensor(order, dtype=torch.long)
        self.unorder = torch.tensor(np.argsort(order), dtype=torch.long)
        self.sizes = np.bincount(bucket, minlength=arch.buckets).tolist()
        self.score = torch.tensor([r[2] for r in rows])
        self.result = torch.tensor([r[3] for r in rows])


def read_raw(path, arch):
    data = np.fromfile(path, dtype="<f4")
    sizes = [math.prod(shape) for _, shape in arch.shapes()]
    if len(data) != sum(sizes):
        sys.exit(f"{path}: {len(data)} floats, not the {sum(sizes)} of {arch.spec} (give its --arch)")
    tensors, at = [], 0
    for (_, shape), size in zip(arch.shapes(), sizes):
        tensors.append(torch.tensor(data[at:at + size].reshape(shape).copy()))
        at += size
    return tensors


def write_raw(path, params):
    with open(path, "wb") as f:
        for p in params:
            f.write(p.detach().numpy().astype("<f4").tobytes())


def screlu(a):
    return torch.clamp(a, 0, 1) ** 2


def pairwise(a):
    c = torch.clamp(a, 0, 1)
    half = c.shape[1] // 2
    return c[:, :half] * c[:, half:]


class Network(torch.nn.Module):
    """The architecture's forward pass over raw.bin's tensors, a Parameter each under its name."""

    def __init__(self, arch, tensors):
        super().__init__()
        self.arch = arch
        self.names = [name for name, _ in arch.shapes()]
        for name, t in zip(self.names, tensors):
            setattr(self, name, torch.nn.Parameter(t.clone()))

    def params(self):
        return [getattr(self, name) for name in self.names]

    def clips(self):
        return [self.arch.clip(name) for name in self.names]

    def hidden(self, features, factorised, offsets):
        """The hidden sums: the active rows of l0w (and of l0f, the factoriser), plus l0b."""
        a = F.embedding_bag(features, self.l0w, offsets, mode="sum") + self.l0b
        if self.arch.kings:
            a = a + F.embedding_bag(factorised, self.l0f, offsets, mode="sum")
        return a

    def by_bucket(self, x, batch, layers):
        """layers(b, rows) on the rows of x of each output bucket b's positions, in the batch's order."""
        if self.arch.buckets == 1:
            return layers(0, x)
        parts = [layers(b, rows) for b, rows in enumerate(torch.split(x[batch.order], batch.sizes)) if len(rows)]
        return torch.cat(parts)[batch.unorder]

    def output(self, b, x):
        return x @ self.l1w[b] + self.l1b[b]

    def layer_stack(self, b, x):
        s1 = screlu(x @ self.l1w[b].t() + self.l1b[b])
        s2 = screlu(s1 @ self.l2w[b].t() + self.l2b[b])
        return s2 @ self.l3w[b] + self.l3b[b]

    def forward(self, batch):
        us = self.hidden(batch.ours, batch.ours768, batch.offsets)
        them = self.hidden(batch.theirs, batch.theirs768, batch.offsets)
        if self.arch.stack:
            return self.by_bucket(torch.cat([pairwise(us), pairwise(them)], dim=1), batch, self.layer_stack)
        return self.by_bucket(torch.cat([screlu(us), screlu(them)], dim=1), batch, self.output)


def loss_of(net, batch, wdl):
    target = wdl * batch.result + (1 - wdl) * torch.sigmoid(batch.score / 400)
    return torch.mean((torch.sigmoid(net(batch)) - target) ** 2)


def bullet_adamw(params, clips, state, lr, beta1=0.9, beta2=0.999, eps=1e-8, decay=0.01):
    with torch.no_grad():
        for p, clip in zip(params, clips):
            m, v = state.setdefault(id(p), (torch.zeros_like(p), torch.zeros_like(p)))
            g = p.grad if p.grad is not None else torch.zeros_like(p)
            p.mul_(1 - decay * lr)
            m.mul_(beta1).add_((1 - beta1) * g)
            v.mul_(beta2).add_((1 - beta2) * g * g)
            p.sub_(lr * m / (torch.sqrt(v) + eps))
            p.clamp_(-clip, clip)


def compare(arch, data, init_raw, batch, batches, lr, wdl, losses_csv, out_raw):
    torch.set_num_threads(2)
    if arch is None:
        floats = len(np.fromfile(init_raw, dtype="<f4"))
        if floats % 771 != 1:
            sys.exit(f"{init_raw}: {floats} floats are no simple network's raw.bin; give its --arch")
        arch = Arch.simple(floats // 771)
    rows = read_data(data, batch * batches, arch)
    if len(rows) < batch * batches:
        sys.exit(f"{data}: {len(rows)} positions, fewer than {batch} x {batches}")
    net = Network(arch, read_raw(init_raw, arch))
    state = {}
    with open(losses_csv, "w") as out:
        for b in range(batches):
            tensors = Batch(rows[b * batch:(b + 1) * batch], arch)
            for p in net.params():
                p.grad = None
            loss = loss_of(net, tensors, wdl)
            loss.backward()
            bullet_adamw(net.params(), net.clips(), state, lr)
            out.write(f"1,{b},{loss.item():.9g}\n")
    write_raw(out_raw, net.params())


def first_weights(arch, seed):
    """Bullet-style first weights, drawn tensor by tensor in raw.bin's order."""
    rng = np.random.default_rng(seed)
    tensors = []
    for name, shape in arch.shapes():
        fan_in = arch.fan_in(name)
        tensors.append(rng.normal(0, math.sqrt(2 / fan_in), shape) if fan_in else np.zeros(shape))
    return [t.astype("<f4") for t in tensors]


def init(arch, seed, out_raw):
    with open(out_raw, "wb") as f:
        for t in first_weights(arch, seed):
            f.write(t.tobytes())


def bench(arch, data, batch, threads, seconds):
    torch.set_num_threads(threads)
    rows = read_data(data, 0, arch)
    net = Network(arch, [torch.tensor(t) for t in first_weights(arch, 1)])
    optimiser = torch.optim.AdamW(net.params(), lr=0.001, weight_decay=0.01)
    batches = [Batch(rows[i:i + batch], arch) for i in range(0, len(rows) - batch + 1, batch)]
    positions, began, k = 0, time.perf_counter(), 0
    while time.perf_counter() - began < seconds or k < 3:
        tensors = batches[k % len(batches)]
        optimiser.zero_grad()
        loss_of(net, tensors, 0.75).backward()
        optimiser.step()
        with torch.no_grad():
            for p, clip in zip(net.params(), net.clips()):
                p.clamp_(-clip, clip)
        positions += batch
        k += 1
    print(f"{positions / (time.perf_counter() - began):.0f}")


def take_arch(args):
    """--arch SPEC (or --arch=SPEC) from anywhere among the arguments: the Arch or None, and the rest."""
    arch, rest, i = None, [], 0
    while i < len(args):
        if args[i] == "--arch" and i + 1 < len(args):
            arch, i = Arch(args[i + 1]), i + 2
        elif args[i].startswith("--arch="):
            arch, i = Arch(args[i][len("--arch="):]), i + 1
        else:
            rest, i = rest + [args[i]], i + 1
    return arch, rest


def need(args, count):
    if len(args) != count:
        sys.exit(__doc__)
    return args


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    command, (arch, args) = sys.argv[1], take_arch(sys.argv[2:])
    if command == "compare":
        a = need(args, 8)
        compare(arch, a[0], a[1], int(a[2]), int(a[3]), float(a[4]), float(a[5]), a[6], a[7])
    elif command == "init":
        if arch is None:
            arch, args = Arch.simple(int(need(args, 3)[0])), args[1:]
        a = need(args, 2)
        init(arch, int(a[0]), a[1])
    elif command == "bench":
        if arch is None:
            arch, args = Arch.simple(int(need(args, 5)[1])), args[:1] + args[2:]
        a = need(args, 4)
        bench(arch, a[0], int(a[1]), int(a[2]), float(a[3]))
    else:
        sys.exit(__doc__)
