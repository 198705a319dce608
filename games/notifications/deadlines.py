"""Deadlines: the table's timeout rule applied to a seat past its deadline.

`deadlines_sweep` (Celery beat, every 2 minutes) queues `seat_timeout_task` for
every seat past its deadline whose player is not on vacation. `seat_timeout`
applies the table's rule under the game row lock, only if the game's version is
still the one the sweep saw, so a timeout and the player's own move never both
apply: a computer player moves for the seat (and its player is told by email),
or the player forfeits.
"""

from __future__ import annotations

import logging
from datetime import datetime

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from games import engines
from games.bots import DEFAULT_LEVEL
from games.errors import NotFound
from games.services.bots import bot_move, bots_play_after_commit
from games.services.core import game_forfeit, game_locked, move_apply

from ..models import Game, Notification, Seat
from .outbox import SWEEP_BATCH, write_and_queue
from .vacations import not_away, vacations_refresh

log = logging.getLogger(__name__)

MAX_TIMEOUT_MOVES = 50


def deadlines_sweep(now: datetime | None = None) -> int:
    """Queues the timeout of every seat past its deadline (not on vacation)."""
    now = now or timezone.now()
    vacations_refresh(now=now)
    due = list(
        Seat.objects.filter(
            to_move=True, deadline__lte=now, game__status=Game.Status.ACTIVE
        )
        .filter(not_away(now))
        .values_list("game_id", "pk", "game__version")
        .order_by("deadline")[:SWEEP_BATCH]
    )
    for game_id, seat_id, version in due:
        try:
            seat_timeout_task.delay(game_id, seat_id, version)
        except Exception:  # the next sweep finds the seat again
            log.exception("could not queue the timeout of seat %s", seat_id)
    return len(due)


def seat_timeout(*, game_id: int, seat_id: int, version: int) -> str:
    """Applies the timeout rule to a seat past its deadline, if nothing moved since.

    Returns 'bot' (a computer player moved for the seat), 'forfeit', or why
    nothing was done. Under the game row lock and only at `version`: a move that
    got in first makes this a no-op, and a move that comes second finds a new
    version and is refused as stale.
    """
    now = timezone.now()
    with transaction.atomic():
        try:
            game = game_locked(game_id)
        except NotFound:
            return "no game"
        if game.status != Game.Status.ACTIVE:
            return "not active"
        if game.version != version:
            return "overtaken"
        seats = list(game.seats.select_related("user"))
        seat = next((s for s in seats if s.pk == seat_id), None)
        if seat is None or not seat.to_move or not seat.deadline:
            return "not waiting"
        if seat.deadline > now:
            return "not due"
        if seat.user and seat.user.on_vacation:
            return "on vacation"
        engine = engines.get(game.engine)
        if not (seat.is_bot or game.timeout_policy == Game.TimeoutPolicy.BOT):
            game_forfeit(game, engine, seats, seat, now)
            return "forfeit"
        bots_next = False
        for _ in range(MAX_TIMEOUT_MOVES):
            if game.status != Game.Status.ACTIVE:
                break
            if seat.position not in engine.to_move(game.state):
                break
            # A computer player plays at its level; for an absent person the
            # computer moves at the normal level.
            move = bot_move(engine, game, seat, seat.bot_level or DEFAULT_LEVEL)
            bots_next = (
                move_apply(game, engine, seats, seat.position, move) or bots_next
            )
        if bots_next:
            bots_play_after_commit(game)
        if seat.user_id and seat.user.reminder_emails:
            write_and_queue(
                [
                    Notification(
                        user_id=seat.user_id,
                        game=game,
                        kind=Notification.Kind.TIMEOUT,
                        version=version,
                    )
                ]
            )
        return "bot"


# The name it always had: messages already queued keep finding it.
@shared_task(name="games.tasks.seat_timeout_task", ignore_result=True)
def seat_timeout_task(game_id: int, seat_id: int, version: int) -> str:
    """Applies the table's timeout rule to one seat, if the game did not move on."""
    return seat_timeout(game_id=game_id, seat_id=seat_id, version=version)
