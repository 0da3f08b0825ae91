"""``badeucey play``: sit at a table in the terminal against built-in bots
(``--bots cfr --strategy FILE``: heads-up against a trained strategy, under its rules).

You are seat 0; the bots sit in seats 1.. in the order given.  The button
moves every hand and every hand starts from the same stacks.  Entries, a letter
or a word (:data:`WORDS`): ``f`` fold, ``c`` check or call, ``r`` bet or raise
(pot and no limit: ``r 12`` raises to 12; plain ``r`` is the minimum), ``d 7s
Kd`` throw those cards, ``p`` stand pat, ``?`` help, ``q`` quit.  The prompt
lists what you may do now and its price; your own action is told back as the
bots' are, and the cards a draw brought you are marked until your next draw.

Leaving mid-hand (``q``, end of input or Ctrl-C) counts the hand you leave: the
chips you put in are lost, as a fold loses them, and the result says so.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TextIO, cast

from badeucey_fast._checks import check_seed
from badeucey_fast.cards import NAME_OF, parse_cards
from badeucey_fast.games import Game
from badeucey_fast.play.bots import Bot, make_bot
from badeucey_fast.play.hand import Hand, Uncontested
from badeucey_fast.play.rules import TableRules
from badeucey_fast.play.view import HandView

HELP = """actions: f = fold, c = check/call, r = bet/raise (r N: raise to N in pot/no limit),
         d CARDS = discard (e.g. d 7s Kd), p = stand pat, ? = this help, q = quit;
         the words work too: fold, check, call, bet, raise, draw, discard, pat, quit
         (a hand you leave unfinished loses the chips you put in, as a fold does)"""

WORDS = {
    "f": "f", "fold": "f",
    "c": "c", "call": "c", "check": "check",
    "r": "r", "raise": "r", "bet": "r",
    "d": "d", "draw": "d", "discard": "d",
    "p": "p", "pat": "p", "stand": "p",
}
"""What a typed first word means: a letter or a word (``check`` is a call of
nothing: refused when there is a bet to call, where ``call`` would pay it)."""
QUIT = ("q", "quit", "exit")
"""Entries that leave the table (the end of input and Ctrl-C leave it too)."""


def _stage(hand: Hand) -> str:
    """The stage of the hand in words: ``betting round 1 of 4`` or ``draw 2 of 3``
    (the engine counts betting rounds from 0 and draws from 1)."""
    if hand.phase == "draw":
        return f"draw {hand.round} of 3"
    return f"betting round {hand.round + 1} of 4"


def _board(hand: Hand, seat: int, names: Sequence[str], drawn: tuple[int, frozenset[int]] = (0, frozenset())) -> str:
    """The table as seat ``seat`` sees it; ``drawn`` is (the draw, the cards it
    brought that seat): those held still are marked ``*``."""
    view = hand.view(seat)
    lines = [f"-- {hand.game.name}, {_stage(hand)}, pot {hand.pot} --"]
    for s in range(hand.n_seats):
        drew = " ".join("-" if d[s] is None else str(d[s]) for d in view.draws) or "-"
        mark = ("D" if s == hand.button else " ") + (">" if hand.to_act == s else " ")
        state = " (folded)" if view.folded[s] else (" (all in)" if view.all_in[s] else "")
        lines.append(f"{mark} {names[s]:<12} stack {view.stacks[s]:>5}  bet {view.bets[s]:>4}  drew {drew}{state}")
    draw, new = drawn
    cards = [NAME_OF[c] + ("*" if c in new else "") for c in sorted(view.cards)]
    marked = f"  (* new in draw {draw})" if new & set(view.cards) else ""
    lines.append(f"your cards: {' '.join(cards)}{marked}")
    return "\n".join(lines)


def _choices(view: HandView) -> str:
    """What the seat to act may do now, with the price: ``f fold, c call 1, r
    raise to 4``; ``c check, r N bet 2..9`` (pot and no limit); ``d CARDS throw
    up to 5 (e.g. d 7s Kd), p stand pat``."""
    if view.phase == "draw":
        most = view.rules.max_discard or len(view.cards)
        return f"d CARDS throw up to {most} (e.g. d 7s Kd), p stand pat"
    seat = view.seat
    options = []
    if "f" in view.legal_actions:
        options.append("f fold")
        all_in = " all in" if view.to_call == view.stacks[seat] else ""
        options.append(f"c call {view.to_call}{all_in}")
    else:
        options.append("c check")
    low, high = view.min_raise_to, view.max_raise_to
    if low is not None and high is not None:
        verb = "raise to" if max(view.bets) else "bet"
        everything = view.stacks[seat] + view.bets[seat]
        all_in = " all in" if high == everything and low == high else ""
        options.append(f"r {verb} {low}{all_in}" if low == high else f"r N {verb} {low}..{high}")
    return ", ".join(options)


def _parse(entry: str, view: HandView) -> str:
    """The PHH action for a typed entry (a letter or a word of :data:`WORDS`),
    or raise ValueError with a hint."""
    words = entry.split()
    if not words:
        raise ValueError(f"type an action: {_choices(view)} (? for help)")
    typed, rest = words[0].lower(), words[1:]
    word = WORDS.get(typed, "")
    if view.phase == "draw":
        if word == "p" and (not rest or (typed == "stand" and [w.lower() for w in rest] == ["pat"])):
            return "sd"
        if word == "d":
            cards = parse_cards(" ".join(rest)) if rest else ()
            for c in cards:
                if c not in view.cards:
                    raise ValueError(f"you do not hold {NAME_OF[c]}")
            return " ".join(["sd", *(NAME_OF[c] for c in cards)])
        raise ValueError(f"it is a draw: {_choices(view)}")
    legal = view.legal_actions
    raises = [] if view.min_raise_to is None or view.max_raise_to is None else [view.min_raise_to, view.max_raise_to]
    if word == "f" and not rest:
        if "f" not in legal:
            raise ValueError("nothing to call: check with c instead of folding")
        return "f"
    if word == "check" and not rest:
        if "f" in legal:
            raise ValueError(f"there is a bet: c or call pays {view.to_call}, f folds")
        return "cc"
    if word == "c" and not rest:
        return "cc"
    if word == "r" and [w.lower() for w in rest[:1]] == ["to"]:
        rest = rest[1:]
    if word == "r" and len(rest) <= 1:
        if not raises:
            raise ValueError(f"you may not bet or raise now: {_choices(view)}")
        if not rest:
            return f"cbr {min(raises)}"
        if not (rest[0].isascii() and rest[0].isdigit()) or not min(raises) <= int(rest[0]) <= max(raises):
            raise ValueError(f"raise to a whole number in {min(raises)}..{max(raises)}")
        return f"cbr {int(rest[0])}"
    raise ValueError(f"it is a betting round: {_choices(view)} (? for help)")


def _in_words(name: str, action: str, before: HandView) -> str:
    """A bot's PHH action as a sentence (``DrawingBot1 raises to 4``), read
    against the view it acted on."""
    word, *rest = action.split()
    seat = before.seat
    stack = before.stacks[seat]
    all_in = " and are all in" if name == "you" else " and is all in"
    if word == "sd":
        return _does(name, "stands pat") if not rest else _does(name, f"draws {len(rest)} card{'s' if len(rest) > 1 else ''}")
    if word == "f":
        return _does(name, "folds")
    if word == "cc":
        paid = min(max(before.bets) - before.bets[seat], stack)
        if not paid:
            return _does(name, "checks")
        return _does(name, f"calls {paid}") + (all_in if paid == stack else "")
    to = int(rest[0])
    verb = "raises to" if max(before.bets) else "bets"
    return _does(name, f"{verb} {to}") + (all_in if to - before.bets[seat] == stack else "")


def _does(name: str, verb: str) -> str:
    """``DrawingBot1 wins``, but ``you win`` (the phrase's first word is the verb)."""
    if name != "you":
        return f"{name} {verb}"
    first, _, rest = verb.partition(" ")
    return f"you {first[:-1]}{' ' + rest if rest else ''}"


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
    stdin: TextIO, stdout: TextIO, phh_out: str | None = None,
) -> float:
    """Play ``hands`` hands against ``bots`` reading entries from ``stdin``;
    returns your result in big blinds (also printed).  Leaving mid-hand (``q``,
    end of input, Ctrl-C) loses the chips you put in that hand, as a fold does,
    and counts the hand; Ctrl-C prints the result, then raises KeyboardInterrupt.
    With ``phh_out`` every hand dealt is kept there as PHH
    (:func:`~badeucey_fast.play.phh.save`, players ``you``, ``DrawingBot1``,
    ...), the one you leave unfinished too (it then holds the cards to come).

    :raises ValueError: for a seed outside the package's rule (:func:`~badeucey_fast._checks.check_seed`).
    """
    import random

    rng = random.Random(check_seed(seed))
    names = ["you", *(f"{type(b).__name__}{i + 1}" for i, b in enumerate(bots))]
    n = len(names)
    if not 2 <= n <= rules.max_seats:
        raise ValueError(f"1..{rules.max_seats - 1} bots at a {rules.game.name} table, got {len(bots)}")  # type: ignore[union-attr]
    for i, bot in enumerate(bots):
        getattr(bot, "set_rules", lambda r: None)(rules)
        getattr(bot, "reset", lambda s: None)(rng.getrandbits(63) + i)
    score = _Score(stacks, rules.big_blind, stdout)
    hand: Hand | None = None
    try:
        for h in range(hands):
            hand = Hand(rules, [stacks] * n, button=h % n, seed=rng.getrandbits(63))
            print(f"\n=== hand {h + 1} of {hands} ===", file=stdout)
            score.start(hand, h + 1)
            if not _play_hand(hand, bots, names, stdin, stdout):
                break
            for line in _showdown_lines(hand, names):
                print(line, file=stdout)
            score.finish()
            _keep(hand, h + 1, names, phh_out)
            hand = None
    except KeyboardInterrupt:
        stdout.write("\n")  # ends the prompt's line
        _keep(hand, score.number, names, phh_out)
        score.close()
        raise
    _keep(hand, score.number, names, phh_out)
    return score.close()


def _keep(hand: Hand | None, number: int, names: Sequence[str], phh_out: str | None) -> None:
    """Write the hand to ``phh_out`` as PHH, if both are given."""
    if hand is not None and phh_out is not None:
        from badeucey_fast.play.phh import save

        save(hand, phh_out, number, names)


class _Score:
    """Your chips over the hands played; a hand left unfinished counts, its
    chips lost as a fold loses them."""

    def __init__(self, stacks: int, big_blind: int, stdout: TextIO) -> None:
        self.stacks = stacks
        self.big_blind = big_blind
        self.stdout = stdout
        self.total = 0
        self.played = 0
        self.hand: Hand | None = None
        self.number = 0
        self.left = False

    def start(self, hand: Hand, number: int) -> None:
        self.hand, self.number = hand, number

    def finish(self) -> None:
        """The hand is over: your payoff counts."""
        hand = self.hand
        assert hand is not None and hand.payoffs is not None
        print(f"hand {self.number}: you {hand.payoffs[0] / self.big_blind:+g} big blinds", file=self.stdout)
        self.total += hand.payoffs[0]
        self.played += 1
        self.hand = None

    def close(self) -> float:
        """Count a hand left unfinished, print the result and return it in big blinds."""
        hand, self.hand = self.hand, None
        if hand is not None and hand.payoffs is not None:  # over, not yet counted
            self.total += hand.payoffs[0]
            self.played += 1
        elif hand is not None:
            put_in = self.stacks - hand.view(0).stacks[0]
            if put_in:
                chips = f"{put_in} chip{'s' if put_in != 1 else ''}"
                print(f"you leave hand {self.number} with {chips} in the pot: lost, as a fold loses them "
                      f"({-put_in / self.big_blind:+g} big blinds)", file=self.stdout)
                self.total -= put_in
                self.played += 1
                self.left = True
            else:
                print(f"you leave hand {self.number} before putting a chip in", file=self.stdout)
        result = self.total / self.big_blind
        last = ", the last one left unfinished" if self.left else ""
        print(f"\nresult after {self.played} hand(s){last}: {result:+g} big blinds", file=self.stdout)
        return result


def _play_hand(hand: Hand, bots: Sequence[Bot], names: Sequence[str], stdin: TextIO, stdout: TextIO) -> bool:
    """Play one hand to its end; False when you leave it (``q`` or the end of input)."""
    drawn: tuple[int, frozenset[int]] = (0, frozenset())
    echo = not stdin.isatty()  # a terminal shows what is typed; piped entries are shown here
    while (seat := hand.to_act) is not None:
        if seat:
            before = hand.view(seat)
            action = bots[seat - 1].act(before)
            hand.act(action)
            print(_in_words(names[seat], action, before), file=stdout)
            continue
        print(_board(hand, 0, names, drawn), file=stdout)
        view = hand.view(0)
        while True:
            stdout.write(f"your action [{_choices(view)}; ? help]> ")
            stdout.flush()
            line = stdin.readline()
            if echo:
                stdout.write(line if line.endswith("\n") else line + "\n")
            entry = line.strip()
            if not line or entry.lower() in QUIT:
                return False
            if entry == "?":
                print(HELP, file=stdout)
                continue
            try:
                action = _parse(entry, view)
                hand.act(action)
            except ValueError as exc:
                print(f"not accepted: {exc}", file=stdout)
                continue
            break
        if view.phase == "draw":
            new = frozenset(hand.view(0).cards) - set(view.cards)
            drawn = (view.round, new)
            thrown = [NAME_OF[c] for c in view.cards if c not in hand.view(0).cards]
            print(f"you throw {' '.join(thrown)}, draw {' '.join(NAME_OF[c] for c in sorted(new))}" if new
                  else "you stand pat", file=stdout)
        else:
            print(_in_words("you", action, view), file=stdout)
    return True


