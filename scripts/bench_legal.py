#!/usr/bin/env python3
"""Lines per second of `gammonbot legal` and of gnubg-nn listing the same plays.

Input: the contact set (crates/engine/tests/data/contact.txt) x the 21 rolls, 21,000 lines, repeated
`--repeat` times. gammonbot is timed end to end (process start, reading, writing the
sorted Position IDs); gnubg-nn (`pip install gnubg-nn`) is timed on `moves()` alone, the
position read from its ID and the plays listed as gnubg keys, without writing anything.
Each figure is the best of `--runs`.

    cargo build --release && python3 scripts/bench_legal.py [--repeat 10] [--runs 10]
"""
import argparse
import os
import subprocess
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser()
ap.add_argument("--repeat", type=int, default=10)
ap.add_argument("--runs", type=int, default=10)
ap.add_argument("--bin", default=os.path.join(root, "target/release/gammonbot"))
args = ap.parse_args()

ids = [l.strip() for l in open(os.path.join(root, "crates/engine/tests/data/contact.txt")) if l.strip()]
lines = ["%s %d %d" % (i, a, b) for i in ids for a in range(1, 7) for b in range(a, 7)]
data = ("\n".join(lines * args.repeat) + "\n").encode()
n = len(lines) * args.repeat

best = min(
    (lambda t: (subprocess.run([args.bin, "legal"], input=data, stdout=subprocess.DEVNULL,
                               check=True), time.perf_counter() - t)[1])(time.perf_counter())
    for _ in range(args.runs)
)
ours = n / best
print("gammonbot legal: %d lines in %.1f ms, %.0f lines/s" % (n, best * 1000, ours))

try:
    import gnubg_nn
except ImportError:
    raise SystemExit("gnubg-nn is not installed (pip install gnubg-nn): no comparison")
parsed = [(l.split()[0], int(l.split()[1]), int(l.split()[2])) for l in lines]
best = 1e9
for _ in range(args.runs):
    t = time.perf_counter()
    for pid, d1, d2 in parsed:
        gnubg_nn.moves(gnubg_nn.board_from_position_id(pid), d1, d2)
    best = min(best, time.perf_counter() - t)
theirs = len(parsed) / best
print("gnubg-nn moves(): %d lines in %.1f ms, %.0f lines/s" % (len(parsed), best * 1000, theirs))
print("ratio: %.2f" % (ours / theirs))
