"""Server push: open pages hear of a committed change at once (Server-Sent Events).

A change is published to Redis after its commit (the receivers of
`games.events` in `games/receivers.py` register the publishes with
`transaction.on_commit`: `games.publish.publish_after_commit`,
`games.publish.publish_users_after_commit`; a thread of the process sends them,
off the request path: `games.publish.Publisher`): the game's new version on
`push:game:<game_id>`, and a change counter on `push:user:<user_id>` for each
person seated at it (their "My games" and the header's count). Each web process
holds ONE Redis connection subscribed to `push:*` (`Hub`, here) and fans the
messages out to the streams it has open (a `Listener` each, read by
`event_stream`; the views are games/stream_views.py). A message carries a
number only: the page then fetches its own view through the poll endpoint, as a
poll would, so nothing private ever goes through a shared channel.

On only when `settings.PUSH_REDIS_URL` is set (`PUSH_ENABLED`); without it (the
embedded `make run`: runserver, no Redis) nothing is published and the pages
poll as before.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import defaultdict

from django.conf import settings

logger = logging.getLogger(__name__)

GAME_CHANNEL = "push:game:{}"
USER_CHANNEL = "push:user:{}"
PATTERN = "push:*"


def game_channel(game_id: int) -> str:
    return GAME_CHANNEL.format(int(game_id))


def user_channel(user_id: int) -> str:
    return USER_CHANNEL.format(int(user_id))


# --- receiving (async: the ASGI web process's event loop) ---------------------


class Listener:
    """One open stream's mailbox: the latest game version and user counter
    published since it last looked (older ones are overwritten: a page only
    needs to know that something changed)."""

    __slots__ = (
        "channels",
        "version",
        "mine",
        "resync",
        "down",
        "ready",
        "__weakref__",
    )

    def __init__(self, channels):
        self.channels = tuple(channels)
        self.version: int | None = None
        self.mine: str | None = None
        self.resync = False
        self.down = False  # the hub lost Redis: the stream tells its page, and ends
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
    # A Redis that keeps the connection and answers nothing (frozen) is found
    # by a PING every PING_SECONDS: no answer for PONG_SECONDS, and it is down.
    PING_SECONDS = 2.0
    PONG_SECONDS = 5.0

    def __init__(self, url: str):
        self.url = url
        # Weak: a stream dropped before its first chunk leaves nothing behind.
        self.listeners: dict[str, weakref.WeakSet] = defaultdict(weakref.WeakSet)
        self.task: asyncio.Task | None = None
        self.connected = asyncio.Event()
        # True from a failed or lost subscription until the next one succeeds:
        # new streams are refused (503) and the pages poll meanwhile.
        self.down = False

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

    def tell_down(self) -> None:
        """Every open stream tells its page that push is down (and ends): the
        page polls until its stream is accepted again."""
        for found in list(self.listeners.values()):
            for listener in list(found):
                listener.down = True
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
            client = aioredis.Redis.from_url(
                self.url, socket_connect_timeout=self.PONG_SECONDS
            )
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await asyncio.wait_for(pubsub.psubscribe(PATTERN), self.PONG_SECONDS)
                self.connected.set()
                if self.down:
                    logger.warning("push: Redis subscription back")
                self.down = False
                if not first:
                    self.resync_all()  # messages may have been missed meanwhile
                first = False
                await self.listen(pubsub)
            except asyncio.CancelledError:
                raise
            except Exception:
                if not self.down:
                    logger.warning("push: Redis subscription lost", exc_info=True)
            finally:
                self.connected.clear()
                try:
                    await asyncio.wait_for(pubsub.aclose(), 1.0)
                    await asyncio.wait_for(client.aclose(), 1.0)
                except Exception:  # noqa: S110 - already broken
                    pass
            self.down = True
            self.tell_down()
            await asyncio.sleep(self.RETRY_SECONDS)

    async def listen(self, pubsub) -> None:
        """Dispatches the messages; raises TimeoutError when Redis stops
        answering its PINGs."""
        clock = asyncio.get_running_loop().time
        pinged = heard = clock()
        while True:
            message = await pubsub.get_message(timeout=1.0)
            now = clock()
            if message:
                heard = now
                if message.get("type") == "pmessage":
                    self.dispatch(message["channel"].decode(), message["data"].decode())
            if now - heard > self.PONG_SECONDS:
                raise TimeoutError("push: Redis does not answer its PING")
            if now - pinged >= self.PING_SECONDS:
                await asyncio.wait_for(pubsub.ping(), 1.0)
                pinged = now


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
    the connection open through proxies. When the hub loses Redis, `down` and
    the end of the stream: the page polls (static/js/push.js)."""
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
            if listener.down:
                # The page polls from now on; its browser reconnects, and is
                # refused (503) until the hub has Redis again.
                yield "event: down\ndata: 0\n\n"
                return
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
