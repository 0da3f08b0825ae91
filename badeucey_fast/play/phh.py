"""Hand histories in PHH (the Poker Hand History format, TOML) for :class:`~badeucey_fast.play.hand.Hand`.

Players are labelled ``p1``, ``p2``, ... from the first seat left of the button;
the button is the last player (PHH's convention, which pokerkit follows).
``blinds_or_straddles`` lists the small and the big blind first (heads-up too:
pokerkit reads the pair reversed there, the button posting the small blind).

Game codes.  Fixed-limit Badugi is ``FB`` and fixed-limit deuce-to-seven triple
draw ``F2L3D``, the PHH standard's codes, which pokerkit's ``HandHistory.loads``
reads.  The PHH standard has no code for the other games and structures; this
project's own **provisional** codes are a structure letter (``F`` fixed, ``P``
pot, ``N`` no limit) followed by:

============  ===============================
``B``         Badugi (``PB``, ``NB``)
``2L3D``      deuce-to-seven triple draw (``P2L3D``, ``N2L3D``)
``A5L3D``     ace-to-five triple draw
``BDC3D``     Badeucey triple draw
``BAC3D``     Badacey triple draw
============  ===============================

The rules that PHH has no field for go in user-defined fields (``_``-prefixed,
which PHH readers keep and ignore): ``_badeucey_button`` (the button's seat),
``_badeucey_rules`` (cap, heads-up cap, structure, burn, blinds, ante),
``_badeucey_game`` (the game's rule variant: ace convention of the Badugi
half, low ranking, odd-chip half, qualifiers), ``_badeucey_burns`` (burnt
cards, when the table burns), ``_badeucey_posted`` (a list of true or false,
one a player: true for a player who posted a big blind out of turn, whose
entry of ``blinds_or_straddles`` is then the big blind; written only for a
hand with such a post, :attr:`Hand.posted
<badeucey_fast.play.hand.Hand.posted>`), ``_badeucey_dead`` (the same, true
for a player among them who posted a dead small blind with the big blind,
:attr:`Hand.dead <badeucey_fast.play.hand.Hand.dead>`; pokerkit has no dead
blind, so such a hand is not one it replays as played) and, while the hand is
not over,
``_badeucey_deal``: what decides the cards still to come (the stub in the
engine's order, whether it is dealt in that order, and the random state), so
that :func:`loads` gives a hand that plays on exactly as the original would.
A history without it (another program's) plays on with fresh random cards.
``_badeucey_rake`` is a site's rake (:mod:`badeucey_fast.histories`): the
engine plays without rake, and the ``finishing_stacks`` of such a history are
the replay's less the rake, taken from the winners.

Unknown cards (``??``, a site's history: the hidden hands) are dealt as
placeholders chosen so that the hand plays and settles as recorded
(:mod:`badeucey_fast.play._unknown`, docs/playing.rst "Unknown cards");
:func:`dumps` writes them back as ``??``.
As it tells the cards to come, an unfinished hand's text is a record to save
or resume, not one to show a player.

:func:`loads` reads a text whose fields agree with each other, or raises
:class:`ValueError`: the variant code, ``_badeucey_rules`` and
``_badeucey_game`` must describe the same game and structure, and the standard
fields (blinds, bets, finishing stacks) must be the rules' and the replay's.

Within a draw, pokerkit takes every player's discard before any replacement
card is dealt, so :func:`dumps` writes a draw's discards first and then the
deals, in seat order (the cards each player is dealt are the ones the engine
dealt, one player at a time).  :func:`loads` reads either order.

**pokerkit.**  pokerkit reads ``FB`` and ``F2L3D`` with its own count of the
cap: four bets and raises a round, the blinds not counted (so four raises after
the big blind), heads-up too.  A history of another program in those codes (one
without ``_badeucey_rules``) is therefore replayed with
``TableRules(cap_counts_blind=False, heads_up_cap=4)``; our own histories keep
their table's rules.  :func:`dumps` warns (:class:`PokerkitWarning`) when a hand
written in those codes has a round with more bets and raises than pokerkit
allows (an uncapped heads-up round, or a cap above 4): pokerkit cannot replay
it.  pokerkit also differs on a short big blind, a short all-in raise and odd
chips among three or more tied players (tests/test_engine_pokerkit.py).

This module imports the hand, never the reverse: importing
:mod:`badeucey_fast.play` gives :class:`~badeucey_fast.play.hand.Hand` its
:meth:`~badeucey_fast.play.hand.Hand.to_phh` (:func:`dumps`) and
:meth:`~badeucey_fast.play.hand.Hand.from_phh` (:func:`loads`).
"""

from __future__ import annotations

import base64
import json
import os
import random
import struct
import tomllib
import warnings
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import fields as dataclass_fields
from typing import Any

