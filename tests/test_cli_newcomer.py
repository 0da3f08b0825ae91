"""What a newcomer meets first: help texts, what match and equity really play,
the terminal game's words, and an install without a C compiler."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import re
import runpy
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from badeucey_fast import _terminal as play
from badeucey_fast import cli
from badeucey_fast.bots import CallingBot, DrawingBot, RandomBot, play_match
from badeucey_fast.engine import Hand, TableRules
from badeucey_fast.games import GAMES
from badeucey_fast.jobs import InlineExecutor

from .conftest import RunCli

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the command line: parsing
# and output, the library's calls being its tests'
pytestmark = pytest.mark.no_sanitize

SETUP_PY = Path(__file__).resolve().parent.parent / "setup.py"


# ---------------------------------------------------------------- help texts


def test_match_help_prints_one_percent_sign(run_cli: RunCli) -> None:
    done = run_cli("match", "--help")
    assert done.returncode == 0, done.stderr
    assert "95%" in done.stdout and "%%" not in done.stdout


@pytest.mark.parametrize("command", ["deal", "match", "play"])
def test_structure_is_explained(run_cli: RunCli, command: str) -> None:
    done = run_cli(command, "--help")
    text = " ".join(done.stdout.split())  # argparse wraps lines
    assert "--structure {fixed,pot,no} betting: fixed (fixed limit), pot (pot limit) or no (no limit)" in text


def test_deal_lists_its_games(run_cli: RunCli) -> None:
    choices = "{" + ",".join(GAMES) + "}"
    assert f"--game {choices}" in run_cli("deal", "--help").stdout
    done = run_cli("deal", "--game", "holdem")
    assert done.returncode == cli.EXIT_USAGE
    assert "invalid choice: 'holdem'" in done.stderr and "badugi" in done.stderr


# ---------------------------------------------------------------- equity


def test_equity_says_which_seats_stand_pat(run_cli: RunCli) -> None:
    done = run_cli("equity", "7s 5h 4d 3c Ks", "random", "--draws", "3", "--samples", "200", "--seed", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "seat 0 stands pat in all 3 draws (--discard 0:CARDS makes it draw)" in lines
    assert "seat 1 (unknown cards) is dealt at random and stands pat in all 3 draws" in lines
    drawing = run_cli("equity", "7s 5h 4d 3c Ks", "random", "--draws", "1", "--discard", "0:Ks",
                      "--samples", "200", "--seed", "1")
    assert "seat 1 (unknown cards) is dealt at random and stands pat in the draw" in drawing.stdout
    assert "seat 0 stands pat" not in drawing.stdout
    no_draw = run_cli("equity", "7s 5h 4d 3c Ks", "random", "--samples", "200", "--seed", "1")
    assert "stands pat" not in no_draw.stdout


# ---------------------------------------------------------------- match's hand count


def test_match_says_when_duplicate_play_rounds_the_hands_up(run_cli: RunCli) -> None:
    bots = ("--bots", "drawing,calling,random", "--seed", "1", "--workers", "1", "--json")
    done = run_cli("match", "--hands", "4", *bots)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hands"] == 6
    note = done.stderr.strip()
    assert note == (
        "badeucey match: duplicate play deals every deal once to each of the 3 seats, so 4 hands become 6 "
        "(2 deals); --hands 3 or 6 plays exactly that many, --no-duplicate plays 4 single deals"
    )
    exact = run_cli("match", "--hands", "6", *bots)
    assert json.loads(exact.stdout)["hands"] == 6 and exact.stderr == ""
    single = run_cli("match", "--hands", "4", "--no-duplicate", *bots)
    assert json.loads(single.stdout)["hands"] == 4 and single.stderr == ""


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("hands", [1, 2, 3, 4, 5])
def test_the_note_agrees_with_play_match(seats: int, hands: int) -> None:
    bots = [CallingBot() for _ in range(seats)]
    result = play_match(bots, hands=hands, seed=1, stacks=6, executor=InlineExecutor())
    note = cli._rounded_hands_note(hands, seats, duplicate=True)
    if result.hands == hands:
        assert note == ""
    else:
        assert f"so {hands} hands become {result.hands} " in note
        below = hands - hands % seats
        assert f"--hands {below} or {result.hands} plays" in note if below else f"--hands {result.hands} plays" in note


# ---------------------------------------------------------------- badeucey play


def _play(entries: str, bots: list[Any], game: str = "badeucey", hands: int = 1, seed: int = 3,
          stacks: int = 200) -> str:
    out = io.StringIO()
    play.play(bots, rules=TableRules(game), hands=hands, stacks=stacks, seed=seed, stdin=io.StringIO(entries),
              stdout=out)
    return out.getvalue()


def test_play_names_the_betting_round_and_the_draw() -> None:
    text = _play("c\np\n" * 20, [CallingBot()])
    stages = re.findall(r"^-- badeucey, (.*), pot \d+ --$", text, flags=re.M)
    assert stages and set(stages) <= {
        *(f"betting round {n} of 4" for n in range(1, 5)),
        *(f"draw {n} of 3" for n in range(1, 4)),
    }
    assert "betting round 1 of 4" in stages and "draw 3 of 3" in stages
    assert not re.search(r"\bbet \d+,", text)  # the old stage words, next to the bet column


def test_play_tells_bots_actions_in_words() -> None:
    text = _play("c\np\n" * 40, [DrawingBot(), RandomBot(), CallingBot()], hands=3, seed=5)
    # a bot's action: its name and one space (a showdown line pads the name)
    bot_lines = [line for line in text.splitlines() if re.match(r"(DrawingBot1|RandomBot2|CallingBot3) \S", line)]
    assert len(bot_lines) > 10
    words = r"(folds|checks|calls \d+( and is all in)?|bets \d+( and is all in)?|raises to \d+( and is all in)?" \
        r"|stands pat|draws 1 card|draws [2-5] cards|takes \d+ uncontested)"
    for line in bot_lines:
        assert re.fullmatch(r"\w+ " + words, line), line
    assert not re.search(r"^\w+Bot\d: ", text, flags=re.M)  # PHH words (cc, cbr 4, sd) are gone


def test_bots_actions_in_words_cover_bets_raises_calls_and_all_in() -> None:
    rules = TableRules("badeucey")
    hand = Hand(rules, [100, 100], button=0, seed=1)
    seat = hand.to_act
    assert seat is not None
    before = hand.view(seat)
    to_call = max(before.bets) - before.bets[seat]
    assert play._in_words("Bot1", "cc", before) == f"Bot1 calls {to_call}"
    assert play._in_words("Bot1", "f", before) == "Bot1 folds"
    assert play._in_words("Bot1", f"cbr {max(before.bets) + 2}", before) == f"Bot1 raises to {max(before.bets) + 2}"
    hand.act("cc")
    hand.act("cc")  # the big blind checks: the first draw
    assert play._in_words("Bot1", "sd", hand.view(hand.to_act)) == "Bot1 stands pat"  # type: ignore[arg-type]
    assert play._in_words("Bot1", "sd 7s", hand.view(hand.to_act)) == "Bot1 draws 1 card"  # type: ignore[arg-type]
    hand.act("sd")
    hand.act("sd")
    after = hand.view(hand.to_act)  # type: ignore[arg-type]
    assert play._in_words("Bot1", "cc", after) == "Bot1 checks"
    assert play._in_words("Bot1", "cbr 2", after) == "Bot1 bets 2"
    short = Hand(TableRules("badeucey", structure="no"), [10, 10], button=0, seed=1)
    first = short.view(short.to_act)  # type: ignore[arg-type]
    everything = first.stacks[first.seat] + first.bets[first.seat]
    assert play._in_words("Bot1", f"cbr {everything}", first) == f"Bot1 raises to {everything} and is all in"


def test_play_shows_the_showdown_by_half() -> None:
    text = _play("c\np\n" * 20, [CallingBot(), CallingBot()], hands=2)
    names = ("you", "CallingBot1", "CallingBot2")
    showdowns = text.split("-- showdown --")[1:]
    assert len(showdowns) == 2  # everyone checks or calls to the end
    for shown in showdowns:
        lines = shown.strip().splitlines()
        for name, line in zip(names, lines):
            assert line.startswith(name) and "Badugi: " in line and "2-7: " in line, line
        assert re.search(r"^  Badugi \(\d+\): (.* wins? \d+ with |\d-way tie with |no )", shown, flags=re.M), shown
        assert re.search(r"^  2-7 \(\d+\): (.* wins? \d+ with |\d-way tie with |no )", shown, flags=re.M), shown
    assert "shows" not in text


def test_play_says_who_takes_an_uncontested_pot() -> None:
    text = _play("f\n", [CallingBot()], game="badugi", seed=1)  # heads-up, the button folds the small blind
    assert "CallingBot1 takes 2 uncontested" in text  # the big blind's uncalled chip goes back


# ---------------------------------------------------------------- no C compiler

BACKEND_PY = SETUP_PY.parent / "tools" / "build_backend.py"
needs_source_tree = pytest.mark.skipif(not (SETUP_PY.exists() and BACKEND_PY.exists()),
                                       reason="needs the source tree's setup.py and tools/build_backend.py")
unix_compilers = pytest.mark.skipif(sys.platform == "win32", reason="MSVC is found by setuptools itself")


def _backend() -> Any:
    """tools/build_backend.py as pip loads it (from backend-path), without touching sys.path."""
    pytest.importorskip("setuptools")
    spec = importlib.util.spec_from_file_location("build_backend", BACKEND_PY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _failing_compiler(folder: Path, message: str) -> Path:
    script = folder / "cc"
    script.write_text(f"#!/bin/sh\necho '{message}' >&2\nexit 1\n", encoding="ascii")
    script.chmod(0o755)
    return script


@needs_source_tree
@unix_compilers
def test_pip_asks_for_cffi_and_numpy_only_after_the_compiler_check(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    backend = _backend()

    def setuptools_asked(*args: object) -> list[str]:
        raise AssertionError("setuptools ran before the compiler check")

    monkeypatch.setattr(backend._setuptools, "get_requires_for_build_wheel", setuptools_asked)
    monkeypatch.setattr(backend._setuptools, "get_requires_for_build_editable", setuptools_asked)
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    for hook in (backend.get_requires_for_build_wheel, backend.get_requires_for_build_editable):
        with pytest.raises(SystemExit) as stopped:
            hook()
        message = str(stopped.value)
        assert "\n" not in message
        assert message.startswith("badeucey-fast needs a C compiler to build its core: ")
        assert f"{str(tmp_path / 'no-such-cc')!r} was not found" in message
    # a source archive needs no compiler
    monkeypatch.setattr(backend._setuptools, "get_requires_for_build_sdist", lambda settings=None: [])
    assert backend.get_requires_for_build_sdist() == ["cffi>=1.15"]


@needs_source_tree
@unix_compilers
@pytest.mark.skipif(shutil.which(os.environ.get("CC", "cc")) is None, reason="needs a C compiler")
def test_with_a_working_compiler_pip_gets_cffi_and_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.setattr(backend._setuptools, "get_requires_for_build_wheel", lambda settings=None: [])
    assert backend.compiler_problem() is None
    assert backend.get_requires_for_build_wheel() == ["cffi>=1.15", "numpy>=1.23"]


@needs_source_tree
@unix_compilers
def test_compiler_problem_names_a_compiler_that_does_not_work(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    backend = _backend()
    failing = _failing_compiler(tmp_path, "check.c:1:10: fatal error: Python.h: No such file or directory")
    monkeypatch.setenv("CC", str(failing))
    problem = backend.compiler_problem()
    assert "\n" not in problem
    assert problem.startswith(f"badeucey-fast cannot build its core: the C compiler {str(failing)!r} fails")
    assert "Python.h: No such file" in problem and "Python's C headers" in problem
    other = _failing_compiler(tmp_path, "stdlib.h: No such file or directory")
    monkeypatch.setenv("CC", str(other))
    assert "install build-essential" in backend.compiler_problem()


@needs_source_tree
@unix_compilers
def test_setup_py_stops_before_setup_without_a_compiler(tmp_path: Path) -> None:
    pytest.importorskip("setuptools")
    env = {**os.environ, "CC": str(tmp_path / "no-such-cc")}
    done = subprocess.run([sys.executable, str(SETUP_PY), "bdist_wheel"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stdout == ""  # setup() never ran: none of setuptools' log
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("badeucey-fast needs a C compiler to build its core: ")
    assert f"{str(tmp_path / 'no-such-cc')!r} was not found" in done.stderr


@needs_source_tree
def test_only_building_commands_check_the_compiler(monkeypatch: pytest.MonkeyPatch) -> None:
    setuptools = pytest.importorskip("setuptools")
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: None)  # read setup.py's names, run nothing
    monkeypatch.setattr(sys, "path", list(sys.path))  # setup.py puts tools/ first
    commands = runpy.run_path(str(SETUP_PY))["BUILD_COMMANDS"]
    assert {"bdist_wheel", "editable_wheel", "build_ext"} <= commands
    assert not {"egg_info", "dist_info", "sdist"} & commands  # metadata and source archives need no compiler
