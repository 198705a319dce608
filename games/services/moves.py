"""A person's move: parsed from the request, checked, applied under the row lock."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.db import transaction
from django.utils.translation import gettext as _

from games import engines
from games.engines.replay import MoveDoesNotReplay, replay_from_seed
from games.errors import Conflict, Invalid, NotAllowed

from .. import json_input
from ..models import Game
from .core import Played, game_locked, move_apply

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


@dataclass
class MovePlayed:
    """A person's move, applied: the game as saved (its seats, with their
    users, as `game.seat_list()`, updated by the move), the mover's
    position, and the engine's answers about the new state (`played`: who is
    to move, whether it is over, the outcome). The mover's `view` and `legal`
    moves are asked of the engine once, when first read: a view renders the
    board from these without asking the engine again."""

    game: Game
    engine: object
    position: int
    played: Played

    @cached_property
    def view(self) -> dict:
        return self.engine.view(self.game.state, self.position)

    @cached_property
    def legal(self) -> list:
        if self.position not in self.played.to_move:
            return []
        return self.engine.legal_moves(self.game.state, self.position)


def move_submit(*, game_id: int, user, move: dict, expected_version: int) -> MovePlayed:
    """Applies a person's move under the game row lock (`state_changed` tells
    the rest of the site, a computer player who must answer among them)."""
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
        played = move_apply(game, engine, seats, seat.position, move)
    return MovePlayed(game=game, engine=engine, position=seat.position, played=played)


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
    state at that version, replayed from the seed (`replay_from_seed`)."""
    if not 0 <= expected_version < game.version:
        return False
    moves = list(game.moves.order_by("seq").values_list("seq", "seat", "move"))
    if any(seq > expected_version and seat == position for seq, seat, _m in moves):
        return False
    try:
        state = replay_from_seed(
            engine,
            game.num_players,
            game.options,
            game.seed,
            moves,
            until=expected_version,
        )
    except MoveDoesNotReplay:  # the rules changed under a running game: stale
        return False
    then = engine.to_move(state)
    return position in then and len(then) > 1
