"""The base type of :class:`~badeucey_fast.play.Hand`: the Python side of
``csrc/bindings/hand_core.c``.

The type holds a hand's C table in the object and answers the common, valid
calls of random or trained play in C: making a hand with the rules the last
one was made with, ``legal()``, ``legal_actions()``, ``cards(seat)``,
``to_act``, ``phase``, ``payoffs``, and the actions (by method or as the
words ``act`` takes) on a table that neither burns nor replays a recorded hand.  Every other call goes, as it came, to the Python function
that stands for it (its fallback, in :mod:`badeucey_fast.play.hand`), which
holds every rule and message; the methods' docstrings are the fallbacks'.
:func:`hand_core` makes the type, once per process.
"""

from __future__ import annotations

import random
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from badeucey_fast._native import _clean_doc, _text_signature, lib
from badeucey_fast._native.seeding import seeded_generator

if TYPE_CHECKING:
    from badeucey_fast.games import Game
    from badeucey_fast.play.hand import Uncontested
    from badeucey_fast.play.rules import TableRules
    from badeucey_fast.play.view import Legal
    from badeucey_fast.showdown import ShowdownResult

METHODS = ("legal", "cards", "fold", "check_call", "bet_raise", "discard", "legal_actions", "act")
"""The methods answered in C, each with a fallback of the same parameters after the hand."""
PROPERTIES = ("to_act", "phase", "payoffs")
"""The properties read in C."""

if lib.bdc_py_install_hand(__name__.encode(), b"_hand_core") != 0:  # stores the factory here, as _hand_core
    raise ImportError("badeucey_fast._core could not make Hand's base type (the error is printed above)")
_hand_core: Callable[..., type] = globals()["_hand_core"]  # named again, for readers and type checkers


def _method_doc(name: str, fallback: types.FunctionType) -> str:
    """A method's docstring with its text signature (``name($self, seat)``, from the fallback)."""
    signature = _text_signature(fallback)  # "(self, seat)": the fallback's first parameter is the hand
    first = signature.find(",")
    return f"{name}($self{'' if first < 0 else signature[first:-1]})\n--\n\n{_clean_doc(fallback.__doc__ or '')}"


def hand_core(name: str, doc: str, init: Callable[..., None], fallbacks: dict[str, Callable[..., Any]],
              properties: dict[str, str], legals: dict[bytes, Legal], new_legal: Callable[[bytes], Legal]) -> type:
    """Hand's base type, named ``name`` (``module.Type``) with the class docstring ``doc``.

    :param init: the Python ``__init__`` (the fallback of ``Type(...)``).
    :param fallbacks: the Python function of each of :data:`METHODS`, called with the hand first.
    :param properties: the docstring of each of :data:`PROPERTIES`.
    :param legals: the :class:`Legal` values met, by the bytes of their ``bdc_legal``;
        ``new_legal(key)`` makes (and keeps) one that is missing.
    :raises RuntimeError: when the type was made already (once per process).
    """
    docs = {method: _method_doc(method, fallbacks[method]) for method in METHODS}  # type: ignore[arg-type]
    docs.update({prop: _clean_doc(properties[prop]) for prop in PROPERTIES})
    return _hand_core(name, _clean_doc(doc), {"__init__": init, **fallbacks}, docs, legals, new_legal, random.Random,
                      seeded_generator)


if TYPE_CHECKING:

    class HandCore:
        """What the type holds and answers, for type checkers (the type itself is made at run time)."""

        rules: TableRules
        button: int
        _game: Game
        _size: int
        _structure: str
        _n: int
        _start: tuple[int, ...]
        _posted: tuple[tuple[int, ...], tuple[int, ...]] | None  # (the big blinds posted out of turn, the dead small blinds)
        _rng: random.Random
        _replay: Any
        _raw: bytearray
        _log: list[Any]
        _decoded: int
        _burns: list[int]
        _views: dict[int | None, tuple[int, tuple[Any, ...]]]
        _legal: Legal | None
        _actions: tuple[str, ...] | None
        _result: ShowdownResult | Uncontested | None
        _ctable: Any
        _cbytes: memoryview | None
        _careful: bool
        _started: bool
        _fresh: bool
        _sealed: bool

        @property
        def _streamed(self) -> bool: ...  # the generator still an int seed's stream in C (read only)

        def __init__(self, *args: Any, **kwargs: Any) -> None: ...
        @property
        def to_act(self) -> int | None: ...
        @property
        def phase(self) -> str: ...
        @property
        def payoffs(self) -> tuple[int, ...] | None: ...
        @property
        def _address(self) -> int: ...
        def legal(self) -> Legal: ...
        def cards(self, seat: int) -> tuple[int, ...]: ...
        def fold(self) -> None: ...
        def check_call(self) -> None: ...
        def bet_raise(self, to: int | None = None) -> None: ...
        def discard(self, cards: Any = ()) -> None: ...
        def legal_actions(self) -> tuple[str, ...]: ...
        def act(self, text: str) -> None: ...
        def _clone(self) -> Any: ...
        def _enter(self) -> None: ...
        def _leave(self) -> None: ...
        def _keep_rules(self, rules: TableRules, c_rules: bytes, game: Game, size: int, structure: str,
                        max_seats: int) -> None: ...
