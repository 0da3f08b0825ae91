"""Two or more builds' solvers compared chunk by chunk (issue 38): each build's
Python runs ``benchmarks/solver_rate.py GAME WARM CHUNK --serve`` in a process
of its own, kept alive; round by round, each runs the same CHUNK iterations in
turn (the order reversed every other round), and the ratios of their CPU
seconds are paired within a round, so a loaded machine's swings fall on both::

    python benchmarks/solver_pairs.py mini 20000 10000 12 NEW/bin/python OLD/bin/python
    python benchmarks/solver_pairs.py 32 2000 300 10 NEW/bin/python OLD/bin/python

Prints, for each build after the first, the first's rate over it: the median,
the least and the most of the rounds, and over all the rounds' time.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

RATE = Path(__file__).resolve().with_name("solver_rate.py")


def main() -> None:
    game, warm, chunk, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    pythons = sys.argv[5:]
    with tempfile.TemporaryDirectory() as cwd:  # not the source tree, which would shadow the installed package
        procs = [subprocess.Popen([python, str(RATE), game, warm, str(chunk), "--serve"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, cwd=cwd) for python in pythons]
        for p in procs:
            assert p.stdout is not None and p.stdout.readline().strip() == "ready"
        seconds: list[list[float]] = [[] for _ in procs]
        for r in range(rounds):
            for i in (range(len(procs)) if r % 2 == 0 else reversed(range(len(procs)))):
                p = procs[i]
                assert p.stdin is not None and p.stdout is not None
                p.stdin.write(f"{chunk}\n")
                p.stdin.flush()
                seconds[i].append(float(p.stdout.readline()))
        for p in procs:
            assert p.stdin is not None
            p.stdin.close()
            p.wait()
    print(f"{game}: {rounds} rounds of {chunk} iterations after {warm}, load average {os.getloadavg()[0]:.1f}")
    for k in range(1, len(procs)):
        ratios = sorted(b / a for a, b in zip(seconds[0], seconds[k]))
        print(f"  {pythons[0]} / {pythons[k]}: median {statistics.median(ratios):.3f} "
              f"({ratios[0]:.3f}-{ratios[-1]:.3f}), all the rounds {sum(seconds[k]) / sum(seconds[0]):.3f}")


if __name__ == "__main__":
    main()
