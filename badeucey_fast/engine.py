"""The table engine's old home, kept as a re-export: every name it gave is in
:mod:`badeucey_fast.play` (rules, events, views, the hand, scripts).

>>> from badeucey_fast.engine import Hand, TableRules
>>> Hand(TableRules("badugi"), [50, 50], seed=7).legal_actions()
('f', 'cc', 'cbr 4')
"""

from __future__ import annotations

from badeucey_fast.play.hand import STRUCTURES, Hand, Uncontested
from badeucey_fast.play.rules import TableRules
from badeucey_fast.play.scripts import describe, play_script
from badeucey_fast.play.view import HandView, Legal

__all__ = ["STRUCTURES", "Hand", "HandView", "Legal", "TableRules", "Uncontested", "describe", "play_script"]
