"""tools/search_gain.py: SearchBot's exact gain over the blueprint in the last round."""

from __future__ import annotations

from pathlib import Path

import pytest

from .support import load_module

TOOL = Path(__file__).resolve().parent.parent / "tools" / "search_gain.py"


def test_one_iteration_of_a_gadget_is_the_blueprint_and_gains_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """A gadget's re-solve starts from the blueprint, and CFR+'s average after
    one iteration is that start: the gain is exactly 0, and the deals do reach
    the last round (with more iterations the gains are not all 0)."""
    tool = load_module(TOOL, "search_gain_tool")
    from badeucey_fast.play.bots import SearchBot
    from badeucey_fast.solve import default_strategy

    strategy = default_strategy("badugi")  # the blueprint as trained, which search and the tool's CFRBot play
    assert SearchBot(strategy).strategy is strategy
    one = [SearchBot(strategy, budget=1, particles=4, gadget=g) for g in ("maxmargin", "blueprint")]
    more = [SearchBot(strategy, budget=10, particles=4, gadget="maxmargin")]
    assert [tool.deal_gains(strategy, seed, one) for seed in range(3)] == [[0.0, 0.0]] * 3
    assert any(tool.deal_gains(strategy, seed, more) != [0.0] for seed in range(3))
    assert tool.main(["--game", "badugi", "--deals", "2", "--particles", "4", "--budget", "1"]) == 0
    assert "maxmargin          +0.0 mbb/hand  95% CI [+0.0, +0.0]" in capsys.readouterr().out
