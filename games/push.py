"""Server push: open pages hear of a committed change at once (Server-Sent Events).

A change is published to Redis after its commit (`on_state_changed`, a receiver
of `games.events.state_changed`, registers the publishes with
`transaction.on_commit`): the game's new version on `push:game:<game_id>`, and a
change counter on `push:user:<user_id>` for each person seated at it (their "My
games" and the header's count). Each web process holds ONE Redis connection
subscribed to `push:*` (`Hub`) and fans the messages out to the streams it has
open (`games.streams`). A message carries a number only: the page then fetches
its own view through the poll endpoint, as a poll would, so nothing private ever
goes through a shared channel.

On only when `settings.PUSH_REDIS_URL` is set (`PUSH_ENABLED`); without it (the
embedded `make run`: runserver, no Redis) nothing is published and the pages
poll as before.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections import defaultdict
from functools import partial

from django.conf import settings
from django.db import transaction

logger = logging.getLogger(__name__)

GAME_CHANNEL = "push:game:{}"
USER_CHANNEL = "push:user:{}"
PATTERN = "push:*"


def game_channel(game_id: int) -> str:
    return GAME_CHANNEL.format(int(game_id))


def user_channel(user_id: int) -> str:
    return USER_CHANNEL.format(int(user_id))


# --- publishing (sync: the web process's threads, the Celery workers) ---------

_client = None


def redis_client():
    """The process's Redis client for publishing (a thread-safe pool)."""
    global _client
    if _client is None:
        import redis

        _client = redis.Redis.from_url(
            settings.PUSH_REDIS_URL, socket_timeout=2, socket_connect_timeout=2
        )
    return _client


def publish(channel: str, payload: str) -> None:
    """Publishes one message; a Redis that does not answer is logged, never
    raised: the pages' polls still bring the change."""
    if not settings.PUSH_ENABLED:
        return
    try:
        redis_client().publish(channel, payload)
    except Exception:  # any failure of Redis: the poll is the fallback
        logger.warning("push: publish to %s failed", channel, exc_info=True)


def publish_game(game_id: int, version: int) -> None:
    """Tells the game's open pages that its version is now `version`. Called
    after the commit of every change of a game's version."""
    publish(game_channel(game_id), str(int(version)))


