"""Test support shared by ``tests/`` files: RULES.md's golden examples, written once.

Import it as ``from .support import ...`` (pytest's ``--import-mode=importlib``
makes ``tests`` a package for its files, as ``conftest`` is imported).  The peer
adapters and the "same order" check used by the tests live in the installed
package (``badeucey_fast._bench.peers``), because ``badeucey bench`` needs them too.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib.util
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

BADUGI_ACES_LOW_BEATS = [  # RULES.md "Badugi" worked examples, aces low: (better, worse)
    ("2s 4c 5d 6h", "As 2c 3d 7h"),  # 6-high vs 7-high four-card
    ("4s 5c 6d Kh", "2s 3s 4d 7h"),  # four cards vs three (2-4-7)
    ("As 5d 9d 9h", "Ac 2s 2h Jd"),  # three-card A-5-9 vs A-2-J
    ("2s 3s 4d 7h", "4s 5s 6d Kh"),  # three-card 2-4-7 vs 4-6-K
    ("5d 7c Kc Kh", "2s 3d Ks Kd"),  # three-card vs two-card
    ("8s 6c 4d 2h", "9s 4c 3d 2h"),  # 8-6-4-2 rainbow vs 9-4-3-2 rainbow
    ("6s 4c 3d 2h", "6s 5c 4d Ah"),  # 6-4-3-2 vs 6-5-4-A
]

BADEUCEY_NUMBER_ONE = "7s 5h 4d 3c 2s"
"""RULES.md "Badeucey": number one in 2-7 and, dropping the 7s, the best badugi (aces high)."""
BADEUCEY_SIXES = "6s 6h 4h 3d 2c"
"""RULES.md "Badeucey": a pair of sixes in 2-7 (weak), a 6-4-3-2 badugi (only 5-4-3-2 beats it)."""
BADEUCEY_EXAMPLES = (BADEUCEY_NUMBER_ONE, BADEUCEY_SIXES)


def compact(text: str) -> str:
    """Card text without spaces, the way pokerkit writes hands: ``"7s5h4d3c2s"``."""
    return text.replace(" ", "")


def worked_badugi_hands() -> list[str]:
    """Every hand of the Badugi worked examples, once each, compact, in order."""
    return list(dict.fromkeys(compact(hand) for pair in BADUGI_ACES_LOW_BEATS for hand in pair))


class Snapshot:
    """Every attribute of an object (its slots and its ``__dict__``), deep-copied when taken.

    For the tests that a call which must change nothing changes nothing::

        before = Snapshot(hand)
        with pytest.raises(ValueError):
            hand.act("cbr 6")
        assert Snapshot(hand) == before

    A write anywhere inside, however deeply nested (a card in a list of lists, an element
    of a numpy array, the state of a random generator), makes two snapshots differ.
    """

    __hash__ = None  # type: ignore[assignment]  # a snapshot is compared, never a key

    def __init__(self, value: object) -> None:
        self.state = {name: deep_copy(part) for name, part in _attributes(value)}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Snapshot):
            return NotImplemented
        return same(self.state, other.state)

    def __repr__(self) -> str:
        return f"Snapshot({self.state!r})"


_PLAIN = frozenset((int, float, complex, str, bytes, bool, type(None)))


def deep_copy(value: Any) -> Any:
    """A copy of ``value`` that shares nothing mutable with it: containers are copied
    all the way down; values that cannot change in place (numbers, text, and hashable
    values with an equality of their own, such as frozen dataclasses) are shared, which
    keeps a snapshot of a hand cheap; anything else goes to :func:`copy.deepcopy`."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        return value.copy() if set(map(type, value)) <= _PLAIN else [deep_copy(item) for item in value]
    if kind is tuple:
        return value if set(map(type, value)) <= _PLAIN else tuple(deep_copy(item) for item in value)
    if kind is dict:
        return {key: deep_copy(item) for key, item in value.items()}
    if kind is memoryview:  # (a hand's view of its C table) what it shows now
        return bytes(value)
    if type(value) is random.Random:  # its state alone, compared by value (copy.deepcopy is far slower)
        return _RandomState(value.getstate())
    if _is_frozen_value(value):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        twin = object.__new__(kind)  # a frozen result holding a dict, say: its fields copied
        for field in dataclasses.fields(value):
            object.__setattr__(twin, field.name, deep_copy(getattr(value, field.name)))
        return twin
    return copy.deepcopy(value)


