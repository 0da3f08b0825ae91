"""The ``badeucey`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from badeucey_fast import _rankings as r
from badeucey_fast._cards import format_cards, parse_cards
from badeucey_fast.games import GAMES
from badeucey_fast.names import Ranking, hand_name
from badeucey_fast.showdown import showdown

EXIT_USAGE = 2  # argparse's code for a user mistake; ours too


_EVAL_RANKINGS: list[tuple[Ranking, str, int]] = [
    ("badugi_low", "Badugi, aces low", r.BADUGI_CLASSES),
    ("badugi_high", "Badugi, aces high", r.BADUGI_CLASSES),
    ("deuce_seven", "deuce-to-seven", r.DEUCE_SEVEN_CLASSES),
    ("ace_five", "ace-to-five", r.ACE_FIVE_CLASSES),
]


def _eval_rows(ids: tuple[int, ...]) -> list[tuple[Ranking, str, int, int]]:
    """(ranking, label, rank, classes) for every ranking that takes this many cards."""
    ranks = [r.badugi_rank(ids), r.badugi_rank(ids, ace_high=True)]
    if len(ids) == 5:
        ranks += [r.deuce_seven_rank(ids), r.ace_five_rank(ids)]
    return [(key, label, rank, classes) for (key, label, classes), rank in zip(_EVAL_RANKINGS, ranks)]


def _cmd_eval(args: argparse.Namespace) -> int:
    results = []
    for text in args.hands:
        ids = parse_cards(text)
        if len(ids) not in (4, 5):
            raise ValueError(f"a hand has 4 or 5 cards, got {len(ids)} in {text!r}")
        results.append((ids, _eval_rows(ids)))
    if args.json:
        out = [
            {"hand": format_cards(ids), **{key: {"rank": rank, "name": hand_name(rank, key)} for key, _, rank, _ in rows}}
            for ids, rows in results
        ]
        print(json.dumps(out if len(out) > 1 else out[0], indent=2))
        return 0
    for n, (ids, rows) in enumerate(results):
        if n:
            print()
        print(format_cards(ids))
        for key, label, rank, classes in rows:
            print(f"  {label:<18} {rank:>5} of {classes:<5} {hand_name(rank, key)}")
    print("(rank 1 is the best hand of each ranking)")
    return 0


def _side_pot(text: str) -> tuple[int, list[int]]:
    """AMOUNT:SEAT,SEAT,... as given to --side-pot."""
    amount, sep, seats = text.partition(":")
    try:
        if not sep or not seats:
            raise ValueError
        return int(amount), [int(s) for s in seats.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected AMOUNT:SEAT,SEAT,... (e.g. 40:0,2), got {text!r}") from None


def _cmd_showdown(args: argparse.Namespace) -> int:
    hands = [None if h.lower() in ("-", "fold", "folded") else h for h in args.hands]
    pots: list[int | tuple[int, list[int]]] = [args.pot, *args.side_pot]
    result = showdown(hands, pots if args.side_pot else args.pot, game=args.game)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result)
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

    p_show = sub.add_parser(
        "showdown",
        help="settle a showdown",
        description="Settle a showdown: winners of each half with their hands, and chips per seat. "
        "Hands are given in seat order from the first seat left of the button; '-' marks a folded seat.",
    )
    p_show.add_argument("hands", nargs="+", metavar="HAND", help="a seat's cards, or - for a folded seat")
    p_show.add_argument("--game", default="badeucey", choices=list(GAMES), help="the game (default: badeucey)")
    p_show.add_argument("--pot", type=int, default=100, help="chips in the (main) pot (default: 100)")
    p_show.add_argument(
        "--side-pot",
        type=_side_pot,
        action="append",
        default=[],
        metavar="AMOUNT:SEATS",
        help="a side pot and the seats eligible for it, e.g. 40:0,2 (repeatable)",
    )
    p_show.add_argument("--json", action="store_true", help="print JSON")
    p_show.set_defaults(run=_cmd_showdown)

    from badeucey_fast import bench  # numpy and the peers load only for the CLI

    bench.add_parser(sub)
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
