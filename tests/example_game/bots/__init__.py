"""The Example Game computer players (games/bots/levels.py plays them).

Easy plays its smallest card, normal its biggest (a card that reaches the goal
first); hard searches over the engine's determinizations within its budget.
"""

from __future__ import annotations

from games.bots.levels import Budget, ComputerPlayers
from games.engines.base import gettext_noop


def _value(view: dict, move: dict) -> int:
    return next(c["value"] for c in view["hand"] if c["id"] == move["card"])


def easy(view: dict, seat: int, move: dict) -> float:
    return -_value(view, move)


def normal(view: dict, seat: int, move: dict) -> float:
    value = _value(view, move)
    reaches = view["positions"][seat] + value >= view["goal"]
    return value + (10 if reaches else 0)


PLAYERS = ComputerPlayers(
    easy=easy,
    normal=normal,
    budget=Budget(iterations=20, seconds=1.0),
    names={
        "easy": (gettext_noop("Slow Runner"), gettext_noop("Easy Walker")),
        "normal": (gettext_noop("Steady Runner"), gettext_noop("Fair Sprinter")),
        "hard": (gettext_noop("Fast Runner"), gettext_noop("Champion Sprinter")),
    },
    ladder_players=2,
)
