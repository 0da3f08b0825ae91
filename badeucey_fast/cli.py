"""The ``badeucey`` command line."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from badeucey_fast import _rankings as r
from badeucey_fast._boundary import DECK_SIZE, RANKINGS, Ranking
from badeucey_fast._cards import format_cards, parse_cards
from badeucey_fast.games import GAMES
from badeucey_fast.names import hand_name
from badeucey_fast.showdown import showdown

EXIT_USAGE = 2  # argparse's code for a user mistake; ours too
EXIT_BROKEN_PIPE = 141  # what a shell reports for a process ended by SIGPIPE (128 + 13)


_EVAL_SIZES = RANKINGS["badugi_low"].sizes  # eval takes any hand some ranking takes


def _eval_rows(ids: tuple[int, ...]) -> list[tuple[Ranking, str, int, int]]:
    """(ranking, label, rank, classes) for every ranking that takes this many cards."""
    ranks = [r.badugi_rank(ids), r.badugi_rank(ids, ace_high=True)]
    if len(ids) in RANKINGS["deuce_seven"].sizes:
        ranks += [r.deuce_seven_rank(ids), r.ace_five_rank(ids)]
    return [(info.name, info.long, rank, info.scale) for info, rank in zip(RANKINGS.values(), ranks)]


def _cmd_eval(args: argparse.Namespace) -> int:
    results = []
    for text in args.hands:
        ids = parse_cards(text)
        if len(ids) not in _EVAL_SIZES:
            raise ValueError(f"a hand has {' or '.join(map(str, _EVAL_SIZES))} cards, got {len(ids)} in {text!r}")
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


class ProgressBar:
    """A progress bar on stderr for runs that take more than a second or so.

    It stays silent for the first ``delay`` seconds, and altogether when the
    stream is not a terminal unless ``force`` is set."""

    WIDTH = 30

    def __init__(self, stream: TextIO, *, force: bool = False, delay: float = 1.0, label: str = "") -> None:
        self.stream = stream
        self.enabled = force or stream.isatty()
        self.delay = delay
        self.label = label
        self.start = time.monotonic()
        self.shown = False

    def __call__(self, fraction: float) -> None:
        if not self.enabled or time.monotonic() - self.start < self.delay:
            return
        filled = int(self.WIDTH * fraction)
        bar = "#" * filled + "." * (self.WIDTH - filled)
        self.stream.write(f"\r{self.label}[{bar}] {100 * fraction:5.1f}%")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the bar's line, if one was drawn."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def _cards_or_none(text: str) -> str:
    return "" if text.strip().lower() in ("-", "none", "") else text


def _add_run_options(p: argparse.ArgumentParser) -> None:
    """Options shared by draw and equity."""
    p.add_argument("--game", default="badeucey", choices=list(GAMES), help="the game (default: badeucey)")
    p.add_argument("--dead", default="", metavar="CARDS", help="cards known to be out of play")
    p.add_argument("--target", default=None, metavar="SPEC",
                   help="what to draw to / stand pat on, e.g. badugi, low:8, badugi+low:9, badugi:K")
    p.add_argument("--samples", type=int, default=None, metavar="N", help="sample N outcomes instead of enumerating")
    p.add_argument("--seed", type=int, default=None, help="seed for sampling (default: random, printed)")
    p.add_argument("--max-exact", type=int, default=None, metavar="N",
                   help="enumerate exactly up to N outcomes, else sample (default: 5,000,000)")
    p.add_argument("--progress", action="store_true", help="show a progress bar even when stderr is not a terminal")
    p.add_argument("--json", action="store_true", help="print JSON")


def _run_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    from badeucey_fast.draws import MAX_EXACT

    return {
        "game": args.game,
        "dead": args.dead,
        "target": args.target,
        "samples": args.samples,
        "seed": args.seed,
        "max_exact": MAX_EXACT if args.max_exact is None else args.max_exact,
    }


def _percent(p: float) -> str:
    return f"{100 * p:6.2f}%"


def _cmd_draw(args: argparse.Namespace) -> int:
    from badeucey_fast.draws import best_discards, draw_outcomes

    bar = ProgressBar(sys.stderr, force=args.progress)
    try:
        if args.discard is not None:
            out = draw_outcomes(args.hand, _cards_or_none(args.discard), draws=args.draws, progress=bar,
                                **_run_kwargs(args))
        else:
            options = best_discards(args.hand, draws=args.draws, objective=args.objective, progress=bar,
                                    **_run_kwargs(args))
    finally:
        bar.close()
    if args.discard is not None:
        if args.json:
            print(json.dumps(out.to_dict(), indent=2))
            return 0
        how = "exact" if out.exact else f"sampled: {out.total:,} samples, seed {out.seed}"
        unseen = DECK_SIZE - len(out.hand) - len(out.dead)
        throw = f"throws {format_cards(out.discard)}" if out.discard else "stands pat"
        print(f"{out.game.name}: {format_cards(out.hand)} {throw}; {out.draws} draw(s) from {unseen} unseen cards")
        print(f"{out.total:,} equally likely outcomes ({how})")
        if out.target is not None:
            print(f"target: {out.target.describe(out.game)}")
        for label, p in out.summary().items():
            error = "" if out.exact else f" ±{100 * out.stderr(p):.2f}"
            print(f"  {label:<28} {_percent(p)}{error}")
        for half in out.game.halves:
            print(f"  mean {out.game.label(half)} rank{'':<17} {out.mean_rank(half):8.1f}")
        return 0
    top = options[: args.top]
    if args.json:
        print(json.dumps([o.to_dict() for o in top], indent=2))
        return 0
    game = options[0].outcomes.game
    heads = ["#", "throw", "keep"] + (["P(target)"] if options[0].probability is not None else [])
    heads += [f"mean {game.label(h)}" for h in game.halves]
    rows = []
    for i, o in enumerate(top, start=1):
        row = [str(i), format_cards(o.discard) or "(pat)", format_cards(o.keep) or "-"]
        if o.probability is not None:
            row.append(_percent(o.probability).strip())
        row += [f"{o.mean_rank[h]:.1f}" for h in game.halves]
        rows.append(row)
    widths = [max(len(line[i]) for line in [heads, *rows]) for i in range(len(heads))]
    first = options[0].outcomes
    how = "exact" if first.exact else f"sampled, seed {first.seed}"
    target = f"; target {first.target.describe(game)}" if first.target is not None else ""
    print(f"{game.name}: best discards of {format_cards(first.hand)}, {first.draws} draw(s), {how}{target}")
    for line in [heads, *rows]:
        print("  ".join(c.ljust(w) if i < 3 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths))))
    print("(mean ranks: lower is better)")
    return 0


def _seat_discard(text: str) -> tuple[int, str]:
    """SEAT:CARDS as given to equity --discard."""
    seat, sep, cards = text.partition(":")
    try:
        if not sep:
            raise ValueError
        return int(seat), cards
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected SEAT:CARDS (e.g. 0:Ks or 1:QhJd), got {text!r}") from None


def _cmd_equity(args: argparse.Namespace) -> int:
    from badeucey_fast._equity import equity

    hands: list[str | None] = [None if h.strip().lower() in ("?", "random", "unknown") else h for h in args.hands]
    discards: list[str | None] = [None] * len(hands)
    for seat, cards in args.discard:
        if not 0 <= seat < len(hands):
            raise ValueError(f"--discard names seat {seat}; seats are 0..{len(hands) - 1}")
        discards[seat] = cards
    bar = ProgressBar(sys.stderr, force=args.progress)
    try:
        result = equity(hands, discards=discards, draws=args.draws, progress=bar,
                        **_run_kwargs(args))
    finally:
        bar.close()
    print(json.dumps(result.to_dict(), indent=2) if args.json else result)
    return 0


def _cmd_deal(args: argparse.Namespace) -> int:
    from badeucey_fast.engine import TableRules, describe, play_script

    rules = TableRules(args.game, structure=args.structure, burn=args.burn)
    script = [a for line in args.script for a in line.replace(";", ",").replace("\n", ",").split(",")]
    hand = play_script(rules, [args.stack] * args.seats, script, button=args.button, seed=args.seed)
    print(hand.to_phh() if args.phh else describe(hand), end="" if args.phh else "\n")
    return 0


def _cmd_chart(args: argparse.Namespace) -> int:
    """badeucey chart: a discard chart of every starting hand, on local processes or a Dask cluster."""
    from concurrent.futures import Executor
    from contextlib import AbstractContextManager

    from badeucey_fast import jobs

    hands = None
    if args.limit is not None:
        if args.limit < 1:
            raise ValueError(f"--limit must be at least 1, got {args.limit}")
        hands = jobs.canonical_hands(GAMES[args.game].hand_size)[: args.limit]
    show = args.progress or sys.stderr.isatty()
    shown = False
    last: list[jobs.JobProgress] = []

    def progress(p: jobs.JobProgress) -> None:
        nonlocal shown
        last[:] = [p]
        if show:
            bar = "#" * int(30 * p.fraction) + "." * (30 - int(30 * p.fraction))
            sys.stderr.write(f"\r[{bar}] {100 * p.fraction:5.1f}%  {p.describe()}  ")
            sys.stderr.flush()
            shown = True

    where: AbstractContextManager[Executor]
    where = jobs.dask_executor(args.scheduler) if args.scheduler else jobs.local_executor(args.workers)
    start = time.monotonic()
    try:
        with where as executor:
            chart = jobs.discard_chart(args.game, draws=args.draws, target=args.target, objective=args.objective,
                                       hands=hands, executor=executor, chunk_size=args.chunk_size, progress=progress,
                                       checkpoint=args.checkpoint, seed=args.seed)
    except KeyboardInterrupt:
        kept = f"; finished chunks are kept in {args.checkpoint}: run the same command to resume" if args.checkpoint else ""
        print(f"\nbadeucey: interrupted{kept}", file=sys.stderr)
        return 130
    except ImportError as exc:  # dask_executor: the dask extra is not installed
        print(f"badeucey: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except jobs.JobError as exc:
        print(f"\nbadeucey: error: {exc}", file=sys.stderr)
        return 1
    finally:
        if shown:
            sys.stderr.write("\n")
    seconds = time.monotonic() - start
    chart.save(args.out)
    if args.csv:
        chart.to_csv(args.csv)
    runner = f"scheduler {args.scheduler}" if args.scheduler else f"{args.workers or os.cpu_count()} local worker(s)"
    how = "exact" if bool(chart.exact.all()) else f"sampled options, seed {chart.seed}"
    print(f"badeucey chart: {chart.game.name}, {chart.draws} draw(s), {len(chart):,} canonical hands x "
          f"{chart.score.shape[1]} options, {how}; {seconds:.1f} s on {runner}")
    if last and last[0].rate is not None:
        fresh = last[0].items_done - last[0].items_resumed
        print(f"{fresh:,} hands computed in this run, {last[0].rate:,.2f} hands/s "
              f"({1000 / last[0].rate:.1f} ms a hand of wall time); {last[0].items_resumed:,} from the checkpoint")
    print(f"wrote {args.out} ({os.path.getsize(args.out):,} bytes)" + (f" and {args.csv}" if args.csv else ""))
    return 0


def _cmd_match(args: argparse.Namespace) -> int:
    from concurrent.futures import ProcessPoolExecutor

    from badeucey_fast.bots import make_bot, play_match
    from badeucey_fast.engine import TableRules

    bots = [make_bot(name) for name in args.bots.split(",")]
    rules = TableRules(args.game, structure=args.structure)
    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers must be at least 1, got {args.workers}")
    bar = ProgressBar(sys.stderr, force=args.progress)
    try:
        if args.workers and args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                result = play_match(bots, hands=args.hands, rules=rules, seed=args.seed, duplicate=not args.no_duplicate,
                                    executor=pool, progress=bar)
        else:
            result = play_match(bots, hands=args.hands, rules=rules, seed=args.seed, duplicate=not args.no_duplicate,
                                progress=bar)
    finally:
        bar.close()
    print(json.dumps(result.to_dict(), indent=2) if args.json else result)
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

    p_draw = sub.add_parser(
        "draw",
        help="draw odds of a hand, or its best discards",
        description="With --discard: everything the hand can end up with after throwing those cards. "
        "Without: every discard choice ranked, best first (by --objective).",
    )
    p_draw.add_argument("hand", metavar="HAND", help="the cards held")
    p_draw.add_argument("--discard", default=None, metavar="CARDS", help="cards to throw ('-' to stand pat)")
    p_draw.add_argument("--draws", type=int, default=1, help="draws left, 1..3 (default: 1)")
    p_draw.add_argument("--objective", default=None, choices=["target", "badugi", "low", "expected"],
                        help="how to rank discards (default: target if given, else expected rank)")
    p_draw.add_argument("--top", type=_at_least_one, default=10, metavar="N",
                        help="discard choices to list, 1 or more (default: 10)")
    _add_run_options(p_draw)
    p_draw.set_defaults(run=_cmd_draw)

    p_eq = sub.add_parser(
        "equity",
        help="each hand's chances to win each half",
        description="Win, tie and scoop probabilities per seat, exact or sampled. "
        "Hands in seat order; '?' for a hand whose cards are unknown.",
    )
    p_eq.add_argument("hands", nargs="+", metavar="HAND", help="a seat's cards, or ? for unknown cards")
    p_eq.add_argument("--discard", type=_seat_discard, action="append", default=[], metavar="SEAT:CARDS",
                      help="cards a seat throws in the first draw, e.g. 0:Ks (repeatable; needs --draws)")
    p_eq.add_argument("--draws", type=int, default=0, help="draws left, 0..3 (default: 0)")
    _add_run_options(p_eq)
    p_eq.set_defaults(run=_cmd_equity)

    p_deal = sub.add_parser(
        "deal",
        help="play one hand of triple draw",
        description="Play one hand: every seat checks or calls and stands pat, except where --script says "
        "otherwise. Players in scripts are PHH labels: p1 is left of the button, the button is last.",
    )
    p_deal.add_argument("--game", default="badeucey", help="badeucey, badacey, badugi, deuce_seven or ace_five")
    p_deal.add_argument("--seats", type=int, default=2, help="players at the table (default: 2)")
    p_deal.add_argument("--seed", type=int, default=None, help="makes the deal reproducible")
    p_deal.add_argument("--stack", type=int, default=100, help="every seat's starting stack (default: 100)")
    p_deal.add_argument("--button", type=int, default=0, help="the button's seat (default: 0)")
    p_deal.add_argument("--structure", default="fixed", choices=["fixed", "pot", "no"])
    p_deal.add_argument("--burn", action="store_true", help="burn a card before each draw")
    p_deal.add_argument("--script", action="append", default=[], metavar="ACTIONS",
                        help="PHH actions, comma-separated, e.g. 'p3 cbr 4, p1 f, p2 sd 7s Kd' (repeatable)")
    p_deal.add_argument("--phh", action="store_true", help="print the PHH hand history instead of the log")
    p_deal.set_defaults(run=_cmd_deal)
    p_chart = sub.add_parser(
        "chart",
        help="discard chart of every starting hand (big job: all local cores or a Dask cluster)",
        description="Score every discard option of every starting hand up to suit relabelling, exactly as "
        "'badeucey draw' does, on all local cores (default), --workers N processes, or a Dask cluster.",
    )
    p_chart.add_argument("--game", default="badeucey", choices=list(GAMES), help="the game (default: badeucey)")
    p_chart.add_argument("--draws", type=int, default=1, help="draws left, 1..3 (default: 1)")
    p_chart.add_argument("--target", default=None, metavar="SPEC", help="what to draw to, e.g. badugi+low:9")
    p_chart.add_argument("--objective", default=None, choices=["target", "badugi", "low", "expected"],
                         help="how to rank discards (default: target if given, else expected rank)")
    p_chart.add_argument("--out", required=True, metavar="FILE", help="write the chart here (.npz)")
    p_chart.add_argument("--csv", default=None, metavar="FILE", help="also write it as CSV (one line per option)")
    runner = p_chart.add_mutually_exclusive_group()
    runner.add_argument("--workers", type=int, default=None, metavar="N", help="local processes (default: all cores)")
    runner.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="run on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs the dask extra)")
    p_chart.add_argument("--checkpoint", default=None, metavar="FILE", help="keep finished chunks here; rerun to resume")
    p_chart.add_argument("--limit", type=int, default=None, metavar="N", help="only the first N canonical hands")
    p_chart.add_argument("--chunk-size", type=int, default=None, metavar="N", help="hands a task (default: by draws)")
    p_chart.add_argument("--seed", type=int, default=None, help="seed of sampled options (several draws; default 0)")
    p_chart.add_argument("--progress", action="store_true", help="show the progress bar even when stderr is not a terminal")
    p_chart.set_defaults(run=_cmd_chart)

    p_match = sub.add_parser(
        "match",
        help="play bots against each other",
        description="Play built-in bots against each other (duplicate by default: every deal replayed with the "
        "seats rotated) and print each bot's mbb/hand with its 95%% confidence interval.",
    )
    p_match.add_argument("--bots", default="drawing,random", help="comma-separated: drawing, random, calling "
                         "(default: drawing,random)")
    p_match.add_argument("--hands", type=int, default=10_000, help="hands to play (default: 10,000)")
    p_match.add_argument("--game", default="badeucey", choices=list(GAMES), help="the game (default: badeucey)")
    p_match.add_argument("--structure", default="fixed", choices=["fixed", "pot", "no"])
    p_match.add_argument("--seed", type=int, default=None, help="makes the match reproducible (default: random, printed)")
    p_match.add_argument("--no-duplicate", action="store_true", help="play each deal once")
    p_match.add_argument("--workers", type=int, default=None, metavar="N", help="run chunks in N processes")
    p_match.add_argument("--progress", action="store_true", help="show a progress bar even when stderr is not a terminal")
    p_match.add_argument("--json", action="store_true", help="print JSON")
    p_match.set_defaults(run=_cmd_match)

    p_play = sub.add_parser(
        "play",
        help="play at a table against built-in bots",
        description="Sit in seat 0 against built-in bots. Type f (fold), c (check/call), r (bet/raise; r N in pot "
        "or no limit), d CARDS (discard, e.g. d 7s Kd), p (stand pat), ? for help, q to quit.",
    )
    p_play.add_argument("--game", default="badeucey", choices=list(GAMES), help="the game (default: badeucey)")
    p_play.add_argument("--bots", default="drawing", help="comma-separated opponents: drawing, random, calling")
    p_play.add_argument("--hands", type=int, default=10, help="hands to play (default: 10)")
    p_play.add_argument("--seed", type=int, default=None, help="makes the deals reproducible")
    p_play.add_argument("--structure", default="fixed", choices=["fixed", "pot", "no"])
    p_play.add_argument("--stack", type=int, default=200, help="every seat's stack at the start of a hand (default: 200)")
    p_play.set_defaults(run=lambda a: __import__("badeucey_fast.play", fromlist=["run"]).run(
        a.game, a.bots, a.hands, a.seed, a.structure, a.stack, sys.stdin, sys.stdout))

    from badeucey_fast import (
        _bench,  # the bench command's options only: its harness loads when it runs
    )

    _bench.add_parser(sub)
    return parser


def _at_least_one(text: str) -> int:
    """An argparse type: a whole number, 1 or more (``--top -3`` is refused, not read
    as "all but the last three")."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:60]!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
        sys.stdout.flush()
    except (ValueError, TypeError) as exc:
        print(f"badeucey: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's final flush cannot fail again
        return EXIT_BROKEN_PIPE
    return code


if __name__ == "__main__":
    sys.exit(main())
