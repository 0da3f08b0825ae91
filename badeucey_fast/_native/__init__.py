"""The native layer: the one importer of the compiled module ``badeucey_fast._core``.

Every other module takes the C core from here: ``ffi`` and ``lib`` (hot paths
bind ``lib.bdc_*`` functions to module-level names, so a call crosses no Python
layer), the ranking facts, and the helpers around them.  The public header
``csrc/badeucey.h`` declares the class counts, the limits and the status codes;
this module reads them from the compiled ``lib`` and is the one place the rest
of the package takes them from.  It also holds the one helper that turns a C
status code into an exception, and the one maker of the one-hand builtins
(:func:`one_hand`, the Python side of ``csrc/bindings/one_hand.c``); it passes
on :func:`check_int` and :func:`quote` of :mod:`badeucey_fast._checks`, the
one validator of integer arguments.  Adding a ranking touches the header, the
generator and :data:`RANKINGS`.

>>> from badeucey_fast._native import RANKINGS, check_int
>>> RANKINGS["deuce_seven"].scale
7462
>>> check_int(True, "draws")
Traceback (most recent call last):
...
TypeError: draws must be an integer, got True (bool)
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import Any, Literal, NamedTuple, TypeVar

from badeucey_fast._checks import (
    CAP_LIMIT as _CHECKED_CAP_LIMIT,
    CHIP_LIMIT as _CHECKED_CHIP_LIMIT,
    DECK_SIZE as _CHECKED_DECK_SIZE,
    check_int as check_int,
    quote as quote,
)
from badeucey_fast._core import ffi as ffi, lib as lib  # re-exported: the package's only way to the C core

Ranking = Literal["badugi_low", "badugi_high", "deuce_seven", "ace_five"]
"""A single ranking: Badugi aces low or aces high, deuce-to-seven, ace-to-five."""

DECK_SIZE: int = lib.BDC_DECK_SIZE
"""Cards in the deck: card ids are 0 .. DECK_SIZE - 1."""
if DECK_SIZE != _CHECKED_DECK_SIZE:  # pragma: no cover - the card-id contract of badeucey_fast._checks
    raise ImportError("BDC_DECK_SIZE no longer matches badeucey_fast._checks.DECK_SIZE")
if lib.BDC_TABLE_MAX_CHIPS != _CHECKED_CHIP_LIMIT:  # pragma: no cover - the chips contract of badeucey_fast._checks
    raise ImportError("BDC_TABLE_MAX_CHIPS no longer matches badeucey_fast._checks.CHIP_LIMIT")
if _CHECKED_CAP_LIMIT != (1 << (8 * ffi.sizeof("int") - 1)) - 1:  # pragma: no cover - bdc_table_rules.cap is an int
    raise ImportError("the C int no longer holds badeucey_fast._checks.CAP_LIMIT")
MIN_HAND_CARDS: int = lib.BDC_MIN_HAND_CARDS
MAX_HAND_CARDS: int = lib.BDC_MAX_HAND_CARDS
MIN_SEATS: int = lib.BDC_MIN_SEATS
MAX_SEATS: int = lib.BDC_MAX_SEATS
MAX_DRAWS: int = lib.BDC_MAX_DRAWS
SPLIT_SHIFT: int = lib.BDC_SPLIT_SHIFT
"""The split-game functions pack ``(badugi_rank << SPLIT_SHIFT) | low_rank``."""
FOUR_CARD_BADUGIS: int = lib.BDC_BADUGI_FOUR_CARD_CLASSES
"""Badugi ranks 1 .. FOUR_CARD_BADUGIS are the four-card badugis."""


class RankingInfo(NamedTuple):
    """What the package knows about one ranking."""

    name: Ranking
    """The ranking's name in the API, e.g. ``"badugi_high"``."""
    code: int
    """Its ``enum bdc_ranking`` value in the C core."""
    scale: int
    """Its number of classes: ranks are 1 .. scale."""
    short: str
    """The label of its half in tables: ``Badugi``, ``2-7`` or ``A-5``."""
    long: str
    """Its name in words, e.g. ``Badugi, aces high`` or ``deuce-to-seven``."""
    sizes: tuple[int, ...]
    """The numbers of cards it ranks."""


