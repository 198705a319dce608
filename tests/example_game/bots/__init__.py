"""The Example Game computer players (games/bots/levels.py plays them).

Easy takes few stones, normal as many as it can; hard searches over the
engine's determinizations within its budget.
"""

from __future__ import annotations

from games.bots.levels import Budget, ComputerPlayers
from games.engines.base import gettext_noop


def easy(view: dict, seat: int, move: dict) -> float:
    return -move["stones"]


def normal(view: dict, seat: int, move: dict) -> float:
    return move["stones"]


PLAYERS = ComputerPlayers(
    easy=easy,
    normal=normal,
    budget=Budget(iterations=20, seconds=1.0),
    names={
        "easy": (gettext_noop("Pebble"), gettext_noop("Gravel")),
        "normal": (gettext_noop("Cobble"), gettext_noop("Flint")),
        "hard": (gettext_noop("Boulder"), gettext_noop("Granite")),
    },
    ladder_players=2,
)
