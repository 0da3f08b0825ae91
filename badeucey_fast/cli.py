"""The ``badeucey`` command line.

Start-up is part of the promise: ``badeucey eval`` and ``badeucey showdown``
import only what ``import badeucey_fast`` does (no numpy, no benchmark harness,
no ``importlib.metadata``: ``--version`` reads the version when asked); every
other command imports its own modules when it runs.

With ``--json`` every output is one JSON object whose ``"schema"`` names its
shape and version (``"badeucey-eval/1"``, ...), and an error is one JSON object
on stderr (``"schema": "badeucey-error/1"``) with the usual exit status.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn, TextIO, TypeVar, cast

from badeucey_fast import rankings as r
from badeucey_fast.best_badugi import badugi_cards
from badeucey_fast._native import DECK_SIZE, RANKINGS, Ranking
from badeucey_fast.cards import format_cards, parse_cards
from badeucey_fast.games import GAMES, Game
from badeucey_fast.names import hand_name
from badeucey_fast.showdown import showdown
from badeucey_fast.web.limits import Limits

EXIT_USAGE = 2  # argparse's code for a user mistake; ours too
EXIT_BROKEN_PIPE = 141  # what a shell reports for a process ended by SIGPIPE (128 + 13)
EXIT_INTERRUPTED = 130  # what a shell reports for a process ended by SIGINT (128 + 2)


_EVAL_SIZES = RANKINGS["badugi_low"].sizes  # eval takes any hand some ranking takes


SCHEMA_VERSION = 1
"""The version of every JSON shape the command line prints (``"badeucey-<command>/1"``)."""

STRUCTURES = ("fixed", "pot", "no")
"""The betting structures of ``--structure`` (:class:`~badeucey_fast.play.rules.TableRules`)."""

STRUCTURE_HELP = "betting: fixed (fixed limit), pot (pot limit) or no (no limit) (default: fixed)"

UNKNOWN_HAND_WORDS = ("?", "x", "random", "unknown")
"""Words that stand for a hand whose cards are unknown (``equity``).  ``?`` is a
shell glob (unquoted, in a folder holding a one-letter file name, the shell
replaces it by that name): write ``random`` or ``x``, or quote ``'?'``."""


def schema(command: str) -> str:
    """The ``"schema"`` of a command's JSON output, e.g. ``"badeucey-eval/1"``."""
    return f"badeucey-{command}/{SCHEMA_VERSION}"


def _print_json(command: str, data: dict[str, Any]) -> None:
    """One JSON object on stdout: ``{"schema": ..., **data}``."""
    print(json.dumps({"schema": schema(command), **data}, indent=2))


def _eval_rows(ids: tuple[int, ...]) -> list[tuple[Ranking, str, int | None, int]]:
    """(ranking, label, rank or None, classes) for every ranking (None: it does not take this many cards)."""
    ranks: list[int | None] = [r.badugi_rank(ids), r.badugi_rank(ids, ace_high=True)]
    five = len(ids) in RANKINGS["deuce_seven"].sizes
    ranks += [r.deuce_seven_rank(ids), r.ace_five_rank(ids)] if five else [None, None]
    return [(info.name, info.long, rank, info.scale) for info, rank in zip(RANKINGS.values(), ranks)]


def _eval_hands(args: argparse.Namespace) -> list[tuple[str, str]]:
    """(where, text) of every hand to rank: the arguments, ``-`` for standard input, and --file."""
    hands: list[tuple[str, str]] = []

    def lines(name: str, stream: TextIO) -> None:
        for n, line in enumerate(stream, start=1):
            text = line.split("#", 1)[0].strip()
            if text:
                hands.append((f"line {n} of {name}", text))

    for text in args.hands:
        if text == "-":
            lines("standard input", sys.stdin)
        else:
            hands.append(("", text))  # an argument: the message quotes it
    for path in args.file:
        try:
            with open(path, encoding="utf-8") as f:
                lines(path, f)
        except OSError as exc:
            raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not hands:
        raise ValueError("no hands: give HAND arguments, - to read standard input, or --file FILE")
    return hands


def _cmd_eval(args: argparse.Namespace) -> int:
    results = []
    for where, text in _eval_hands(args):
        try:
            ids = parse_cards(text)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}" if where else str(exc)) from None
        if len(ids) not in _EVAL_SIZES:
            raise ValueError(f"{where + ': ' if where else ''}a hand has {' or '.join(map(str, _EVAL_SIZES))} cards, got {len(ids)} in {text!r}")
        cards = {key: badugi_cards(ids, ace_high=key == "badugi_high") for key in ("badugi_low", "badugi_high")}
        results.append((ids, _eval_rows(ids), cards))
    if args.json:
        _print_json("eval", {"hands": [
            {
                "hand": format_cards(ids),
                **{
                    key: None if rank is None else {
                        "rank": rank,
                        "name": hand_name(rank, key),
                        **({"cards": format_cards(cards[key])} if key in cards else {}),
                    }
                    for key, _, rank, _ in rows
                },
            }
            for ids, rows, cards in results
        ]})
        return 0
    for n, (ids, rows, cards) in enumerate(results):
        if n:
            print()
        print(format_cards(ids))
        for key, label, rank, classes in rows:
            if rank is None:
                continue
            plays = f": {format_cards(cards[key])}" if key in cards else ""
            print(f"  {label:<18} {rank:>5} of {classes:<5} {hand_name(rank, key)}{plays}")
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
        _print_json("showdown", result.to_dict())
    else:
        print(result)
    return 0


class ProgressBar:
    """The one progress bar of the command line, on ``stream`` (stderr).

    It takes either a fraction done (``draw``, ``equity``: the ``progress``
    callback of :func:`~badeucey_fast.draws.draw_outcomes` and
    :func:`~badeucey_fast.equity`) or a :class:`~badeucey_fast.jobs.JobProgress`
    (``chart``, ``match``), whose chunks, items a second and time left follow the
    bar.  It stays silent for the first ``delay`` seconds, and altogether when the
    stream is not a terminal unless ``force`` is set; ``last`` keeps the last job
    report (empty for fractions)."""

    WIDTH = 30

    def __init__(self, stream: TextIO, *, force: bool = False, delay: float = 1.0, label: str = "") -> None:
        self.stream = stream
        self.enabled = force or stream.isatty()
        self.delay = delay
        self.label = label
        self.start = time.monotonic()
        self.shown = False
        self.last: list[Any] = []

    def __call__(self, progress: float | Any) -> None:  # Any: a jobs.JobProgress (imported when a job runs)
        if isinstance(progress, (int, float)):
            fraction, detail = float(progress), ""
        else:
            self.last[:] = [progress]
            fraction, detail = progress.fraction, f"  {progress.describe()}  "
        if not self.enabled or time.monotonic() - self.start < self.delay:
            return
        filled = int(self.WIDTH * fraction)
        bar = "#" * filled + "." * (self.WIDTH - filled)
        self.stream.write(f"\r{self.label}[{bar}] {100 * fraction:5.1f}%{detail}")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the bar's line, if one was drawn."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False


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
            _print_json("draw", out.to_dict())
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
    first = options[0].outcomes
    if args.json:
        _print_json("draw", {
            "game": first.game.name,
            "hand": format_cards(first.hand),
            "dead": format_cards(first.dead),
            "draws": first.draws,
            "target": None if first.target is None else first.target.describe(first.game),
            "objective": args.objective or ("target" if first.target is not None else "expected"),
            "exact": all(o.outcomes.exact for o in top),
            "seed": first.seed,
            "options": [o.to_dict() for o in top],
        })
        return 0
    game = first.game
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
    from badeucey_fast.pot_equity import equity

    hands = [_equity_seat(h, args.opponent_draws) for h in args.hands]
    if args.opponent_draws is not None and all(h is not None and not h.startswith("?") for h in hands):
        raise ValueError("--opponent-draws needs an unknown seat (random, x or unknown as a HAND)")
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
    if args.json:
        _print_json("equity", result.to_dict())
    else:
        print(result)
        for note in _equity_pat_notes(result.hands, result.discards, result.draws, result.unknown_draws):
            print(note)
    return 0


