"""Queueing a Celery task after a commit, robustly.

The state of truth is in the database: every task queued after a commit has a
catch-up sweep that beat runs (config/celery.py; docs/notifications.md), which
finds what a lost task would have done. So a broker that is down or does not
answer must not turn a committed write into a 500: `enqueue` logs the failure
and returns False, and a breaker skips the broker for a few seconds after a
failure, so that a frozen broker costs one short timeout (the transport's, in
config/settings.py), not one per write.

In tests (`task_always_eager`) the task runs at once and the breaker is left
alone: one test's broker failure does not skip the next test's tasks.
"""

from __future__ import annotations

import logging
from functools import partial

from django.db import transaction

from config.breaker import Breaker

log = logging.getLogger(__name__)

BREAKER_SECONDS = 5.0
breaker = Breaker("broker", BREAKER_SECONDS)


def broker_errors() -> tuple[type[BaseException], ...]:
    from kombu.exceptions import KombuError

    errors: tuple[type[BaseException], ...] = (KombuError, OSError, TimeoutError)
    try:
        import redis

        errors += (redis.RedisError,)
    except ImportError:  # pragma: no cover - redis is a dependency
        pass
    return errors


def enqueue(task, *args) -> bool:
    """Queues `task(*args)`; False (logged) when the broker failed or its
    breaker is open. Never raises a broker error."""
    eager = task.app.conf.task_always_eager
    name = task.name.rsplit(".", 1)[-1]
    if not eager and not breaker.allows():
        log.warning("queue: %s%r not queued (broker failing); a sweep will", name, args)
        return False
    try:
        task.delay(*args)
    except broker_errors() as exc:
        log.warning(
            "queue: %s%r not queued (%s); a sweep will", name, args, type(exc).__name__
        )
        if not eager:
            breaker.failed(exc)
        return False
    if not eager:
        breaker.succeeded()
    return True


def after_commit(task, *args) -> None:
    """Queues `task(*args)` once the current transaction commits (nothing on a
    rollback); the commit's answer is the same whether the broker took it."""
    transaction.on_commit(partial(enqueue, task, *args))
