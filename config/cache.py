"""Django's Redis cache, with one redis-py client per connection pool.

Django (6.1) builds a new `redis.Redis` for every cache call; its set-up (a
table of some 170 response callbacks) costs more than the call itself, and the
session and presence reads make such calls on every signed-in request. Measured
(1 December, 5 × 3,000 `get`s of one key on the local Redis, CPU time of the
calling thread, medians): 293 µs a call through Django's own client, 106 µs
through this one. A redis-py client is safe to share between threads:
connections come from its pool, as before.

The pools (and so the clients) are the process's, shared by every instance of
the cache: Django makes a cache instance per thread, and under ASGI per request
(`asgiref.local.Local`), each with pools of its own. An event stream (server
push, games/push.py) keeps its request's instance while its page is open: with a
pool per instance, 10,000 open pages held 10,000 Redis connections (Redis
refuses clients past its `maxclients`, 10,000 by default), and every other
request under ASGI opened a connection of its own.

It overrides `RedisCacheClient.get_client` and `_get_connection_pool` and sets
`RedisCache._class`, which
are Django's internals: `tests/test_config_cache.py` fails when they change
(or when Django starts reusing its client, which would make this unneeded).
"""

import threading

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

# The process's pools, by server and options, and a client per pool.
POOLS: dict = {}
CLIENTS: dict = {}
LOCK = threading.Lock()


class SharedClientRedisCacheClient(RedisCacheClient):
    def _get_connection_pool(self, write):
        index = self._get_connection_pool_index(write)
        key = (
            self._servers[index],
            self._pool_class,
            repr(sorted(self._pool_options.items())),
        )
        pool = POOLS.get(key)
        if pool is None:
            with LOCK:
                pool = POOLS.get(key)
                if pool is None:
                    pool = POOLS[key] = self._pool_class.from_url(
                        self._servers[index], **self._pool_options
                    )
        return pool

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = CLIENTS.get(id(pool))
        if client is None:
            with LOCK:
                client = CLIENTS.get(id(pool))
                if client is None:
                    client = CLIENTS[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient
