"""A person's move: parsed from the request, checked, applied under the row lock."""

from __future__ import annotations

import json

from django.db import transaction
from django.utils.translation import gettext as _

from games import engines
from games.errors import Conflict, Invalid, NotAllowed

from ..models import Game
from .bots import bots_play_after_commit
from .core import game_locked, move_apply

MAX_MOVE_BYTES = 4096


def parse_move(raw: str | bytes | None) -> dict:
    """A move from its JSON text, or Invalid with a readable reason."""
    if raw is None or raw == "":
        raise Invalid(_("No move was sent."))
    if len(raw) > MAX_MOVE_BYTES:
        raise Invalid(_("That move is too large."))
    try:
        move = json.loads(raw)
    except (TypeError, ValueError):
        raise Invalid(_("That move is not valid JSON.")) from None
    if not isinstance(move, dict):
        raise Invalid(_("A move must be a JSON object."))
    return move


def move_submit(*, game_id: int, user, move: dict, expected_version: int) -> Game:
    """Applies a person's move under the game row lock; a computer player who
    must answer is queued after the commit.

    The returned game carries its seats (with their users) as a prefetched
    `game.seats.all()`, updated by the move, so a view can render it at once."""
    with transaction.atomic():
        game = game_locked(game_id, with_seats=True)
        seats = list(game.seats.all())
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise NotAllowed(_("You have no seat at this table."))
        if game.status == Game.Status.OPEN:
            raise Conflict(_("The game has not started yet."))
        if game.is_over:
            raise Conflict(_("The game is over."))
        if expected_version != game.version and not _only_others_moved(
            game, seat.position, expected_version
        ):
            raise Conflict(
                _("The game has moved on since you last looked: here it is now.")
            )
        engine = engines.get(game.engine)
        if seat.position not in engine.to_move(game.state):
            raise Conflict(_("It is not your turn."))
        if move_apply(game, engine, seats, seat.position, move):
            bots_play_after_commit(game.pk)
    return game


def _only_others_moved(game: Game, position: int, expected_version: int) -> bool:
    """In a simultaneous round, other seats' decisions since the version a player
    saw do not make that player's own decision stale: it is still checked by the
    engine. Any move of this seat since then (a double click, a second tab, a
    timeout) does."""
    if not 0 <= expected_version < game.version:
        return False
    return not game.moves.filter(seq__gt=expected_version, seat=position).exists()
