"""The arena's leaderboard: every finished match's result, kept in SQLite
(the standard library's :mod:`sqlite3`; a file, or memory for a server
started without a data folder), and the standings made from them.

>>> from badeucey_fast.web.leaderboard import Leaderboard
>>> from badeucey_fast.web.match import ArenaResult
>>> board = Leaderboard()
>>> board.record("alice", ArenaResult("badugi", "CallingBot()", 100, 50, 7, 250.0, (-10.0, 510.0), 0))
1
>>> board.record("alice", ArenaResult("badugi", "CallingBot()", 300, 150, 8, 50.0, (-80.0, 180.0), 2))
2
>>> standing = board.standings()[0]
>>> standing["player"], standing["matches"], standing["hands"], standing["mbb_per_hand"]
('alice', 2, 400, 100.0)
>>> board.close()
"""

from __future__ import annotations

import datetime
import math
import os
import sqlite3
import threading
from typing import Any

from badeucey_fast._checks import check_count
from badeucey_fast.web.match import ArenaResult

__all__ = ["Leaderboard"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    finished TEXT NOT NULL,       -- UTC, ISO 8601
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    opponent TEXT NOT NULL,
    hands INTEGER NOT NULL,
    deals INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    mbb_per_hand REAL NOT NULL,
    ci_low REAL,                  -- NULL: fewer than two deals
    ci_high REAL,
    forfeited INTEGER NOT NULL
)
"""

MAX_ROWS = 1_000
"""The most matches one answer lists."""


class Leaderboard:
    """The matches played, kept in SQLite; safe to use from several threads.

    :param path: the database file (made when missing), or None to keep it in memory.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = None if path is None else os.fspath(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:" if self.path is None else self.path, check_same_thread=False)
        with self._lock, self._db:
            self._db.execute(SCHEMA)

    def record(self, player: str, result: ArenaResult) -> int:
        """Keep a finished match of ``player``; returns its number."""
        low, high = (None if not math.isfinite(x) else x for x in result.ci95)
        row = (datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"), player, result.game,
               result.opponent, result.hands, result.deals, result.seed, result.mbb_per_hand, low, high,
               result.forfeited)
        with self._lock, self._db:
            cursor = self._db.execute(
                "INSERT INTO matches (finished, player, game, opponent, hands, deals, seed, mbb_per_hand, ci_low, "
                "ci_high, forfeited) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        number = cursor.lastrowid
        assert number is not None
        return number

    def matches(self, *, game: str | None = None, opponent: str | None = None, player: str | None = None,
                limit: int = 100) -> list[dict[str, Any]]:
        """The latest matches first, at most ``limit`` (1 .. :data:`MAX_ROWS`), of
        the game, opponent and player given (each None: all)."""
        limit = check_count(limit, "limit", high=MAX_ROWS)
        where, values = _filters(game=game, opponent=opponent, player=player)
        with self._lock:
            rows = self._db.execute(
                "SELECT id, finished, player, game, opponent, hands, deals, seed, mbb_per_hand, ci_low, ci_high, "
                f"forfeited FROM matches {where} ORDER BY id DESC LIMIT ?", (*values, limit)).fetchall()
        return [{"match": r[0], "finished": r[1], "player": r[2], "game": r[3], "opponent": r[4], "hands": r[5],
                 "deals": r[6], "seed": r[7], "mbb_per_hand": r[8], "ci95": [r[9], r[10]], "forfeited": r[11]}
                for r in rows]

    def standings(self, *, game: str | None = None, opponent: str | None = None) -> list[dict[str, Any]]:
        """Each player's record against each opponent in each game, best first:
        matches, hands, and mbb per hand over all of those hands (each match's
        result weighted by its hands)."""
        where, values = _filters(game=game, opponent=opponent, player=None)
        with self._lock:
            rows = self._db.execute(
                "SELECT player, game, opponent, COUNT(*), SUM(hands), SUM(mbb_per_hand * hands) / SUM(hands), "
                f"SUM(forfeited) FROM matches {where} GROUP BY player, game, opponent "
                "ORDER BY 6 DESC, 5 DESC LIMIT ?", (*values, MAX_ROWS)).fetchall()
        return [{"player": r[0], "game": r[1], "opponent": r[2], "matches": r[3], "hands": r[4], "mbb_per_hand": r[5],
                 "forfeited": r[6]} for r in rows]

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()


def _filters(**given: str | None) -> tuple[str, list[str]]:
    """A WHERE clause on the columns given a value (names from this module, values bound)."""
    names = [name for name, value in given.items() if value is not None]
    where = "WHERE " + " AND ".join(f"{name} = ?" for name in names) if names else ""
    return where, [value for value in given.values() if value is not None]
