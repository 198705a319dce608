"""Celery tasks of the games app: thin, take ids, call services, idempotent.

Every task of the games app is defined here, under the name `games.tasks.<name>`
that queued messages and beat's schedule carry. Beat runs the sweeps
(`config/celery.py`); the receivers of `games.events` (`games/receivers.py`)
queue the others after a commit; nothing else imports this module
(tests/test_imports.py), so no service or notification waits on a task module:

- `bots_play_task`: a computer player's move, one a task;
- `seat_timeout_task`: a deadline passed (`games.services.timeouts`);
- `notification_send_task`: one email (`games.notifications.sending`).

The sweeps' functions (`outbox_sweep`, `reminders_sweep`, `digests_sweep`,
`deadlines_sweep`, `bots_catch_up`) run a sweep of the notifications or the
services, which returns what is due, and queue it.
"""

from __future__ import annotations

import logging
import threading

from celery import shared_task

from config import enqueue

from .notifications import digests, outbox, reminders, sending
from .services import bots, once, timeouts

log = logging.getLogger(__name__)

__all__ = [
    "bots_catch_up_task",
    "bots_play_task",
    "deadlines_sweep_task",
    "digests_sweep_task",
    "notification_send_task",
    "outbox_sweep_task",
    "reminders_sweep_task",
    "sent_forms_purge_task",
    "seat_timeout_task",
]


class _EagerRun(threading.local):
    """The games an eager run of the task on this thread still has to play,
    or None when no eager run is on the stack."""

    pending: list[tuple[int, int | None]] | None = None


_eager = _EagerRun()


@shared_task(bind=True, ignore_result=True)
def bots_play_task(self, game_id: int, version: int | None = None) -> int:
    """Plays one computer-player move of the game, if it is still at `version`.

    Eager execution (tests: `task_always_eager`) runs a queued task inside the
    commit that queued it, so a chain would recurse, commit inside task inside
    commit, one level per move. Instead, an eager run of the task started while
    another is on this thread's stack only appends its game to the outer run's
    list, and the outer run plays the list out in a loop (a trampoline): the
    stack stays flat whatever the game's length. A worker runs the task
    non-eagerly: it plays its one move, and that commit queues the next task."""
    if not self.request.is_eager:
        return bots.bots_play(game_id=game_id, version=version)
    if _eager.pending is not None:  # an outer eager run plays it
        _eager.pending.append((game_id, version))
        return 0
    _eager.pending = [(game_id, version)]
    played = 0
    try:
        while _eager.pending:
            game_id, version = _eager.pending.pop(0)
            played += bots.bots_play(game_id=game_id, version=version)
    finally:
        _eager.pending = None
    return played


@shared_task(ignore_result=True)
def seat_timeout_task(game_id: int, seat_id: int, version: int) -> str:
    """Applies the table's timeout rule to one seat, if the game did not move on."""
    return timeouts.seat_timeout(game_id=game_id, seat_id=seat_id, version=version)


def deadlines_sweep(now=None) -> int:
    """Queues the timeout of every seat past its deadline (not on vacation);
    returns how many."""
    due = timeouts.timeouts_due(now)
    for game_id, seat_id, version in due:
        try:
            seat_timeout_task.delay(game_id, seat_id, version)
        except Exception:  # the next sweep finds the seat again
            log.exception("could not queue the timeout of seat %s", seat_id)
    return len(due)


@shared_task(ignore_result=True)
def deadlines_sweep_task() -> int:
    return deadlines_sweep()


@shared_task(
    bind=True,
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=8,
)
def notification_send_task(self, notification_id: int) -> str:
    """Sends one outbox row (exactly once); retried with backoff if SMTP fails.

    Past the last retry the row stays pending and the outbox sweep sends it later.
    """
    try:
        return sending.notification_send(notification_id=notification_id)
    except sending.SendFailed as exc:
        raise self.retry(countdown=exc.retry_in, exc=exc) from None


def sends_queue(ids) -> None:
    """Queues one send task per row; a broker failure is left to the outbox sweep."""
    for notification_id in ids:
        # A broker failure leaves the row pending: the outbox sweep sends it.
        enqueue.enqueue(notification_send_task, notification_id)


def outbox_sweep(now=None) -> int:
    """Queues the outbox rows that are due; returns how many."""
    ids = outbox.outbox_sweep(now)
    sends_queue(ids)
    return len(ids)


def reminders_sweep(now=None) -> int:
    """Writes and queues the reminders due; returns how many."""
    ids = reminders.reminders_sweep(now)
    sends_queue(ids)
    return len(ids)


def digests_sweep(now=None) -> int:
    """Writes and queues the digests due; returns how many."""
    ids = digests.digests_sweep(now)
    sends_queue(ids)
    return len(ids)


@shared_task(ignore_result=True)
def outbox_sweep_task() -> int:
    return outbox_sweep()


@shared_task(ignore_result=True)
def reminders_sweep_task() -> int:
    return reminders_sweep()


@shared_task(ignore_result=True)
def digests_sweep_task() -> int:
    return digests_sweep()


def bots_catch_up() -> int:
    """Queues the next computer move of games whose after-commit task was
    lost (`bots.bots_lost`); returns how many."""
    lost = bots.bots_lost()
    for game_id, version in lost:
        bots_play_task.delay(game_id, version)
    return len(lost)


@shared_task(ignore_result=True)
def bots_catch_up_task() -> int:
    """Queues the next computer move of games whose after-commit task was lost."""
    return bots_catch_up()


@shared_task(ignore_result=True)
def sent_forms_purge_task() -> int:
    """Deletes the one-time form marks older than any token still valid."""
    return once.purge()