@dataclasses.dataclass(frozen=True)
class _RandomState:
    """What a snapshot keeps of a :class:`random.Random`: its state."""

    state: tuple[Any, ...]


def _is_frozen_value(value: object) -> bool:
    """Hashable, compared by value (not by identity), and not a container that could hold
    something mutable: a frozen dataclass, an enum, a frozenset."""
    kind = type(value)
    if kind.__eq__ is object.__eq__ or kind.__hash__ is None or isinstance(value, (random.Random, np.ndarray)):
        return False
    try:
        hash(value)
    except TypeError:  # a frozen dataclass holding a list, say
        return False
    return True


def _attributes(value: object) -> Iterator[tuple[str, Any]]:
    """The name and value of each attribute ``value`` holds: slots first, then ``__dict__``."""
    for cls in type(value).__mro__:
        slots = getattr(cls, "__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and hasattr(value, name):
                yield name, getattr(value, name)
    yield from getattr(value, "__dict__", {}).items()


def same(a: object, b: object) -> bool:
    """Equal all the way down, for values ``==`` does not compare fully: numpy arrays
    (dtype, shape and every element), random generators (their state), and objects without
    an ``__eq__`` of their own (their attributes)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        if a.dtype != b.dtype or a.shape != b.shape:
            return False
        return same(a.tolist(), b.tolist()) if a.dtype.hasobject else a.tobytes() == b.tobytes()
    if isinstance(a, random.Random) and isinstance(b, random.Random):
        return a.getstate() == b.getstate()
    if isinstance(a, np.random.Generator) and isinstance(b, np.random.Generator):
        return same(a.bit_generator.state, b.bit_generator.state)
    if isinstance(a, (list, tuple, dict)):
        try:
            if a == b:  # the common case, at C speed; unequal or not comparable: item by item
                return True
        except (TypeError, ValueError):
            pass
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[key], b[key]) for key in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if type(a).__eq__ is object.__eq__:
        return same(dict(_attributes(a)), dict(_attributes(b)))
    try:
        return bool(a == b)
    except (TypeError, ValueError):  # an == that compares arrays inside: compare the parts
        return same(dict(_attributes(a)), dict(_attributes(b)))


def play_strategy_hand(strategy: Any, rules: Any, seed: int, check: Any) -> None:
    """A heads-up hand played by a solver's strategy (both seats, actions drawn
    from a generator seeded by ``seed``), ``check(hand, probabilities)`` called
    at each decision."""
    from badeucey_fast.cards import format_cards
    from badeucey_fast.play.hand import Hand
    from badeucey_fast.solve import deep_stacks

    rng = random.Random(seed)
    hand = Hand(rules, [deep_stacks(rules)] * 2, button=seed % 2, seed=seed)
    while hand.to_act is not None:
        probabilities = strategy.probabilities(hand)
        check(hand, probabilities)
        action = rng.choices(list(probabilities), weights=list(probabilities.values()))[0]
        view = hand.view(hand.to_act)
        if view.phase == "draw":
            thrown = [c for i, c in enumerate(view.cards) if action >> i & 1]
            hand.act(f"sd {format_cards(thrown)}" if thrown else "sd")
        elif action == -1:
            hand.act("f")
        elif action == 0:
            hand.act("cc")
        else:
            hand.act(f"cbr {action}")


def load_module(path: Path, name: str) -> ModuleType:
    """A script that is not part of the package (``tools/...``), imported as the module ``name``,
    with its folder on ``sys.path`` as when it runs (so it finds the modules beside it)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    folder = str(path.parent)
    sys.path.insert(0, folder)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(folder)
    return module
