"""``badeucey play``: sit at a table in the terminal against built-in bots.

You are seat 0; the bots sit in seats 1.. in the order given.  The button
moves every hand and every hand starts from the same stacks.  Entries:
``f`` fold, ``c`` check or call, ``r`` bet or raise (pot and no limit:
``r 12`` raises to 12; plain ``r`` is the minimum), ``d 7s Kd`` throw those
cards, ``p`` stand pat, ``?`` help, ``q`` quit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from badeucey_fast._cards import _NAME_OF, parse_cards
from badeucey_fast.bots import Bot, make_bot
from badeucey_fast.engine import Hand, HandView, TableRules

HELP = """actions: f = fold, c = check/call, r = bet/raise (r N: raise to N in pot/no limit),
         d CARDS = discard (e.g. d 7s Kd), p = stand pat, ? = this help, q = quit"""


def _board(hand: Hand, seat: int, names: Sequence[str]) -> str:
    view = hand.view(seat)
    lines = [f"-- {hand.game.name}, {hand.phase} {hand.round}, pot {hand.pot} --"]
    for s in range(hand.n_seats):
        drew = " ".join("-" if d[s] is None else str(d[s]) for d in view.draws) or "-"
        mark = ("D" if s == hand.button else " ") + (">" if hand.to_act == s else " ")
        state = " (folded)" if view.folded[s] else (" (all in)" if view.all_in[s] else "")
        lines.append(f"{mark} {names[s]:<12} stack {view.stacks[s]:>5}  bet {view.bets[s]:>4}  drew {drew}{state}")
    lines.append(f"your cards: {' '.join(_NAME_OF[c] for c in sorted(view.cards))}")
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
                    raise ValueError(f"you do not hold {_NAME_OF[c]}")
            return " ".join(["sd", *(_NAME_OF[c] for c in cards)])
        raise ValueError("it is a draw: d CARDS to discard (e.g. d 7s Kd) or p to stand pat")
    legal = view.legal_actions
    raises = [int(a[4:]) for a in legal if a.startswith("cbr")]
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
                action = bots[seat - 1].act(hand.view(seat))
                hand.act(action)
                shown = action if not action.startswith("sd") else f"draws {len(action.split()) - 1}"
                print(f"{names[seat]}: {shown}", file=stdout)
        if quit_now:
            break
        payoffs = hand.payoffs
        assert payoffs is not None
        for s in range(1, n):
            if not hand.folded[s] and not hand.folded[0]:
                print(f"{names[s]} shows {' '.join(_NAME_OF[c] for c in hand.cards(s))}", file=stdout)
        print(f"hand {h + 1}: you {payoffs[0] / rules.big_blind:+g} big blinds", file=stdout)
        total += payoffs[0]
        played += 1
    result = total / rules.big_blind
    print(f"\nresult after {played} hand(s): {result:+g} big blinds", file=stdout)
    return result


def run(game: str, bot_names: str, hands: int, seed: int | None, structure: str, stacks: int,
        stdin: TextIO, stdout: TextIO) -> int:
    """The command's body."""
    if hands < 1:
        raise ValueError(f"--hands must be at least 1, got {hands}")
    bots = [make_bot(name) for name in bot_names.split(",")]
    play(bots, rules=TableRules(game, structure=structure), hands=hands, stacks=stacks, seed=seed,
         stdin=stdin, stdout=stdout)
    return 0
