"""PokerStars' text hand histories of the draw games it deals: Triple Draw 2-7
Lowball, Triple Draw A-5 Lowball and Badugi, fixed limit, cash games and
tournaments (docs/histories.rst shows a hand)."""

from __future__ import annotations

import re

from badeucey_fast.histories._reader import AMOUNT, CARDS, SiteFormat

__all__ = ["POKERSTARS"]

_GAMES = {"Triple Draw 2-7 Lowball": "deuce_seven", "Triple Draw A-5 Lowball": "ace_five", "Badugi": "badugi"}

POKERSTARS = SiteFormat(
    site="PokerStars",
    games=_GAMES,
    patterns={
        "start": (rf"^PokerStars (?:Hand|Game) #(?P<id>\d+):\s+(?:Tournament #\d+, .*?)?"
                  rf"(?P<game>{'|'.join(map(re.escape, _GAMES))}) Limit(?: - Level [IVXLC]+)?"
                  rf" \((?P<small_bet>{AMOUNT})/(?P<big_bet>{AMOUNT})(?: [A-Z]{{3}})?\)"),
        "table": r"^Table '(?P<table>[^']+)' .*Seat #(?P<button>\d+) is the button",
        "seat": rf"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT}) in chips\)(?P<out> is sitting out)?",
        "both_blinds": rf"^(?P<name>.+?): posts small & big blinds (?P<amount>{AMOUNT})",
        "small_blind": rf"^(?P<name>.+?): posts small blind (?P<amount>{AMOUNT})",
        "big_blind": rf"^(?P<name>.+?): posts big blind (?P<amount>{AMOUNT})",
        "ante": rf"^(?P<name>.+?): posts the ante (?P<amount>{AMOUNT})",
        "fold": r"^(?P<name>.+?): folds",
        "check": r"^(?P<name>.+?): checks",
        "call": rf"^(?P<name>.+?): calls (?P<amount>{AMOUNT})",
        "bet": rf"^(?P<name>.+?): bets (?P<amount>{AMOUNT})",
        "raise": rf"^(?P<name>.+?): raises {AMOUNT} to (?P<to>{AMOUNT})",
        "discard": rf"^(?P<name>.+?): discards (?P<count>\d) cards?(?: (?P<cards>{CARDS}))?",
        "pat": r"^(?P<name>.+?): stands pat",
        "dealt": rf"^Dealt to (?P<name>.+?) (?P<cards>{CARDS})(?: (?P<new>{CARDS}))?$",
        "show": rf"^(?P<name>.+?): shows (?P<cards>{CARDS})",
        "collect": rf"^(?P<name>.+?) collected (?P<amount>{AMOUNT}) from (?:side |main )?pot",
        "returned": rf"^Uncalled bet \((?P<amount>{AMOUNT})\) returned to (?P<name>.+)$",
        "pot": rf"^Total pot (?P<total>{AMOUNT}).*?\| Rake (?P<rake>{AMOUNT})",
    },
    streets=(r"^\*\*\* DEALING HANDS \*\*\*", r"^\*\*\* FIRST DRAW \*\*\*", r"^\*\*\* SECOND DRAW \*\*\*",
             r"^\*\*\* THIRD DRAW \*\*\*", r"^\*\*\* SHOW ?DOWN \*\*\*", r"^\*\*\* SUMMARY \*\*\*"),
    chat=r'^.+? said, ".*"$',
)