def _equity_seat(word: str, opponent_draws: str | None) -> str | None:
    """A HAND of equity: cards as given; an unknown seat (UNKNOWN_HAND_WORDS,
    optionally with :COUNTS) as the API's ``"?COUNTS"`` text, taking
    --opponent-draws when it names no counts; None when it stands pat."""
    text = word.strip()
    if text.startswith("?"):  # the API's own text: '?', '?1', '?2,1,0'
        name, counts, given = "?", text[1:], bool(text[1:].strip())
    else:
        name, sep, counts = text.partition(":")
        given = bool(sep)
    if name.strip().lower() not in UNKNOWN_HAND_WORDS:
        return word
    if not given:
        counts = opponent_draws or ""
    return "?" + counts if counts.strip() else None


def _equity_pat_notes(
    hands: Sequence[object], discards: Sequence[Sequence[int]], draws: int,
    unknown_draws: Sequence[Sequence[int] | None],
) -> list[str]:
    """One line per seat that stands pat through every draw, saying why (an
    unknown hand draws only with --opponent-draws or RANDOM:COUNTS, a known
    one only with --discard), and one per unknown seat that draws, saying how."""
    if draws == 0:
        return []
    every = "the draw" if draws == 1 else f"all {draws} draws"
    notes = []
    for seat, (hand, thrown, counts) in enumerate(zip(hands, discards, unknown_draws)):
        if hand is None and counts and any(counts):
            cards = ", ".join(f"{k}" for k in counts)
            each = f"{counts[0]} card{'s' if counts[0] != 1 else ''} in {'the draw' if draws == 1 else 'each draw'}" \
                if len(set(counts)) == 1 else f"{cards} cards in draws 1..{draws}"
            notes.append(
                f"seat {seat} (unknown cards) is dealt at random and throws and draws {each}: first the cards "
                "outside its best badugi, then cards that pair another, then its highest cards"
            )
        elif hand is None:
            notes.append(f"seat {seat} (unknown cards) is dealt at random and stands pat in {every}")
        elif not thrown:
            notes.append(f"seat {seat} stands pat in {every} (--discard {seat}:CARDS makes it draw)")
    return notes


def _cmd_deal(args: argparse.Namespace) -> int:
    from badeucey_fast.play import TableRules, describe, play_script

    if args.bots is not None:
        return _deal_bots(args)
    rules = TableRules(args.game or "badeucey", structure=args.structure, burn=args.burn)
    script = [a for line in args.script for a in line.replace(";", ",").replace("\n", ",").split(",")]
    hand = play_script(rules, [args.stack] * (args.seats or 2), script, button=args.button, seed=args.seed)
    print(hand.to_phh() if args.phh else describe(hand), end="" if args.phh else "\n")
    return 0


def _cmd_import(args: argparse.Namespace) -> int:
    import pathlib

    from badeucey_fast.histories import import_histories

    imported = import_histories(args.files)
    if args.phh_out is not None:
        folder = pathlib.Path(args.phh_out)
        folder.mkdir(parents=True, exist_ok=True)
        for hand in imported.hands:
            site = "".join(ch for ch in hand.site.lower() if ch.isalnum())
            (folder / f"{site}-{hand.id}.phh").write_text(hand.phh, encoding="utf-8")
    if args.json:
        print(json.dumps([hand.to_dict() for hand in imported.hands], indent=2))
    else:
        for hand in imported.hands:
            note = f"  (not replayable here: {hand.replay_error})" if hand.replay_error else ""
            print(f"{hand.site} {hand.id}  {hand.game}  table {hand.table!r}  {len(hand.players)} players  "
                  f"rake {hand.rake}{note}")
        count = len(imported.hands)
        print(f"{count} hand{'' if count == 1 else 's'} imported, {len(imported.errors)} could not be read")
    if args.json and imported.errors:
        print(json.dumps({"errors": [error.to_dict() for error in imported.errors]}), file=sys.stderr)
    elif imported.errors:
        for error in imported.errors:
            print(f"badeucey import: hand {error.id}: {error.reason}", file=sys.stderr)
    return 1 if imported.errors else 0


def _deal_bots(args: argparse.Namespace) -> int:
    """badeucey deal --bots A,B: one hand played by built-in bots, printed as the log (or PHH)."""
    from badeucey_fast.play import describe
    from badeucey_fast.play.bots import make_bot
    from badeucey_fast.play.matches import play_one_hand
    from badeucey_fast.play.rules import TableRules

    names = [name.strip().lower() for name in args.bots.split(",")]
    if args.script:
        raise ValueError("--script and --bots both say who plays: give one of them")
    if args.seats is not None and args.seats != len(names):
        raise ValueError(f"--seats {args.seats} but --bots names {len(names)} bots: the bots take a seat each")
    if "cfr" in names or "search" in names:
        args.strategy, args.cap = None, None
        rules, bots = _cfr_match(args, names)
    else:
        bots = [make_bot(name) for name in names]
        rules = TableRules(args.game or "badeucey", structure=args.structure, burn=args.burn)
    if not 0 <= args.button < len(bots):
        raise ValueError(f"--button {args.button}: seats are 0..{len(bots) - 1}")
    hand = play_one_hand(bots, rules, [args.stack] * len(bots), button=args.button, seed=args.seed)
    from badeucey_fast.play.matches import unique_names

    players = list(unique_names(names))
    if args.phh:
        print(hand.to_phh(players), end="")
    else:
        print(f"seats: {', '.join(f'{s} {p}' for s, p in enumerate(players))}")
        print(describe(hand))
    return 0


def _cmd_review(args: argparse.Namespace) -> int:
    """badeucey review: the hero's decisions in PHH histories, judged against the strongest model available."""
    from badeucey_fast.review import review

    if args.samples < 1:
        raise ValueError(f"--samples must be at least 1, got {args.samples}")
    _check_outputs([("--html", args.html)])
    report = review(args.files, args.hero, samples=args.samples, seed=args.seed)
    if not report.hands:
        why = "; ".join(f"{name}: {reason}" for name, reason in report.skipped[:3]) or "no hands in the files"
        raise ValueError(f"no hand of {args.hero} to review ({why})")
    if args.html is not None:
        from badeucey_fast._review_html import review_html

        with open(args.html, "w", encoding="utf-8") as f:
            f.write(review_html(report))
    if args.json:
        data = report.to_dict()
        data.pop("schema")
        _print_json("review", data)
    else:
        print(report)
        if args.html is not None:
            print(f"wrote {args.html}")
    return 0


def _job_executor(args: argparse.Namespace) -> Any:
    """The executor of --workers N / --scheduler ADDRESS, as a context manager."""
    from badeucey_fast import jobs

    if args.scheduler:
        return jobs.dask_executor(args.scheduler)
    return jobs.local_executor(args.workers)


