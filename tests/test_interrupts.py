"""A Ctrl-C that comes at any step of waiting for a C run in a worker thread
ends the wait: the run is stopped, waited for, and KeyboardInterrupt goes on.

A KeyboardInterrupt raised between a ``with lock`` taking its lock and the block
that releases it leaves the lock held; a wait on a ``threading.Event`` takes one
that the worker needs to say it has ended, and the two threads then wait for
each other for ever.  These tests raise KeyboardInterrupt at every bytecode of
the waiting thread in turn (``sys.settrace``), as a signal may, except inside
``Thread.start``, where the code holds Ctrl-C back."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

import contextlib
import importlib
import os
import signal

import badeucey_fast
from badeucey_fast import _runs
from badeucey_fast._native import ffi

_HANG = 10.0  # seconds: a guard against a deadlock, never reached by a wait that works
_WAITING_CODE = (os.path.dirname(badeucey_fast.__file__), threading.__file__, contextlib.__file__, signal.__file__)
"""Where a signal's KeyboardInterrupt may land while a run is waited for (not in a
garbage collector's callback, say, which Python reports and drops)."""


def _may_be_interrupted(frame: FrameType | None) -> bool:
    if frame is None or not frame.f_code.co_filename.startswith(_WAITING_CODE):
        return False
    while frame is not None:
        if frame.f_code.co_name == "start" and frame.f_code.co_filename == threading.__file__:
            return False  # Ctrl-C is held back there
        frame = frame.f_back
    return True


def _interrupted_at(step: int, call: Callable[[], object]) -> str:
    """Run ``call()`` in a thread of its own with a KeyboardInterrupt raised at
    its ``step``-th bytecode; say how it ended: "returned", "interrupted", or
    "hung" (a deadlock)."""
    ended: list[str] = []

    def body() -> None:
        count = 0

        def tracer(frame: FrameType, event: str, arg: Any) -> Any:
            nonlocal count
            frame.f_trace_opcodes = True
            if event == "opcode" and _may_be_interrupted(frame):
                count += 1
                if count == step:
                    raise KeyboardInterrupt
            return tracer

        sys.settrace(tracer)
        try:
            call()
            ended.append("returned")
        except KeyboardInterrupt:
            ended.append("interrupted")
        except BaseException as exc:  # noqa: BLE001 - reported to the test
            ended.append(repr(exc))
        finally:
            sys.settrace(None)

    thread = threading.Thread(target=body, daemon=True)
    thread.start()
    thread.join(_HANG)
    return ended[0] if ended else "hung"


def test_a_run_in_chunks_ends_whatever_step_of_its_wait_ctrl_c_comes_at() -> None:
    stop = ffi.new("int[1]")
    running: list[int] = []  # the chunk in the C run now, if any

    def run(begin: int, end: int, step: int) -> None:  # one chunk of a C run: 2 ms, or less once stopped
        running.append(begin)
        try:
            for _ in range(20):
                if stop[0]:
                    raise RuntimeError("the run was stopped")
                time.sleep(0.0001)
        finally:
            running.pop()

    def call() -> None:
        stop[0] = 0
        _runs.run_chunks(run, 500, None, lambda fraction: None, 10**12, stop)

    _assert_every_step_interrupts(call, running)


def test_a_training_slice_ends_whatever_step_of_its_wait_ctrl_c_comes_at() -> None:
    running: list[bool] = []  # whether the solver runs now

    class Memory:  # the solver: iterations until its stop flag is set
        def run(self, game: object, iterations: int, stop: Any) -> int:
            running.append(True)
            try:
                for done in range(iterations):
                    if stop[0]:
                        return done
                    time.sleep(0.0001)
                return iterations
            finally:
                running.pop()

    def call() -> None:
        train = importlib.import_module("badeucey_fast.solve.train")
        train._run_in_thread(None, Memory(), 10_000, [0])

    _assert_every_step_interrupts(call, running)


def _assert_every_step_interrupts(call: Callable[[], object], running: list[Any]) -> None:
    """Each step of the wait, interrupted, ends ``call`` with KeyboardInterrupt once
    its C run has returned (``running`` empty)."""
    for step in range(1, 400):
        end = _interrupted_at(step, call)
        assert end == "interrupted", (step, end)
        assert not running, step