_BADUGI_SIZES = tuple(range(MIN_HAND_CARDS, MAX_HAND_CARDS + 1))
_FIVE = (MAX_HAND_CARDS,)

RANKINGS: dict[Ranking, RankingInfo] = {
    info.name: info
    for info in (
        RankingInfo("badugi_low", lib.BDC_BADUGI_LOW, lib.BDC_BADUGI_CLASSES, "Badugi", "Badugi, aces low", _BADUGI_SIZES),
        RankingInfo("badugi_high", lib.BDC_BADUGI_HIGH, lib.BDC_BADUGI_CLASSES, "Badugi", "Badugi, aces high", _BADUGI_SIZES),
        RankingInfo("deuce_seven", lib.BDC_DEUCE_SEVEN, lib.BDC_DEUCE_SEVEN_CLASSES, "2-7", "deuce-to-seven", _FIVE),
        RankingInfo("ace_five", lib.BDC_ACE_FIVE, lib.BDC_ACE_FIVE_CLASSES, "A-5", "ace-to-five", _FIVE),
    )
}
"""Every single ranking, by name, in the order the CLI lists them."""


def ranking_info(ranking: object) -> RankingInfo:
    """The :data:`RANKINGS` entry of a ranking name.

    :raises ValueError: for a name that is not a ranking.

    >>> from badeucey_fast._native import ranking_info
    >>> ranking_info("ace_five").long
    'ace-to-five'
    >>> ranking_info("holdem")
    Traceback (most recent call last):
    ...
    ValueError: unknown ranking 'holdem' (known: badugi_low, badugi_high, deuce_seven, ace_five)
    """
    try:
        return RANKINGS[ranking]  # type: ignore[index]
    except (KeyError, TypeError):
        raise ValueError(f"unknown ranking {ranking!r} (known: {', '.join(RANKINGS)})") from None


def status_text(status: int) -> str:
    """What a C status code means, in the header's words (``bdc_status_text``).

    >>> from badeucey_fast._native import lib, status_text
    >>> status_text(lib.BDC_E_DUPLICATE)
    'the same card twice'
    """
    text: bytes = ffi.string(lib.bdc_status_text(status))
    return text.decode()


def raise_for_status(status: int, what: str, subject: str = "the input") -> None:
    """Raise a ValueError for a negative C status code: ``"<what>: <subject> has <problem>"``.

    :param status: what a C function returned; >= 0 (success) does nothing.
    :param what: the caller's name, for the message.
    :param subject: what the C core rejected, e.g. ``"hands[3] = [1, 1, 2, 3, 4]"``.

    >>> from badeucey_fast._native import lib, raise_for_status
    >>> raise_for_status(lib.BDC_OK, "draw")
    >>> raise_for_status(lib.BDC_E_ARGUMENT, "draw")
    Traceback (most recent call last):
    ...
    ValueError: draw: the input has a setting outside its range
    """
    if status < 0:
        raise ValueError(f"{what}: {subject} has {status_text(status)}")


# --------------------------------------------------------------------------- #
# The one-hand functions as builtins (csrc/bindings/one_hand.c)
# --------------------------------------------------------------------------- #
_Function = TypeVar("_Function", bound=Callable[..., object])

if lib.bdc_py_install(__name__.encode(), b"_one_hand") != 0:  # stores the factory here, as _one_hand
    raise ImportError("badeucey_fast._core could not make its one-hand builtins (the error is printed above)")
_one_hand: Callable[..., Any] = globals()["_one_hand"]  # named again, for readers and type checkers
"""The factory of the one-hand builtins (``csrc/bindings/one_hand.c``): each kind is made once per process."""
ONE_HAND_FALLBACKS: dict[Callable[..., Any], Callable[..., Any]] = {}
"""Each one-hand builtin -> the Python function it stands for (whose annotations the docs show)."""


_CO_VARARGS, _CO_VARKEYWORDS = 0x04, 0x08  # a code object's flags for *args and **kwargs (inspect.CO_VARARGS, ...)


