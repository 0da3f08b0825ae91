"""Kings Club's hand histories of Badeucey and Badacey (and its 2-7 triple
draw and Badugi).  Kings Club publishes no description of its text format;
this module reads the format docs/histories.rst defines from what is said of
it (a header line with the hand number, a table line naming the dealer's seat,
one line a seat, one line an action, ``---`` section headers, a summary with
the pot and the rake).  A file of another shape is refused hand by hand,
naming the line it expected."""

from __future__ import annotations

import re

from badeucey_fast.histories._reader import AMOUNT, CARDS, SiteFormat

__all__ = ["KINGS_CLUB"]

_GAMES = {"Badeucey": "badeucey", "Badacey": "badacey", "2-7 Triple Draw": "deuce_seven", "Badugi": "badugi"}

KINGS_CLUB = SiteFormat(
    site="Kings Club",
    games=_GAMES,
    patterns={
        "start": (rf"^Kings Club Poker - Hand (?P<id>\d+) - (?P<game>{'|'.join(map(re.escape, _GAMES))}) Fixed Limit"
                  rf" (?P<small_bet>{AMOUNT})/(?P<big_bet>{AMOUNT})"),
        "table": r'^Table "(?P<table>[^"]+)" - \d+ seats - dealer seat (?P<button>\d+)',
        "seat": rf"^Seat (?P<seat>\d+) - (?P<name>.+?) - (?P<stack>{AMOUNT}) chips(?P<out> \(sitting out\))?",
        "both_blinds": rf"^(?P<name>.+?) posts small and big blinds (?P<amount>{AMOUNT})$",
        "small_blind": rf"^(?P<name>.+?) posts small blind (?P<amount>{AMOUNT})$",
        "big_blind": rf"^(?P<name>.+?) posts big blind (?P<amount>{AMOUNT})$",
        "ante": rf"^(?P<name>.+?) posts ante (?P<amount>{AMOUNT})$",
        "fold": r"^(?P<name>.+?) folds$",
        "check": r"^(?P<name>.+?) checks$",
        "call": rf"^(?P<name>.+?) calls (?P<amount>{AMOUNT})(?: all in)?$",
        "bet": rf"^(?P<name>.+?) bets (?P<amount>{AMOUNT})(?: all in)?$",
        "raise": rf"^(?P<name>.+?) raises to (?P<to>{AMOUNT})(?: all in)?$",
        "discard": rf"^(?P<name>.+?) draws (?P<count>\d)(?: (?P<cards>{CARDS}))?$",
        "pat": r"^(?P<name>.+?) stands pat$",
        "dealt": rf"^(?P<name>.+?) (?:is dealt (?P<cards>{CARDS})|receives (?P<new>{CARDS}))$",
        "show": rf"^(?P<name>.+?) shows (?P<cards>{CARDS})",
        "collect": rf"^(?P<name>.+?) wins (?P<amount>{AMOUNT})",
        "returned": rf"^Unused bet (?P<amount>{AMOUNT}) returned to (?P<name>.+)$",
        "pot": rf"^Pot (?P<total>{AMOUNT}) \| Rake (?P<rake>{AMOUNT})",
    },
    streets=(r"^--- Dealing ---", r"^--- Draw 1 ---", r"^--- Draw 2 ---", r"^--- Draw 3 ---", r"^--- Showdown ---",
             r"^--- Summary ---"),
    chat=r"^\[chat\] ",
)
