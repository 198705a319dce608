"""Writes of the platform, one module per concern:

- `core`: the game row locked, a move applied and stored, the seats updated and
  `state_changed` sent (`games/events.py` lists who hears it); no queueing.
- `tables`: create, join, computer players, leave, rematch, start.
- `moves`: a person's move (parsed, checked, applied; `MovePlayed`, what it
  left, for the view that draws the board).
- `bots`: computer players' moves, their queue's marks, the lost ones.
- `timeouts`: the table's rule applied to a seat past its deadline.
- `vacations`: a turn's deadline (`turn_deadlines`, the one place it is
  computed) and the vacations that pause it.
- `once`: the one-time token of the forms that make something.

None of them queues a task or registers after-commit work: each change is
announced by an event (`games/events.py`) and its receivers do what follows.
Every refusal is a `games.errors.Refused`. The names below are the public
interface.
"""

from .bots import bots_play
from .core import game_locked
from .moves import MovePlayed, move_submit, parse_move
from .tables import (
    game_create,
    game_leave,
    game_rematch,
    game_start,
    seat_add_bot,
    seat_join,
)

__all__ = [
    "MovePlayed",
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
