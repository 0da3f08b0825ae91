"""PokerStars' text hand histories of the draw games it deals: Triple Draw 2-7
Lowball, Triple Draw A-5 Lowball and Badugi, fixed limit, cash games and
tournaments (docs/histories.rst shows a hand)."""

from __future__ import annotations

import re

from badeucey_fast.histories._reader import SiteFormat

__all__ = ["POKERSTARS"]

_AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_CARDS = r"\[[^\]]*\]"
_GAMES = {"Triple Draw 2-7 Lowball": "deuce_seven", "Triple Draw A-5 Lowball": "ace_five", "Badugi": "badugi"}

POKERSTARS = SiteFormat(
    site="PokerStars",
    games=_GAMES,
    patterns={
        "start": (rf"^PokerStars (?:Hand|Game) #(?P<id>\d+):\s+(?:Tournament #\d+, .*?)?"
                  rf"(?P<game>{'|'.join(map(re.escape, _GAMES))}) Limit(?: - Level [IVXLC]+)?"
                  rf" \((?P<small_bet>{_AMOUNT})/(?P<big_bet>{_AMOUNT})(?: [A-Z]{{3}})?\)"),
        "table": r"^Table '(?P<table>[^']+)' .*Seat #(?P<button>\d+) is the button",
        "seat": rf"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{_AMOUNT}) in chips\)(?P<out> is sitting out)?",
        "small_blind": rf"^(?P<name>.+?): posts small blind (?P<amount>{_AMOUNT})",
        "big_blind": rf"^(?P<name>.+?): posts big blind (?P<amount>{_AMOUNT})",
        "ante": rf"^(?P<name>.+?): posts the ante (?P<amount>{_AMOUNT})",
        "fold": r"^(?P<name>.+?): folds",
        "check": r"^(?P<name>.+?): checks",
        "call": rf"^(?P<name>.+?): calls (?P<amount>{_AMOUNT})",
        "bet": rf"^(?P<name>.+?): bets (?P<amount>{_AMOUNT})",
        "raise": rf"^(?P<name>.+?): raises {_AMOUNT} to (?P<to>{_AMOUNT})",
        "discard": rf"^(?P<name>.+?): discards (?P<count>\d) cards?(?: (?P<cards>{_CARDS}))?",
        "pat": r"^(?P<name>.+?): stands pat",
        "dealt": rf"^Dealt to (?P<name>.+?) (?P<cards>{_CARDS})(?: (?P<new>{_CARDS}))?$",
        "show": rf"^(?P<name>.+?): shows (?P<cards>{_CARDS})",
        "collect": rf"^(?P<name>.+?) collected (?P<amount>{_AMOUNT}) from (?:side |main )?pot",
        "returned": rf"^Uncalled bet \((?P<amount>{_AMOUNT})\) returned to (?P<name>.+)$",
        "pot": rf"^Total pot (?P<total>{_AMOUNT}).*?\| Rake (?P<rake>{_AMOUNT})",
    },
    streets=(r"^\*\*\* DEALING HANDS \*\*\*", r"^\*\*\* FIRST DRAW \*\*\*", r"^\*\*\* SECOND DRAW \*\*\*",
             r"^\*\*\* THIRD DRAW \*\*\*", r"^\*\*\* SHOW ?DOWN \*\*\*", r"^\*\*\* SUMMARY \*\*\*"),
    chat=r'^.+? said, ".*"$',
)
