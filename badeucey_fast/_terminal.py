"""``badeucey play``: sit at a table in the terminal against built-in bots
(``--bots cfr --strategy FILE``: heads-up against a trained strategy, under its rules).

You are seat 0; the bots sit in seats 1.. in the order given.  The button
moves every hand and every hand starts from the same stacks.  Entries:
``f`` fold, ``c`` check or call, ``r`` bet or raise (pot and no limit:
``r 12`` raises to 12; plain ``r`` is the minimum), ``d 7s Kd`` throw those
cards, ``p`` stand pat, ``?`` help, ``q`` quit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO, cast

from badeucey_fast.cards import NAME_OF, parse_cards
from badeucey_fast.games import Game
from badeucey_fast.play.bots import Bot, make_bot
from badeucey_fast.play.hand import Hand, Uncontested
from badeucey_fast.play.rules import TableRules
from badeucey_fast.play.view import HandView

HELP = """actions: f = fold, c = check/call, r = bet/raise (r N: raise to N in pot/no limit),
         d CARDS = discard (e.g. d 7s Kd), p = stand pat, ? = this help, q = quit"""


def _stage(hand: Hand) -> str:
    """The stage of the hand in words: ``betting round 1 of 4`` or ``draw 2 of 3``
    (the engine counts betting rounds from 0 and draws from 1)."""
    if hand.phase == "draw":
        return f"draw {hand.round} of 3"
    return f"betting round {hand.round + 1} of 4"


def _board(hand: Hand, seat: int, names: Sequence[str]) -> str:
    view = hand.view(seat)
    lines = [f"-- {hand.game.name}, {_stage(hand)}, pot {hand.pot} --"]
    for s in range(hand.n_seats):
        drew = " ".join("-" if d[s] is None else str(d[s]) for d in view.draws) or "-"
        mark = ("D" if s == hand.button else " ") + (">" if hand.to_act == s else " ")
        state = " (folded)" if view.folded[s] else (" (all in)" if view.all_in[s] else "")
        lines.append(f"{mark} {names[s]:<12} stack {view.stacks[s]:>5}  bet {view.bets[s]:>4}  drew {drew}{state}")
    lines.append(f"your cards: {' '.join(NAME_OF[c] for c in sorted(view.cards))}")
    return "\n".join(lines)


def _parse(entry: str, view: HandView) -> str:
    """The PHH action for a typed entry, or raise ValueError with a hint."""
    words = entry.split()
    if not words:
        raise ValueError("type an action (? for help)")
    word, rest = words[0].lower(), words[1:]
    if view.phase == "draw":
        if word == "p" and not rest:
            return "sd"
        if word == "d":
            cards = parse_cards(" ".join(rest)) if rest else ()
            for c in cards:
                if c not in view.cards:
                    raise ValueError(f"you do not hold {NAME_OF[c]}")
            return " ".join(["sd", *(NAME_OF[c] for c in cards)])
        raise ValueError("it is a draw: d CARDS to discard (e.g. d 7s Kd) or p to stand pat")
    legal = view.legal_actions
    raises = [] if view.min_raise_to is None or view.max_raise_to is None else [view.min_raise_to, view.max_raise_to]
    if word == "f" and not rest:
        if "f" not in legal:
            raise ValueError("nothing to call: check with c instead of folding")
        return "f"
    if word == "c" and not rest:
        return "cc"
    if word == "r" and len(rest) <= 1:
        if not raises:
            raise ValueError("you may not bet or raise now: c to check/call or f to fold")
        if not rest:
            return f"cbr {min(raises)}"
        if not rest[0].isdigit() or not min(raises) <= int(rest[0]) <= max(raises):
            raise ValueError(f"raise to a whole number in {min(raises)}..{max(raises)}")
        return f"cbr {int(rest[0])}"
    choices = "f, c" if "f" in legal else "c"
    raise ValueError(f"it is a betting round: {choices}{', r' if raises else ''} (? for help)")


def _in_words(name: str, action: str, before: HandView) -> str:
    """A bot's PHH action as a sentence (``DrawingBot1 raises to 4``), read
    against the view it acted on."""
    word, *rest = action.split()
    seat = before.seat
    stack = before.stacks[seat]
    if word == "sd":
        return f"{name} stands pat" if not rest else f"{name} draws {len(rest)} card{'s' if len(rest) > 1 else ''}"
    if word == "f":
        return f"{name} folds"
    if word == "cc":
        paid = min(max(before.bets) - before.bets[seat], stack)
        if not paid:
            return f"{name} checks"
        return f"{name} calls {paid}" + (" and is all in" if paid == stack else "")
    to = int(rest[0])
    verb = "raises to" if max(before.bets) else "bets"
    return f"{name} {verb} {to}" + (" and is all in" if to - before.bets[seat] == stack else "")


def _does(name: str, verb: str) -> str:
    """``DrawingBot1 wins``, but ``you win``."""
    return f"{name} {verb[:-1] if name == 'you' else verb}"


def _showdown_lines(hand: Hand, names: Sequence[str]) -> list[str]:
    """How the hand ended: who took an uncontested pot, or every shown hand with
    its name in each half and who won each half of each pot."""
    result = hand.result
    if isinstance(result, Uncontested):
        return [f"{_does(names[result.seat], 'takes')} {result.amount} uncontested"]
    assert result is not None
    return ["-- showdown --", *result.describe(names).splitlines()]


def play(
    bots: Sequence[Bot], *, rules: TableRules, hands: int, stacks: int, seed: int | None,
    stdin: TextIO, stdout: TextIO,
) -> float:
    """Play ``hands`` hands against ``bots`` reading entries from ``stdin``;
    returns your result in big blinds (also printed)."""
    import random

    rng = random.Random(seed)
    names = ["you", *(f"{type(b).__name__}{i + 1}" for i, b in enumerate(bots))]
    n = len(names)
    if not 2 <= n <= rules.max_seats:
        raise ValueError(f"1..{rules.max_seats - 1} bots at a {rules.game.name} table, got {len(bots)}")  # type: ignore[union-attr]
    for i, bot in enumerate(bots):
        getattr(bot, "set_rules", lambda r: None)(rules)
        getattr(bot, "reset", lambda s: None)(rng.getrandbits(63) + i)
    total = 0
    played = 0
    for h in range(hands):
        hand = Hand(rules, [stacks] * n, button=h % n, seed=rng.getrandbits(63))
        print(f"\n=== hand {h + 1} of {hands} ===", file=stdout)
        quit_now = False
        while (seat := hand.to_act) is not None:
            if seat == 0:
                print(_board(hand, 0, names), file=stdout)
                view = hand.view(0)
                while True:
                    stdout.write("your action> ")
                    stdout.flush()
                    line = stdin.readline()
                    if not line:
                        quit_now = True
                        break
                    entry = line.strip()
                    if entry == "?":
                        print(HELP, file=stdout)
                        continue
                    if entry.lower() == "q":
                        quit_now = True
                        break
                    try:
                        action = _parse(entry, view)
                        hand.act(action)
                    except ValueError as exc:
                        print(f"not accepted: {exc}", file=stdout)
                        continue
                    break
                if quit_now:
                    break
            else:
                before = hand.view(seat)
                action = bots[seat - 1].act(before)
                hand.act(action)
                print(_in_words(names[seat], action, before), file=stdout)
        if quit_now:
            break
        payoffs = hand.payoffs
        assert payoffs is not None
        for line in _showdown_lines(hand, names):
            print(line, file=stdout)
        print(f"hand {h + 1}: you {payoffs[0] / rules.big_blind:+g} big blinds", file=stdout)
        total += payoffs[0]
        played += 1
    result = total / rules.big_blind
    print(f"\nresult after {played} hand(s): {result:+g} big blinds", file=stdout)
    return result


def run(game: str | None, bot_names: str, hands: int, seed: int | None, structure: str, stacks: int,
        stdin: TextIO, stdout: TextIO, strategy: str | None = None) -> int:
    """The command's body.  ``game`` None: badeucey, or the strategy's game."""
    if hands < 1:
        raise ValueError(f"--hands must be at least 1, got {hands}")
    names = [name.strip().lower() for name in bot_names.split(",")]
    if "cfr" not in names:
        if strategy is not None:
            raise ValueError("--strategy is the cfr bot's strategy: add --bots cfr")
        bots = [make_bot(name) for name in names]
        rules = TableRules(game or "badeucey", structure=structure)
    else:
        rules, bots = _cfr_table(game, names, structure, strategy)
    play(bots, rules=rules, hands=hands, stacks=stacks, seed=seed, stdin=stdin, stdout=stdout)
    return 0


def _cfr_table(game: str | None, names: Sequence[str], structure: str,
               path: str | None) -> tuple[TableRules, list[Bot]]:
    """The rules and bots of a table with the cfr bot: heads-up, under the rules
    its strategy was trained for (the file's, or the one shipped)."""
    from badeucey_fast.play.bots import CFRBot
    from badeucey_fast.solve import Strategy, default_strategy

    if len(names) != 1:
        raise ValueError(f"the cfr bot plays heads-up: --bots cfr alone, not {','.join(names)}")
    trained = default_strategy(game or "badeucey") if path is None else Strategy.load(path)
    rules = trained.rules
    trained_game = cast(Game, rules.game).name
    where = f"the shipped {trained_game} strategy" if path is None else f"the strategy {path}"
    if not rules.is_full_game:
        raise ValueError(f"{where} is of a smaller game (--mini), which plays on the C table only; "
                         "badeucey play plays the full game")
    if game is not None and game != trained_game:
        raise ValueError(f"--game {game}: {where} plays {trained_game}")
    if structure != rules.structure:
        raise ValueError(f"--structure {structure}: {where} plays {rules.structure} limit")
    return rules, [CFRBot(trained)]
