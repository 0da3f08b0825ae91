"""PHH input: a text is either a hand that plays on exactly as the one that wrote it, or a ValueError."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badeucey_fast.engine import STRUCTURES, Hand, TableRules
from badeucey_fast.games import GAMES, Game


def _random_action(hand: Hand, rng: random.Random) -> str:
    """A random legal action in PHH words (any amount between a pot or no-limit raise's bounds)."""
    if hand.phase == "draw":
        cards = hand.cards(hand.to_act)  # type: ignore[arg-type]
        thrown = rng.sample(cards, rng.randint(0, len(cards)))
        return "sd " + " ".join(__import__("badeucey_fast").card_name(c) for c in thrown)
    legal = hand.legal_actions()
    act = rng.choice(legal)
    raises = [int(a.split()[1]) for a in legal if a.startswith("cbr")]
    if act.startswith("cbr") and len(raises) == 2:
        act = f"cbr {rng.randint(*raises)}"
    return act


def _observed(hand: Hand) -> tuple[object, ...]:
    return (hand.history, hand.stacks, hand.bets, hand.committed, hand.payoffs, hand.phase, hand.round,
            hand.to_act, hand.legal_actions(), hand.draws, [hand.cards(s) for s in range(hand.n_seats)])


BAD_ACTIONS = ("f", "cc", "cbr 0", "cbr 1", "cbr 3", "cbr 100000", "sd", "sd 2c 3c", "sd As Ks Qs Js Ts 9s",
               "p9 cc", "sd 2c 2c", "x")
"""Actions, some always illegal, the others illegal in some states."""

HAND_SETUPS = st.fixed_dictionaries({
    "game": st.sampled_from(sorted(GAMES)),
    "structure": st.sampled_from(STRUCTURES),
    "burn": st.booleans(),
    "seats": st.integers(2, 8),
    "stacks": st.lists(st.integers(3, 80), min_size=8, max_size=8),
    "button": st.integers(0, 7),
    "seed": st.integers(0, 2**64 - 1),
    "deck": st.booleans(),
    "play": st.integers(0, 2**32),
    "cut": st.floats(0, 1),
})


@settings(max_examples=150)
@given(HAND_SETUPS)
def test_a_hand_cut_anywhere_plays_on_from_its_phh_exactly(setup: dict[str, object]) -> None:
    """Random hands (with burns or not, every game and structure, shuffled or a given
    deck), cut at a random point, written and read back: the rebuilt hand equals the
    original, has its legal actions, and after the same further random actions its
    history, stacks and payoffs are the original's (the cards to come included)."""
    seats = int(setup["seats"])  # type: ignore[call-overload]
    rules = TableRules(str(setup["game"]), structure=str(setup["structure"]), burn=bool(setup["burn"]))
    seats = min(seats, rules.max_seats)
    rng = random.Random(setup["play"])  # type: ignore[arg-type]
    deck = list(range(52)) if setup["deck"] else None
    if deck is not None:
        rng.shuffle(deck)
    hand = Hand(rules, setup["stacks"][:seats], button=int(setup["button"]) % seats,  # type: ignore[index, call-overload]
                seed=setup["seed"], deck=deck)  # type: ignore[arg-type]
    script: list[str] = []
    probe = hand.copy()
    while probe.phase != "over":
        script.append(_random_action(probe, rng))
        probe.act(script[-1])
    cut = int(len(script) * float(setup["cut"]))  # type: ignore[arg-type]
    for line in script[:cut]:
        hand.act(line)
    text = hand.to_phh()
    rebuilt = Hand.from_phh(text)
    assert rebuilt == hand
    assert rebuilt.legal_actions() == hand.legal_actions()
    assert rebuilt.to_phh() == text
    for bad in BAD_ACTIONS:  # an action that raises changes nothing
        trial = rebuilt.copy()
        try:
            trial.act(bad)
        except ValueError:
            assert trial == hand and trial.history == hand.history
    for line in script[cut:]:
        hand.act(line)
        rebuilt.act(line)
        assert _observed(rebuilt) == _observed(hand)
    assert rebuilt.phase == "over" and rebuilt.payoffs == probe.payoffs and rebuilt.history == probe.history


def _burn_hand_after_one_call() -> Hand:
    hand = Hand(TableRules("badugi", burn=True), [50, 50], seed=3)
    hand.check_call()
    return hand


def test_an_unfinished_hand_from_its_phh_goes_on() -> None:
    """A table with burns, one cc: the rebuilt hand's listed-legal cc closes the
    round, burns a card and goes to the draw, as the original does."""
    original = _burn_hand_after_one_call()
    rebuilt = Hand.from_phh(original.to_phh())
    assert "cc" in rebuilt.legal_actions()
    for hand in (original, rebuilt):
        hand.check_call()
        hand.discard(hand.cards(hand.to_act)[:2])  # type: ignore[arg-type]
        hand.discard()
    assert rebuilt == original and rebuilt.history == original.history


def test_an_unfinished_foreign_history_plays_on_with_fresh_cards() -> None:
    """Without _badeucey_deal (another program's PHH), the hand plays on by the same rules
    with fresh random cards from the ones the history leaves unseen."""
    original = _burn_hand_after_one_call()
    text = re.sub(r"^_badeucey_deal = .*\n", "", original.to_phh(), flags=re.M)
    rebuilt = Hand.from_phh(text)
    rebuilt.check_call()
    seat = rebuilt.to_act
    assert seat is not None
    kept = rebuilt.cards(seat)[2:]
    rebuilt.discard(rebuilt.cards(seat)[:2])
    seen = {c for s in range(2) for c in original.cards(s)}
    assert rebuilt.cards(seat)[:2] == kept and not set(rebuilt.cards(seat)[2:]) & seen
    while rebuilt.phase != "over":
        rebuilt.act("sd" if rebuilt.phase == "draw" else "cc")
    assert sum(rebuilt.payoffs or ()) == 0


def _text() -> str:
    hand = Hand(TableRules("badeucey", structure="pot"), [60, 70, 80], seed=5)
    hand.act("cbr 4")
    return hand.to_phh()


def _set(text: str, key: str, value: str) -> str:
    if re.search(rf"^{key} = ", text, flags=re.M):
        return re.sub(rf"^{key} = .*$", lambda _: f"{key} = {value}", text, count=1, flags=re.M)
    return text + f"{key} = {value}\n"


def _drop(text: str, key: str) -> str:
    return re.sub(rf"^{key} = .*\n", "", text, flags=re.M)


BAD_TEXTS = [
    (lambda t: _set(t, "antes", "5"), "antes must be a list"),
    (lambda t: _set(t, "antes", "[0, 0, true]"), "antes must be a whole number"),
    (lambda t: _set(t, "finishing_stacks", "5"), "finishing_stacks must be a list"),
    (lambda t: _set(t, "finishing_stacks", "[60, 70, 80]"), "does not finish the hand"),
    (lambda t: _set(_drop(t, "_badeucey_rules"), "blinds_or_straddles", "5"), "blinds_or_straddles must be a list"),
    (lambda t: _set(t, "blinds_or_straddles", "[1, 2]"), "lists 2 numbers for 3 players"),
    (lambda t: _set(t, "blinds_or_straddles", "[1, 3, 0]"), "not the rules' blinds"),
    (lambda t: _set(t, "min_bet", "3"), "not the rules' 2"),
    (lambda t: _set(t, "starting_stacks", "[60]"), "at least 2"),
    (lambda t: _set(t, "starting_stacks", "5"), "starting_stacks must be a list"),
    (lambda t: t.replace('name = "badeucey"', "name = [1]"), "name = \\[1\\]"),
    (lambda t: t.replace("hand_size = 5", "hand_size = 5.0"), "hand_size = 5.0"),
    (lambda t: t.replace("hand_size = 5", "hand_size = true"), "hand_size = True"),
    (lambda t: t.replace("hand_size = 5", "hand_size = 4"), "hand_size must be"),
    (lambda t: t.replace('name = "badeucey"', 'name = "badeucey", colour = 1'), "unknown colour"),
    (lambda t: _set(t, "_badeucey_game", "3"), "_badeucey_game must be a table"),
    (lambda t: _set(t, "_badeucey_rules", "3"), "_badeucey_rules must be a table"),
    (lambda t: t.replace('structure = "pot"', 'structure = "no"'), "not the variant 'PBDC3D''s"),
    (lambda t: t.replace('"PBDC3D"', '"NBDC3D"'), "not the variant 'NBDC3D''s"),
    (lambda t: t.replace('"PBDC3D"', '"PB"'), "not the variant 'PB''s game"),
    (lambda t: t.replace("burn = false", "burn = false, game = 1"), "the game goes in _badeucey_game"),
    (lambda t: t + "x = " + "[" * 1000 + "]" * 1000 + "\n", "nested too deeply"),
    (lambda t: t.replace('"p3 cbr 4"', '"p3 cbr \u0664"'), "whole number of chips"),
    (lambda t: t.replace('"p3 cbr 4"', '"p\u0663 cbr 4"'), "no player"),
    (lambda t: _set(t, "_badeucey_deal", '{ stub = "2c" }'), "the stub is not the cards"),
    (lambda t: _set(t, "_badeucey_deal", "3"), "_badeucey_deal must be a table"),
    (lambda t: re.sub(r'random = "[^"]*"', 'random = "AAAA"', t), "not a random state"),
    (lambda t: _set(t, "_badeucey_button", "true"), "bad _badeucey_button"),
    (lambda t: _set(t, "_badeucey_burns", '["2c"]'), "burns 1 cards, the table's rules 0"),
    (lambda t: _set(t, "_badeucey_dead", "[false, false, true]"), "_badeucey_dead marks a player who posts no big"),
    (lambda t: _set(t, "_badeucey_dead", "[true, false, false]"), "_badeucey_dead marks p1 or p2"),
    (lambda t: _set(t, "_badeucey_dead", "3"), "_badeucey_dead must list true or false"),
]


@pytest.mark.parametrize(("edit", "message"), BAD_TEXTS)
def test_bad_or_contradictory_fields_are_a_value_error(edit: object, message: str) -> None:
    text = _text()
    assert Hand.from_phh(text).to_phh() == text
    with pytest.raises(ValueError, match=message):
        Hand.from_phh(edit(text))  # type: ignore[operator]


def test_a_deal_listed_for_a_player_who_threw_nothing_is_refused() -> None:
    hand = Hand(TableRules("badugi"), [50, 50], seed=4)
    hand.check_call()
    hand.check_call()
    hand.discard(hand.cards(hand.to_act)[:1])  # type: ignore[arg-type]
    text = hand.to_phh()
    deal = re.search(r'"d dh p1 (\w\w)"', text)
    assert deal is not None
    stood_pat = text.replace('"p1 sd ' + re.search(r'"p1 sd (\w\w)"', text).group(1) + '"', '"p1 sd"')  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="more than it threw"):
        Hand.from_phh(stood_pat)


