"""How many event streams one client may hold open, and for how long.

The streams (games.stream_views.game_events and my_events, games/push.py) hold a connection
and a descriptor each: counted in this process, per client address (as the
log-in limits read it: allauth's adapter, TRUSTED_PROXY_COUNT) and per session,
at most PUSH_STREAMS_PER_ADDRESS and PUSH_STREAMS_PER_SESSION; beyond, a stream
is answered 429 (an EventSource does not retry that: the page polls, push.js).
A slot is given back when its stream closes, whichever way. A stream ends
after PUSH_STREAM_MAX_SECONDS: the browser reconnects (after PUSH_RETRY_MS) and
is checked again, its rights and its slots.

The streams' views take slots on the process's event loop; the response's
`close` (Django calls it from its sync thread) gives them back: one lock.
"""

from __future__ import annotations

import asyncio
import threading
from collections import Counter

from allauth.account.adapter import get_adapter
from django.conf import settings

_open: Counter = Counter()
_lock = threading.Lock()


class Slots:
    """The slots one stream holds; `release` gives them all back, once."""

    def __init__(self):
        self.keys: list[str] = []

    def take(self, key: str, limit: int) -> bool:
        """Takes a slot of `key` if fewer than `limit` are held."""
        with _lock:
            if _open[key] >= limit:
                return False
            _open[key] += 1
        self.keys.append(key)
        return True

    def take_address(self, request) -> bool:
        address = get_adapter().get_client_ip(request)
        return self.take(f"address:{address}", settings.PUSH_STREAMS_PER_ADDRESS)

    def take_session(self, session_key: str | None) -> bool:
        """A slot of the (checked) session; none to take without one."""
        if not session_key:
            return True
        return self.take(f"session:{session_key}", settings.PUSH_STREAMS_PER_SESSION)

    def release(self) -> None:
        with _lock:
            keys, self.keys = self.keys, []
            for key in keys:
                _open[key] -= 1
                if _open[key] <= 0:
                    del _open[key]


def held(key: str) -> int:
    """The slots of a key held now (for tests and the curious)."""
    return _open.get(key, 0)


async def bounded(events, slots: Slots):
    """The stream's events until it closes or PUSH_STREAM_MAX_SECONDS pass;
    then the stream ends (the browser reconnects) and its slots are given back."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + settings.PUSH_STREAM_MAX_SECONDS
    try:
        while True:
            left = deadline - loop.time()
            if left <= 0:
                break
            try:
                chunk = await asyncio.wait_for(anext(events), left)
            except (StopAsyncIteration, TimeoutError):
                break
            yield chunk
    finally:
        slots.release()
        await events.aclose()