def publish_users(user_ids) -> None:
    """Tells these people's open pages that one of their games changed (the
    payload is a change counter: the time in milliseconds)."""
    stamp = str(time.time_ns() // 1_000_000)
    for user_id in sorted(set(user_ids)):
        publish(user_channel(user_id), stamp)


def publish_after_commit(*, game_id: int, version: int, user_ids=()) -> None:
    """Registers the publishes for after the current transaction's commit
    (nothing is published on a rollback)."""
    if not settings.PUSH_ENABLED:
        return
    transaction.on_commit(partial(publish_game, game_id, version), robust=True)
    publish_users_after_commit(user_ids)


def publish_users_after_commit(user_ids) -> None:
    """Registers `publish_users` for after the commit (a rematch offered)."""
    if settings.PUSH_ENABLED and user_ids:
        transaction.on_commit(partial(publish_users, list(user_ids)), robust=True)


def on_state_changed(sender, *, game, seats, **kwargs) -> None:
    """Receiver of `games.events.state_changed`: the game's version and each
    seated person's "My games" are published after the commit."""
    publish_after_commit(
        game_id=game.pk,
        version=game.version,
        user_ids=[s.user_id for s in seats if s.user_id],
    )


# --- receiving (async: the ASGI web process's event loop) ---------------------


class Listener:
    """One open stream's mailbox: the latest game version and user counter
    published since it last looked (older ones are overwritten: a page only
    needs to know that something changed)."""

    __slots__ = ("channels", "version", "mine", "resync", "ready", "__weakref__")

    def __init__(self, channels):
        self.channels = tuple(channels)
        self.version: int | None = None
        self.mine: str | None = None
        self.resync = False
        self.ready = asyncio.Event()

    def take(self):
        """(version, mine, resync) received since the last call, then cleared."""
        found = (self.version, self.mine, self.resync)
        self.version, self.mine, self.resync = None, None, False
        self.ready.clear()
        return found


class Hub:
    """The process's one subscription to `push:*`, shared by its open streams.
    Started by the first stream of its event loop; reconnects to Redis by itself
    (each stream is then told to check its game: `resync`)."""

    RETRY_SECONDS = 1.0

    def __init__(self, url: str):
        self.url = url
        # Weak: a stream dropped before its first chunk leaves nothing behind.
        self.listeners: dict[str, weakref.WeakSet] = defaultdict(weakref.WeakSet)
        self.task: asyncio.Task | None = None
        self.connected = asyncio.Event()

    def add(self, listener: Listener) -> None:
        for channel in listener.channels:
            self.listeners[channel].add(listener)
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.run())

    def extend(self, listener: Listener, channel: str) -> None:
        """The listener also hears `channel`."""
        listener.channels += (channel,)
        self.listeners[channel].add(listener)

    def remove(self, listener: Listener) -> None:
        for channel in listener.channels:
            found = self.listeners.get(channel)
            if found is not None:
                found.discard(listener)
                if not found:
                    del self.listeners[channel]

    def dispatch(self, channel: str, payload: str) -> None:
        """Hands one message to the listeners of its channel."""
        for listener in list(self.listeners.get(channel, ())):
            if channel.startswith("push:game:"):
                try:
                    listener.version = max(int(payload), listener.version or 0)
                except ValueError:
                    continue
            else:
                listener.mine = payload
            listener.ready.set()

    def resync_all(self) -> None:
        for found in list(self.listeners.values()):
            for listener in list(found):
                listener.resync = True
                listener.ready.set()

    async def run(self) -> None:
        import redis.asyncio as aioredis

        first = True
        while True:
            client = aioredis.Redis.from_url(self.url)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(PATTERN)
                self.connected.set()
                if not first:
                    self.resync_all()  # messages may have been missed meanwhile
                first = False
                async for message in pubsub.listen():
                    if message and message.get("type") == "pmessage":
                        self.dispatch(
                            message["channel"].decode(), message["data"].decode()
                        )
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("push: Redis subscription lost", exc_info=True)
            finally:
                self.connected.clear()
                try:
                    await pubsub.aclose()
                    await client.aclose()
                except Exception:  # noqa: S110 - already broken
                    pass
            await asyncio.sleep(self.RETRY_SECONDS)


_hubs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """The hub of the running event loop (one per ASGI process)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        found = _hubs[loop] = Hub(settings.PUSH_REDIS_URL)
    return found


# --- the stream (text/event-stream) -------------------------------------------


def version_event(version: int) -> str:
    """A `version` event; its id is the version, which a reconnecting browser
    sends back as Last-Event-ID."""
    return f"id: {version}\nevent: version\ndata: {version}\n\n"


async def event_stream(hub: Hub, listener: Listener, *, since, current: int):
    """The events of one open page: `version` (the game's version moved; at once
    when it moved since `since`, the version the page or the browser last had)
    and `mine` (one of the viewer's games changed); a comment now and then keeps
    the connection open through proxies."""
    keepalive = settings.PUSH_KEEPALIVE_SECONDS
    last = current
    try:
        # The browser waits this long before reconnecting after a drop.
        head = f"retry: {int(settings.PUSH_RETRY_MS)}\n"
        if since is not None and since != current:
            yield head + "\n" + version_event(current)
        else:
            yield head + f"id: {current}\n\n"  # sets Last-Event-ID, no event
        while True:
            try:
                await asyncio.wait_for(listener.ready.wait(), keepalive)
            except TimeoutError:
                yield ": keepalive\n\n"
                continue
            version, mine, resync = listener.take()
            chunk = ""
            if version is not None and version > last:
                last = version
                chunk += version_event(version)
            elif resync:
                chunk += version_event(last)
            if mine is not None or resync:
                chunk += f"event: mine\ndata: {mine or 0}\n\n"
            if chunk:
                yield chunk
    finally:
        hub.remove(listener)


def parse_since(last_event_id: str | None, version: str | None) -> int | None:
    """Where a stream resumes: the browser's Last-Event-ID, else the version the
    page was drawn at; None when neither is a number."""
    for given in (last_event_id, version):
        try:
            return int(given)
        except (TypeError, ValueError):
            continue
    return None
