"""Poker sites' hand histories read into PHH (badeucey_fast.histories), and
hands with unknown cards replayed (Hand.from_phh with ``??``): the sample files
in tests/data/histories, written for these tests in each site's format, carry
the quirks real files do (chat, players joining, leaving, sitting out and timing
out, a posted extra big blind, a dead small blind posted with a big blind, antes, a capped round, an all-in with the uncalled
bet returned, a reshuffled deck, rake, thousands separators, a byte-order mark,
unknown cards, the hero's cards draw by draw, a hand cut short)."""

from __future__ import annotations

import json
import random
import pathlib
import subprocess
import sys
import tomllib
import warnings
from decimal import Decimal

import pytest

from badeucey_fast import parse_cards
from badeucey_fast.histories import ImportedHand, import_histories, import_text
from badeucey_fast.play import Hand, TableRules
from badeucey_fast.play.bots import DrawingBot
from badeucey_fast.play.events import Post

from .support import load_module

SAMPLES = sorted((pathlib.Path(__file__).parent / "data" / "histories").glob("*.txt"))


@pytest.fixture(scope="module")
def imported() -> tuple[ImportedHand, ...]:
    result = import_histories(SAMPLES)
    assert [(e.id, e.reason) for e in result.errors] == [("240000000304", "Ben acts but has no seat")]
    return result.hands


def by_id(hands: tuple[ImportedHand, ...], number: str) -> ImportedHand:
    return next(h for h in hands if h.id == number)


def test_every_readable_hand_of_the_samples_imports(imported: tuple[ImportedHand, ...]) -> None:
    assert len(imported) == 18
    assert {h.game for h in imported} == {"deuce_seven", "ace_five", "badugi", "badeucey", "badacey"}
    assert by_id(imported, "240000000101").players == ("Alice", "Hero", "Bob", "Dana")  # Carl sits out
    assert by_id(imported, "240000000301").starting_stacks == (200, 150.5, 1210)  # $1,210


def test_chips_are_conserved_after_rake(imported: tuple[ImportedHand, ...]) -> None:
    for hand in imported:
        start = sum(Decimal(str(s)) for s in hand.starting_stacks)
        end = sum(Decimal(str(s)) for s in hand.final_stacks) + Decimal(str(hand.rake))
        assert start == end, hand.id
    assert by_id(imported, "240000000102").rake == 0.17


def test_each_final_stack_is_the_next_hands_start_at_the_table(imported: tuple[ImportedHand, ...]) -> None:
    chained = 0
    for table in {h.table for h in imported}:
        hands = [h for h in imported if h.table == table]
        for i, hand in enumerate(hands):
            for name, final in zip(hand.players, hand.final_stacks):
                later = next((h for h in hands[i + 1:] if name in h.players), None)
                if later is not None:
                    assert later.starting_stacks[later.players.index(name)] == final, (hand.id, name)
                    chained += 1
    assert chained >= 12


def test_the_phh_replays_to_the_same_stacks(imported: tuple[ImportedHand, ...]) -> None:
    replayed = 0
    for hand in imported:
        if hand.replay_error is not None:
            continue
        data = tomllib.loads(hand.phh)
        again = Hand.from_phh(hand.phh)  # players in PHH order, the button last: seat i is p(i+1)
        assert again.phase == "over"
        taken = [ours - theirs for ours, theirs in zip(again.stacks, data["finishing_stacks"])]
        assert min(taken) >= 0 and sum(taken) == data["_badeucey_rake"], hand.id
        assert Hand.from_phh(again.to_phh()).stacks == again.stacks  # ?? kept
        replayed += 1
    assert replayed == 18  # every hand read: antes, posted big blinds and dead small blinds too


def test_antes_replay(imported: tuple[ImportedHand, ...]) -> None:
    antes = by_id(imported, "240000000302")
    assert antes.replay_error is None
    assert tomllib.loads(antes.phh)["antes"] == [250, 250, 250]
    assert Hand.from_phh(antes.phh).rules.ante == 250


@pytest.mark.parametrize("number, poster", [("240000000303", "Cat"), ("240000000501", "Wes"),
                                            ("240000000502", "Uma"), ("7781003", "Otto")])
