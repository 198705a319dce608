"""A circuit breaker for a service the site can do without (Redis: the cache,
the server push).

After a failure the breaker is open for `seconds`: callers skip the service at
once (a cache miss, a publish dropped) instead of each waiting for its timeout,
so that a Redis that accepts connections but does not answer costs one timeout
every few seconds, not one per call. The first call after that tries again;
or, given a `probe` (a cheap call such as Redis's PING), a thread of the breaker
tries the service every `seconds` while it is open and closes it when it
answers, so that no caller waits on a failing service more than once.
One line is logged when it opens and one when the service answers again, not one
per call.
"""

from __future__ import annotations

import logging
import threading
import time

log = logging.getLogger("config.breaker")


class Breaker:
    def __init__(self, name: str, seconds: float = 3.0, probe=None):
        self.name = name
        self.seconds = seconds
        self.probe = probe
        self.probing = False
        self.open_until = 0.0
        self.failures = 0
        self.lock = threading.Lock()

    def allows(self) -> bool:
        """True when the service may be tried (closed, or its pause is over and
        no probe is trying it)."""
        return not self.probing and time.monotonic() >= self.open_until

    def failed(self, exc: BaseException | None = None) -> None:
        with self.lock:
            self.failures += 1
            first = self.open_until == 0.0
            self.open_until = time.monotonic() + self.seconds
            start = self.probe is not None and not self.probing
            self.probing = self.probing or start
        if start:
            name = f"breaker probe: {self.name}"
            threading.Thread(
                target=self.probe_until_answered, name=name, daemon=True
            ).start()
        if first:
            how = (
                "a probe tries it every"
                if self.probe
                else "a call tries it again after"
            )
            log.warning(
                "%s: failing (%s); skipped until it answers (%s %.0f s)",
                self.name,
                type(exc).__name__ if exc else "error",
                how,
                self.seconds,
            )

    def probe_until_answered(self) -> None:
        """The probe's thread: tries the service every `seconds` until it answers."""
        while True:
            time.sleep(self.seconds)
            try:
                self.probe()
            except Exception:  # noqa: BLE001 - any failure of the service: still open
                with self.lock:
                    self.failures += 1
                continue
            with self.lock:
                self.probing = False
            self.succeeded()
            return

    def succeeded(self) -> None:
        if self.open_until:
            with self.lock:
                was, self.open_until = self.open_until, 0.0
            if was:
                log.warning("%s: answering again", self.name)
