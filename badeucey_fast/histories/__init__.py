"""Hand histories as poker sites write them, read into PHH.

:func:`import_histories` reads every hand of a site's text files (PokerStars'
draw games, Kings Club's Badeucey and Badacey: :data:`SITES`), each into an
:class:`ImportedHand`: the site's hand number, the game, the players, the
stacks before and after, the rake, and the hand in PHH (``??`` for each card
the file does not show), which :meth:`Hand.from_phh
<badeucey_fast.play.hand.Hand.from_phh>` replays.  A hand that cannot be read
is a :class:`HandError` (its number and why); the others still import.

Every site is a table of patterns (:class:`SiteFormat`) read by one reader:
another site's format is one small module (docs/histories.rst).

>>> from badeucey_fast.histories import import_text
>>> text = '''PokerStars Hand #7: Badugi Limit ($0.10/$0.20 USD) - 2026/11/02 20:00:00 ET
... Table 'Vega' 6-max Seat #1 is the button
... Seat 1: Ann ($2 in chips)
... Seat 2: Ben ($3 in chips)
... Ann: posts small blind $0.05
... Ben: posts big blind $0.10
... *** DEALING HANDS ***
... Dealt to Ben [2c 3d 4h 5s]
... Ann: folds
... Uncalled bet ($0.05) returned to Ben
... Ben collected $0.10 from pot
... *** SUMMARY ***
... Total pot $0.10 | Rake $0
... PokerStars Hand #8: Badugi Limit ($0.10/$0.20 USD) - 2026/11/02 20:00:30 ET
... Seat 1: Ann ($1.95 in chips)'''
>>> hands, errors = import_text(text)
>>> hands[0].id, hands[0].game, hands[0].players, hands[0].final_stacks
('7', 'badugi', ('Ann', 'Ben'), (1.95, 3.05))
>>> print(hands[0].phh.splitlines()[6])
actions = ["d dh p1 2c3d4h5s", "d dh p2 ????????", "p2 f"]
>>> errors
[HandError(id='8', reason='no table line or no seats')]
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

from badeucey_fast.histories._reader import HandError, ImportedHand, SiteFormat, read_hands
from badeucey_fast.histories.kingsclub import KINGS_CLUB
from badeucey_fast.histories.pokerstars import POKERSTARS

__all__ = ["SITES", "HandError", "ImportedHand", "Imported", "SiteFormat", "import_histories", "import_text"]

SITES: tuple[SiteFormat, ...] = (POKERSTARS, KINGS_CLUB)
"""The site formats :func:`import_histories` reads, tried in this order on each hand's first line."""


@dataclass(frozen=True)
class Imported:
    """What :func:`import_histories` read: the hands, and those it could not read."""

    hands: tuple[ImportedHand, ...]
    errors: tuple[HandError, ...]


def import_text(text: str, sites: Iterable[SiteFormat] = SITES) -> tuple[list[ImportedHand], list[HandError]]:
    """Every hand of one file's ``text`` (a byte-order mark allowed), in the
    first of ``sites`` whose hand header its first line is."""
    first = next((line.strip().lstrip("\ufeff") for line in text.lstrip("\ufeff").splitlines() if line.strip()), "")
    for site in sites:
        if site.starts(first):
            return read_hands(text, site)
    if not first:
        return [], []
    return [], [HandError(first[:60], "not a hand history of a site this package reads "
                                      f"({', '.join(s.site for s in SITES)})")]


def import_histories(paths: Iterable[str | os.PathLike[str]]) -> Imported:
    """Every hand of the files ``paths``, in order.

    :raises OSError: for a file that cannot be read.
    """
    hands: list[ImportedHand] = []
    errors: list[HandError] = []
    for path in paths:
        with open(path, encoding="utf-8-sig", errors="replace") as file:
            read, failed = import_text(file.read())
        hands.extend(read)
        errors.extend(failed)
    return Imported(tuple(hands), tuple(errors))
