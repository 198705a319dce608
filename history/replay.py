"""The replay pages' steps: which step a page asks for, how often a snapshot is
kept, which version of the rules a record was played with.

The state at step k is rebuilt from the seed and the first k moves by
`games.engines.replay`; the snapshots of stored games are kept by
`services.game_state_at`.
"""

from __future__ import annotations

# A snapshot of the state is kept every SNAPSHOT_EVERY moves of a stored game.
SNAPSHOT_EVERY = 50


def clamp(step, total: int) -> int:
    """A step from the query string, clamped to 0..total (0 = the set-up)."""
    try:
        step = int(step)
    except (TypeError, ValueError):
        return total
    return max(0, min(total, step))


def engine_version(engine) -> int:
    """The version of an engine's rules; a record from another version is refused."""
    return int(engine.version)
