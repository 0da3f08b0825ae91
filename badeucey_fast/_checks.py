"""The public contracts of integers, seeds, card ids and counts: one rule, checked here.

**The rule.**  A parameter that takes an integer takes a Python ``int`` or any
integral type (anything with ``__index__``: numpy's integers too) and gives the
function a plain ``int``.  It refuses a ``bool`` (Python's or numpy's: a flag is
not a number), a float (even ``2.0``), text and anything else with a
``TypeError`` that names the parameter: ``"samples must be an integer, got 2.5
(float)"``.  A value of the right type outside the parameter's range is a
``ValueError`` that names the parameter and the range: ``"draws must be 1..3,
got 4"``, ``"workers must be at least 1, got 0"``.

The kinds of integer parameters:

- **counts** (:func:`check_count`): samples, hands, workers, chunk sizes,
  limits: at least 1 (or the low end the parameter documents), at most its
  documented limit;
- **seeds** (:func:`check_seed`): None (a fresh seed) or an integer in
  ``0 .. 2**64 - 1``; a seed of the wrong type is a ``TypeError`` (``seed=True``
  and ``seed=1.5`` included), one outside that range a ``ValueError``;
- **card ids** (:func:`check_card_id`): an integer in ``0..51`` (a card's text is
  read by the card functions, not here);
- **chips** (:func:`check_chips`): a stack, a blind or a bet, an integer in
  ``1 .. CHIP_LIMIT`` (``2**40``; a small blind may be 0).  With at most ten
  seats, every sum the table makes of them (a pot, a pot-limit raise) stays
  far inside the C core's 64-bit integers;
- any other integer (:func:`check_int`, with ``low`` and ``high``).

This module imports nothing of the package: every layer may use it.

>>> from badeucey_fast._checks import check_count, check_int, check_seed
>>> import numpy as np
>>> check_count(np.int64(3), "samples")
3
>>> check_seed(True)
Traceback (most recent call last):
...
TypeError: seed must be an integer or None, got True (bool)
>>> check_int(4, "draws", low=1, high=3)
Traceback (most recent call last):
...
ValueError: draws must be 1..3, got 4
"""

from __future__ import annotations

import operator

SEED_LIMIT = 1 << 64
"""Seeds are ``0 .. SEED_LIMIT - 1``: any 64-bit unsigned integer."""
DECK_SIZE = 52
"""Card ids are ``0 .. DECK_SIZE - 1`` (the C core's ``BDC_DECK_SIZE``, checked by the native layer)."""

CHIP_LIMIT = 1 << 40
"""The most chips of any stack, blind or bet (the C core's ``BDC_TABLE_MAX_CHIPS``, checked by the native layer)."""
CAP_LIMIT = (1 << 31) - 1
"""The largest cap of bets a round may have (the C table's ``int``; checked by the native layer)."""

