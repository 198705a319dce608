"""The one replay of the site: a game's state from its seed and its moves."""

import random

import pytest

from games import engines
from games.engines.replay import MoveDoesNotReplay, replay, replay_from_seed


def _played(engine, players, seed, count):
    """The set-up's options and the first `count` moves of a seeded random game,
    as (seq, seat, move), with the state after each."""
    options = engine.validate_options(players, engine.default_options(players))
    state = engine.setup(players, options, seed)
    rng = random.Random(seed)
    moves, states = [], [state]
    for seq in range(1, count + 1):
        if engine.is_over(state):
            break
        seat = rng.choice(engine.to_move(state))
        move = rng.choice(engine.legal_moves(state, seat))
        state = engine.apply(state, seat, move)
        moves.append((seq, seat, move))
        states.append(state)
    return options, moves, states


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_replay_from_seed_gives_the_state_of_every_step(engine):
    """Up to any seq, the replay is the state the game had after that move."""
    players = engine.min_players
    options, moves, states = _played(engine, players, seed=5, count=30)
    for step in (0, 1, len(moves) // 2, len(moves)):
        state = replay_from_seed(engine, players, options, 5, moves, until=step)
        assert state == states[step]
        assert replay_from_seed(engine, players, options, 5, moves[:step]) == state


def test_replay_goes_on_from_a_kept_state_and_calls_after_each_move():
    """From a snapshot, the rest of the moves; `after` sees every seq in order."""
    engine = engines.get("lost-cities")
    options, moves, states = _played(engine, 2, seed=9, count=20)
    seen = []
    state = replay(
        engine, states[10], moves[10:], after=lambda seq, kept: seen.append(seq)
    )
    assert state == states[-1]
    assert seen == [seq for seq, _seat, _move in moves[10:]]


def test_a_move_by_a_seat_not_to_move_does_not_replay():
    """The seq of the first move played out of turn, marked as such."""
    engine = engines.get("lost-cities")
    options, moves, _states = _played(engine, 2, seed=3, count=6)
    seq, seat, move = moves[3]
    broken = [*moves[:3], (seq, 1 - seat, move), *moves[4:]]
    with pytest.raises(MoveDoesNotReplay) as refused:
        replay_from_seed(engine, 2, options, 3, broken)
    assert refused.value.seq == seq
    assert refused.value.not_to_move


def test_an_illegal_move_does_not_replay_with_the_engines_reason():
    """The seq of the move the engine refuses, and the engine's reason."""
    engine = engines.get("lost-cities")
    options, moves, _states = _played(engine, 2, seed=4, count=6)
    seq, seat, _move = moves[2]
    broken = [*moves[:2], (seq, seat, {"type": "no-such-move"})]
    with pytest.raises(MoveDoesNotReplay) as refused:
        replay_from_seed(engine, 2, options, 4, broken)
    assert refused.value.seq == seq
    assert not refused.value.not_to_move
    assert refused.value.reason
