"""What each engine declares rather than the platform guessing it: the whole
contract of `games.engines.base.Engine`, its rules' version included (a game
record names it) and the invariants the playout harness checks."""

import pytest

from games import engines
from games.engines.base import Engine


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_each_engine_declares_the_whole_contract(engine):
    assert isinstance(engine, Engine)
    assert isinstance(engine.version, int) and engine.version >= 1


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_each_engines_invariants_hold_at_the_set_up(engine):
    state = engine.setup(
        engine.min_players, engine.default_options(engine.min_players), 7
    )
    engine.check_invariants(state)
