"""Training on the job runner (badeucey_fast.solve.parallel): rounds of chunks
merged in chunk order, the same strategy on any executor, resumable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from badeucey_fast import cli
from badeucey_fast.jobs import InlineExecutor
from badeucey_fast.play import TableRules
from badeucey_fast.solve import SolverAbstraction, Strategy, TableGame, TrainingInterrupted, exploitability, train
from badeucey_fast.solve.parallel import merge, round_sizes

RULES = TableRules("badugi", heads_up_cap=4)
MINI = TableRules.mini()


@pytest.fixture(scope="module")
def buckets() -> SolverAbstraction:
    return SolverAbstraction.card_buckets("badugi", 16)


def test_the_strategy_is_the_same_on_any_executor(buckets: SolverAbstraction) -> None:
    inline = train(RULES, 500, seed=4, abstraction=buckets, chunks=2, chunk_iterations=100, executor=InlineExecutor())
    pooled = train(RULES, 500, seed=4, abstraction=buckets, chunks=2, chunk_iterations=100)
    assert inline == pooled and inline.iterations == 500
    assert inline != train(RULES, 500, seed=4, abstraction=buckets)  # another training than one process's
    assert inline != train(RULES, 500, seed=4, abstraction=buckets, chunks=2, chunk_iterations=50,
                           executor=InlineExecutor())


def test_a_round_splits_its_iterations_evenly() -> None:
    assert round_sizes(10, 3) == [4, 3, 3]
    assert round_sizes(2, 4) == [1, 1, 0, 0]


def test_merging_adds_each_chunks_changes_and_appends_new_sets_once() -> None:
    state = {"keys": np.array([[1] + [0] * 39], dtype=np.uint8), "offsets": np.array([0], dtype=np.uint64),
             "regrets": np.array([1.0, 2.0]), "averages": np.array([0.5, 0.5])}
    new_a, new_b = [2] + [0] * 39, [3] + [0] * 39

    def chunk(regrets: list[float], averages: list[float], keys: list[list[int]], offsets: list[int]) -> dict[str, Any]:
        return {"keys": np.array(keys, dtype=np.uint8).reshape(-1, 40), "offsets": np.array(offsets, dtype=np.uint64),
                "regrets": np.array(regrets), "averages": np.array(averages)}

    first = chunk([2.0, 2.0, 5.0, 6.0], [1.0, 0.5, 1.0, 1.0], [new_a], [0])
    second = chunk([1.0, 4.0, 7.0, 8.0, 1.0], [0.5, 1.5, 1.0, 2.0, 3.0], [new_b, new_a], [0, 1])
    merged = merge(state, [first, second])
    assert merged["keys"][:, 0].tolist() == [1, 2, 3]
    assert merged["offsets"].tolist() == [0, 2, 4]
    assert merged["regrets"].tolist() == [2.0, 4.0, 5.0 + 8.0, 6.0 + 1.0, 7.0]
    assert merged["averages"].tolist() == [1.0, 1.5, 1.0 + 2.0, 1.0 + 3.0, 1.0]


def test_resuming_from_a_checkpoint_gives_the_same_strategy(buckets: SolverAbstraction, tmp_path: Path) -> None:
    once = train(RULES, 400, seed=2, abstraction=buckets, chunks=2, chunk_iterations=100, executor=InlineExecutor())
    checkpoint = tmp_path / "run.ckpt"
    half = train(RULES, 200, seed=2, abstraction=buckets, chunks=2, chunk_iterations=100, executor=InlineExecutor(),
                 checkpoint=checkpoint)
    assert half.iterations == 200
    again = train(RULES, 400, seed=2, abstraction=buckets, chunks=2, chunk_iterations=100, executor=InlineExecutor(),
                  checkpoint=checkpoint)
    assert again == once
    with pytest.raises(ValueError, match="chunk_iterations"):
        train(RULES, 600, seed=2, abstraction=buckets, chunks=2, chunk_iterations=50, executor=InlineExecutor(),
              checkpoint=checkpoint)


def test_ctrl_c_keeps_the_last_merged_round(buckets: SolverAbstraction, tmp_path: Path) -> None:
    calls: list[int] = []

    def progress(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(TrainingInterrupted) as caught:
        train(RULES, 1000, seed=5, abstraction=buckets, chunks=2, chunk_iterations=100, executor=InlineExecutor(),
              checkpoint=tmp_path / "c.ckpt", progress=progress)
    assert caught.value.iterations == 400 == calls[-1]
    resumed = train(RULES, 1000, seed=5, abstraction=buckets, chunks=2, chunk_iterations=100,
                    executor=InlineExecutor(), checkpoint=tmp_path / "c.ckpt")
    assert resumed == train(RULES, 1000, seed=5, abstraction=buckets, chunks=2, chunk_iterations=100,
                            executor=InlineExecutor())


@pytest.mark.slow  # two exact exploitabilities
def test_chunked_training_approaches_an_equilibrium_of_the_mini_game() -> None:
    game = TableGame(MINI)
    few = train(MINI, 500, seed=1, abstraction=None, stacks=(20, 20), chunks=2, chunk_iterations=250,
                executor=InlineExecutor())
    many = train(MINI, 8000, seed=1, abstraction=None, stacks=(20, 20), chunks=2, chunk_iterations=1000,
                 executor=InlineExecutor())
    assert exploitability(game, many.as_policy()).exploitability < exploitability(game, few.as_policy()).exploitability / 3


def test_bad_chunk_settings_are_refused(buckets: SolverAbstraction) -> None:
    with pytest.raises(ValueError, match="chunks"):
        train(RULES, 10, seed=1, abstraction=buckets, chunks=0)
    with pytest.raises(ValueError, match="chunk_iterations"):
        train(RULES, 10, seed=1, abstraction=buckets, chunks=2, chunk_iterations=0)


def test_the_command_runs_chunks_on_local_workers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mini.npz"
    words = ["train", "--mini", "--game", "badugi", "--seed", "1", "--iterations", "300", "--chunks", "2",
             "--chunk-iterations", "100", "--workers", "2", "--out", str(out)]
    assert cli.main(words) == 0
    assert Strategy.load(out) == train(MINI, 300, seed=1, abstraction=None, stacks=(20, 20), chunks=2,
                                       chunk_iterations=100, executor=InlineExecutor())
    assert cli.main(["train", "--mini", "--iterations", "10", "--workers", "2", "--out", str(out)]) == cli.EXIT_USAGE
    assert "add --chunks K" in capsys.readouterr().err
