"""The per-game result types (badeucey_fast.game_results): type checkers see the
halves a game has as never None, and at run time nothing changes."""

from __future__ import annotations

import ast
import importlib.util
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import badeucey_fast as bf
from badeucey_fast import draws, game_results, pot_equity

ROOT = Path(__file__).resolve().parent.parent
CHECKED = Path(__file__).resolve().parent / "typing_game_results.py"
"""The file of assert_type checks (also in the lint step's mypy run)."""


def _checker(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (`pip install \".[lint]\"` has mypy)")


@pytest.mark.no_sanitize  # mypy reads the sources, never loads the core
def test_mypy_strict_agrees_with_every_assert_type(tmp_path: Path) -> None:
    _checker("mypy")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path), str(CHECKED)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.no_sanitize  # pyright reads the sources, never loads the core
def test_pyright_agrees_with_every_assert_type() -> None:
    _checker("pyright")
    done = subprocess.run([sys.executable, "-m", "pyright", str(CHECKED), str(ROOT / "badeucey_fast" / "game_results.py")],
                          capture_output=True, text=True, cwd=ROOT, timeout=600, check=False)
    if done.returncode != 0 and "0 errors" not in done.stdout and "error:" not in done.stdout:
        pytest.skip(f"pyright could not run (it fetches its Node package on first use): {done.stderr.strip()[-200:]}")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_checked_file_runs() -> None:
    """assert_type is a no-op at run time: the checks run, and their asserts hold."""
    spec = importlib.util.spec_from_file_location("typing_game_results", CHECKED)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in ("check_compare", "check_equity", "check_draws", "check_halves"):
        getattr(module, name)()


def test_at_run_time_the_names_are_the_general_classes_and_functions() -> None:
    for game in ("Split", "Badugi", "Low"):
        assert getattr(bf, f"{game}Equity") is bf.Equity
        assert getattr(bf, f"{game}DrawOutcomes") is bf.DrawOutcomes
        assert getattr(bf, f"{game}DiscardOption") is bf.DiscardOption
        assert getattr(game_results, f"{game}EquityFigures") is pot_equity.EquityFigures
        assert getattr(game_results, f"{game}EquityCounts") is pot_equity.EquityCounts
    assert game_results.equity is pot_equity.equity and bf.equity is pot_equity.equity
    assert game_results.draw_outcomes is draws.draw_outcomes and bf.draw_outcomes is draws.draw_outcomes
    assert game_results.best_discards is draws.best_discards and bf.best_discards is draws.best_discards
    assert isinstance(bf.equity(["7s 5h 4d 3c 2s", "6s 6h 4h 3d 2c"], game="deuce_seven"), bf.LowEquity)
    assert {"SplitEquity", "LowDrawOutcomes", "BadugiDiscardOption"} <= set(dir(bf))


def _declared_signatures() -> dict[str, list[ast.FunctionDef]]:
    """The overloads and implementation signatures declared for type checkers, by function."""
    tree = ast.parse((ROOT / "badeucey_fast" / "game_results.py").read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    found: dict[str, list[ast.FunctionDef]] = {}
    for node in block.body:
        if isinstance(node, ast.FunctionDef):
            found.setdefault(node.name, []).append(node)
    return found


@pytest.mark.parametrize("function", [pot_equity.equity, draws.draw_outcomes, draws.best_discards], ids=lambda f: f.__name__)
def test_the_declared_signatures_are_the_real_ones(function: object) -> None:
    """Every overload takes the real function's parameters, by the same names, kinds and
    defaults (the game's aside), so a new parameter there cannot be missed here."""
    real = inspect.signature(function)  # type: ignore[arg-type]
    declared = _declared_signatures()[function.__name__]  # type: ignore[attr-defined]
    assert len(declared) == 5  # four overloads and the implementation
    namespace = {"MAX_EXACT": draws.MAX_EXACT}
    for node in declared:
        args = node.args
        positional = [a.arg for a in args.args]
        keywords = [a.arg for a in args.kwonlyargs]
        assert positional + keywords == list(real.parameters), ast.unparse(node)
        assert all(real.parameters[name].kind is inspect.Parameter.KEYWORD_ONLY for name in keywords)
        assert all(real.parameters[name].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for name in positional)
        for arg, default in zip(args.kwonlyargs, args.kw_defaults):
            parameter = real.parameters[arg.arg]
            if arg.arg == "game" and node is not declared[-1]:
                continue  # the overloads narrow the game (and only the default-less ones drop its default)
            if default is None:
                assert parameter.default is inspect.Parameter.empty, arg.arg
            else:
                assert eval(ast.unparse(default), namespace) == parameter.default, arg.arg  # noqa: S307 - our own source
        for arg, default in zip(args.args[len(args.args) - len(args.defaults):], args.defaults):
            assert eval(ast.unparse(default), namespace) == real.parameters[arg.arg].default, arg.arg  # noqa: S307