def _check_outputs(paths: Sequence[tuple[str, str | None]]) -> None:
    """Check every output path of a job before any work starts: each must be a
    file (or nothing yet) in a folder that exists and takes a new file, and no
    two options may name the same file.

    :raises ValueError: naming the option and what is wrong.
    """
    from badeucey_fast._storage import check_output_path

    seen: dict[str, str] = {}
    for option, path in paths:
        if path is None:
            continue
        check_output_path(path, option)
        key = os.path.normcase(os.path.abspath(path))
        if key in seen:
            raise ValueError(f"{seen[key]} and {option} name the same file {path}")
        seen[key] = option


def _check_scheduler(args: argparse.Namespace) -> None:
    """--scheduler needs dask.distributed: say so before any work starts."""
    import importlib.util

    from badeucey_fast._dask import DASK_MISSING

    if not args.scheduler:
        return
    try:
        missing = importlib.util.find_spec("distributed") is None
    except (ImportError, ValueError):  # a module without a spec: let importing it tell
        missing = False
    if missing:
        raise ValueError(DASK_MISSING)


MAX_MATCH_HANDS = 10**10
"""The most hands ``badeucey match`` plays: beyond this a match would run for
years even on a cluster, so a larger number is taken for a mistyped one and
refused before anything is set up."""


@contextmanager
def _checkpoint_failures() -> Iterator[list[Any]]:
    """The jobs.CheckpointWarning of the job run in the block, kept instead of
    shown: the command writes or prints its result first, then says in one line
    which checkpoint could not be written (:func:`_checkpoint_error`)."""
    from badeucey_fast.jobs import CheckpointWarning

    failures: list[Any] = []
    show = warnings.showwarning

    def keep(message: Warning | str, category: type[Warning], filename: str, lineno: int, file: TextIO | None = None,
             line: str | None = None) -> None:
        if isinstance(message, CheckpointWarning):
            failures.append(message)
        else:
            show(message, category, filename, lineno, file, line)

    with warnings.catch_warnings():
        warnings.simplefilter("always", CheckpointWarning)
        warnings.showwarning = keep
        yield failures


def _checkpoint_text(failure: Any) -> str:
    return f"cannot write --checkpoint {failure.path}: {failure.reason}"


def _checkpoint_error(failures: list[Any]) -> int:
    """The one line of a job whose result is whole but whose checkpoint could not be written."""
    print(f"badeucey: error: {_checkpoint_text(failures[-1])}; the result is whole all the same", file=sys.stderr)
    return EXIT_USAGE


def _interrupted(exc: Any, failures: list[Any] | None = None) -> str:
    """The one line of an interrupted job (a jobs.JobInterrupted): chunks kept, and how to resume."""
    done, total = f"{exc.chunks_done:,} of {exc.chunks_total:,} chunks", f"{exc.chunks_total:,} chunks"
    if exc.checkpoint is None and failures:
        return f"interrupted; {done} had finished, none kept: {_checkpoint_text(failures[-1])}"
    if exc.checkpoint is None:
        return f"interrupted; {done} had finished, none kept: add --checkpoint FILE to keep finished chunks"
    if not exc.chunks_done:
        return f"interrupted before any of {total} finished; nothing kept in {exc.checkpoint}"
    return f"interrupted; {done} kept in {exc.checkpoint}: run the same command to resume"


def _interrupted_after_job(checkpoint: str | None) -> int:
    """Ctrl-C once every chunk of a job had finished, before its output was written:
    one line saying so (the checkpoint, if any, holds every chunk), the status of SIGINT."""
    kept = (f"; every chunk is kept in {checkpoint}: run the same command to write it" if checkpoint
            else ": add --checkpoint FILE to keep finished chunks")
    print(f"badeucey: interrupted after the job's last chunk, before all its output was written{kept}", file=sys.stderr)
    return EXIT_INTERRUPTED


