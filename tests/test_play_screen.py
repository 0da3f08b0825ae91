"""``badeucey play`` as a person meets it (issue 36, 5): the prompt says what may be
done and what it costs, your own action and the cards you drew are shown, the words
of poker are understood, and leaving mid-hand (``q``, end of input, Ctrl-C) counts
the chips you put in; through pipes and through a real terminal (a pty)."""

from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from badeucey_fast import _terminal as play
from badeucey_fast import cli
from badeucey_fast.bots import CallingBot, DrawingBot
from badeucey_fast.engine import Hand, TableRules

from .conftest import RunCli


def _play(entries: str | io.StringIO, bots: list[Any], *, game: str = "badeucey", hands: int = 1, seed: int = 3,
          structure: str = "fixed") -> tuple[float, str]:
    out = io.StringIO()
    stdin = io.StringIO(entries) if isinstance(entries, str) else entries
    result = play.play(bots, rules=TableRules(game, structure=structure), hands=hands, stacks=200, seed=seed,
                       stdin=stdin, stdout=out)
    return result, out.getvalue()


class Throws(io.StringIO):
    """Entries that answer the board: a call or check in a betting round, and in
    a draw the two highest cards of the last "your cards:" line."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out
        self.left = 100  # then the end of input: a screen that never asks for a draw cannot loop

    def readline(self, size: int | None = -1) -> str:
        self.left -= 1
        if self.left < 0:
            return ""
        text = self.out.getvalue()
        if text.rstrip().endswith("p stand pat; ? help]>"):
            cards = re.findall(r"^your cards: (.*?)(?:  \(|$)", text, flags=re.M)[-1].replace("*", "").split()
            return f"draw {cards[-1]} {cards[-2]}\n"
        return "call\n"


def test_the_prompt_lists_what_you_may_do_and_its_price() -> None:
    _, text = _play("c\np\n" * 20, [CallingBot()])  # heads-up, you are the button: the small blind
    prompts = re.findall(r"^your action \[(.*); \? help\]> ", text, flags=re.M)
    assert prompts[0] == "f fold, c call 1, r raise to 4"
    assert "c check, r bet 2" in prompts  # after the first draw the big blind checks to you
    assert "d CARDS throw up to 5 (e.g. d 7s Kd), p stand pat" in prompts
    _, pot = _play("c\np\n" * 20, [CallingBot()], structure="pot")
    first = re.findall(r"^your action \[(.*); \? help\]> ", pot, flags=re.M)[0]
    assert first == "f fold, c call 1, r N raise to 4..6"  # pot limit: 1 to call, then the pot of 4 more


def test_your_own_action_is_told_and_piped_entries_are_shown() -> None:
    _, text = _play("call\npat\n" * 20, [CallingBot()])
    assert "your action [f fold, c call 1, r raise to 4; ? help]> call\nyou call 1\n" in text
    assert "you stand pat" in text and "you check" in text
    assert not re.search(r"> CallingBot1", text)  # a bot's action never runs on after the prompt


def test_the_cards_you_drew_are_marked_until_your_next_draw() -> None:
    out = io.StringIO()
    play.play([CallingBot()], rules=TableRules("badeucey"), hands=1, stacks=200, seed=3, stdin=Throws(out),
              stdout=out)
    text = out.getvalue()
    told = re.findall(r"^you throw (\S+ \S+), draw (\S+ \S+)$", text, flags=re.M)
    assert len(told) == 3  # one line a draw
    boards = text.split("-- badeucey, ")[1:]
    for n, (thrown, new) in enumerate(told, start=1):
        after = next(b for b in boards if b.startswith(f"betting round {n + 1} of 4"))
        mine = re.search(r"^your cards: (.*)  \(\* new in draw (\d)\)$", after, flags=re.M)
        assert mine is not None and mine.group(2) == str(n), after
        held = mine.group(1).split()
        assert {c[:-1] for c in held if c.endswith("*")} == set(new.split()), (held, new)
        assert not set(thrown.split()) & {c.rstrip("*") for c in held}


@pytest.mark.parametrize(("entry", "action"), [
    ("fold", "f"), ("FOLD", "f"), ("call", "cc"), ("c", "cc"), ("raise", "cbr 4"), ("r", "cbr 4"), ("bet", "cbr 4"),
])
def test_the_words_of_poker_are_understood_in_a_betting_round(entry: str, action: str) -> None:
    hand = Hand(TableRules("badeucey"), [200, 200], button=0, seed=1)
    assert play._parse(entry, hand.view(0)) == action


def test_check_is_refused_facing_a_bet_and_the_words_of_a_draw() -> None:
    hand = Hand(TableRules("badeucey"), [200, 200], button=0, seed=1)
    with pytest.raises(ValueError, match="there is a bet: c or call pays 1, f folds"):
        play._parse("check", hand.view(0))
    no_limit = Hand(TableRules("badeucey", structure="no"), [200, 200], button=0, seed=1)
    assert play._parse("raise to 10", no_limit.view(0)) == play._parse("Raise TO 10", no_limit.view(0)) == "cbr 10"
    with pytest.raises(ValueError, match="raise to a whole number in 4..200"):
        play._parse("r \u00b2", no_limit.view(0))  # a digit to str.isdigit, not to int()
    hand.act("cc")
    assert play._parse("check", hand.view(1)) == "cc"
    hand.act("cc")  # the first draw: the big blind draws first
    view = hand.view(hand.to_act)  # type: ignore[arg-type]
    held = " ".join(play.NAME_OF[c] for c in view.cards[:2])
    for word in ("d", "draw", "discard", "DRAW"):
        assert play._parse(f"{word} {held}", view) == f"sd {held}"
    for word in ("p", "pat", "stand pat"):
        assert play._parse(word, view) == "sd"


def test_q_mid_hand_loses_what_you_put_in_and_counts_the_hand() -> None:
    result, text = _play("c\nq\n", [CallingBot()])  # you call 1 (2 chips in), the bot checks, then you quit
    assert result == -1.0
    assert "you leave hand 1 with 2 chips in the pot: lost, as a fold loses them (-1 big blinds)" in text
    assert text.rstrip().endswith("result after 1 hand(s), the last one left unfinished: -1 big blinds")
    ended, again = _play("c\n", [CallingBot()])  # the end of input (Ctrl-D) leaves the same way
    assert ended == -1.0 and "you leave hand 1 with 2 chips" in again


def test_leaving_before_putting_a_chip_in_costs_nothing() -> None:
    # three-handed, hand 1: you are the button and act first, before any chip of yours went in
    result, text = _play("quit\n", [CallingBot(), CallingBot()])
    assert result == 0.0 and "you leave hand 1 before putting a chip in" in text
    assert text.rstrip().endswith("result after 0 hand(s): +0 big blinds")


class Interrupted(io.StringIO):
    """Entries, then Ctrl-C at the prompt."""

    def __init__(self, entries: str) -> None:
        super().__init__(entries)

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_at_the_prompt_prints_the_result() -> None:
    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        play.play([CallingBot()], rules=TableRules("badeucey"), hands=3, stacks=200, seed=3,
                  stdin=Interrupted("c\n"), stdout=out)
    assert out.getvalue().rstrip().endswith("result after 1 hand(s), the last one left unfinished: -1 big blinds")


def test_ctrl_c_through_the_command(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", Interrupted("c\n"))
    assert cli.main(["play", "--bots", "calling", "--seed", "1"]) == cli.EXIT_INTERRUPTED
    captured = capsys.readouterr()
    assert "result after 1 hand(s), the last one left unfinished: -1 big blinds" in captured.out
    assert captured.err.strip() == "badeucey: interrupted"


@pytest.mark.parametrize("seed", ["-1", str(10**23)])
def test_play_refuses_a_seed_as_the_other_commands_do(seed: str, run_cli: RunCli) -> None:
    done = run_cli("play", "--seed", seed, "--hands", "1", stdin="q\n")
    assert done.returncode == cli.EXIT_USAGE and done.stdout == ""
    assert done.stderr.strip() == f"badeucey: error: seed must be in 0 .. 2**64 - 1, got {seed}"


def test_the_whole_game_through_a_pipe(run_cli: RunCli) -> None:
    done = run_cli("play", "--bots", "drawing", "--hands", "2", "--seed", "1", stdin="call\npat\n" * 30)
    assert done.returncode == 0, done.stderr
    assert "you call" in done.stdout and "you stand pat" in done.stdout
    assert re.search(r"^result after 2 hand\(s\): [+-]\d", done.stdout, flags=re.M)


# ---------------------------------------------------------------- a real terminal

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal needs POSIX")


class Terminal:
    """``badeucey play`` on a pseudo-terminal that is its controlling terminal, as
    in a terminal window: what is typed is echoed by the terminal, Ctrl-C is the
    character the terminal turns into SIGINT for the program."""

    GUARD = 120.0
    """Seconds: only a guard against a hang."""

    def __init__(self, *args: str) -> None:
        import fcntl
        import termios

        master, slave = os.openpty()
        self.master = master
        self.seen = b""

        def controlling_terminal() -> None:  # in the child, after setsid(): the pty becomes its terminal
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
            # SIGINT back to its default and unblocked: a suite started in the background by a shell
            # (as CI's lanes are) inherits it ignored, and a process started while a thread of the
            # suite held it back would inherit it blocked; either way the program would never see the
            # typed Ctrl-C
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

        self.process = subprocess.Popen(
            [sys.executable, "-m", "badeucey_fast", "play", *args], stdin=slave, stdout=slave, stderr=slave,
            cwd=Path(__file__).parent, start_new_session=True, preexec_fn=controlling_terminal,
            env={**os.environ, "COLUMNS": "200"},
        )
        os.close(slave)

    def read_until(self, text: str) -> str:
        """Everything shown up to ``text``'s next appearance."""
        deadline = time.monotonic() + self.GUARD
        start = len(self.seen)
        while text.encode() not in self.seen[start:]:
            assert time.monotonic() < deadline, self.seen.decode(errors="replace") + self._signals()
            ready, _, _ = select.select([self.master], [], [], 1.0)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:  # the program ended and the terminal closed
                    break
                if not chunk:
                    break
                self.seen += chunk
        return self.seen[start:].decode(errors="replace")

    def _signals(self) -> str:
        """The program's signal masks, for a hang's message (a Ctrl-C pending, blocked, ignored)."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return ""
        return "\n" + "\n".join(line for line in status.splitlines() if line.startswith(("State", "Sig", "ShdPnd")))

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self) -> tuple[int, str]:
        """The exit status and the rest of the screen."""
        rest = self.read_until("\x00never shown\x00")
        code = self.process.wait(timeout=self.GUARD)
        os.close(self.master)
        return code, rest

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()


@posix_only
def test_a_person_at_a_terminal_plays_with_words_and_ctrl_c() -> None:
    terminal = Terminal("--bots", "calling", "--hands", "3", "--seed", "1")
    try:
        first = terminal.read_until("; ? help]> ")
        assert "your action [f fold, c call 1, r raise to 4; ? help]> " in first
        terminal.type("call\r")
        after = terminal.read_until("; ? help]> ")
        assert "call\r\nyou call 1\r\n" in after  # echoed by the terminal, told back by the program
        assert "p stand pat; ? help]> " in after
        terminal.type("stand pat\r")
        assert "you stand pat" in terminal.read_until("; ? help]> ")
        terminal.type("\x03")  # Ctrl-C as typed: the terminal sends SIGINT
        code, rest = terminal.finish()
    finally:
        terminal.close()
    assert code == cli.EXIT_INTERRUPTED, rest
    assert "result after 1 hand(s), the last one left unfinished: -1 big blinds" in rest
    assert "badeucey: interrupted" in rest and "Traceback" not in rest


@posix_only
def test_q_at_a_terminal_counts_the_hand() -> None:
    terminal = Terminal("--bots", "drawing", "--hands", "2", "--seed", "1")
    try:
        terminal.read_until("; ? help]> ")
        terminal.type("c\r")
        terminal.read_until("; ? help]> ")
        terminal.type("q\r")
        code, rest = terminal.finish()
    finally:
        terminal.close()
    assert code == 0, rest
    assert "you leave hand 1 with 2 chips in the pot: lost, as a fold loses them (-1 big blinds)" in rest
    assert "result after 1 hand(s), the last one left unfinished: -1 big blinds" in rest


def test_drawing_bot_sessions_are_reproducible() -> None:
    first = _play("call\npat\n" * 40, [DrawingBot()], hands=2, seed=9)
    assert _play("call\npat\n" * 40, [DrawingBot()], hands=2, seed=9) == first
