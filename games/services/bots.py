"""Computer players' moves, and the task that plays them after a commit.

The task lives here, beside the service it runs, so that the services which
queue it (tables, moves, timeouts) import it without a task module importing
them back: every import points one way (games/tasks.py holds beat's sweeps).
"""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import transaction

from games import engines
from games.bots import Budget, choose_move

from .. import rows
from ..models import Game, Seat
from .core import game_locked, move_apply


def hard_budget() -> Budget:
    """What a hard computer player may spend on one decision (settings)."""
    return Budget(settings.BOT_HARD_ITERATIONS, settings.BOT_HARD_SECONDS)


def bot_move(engine, game: Game, seat: Seat, level: str) -> dict:
    """The move the computer player of `level` makes for `seat` now; seeded
    by the game's seed and version, so a replayed task chooses the same."""
    return choose_move(
        engine,
        game.state,
        seat.position,
        seed=game.seed + game.version,
        level=level,
        budget=hard_budget(),
    )


def bots_play(*, game_id: int, max_moves: int = 500) -> int:
    """Plays every pending computer-player move, one transaction each.

    Idempotent: with no computer player to move it does nothing; a move already
    made by another run is simply not there to make again.
    """
    played = 0
    for _attempt in range(2 * max_moves):
        if played >= max_moves:
            break
        # The move is thought out without the row lock (a hard search takes up
        # to its budget): a person's move is never kept waiting by it.
        game = rows.game(game_id)
        if game is None or game.status != Game.Status.ACTIVE:
            return played
        engine = engines.get(game.engine)
        bots = {s.position: s for s in game.seats.all() if s.is_bot}
        waiting = [p for p in engine.to_move(game.state) if p in bots]
        if not waiting:
            return played
        seat = bots[waiting[0]]
        move = bot_move(engine, game, seat, seat.bot_level)
        with transaction.atomic():
            locked = game_locked(game_id)
            if locked.version != game.version:
                continue  # someone moved meanwhile: think again on the new state
            seats = list(locked.seats.all())
            move_apply(locked, engine, seats, seat.position, move, from_bot=True)
            played += 1
    return played


# The name it always had: messages already queued keep finding it.
@shared_task(name="games.tasks.bots_play_task", ignore_result=True)
def bots_play_task(game_id: int) -> int:
    """Plays the computer players' pending moves of one game."""
    return bots_play(game_id=game_id)


def bots_play_after_commit(game_id: int) -> None:
    """Queues `bots_play_task` for this game once the transaction commits.

    Robust: the move that got here is committed whatever happens to the queue
    (a broker down answers the move, it does not turn it into a 500); a game
    whose task was lost is found by `bots_catch_up`, which beat runs."""
    transaction.on_commit(lambda: bots_play_task.delay(game_id), robust=True)


def bots_catch_up() -> int:
    """Plays the pending computer-player moves of every active game where a
    computer player is to move (their task lost with a broker failure or a
    worker's death). Idempotent, as `bots_play`; returns the moves played."""
    game_ids = (
        Seat.objects.filter(to_move=True, game__status=Game.Status.ACTIVE)
        .exclude(bot_level="")
        .values_list("game_id", flat=True)
        .distinct()
    )
    return sum(bots_play(game_id=game_id) for game_id in list(game_ids))
