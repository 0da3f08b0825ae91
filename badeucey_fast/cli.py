"""The ``badeucey`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from badeucey_fast import _rankings as r
from badeucey_fast._cards import format_cards, parse_cards

EXIT_USAGE = 2  # argparse's code for a user mistake; ours too


def _eval_rows(ids: tuple[int, ...]) -> list[tuple[str, str, int, int]]:
    """(key, label, rank, classes) for every ranking that takes this many cards."""
    rows = [
        ("badugi_aces_low", "Badugi, aces low", r.badugi_rank(ids), r.BADUGI_CLASSES),
        ("badugi_aces_high", "Badugi, aces high", r.badugi_rank(ids, ace_high=True), r.BADUGI_CLASSES),
    ]
    if len(ids) == 5:
        rows += [
            ("deuce_seven", "deuce-to-seven", r.deuce_seven_rank(ids), r.DEUCE_SEVEN_CLASSES),
            ("ace_five", "ace-to-five", r.ace_five_rank(ids), r.ACE_FIVE_CLASSES),
        ]
    return rows


def _cmd_eval(args: argparse.Namespace) -> int:
    results = []
    for text in args.hands:
        ids = parse_cards(text)
        if len(ids) not in (4, 5):
            raise ValueError(f"a hand has 4 or 5 cards, got {len(ids)} in {text!r}")
        results.append((ids, _eval_rows(ids)))
    if args.json:
        out = [{"hand": format_cards(ids), **{key: rank for key, _, rank, _ in rows}} for ids, rows in results]
        print(json.dumps(out if len(out) > 1 else out[0], indent=2))
        return 0
    for n, (ids, rows) in enumerate(results):
        if n:
            print()
        print(format_cards(ids))
        for _, label, rank, classes in rows:
            print(f"  {label:<18} {rank:>5} of {classes}")
    print("(rank 1 is the best hand of each ranking)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="badeucey",
        description="Exact hand rankings for Badeucey, Badacey, Badugi, deuce-to-seven and ace-to-five.",
    )
    from badeucey_fast import __version__

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p_eval = sub.add_parser("eval", help="rank hands in every game", description="Rank 4- or 5-card hands in every ranking.")
    p_eval.add_argument("hands", nargs="+", metavar="HAND", help='cards, e.g. 7s5h4d3c2s or "7s 5h 4d 3c 2s"')
    p_eval.add_argument("--json", action="store_true", help="print JSON")
    p_eval.set_defaults(run=_cmd_eval)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except (ValueError, TypeError) as exc:
        print(f"badeucey: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return code


if __name__ == "__main__":
    sys.exit(main())