def test_a_new_players_posted_big_blind_replays(imported: tuple[ImportedHand, ...], number: str, poster: str) -> None:
    hand = by_id(imported, number)
    assert hand.replay_error is None
    data = tomllib.loads(hand.phh)
    players = data["players"]
    big_blind = data["_badeucey_rules"]["big_blind"]
    assert data["_badeucey_posted"] == [name == poster for name in players]
    assert data["blinds_or_straddles"][players.index(poster)] == big_blind
    again = Hand.from_phh(hand.phh)
    seat = players.index(poster)  # PHH's order, the button last: p(i+1) is seat i
    assert again.posted == (seat,) and Post(seat, big_blind, "posted") in again.events
    assert again.phase == "over" and Hand.from_phh(again.to_phh()) == again


@pytest.mark.parametrize("number, poster", [("240000000602", "Ike"), ("7781004", "Pia")])
def test_a_dead_small_blind_posted_with_a_big_blind_replays(imported: tuple[ImportedHand, ...], number: str,
                                                            poster: str) -> None:
    """A player back from sitting out posts the small and the big blind (PokerStars' ``posts
    small & big blinds``, Kings Club's ``posts small and big blinds``): the big blind is live,
    the small blind dead (docs/histories.rst)."""
    hand = by_id(imported, number)
    assert hand.replay_error is None
    data = tomllib.loads(hand.phh)
    players = data["players"]
    rules = data["_badeucey_rules"]
    assert data["_badeucey_posted"] == data["_badeucey_dead"] == [name == poster for name in players]
    assert data["blinds_or_straddles"][players.index(poster)] == rules["big_blind"]
    again = Hand.from_phh(hand.phh)
    seat = players.index(poster)
    assert again.posted == again.dead == (seat,)
    assert Post(seat, rules["big_blind"], "posted") in again.events
    assert Post(seat, rules["small_blind"], "dead") in again.events
    assert again.phase == "over" and Hand.from_phh(again.to_phh()) == again
    taken = [ours - theirs for ours, theirs in zip(again.stacks, data["finishing_stacks"])]
    assert min(taken) >= 0 and sum(taken) == data["_badeucey_rake"]


def test_unknown_cards_are_question_marks_and_the_heros_are_known(imported: tuple[ImportedHand, ...]) -> None:
    actions = tomllib.loads(by_id(imported, "240000000102").phh)["actions"]
    assert "d dh p2 ??????????" in actions  # Dana's hand (big blind)
    assert "p2 sd ????" in actions and "d dh p2 ????" in actions
    assert "p4 sd JhQs" in actions and "d dh p4 7c2h" in actions  # the hero, on the button
    assert "p2 sm 8d7h5c4h3d" in actions


def test_the_reshuffled_deck_replays(imported: tuple[ImportedHand, ...]) -> None:
    hand = by_id(imported, "240000000103")
    again = Hand.from_phh(hand.phh)
    drawn = sum(c or 0 for draw in again.draws for c in draw)
    assert drawn > 52 - 4 * 5  # more cards drawn than the stub held
    assert hand.final_stacks == (3.9, 8.08, 6.13, 1.7)


def test_a_view_with_unknown_cards_is_usable_by_a_bot(imported: tuple[ImportedHand, ...]) -> None:
    data = tomllib.loads(by_id(imported, "240000000102").phh)
    cut = data["actions"].index("p4 sd JhQs")  # the hero is to draw
    text = by_id(imported, "240000000102").phh.replace(json.dumps(data["actions"]), json.dumps(data["actions"][:cut]))
    text = "\n".join(line for line in text.splitlines() if not line.startswith("finishing_stacks"))
    hand = Hand.from_phh(text)
    hero = hand.to_act
    assert hero == 3 and hand.phase == "draw"
    view = hand.view(hero)
    assert view.unknown == () and len(view.cards) == 5
    assert hand.view(1).unknown  # Dana's cards stand for unknown ones
    assert hand.placeholders[3] == frozenset() and len(hand.placeholders[1]) == 5
    action = DrawingBot("deuce_seven", samples=16).act(view)
    hand.act(action)  # legal
    assert "????" in hand.to_phh()


def test_a_muck_at_the_showdown_loses() -> None:
    text = (
        'variant = "F2L3D"\nstarting_stacks = [50, 50]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n'
        'actions = ["d dh p1 ??????????", "d dh p2 7s5h4d3c8d", "p2 cc", "p1 cc", "p1 sd ????", "d dh p1 ????",'
        ' "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc",'
        ' "p2 sm 7s5h4d3c8d"]\nfinishing_stacks = [48, 52]\n'
    )
    hand = Hand.from_phh(text)
    assert hand.payoffs == (2, -2)[::-1]  # p2 (seat 0, the button) wins; p1 mucked
    assert "d dh p1 ??????????" in hand.to_phh()