from badeucey_fast.cards import NAME_OF, parse_cards
from badeucey_fast.games import GAMES, Game
from badeucey_fast.play._fit import Fitted, fit_deal
from badeucey_fast.play._unknown import plan_hand, worst_hand
from badeucey_fast.play.events import BetRaise, Deal, Draw, Show, player_label
from badeucey_fast.play.hand import DealState, Hand, Replay, _one_call
from badeucey_fast.play.rules import TableRules

__all__ = ["MAX_PHH_CHARACTERS", "STANDARD_CODES", "POKERKIT_BETS", "PokerkitWarning", "dumps", "loads", "pokerkit_actions", "save", "variant_code"]


class PokerkitWarning(UserWarning):
    """A history :func:`dumps` writes in a PHH standard code that pokerkit cannot
    replay: a round with more bets and raises than pokerkit allows."""


POKERKIT_BETS = 4
"""The bets and raises pokerkit allows a fixed-limit round of ``FB`` and
``F2L3D`` (the blinds not counted), heads-up too."""

_GAME_CODES = {"badugi": "B", "deuce_seven": "2L3D", "ace_five": "A5L3D", "badeucey": "BDC3D", "badacey": "BAC3D"}
_CODE_GAMES = {code: name for name, code in _GAME_CODES.items()}
_STRUCTURE_LETTERS = {"fixed": "F", "pot": "P", "no": "N"}
_LETTER_STRUCTURES = {v: k for k, v in _STRUCTURE_LETTERS.items()}
STANDARD_CODES = ("FB", "F2L3D")
"""The codes of the PHH standard that this engine writes (pokerkit reads them)."""
MAX_PHH_CHARACTERS = 1_000_000
"""The longest text :func:`loads` reads: a hand's history takes a few
kilobytes (tens of thousands of actions fit), and a longer text is refused
before it is parsed."""


def variant_code(game: Game, structure: str) -> str:
    """The PHH variant code of a game and betting structure.

    >>> from badeucey_fast import GAMES
    >>> from badeucey_fast.play.phh import variant_code
    >>> variant_code(GAMES["badugi"], "fixed"), variant_code(GAMES["badeucey"], "pot")
    ('FB', 'PBDC3D')
    """
    base = _base_game(game)
    return _STRUCTURE_LETTERS[structure] + _GAME_CODES[base]


def _base_game(game: Game) -> str:
    if game.name in GAMES and GAMES[game.name] == game:
        return game.name
    for name, g in GAMES.items():  # a house variant: the built-in game it varies
        if (g.hand_size, g.badugi is None, g.low) == (game.hand_size, game.badugi is None, game.low):
            return name
    return "badeucey" if game.low == "deuce_seven" else "badacey"


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)  # a float's repr is a TOML float (inf and nan too)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items() if v is not None) + " }"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")  # pragma: no cover


def pokerkit_actions(hand: Hand) -> list[str]:
    """The hand's actions in the order PHH and pokerkit take: in each draw,
    every discard first, then every deal; ``??`` for each card that stands for
    one its history did not know (:attr:`Hand.placeholders
    <badeucey_fast.play.hand.Hand.placeholders>`).  Called within a call of the hand."""
    out: list[str] = []
    deals: list[str] = []
    draw = 0
    button, n = hand.button, hand.n_seats
    log = hand._events_now()
    marks = hand._unknown_marks()
    held: list[set[int]] = [set() for _ in range(n)]  # each seat's placeholders
    for event, dealt in zip(log, marks):
        lines = event.phh(player_label(event.seat, button, n))
        if dealt or held[event.seat]:  # PHH's ?? for each placeholder card
            hidden = held[event.seat]
            if isinstance(event, Deal):
                hidden.clear()
                lines = (_mask(lines[0], dealt),)
            elif isinstance(event, Draw) and event.count:
                lines = (_mask(lines[0], hidden), _mask(lines[1], dealt))
                hidden -= set(event.thrown or ())
            elif isinstance(event, Show):
                lines = (_mask(lines[0], hidden - hand._replay.shown if hand._replay else hidden),)
            hidden |= dealt
        if isinstance(event, Draw):
            if event.draw != draw:
                out.extend(deals)
                deals = []
                draw = event.draw
            out.append(lines[0])
            deals.extend(lines[1:])
        else:
            out.extend(deals)
            deals = []
            out.extend(lines)
    out.extend(deals)
    return out


def _mask(line: str, hidden: set[int] | frozenset[int]) -> str:
    """A PHH line whose last word is cards, ``??`` for each card of ``hidden``."""
    head, _, cards = line.rpartition(" ")
    ids = parse_cards(cards)
    return head + " " + "".join("??" if c in hidden else NAME_OF[c] for c in ids)


