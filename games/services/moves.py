"""A person's move: parsed from the request, checked, applied under the row lock."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games import engines
from games.engines import IllegalMove
from games.errors import Conflict, Invalid, NotAllowed

from .. import json_input
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
        move = json_input.loads(raw)
    except json_input.TooDeep:
        raise Invalid(_("That move is nested too deeply.")) from None
    except (TypeError, ValueError):
        raise Invalid(_("That move is not valid JSON.")) from None
    if not isinstance(move, dict):
        raise Invalid(_("A move must be a JSON object."))
    return move


def move_submit(*, game_id: int, user, move: dict, expected_version: int) -> Game:
    """Applies a person's move under the game row lock; a computer player who
    must answer is queued after the commit.

    The returned game carries its seats (with their users) as
    `game.seat_list()`, updated by the move, so a view can render it at once."""
    with transaction.atomic():
        game = game_locked(game_id, with_seats=True)
        seats = game.seat_list()
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise NotAllowed(_("You have no seat at this table."))
        if game.status == Game.Status.OPEN:
            raise Conflict(_("The game has not started yet."))
        if game.is_over:
            raise Conflict(_("The game is over."))
        engine = engines.get(game.engine)
        if expected_version != game.version and not _same_simultaneous_round(
            game, engine, seat.position, expected_version
        ):
            raise Conflict(
                _("The game has moved on since you last looked: here it is now.")
            )
        if seat.position not in engine.to_move(game.state):
            raise Conflict(_("It is not your turn."))
        if move_apply(game, engine, seats, seat.position, move):
            bots_play_after_commit(game)
    return game


def _same_simultaneous_round(
    game: Game, engine, position: int, expected_version: int
) -> bool:
    """Whether a decision made on an older version still stands: only in a
    simultaneous round (where every player decides at once). Other
    seats' decisions since the version a player saw do not make that player's
    own stale when the player was already to decide then, beside them; the
    engine still checks the move. Any move of this seat since then (a double
    click, a second tab, a timeout) makes it stale, and so does anything in a
    turn-based game: at the version the player saw, someone else was to move.

    Rare (a stale post), so whether the seat was to move then is read from the
    state at that version, replayed from the seed: a few milliseconds."""
    if not 0 <= expected_version < game.version:
        return False
    moves = list(game.moves.order_by("seq").values_list("seq", "seat", "move"))
    if any(seq > expected_version and seat == position for seq, seat, _m in moves):
        return False
    state = engine.setup(game.num_players, game.options, game.seed)
    try:
        for seq, seat, move in moves:
            if seq > expected_version:
                break
            state = engine.apply(state, seat, move)
    except IllegalMove:  # the rules changed under a running game: refuse as stale
        return False
    then = engine.to_move(state)
    return position in then and len(then) > 1
