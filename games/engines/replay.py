"""A game's state rebuilt from its seed and its moves: the one replay of the site.

A game is its set-up (players, options, seed) and the moves played since, so
its state at any step is `replay_from_seed` of the moves up to it: the move
service reads a past version this way, the history app a replay step (from
its nearest snapshot, `replay`) and an imported record. Pure functions over
the engine contract, no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.engines.base import IllegalMove

Moves = Iterable[tuple[int, int, dict]]  # (seq, seat, move), in the order played


class MoveDoesNotReplay(Exception):
    """A move its state refuses: played by a seat that was not to move, or that
    the engine refuses (`reason`, the engine's, for an IllegalMove; the
    engine's exception is the cause)."""

    def __init__(self, seq: int, *, not_to_move: bool = False, reason=None):
        super().__init__(seq)
        self.seq = seq
        self.not_to_move = not_to_move
        self.reason = reason


def replay(
    engine,
    state: dict,
    moves: Moves,
    *,
    until: int | None = None,
    after: Callable[[int, dict], None] | None = None,
) -> dict:
    """The state after `moves` applied in order from `state`; with `until`, the
    moves after that seq are left. `after(seq, state)` is called after each
    move (to keep snapshots on the way). MoveDoesNotReplay for the first move
    that does not replay."""
    for seq, seat, move in moves:
        if until is not None and seq > until:
            break
        if seat not in engine.to_move(state):
            raise MoveDoesNotReplay(seq, not_to_move=True)
        try:
            state = engine.apply(state, seat, move)
        except IllegalMove as exc:
            raise MoveDoesNotReplay(seq, reason=exc.reason) from exc
        except Exception as exc:  # a rule that changed under the stored moves
            raise MoveDoesNotReplay(seq) from exc
        if after is not None:
            after(seq, state)
    return state


def replay_from_seed(
    engine,
    num_players: int,
    options: dict,
    seed: int,
    moves: Moves,
    *,
    until: int | None = None,
    after: Callable[[int, dict], None] | None = None,
) -> dict:
    """The state after `moves`, from the set-up of that many players with those
    (validated) options and that seed: `replay` from the engine's `setup`."""
    state = engine.setup(num_players, options, seed)
    return replay(engine, state, moves, until=until, after=after)