@_one_call  # (it reads the whole hand)
def dumps(hand: Hand, players: Sequence[str] | None = None) -> str:
    """The hand history as PHH (TOML) text, finished or not.

    The text shows every card; while the hand is not over it also holds what
    decides the cards to come (``_badeucey_deal``), so that :func:`loads`
    (:meth:`Hand.from_phh <badeucey_fast.play.hand.Hand.from_phh>`) plays on as
    this hand would: a record to save or resume, not one to show a player
    (:meth:`Hand.view <badeucey_fast.play.hand.Hand.view>` gives what a seat may know).

    :param players: the players' names by seat, written as PHH's ``players``
        field (in PHH's order, from the first seat left of the button): what
        :func:`~badeucey_fast.review.review` finds a hero by.
    :raises ValueError: for ``players`` that are not one text a seat.
    :warns PokerkitWarning: for a hand in the codes ``FB`` or ``F2L3D`` that
        pokerkit cannot replay (see the module docstring).
    """
    rules = hand.rules
    game = hand.game
    n = hand.n_seats
    order = [(hand.button + 1 + i) % n for i in range(n)]
    posted = [seat in hand.posted for seat in order]
    blinds = [rules.small_blind, rules.big_blind] + [rules.big_blind if p else 0 for p in posted[2:]]
    fields: list[tuple[str, Any]] = [
        ("variant", variant_code(game, rules.structure)),
        ("antes", [rules.ante] * n),
        ("blinds_or_straddles", blinds),
    ]
    if rules.structure == "fixed":
        fields += [("small_bet", rules.small_bet), ("big_bet", rules.big_bet)]
    else:
        fields += [("min_bet", rules.big_blind)]
    fields += [
        ("starting_stacks", [hand.starting_stacks[s] for s in order]),
        ("actions", pokerkit_actions(hand)),
    ]
    if players is not None:
        names = list(players) if not isinstance(players, str) else None
        if names is None or len(names) != n or not all(isinstance(name, str) for name in names):
            raise ValueError(f"players must be {n} names, one a seat, got {players!r}")
        fields.append(("players", [names[s] for s in order]))
    if hand.phase == "over":
        fields.append(("finishing_stacks", [hand.stacks[s] for s in order]))
    fields += [
        ("_badeucey_button", hand.button),
        ("_badeucey_rules", {
            "structure": rules.structure, "small_blind": rules.small_blind, "big_blind": rules.big_blind,
            "small_bet": rules.small_bet, "big_bet": rules.big_bet, "cap": rules.cap,
            "heads_up_cap": rules.heads_up_cap, "burn": rules.burn,
            **({} if rules.cap_counts_blind else {"cap_counts_blind": False}),
            **({"ante": rules.ante} if rules.ante else {}),
        }),
        ("_badeucey_game", {
            "name": game.name, "hand_size": game.hand_size, "badugi": game.badugi, "low": game.low,
            "odd_chip": game.odd_chip, "badugi_qualifier": game.badugi_qualifier,
            "low_qualifier": game.low_qualifier,
        }),
    ]
    if any(posted):
        fields.append(("_badeucey_posted", posted))
    dead = [seat in hand.dead for seat in order]
    if any(dead):
        fields.append(("_badeucey_dead", dead))
    burns = hand.burns
    if burns:
        fields.append(("_badeucey_burns", [NAME_OF[c] for c in burns]))  # a card may burn twice (reshuffled)
    if hand.phase != "over":
        fields.append(("_badeucey_deal", _deal_state(hand.deal_state)))
    if fields[0][1] in STANDARD_CODES:
        _warn_beyond_pokerkit(hand)
    return "".join(f"{key} = {_toml(value)}\n" for key, value in fields)


def save(hand: Hand, folder: str | os.PathLike[str], number: int, players: Sequence[str] | None = None) -> str:
    """Write the hand's :func:`dumps` to ``folder/hand-NNNNNN.phh`` (``number``
    zero-padded to six digits, more when larger), making the folder when
    missing; returns the file's path.  What ``badeucey match --phh-out``,
    ``badeucey play --phh-out`` and ``badeucey deal --phh-out`` write.

    :raises OSError: when the folder or the file cannot be written.
    """
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"hand-{number:06d}.phh")
    with open(path, "w", encoding="utf-8") as f:
        f.write(dumps(hand, players))
    return path


def _warn_beyond_pokerkit(hand: Hand) -> None:
    """Warn when a round has more bets and raises than pokerkit allows."""
    per_round: Counter[int] = Counter()
    betting = 0
    for event in hand.events:
        if isinstance(event, Draw):
            betting = event.draw
        elif isinstance(event, BetRaise):
            per_round[betting] += 1
    worst = max(per_round.values(), default=0)
    if worst > POKERKIT_BETS:
        warnings.warn(
            f"pokerkit cannot replay this {hand.game.name} history: a round has {worst} bets and raises, pokerkit "
            f"allows {POKERKIT_BETS} (play capped, e.g. TableRules(heads_up_cap=4), for histories pokerkit reads)",
            PokerkitWarning, stacklevel=4)  # (dumps' caller, past _one_call)


