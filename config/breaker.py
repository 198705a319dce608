"""A circuit breaker for a service the site can do without (Redis: the cache,
the server push).

After a failure the breaker is open for `seconds`: callers skip the service at
once (a cache miss, a publish dropped) instead of each waiting for its timeout,
so that a Redis that accepts connections but does not answer costs one timeout
every few seconds, not one per call. The first call after that tries again.
One line is logged when it opens and one when the service answers again, not one
per call.
"""

from __future__ import annotations

import logging
import threading
import time

log = logging.getLogger("config.breaker")


class Breaker:
    def __init__(self, name: str, seconds: float = 3.0):
        self.name = name
        self.seconds = seconds
        self.open_until = 0.0
        self.failures = 0
        self.lock = threading.Lock()

    def allows(self) -> bool:
        """True when the service may be tried (closed, or its pause is over)."""
        return time.monotonic() >= self.open_until

    def failed(self, exc: BaseException | None = None) -> None:
        with self.lock:
            self.failures += 1
            first = self.open_until == 0.0
            self.open_until = time.monotonic() + self.seconds
        if first:
            log.warning(
                "%s: failing (%s); skipped for %.0f s at a time until it answers",
                self.name,
                type(exc).__name__ if exc else "error",
                self.seconds,
            )

    def succeeded(self) -> None:
        if self.open_until:
            with self.lock:
                was, self.open_until = self.open_until, 0.0
            if was:
                log.warning("%s: answering again", self.name)
