"""Computer players, written against the engine contract only (no Django here).

Three levels per game (`levels.py`): easy, normal and hard. `choose_move` is
the one entry point; it is deterministic for a given seed.
"""

from __future__ import annotations

from games.bots.levels import (
    DEFAULT_LEVEL,
    LEVELS,
    Budget,
    choose_move,
    hard_budget_of,
    heuristic,
)

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Budget",
    "choose_move",
    "hard_budget_of",
    "heuristic",
]