_MT_WORDS = 625
"""Words of a Mersenne Twister state as random.getstate() gives them: 624 and the position."""


def _deal_state(state: DealState) -> dict[str, Any]:
    """What decides the cards still to come: the stub in the engine's order (the
    next card last when ``ordered``), and the random state that picks from it and
    from the cards out of play that reform it."""
    deal: dict[str, Any] = {"stub": "".join(NAME_OF[c] for c in state.stub), "ordered": state.ordered}
    if state.random_state is None:  # a generator without a state: the rebuilt hand draws fresh randomness
        return deal
    version, words, gauss = state.random_state
    if version == 3 and len(words) == _MT_WORDS:
        deal["random"] = base64.b64encode(struct.pack(f"<{_MT_WORDS}I", *words)).decode()
        deal["gauss"] = gauss
    return deal


def _read_deal(value: object) -> DealState | None:
    """The ``_badeucey_deal`` field: the stub, whether it is ordered, the random state."""
    if value is None:
        return None
    if not isinstance(value, dict) or not set(value) <= {"stub", "ordered", "random", "gauss"}:
        raise ValueError("_badeucey_deal must be a table of stub, ordered, random and gauss")
    stub, ordered = value.get("stub"), value.get("ordered", False)
    if not isinstance(stub, str) or not isinstance(ordered, bool):
        raise ValueError("_badeucey_deal: stub must be cards and ordered true or false")
    cards = list(_cards(stub, "_badeucey_deal"))
    rng = random.Random()
    if "random" in value:
        text, gauss = value["random"], value.get("gauss")
        if not isinstance(text, str) or not (gauss is None or isinstance(gauss, float)):
            raise ValueError("_badeucey_deal: random must be text and gauss a number")
        try:
            words = struct.unpack(f"<{_MT_WORDS}I", base64.b64decode(text, validate=True))
            rng.setstate((3, words, gauss))
        except (ValueError, struct.error) as exc:
            raise ValueError(f"_badeucey_deal: random is not a random state ({exc})") from None
    return DealState(tuple(cards), ordered, rng.getstate() if "random" in value else None)


def _maybe_cards(text: str, where: str) -> tuple[int | None, ...]:
    """Cards as PHH writes them, None for each unknown card (``??``)."""
    text = "".join(text.split())
    if "?" not in text:
        return _cards(text, where)
    if len(text) % 2:
        raise ValueError(f"{where}: cards are two characters each, '??' an unknown card: {text!r}")
    return tuple(None if text[i:i + 2] == "??" else _cards(text[i:i + 2], where)[0] for i in range(0, len(text), 2))


def _unknown_discard(held: tuple[int, ...], throws: tuple[int | None, ...], keep: frozenset[int],
                     late: frozenset[int]) -> tuple[int, ...]:
    """The cards an unknown discard throws: the known ones, then placeholders
    (a card of the hand the player shows at the end only when it is dealt to
    it again once the stub has run out), the cards dealt once the stub has run
    out first."""
    known = [c for c in throws if c is not None]
    spare = sorted([c for c in held if (c not in keep or c in late) and c not in known], key=lambda c: c not in late)
    need = len(throws) - len(known)
    if len(spare) < need:
        raise ValueError(f"{len(throws)} cards thrown, but the player holds only {len(spare) + len(known)} it can throw")
    return tuple(known + spare[:need])


def _cards(text: str, where: str) -> tuple[int, ...]:
    if "?" in text:
        raise ValueError(f"{where}: unknown cards ({text!r}); a hand can be rebuilt only with every card known")
    return parse_cards(text)


def _whole(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{where} must be a whole number, got {value!r}")  # noqa: TRY004 - the API promises ValueError
    return value


def _numbers(data: dict[str, Any], key: str, n: int | None) -> list[int] | None:
    """A field that lists whole numbers (one per player when ``n`` is given), or None if absent."""
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, list):
        raise ValueError(f"{key} must be a list of whole numbers, got {value!r}")  # noqa: TRY004 - the API promises ValueError
    numbers = [_whole(v, f"each of {key}") for v in value]
    if n is not None and len(numbers) != n:
        raise ValueError(f"{key} lists {len(numbers)} numbers for {n} players")
    return numbers


_GAME_TYPES: dict[str, type] = {"name": str, "hand_size": int, "badugi": str, "low": str, "odd_chip": str,
                                "badugi_qualifier": int, "low_qualifier": int}
"""The type of each :class:`~badeucey_fast.games.Game` field in ``_badeucey_game`` (a missing
``badugi`` or ``low`` is None: TOML has no null)."""