def test_a_house_game_keeps_its_rules() -> None:
    game = Game("house", 5, "high", "deuce_seven", odd_chip="low", low_qualifier=100)
    hand = Hand(TableRules(game), [40, 40], seed=2)
    hand.check_call()
    rebuilt = Hand.from_phh(hand.to_phh())
    assert rebuilt.game == game and rebuilt == hand


@pytest.mark.parametrize("deck", [False, True])
def test_a_hand_rebuilt_before_or_after_the_stub_reforms_deals_alike(deck: bool) -> None:
    """Eight seats throwing five cards each draw run the stub out: the cards out of play
    reform it, and a hand rebuilt at any point deals from it as the original does."""
    order = list(range(52))
    random.Random(8).shuffle(order)
    script: list[str] = []
    probe = Hand(TableRules("deuce_seven", burn=True), [30] * 8, seed=8, deck=order if deck else None)
    while probe.phase != "over":
        if probe.phase == "draw":
            script.append("sd " + " ".join(__import__("badeucey_fast").card_name(c)
                                           for c in probe.cards(probe.to_act)))  # type: ignore[arg-type]
        else:
            script.append("cc")
        probe.act(script[-1])
    reformed, left = False, 52
    for cut in range(len(script)):
        hand = Hand(TableRules("deuce_seven", burn=True), [30] * 8, seed=8, deck=order if deck else None)
        for line in script[:cut]:
            hand.act(line)
        rebuilt = Hand.from_phh(hand.to_phh())
        assert rebuilt == hand
        reformed = reformed or len(hand._stub) > left  # the stub grew: it was reformed
        left = len(hand._stub)
        for line in script[cut:]:
            rebuilt.act(line)
        assert rebuilt.history == probe.history and rebuilt.payoffs == probe.payoffs
    assert reformed