def _text_signature(function: types.FunctionType) -> str:
    """The parameters of a Python function without their annotations, as
    ``inspect.signature`` writes them: ``(cards, *, ace_high=False)``.

    A builtin's docstring starts with this text (``name(...)`` then ``--``), from
    which Python derives its ``__text_signature__`` and ``inspect.signature``
    its signature when asked; so nothing inspects the fallback at import.

    :raises TypeError: for ``*args`` or ``**kwargs``, which no fallback takes.
    """
    code = function.__code__
    if code.co_flags & (_CO_VARARGS | _CO_VARKEYWORDS):
        raise TypeError(f"one_hand: the fallback {function.__name__} takes *args or **kwargs")
    n_positional, n_keyword = code.co_argcount, code.co_kwonlyargcount
    names = code.co_varnames[: n_positional + n_keyword]
    defaults = function.__defaults__ or ()
    keyword_defaults = function.__kwdefaults__ or {}
    first_default = n_positional - len(defaults)
    words = []
    for index, name in enumerate(names[:n_positional]):
        words.append(name if index < first_default else f"{name}={defaults[index - first_default]!r}")
        if index + 1 == code.co_posonlyargcount:
            words.append("/")
    if n_keyword:
        words.append("*")
    for name in names[n_positional:]:
        words.append(f"{name}={keyword_defaults[name]!r}" if name in keyword_defaults else name)
    return f"({', '.join(words)})"


def _clean_doc(doc: str) -> str:
    """A docstring without its indentation and its blank first and last lines,
    as ``inspect.cleandoc`` gives it (the form a builtin's ``__doc__`` takes)."""
    lines = doc.expandtabs().split("\n")
    margin = min((len(line) - len(line.lstrip()) for line in lines[1:] if line.strip()), default=0)
    lines = [lines[0].lstrip()] + [line[margin:] for line in lines[1:]]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


def one_hand(
    kind: int,
    name: str,
    fallback: _Function,
    memo: dict[int, Any] | None = None,
    halves_of: Callable[[int], Any] | None = None,
) -> _Function:
    """The one-hand function ``name``, as a builtin of ``csrc/bindings/one_hand.c``.

    A call with one tuple or list of plain int card ids (or one int mask) that
    the C core ranks is answered in C, in less time than the bare cffi call
    it replaces (the same checks in Python cost two to three times it); the
    first check of a hand's ids (``quick_ids``) is made there too.  Every
    other call (card text, numpy integers, a bool, a bad card, keywords, a
    wrong count) goes to ``fallback``, the Python function of the same
    signature, as it came: it normalises the hand or raises the package's
    error, so each rule and message has one source.

    :param kind: one of the ``lib.BDC_PY_*`` kinds (which C function, which result).
    :param name: the function's name; ``fallback`` is renamed to it, so that its
        messages (a missing argument, say) name the public function (so the
        fallback itself no longer pickles: pickle finds the builtin by that name).
    :param fallback: the Python function; its signature (as text, without its
        annotations) and docstring move to the builtin (its ``__doc__`` is
        cleared, so the doctests run once), its annotations stay with it
        (:data:`ONE_HAND_FALLBACKS`, for the docs).
    :param memo: for a split game, the dict ``packed -> Halves`` the builtin reads.
    :param halves_of: for a split game, the function that makes and memoises a
        missing ``Halves`` from its packed value.
    :raises RuntimeError: for a kind made before (a builtin's C state is per
        kind and per process: reloading the module that makes it is refused).
    """
    if not isinstance(fallback, types.FunctionType):
        raise TypeError(f"one_hand: the fallback of {name} must be a Python function")
    doc = f"{name}{_text_signature(fallback)}\n--\n\n{_clean_doc(fallback.__doc__ or '')}"
    fallback.__name__ = fallback.__qualname__ = name
    fallback.__doc__ = None
    made: _Function = _one_hand(kind, name, doc, sys.modules[fallback.__module__], fallback, memo, halves_of)
    ONE_HAND_FALLBACKS[made] = fallback
    return made