def test_a_hand_that_cannot_be_read_is_named_and_the_others_import() -> None:
    text = SAMPLES[0].read_text(encoding="utf-8-sig")
    broken = text.replace("Milo calls 40\n--- Showdown", "Milo calls 4O\n--- Showdown")
    hands, errors = import_text(broken)
    assert [h.id for h in hands] == ["7781002", "7781003", "7781004"]
    assert errors[0].id == "7781001" and "chips do not add up" in errors[0].reason


# Not the hands with a new player's posted big blind: pokerkit reads the post as a straddle (docs/histories.rst).
@pytest.mark.parametrize("number", ["240000000201", "240000000305"])
def test_pokerkit_replays_the_hands_whose_cards_are_all_known(imported: tuple[ImportedHand, ...], number: str) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    hand = by_id(imported, number)
    assert "?" not in hand.phh
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = pokerkit.HandHistory.loads(hand.phh)
    ours = list(Hand.from_phh(hand.phh).stacks)
    assert [int(s) for s in state.stacks] == ours


def test_the_import_command(tmp_path: pathlib.Path) -> None:
    run = subprocess.run([sys.executable, "-m", "badeucey_fast", "import", "--json", "--phh-out", str(tmp_path),
                          *map(str, SAMPLES)], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert run.returncode == 1  # one hand could not be read
    assert json.loads(run.stderr) == {"errors": [{"id": "240000000304", "reason": "Ben acts but has no seat"}]}
    hands = json.loads(run.stdout)
    assert len(hands) == 18 and set(hands[0]) >= {"id", "game", "players", "starting_stacks", "final_stacks",
                                                   "rake", "phh"}
    assert (tmp_path / "pokerstars-240000000101.phh").read_text() == by_id(
        import_histories(SAMPLES).hands, "240000000101").phh


hide = load_module(pathlib.Path(__file__).resolve().parent.parent / "tools" / "hidden_hands.py", "hidden_hands").hide
"""A hand's PHH as a site writes it for one player (tools/hidden_hands.py)."""


@pytest.mark.parametrize("game", ["badeucey", "badacey", "badugi", "deuce_seven", "ace_five"])
def test_hands_with_unknown_cards_replay_to_their_payoffs(game: str) -> None:
    rng = random.Random(game)
    size = 4 if game == "badugi" else 5
    reformed = 0
    for _ in range(12):
        n = rng.randint(2, 6)
        hand = Hand(TableRules(game, heads_up_cap=4), [rng.randint(10, 80) for _ in range(n)],
                    button=rng.randrange(n), seed=random.Random(rng.randrange(1 << 30)))  # (deals where stubs run out)
        while hand.phase != "over":
            if hand.phase == "draw":
                cards = hand.cards(hand.to_act or 0)
                hand.discard(rng.sample(cards, rng.randint(0, min(len(cards), 3))))
            else:
                actions = [a for a in hand.legal_actions() if a != "f" or rng.random() < 0.15]
                hand.act(rng.choice(actions))
        text = hide(hand, rng.randint(1, n), rng)
        reformed += sum(c or 0 for d in hand.draws for c in d) > 52 - n * size
        again = Hand.from_phh(text)
        assert again.payoffs == hand.payoffs, text
        assert Hand.from_phh(again.to_phh()).payoffs == hand.payoffs
    assert reformed or size == 4  # a five-card stub ran out in some: placeholders fitted to the cards reshuffled


def test_the_import_command_names_what_it_cannot_read(tmp_path: pathlib.Path) -> None:
    run = subprocess.run([sys.executable, "-m", "badeucey_fast", "import", str(SAMPLES[0].parent / "pokerstars-a5-and-antes.txt")],
                         capture_output=True, text=True, cwd=tmp_path, check=False)
    assert run.returncode == 1
    assert "badeucey import: hand 240000000304: Ben acts but has no seat" in run.stderr
    assert "PokerStars 240000000302  deuce_seven" in run.stdout


def test_a_card_drawn_and_thrown_before_the_reshuffle_is_dealt_again() -> None:
    """The hero (p4) is dealt Ad after the stub runs out: another player drew it in the first
    draw and threw it in the second, both unknown to the history (a hand of the engine, the
    other players' cards hidden as a site hides them)."""
    text = (pathlib.Path(__file__).parent / "data" / "reshuffled-late-draw.phh").read_text(encoding="utf-8")
    assert "d dh p4 Ad7sAh" in text
    hand = Hand.from_phh(text)
    assert hand.payoffs == (-42, -42, -42, -42, -42, 210)


def test_a_shown_card_dealt_after_the_reshuffle_is_kept() -> None:
    """p5 shows 9s at the end, dealt to it once the stub had run out (another player held it
    and threw it before): once dealt to p5, p5's unknown discard of the last draw keeps it, so
    the hand settles as recorded (the site's finishing stacks)."""
    text = (pathlib.Path(__file__).parent / "data" / "reshuffled-shown-late.phh").read_text(encoding="utf-8")
    assert "p5 sm Tc9c3d9s3c" in text
    hand = Hand.from_phh(text)
    assert sorted(hand.cards(3)) == sorted(parse_cards("Tc 9c 3d 9s 3c"))  # p5 is seat 3: the button is seat 4


def test_a_player_holds_no_more_cards_for_after_the_reshuffle_than_it_throws_before() -> None:
    """p1 throws one unknown card in each of the first two draws before the stub runs out: it can
    hold two of the cards dealt again after the reshuffle (3d, 5h, Ks here), not three, so the
    third is held by another player and p6's last draw finds Ks among the cards reshuffled."""
    text = (pathlib.Path(__file__).parent / "data" / "reshuffled-late-holder.phh").read_text(encoding="utf-8")
    assert "p1 sd ??" in text and "p6 sd ??????" in text
    hand = Hand.from_phh(text)
    assert hand.phase == "over" and sum(hand.payoffs or ()) == 0


def test_a_shown_card_the_hero_held_first_is_dealt_to_the_shower_later() -> None:
    """p6 shows Ts, which the hero (p3) was dealt and threw in the first draw: p6 is dealt it
    after, in its last cards, not in its first deal beside the hero's."""
    text = (pathlib.Path(__file__).parent / "data" / "reshuffled-shown-after-hero.phh").read_text(encoding="utf-8")
    assert "d dh p3 Ts6h7d3c7s" in text and "p6 sm Ts8c4sAhQc" in text
    hand = Hand.from_phh(text)
    assert hand.phase == "over" and sum(hand.payoffs or ()) == 0


@pytest.mark.parametrize("name", ["reshuffled-shown-passed-on", "reshuffled-mucker-drawn-late", "reshuffled-mucker-loses",
                                  "reshuffled-thrown-kept"])
def test_a_hand_reshuffled_that_the_placeholder_rules_cannot_fit_replays(name: str) -> None:
    """Hands of six players of the engine, the others' cards hidden as a site hides them, whose
    stub runs out early (a card a player shows came to it from another's unknown discard; a
    player who mucked drew its last cards from the reformed stub, or holds cards that would win;
    a player throws cards the rules of placeholders made it keep): a whole deal is searched
    for (badeucey_fast.play._fit), and the hand replays to the recorded finishing stacks."""
    text = (pathlib.Path(__file__).parent / "data" / f"{name}.phh").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    hand = Hand.from_phh(text)  # checks the finishing stacks
    order = [(hand.button + 1 + k) % hand.n_seats for k in range(hand.n_seats)]
    assert [hand.stacks[s] for s in order] == data["finishing_stacks"]
    assert Hand.from_phh(hand.to_phh()).stacks == hand.stacks  # its placeholders written back as ??
    assert sum(len(p) for p in hand.placeholders) > 0


def test_a_reshuffled_hand_no_deal_fits_is_refused_naming_a_card() -> None:
    """A player shows at the end a card the hero still holds: no deal fits, and the
    refusal names a card."""
    text = (pathlib.Path(__file__).parent / "data" / "reshuffled-shown-passed-on.phh").read_text(encoding="utf-8")
    broken = text.replace('"p3 sm 9d9hKh5s5d"', '"p3 sm 9d9hKh5s2c"')  # 2c: in the hero's (p2's) hand shown
    with pytest.raises(ValueError, match=r"\b[2-9TJQKA][cdhs]\b"):
        Hand.from_phh(broken)



def test_the_hidden_hands_tool_counts_the_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """tools/hidden_hands.py, the figures of docs/playing.rst's "Unknown cards", on a few hands."""
    tool = load_module(pathlib.Path(__file__).resolve().parent.parent / "tools" / "hidden_hands.py", "hidden_hands")
    assert tool.main(["--hands", "2", "--players", "6,6", "--throw", "4"]) == 0
    assert capsys.readouterr().out == "2 hands whose stub ran out: 0 refused\n"
