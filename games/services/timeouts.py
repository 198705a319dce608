"""Timeouts: the table's rule applied to a seat past its deadline.

`timeouts_due` lists the seats past their deadline whose player is not on
vacation; beat's sweep (`games.tasks.deadlines_sweep`) queues
`games.tasks.seat_timeout_task` for each. `seat_timeout` applies the table's
rule under the game row lock, only if the game's version is still the one the
sweep saw, so a timeout and the player's own move never both apply: a computer
player moves for the seat, or the player forfeits. A computer player's moves
for an absent person send `games.events.seat_timed_out` (its receiver emails
the player); every move sends `state_changed`, as any other.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games import engines
from games.bots import DEFAULT_LEVEL
from games.errors import NotFound

from ..events import seat_timed_out
from ..models import Game, Seat
from .bots import bot_move
from .core import game_forfeit, game_locked, move_apply
from .vacations import not_away, vacations_refresh

MAX_TIMEOUT_MOVES = 50
SWEEP_BATCH = 1000


def timeouts_due(now: datetime | None = None) -> list[tuple[int, int, int]]:
    """(game id, seat id, game version) of every seat past its deadline whose
    player is not on vacation, the oldest deadline first (at most SWEEP_BATCH);
    each user's next vacation is copied onto the user first."""
    now = now or timezone.now()
    vacations_refresh(now=now)
    return list(
        Seat.objects.filter(
            to_move=True, deadline__lte=now, game__status=Game.Status.ACTIVE
        )
        .filter(not_away(now))
        .values_list("game_id", "pk", "game__version")
        .order_by("deadline")[:SWEEP_BATCH]
    )


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
        for _ in range(MAX_TIMEOUT_MOVES):
            if game.status != Game.Status.ACTIVE:
                break
            if seat.position not in engine.to_move(game.state):
                break
            # A computer player plays at its level; for an absent person the
            # computer moves at the normal level.
            move = bot_move(engine, game, seat, seat.bot_level or DEFAULT_LEVEL)
            move_apply(game, engine, seats, seat.position, move)
        seat_timed_out.send(sender=Game, game=game, seat=seat, version=version)
        return "bot"