def run(game: str | None, bot_names: str, hands: int, seed: int | None, structure: str, stacks: int,
        stdin: TextIO, stdout: TextIO, strategy: str | None = None, phh_out: str | None = None) -> int:
    """The command's body.  ``game`` None: badeucey, or the strategy's game."""
    if hands < 1:
        raise ValueError(f"--hands must be at least 1, got {hands}")
    check_seed(seed)  # before a strategy loads: the package's one rule for seeds
    names = [name.strip().lower() for name in bot_names.split(",")]
    if "cfr" not in names:
        if strategy is not None:
            raise ValueError("--strategy is the cfr bot's strategy: add --bots cfr")
        bots = [make_bot(name) for name in names]
        rules = TableRules(game or "badeucey", structure=structure)
    else:
        rules, bots = _cfr_table(game, names, structure, strategy)
    if phh_out is not None:
        os.makedirs(phh_out, exist_ok=True)  # before the first hand: a folder that cannot be made fails now
    play(bots, rules=rules, hands=hands, stacks=stacks, seed=seed, stdin=stdin, stdout=stdout, phh_out=phh_out)
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
        raise ValueError(f"--game {game}: {where} plays {trained_game}: leave out --game, or give --game "
                         f"{trained_game}")
    if structure != rules.structure:
        raise ValueError(f"--structure {structure}: {where} plays {rules.structure} limit")
    return rules, [CFRBot(trained)]
