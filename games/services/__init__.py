"""Writes of the platform, one module per concern:

- `core`: the game row locked, a move applied and stored, the seats updated and
  `state_changed` sent (`games/events.py` lists who hears it); no queueing.
- `tables`: create, join, computer players, leave, rematch, start.
- `moves`: a person's move (parsed, checked, applied).
- `bots`: computer players' moves and the task that plays them.
- `once`: the one-time token of the forms that make something.

Timeouts, which apply the table's rule to a seat past its deadline, are with the
other deadline work in `games.notifications.deadlines`. Every refusal is a
`games.errors.Refused`. The names below are the public interface.
"""

from .bots import bots_play
from .core import game_locked
from .moves import move_submit, parse_move
from .tables import (
    game_create,
    game_leave,
    game_rematch,
    game_start,
    seat_add_bot,
    seat_join,
)

__all__ = [
    "bots_play",
    "game_create",
    "game_leave",
    "game_locked",
    "game_rematch",
    "game_start",
    "move_submit",
    "parse_move",
    "seat_add_bot",
    "seat_join",
]
