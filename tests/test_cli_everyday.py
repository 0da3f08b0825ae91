"""The command line in everyday use: hands from stdin and files, unknown-hand words,
JSON with a schema (errors too), examples closing every --help, and a light start."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import badeucey_fast as bf
from badeucey_fast import cli

from .conftest import RunCli

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the command line: parsing
# and output, the library's calls being its tests'
pytestmark = pytest.mark.no_sanitize

NUMBER_ONE = "7s 5h 4d 3c 2s"


def test_eval_reads_standard_input(run_cli: RunCli) -> None:
    done = run_cli("eval", "-", stdin="7s5h4d3c2s\n\n# a comment\nKd 7s 5h 4d 3c  # the king is dead\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Badugi, aces low") == 2
    assert "Kd 7s 5h 4d 3c" in done.stdout and "7-5-4-3 badugi: 7s 5h 4d 3c" in done.stdout
    both = run_cli("eval", "7s5h4d3c2s", "Kd 7s 5h 4d 3c")
    assert both.stdout == done.stdout


def test_eval_reads_files_and_mixes_sources(tmp_path: Path, run_cli: RunCli) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("6s 6h 4h 3d 2c\nAc 2d 3h 4s\n", encoding="utf-8")
    done = run_cli("eval", NUMBER_ONE, "-", "--file", str(path), "--json", stdin="8c 7d 5s 4s 2h\n")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [h["hand"] for h in data["hands"]] == [NUMBER_ONE, "8c 7d 5s 4s 2h", "6s 6h 4h 3d 2c", "Ac 2d 3h 4s"]
    four = data["hands"][3]
    assert four["deuce_seven"] is None and four["ace_five"] is None  # the same keys for every hand
    assert four["badugi_low"] == {"rank": 1, "name": "4-3-2-A badugi", "cards": "4s 3h 2d Ac"}


def test_eval_errors_name_the_line(run_cli: RunCli) -> None:
    done = run_cli("eval", "-", stdin="7s5h4d3c2s\n7s 7s 4d 3c 2s\n")
    assert done.returncode == 2
    assert done.stderr == "badeucey: error: line 2 of standard input: duplicate card 7s in '7s 7s 4d 3c 2s'\n"
    missing = run_cli("eval", "--file", "/nonexistent/hands.txt")
    assert missing.returncode == 2 and "cannot read /nonexistent/hands.txt" in missing.stderr
    nothing = run_cli("eval")
    assert nothing.returncode == 2 and "no hands" in nothing.stderr


def test_eval_shows_the_cards_of_each_badugi(run_cli: RunCli) -> None:
    done = run_cli("eval", "6s 6h 4h 3d 2c")
    lines = {line.split()[1].rstrip(","): line for line in done.stdout.splitlines() if line.startswith("  Badugi")}
    played = bf.format_cards(bf.badugi_cards("6s 6h 4h 3d 2c"))
    assert lines["aces"].endswith(f"6-4-3-2 badugi: {played}")


@pytest.mark.parametrize("word", ["random", "x", "X", "unknown", "?"])
def test_equity_takes_unknown_hand_words(word: str, run_cli: RunCli) -> None:
    done = run_cli("equity", NUMBER_ONE, word, "--samples", "500", "--seed", "2", "--max-exact", "1", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["schema"] == "badeucey-equity/1" and data["seats"][1]["hand"] is None


@pytest.mark.parametrize(
    ("args", "kind"),
    [
        (("eval", "7s5h4d3c2x", "--json"), "ValueError"),
        (("showdown", "--json", NUMBER_ONE, NUMBER_ONE), "ValueError"),
        (("draw", "As 2c 3d Ks", "--discard", "Qs", "--game", "badugi", "--json"), "ValueError"),
        (("equity", NUMBER_ONE, "x", "--discard", "5:Ks", "--draws", "1", "--json"), "ValueError"),
        (("eval", "--json", "--bogus", NUMBER_ONE), "UsageError"),
        (("showdown", "--json", "--game", "holdem", NUMBER_ONE), "UsageError"),
    ],
)
def test_json_errors_are_json(args: tuple[str, ...], kind: str, run_cli: RunCli) -> None:
    done = run_cli(*args)
    assert done.returncode == 2 and done.stdout == ""
    error = json.loads(done.stderr)
    assert error["schema"] == "badeucey-error/1" and error["type"] == kind and error["exit_status"] == 2
    assert error["command"].startswith("badeucey") and error["error"]
    plain = run_cli(*[a for a in args if a != "--json"])
    assert plain.returncode == 2 and plain.stderr.startswith(("badeucey: error: ", "usage: "))


def test_every_json_output_has_a_schema(run_cli: RunCli) -> None:
    outputs = {
        "eval": run_cli("eval", "--json", NUMBER_ONE),
        "showdown": run_cli("showdown", "--json", NUMBER_ONE, "6s 6h 4h 3d 2c"),
        "draw": run_cli("draw", "As 2c 3d Ks", "--game", "badugi", "--discard", "Ks", "--json"),
        "equity": run_cli("equity", NUMBER_ONE, "6s 6h 4h 3d 2c", "--json"),
        "match": run_cli("match", "--hands", "20", "--seed", "1", "--workers", "1", "--json"),
    }
    for command, done in outputs.items():
        assert done.returncode == 0, (command, done.stderr)
        data = json.loads(done.stdout)
        assert isinstance(data, dict) and data["schema"] == f"badeucey-{command}/1", command


def test_draw_json_is_one_object_with_hand_game_target_and_options(run_cli: RunCli) -> None:
    done = run_cli("draw", "7s 5h 4d Jc Ks", "--target", "low:8", "--top", "3", "--json")
    data = json.loads(done.stdout)
    assert data["schema"] == "badeucey-draw/1"
    assert (data["hand"], data["game"], data["draws"], data["objective"]) == ("7s 5h 4d Jc Ks", "badeucey", 1, "target")
    assert data["target"] == bf.parse_target("low:8", "badeucey").describe(bf.GAMES["badeucey"])
    direct = bf.best_discards("7s 5h 4d Jc Ks", target="low:8")[:3]
    assert data["options"] == [o.to_dict() for o in direct]


def _subcommands() -> dict[str, object]:
    parser = cli.build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return dict(action.choices)  # type: ignore[arg-type]


@pytest.mark.parametrize("command", list(_subcommands()))
def test_every_help_ends_with_examples(command: str) -> None:
    text = _subcommands()[command].format_help()  # type: ignore[attr-defined]
    head, sep, tail = text.rpartition("\nexamples:\n")
    assert sep, text
    examples = tail.strip().splitlines()
    assert 2 <= len(examples) <= 3
    for line in examples:
        assert f"badeucey {command}" in line
        assert "?" not in line.replace("'?'", "")  # an unquoted ? is a shell glob


def test_help_examples_through_the_command(run_cli: RunCli) -> None:
    done = run_cli("equity", "--help")
    assert done.returncode == 0 and done.stdout.rstrip().splitlines()[-3:] == [f"  {e}" for e in cli.EXAMPLES["equity"]]


@pytest.mark.parametrize("command", ["eval", "showdown"])
def test_eval_and_showdown_start_light(command: str) -> None:
    """eval and showdown import what `import badeucey_fast` does: no numpy, no bench harness, no metadata."""
    argv = ["eval", NUMBER_ONE] if command == "eval" else ["showdown", NUMBER_ONE, "6s 6h 4h 3d 2c"]
    code = (
        "import io, sys, contextlib\n"
        "from badeucey_fast.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()): assert main({argv!r}) == 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'pandas') or "
        "m.startswith(('badeucey_fast._bench.', 'importlib.metadata', 'badeucey_fast.draws', 'badeucey_fast.engine'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=tempfile.gettempdir(), check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_version_still_works(run_cli: RunCli) -> None:
    done = run_cli("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"badeucey {bf.__version__}"


def test_one_progress_bar_draws_fractions_and_job_reports() -> None:
    """draw/equity pass a fraction, chart/match a JobProgress: one bar serves both."""
    import io

    from badeucey_fast.jobs import JobProgress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    report = JobProgress(3, 10, 96, 320, 0, 4.0, "hands")
    quiet = cli.ProgressBar(io.StringIO(), delay=0)
    quiet(report)
    quiet.close()
    assert quiet.stream.getvalue() == "" and quiet.last == [report]  # type: ignore[attr-defined]  # kept, not drawn
    tty = Terminal()
    bar = cli.ProgressBar(tty, delay=0)
    bar(0.25)
    assert tty.getvalue() == "\r[" + "#" * 7 + "." * 23 + "]  25.0%" and bar.last == []
    bar(report)
    bar.close()
    assert tty.getvalue().endswith(f"\r[{'#' * 9}{'.' * 21}]  30.0%  {report.describe()}  \n")
    assert bar.last == [report]
