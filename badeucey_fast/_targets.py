"""Targets: the hands a player draws to, read from the words players use.

See :mod:`badeucey_fast.draws` for the forms a target takes.  A :class:`Target`
is plain data, the worst rank that counts in each half; :func:`parse_target`
reads every other form into one, once, for a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Union

from badeucey_fast._checks import check_int, quote
from badeucey_fast._native import (
    FOUR_CARD_BADUGIS,
    MAX_HAND_CARDS,
    MIN_HAND_CARDS,
    RANKINGS,
)
from badeucey_fast.cards import RANK_CHARS
from badeucey_fast.games import Game, Half, get_game
from badeucey_fast.names import class_ranks, hand_name

DEFAULT_TARGETS: dict[Half, str] = {"badugi": "badugi", "low": "low:9"}
"""The policy's target per half when none is given: any four-card badugi; a
9-low or better.  A split game aims at both."""

_MADE_HAND: dict[Half, int] = {"badugi": MIN_HAND_CARDS, "low": MAX_HAND_CARDS}  # a four-card badugi; a five-card low
_HALF_ALIASES: dict[str, Half] = {"badugi": "badugi", "low": "low", "2-7": "low", "27": "low", "a-5": "low", "a5": "low"}
_RANK_OF = {c: i for i, c in enumerate(RANK_CHARS)}


@dataclass(frozen=True)
class Target:
    """The hands a player draws to: the worst rank that counts in each half
    (lower ranks are better), or None for a half that does not matter."""

    badugi: int | None = None
    low: int | None = None

    def __post_init__(self) -> None:
        """Each limit as a plain int (numpy integers too), or None; a TypeError for
        anything else (a bool, a float, a list...).  Ranges are checked against a
        game by :func:`parse_target`."""
        for half in ("badugi", "low"):
            limit = getattr(self, half)
            if limit is not None and type(limit) is not int:
                object.__setattr__(self, half, check_int(limit, f"Target: the {half} limit", expected="a rank or None"))

    def met_by(self, ranks: Mapping[Half, int]) -> bool:
        """Does a hand with these ranks (per half) meet the target?"""
        return all(limit is None or ranks[half] <= limit for half, limit in self.limits().items())

    def limits(self) -> dict[Half, int | None]:
        """The target as ``{half: worst rank}``."""
        return {"badugi": self.badugi, "low": self.low}

    def describe(self, game: Game) -> str:
        """The target in words, e.g. ``"any four-card badugi and 9-8-7-6-4 (9-8 low) or better"``."""
        parts = [
            "any four-card badugi" if half == "badugi" and limit == FOUR_CARD_BADUGIS
            else f"{hand_name(limit, game.ranking(half))} or better"
            for half, limit in self.limits().items()
            if limit is not None
        ]
        return " and ".join(parts) if parts else "any hand"


TargetLike = Union[str, int, Target, Mapping[str, Union[str, int]], None]  # noqa: UP007 (a runtime alias)
"""A target: text (see the module docs), a :class:`Target`, a rank (single-half
games), or a dict of per-half ranks or texts."""


@cache
def _classes(ranking: str, scale: int) -> tuple[tuple[tuple[int, ...], bool], ...]:
    """Every class of a ranking (``scale`` of them) as (card ranks in naming order,
    one-suit flag), best first."""
    return tuple(class_ranks(rank, ranking) for rank in range(1, scale + 1))  # type: ignore[arg-type]


def _parse_ranks(text: str, where: str) -> tuple[int, ...]:
    """Card ranks such as ``8``, ``86``, ``8-6``, ``T-9``, ``10`` or ``8-low``."""
    core = text.strip().upper()
    for suffix in ("-LOW", " LOW", "LOW", "-HIGH", " HIGH", "HIGH"):
        if core.endswith(suffix):
            core = core[: -len(suffix)]
            break
    core = core.replace("10", "T").replace("-", "").replace(" ", "")
    if not core or any(c not in _RANK_OF for c in core):
        raise ValueError(f"target {quote(where)}: {quote(text)} is not a list of card ranks (e.g. 8, 86, 8-6-4-3-2)")
    return tuple(_RANK_OF[c] for c in core)


def _half_limit(game: Game, half: Half, spec: str | int | None, where: str) -> int:
    """The worst rank of a half that meets one part of a target."""
    if half not in game.halves:
        raise ValueError(f"target {quote(where)}: game {game.name!r} has no {half} half")
    ranking = game.ranking(half)
    scale = game.scale(half)
    if not isinstance(spec, str) and spec is not None:
        rank = check_int(spec, f"target {quote(where)}: a rank")
        if not 1 <= rank <= scale:
            raise ValueError(f"target {quote(where)}: rank {rank} is outside 1..{scale} of {ranking}")
        return rank
    if spec is None or spec.strip() == "":
        if half == "badugi":
            return FOUR_CARD_BADUGIS
        raise ValueError(f"target {quote(where)}: say how low, e.g. 'low:8' (8-low or better)")
    spec = spec.strip()
    if spec.startswith("#"):
        try:
            rank = int(spec[1:])
        except ValueError:
            raise ValueError(f"target {quote(where)}: {quote(spec)} is not a rank number such as #120") from None
        return _half_limit(game, half, rank, where)
    prefix = _parse_ranks(spec, where)
    size = _MADE_HAND[half]
    matches = [
        rank
        for rank, (ranks, flush) in enumerate(_classes(ranking, scale), start=1)
        if len(ranks) == size
        and ranks[: len(prefix)] == prefix
        and not flush
        and len(set(ranks)) == size
        and not (ranking == "deuce_seven" and ranks[0] - ranks[4] == size - 1)  # a straight
    ]
    if len(prefix) > size or not matches:
        kind = "four-card badugi" if half == "badugi" else f"unpaired {RANKINGS[ranking].long} hand"
        raise ValueError(f"target {quote(where)} names no {kind}")
    return max(matches)  # the worst hand with that start: it "or better"


def parse_target(target: TargetLike, game: str | Game = "badeucey") -> Target | None:
    """Read a target (see the module docs) for a game.

    :raises ValueError: for text that names no hand, a half the game lacks, or
        a rank outside the half's scale.

    >>> from badeucey_fast import parse_target
    >>> parse_target("badugi+low:8", "badeucey")
    Target(badugi=715, low=...)
    >>> parse_target("low:5", "badeucey")
    Traceback (most recent call last):
    ...
    ValueError: target 'low:5' names no unpaired deuce-to-seven hand
    """
    return _parse(target, get_game(game))


def _parse(target: TargetLike, rules: Game) -> Target | None:
    """:func:`parse_target` for a resolved game."""
    if target is None or isinstance(target, Target):
        if isinstance(target, Target):
            for half, limit in target.limits().items():
                if limit is not None:
                    _half_limit(rules, half, limit, repr(target))
        return target
    limits: dict[Half, int] = {}
    if isinstance(target, str):
        parts = [p.strip() for p in target.replace(",", "+").split("+")]
        if not any(parts):
            raise ValueError("target: empty text")
        for part in parts:
            name, sep, text = part.partition(":")
            named = _HALF_ALIASES.get(name.strip().lower())
            if named is None:
                if sep or rules.is_split:
                    said = quote(target) if part == target.strip() else f"{quote(target)}: {quote(part)}"
                    raise ValueError(f"target {said} names no half (badugi or low, e.g. 'low:8')")
                named, text = rules.halves[0], part
            if named in limits:
                raise ValueError(f"target {quote(target)} names the {named} half twice")
            limits[named] = _half_limit(rules, named, text, target)
    elif isinstance(target, Mapping):
        for key, spec in target.items():
            found = _HALF_ALIASES.get(str(key).lower())
            if found is None:
                raise ValueError(f"target: unknown half {quote(key)} (badugi or low)")
            limits[found] = _half_limit(rules, found, spec, f"{key}:{spec}")
    else:
        try:
            rank = check_int(target, "a target")
        except TypeError:
            raise TypeError(f"a target is text, a rank, a Target or a dict, not {_kind(target)}") from None
        if rules.is_split:
            raise ValueError(f"target {rank}: a bare rank is ambiguous in {rules.name}; use a dict or 'low:#{rank}'")
        limits[rules.halves[0]] = _half_limit(rules, rules.halves[0], rank, str(rank))
    return Target(limits.get("badugi"), limits.get("low"))


def _kind(value: object) -> str:
    """How a wrong target is named: a bool by its value, anything else by its type."""
    return repr(value) if isinstance(value, bool) or type(value).__name__ == "bool_" else type(value).__name__


def default_target(game: str | Game) -> Target:
    """The policy's target when none is given (:data:`DEFAULT_TARGETS`)."""
    return default_target_of(get_game(game))


@lru_cache(maxsize=64)
def default_target_of(rules: Game) -> Target:
    """:func:`default_target` of a resolved game, kept (a Target is immutable)."""
    target = _parse("+".join(DEFAULT_TARGETS[h] for h in rules.halves), rules)
    assert target is not None
    return target


def read_target(target: TargetLike, rules: Game) -> Target | None:
    """:func:`parse_target` for a game, with text targets kept: a text naming
    hands ("low:9") is parsed by scanning the half's classes, a millisecond
    each time, and a :class:`Target` is immutable.

    >>> from badeucey_fast import Target, get_game
    >>> from badeucey_fast._targets import read_target
    >>> read_target("badugi", get_game("badugi")) == Target(badugi=715)
    True
    """
    return _parse_text(target, rules) if type(target) is str else _parse(target, rules)


@lru_cache(maxsize=256)
def _parse_text(target: str, rules: Game) -> Target | None:
    return _parse(target, rules)