# ---- numbers beyond the table, and texts beyond any hand (issue 43, 6 and 7) ----

HUGE = ("100000000000000000000", "9223372036854775808", "18446744073709551615", "2147483648", "1099511627777",
        "-9223372036854775809")
"""Whole numbers beyond what the C table takes (an int64, an int, 2**40 chips)."""


def _histories() -> list[str]:
    """Histories of each structure, finished and not, with every kind of number field."""
    texts = []
    for rules, seats in ((TableRules("badugi", burn=True, heads_up_cap=4), 2),
                         (TableRules("badeucey", structure="no"), 3), (TableRules("deuce_seven", structure="pot"), 3)):
        hand = Hand(rules, [50 + 10 * s for s in range(seats)], seed=7)
        rng = random.Random(7)
        for _ in range(5):
            if hand.phase != "over":
                hand.act(_random_action(hand, rng))
        texts.append(hand.to_phh())
        while hand.phase != "over":
            hand.act(_random_action(hand, rng))
        texts.append(hand.to_phh())
    return texts


def test_every_number_of_a_history_beyond_the_table_is_a_value_error() -> None:
    """11 mutated histories raised OverflowError (the rules' bets and cap went to the C table unchecked)."""
    mutated = 0
    for text in _histories():
        for number in re.finditer(r"(?<![\w.])\d+(?![\w.])", text):
            for huge in HUGE:
                try:
                    Hand.from_phh(text[:number.start()] + huge + text[number.end():])
                except ValueError:
                    mutated += 1
    assert mutated > 500


def test_a_text_longer_than_any_hand_is_refused_before_it_is_read() -> None:
    """A 100 MB field took 11-51 s and 1 GB before its error."""
    from badeucey_fast.play.phh import MAX_PHH_CHARACTERS

    text = _text()
    padded = text + "# " + "x" * (MAX_PHH_CHARACTERS - len(text) - 3) + "\n"
    assert len(padded) == MAX_PHH_CHARACTERS and Hand.from_phh(padded) == Hand.from_phh(text)
    with pytest.raises(ValueError, match=f"^PHH text of {MAX_PHH_CHARACTERS + 1:,} characters: at most "
                                         f"{MAX_PHH_CHARACTERS:,}"):
        Hand.from_phh(padded + "x")
