"""The files that ship with the package for the CFR bot: a strategy per game,
and the class-bucket tables their lookups read (docs/bots.rst, "The CFR bot").

:data:`STRATEGIES` and :data:`BUCKET_TABLES` are the one record of each file:
its name in this folder, the command that makes it again byte for byte, and
its SHA-256 (the tests check every file against them, and docs/bots.rst
against the commands and digests).  A new file is a new line here: a
strategy that ``badeucey train --game G --buckets 32 --iterations N --seed 1
--compact --out G-cfr.npz`` makes is ``"G": trained("G", N, SHA256)``.

>>> from badeucey_fast.solve.shipped import STRATEGIES, strategy_path
>>> STRATEGIES["badeucey"].file
'badeucey-cfr.npz'
>>> strategy_path("holdem")
Traceback (most recent call last):
...
ValueError: unknown game 'holdem' (known: badeucey, badacey, badugi, deuce_seven, ace_five)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from badeucey_fast.games import get_game

if TYPE_CHECKING:
    from badeucey_fast.solve.abstraction import SolverAbstraction
    from badeucey_fast.solve.class_buckets import ClassBuckets

__all__ = ["BUCKET_TABLES", "FOLDER", "REACH_GRIDS", "REACH_TABLES", "STRATEGIES", "ShippedFile", "bucket_table", "reach_bucket_table",
           "reach_trained", "shipped_abstraction", "strategy_path", "trained"]


@dataclass(frozen=True)
class ShippedFile:
    """A data file of the package: its name in :data:`FOLDER`, the command
    that makes it (run from the repository's root, then moved into
    :data:`FOLDER` when it writes elsewhere) and its SHA-256."""

    file: str
    command: str
    sha256: str


FOLDER = Path(__file__).parent
"""Where the shipped files are: ``badeucey_fast/solve/``."""

def trained(game: str, iterations: int, sha256: str) -> ShippedFile:
    """A strategy made by the shipped strategies' command: ``badeucey train``
    of ``game`` with 32 buckets, ``iterations``, seed 1, compact."""
    return ShippedFile(f"{game}-cfr.npz", f"badeucey train --game {game} --buckets 32 --iterations {iterations} "
                       f"--seed 1 --compact --out {game}-cfr.npz", sha256)


def reach_trained(game: str, grids: str, iterations: int, sha256: str, chunks: int = 1) -> ShippedFile:
    """A strategy made by ``badeucey train`` of ``game`` with the reach buckets
    ``grids`` (``--reach-buckets``: its history round_own), ``iterations``, seed 1,
    in rounds of ``chunks`` chunks side by side (1: one process), compact."""
    rounds = f" --chunks {chunks}" if chunks > 1 else ""
    return ShippedFile(f"{game}-cfr.npz", f"badeucey train --game {game} --reach-buckets {grids} --iterations "
                       f"{iterations} --seed 1{rounds} --compact --out {game}-cfr.npz", sha256)


def reach_bucket_table(game: str, grids: str, sha256: str) -> ShippedFile:
    """A reach-bucket table made by ``tools/gen_buckets.py --reach``."""
    return ShippedFile(f"{game}-reach.npz", f"python tools/gen_buckets.py --game {game} --reach {grids} "
                       f"--out badeucey_fast/solve/{game}-reach.npz", sha256)


REACH_GRIDS = "20x4,12x4,10x4,8x4"
"""The reach buckets of the Badeucey strategy: 20 value bands of 4 splits with no draw left, 12 x 4
before the last draw, 10 x 4 before the second and 8 x 4 before the first."""


def bucket_table(game: str, sha256: str) -> ShippedFile:
    """A class-bucket table made by ``tools/gen_buckets.py`` with 32 buckets."""
    return ShippedFile(f"{game}-buckets32.npz", f"python tools/gen_buckets.py --game {game} --buckets 32 "
                       f"--out badeucey_fast/solve/{game}-buckets32.npz", sha256)


STRATEGIES: dict[str, ShippedFile] = {
    "badeucey": reach_trained("badeucey", REACH_GRIDS, 6_000_000,
                              "6d426e3a7b232a053d0f621ae8251a5de6072df739d9c329a87ace42b221df82", chunks=2),
    "badugi": trained("badugi", 1_500_000, "3cae27f93ab449bc348d82c17e73682ff1617d4812ade858eab27c56eb8afe29"),
    "deuce_seven": trained("deuce_seven", 1_500_000, "c1b3987fbf427028fb69a40cafdc1e635993cce24a8d4d37fc9c339e94a476cb"),
    "ace_five": trained("ace_five", 1_500_000, "787f3ed7e57b8f79e134a4ce17beed5ffece284ef1b052e3d4bba4c1cb05bd93"),
    "badacey": trained("badacey", 600_000, "dda59d588fed70a8bc5269b60b100e9b419d2adec54e7d952559d54d0b4657ac"),
}
"""The strategy :class:`~badeucey_fast.play.bots.CFRBot` plays in each game
(heads-up fixed limit, blinds 1/2, bets 2/4, each round capped at four bets)."""

BUCKET_TABLES: dict[str, ShippedFile] = {
    "badeucey": bucket_table("badeucey", "8e76bea7bdc4620d40e50b7e8f3ff6e0f38020af2e954cb47195780b5262fdd6"),
    "badacey": bucket_table("badacey", "11e0aac3e108734a428fd10c5961d239d2144e8096785220d8bcd9d6651ecc4b"),
    "badugi": bucket_table("badugi", "f327147b23665c09fd83c09f44e3f2ca7ff07bcfc4e79399c03e9133e21bcbcd"),
    "deuce_seven": bucket_table("deuce_seven", "77f3a18a5ce0e1cc478893bb5ba82cb838154cbded9fda3ea17b561d2a9356ed"),
    "ace_five": bucket_table("ace_five", "f5f83b62b88e1d41a84a72f077e3133e7d883665feaaf0d30e11cddd88d578f0"),
}
"""The class-bucket table (:class:`~badeucey_fast.solve.class_buckets.ClassBuckets`)
of each game's 32-bucket card abstraction, the one ``badeucey train --buckets
32`` trains with: a strategy file of that abstraction is loaded from it in
milliseconds (:func:`shipped_abstraction`).  A strategy file of 0.1's ``badeucey
train --buckets 32`` (the Badeucey strategy shipped before the reach buckets)
loads from it as fast."""

REACH_TABLES: dict[str, ShippedFile] = {
    "badeucey": reach_bucket_table("badeucey", REACH_GRIDS, "021ffa03cc8fdb5dc2f594b44c00e5c89624f6b9e34db7d392e187d9055e88cb"),
}
"""The class-bucket table of each reach-bucket abstraction a shipped strategy
was trained with (:mod:`badeucey_fast.solve.reach`)."""


def strategy_path(game: str) -> Path:
    """The file of the strategy that ships for ``game``.

    :raises ValueError: for an unknown game, a game no strategy ships for yet,
        or a listed file that is missing (a broken installation).
    """
    name = get_game(game).name
    entry = STRATEGIES.get(name)
    if entry is None:
        raise ValueError(f"no CFR strategy ships for {name} yet (shipped: {', '.join(STRATEGIES)}); train one "
                         f"(badeucey train --game {name} ..., docs/training.rst) and give its file: CFRBot(path)")
    path = FOLDER / entry.file
    if not path.is_file():
        raise ValueError(f"the strategy that ships with badeucey-fast for {name} is missing ({path}): reinstall the package")
    return path


def shipped_abstraction(spec: Any, digest: str) -> SolverAbstraction | None:
    """The abstraction of a strategy file's ``spec`` and ``digest`` from a
    shipped class-bucket table, or None when no table ships for it (the
    caller then makes it from the card features)."""
    from badeucey_fast.solve.abstraction import SolverAbstraction

    if not isinstance(spec, dict) or spec.get("kind") not in ("card_buckets", "reach_buckets"):
        return None
    tables = REACH_TABLES if spec["kind"] == "reach_buckets" else BUCKET_TABLES
    entry = tables.get(str(spec.get("game")))
    history = spec.get("history", "full")
    if entry is None or not (FOLDER / entry.file).is_file():
        return None
    table = _table(entry.file)
    if set(spec) - {"history"} != set(table.spec) or any(spec[key] != value for key, value in table.spec.items()):
        return None
    if not isinstance(history, str) or table.digests.get(history) != digest:
        return None
    return SolverAbstraction.from_classes(table, history)


@functools.lru_cache(maxsize=None)
def _table(file: str) -> ClassBuckets:
    from badeucey_fast.solve.class_buckets import ClassBuckets

    return ClassBuckets.load(FOLDER / file)
