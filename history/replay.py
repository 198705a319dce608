"""Rebuilding a game's state at step k from its seed and its first k moves.

Pure functions over the engine contract; the database side (snapshots of stored
games) is in services.py.
"""

from __future__ import annotations

from collections.abc import Iterable

# A snapshot of the state is kept every SNAPSHOT_EVERY moves of a stored game.
SNAPSHOT_EVERY = 50


def clamp(step, total: int) -> int:
    """A step from the query string, clamped to 0..total (0 = the set-up)."""
    try:
        step = int(step)
    except (TypeError, ValueError):
        return total
    return max(0, min(total, step))


def replay(engine, state: dict, moves: Iterable[tuple[int, int, dict]], *, keep=None):
    """Applies (seq, seat, move) in order to `state`; returns the last state.

    `keep(seq, state)` is called after each move whose seq is a multiple of
    SNAPSHOT_EVERY (to store snapshots on the way).
    """
    for seq, seat, move in moves:
        state = engine.apply(state, seat, move)
        if keep and seq % SNAPSHOT_EVERY == 0:
            keep(seq, state)
    return state


def engine_version(engine) -> int:
    """The version of an engine's rules; a record from another version is refused."""
    return int(getattr(engine, "version", 1))
