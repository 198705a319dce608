"""Computer players' moves, and the task that plays them after a commit.

The task lives here, beside the service it runs, so that the services which
queue it (tables, moves, timeouts) import it without a task module importing
them back: every import points one way (games/tasks.py holds beat's sweeps).
"""

from __future__ import annotations

from celery import shared_task
from django.db import transaction

from games import engines
from games.bots import choose_move

from ..models import Game, Seat
from .core import game_locked, move_apply


def bots_play(*, game_id: int, max_moves: int = 500) -> int:
    """Plays every pending computer-player move, one transaction each.

    Idempotent: with no computer player to move it does nothing; a move already
    made by another run is simply not there to make again.
    """
    played = 0
    while played < max_moves:
        with transaction.atomic():
            game = game_locked(game_id)
            if game.status != Game.Status.ACTIVE:
                return played
            engine = engines.get(game.engine)
            seats = list(game.seats.all())
            bot_positions = {s.position for s in seats if s.is_bot}
            waiting = [p for p in engine.to_move(game.state) if p in bot_positions]
            if not waiting:
                return played
            position = waiting[0]
            move = choose_move(
                engine, game.state, position, seed=game.seed + game.version
            )
            move_apply(game, engine, seats, position, move, from_bot=True)
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