def _cmd_chart(args: argparse.Namespace) -> int:
    """badeucey chart: a discard chart of every starting hand, on local processes or a Dask cluster."""
    if args.limit is not None and args.limit < 1:
        raise ValueError(f"--limit must be at least 1, got {args.limit}")
    from badeucey_fast._chart import chart_settings

    chart_settings(args.game, args.draws, args.target, args.objective, args.seed, args.chunk_size)
    if args.workers is not None and args.workers < 1:
        raise ValueError(f"workers must be at least 1, got {args.workers}")
    _check_outputs([("--out", args.out), ("--csv", args.csv), ("--checkpoint", args.checkpoint)])
    _check_scheduler(args)
    from badeucey_fast import jobs

    hands = None
    if args.limit is not None:
        hands = jobs.canonical_hands(GAMES[args.game].hand_size)[: args.limit]
    progress = ProgressBar(sys.stderr, force=args.progress, delay=0)
    last = progress.last
    start = time.monotonic()
    try:
        with _checkpoint_failures() as failures, _job_executor(args) as executor:
            chart = jobs.discard_chart(args.game, draws=args.draws, target=args.target, objective=args.objective,
                                       hands=hands, executor=executor, chunk_size=args.chunk_size, progress=progress,
                                       checkpoint=args.checkpoint, seed=args.seed)
    except jobs.JobInterrupted as exc:
        progress.close()
        print(f"badeucey: {_interrupted(exc, failures)}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except KeyboardInterrupt:  # not within the job's chunks: before the first, or after the last
        progress.close()
        if not (last and last[0].chunks_done == last[0].chunks_total):
            raise
        return _interrupted_after_job(args.checkpoint)
    except ImportError as exc:  # dask_executor: the dask extra is not installed
        print(f"badeucey: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except jobs.JobError as exc:
        print(f"\nbadeucey: error: {exc}", file=sys.stderr)
        return 1
    finally:
        progress.close()
    seconds = time.monotonic() - start
    for option, path, write in [("--out", args.out, chart.save), ("--csv", args.csv, chart.to_csv)]:
        if path is None:
            continue
        try:
            write(path)
        except KeyboardInterrupt:  # (a file is written whole or not at all)
            return _interrupted_after_job(args.checkpoint)
        except OSError as exc:  # a full device, a folder removed during the job, ...
            kept = f"; the finished chunks are kept in {args.checkpoint}: fix it and run again" if args.checkpoint else ""
            print(f"badeucey: error: cannot write {option} {path}: {exc.strerror or exc}{kept}", file=sys.stderr)
            return EXIT_USAGE
    runner = f"scheduler {args.scheduler}" if args.scheduler else f"{args.workers or os.cpu_count()} local worker(s)"
    how = "exact" if bool(chart.exact.all()) else f"sampled options, seed {chart.seed}"
    print(f"badeucey chart: {chart.game.name}, {chart.draws} draw(s), {len(chart):,} canonical hands x "
          f"{chart.score.shape[1]} options, {how}; {seconds:.1f} s on {runner}")
    if last and last[0].rate is not None:
        fresh = last[0].items_done - last[0].items_resumed
        print(f"{fresh:,} hands computed in this run, {last[0].rate:,.2f} hands/s "
              f"({1000 / last[0].rate:.1f} ms a hand of wall time); {last[0].items_resumed:,} from the checkpoint")
    elif last and last[0].items_resumed and last[0].items_done == last[0].items_resumed:
        print(f"all {last[0].items_resumed:,} hands from the checkpoint")
    print(f"wrote {args.out} ({os.path.getsize(args.out):,} bytes)" + (f" and {args.csv}" if args.csv else ""))
    if args.checkpoint and os.path.isfile(args.checkpoint):  # kept, not removed: it may be wanted again
        print(f"the checkpoint {args.checkpoint} ({os.path.getsize(args.checkpoint):,} bytes) is left: the same "
              "command writes the chart from it again; remove it once the chart is all you need")
    return _checkpoint_error(failures) if failures else 0


def _cmd_match(args: argparse.Namespace) -> int:
    """badeucey match: bots against each other, on local processes or a Dask cluster."""
    if args.hands > MAX_MATCH_HANDS:
        raise ValueError(f"--hands {args.hands:,} is more than a match can play (at most {MAX_MATCH_HANDS:,})")
    _check_scheduler(args)
    _check_outputs([("--checkpoint", args.checkpoint)])
    from badeucey_fast import jobs
    from badeucey_fast.play.bots import make_bot
    from badeucey_fast.play.matches import play_match
    from badeucey_fast.play.rules import TableRules

    names = [name.strip().lower() for name in args.bots.split(",")]
    if args.cap is not None and args.cap < 1:
        raise ValueError(f"--cap must be at least 1, got {args.cap}")
    if "cfr" in names or "search" in names:
        rules, bots = _cfr_match(args, names)
    else:
        if args.strategy is not None:
            raise ValueError("--strategy is the cfr bot's strategy: add cfr to --bots")
        bots = [make_bot(name) for name in names]
        rules = TableRules(args.game or "badeucey", structure=args.structure, heads_up_cap=args.cap)
    note = _rounded_hands_note(args.hands, len(bots), duplicate=not args.no_duplicate)
    if note:
        print(f"badeucey match: {note}", file=sys.stderr)
    bar = ProgressBar(sys.stderr, force=args.progress, delay=0)
    try:
        with _checkpoint_failures() as failures, _job_executor(args) as executor:
            result = play_match(bots, hands=args.hands, rules=rules, seed=args.seed, duplicate=not args.no_duplicate,
                                executor=executor, progress=bar, checkpoint=args.checkpoint, keep_deals=False,
                                engine=args.engine, phh_out=args.phh_out, phh_players=names)
    except jobs.JobInterrupted as exc:
        bar.close()
        print(f"badeucey: {_interrupted(exc, failures)}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except ImportError as exc:  # dask_executor: the dask extra is not installed
        print(f"badeucey: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except jobs.JobError as exc:
        print(f"\nbadeucey: error: {exc}", file=sys.stderr)
        return 1
    finally:
        bar.close()
    _print_json("match", result.to_dict()) if args.json else print(result)
    return _checkpoint_error(failures) if failures else 0


def _cfr_match(args: argparse.Namespace, names: list[str]) -> tuple[Any, list[Any]]:
    """The rules and bots of a match with the cfr bot: heads-up, under the
    rules its strategy was trained for (the file's, or the one shipped): its
    game when --game is left out."""
    from badeucey_fast.play.bots import CFRBot, SearchBot, make_bot
    from badeucey_fast.solve import Strategy, default_strategy

    if len(names) != 2:
        raise ValueError(f"the cfr bot plays heads-up: two bots, not {','.join(names)}")
    shipped = args.game or "badeucey"
    trained = default_strategy(shipped) if args.strategy is None else Strategy.load(args.strategy)
    rules = trained.rules
    where = f"the shipped {shipped} strategy" if args.strategy is None else f"the strategy {args.strategy}"
    if not rules.is_full_game:
        raise ValueError(f"{where} is of a smaller game (--mini): a match plays the full game")
    trained_game = cast(Game, rules.game).name
    if args.game is not None and args.game != trained_game:
        raise ValueError(f"--game {args.game}: {where} plays {trained_game}: leave out --game, or give --game "
                         f"{trained_game}")
    if args.structure != rules.structure:
        raise ValueError(f"--structure {args.structure}: {where} plays {rules.structure} limit")
    if args.cap is not None and args.cap != rules.heads_up_cap:
        raise ValueError(f"--cap {args.cap}: {where} plays a heads-up round capped at {rules.heads_up_cap} bets")
    def cfr() -> CFRBot:
        return CFRBot(game=shipped) if args.strategy is None else CFRBot(trained)  # the shipped one is read once

    def search() -> SearchBot:
        return SearchBot(game=shipped) if args.strategy is None else SearchBot(trained)

    return rules, [cfr() if name == "cfr" else search() if name == "search" else make_bot(name) for name in names]


def _cmd_serve(args: argparse.Namespace) -> int:
    """badeucey serve: the pages and the arena under uvicorn."""
    try:
        from badeucey_fast.web.serve import serve
    except ImportError as exc:  # starlette or uvicorn missing
        print(f"badeucey: error: badeucey serve needs the web extra ({exc.name} is missing): "
              'pip install "badeucey-fast[web]"', file=sys.stderr)
        return EXIT_USAGE
    limits = Limits(max_connections=args.max_connections, max_matches_per_client=args.max_matches,
                    max_hands=args.max_hands, decision_timeout=args.timeout)
    return serve(host=args.host, port=args.port, allow_remote=args.allow_remote, tokens_file=args.tokens,
                 data_dir=args.data, limits=limits, phh_folder=args.phh)


MINI_STACK = 20
"""Each seat's chips in ``badeucey train --mini`` by default: the mini game's
:class:`~badeucey_fast.solve.TableGame` and OpenSpiel game default, so that a
trained strategy is a policy of those games as they are."""


def _train_rules(args: argparse.Namespace) -> Any:
    from badeucey_fast.play.rules import TableRules
    from badeucey_fast.solve import heads_up_rules

    if args.mini:
        return TableRules.mini(args.game)
    return heads_up_rules(args.game)


def _reach_grids(text: str) -> tuple[list[int], list[int | None]]:
    """--reach-buckets: four grids, each ``K`` buckets (the default splits) or
    ``BxS``, B value bands of S balance splits; the buckets and splits."""
    counts: list[int] = []
    splits: list[int | None] = []
    try:
        for word in text.split(","):
            bands, _, parts = word.strip().partition("x")
            counts.append(int(bands) * (int(parts) if parts else 1))
            splits.append(int(parts) if parts else None)
    except ValueError:
        counts = []
    if len(counts) != 4:
        raise ValueError(f"--reach-buckets takes four grids (0..3 draws left) such as 12x4,8x4,8x4,8x4 or "
                         f"48,32,32,32, got {text!r}")
    return counts, splits


def _cmd_train(args: argparse.Namespace) -> int:
    """badeucey train: a heads-up fixed-limit strategy by Monte Carlo CFR, written to a file."""
    if args.iterations is not None and args.iterations < 1:
        raise ValueError(f"--iterations must be at least 1, got {args.iterations}")
    if args.minutes is not None and not args.minutes > 0:
        raise ValueError(f"--minutes must be more than 0, got {args.minutes}")
    if args.buckets is not None and args.buckets < 1:
        raise ValueError(f"--buckets must be at least 1, got {args.buckets}")
    if args.stack is not None and args.stack < 1:
        raise ValueError(f"--stack must be at least 1, got {args.stack}")
    if args.exact and not args.mini:
        raise ValueError("--exact keys every hand and history exactly, which only a small game fits: add --mini, "
                         "or give --buckets K")
    if args.chunks < 1 or args.chunk_iterations < 1:
        raise ValueError(f"--chunks and --chunk-iterations must be at least 1, got {args.chunks} and "
                         f"{args.chunk_iterations}")
    if args.chunks == 1 and (args.workers is not None or args.scheduler):
        raise ValueError("--workers and --scheduler run chunks: add --chunks K (K > 1)")
    _check_scheduler(args)
    _check_outputs([("--out", args.out), ("--checkpoint", args.checkpoint)])
    from badeucey_fast.jobs import JobError
    from badeucey_fast.solve import TrainingInterrupted, deep_stacks, train

    rules = _train_rules(args)
    exact = args.exact or (args.mini and args.buckets is None and args.reach_buckets is None)
    abstraction: Any = None
    if args.history is None:
        args.history = "round_own" if args.reach_buckets is not None else "round"
    if args.reach_buckets is not None:
        from badeucey_fast.solve import SolverAbstraction

        counts, splits = _reach_grids(args.reach_buckets)
        abstraction = SolverAbstraction.reach_buckets(rules.game, counts, splits=splits, history=args.history)
    elif not exact:
        from badeucey_fast.solve import SolverAbstraction

        abstraction = SolverAbstraction.card_buckets(rules.game, 64 if args.buckets is None else args.buckets,
                                                     history=args.history)
    stack = args.stack if args.stack is not None else MINI_STACK if args.mini else deep_stacks(rules)
    # A time budget is a training of "as many iterations as fit": far more than fit,
    # stopped by the clock between two slices (the finished iterations are whole).
    total = args.iterations if args.iterations is not None else 1 << 62
    bar = ProgressBar(sys.stderr, force=args.progress, delay=0)
    start = time.monotonic()
    deadline = None if args.minutes is None else start + 60 * args.minutes
    out_of_time = []
    from badeucey_fast.jobs import JobProgress

    first: list[tuple[int, float]] = []  # the first report's iterations and time: the rate counts from there

    def progress(done: int, iterations: int) -> None:
        # The bar of chart and match (a JobProgress of no chunks): the rate of this
        # run's iterations, and the time left to the total or to the time budget.
        now = time.monotonic()
        if not first:
            first.append((done, now))
        base, since = first[0]
        if deadline is None:
            bar(JobProgress(0, 0, done, iterations, base, now - since, "iterations"))
            return
        rate = (done - base) / (now - since) if done > base and now > since else 0.0
        if rate:  # the iterations the budget will hold at this rate
            bar(JobProgress(0, 0, done, done + round(rate * max(0.0, deadline - now)), base, now - since,
                            "iterations"))
        else:
            bar(min(1.0, (now - start) / (deadline - start)))
        if now >= deadline:
            out_of_time.append(done)
            raise KeyboardInterrupt  # train stops as on Ctrl-C, keeping the finished iterations

    try:
        with (_checkpoint_failures() as failures,
              _job_executor(args) if args.chunks > 1 else contextlib.nullcontext() as executor):
            strategy = train(rules, total, seed=args.seed, abstraction=abstraction, stacks=(stack, stack),
                             variant=args.variant, checkpoint=args.checkpoint, progress=progress,
                             chunks=args.chunks, chunk_iterations=args.chunk_iterations, executor=executor)
    except TrainingInterrupted as exc:
        bar.close()
        if not out_of_time:
            where = (f"kept in {args.checkpoint}: run the same command to resume" if exc.checkpoint is not None
                     else f"none kept: {_checkpoint_text(failures[-1])}" if failures
                     else "none kept: add --checkpoint FILE to keep them")
            print(f"badeucey: interrupted after {exc.iterations:,} iterations; {where}", file=sys.stderr)
            return EXIT_INTERRUPTED
        strategy = exc.strategy
    except JobError as exc:
        print(f"\nbadeucey: error: {exc}", file=sys.stderr)
        return 1
    finally:
        bar.close()
    seconds = time.monotonic() - start
    if args.compact:
        strategy = strategy.compacted()
    try:
        strategy.save(args.out)
    except OSError as exc:
        kept = f"; the iterations are kept in {args.checkpoint}: fix it and run again" if args.checkpoint else ""
        print(f"badeucey: error: cannot write --out {args.out}: {exc.strerror or exc}{kept}", file=sys.stderr)
        return EXIT_USAGE
    how = "exact hands" if exact else f"{abstraction.spec['buckets']} buckets, {args.history} history"
    if args.reach_buckets is not None:
        how = f"reach buckets {args.reach_buckets}, {args.history} history"
    name = f"{rules.game.name}{' mini' if args.mini else ''}"
    print(f"badeucey train: {name}, {strategy.iterations:,} iterations (seed {args.seed}, {args.variant}, {how}, "
          f"stacks {stack}), {strategy.information_sets:,} information sets, {seconds:.1f} s; "
          f"wrote {args.out} ({os.path.getsize(args.out):,} bytes)")
    if args.minutes is not None:
        print(f"the same strategy again: --iterations {strategy.iterations} with the same options")
    return _checkpoint_error(failures) if failures else 0


def _rounded_hands_note(hands: int, seats: int, *, duplicate: bool) -> str:
    """Why a duplicate match plays more hands than asked ("" when it plays exactly
    ``hands``): every deal is played once per seat, so the hands are rounded up to a
    whole number of deals, as :func:`~badeucey_fast.play.matches.play_match` does."""
    if not duplicate or seats < 2 or hands < 1 or hands % seats == 0:
        return ""
    below, above = hands - hands % seats, hands - hands % seats + seats
    nearest = f"{below} or {above}" if below else f"{above}"
    return (f"duplicate play deals every deal once to each of the {seats} seats, so {hands:,} hands become "
            f"{above:,} ({above // seats:,} deal{'s' if above > seats else ''}); --hands {nearest} plays exactly that many, "
            f"--no-duplicate plays {hands:,} single deals")


EXAMPLES: dict[str, tuple[str, ...]] = {
    "eval": (
        'badeucey eval 7s5h4d3c2s "As 2c 3d 4h"',
        "printf '7s5h4d3c2s\\nKd 7s 5h 4d 3c\\n' | badeucey eval -",
        "badeucey eval --file hands.txt --json",
    ),
    "showdown": (
        "badeucey showdown --pot 101 6s6h4h3d2c 8c7d5s4s2h 8d7c5h4c2d",
        'badeucey showdown --pot 90 --side-pot 40:1,2 "7s 5h 4d 3c 2s" 6s6h4h3d2c 8c7d5s4s2h',
        "badeucey showdown --game badacey --json 5h4h3h2hAh - 7c5c4s3s2d",
    ),
    "draw": (
        'badeucey draw "7s 5h 4d Jc Ks" --target low:8',
        'badeucey draw "As 2c 3d Ks" --game badugi --discard Ks',
        'badeucey draw "7s 5h 4d Jc Ks" --draws 3 --samples 100000 --seed 1 --json',
    ),
    "equity": (
        'badeucey equity "7s 5h 4d 3c 2s" "6s 6h 4h 3d 2c"',
        'badeucey equity "7s 5h 4d 3c Ks" random --draws 1 --discard 0:Ks --opponent-draws 2',
        'badeucey equity "As 2c 3d Ks" x x --game badugi --samples 100000 --seed 7',
    ),
    "deal": (
        "badeucey deal --seed 1",
        "badeucey deal --seats 3 --seed 7 --script 'p3 cbr 4, p1 f' --phh",
        "badeucey deal --bots cfr,drawing --game badugi --seed 2",
    ),
    "review": (
        "badeucey review hands --hero you",
        "badeucey review session.phhs --hero p1 --json",
        "badeucey review hand-000001.phh hand-000002.phh --hero cfr --html review.html",
    ),
    "chart": (
        "badeucey chart --game badugi --out badugi.npz",
        "badeucey chart --limit 100 --out first100.npz --csv first100.csv",
        "badeucey chart --draws 3 --scheduler tcp://10.0.0.5:8786 --checkpoint chart.ckpt --out chart.npz",
    ),
    "match": (
        "badeucey match --bots drawing,random --hands 2000 --seed 1",
        "badeucey match --bots drawing,calling,random --game badugi --workers 2",
        "badeucey match --bots cfr,drawing --game badugi --hands 100 --seed 1 --phh-out hands --json",
    ),
    "train": (
        "badeucey train --mini --iterations 100000 --seed 1 --out mini.npz",
        "badeucey train --game badugi --buckets 16 --iterations 20000 --seed 1 --checkpoint run.ckpt --out badugi.npz",
        "badeucey train --minutes 90 --seed 1 --checkpoint badeucey.ckpt --out badeucey.npz --progress",
    ),
    "play": (
        "badeucey play",
        "badeucey play --game badugi --bots drawing,calling --seed 3",
        "badeucey play --bots cfr --strategy badeucey.npz",
    ),
    "import": (
        "badeucey import HH20261102.txt",
        "badeucey import session/*.txt --json > hands.json",
        "badeucey import HH20261102.txt --phh-out hands/",
    ),
    "serve": (
        "badeucey serve",
        "badeucey serve --port 8080 --data arena-data",
        "badeucey serve --host 0.0.0.0 --allow-remote --tokens seats.txt",
    ),
    "bench": (
        "badeucey bench",
        "badeucey bench --hands 100000 --repeat 3 --json",
    ),
}
"""Two or three example command lines per subcommand, closing its ``--help``."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose help ends with the subcommand's examples, and whose
    usage errors are JSON on stderr when the command line asks for ``--json``."""

    json_errors = False
    """Set by :func:`main` when ``--json`` is on the command line."""

    def format_help(self) -> str:
        text = super().format_help()
        examples = EXAMPLES.get(self.prog.split()[-1])
        if examples and self.prog != "badeucey":
            text += "\nexamples:\n" + "".join(f"  {e}\n" for e in examples)
        return text

    def error(self, message: str) -> NoReturn:
        if _Parser.json_errors:
            _json_error(self.prog, message, "UsageError", EXIT_USAGE)
            self.exit(EXIT_USAGE)
        super().error(message)


def _json_error(command: str, message: str, kind: str, status: int) -> None:
    """An error as one JSON object on stderr."""
    error = {"schema": schema("error"), "command": command, "error": message, "type": kind, "exit_status": status}
    print(json.dumps(error), file=sys.stderr)


class _Version(argparse.Action):
    """``--version``: reads the installed version only when asked (importlib.metadata is slow to import)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from badeucey_fast import __version__

        print(f"{parser.prog} {__version__}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="badeucey",
        description="Exact hand rankings for Badeucey, Badacey, Badugi, deuce-to-seven and ace-to-five.",
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    p_eval = sub.add_parser(
        "eval",
        help="rank hands in every game",
        description="Rank 4- or 5-card hands in every ranking, with the cards that make each Badugi. "
        "Hands are arguments, lines of standard input (-) or lines of a file (--file): one hand a line, "
        "blank lines and # comments skipped.",
    )
    p_eval.add_argument("hands", nargs="*", metavar="HAND",
                        help='cards, e.g. 7s5h4d3c2s or "7s 5h 4d 3c 2s"; - reads hands from standard input')
    p_eval.add_argument("--file", action="append", default=[], metavar="FILE",
                        help="read hands from FILE, one a line (repeatable)")
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
        "Hands in seat order; random (or x, or '?' quoted) for a hand whose cards are unknown: it stands pat, "
        "unless --opponent-draws or random:COUNTS (e.g. random:1, random:2,1,0) makes it throw and draw that many "
        "cards in each draw (first the cards outside its best badugi, then cards that pair another, "
        "then its highest cards).",
    )
    p_eq.add_argument("hands", nargs="+", metavar="HAND",
                      help="a seat's cards, or random / x for unknown cards (random:K or random:K1,K2,K3: it draws)")
    p_eq.add_argument("--discard", type=_seat_discard, action="append", default=[], metavar="SEAT:CARDS",
                      help="cards a seat throws in the first draw, e.g. 0:Ks (repeatable; needs --draws)")
    p_eq.add_argument("--draws", type=int, default=0, help="draws left, 0..3 (default: 0)")
    p_eq.add_argument("--opponent-draws", metavar="K[,K,K]",
                      help="cards every unknown seat throws and draws in each draw, or one count per draw "
                      "(default: 0, it stands pat)")
    _add_run_options(p_eq)
    p_eq.set_defaults(run=_cmd_equity)

    p_deal = sub.add_parser(
        "deal",
        help="play one hand of triple draw",
        description="Play one hand: every seat checks or calls and stands pat, except where --script says "
        "otherwise. Players in scripts are PHH labels: p1 is left of the button, the button is last.",
    )
    p_deal.add_argument("--game", default=None, choices=list(GAMES),
                        help="the game (default: badeucey, or with --bots cfr the one its --game names)")
    p_deal.add_argument("--seats", type=int, default=None, help="players at the table (default: 2, or one a bot)")
    p_deal.add_argument("--seed", type=int, default=None, help="makes the deal reproducible")
    p_deal.add_argument("--stack", type=int, default=100, help="every seat's starting stack (default: 100)")
    p_deal.add_argument("--button", type=int, default=0, help="the button's seat (default: 0)")
    p_deal.add_argument("--structure", default="fixed", choices=STRUCTURES, help=STRUCTURE_HELP)
    p_deal.add_argument("--burn", action="store_true", help="burn a card before each draw")
    p_deal.add_argument("--script", action="append", default=[], metavar="ACTIONS",
                        help="PHH actions, comma-separated, e.g. 'p3 cbr 4, p1 f, p2 sd 7s Kd' (repeatable)")
    p_deal.add_argument("--bots", default=None, metavar="A,B,...",
                        help="built-in bots play the hand, a seat each (drawing, random, calling, cfr, maniac, station, "
                        "bluffer, reader; cfr heads-up, in the game of its shipped strategy): a hand to watch")
    p_deal.add_argument("--phh", action="store_true", help="print the PHH hand history instead of the log")
    p_deal.set_defaults(run=_cmd_deal)
    p_import = sub.add_parser(
        "import",
        help="read poker sites' draw-game hand histories into PHH",
        description="Read every hand of PokerStars' (2-7 and A-5 triple draw, Badugi) and Kings Club's (Badeucey, "
        "Badacey) text hand histories into PHH, '??' for each card the file does not show. A hand that cannot be "
        "read is named on stderr with why (exit status 1); the others still import.",
    )
    p_import.add_argument("files", nargs="+", metavar="FILE", help="hand history text files")
    p_import.add_argument("--json", action="store_true",
                          help="print a JSON array, one object a hand: id, site, game, table, players, "
                          "starting_stacks, final_stacks, rake (the file's units), phh, replay_error")
    p_import.add_argument("--phh-out", metavar="DIR", help="write each hand as DIR/SITE-ID.phh")
    p_import.set_defaults(run=_cmd_import)
    p_review = sub.add_parser(
        "review",
        help="review a player's decisions in PHH hand histories",
        description="For each of the hero's bets and draws in PHH hand histories: the cards, the pot and the "
        "price, the equity per half against the range the opponents' actions imply, what the strongest model "
        "available would do (the shipped CFR strategy heads-up in fixed limit; an equity model otherwise) and "
        "the EV the hero's action lost, in big blinds; then the leaks by street and by kind of decision. "
        "Only what the hero knew is used: the opponents' cards are unknown from the start.",
    )
    p_review.add_argument("files", nargs="+", metavar="FILE",
                          help="PHH files (.phh, or .phhs of several hands) or folders of them")
    p_review.add_argument("--hero", required=True, metavar="NAME",
                          help="the player to review: a name of the histories' players field, or a label p1, p2, ...")
    p_review.add_argument("--samples", type=int, default=200, metavar="N",
                          help="hypotheses of the opponents' cards at each decision (default: 200)")
    p_review.add_argument("--seed", type=int, default=0, help="seeds the hypotheses and playouts (default: 0)")
    p_review.add_argument("--html", default=None, metavar="OUT", help="also write a self-contained HTML report")
    p_review.add_argument("--json", action="store_true", help="print JSON")
    p_review.set_defaults(run=_cmd_review)

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
        "seats rotated) and print each bot's mbb/hand with its 95% confidence interval.",
    )
    p_match.add_argument("--bots", default="drawing,random", help="comma-separated: drawing, random, calling, cfr, "
                         "search, maniac, station, bluffer, reader (default: drawing,random)")
    p_match.add_argument("--hands", type=int, default=10_000, help="hands to play (default: 10,000)")
    p_match.add_argument("--game", default=None, choices=list(GAMES),
                         help="the game (default: badeucey, or the cfr bot's strategy's game)")
    p_match.add_argument("--structure", default="fixed", choices=STRUCTURES, help=STRUCTURE_HELP)
    p_match.add_argument("--seed", type=int, default=None, help="makes the match reproducible (default: random, printed)")
    p_match.add_argument("--cap", type=int, default=None, metavar="BETS",
                         help="cap a heads-up betting round at BETS bets (default: uncapped, as the rules say; "
                         "with cfr: the strategy's cap)")
    p_match.add_argument("--strategy", default=None, metavar="FILE",
                         help="the cfr bot's strategy (default: the one shipped for --game; you play under its rules)")
    p_match.add_argument("--no-duplicate", action="store_true", help="play each deal once")
    p_match.add_argument("--engine", default="auto", choices=("auto", "python", "c"),
                         help="auto (default): built-in bots play in C; python: always the Python bots")
    match_runner = p_match.add_mutually_exclusive_group()
    match_runner.add_argument("--workers", type=int, default=None, metavar="N", help="local processes (default: all cores)")
    match_runner.add_argument("--scheduler", default=None, metavar="ADDRESS",
                              help="run on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs the dask extra)")
    p_match.add_argument("--checkpoint", default=None, metavar="FILE",
                         help="keep finished chunks here; rerun to resume (needs --seed)")
    p_match.add_argument("--progress", action="store_true", help="show a progress bar even when stderr is not a terminal")
    p_match.add_argument("--phh-out", default=None, metavar="DIR",
                         help="write every hand to DIR as PHH (hand-000001.phh, ...; the bots then play in Python)")
    p_match.add_argument("--json", action="store_true", help="print JSON")
    p_match.set_defaults(run=_cmd_match)

    p_train = sub.add_parser(
        "train",
        help="train a heads-up fixed-limit strategy (Monte Carlo CFR)",
        description="Train a heads-up fixed-limit strategy (capped at four bets a round) by external-sampling "
        "Monte Carlo CFR in C, and write it to a file (badeucey_fast.solve.Strategy.load reads it). The same "
        "options and seed give the same file; with --checkpoint, Ctrl-C keeps the finished iterations and the "
        "same command resumes them.",
    )
    p_train.add_argument("--game", default="badeucey", choices=list(GAMES), help="the game (default: badeucey)")
    budget = p_train.add_mutually_exclusive_group(required=True)
    budget.add_argument("--iterations", type=int, default=None, metavar="N", help="iterations in all")
    budget.add_argument("--minutes", type=float, default=None, metavar="M",
                        help="train for about M minutes (prints the iterations done; with --checkpoint, "
                        "the same command trains M minutes more)")
    p_train.add_argument("--seed", type=int, default=0, help="seeds the solver (default: 0)")
    p_train.add_argument("--out", required=True, metavar="FILE", help="write the strategy here (.npz)")
    p_train.add_argument("--checkpoint", default=None, metavar="FILE",
                         help="keep the solver's state here; run the same command to resume")
    abstraction = p_train.add_mutually_exclusive_group()
    abstraction.add_argument("--buckets", type=int, default=None, metavar="K",
                             help="card buckets a hand and draws left (default: 64; --mini: exact hands)")
    abstraction.add_argument("--reach-buckets", default=None, metavar="B0,B1,B2,B3",
                             help="card buckets by draws left 0..3, each a grid over the hands that reach that "
                             "point (SolverAbstraction.reach_buckets: finer on the last rounds); each K buckets or BxS, B value "
                             "bands of S balance splits, e.g. 12x4,8x4,8x4,8x4")
    abstraction.add_argument("--exact", action="store_true",
                             help="exact hands and every discard (small games only, e.g. --mini)")
    p_train.add_argument("--history", default=None, choices=("round", "round_own", "full"),
                         help="what an information set holds of the betting: this round's and a summary of the "
                         "rest (round, the default; with --reach-buckets round_own, which adds the seat's own "
                         "last draw), or every action (full: small games)")
    p_train.add_argument("--variant", default="linear", choices=("linear", "plus", "vanilla"),
                         help="the solver's variant (default: linear)")
    p_train.add_argument("--mini", action="store_true",
                         help="the mini game (TableRules.mini: a small deck, one draw of one card) instead of the full game")
    p_train.add_argument("--stack", type=int, default=None, metavar="CHIPS",
                         help=f"each seat's chips (default: deep enough that nobody is all in; --mini: {MINI_STACK})")
    p_train.add_argument("--chunks", type=int, default=1, metavar="K",
                         help="run rounds of K chunks side by side, merged in order (default: 1, one process; "
                         "the strategy depends on K, not on where the chunks run)")
    p_train.add_argument("--chunk-iterations", type=int, default=20_000, metavar="N",
                         help="iterations a chunk runs in a round (default: 20,000)")
    train_runner = p_train.add_mutually_exclusive_group()
    train_runner.add_argument("--workers", type=int, default=None, metavar="N",
                              help="local processes for the chunks (default: all cores)")
    train_runner.add_argument("--scheduler", default=None, metavar="ADDRESS",
                              help="run the chunks on a Dask cluster (needs the dask extra)")
    p_train.add_argument("--compact", action="store_true",
                         help="write the probabilities in 255ths, a byte each (Strategy.compacted: a strategy "
                         "to ship)")
    p_train.add_argument("--progress", action="store_true",
                         help="show a progress bar even when stderr is not a terminal")
    p_train.set_defaults(run=_cmd_train)

    p_play = sub.add_parser(
        "play",
        help="play at a table against built-in bots",
        description="Sit in seat 0 against built-in bots. Type a letter or a word: f or fold, c or check or call, "
        "r or bet or raise (r N: to N in pot or no limit), d or draw CARDS (e.g. d 7s Kd), p or pat (stand pat), "
        "? for help, q to quit; the prompt lists what you may do and its price. A hand you leave unfinished "
        "(q, end of input, Ctrl-C) loses the chips you put in, as a fold does.",
    )
    p_play.add_argument("--game", default=None, choices=list(GAMES),
                        help="the game (default: badeucey, or the --strategy's game)")
    p_play.add_argument("--bots", default="drawing",
                        help="comma-separated opponents: drawing, random, calling, maniac, station, bluffer, "
                             "reader; or cfr or search alone (heads-up)")
    p_play.add_argument("--strategy", default=None, metavar="FILE",
                        help="the cfr bot's strategy (badeucey train writes one); you play under its rules")
    p_play.add_argument("--hands", type=int, default=10, help="hands to play (default: 10)")
    p_play.add_argument("--seed", type=int, default=None, help="makes the deals reproducible")
    p_play.add_argument("--structure", default="fixed", choices=STRUCTURES, help=STRUCTURE_HELP)
    p_play.add_argument("--stack", type=int, default=200, help="every seat's stack at the start of a hand (default: 200)")
    p_play.add_argument("--phh-out", default=None, metavar="DIR",
                        help="keep the session's hands in DIR as PHH (hand-000001.phh, ...; you are 'you'), "
                        "a hand you leave unfinished too")
    p_play.set_defaults(run=lambda a: __import__("badeucey_fast._terminal", fromlist=["run"]).run(
        a.game, a.bots, a.hands, a.seed, a.structure, a.stack, sys.stdin, sys.stdout, a.strategy, a.phh_out))

    p_serve = sub.add_parser(
        "serve",
        help="serve the table in a browser and the arena for remote bots (needs the web extra)",
        description="Serve the browser pages and the arena (a bot anywhere plays the built-in bots over a "
        "WebSocket at /api/play; docs/arena.rst), on this machine only unless --allow-remote. A server open to "
        "other machines asks every /api/ request for a seat's token (--tokens FILE, or new ones printed at the "
        "start); a seat opens the pages at /table?token=TOKEN and they send the token themselves. Ctrl-C stops it.",
    )
    p_serve.add_argument("--host", default="127.0.0.1",
                         help="the address to listen on (default: 127.0.0.1, this machine only)")
    p_serve.add_argument("--port", type=_port, default=8000, help="the port (default: 8000; 0: any free port)")
    p_serve.add_argument("--allow-remote", action="store_true",
                         help="let a --host other than a loopback address listen (every /api/ request then needs "
                         "a seat's token)")
    p_serve.add_argument("--tokens", default=None, metavar="FILE",
                         help="the seats' tokens, one 'NAME TOKEN' a line (default with --allow-remote: four new "
                         "ones, printed)")
    p_serve.add_argument("--phh", default=None, metavar="DIR",
                         help="the folder whose PHH files (*.phh, subfolders too) the hand replayer offers")
    p_serve.add_argument("--data", default=None, metavar="DIR",
                         help="keep the leaderboard in DIR/leaderboard.sqlite (default: in memory, gone at exit)")
    p_serve.add_argument("--max-connections", type=_at_least_one, default=Limits.max_connections, metavar="N",
                         help=f"arena matches open at once (default: {Limits.max_connections})")
    p_serve.add_argument("--max-matches", type=_at_least_one, default=Limits.max_matches_per_client, metavar="N",
                         help=f"arena matches one client may have open at once (default: "
                         f"{Limits.max_matches_per_client})")
    p_serve.add_argument("--max-hands", type=_at_least_one, default=Limits.max_hands, metavar="N",
                         help=f"hands one match may ask for (default: {Limits.max_hands:,})")
    p_serve.add_argument("--timeout", type=_seconds, default=Limits.decision_timeout, metavar="SECONDS",
                         help=f"seconds a bot has for a decision before it forfeits the hand (default: "
                         f"{Limits.decision_timeout:g})")
    p_serve.set_defaults(run=_cmd_serve)

    from badeucey_fast import (
        _bench,  # the bench command's options only: its harness loads when it runs
    )

    _bench.add_parser(cast("argparse._SubParsersAction[argparse.ArgumentParser]", sub))
    return parser


_N = TypeVar("_N", int, float)  # what _number reads


def _number(text: str, kind: Callable[[str], _N], what: str) -> _N:
    """``text`` read by ``kind`` (``int`` or ``float``), for the argparse types below;
    an argparse error naming ``what`` is expected where it is not one."""
    try:
        return kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text[:60]!r}") from None


def _at_least_one(text: str) -> int:
    """An argparse type: a whole number, 1 or more (``--top -3`` is refused, not read
    as "all but the last three")."""
    value = _number(text, int, "a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def _port(text: str) -> int:
    """An argparse type: a TCP port, 0..65535 (0: any free port)."""
    value = _number(text, int, "a port number")
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0..65535, got {value}")
    return value


def _seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0."""
    value = _number(text, float, "a number of seconds")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be above 0, got {text[:60]}")
    return value


@contextmanager
def _second_interrupt_exits() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt as usual (a job then saves what it finished
    and stops); a second Ctrl-C, while that runs or as the interpreter ends
    (its exit hooks wait for a process pool's thread), ends the process at
    once.  Only in the main thread, and only over Python's own handler."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return

    def again(signum: int, frame: Any) -> None:
        os.write(sys.stderr.fileno(), b"\nbadeucey: interrupted again: exiting now\n")
        _kill_child_processes()
        os._exit(EXIT_INTERRUPTED)

    def first(signum: int, frame: Any) -> None:
        signal.signal(signal.SIGINT, again)
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGINT, first)
    except ValueError:  # not the main thread: signals are the main thread's
        yield
        return
    try:
        yield
    finally:
        if signal.getsignal(signal.SIGINT) is first:  # else a second Ctrl-C still exits at once, with one line
            signal.signal(signal.SIGINT, signal.default_int_handler)


def _kill_child_processes() -> None:
    """Kill the processes this one started through multiprocessing (a pool's
    workers): one still starting would otherwise outlive an exit that skips the
    pool's clean-up, and fail on the pool's queues with a traceback of its own
    (its SIGINT is held back, see badeucey_fast._interrupts.sigint_held)."""
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is None:
        return
    for child in multiprocessing.active_children():
        try:
            child.kill()
        except (OSError, ValueError, AttributeError):  # ended meanwhile, or closed
            pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    words = sys.argv[1:] if argv is None else list(argv)
    _Parser.json_errors = "--json" in words
    args = parser.parse_args(words)
    stdout = _WatchedStdout(sys.stdout)
    sys.stdout = cast(TextIO, stdout)
    try:
        with _second_interrupt_exits():
            code: int = args.run(args)
        sys.stdout.flush()
    except (ValueError, TypeError) as exc:
        if getattr(args, "json", False):
            _json_error(f"badeucey {args.command}", str(exc), type(exc).__name__, EXIT_USAGE)
        else:
            print(f"badeucey: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:  # Ctrl-C: one line, the shell's status for SIGINT, no traceback
        print("\nbadeucey: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except (OSError, MemoryError) as exc:  # a full device, an unreachable scheduler, a size too big to hold
        if stdout.failed:
            _silence_stdout()
            message = f"cannot write to standard output: {getattr(exc, 'strerror', None) or exc}"
        elif isinstance(exc, MemoryError):
            message = f"not enough memory{f' ({exc})' if str(exc) else ''}: ask for less"
        else:
            message = str(exc) if exc.strerror is None else f"{exc.strerror}" + (f": {exc.filename}" if exc.filename else "")
        if getattr(args, "json", False):
            _json_error(f"badeucey {args.command}", message, type(exc).__name__, EXIT_USAGE)
        else:
            print(f"badeucey: error: {message}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        if sys.stdout is cast(TextIO, stdout):
            sys.stdout = stdout.stream
    return code


class _WatchedStdout:
    """Standard output while a command runs: notes whether writing to it failed
    (a full device), so that the error says it was standard output."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.failed = False

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError:
            self.failed = True
            raise

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError:
            self.failed = True
            raise

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, encoding, ...: the stream's own
        return getattr(self.stream, name)


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's final
    flush of what could not be written cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (a replaced sys.stdout): nothing to silence
        pass


if __name__ == "__main__":
    sys.exit(main())
