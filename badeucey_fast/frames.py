"""Results as a pandas DataFrame (pandas is optional: only this needs it)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol


class _HasToDict(Protocol):
    def to_dict(self) -> Any: ...


def to_frame(results: Iterable[_HasToDict]) -> Any:
    """Results of one kind as a pandas DataFrame, one row per result.

    Every result type has a JSON-ready ``to_dict()``; this is
    ``pandas.json_normalize([r.to_dict() for r in results], sep="_")``: nested
    dicts become columns (``mean_rank_badugi``, ``mean_rank_low`` of a
    :class:`DiscardOption`), lists stay in their cell.  ``pd.DataFrame(r.to_dict()
    for r in results)`` is the same without the flattening.

    :param results: results with a ``to_dict()`` method (:class:`DiscardOption`,
        :class:`Halves`, :class:`ShowdownResult`, :class:`Equity`, ...).
    :return: a ``pandas.DataFrame``.
    :raises ImportError: when pandas is not installed (``pip install pandas``).
    :raises TypeError: for an item without ``to_dict()``.

    For example (with pandas installed)::

        frame = bf.to_frame(bf.best_discards("As 2c 3d Ks", game="badugi", target="badugi"))
        list(frame.columns)  # ['discard', 'keep', 'probability', 'exact', 'mean_rank_badugi']
    """
    import importlib

    rows = []
    for i, result in enumerate(results):
        method = getattr(result, "to_dict", None)
        if not callable(method):
            raise TypeError(f"to_frame: item {i} ({type(result).__name__}) has no to_dict() method")
        rows.append(method())
    try:
        pd: Any = importlib.import_module("pandas")
    except ImportError:
        raise ImportError("to_frame needs pandas: pip install pandas") from None
    return pd.json_normalize(rows, sep="_")