QUOTE_LIMIT = 60
"""The most characters of a user's text an error message quotes."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages: a
    long text keeps its start and says how long it was.

    >>> from badeucey_fast._checks import quote
    >>> quote("7s 5h")
    "'7s 5h'"
    >>> quote("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (1000 characters)"
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[: limit - 10]!r}... ({len(value)} characters)"
    try:
        text = repr(value)
    except Exception:  # a repr that raises is not the user's problem to read about
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else f"{text[: limit - 10]}... ({type(value).__name__})"


def _is_bool(value: object) -> bool:
    """Python's bool or numpy's (which has ``__index__``, so is looked for by name)."""
    return isinstance(value, bool) or type(value).__name__ in ("bool_", "bool")


def _range_text(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low}..{high}"
    if low is not None:
        return f"at least {low}"
    return f"at most {high}"


def check_int(
    value: object,
    name: str,
    *,
    low: int | None = None,
    high: int | None = None,
    expected: str = "an integer",
) -> int:
    """An integer parameter as a plain int, by the module's rule.

    :param name: the parameter, to start the message with.
    :param low: the smallest value accepted (None: no bound).
    :param high: the largest value accepted (None: no bound).
    :param expected: what the parameter should be, for the TypeError's message.
    :raises TypeError: for a bool (Python's or numpy's) or a non-integer:
        ``"<name> must be <expected>, got <value> (<type>)"``.
    :raises ValueError: outside ``low .. high``: ``"<name> must be <range>, got <value>"``.

    >>> from badeucey_fast._checks import check_int
    >>> check_int(2.0, "samples")
    Traceback (most recent call last):
    ...
    TypeError: samples must be an integer, got 2.0 (float)
    """
    if type(value) is int:
        number = value
    else:
        number = _index(value, name, expected)
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name} must be {_range_text(low, high)}, got {number}")
    return number


def _index(value: object, name: str, expected: str) -> int:
    if not _is_bool(value):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise TypeError(f"{name} must be {expected}, got {quote(value)} ({type(value).__name__})")


def check_count(value: object, name: str, *, low: int = 1, high: int | None = None, limit_name: str = "") -> int:
    """A count (samples, hands, workers, ...): an integer of at least ``low``
    (1 unless the parameter documents 0) and at most ``high``.

    :param limit_name: the constant ``high`` is published as, quoted in the
        message (``"samples must be at most 1,000,000,000 (MAX_SAMPLES), got ..."``).

    >>> from badeucey_fast._checks import check_count
    >>> check_count(0, "workers")
    Traceback (most recent call last):
    ...
    ValueError: workers must be at least 1, got 0
    """
    count = check_int(value, name, low=low)
    if high is not None and count > high:
        named = f" ({limit_name})" if limit_name else ""
        raise ValueError(f"{name} must be at most {high:,}{named}, got {count:,}")
    return count


def check_chips(value: object, name: str, *, low: int = 1) -> int:
    """An amount of chips (a stack, a blind, a bet): an integer in ``low .. CHIP_LIMIT``.

    >>> from badeucey_fast._checks import check_chips
    >>> check_chips(10**20, "small_bet")
    Traceback (most recent call last):
    ...
    ValueError: small_bet must be 1..1,099,511,627,776 chips (2**40, CHIP_LIMIT), got 100000000000000000000
    """
    chips = check_int(value, name, low=low)
    if chips > CHIP_LIMIT:
        raise ValueError(f"{name} must be {low}..{CHIP_LIMIT:,} chips (2**40, CHIP_LIMIT), got {chips}")
    return chips


def check_seed(value: object, name: str = "seed") -> int | None:
    """A seed: None, or an integer in ``0 .. 2**64 - 1`` (returned as a plain int).

    >>> from badeucey_fast._checks import check_seed
    >>> check_seed(2**64)
    Traceback (most recent call last):
    ...
    ValueError: seed must be in 0 .. 2**64 - 1, got 18446744073709551616
    """
    if value is None:
        return None
    seed = value if type(value) is int else _index(value, name, "an integer or None")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"{name} must be in 0 .. 2**64 - 1, got {seed}")
    return seed


def check_card_id(value: object) -> int:
    """One card id as a plain int: an integer in ``0..51``.

    >>> from badeucey_fast._checks import check_card_id
    >>> check_card_id(52)
    Traceback (most recent call last):
    ...
    ValueError: card id 52 is outside 0..51
    >>> check_card_id(True)
    Traceback (most recent call last):
    ...
    TypeError: card ids must be integers, got True
    """
    if type(value) is int:
        card = value
    elif _is_bool(value) or isinstance(value, float):
        raise TypeError(f"card ids must be integers, got {value!r}")  # a bool or a float: short
    else:
        try:
            card = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"card ids must be integers, got {quote(value)} ({type(value).__name__})") from None
    if not 0 <= card < DECK_SIZE:
        raise ValueError(f"card id {card} is outside 0..{DECK_SIZE - 1}")
    return card

