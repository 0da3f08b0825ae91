"""The table engine's old home, kept as a re-export: every public name of
:mod:`badeucey_fast.play`'s rules, events, view, hand and scripts modules,
whose ``__all__`` lists are the one list of them.

>>> from badeucey_fast.engine import Hand, TableRules
>>> Hand(TableRules("badugi"), [50, 50], seed=7).legal_actions()
('f', 'cc', 'cbr 4')
"""

from __future__ import annotations

from badeucey_fast.play import events as _events
from badeucey_fast.play import hand as _hand
from badeucey_fast.play import rules as _rules
from badeucey_fast.play import scripts as _scripts
from badeucey_fast.play import view as _view
from badeucey_fast.play.events import *  # noqa: F403
from badeucey_fast.play.hand import *  # noqa: F403
from badeucey_fast.play.rules import *  # noqa: F403
from badeucey_fast.play.scripts import *  # noqa: F403
from badeucey_fast.play.view import *  # noqa: F403

# hand.py passes on the rules' STRUCTURES and TableRules: each name once
__all__ = list(dict.fromkeys([*_rules.__all__, *_events.__all__, *_view.__all__, *_hand.__all__, *_scripts.__all__]))
