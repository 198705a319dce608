"""Celery tasks of the games app: thin, take ids, call services, idempotent.

Celery beat runs the sweeps below (`config/celery.py`). The tasks the site
queues after a commit live beside the function they run, so that whatever
queues them imports them without this module importing it back; they keep
their names under `games.tasks.` and are imported here for the worker's
discovery:

- `bots_play_task` (`games.services.bots`): a computer player's move, one a task;
- `notification_send_task` (`games.notifications.sending`): one email;
- `seat_timeout_task` (`games.notifications.deadlines`): a deadline passed.
"""

from celery import shared_task

from .notifications import deadlines, digests, outbox, reminders
from .notifications.deadlines import seat_timeout_task
from .notifications.sending import notification_send_task
from .services import once
from .services.bots import bots_catch_up, bots_play_task

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


@shared_task(ignore_result=True)
def outbox_sweep_task() -> int:
    return outbox.outbox_sweep()


@shared_task(ignore_result=True)
def reminders_sweep_task() -> int:
    return reminders.reminders_sweep()


@shared_task(ignore_result=True)
def deadlines_sweep_task() -> int:
    return deadlines.deadlines_sweep()


@shared_task(ignore_result=True)
def digests_sweep_task() -> int:
    return digests.digests_sweep()


@shared_task(ignore_result=True)
def bots_catch_up_task() -> int:
    """Queues the next computer move of games whose after-commit task was lost."""
    return bots_catch_up()


@shared_task(ignore_result=True)
def sent_forms_purge_task() -> int:
    """Deletes the one-time form marks older than any token still valid."""
    return once.purge()