def _read_posted(value: object, n: int, key: str = "_badeucey_posted") -> list[int]:
    """The ``_badeucey_posted`` field (or ``_badeucey_dead``): the players (0-based, PHH's
    order) who posted a big blind out of turn (or a dead small blind with it)."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) != n or not all(isinstance(v, bool) for v in value):
        raise ValueError(f"{key} must list true or false for each of the {n} players, got {value!r}")
    marked = [i for i, v in enumerate(value) if v]
    if any(i < 2 for i in marked):
        raise ValueError(f"{key} marks p1 or p2, who post the small and the big blind in turn")
    return marked


def _read_game(value: object, variant: str) -> Game:
    if value is None:
        return GAMES[_CODE_GAMES[variant[1:]]]
    if not isinstance(value, dict):
        raise ValueError(f"_badeucey_game must be a table, got {value!r}")  # noqa: TRY004 - the API promises ValueError
    known = {f.name for f in dataclass_fields(Game)}
    if not set(value) <= known:
        raise ValueError(f"bad _badeucey_game field: unknown {', '.join(sorted(set(value) - known))}")
    for key, item in value.items():
        if isinstance(item, bool) or not isinstance(item, _GAME_TYPES[key]):
            raise ValueError(f"bad _badeucey_game field: {key} = {item!r}")
    try:
        return Game(**{"badugi": None, "low": None, **value})
    except TypeError as exc:  # a required field missing
        raise ValueError(f"bad _badeucey_game field: {exc}") from None


def loads(text: str) -> Hand:
    """Rebuild a :class:`~badeucey_fast.play.hand.Hand` from PHH text written by
    :func:`dumps` (or any PHH of a game and structure this engine plays; an
    unknown card, ``??``, is dealt as a placeholder: the module docstring).

    The hand plays on exactly as the one that wrote the text would (the same
    legal actions, and the same cards to come when the text has
    ``_badeucey_deal``); otherwise the text raises.

    :raises ValueError: for text that is not PHH of a game this engine plays,
        longer than :data:`MAX_PHH_CHARACTERS`, fields of the wrong type or
        that contradict each other, numbers beyond the table's limits (chips
        at most ``2**40``, a cap at most ``2**31 - 1``), unknown cards that
        no deal can stand for (or in ``_badeucey_deal`` or
        ``_badeucey_burns``), an illegal action, or finishing stacks other
        than the replay's (less ``_badeucey_rake``).

    >>> from badeucey_fast.play import Hand, TableRules
    >>> hand = Hand(TableRules("badugi", burn=True), [50, 50], seed=3)
    >>> hand.check_call()
    >>> again = Hand.from_phh(hand.to_phh())
    >>> again == hand, again.legal_actions()
    (True, ('cc', 'cbr 4'))
    >>> Hand.from_phh(hand.to_phh().replace('"FB"', '"NB"'))
    Traceback (most recent call last):
    ...
    ValueError: _badeucey_rules' structure 'fixed' is not the variant 'NB''s ('no')
    """
    if not isinstance(text, str):
        raise ValueError(f"PHH is text, not {type(text).__name__}")  # noqa: TRY004 - the API promises ValueError
    if len(text) > MAX_PHH_CHARACTERS:
        raise ValueError(f"PHH text of {len(text):,} characters: at most {MAX_PHH_CHARACTERS:,} "
                         "(MAX_PHH_CHARACTERS) are read, more than any hand's history takes")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not PHH (TOML): {exc}") from None
    except RecursionError:
        raise ValueError("not PHH (TOML): nested too deeply") from None
    for key in ("variant", "starting_stacks", "actions"):
        if key not in data:
            raise ValueError(f"PHH without the {key!r} field")
    variant = data["variant"]
    if not isinstance(variant, str) or variant[:1] not in _LETTER_STRUCTURES or variant[1:] not in _CODE_GAMES:
        raise ValueError(f"unknown PHH variant {variant!r} (this engine plays {', '.join(_known_codes())})")
    structure = _LETTER_STRUCTURES[variant[0]]
    stacks = _numbers(data, "starting_stacks", None)
    assert stacks is not None
    n = len(stacks)
    if n < 2:
        raise ValueError(f"starting_stacks lists {n} players; a hand needs at least 2")
    antes = _numbers(data, "antes", n) or [0] * n
    ante = max(antes)
    if any(a not in (ante, min(ante, stack)) for a, stack in zip(antes, stacks)):
        raise ValueError(f"antes {antes} are not one ante for every player (all in when short): "
                         "this engine plays one ante a table")
    blinds = _numbers(data, "blinds_or_straddles", n)
    posted = _read_posted(data.get("_badeucey_posted"), n)
    dead = _read_posted(data.get("_badeucey_dead"), n, "_badeucey_dead")
    if not set(dead) <= set(posted):
        raise ValueError("_badeucey_dead marks a player who posts no big blind out of turn (_badeucey_posted)")
    game = _read_game(data.get("_badeucey_game"), variant)
    rules_field = data.get("_badeucey_rules")
    if rules_field is not None:
        if not isinstance(rules_field, dict):
            raise ValueError(f"_badeucey_rules must be a table, got {rules_field!r}")  # noqa: TRY004 - the API promises ValueError
        if rules_field.get("structure", structure) != structure:
            raise ValueError(f"_badeucey_rules' structure {rules_field['structure']!r} is not the variant {variant!r}'s"
                             f" ({structure!r})")
        if "game" in rules_field:
            raise ValueError("bad _badeucey_rules field: the game goes in _badeucey_game")
        try:
            rules = TableRules(game, **{"structure": structure, "ante": ante, **rules_field})
        except TypeError as exc:
            raise ValueError(f"bad _badeucey_rules field: {exc}") from None
        if rules.ante != ante:
            raise ValueError(f"antes {antes} are not the rules' ante {rules.ante}")
    else:
        if blinds is None:
            blinds = [0] * n
        if any(b for i, b in enumerate(blinds[2:], 2) if i not in posted):
            raise ValueError("blinds_or_straddles must be a small and a big blind, then zeros "
                             "(or a big blind posted out of turn, marked in _badeucey_posted)")
        extra: dict[str, Any] = {"structure": structure}
        if structure == "fixed":
            # pokerkit's count of the cap (the module docstring)
            extra.update(small_bet=data.get("small_bet"), big_bet=data.get("big_bet"), heads_up_cap=POKERKIT_BETS,
                         cap=POKERKIT_BETS, cap_counts_blind=False)
        rules = TableRules(game, small_blind=blinds[0], big_blind=blinds[1], ante=ante, **extra)
    if variant_code(game, structure) != variant:
        raise ValueError(f"_badeucey_game {game.name!r} is not the variant {variant!r}'s game")
    posts = [rules.small_blind, rules.big_blind] + [rules.big_blind if i in posted else 0 for i in range(2, n)]
    if blinds is not None and blinds != posts:
        raise ValueError(f"blinds_or_straddles {blinds} are not the rules' blinds {rules.small_blind}/{rules.big_blind}"
                         + (" with the big blinds posted out of turn of _badeucey_posted" if posted else
                            " (a big blind posted out of turn is marked in _badeucey_posted)"))
    bets = {"small_bet": rules.small_bet, "big_bet": rules.big_bet} if structure == "fixed" else {
        "min_bet": rules.big_blind}
    for key, expected in bets.items():
        if key in data and _whole(data[key], key) != expected:
            raise ValueError(f"{key} {data[key]} is not the rules' {expected}")
    finishing = _numbers(data, "finishing_stacks", n)
    rake = _whole(data.get("_badeucey_rake", 0), "_badeucey_rake")
    button = data.get("_badeucey_button", n - 1)
    if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < max(n, 1):
        raise ValueError(f"bad _badeucey_button {button!r}")
    order = [(button + 1 + i) % n for i in range(n)]
    seat_stacks = [0] * n
    for i, seat in enumerate(order):
        seat_stacks[seat] = stacks[i]

    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("actions must be a list of strings")
    initial: list[tuple[int | None, ...] | None] = [None] * n
    draws: dict[tuple[int, int], tuple[int | None, ...]] = {}  # by (draw, player)
    discards = [0] * n
    thrown: list[list[int]] = [[] for _ in range(n)]  # how many cards each player threw, draw by draw
    shown: list[tuple[int, ...] | None] = [None] * n
    folded = [False] * n
    plays: list[tuple[int, str, int, tuple[int | None, ...] | None]] = []
    sequence: list[tuple[int, int, int]] = []  # the folds (-1) and draws (cards thrown, unknown) in order
    moves: list[tuple[int, tuple[int | None, ...] | None]] = []  # the same: (player, None or the cards thrown)

    def player(label: str, where: str) -> int:
        number = label[1:]
        if label[:1] != "p" or not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= n:
            raise ValueError(f"{where}: no player {label!r} (p1..p{n})")
        return int(number) - 1

    for number, line in enumerate(actions, 1):
        where = f"action {number} {line!r}"
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if words[0] == "d":
            if len(words) != 4 or words[1] != "dh":
                raise ValueError(f"{where}: a draw game deals only hole cards ('d dh pN cards')")
            p = player(words[2], where)
            cards = _maybe_cards(words[3], where)
            if initial[p] is None:
                initial[p] = cards
            else:
                slot = (discards[p], p)
                if discards[p] == 0 or slot in draws:
                    raise ValueError(f"{where}: cards dealt to {words[2]} without a discard")
                draws[slot] = cards
            continue
        p = player(words[0], where)
        if len(words) >= 2 and words[1] == "sm":
            # showing: the engine shows every hand left at the end; a shown hand
            # is what a player with unknown cards holds at the end
            seen = _maybe_cards("".join(words[2:]), where)
            shown[p] = None if None in seen else tuple(c for c in seen if c is not None)
            continue
        throws: tuple[int | None, ...] | None = None
        if len(words) >= 2 and words[1] == "sd":
            discards[p] += 1
            throws = _maybe_cards("".join(words[2:]), where)
            thrown[p].append(len(throws))
        if len(words) >= 2 and words[1] == "f":
            folded[p] = True
            sequence.append((p, -1, 0))
            moves.append((p, None))
        elif throws is not None:
            sequence.append((p, len(throws), throws.count(None)))
            moves.append((p, throws))
        plays.append((number, line, p, throws))
    if any(h is None for h in initial):
        raise ValueError("the history does not deal every player a hand")
    for p in range(n):  # an unknown discard whose deal the history has not reached: unknown cards too
        for d, (count, (*_, throws)) in enumerate(zip(thrown[p], [x for x in plays if x[2] == p and x[3] is not None]), 1):
            if count and (d, p) not in draws and throws is not None and None in throws:
                draws[(d, p)] = (None,) * count
    named = frozenset(c for cards in [*initial, *draws.values(), *shown] for c in cards or () if c is not None) | {
        c for *_, throws in plays for c in throws or () if c is not None}
    hands: Sequence[tuple[int | None, ...]] = [h for h in initial if h is not None]
    unknown = any(None in h for h in hands) or any(None in d for d in draws.values()) or any(
        None in (t or ()) for *_, t in plays)
    keep: list[frozenset[int]] = [frozenset()] * n
    placeholders: frozenset[tuple[int, int, int]] = frozenset()
    late: frozenset[int] = frozenset()
    history = (list(hands), dict(draws))  # the cards as the history names them, for the search below
    unplaced: ValueError | None = None
    live = sum(not f for f in folded)
    mucked = [not folded[p] and shown[p] is None and live > 1 for p in range(n)]
    if unknown:
        try:
            known_throws = [[c for *_, q, t in plays if q == p for c in t or () if c is not None] for p in range(n)]
            plan = plan_hand(game, hands, draws, thrown, known_throws, shown, mucked, named, sequence)
            hands, draws, keep, placeholders, named = plan.hands, plan.draws, plan.keep, plan.unknown, plan.named
            late = plan.late
        except ValueError as exc:
            unplaced = ValueError(f"unknown cards: {exc}")
    burn_texts = data.get("_badeucey_burns", [])
    if not isinstance(burn_texts, list) or not all(isinstance(b, str) for b in burn_texts):
        raise ValueError("_badeucey_burns must be a list of cards")
    burns = [c for b in burn_texts for c in _cards(b, "_badeucey_burns")]
    state = _read_deal(data.get("_badeucey_deal"))
    seats = _Seats(rules, seat_stacks, button, order, [order[p] for p in posted], [order[p] for p in dead], burns,
                   shown, plays, finishing, rake)
    try:
        if unplaced is not None:
            raise unplaced
        hand = seats.replay(hands, draws, keep, placeholders, named, late, None)
    except ValueError as exc:
        if not unknown or burns:
            raise
        # Placeholders the rules of _unknown could not place (a stub reformed more than once, a
        # card back from the cards out of play): a whole deal searched for instead.
        searched = _searched(seats, game, fit_deal(n, game.hand_size, *history, moves, shown), mucked)
        if searched is None:
            raise exc from None  # (its message names the card the table could not deal)
        hand = searched
    hand.resume(state)
    return hand


def _searched(seats: _Seats, game: Game, deals: Iterator[Fitted], mucked: list[bool]) -> Hand | None:
    """The hand replayed with the first of ``deals`` that settles as recorded, of the
    first :data:`_FITS_TRIED`, or None."""
    n = len(mucked)
    try:
        for tries, fitted in enumerate(deals):
            fitted = _worst_for_muckers(game, fitted, mucked)
            try:
                return seats.replay(fitted.hands, fitted.draws, [frozenset()] * n, fitted.unknown,
                                    frozenset(range(52)), frozenset(), fitted.throws)
            except ValueError:
                if tries + 1 >= _FITS_TRIED:
                    return None
    except ValueError:  # no deal fits
        return None
    return None


def _worst_for_muckers(game: Game, fitted: Fitted, mucked: list[bool]) -> Fitted:
    """``fitted`` with each player who mucked at the showdown holding the worst hand
    the cards the history names nowhere make (:func:`worst_hand`), when it holds only
    such cards: so that it loses, as the site ruled."""
    pool = sorted(fitted.inert)
    for p, muck in enumerate(mucked):
        final = fitted.final[p]
        if not muck or not final or not final <= fitted.inert or len(pool) < game.hand_size:
            continue
        target = worst_hand(game, pool)
        for old in sorted(final - set(target)):
            fitted = fitted.swapped(old, next(c for c in target if c not in fitted.final[p]))
        pool = [c for c in pool if c not in target]
    return fitted


_FITS_TRIED = 8
"""The whole deals :func:`loads` replays, of those the search finds, before it refuses a history
(a player who mucked may win with the cards of one: the next gives it others)."""


class _Seats:
    """What :func:`loads` replays a history with, beside its cards."""

    def __init__(self, rules: TableRules, stacks: list[int], button: int, order: list[int], posted: list[int],
                 dead: list[int], burns: list[int], shown: list[tuple[int, ...] | None],
                 plays: list[tuple[int, str, int, tuple[int | None, ...] | None]], finishing: list[int] | None,
                 rake: int) -> None:
        self.rules, self.stacks, self.button, self.order = rules, stacks, button, order
        self.posted, self.dead, self.burns, self.shown, self.plays = posted, dead, burns, shown, plays
        self.finishing, self.rake = finishing, rake

    def replay(self, hands: Sequence[tuple[int | None, ...]], draws: Mapping[tuple[int, int], tuple[int | None, ...]],
               keep: list[frozenset[int]], placeholders: frozenset[tuple[int, int, int]], named: frozenset[int],
               late: frozenset[int], fixed: dict[int, tuple[int, ...]] | None) -> Hand:
        """The hand replayed: ``fixed`` (by the index of the fold or draw) the cards of each
        unknown discard, or None to choose them by ``keep`` and ``late``."""
        order, shown, rake, finishing, burns = self.order, self.shown, self.rake, self.finishing, self.burns
        known_hands = [tuple(c for c in h if c is not None) for h in hands]
        if any(len(h) != len(k) for h, k in zip(hands, known_hands)):  # pragma: no cover - plan_hand fills every hand
            raise ValueError("the history leaves a hand unknown")
        seat_draws = {(d, order[p]): cards for (d, p), cards in draws.items()}
        hand = Hand(self.rules, self.stacks, button=self.button, posted=self.posted, dead=self.dead,
                    deal=Replay(tuple(known_hands), seat_draws, tuple(burns),
                                frozenset((d, order[q], c) for d, q, c in placeholders), named,
                                frozenset(c for cards in shown for c in cards or ())))
        # Where each player is dealt each named card: a card it must keep, first dealt once the stub
        # has run out, is thrown while held before then (it comes back), kept once it has come.
        arrives = [{c: d for (d, q), cards in draws.items() if q == p for c in cards if c is not None}
                   for p in range(len(order))]
        moved = -1
        for number, line, p, throws in self.plays:
            moved += throws is not None or line.split("#", 1)[0].split()[1:2] == ["f"]
            try:
                if throws is not None and None in throws and fixed is not None:
                    hand.discard(fixed[moved])
                elif throws is not None and None in throws:
                    due = frozenset(c for c in late if c not in keep[p] or arrives[p].get(c, 0) > hand.round)
                    hand.discard(_unknown_discard(hand.cards(order[p]), throws, keep[p], due))
                else:
                    hand.act(line)
            except ValueError as exc:
                raise ValueError(f"action {number} {line!r}: {exc}") from None
        drawn = hand.draws
        for (d, seat), cards in seat_draws.items():  # every deal listed was dealt
            if d > len(drawn) or drawn[d - 1][seat] != len(cards):
                raise ValueError(f"the history deals p{order.index(seat) + 1} {len(cards)} cards in draw {d}, "
                                 "more than it threw")
        if len(hand.burns) != len(burns):
            raise ValueError(f"the history burns {len(burns)} cards, the table's rules {len(hand.burns)}")
        if hand.phase == "over":
            if finishing is not None:
                replayed = [hand.stacks[s] for s in order]
                # The engine plays without rake: a site's rake comes out of what the winners took.
                taken = [r - f for r, f in zip(replayed, finishing)]
                if finishing != replayed and (min(taken) < 0 or sum(taken) != rake):
                    raise ValueError(f"finishing_stacks {finishing} differ from the replay's {replayed}"
                                     + (f" less the rake {rake}" if rake else ""))
        elif finishing is not None:
            raise ValueError("finishing_stacks given, but the history does not finish the hand")
        return hand


def _known_codes() -> list[str]:
    return [s + g for s in _LETTER_STRUCTURES for g in _CODE_GAMES]


# The hand's PHH methods (this module imports the hand, never the reverse).
Hand.to_phh = dumps  # type: ignore[method-assign,assignment]
Hand.from_phh = staticmethod(loads)  # type: ignore[method-assign]
