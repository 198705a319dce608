"""Computer players' moves: one move played, the queue's marks, the catch-up.

One task plays one move. `games.tasks.bots_play_task(game_id, version)` is
queued by the commit that left the game at `version` with a computer player to
move (a person's move, the table's start, a timeout, or the previous computer
move): `state_changed` says so (`bots_next`) and its receiver
`games.receivers.computer_move_queue` marks the game queued (`bots_queued`) and
queues the task after the commit. The task runs `bots_play`, which thinks the
move out without the row lock and applies it under the lock if the game is
still at that version; that commit announces the next one the same way. A table
of computer players, or a simultaneous round where several are to
move, is a chain of tasks, one move each.

Idempotent: a task for a version the game has left, or for a game where no
computer player is to move, does nothing. Every commit that changes the version
and leaves a computer player to move queues its own task, so a task that finds
the game moved (before thinking, or after, under the lock) stops there rather
than re-queue: a game's chain never splits in two. A task lost with the broker
or a worker is found by `bots_lost`, which beat's catch-up runs.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import engines
from games.bots import Budget, choose_move, hard_budget_of

from .. import rows
from ..models import Game, Seat
from .core import game_locked, move_apply


def hard_budget(slug: str) -> Budget:
    """What a hard computer player of that game may spend on one decision: the
    game's measured budget (its `ComputerPlayers.budget`), its iterations replaced by
    `BOT_HARD_ITERATIONS` where that is set, its clock bounded by
    `BOT_HARD_SECONDS`."""
    game = hard_budget_of(engines.get(slug))
    return Budget(
        settings.BOT_HARD_ITERATIONS or game.iterations,
        min(game.seconds, settings.BOT_HARD_SECONDS),
    )


def bot_move(engine, game: Game, seat: Seat, level: str) -> dict:
    """The move the computer player of `level` makes for `seat` now; seeded
    by the game's seed and version, so a replayed task chooses the same."""
    return choose_move(
        engine,
        game.state,
        seat.position,
        seed=game.seed + game.version,
        level=level,
        budget=hard_budget(engine.slug),
    )


def _unmark(game_id: int) -> None:
    """No computer move of the game is queued any more."""
    Game.objects.filter(pk=game_id).update(bot_queued_at=None)


def bots_play(*, game_id: int, version: int | None = None) -> int:
    """Plays one computer-player move of the game, in its own transaction;
    returns the moves played (0 or 1). A commit that leaves a computer player
    to move announces it, and the next one is queued (`state_changed`).

    With a `version`, only if the game is still at it: otherwise the commit that
    moved it on queued its own task. Without one (a call from a test, a message
    queued before versions were passed), whatever the game's version."""
    # The move is thought out without the row lock (a hard search takes up to
    # its budget): a person's move is never kept waiting by it.
    game = rows.game_alone(game_id)
    if game is None or game.status != Game.Status.ACTIVE:
        _unmark(game_id)
        return 0
    if version is not None and game.version != version:
        return 0
    engine = engines.get(game.engine)
    bots = {s.position: s for s in game.seats.all() if s.is_bot}
    waiting = [p for p in engine.to_move(game.state) if p in bots]
    if not waiting:
        _unmark(game_id)
        return 0
    seat = bots[waiting[0]]
    move = bot_move(engine, game, seat, seat.bot_level)
    with transaction.atomic():
        locked = game_locked(game_id)
        if locked.version != game.version:
            return 0  # moved meanwhile: that commit queued what comes next
        seats = list(locked.seats.all())
        played = move_apply(locked, engine, seats, seat.position, move, from_bot=True)
        if not played.bots_next:
            _unmark(game_id)
    return 1


def owner_countdown(game: Game, now) -> float:
    """How long the game's next computer move waits in the queue: a spacing
    (BOT_OWNER_SPACING_SECONDS) for each other game of the same owner (its
    creator) whose computer move is queued, at most BOT_OWNER_COUNTDOWN_MAX.
    Each owner thus gets about one computer move per spacing, however many
    tables they keep, and another person's single table is not queued behind
    them."""
    if game.created_by_id is None:
        return 0.0
    waiting = (
        Game.objects.filter(
            created_by_id=game.created_by_id,
            status=Game.Status.ACTIVE,
            bot_queued_at__gte=now - timedelta(seconds=settings.BOT_CATCH_UP_SECONDS),
        )
        .exclude(pk=game.pk)
        .count()
    )
    spacing = settings.BOT_OWNER_SPACING_SECONDS
    return min(waiting * spacing, settings.BOT_OWNER_COUNTDOWN_MAX)


def bots_queued(game: Game) -> float:
    """Caller holds the game's row lock and a computer player is to move at
    its present version: marks the game queued (`bot_queued_at`) and returns
    how long its task waits in the queue (`owner_countdown`)."""
    now = timezone.now()
    countdown = owner_countdown(game, now)
    Game.objects.filter(pk=game.pk).update(bot_queued_at=now)
    game.bot_queued_at = now
    return countdown


def bots_not_queued(*, game_id: int, version: int) -> None:
    """The game's task was not queued after all (a broker down): its mark goes,
    so that the next catch-up plays it."""
    Game.objects.filter(pk=game_id, version=version).update(bot_queued_at=None)


def bots_lost() -> list[tuple[int, int]]:
    """(game id, version) of every active game where a computer player is to
    move and none was queued in the last BOT_CATCH_UP_SECONDS (its task lost
    with a broker failure or a worker's death), each marked queued now so that
    the next sweep leaves it alone; the caller queues their tasks and the chain
    goes on from there. A game whose chain is alive gets a task for the version
    its own task holds: whichever applies first wins, the other does nothing."""
    now = timezone.now()
    recently = now - timedelta(seconds=settings.BOT_CATCH_UP_SECONDS)
    games = (
        Seat.objects.filter(to_move=True, game__status=Game.Status.ACTIVE)
        .exclude(bot_level="")
        .exclude(game__bot_queued_at__gte=recently)
        .values_list("game_id", "game__version")
        .distinct()
    )
    queued = list(games)
    Game.objects.filter(pk__in=[game_id for game_id, _v in queued]).update(
        bot_queued_at=now
    )
    return queued
