"""Server push, the publishing half (sync: the web process's threads, the Celery
workers); the receiving half, the channels and the streams are games/push.py.

Off the request path: a commit hands its messages, as one batch, to the
process's publisher thread (`Publisher`) and returns at once. The thread sends
each batch in one round trip (a pipeline), with a short timeout; after a
failure a breaker drops batches for a few seconds instead of waiting on a Redis
that does not answer; a full queue drops the newest batch. A dropped message
costs nothing but time: the pages' polls bring the change all the same.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from functools import partial

from django.conf import settings
from django.db import transaction

from config.breaker import Breaker

from .push import game_channel, user_channel

logger = logging.getLogger(__name__)

TIMEOUT_SECONDS = 0.5
BREAKER_SECONDS = 3.0
QUEUE_SIZE = 1000  # batches waiting; beyond that they are dropped

_client = None


def redis_client():
    """The process's Redis client for publishing (a thread-safe pool)."""
    global _client
    if _client is None:
        import redis

        _client = redis.Redis.from_url(
            settings.PUSH_REDIS_URL,
            socket_timeout=TIMEOUT_SECONDS,
            socket_connect_timeout=TIMEOUT_SECONDS,
        )
    return _client


class Publisher:
    """A bounded queue of batches of (channel, payload), drained by a daemon
    thread of this process (started again in a forked child: Celery's prefork)."""

    def __init__(self, size: int = QUEUE_SIZE):
        self.size = size
        self.breaker = Breaker("push: publishing", BREAKER_SECONDS)
        self.dropped = 0
        self.pid = None
        self.lock = threading.Lock()

    def start(self) -> None:
        with self.lock:
            if self.pid == os.getpid():
                return
            self.queue: queue.Queue = queue.Queue(self.size)
            self.pid = os.getpid()
            threading.Thread(
                target=self.run, name="push-publisher", daemon=True
            ).start()

    def send(self, messages) -> bool:
        """Queues one batch; False (and counted) when it was dropped."""
        if self.pid != os.getpid():
            self.start()
        if not self.breaker.allows():
            self.dropped += 1
            return False
        try:
            self.queue.put_nowait(list(messages))
        except queue.Full:
            self.dropped += 1
            logger.warning("push: publishing queue full, a batch dropped")
            return False
        return True

    def run(self) -> None:
        own = self.queue
        while True:
            batch = own.get()
            try:
                self.deliver(batch)
            finally:
                own.task_done()

    def deliver(self, batch) -> None:
        if not self.breaker.allows():
            self.dropped += 1
            return
        try:
            pipeline = redis_client().pipeline(transaction=False)
            for channel, payload in batch:
                pipeline.publish(channel, payload)
            pipeline.execute()
        except Exception as exc:  # any failure of Redis: the poll is the fallback
            self.dropped += 1
            logger.warning("push: publish to %s failed", batch[0][0], exc_info=True)
            self.breaker.failed(exc)
        else:
            self.breaker.succeeded()

    def drain(self, timeout: float = 5.0) -> bool:
        """Waits until every queued batch was sent or dropped (tests, scripts)."""
        if self.pid != os.getpid():
            return True
        deadline = time.monotonic() + timeout
        while self.queue.unfinished_tasks:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True


publisher = Publisher()


def publish_many(messages) -> None:
    """Hands (channel, payload) pairs to the publisher: one round trip, later;
    never raises, never waits for Redis."""
    if settings.PUSH_ENABLED and messages:
        publisher.send(messages)


def game_message(game_id: int, version: int) -> tuple[str, str]:
    return game_channel(game_id), str(int(version))


def user_messages(user_ids) -> list[tuple[str, str]]:
    """A change counter for each person (the time in milliseconds)."""
    stamp = str(time.time_ns() // 1_000_000)
    return [(user_channel(u), stamp) for u in sorted(set(user_ids))]


def publish_game(game_id: int, version: int) -> None:
    """Tells the game's open pages that its version is now `version`."""
    publish_many([game_message(game_id, version)])


def publish_users(user_ids) -> None:
    """Tells these people's open pages that one of their games changed."""
    publish_many(user_messages(user_ids))


def publish_after_commit(*, game_id: int, version: int, user_ids=()) -> None:
    """Registers the publishes for after the current transaction's commit
    (nothing is published on a rollback): one batch, one round trip."""
    if not settings.PUSH_ENABLED:
        return
    users = list(user_ids)
    transaction.on_commit(
        lambda: publish_many([game_message(game_id, version), *user_messages(users)]),
        robust=True,
    )


def publish_users_after_commit(user_ids) -> None:
    """Registers `publish_users` for after the commit (a rematch offered)."""
    if settings.PUSH_ENABLED and user_ids:
        transaction.on_commit(partial(publish_users, list(user_ids)), robust=True)
