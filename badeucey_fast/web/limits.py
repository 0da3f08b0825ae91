"""The bounds a server keeps (:class:`Limits`): what one client can make it hold or do.

>>> from badeucey_fast.web.limits import Limits
>>> Limits().max_hands
10000
>>> Limits(max_connections=0)
Traceback (most recent call last):
...
ValueError: max_connections must be at least 1, got 0
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from badeucey_fast._checks import check_count

__all__ = ["DEFAULT_LIMITS", "Limits"]


@dataclass(frozen=True)
class Limits:
    """The bounds of a server (:func:`~badeucey_fast.web.app.create_app`); each
    is checked when the value is made."""

    max_connections: int = 64
    """Arena matches open at once, all clients together; one more is told the
    server is full and closed."""
    max_matches_per_client: int = 8
    """Arena matches one client has open at once (a client: a seat's token, or
    an address when the server asks for no tokens)."""
    max_hands: int = 10_000
    """Hands one arena match may ask for."""
    max_message_bytes: int = 1_024
    """The largest message a client may send in a match (an answer is some
    twenty bytes); a larger one is answered with an error."""
    max_request_bytes: int = 1 << 20
    """The largest body of an HTTP request; a larger one is refused (413)."""
    decision_timeout: float = 30.0
    """Seconds a client has to answer a decision, from when it was first sent;
    past them it forfeits the hand."""
    max_silent_hands: int = 3
    """Hands in a row a client may forfeit by silence before the match is
    closed unfinished (a client that has gone away holds no seat for long)."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "decision_timeout":
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                        or value <= 0:
                    raise ValueError(f"decision_timeout must be a number of seconds above 0, got {value!r}")
                object.__setattr__(self, f.name, float(value))
            else:
                object.__setattr__(self, f.name, check_count(value, f.name))


DEFAULT_LIMITS = Limits()
"""The bounds of a server made without its own."""
