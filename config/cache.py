"""The shared cache on Redis: one redis-py client per process, and a Redis that
fails is a cache that misses.

A cache backend of our own on Django's public cache API (`BaseCache`) and
redis-py's, with the semantics of Django's Redis backend (the same serializer:
`RedisSerializer`), for two reasons:

- **One client per process.** Django (6.1) builds a new `redis.Redis` for every
  cache call; its set-up costs more than the call itself, and the presence and
  rate-limit reads make such calls on many requests (docs/benchmarks.md,
  "Kept for a measured gain"). Django makes a
  cache instance per thread, and under ASGI per request, so the client is the
  process's (`CLIENTS`), not the instance's: with a pool per instance, 10,000
  open event streams held 10,000 Redis connections.
- **Outages degrade.** Redis holds only what can be lost (docs/deploy.md). A
  Redis error (refused, reset, timed out: `redis.RedisError`) is logged and
  answered as a miss: `get` returns the default, `add` succeeds (the key was
  not there: rate limits let the request through, presence marks the seat in
  the database), `set` and `delete` do nothing, `incr` raises ValueError as for
  a missing key. The client's timeouts are short (`socket_timeout`,
  `socket_connect_timeout` in OPTIONS; 0.25 s by default) and after a failure a
  breaker (config/breaker.py) skips Redis while a thread of its own PINGs it
  every few seconds, until it answers: a frozen Redis costs one request of the
  process one short timeout, once (scripts/faults.py measures it).

Sessions are in the database (config/settings.py), not in this cache.
Tests: tests/test_config_cache.py (against a redis-server the test starts,
stops and freezes).
"""

from __future__ import annotations

import logging
import threading

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.redis import RedisSerializer
from django.core.exceptions import ImproperlyConfigured

from config.breaker import Breaker

log = logging.getLogger(__name__)

TIMEOUT_SECONDS = 0.25
BREAKER_SECONDS = 3.0

# The process's clients, by server and options; one breaker per server.
CLIENTS: dict = {}
BREAKERS: dict = {}
LOCK = threading.Lock()


def shared_client(url: str, options: dict):
    import redis

    key = (url, repr(sorted(options.items())))
    client = CLIENTS.get(key)
    if client is None:
        with LOCK:
            client = CLIENTS.get(key)
            if client is None:
                client = CLIENTS[key] = redis.Redis.from_url(url, **options)
    return client


def shared_breaker(url: str, options: dict) -> Breaker:
    with LOCK:
        found = BREAKERS.get(url)
        if found is None:
            found = BREAKERS[url] = Breaker(
                f"cache {url}",
                BREAKER_SECONDS,
                probe=lambda: shared_client(url, options).ping(),
            )
        return found


class RedisCache(BaseCache):
    """`config.cache.RedisCache`; LOCATION one Redis URL, OPTIONS passed to
    `redis.Redis.from_url` (socket_timeout and socket_connect_timeout default
    to TIMEOUT_SECONDS)."""

    def __init__(self, server, params):
        super().__init__(params)
        servers = server.split(",") if isinstance(server, str) else list(server)
        if len(servers) != 1:
            raise ImproperlyConfigured("config.cache.RedisCache takes one server")
        self.url = servers[0].strip()
        self.options = {
            "socket_timeout": TIMEOUT_SECONDS,
            "socket_connect_timeout": TIMEOUT_SECONDS,
            **params.get("OPTIONS", {}),
        }
        self.serializer = RedisSerializer()
        self.breaker = shared_breaker(self.url, self.options)

    @property
    def client(self):
        return shared_client(self.url, self.options)

    def call(self, what: str, default, operation):
        """`operation(client)`, or `default` when Redis fails or the breaker
        is open."""
        import redis

        if not self.breaker.allows():
            return default
        try:
            result = operation(self.client)
        except redis.RedisError as exc:
            log.debug("cache: %s failed", what, exc_info=True)
            self.breaker.failed(exc)
            return default
        self.breaker.succeeded()
        return result

    def get_backend_timeout(self, timeout=DEFAULT_TIMEOUT):
        """Seconds for Redis (None: no expiry; 0 or less: the key goes)."""
        if timeout == DEFAULT_TIMEOUT:
            timeout = self.default_timeout
        return None if timeout is None else max(0, int(timeout))

    def dumps(self, value):
        return self.serializer.dumps(value)

    def loads(self, data):
        return self.serializer.loads(data)

    # Django's cache API.

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        seconds = self.get_backend_timeout(timeout)
        data = self.dumps(value)

        def add(client):
            if seconds == 0:
                return bool(client.set(key, data, nx=True) and client.delete(key))
            return bool(client.set(key, data, ex=seconds, nx=True))

        return self.call("add", True, add)

    def get(self, key, default=None, version=None):
        key = self.make_and_validate_key(key, version=version)
        data = self.call("get", None, lambda client: client.get(key))
        return default if data is None else self.loads(data)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        seconds = self.get_backend_timeout(timeout)
        data = self.dumps(value)
        if seconds == 0:
            self.call("set", None, lambda client: client.delete(key))
        else:
            self.call("set", None, lambda client: client.set(key, data, ex=seconds))

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        seconds = self.get_backend_timeout(timeout)

        def touch(client):
            if seconds is None:
                return bool(client.persist(key))
            return bool(client.expire(key, seconds))

        return self.call("touch", False, touch)

    def delete(self, key, version=None):
        key = self.make_and_validate_key(key, version=version)
        return bool(self.call("delete", 0, lambda client: client.delete(key)))

    def get_many(self, keys, version=None):
        names = {self.make_and_validate_key(k, version=version): k for k in keys}
        if not names:
            return {}
        found = self.call("get_many", [], lambda client: client.mget(list(names)))
        return {
            names[key]: self.loads(data)
            for key, data in zip(names, found, strict=False)
            if data is not None
        }

    def has_key(self, key, version=None):
        key = self.make_and_validate_key(key, version=version)
        return bool(self.call("has_key", 0, lambda client: client.exists(key)))

    def incr(self, key, delta=1, version=None):
        key = self.make_and_validate_key(key, version=version)
        missing = object()

        def incr(client):
            if not client.exists(key):
                return missing
            return client.incr(key, delta)

        result = self.call("incr", missing, incr)
        if result is missing:
            raise ValueError(f"Key '{key}' not found.")
        return result

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        if not data:
            return []
        seconds = self.get_backend_timeout(timeout)
        values = {
            self.make_and_validate_key(k, version=version): self.dumps(v)
            for k, v in data.items()
        }
        if seconds == 0:
            self.call("set_many", None, lambda client: client.delete(*values))
            return []

        def set_many(client):
            pipeline = client.pipeline()
            pipeline.mset(values)
            if seconds is not None:
                for key in values:
                    pipeline.expire(key, seconds)
            pipeline.execute()

        self.call("set_many", None, set_many)
        return []

    def delete_many(self, keys, version=None):
        names = [self.make_and_validate_key(k, version=version) for k in keys]
        if names:
            self.call("delete_many", None, lambda client: client.delete(*names))

    def clear(self):
        return bool(self.call("clear", False, lambda client: client.flushdb()))
