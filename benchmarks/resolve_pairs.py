"""Two or more builds' re-solves compared on the same problems (issue 39): each
build's Python runs this file with ``--serve`` in a process of its own, which
plays ``benchmarks/test_bench_search_bot.py``'s match (SearchBot with PARTICLES
particles against CFRBot, HANDS hands from fixed seeds), timing every decision,
and keeps each re-solve's problem (``solve_subgame``'s arguments); round by
round, each build then re-solves all of them in turn (the order reversed every
other round), so a loaded machine's swings fall on both::

    python benchmarks/resolve_pairs.py 1024 60 3 NEW/bin/python OLD/bin/python

Prints, per build, SearchBot's decisions in the match (CPU time: the median and
the 99th percentile, the re-solves' median and largest), then the C re-solve's
CPU time per problem (the median over problems of each one's least over the
rounds), the first build's ratio over each other's, and whether every build
found the same strategies and values, bit for bit.
"""

from __future__ import annotations

import hashlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()


def serve(particles: int, hands: int) -> None:
    sys.path.insert(0, str(HERE.parent))
    import test_bench_search_bot as bench  # noqa: PLC0415 (from this folder)

    import badeucey_fast.solve.particle_search as particle_search  # noqa: PLC0415

    problems: list[tuple[Any, tuple[Any, ...], dict[str, Any]]] = []
    solve = particle_search.solve_subgame

    def keep(table: Any, *args: Any, **kwargs: Any) -> Any:
        problems.append((table.copy(), args, kwargs))
        return solve(table, *args, **kwargs)

    particle_search.solve_subgame = keep  # type: ignore[assignment]
    bench.HANDS = hands
    match = bench.match(particles)
    particle_search.solve_subgame = solve  # type: ignore[assignment]
    decisions = match["cpu"]["search"]
    print(json.dumps({"decisions": len(decisions), "median_ms": statistics.median(decisions) * 1e3,
                      "p99_ms": bench.percentile(decisions, 0.99) * 1e3, "resolves": len(match["resolves"]),
                      "resolve_median_ms": statistics.median(match["resolves"]) * 1e3,
                      "resolve_max_ms": max(match["resolves"]) * 1e3,
                      "pairs": [len(args[2][0]) for _, args, _ in problems]}), flush=True)
    for _ in sys.stdin:
        seconds, digest = [], hashlib.sha256()
        for table, args, kwargs in problems:
            started = time.process_time()
            result = solve(table, *args, **kwargs)
            seconds.append(time.process_time() - started)
            for strategy in result.strategies:
                digest.update(strategy.tobytes())
            digest.update(repr((result.value, result.best_response, result.exploitability,
                                result.gadget_entered, result.margin)).encode())
        print(json.dumps({"seconds": seconds, "digest": digest.hexdigest()}), flush=True)


def main() -> None:
    particles, hands, rounds = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    pythons = sys.argv[4:]
    with tempfile.TemporaryDirectory() as cwd:  # not the source tree, which would shadow the installed package
        procs = [subprocess.Popen([python, str(HERE), str(particles), str(hands), "--serve"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, cwd=cwd) for python in pythons]
        for python, p in zip(pythons, procs, strict=True):
            assert p.stdout is not None
            m = json.loads(p.stdout.readline())
            print(f"{python}: {m['decisions']} decisions, CPU median {m['median_ms']:.3f} ms, "
                  f"99th percentile {m['p99_ms']:.1f} ms; {m['resolves']} re-solves, median "
                  f"{m['resolve_median_ms']:.1f} ms, largest {m['resolve_max_ms']:.1f} ms; "
                  f"pairs {min(m['pairs'])}..{max(m['pairs'])}")
        best: list[list[float]] = [[] for _ in procs]
        digests: set[str] = set()
        for r in range(rounds):
            for i in (range(len(procs)) if r % 2 == 0 else reversed(range(len(procs)))):
                p = procs[i]
                assert p.stdin is not None and p.stdout is not None
                p.stdin.write("go\n")
                p.stdin.flush()
                found = json.loads(p.stdout.readline())
                best[i] = found["seconds"] if not best[i] else [min(a, b) for a, b in zip(best[i], found["seconds"])]
                digests.add(found["digest"])
        for p in procs:
            assert p.stdin is not None
            p.stdin.close()
            p.wait()
    medians = [statistics.median(b) * 1e3 for b in best]
    for python, median, b in zip(pythons, medians, best, strict=True):
        print(f"{python}: C re-solve median {median:.2f} ms, largest {max(b) * 1e3:.1f} ms over {len(b)} problems")
    for python, median in zip(pythons[1:], medians[1:], strict=True):
        print(f"{python} / {pythons[0]}: {median / medians[0]:.2f}x")
    print("the same results, bit for bit" if len(digests) == 1 else f"DIFFERENT results: {len(digests)} digests")


if __name__ == "__main__":
    if sys.argv[3:] == ["--serve"]:
        serve(int(sys.argv[1]), int(sys.argv[2]))
    else:
        main()
