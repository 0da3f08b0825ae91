"""Test support shared by ``tests/`` files: RULES.md's golden examples, written once.

Import it as ``from .support import ...`` (pytest's ``--import-mode=importlib``
makes ``tests`` a package for its files, as ``conftest`` is imported).  The peer
adapters and the "same order" check used by the tests live in the installed
package (``badeucey_fast._bench.peers``), because ``badeucey bench`` needs them too.
"""

from __future__ import annotations

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
