"""The shared cache on Redis (config/cache.py): Django's cache API with one
client per process, short timeouts, and a Redis that fails (stopped, frozen)
answered as misses, fast. Against a redis-server the test starts (own_redis)."""

import time

import pytest

from config import cache as site_cache
from config.cache import RedisCache


def make(server, **options) -> RedisCache:
    return RedisCache(server.url(1), {"KEY_PREFIX": "t", "OPTIONS": options})


def test_it_is_djangos_cache_api_on_redis(own_redis):
    cache = make(own_redis)
    assert cache.add("k", {"a": 1}, 30) and not cache.add("k", 2, 30)
    assert cache.get("k") == {"a": 1}
    cache.set("n", 5)
    assert cache.incr("n", 2) == 7
    with pytest.raises(ValueError):
        cache.incr("missing")
    cache.set_many({"x": 1, "y": [2]}, 30)
    assert cache.get_many(["x", "y", "z"]) == {"x": 1, "y": [2]}
    assert cache.has_key("x") and cache.touch("x", 60)
    cache.delete_many(["x", "y"])
    assert cache.get("x", "gone") == "gone"
    assert cache.delete("k") and cache.get("k") is None
    cache.set("soon", 1, 0)  # a timeout of 0 deletes
    assert not cache.has_key("soon")
    assert cache.clear()


def test_every_instance_shares_the_process_client(own_redis):
    """Under ASGI each request has its own cache instance (and an event stream
    keeps its own while its page is open): they must not each hold a pool."""
    first, second = make(own_redis), make(own_redis)
    assert first is not second
    assert first.client is second.client
    assert make(own_redis, socket_timeout=1).client is not first.client


def test_the_timeouts_are_short_by_default(own_redis):
    options = make(own_redis).client.connection_pool.connection_kwargs
    assert options["socket_timeout"] <= 0.5
    assert options["socket_connect_timeout"] <= 0.5


def test_a_stopped_redis_is_a_cache_that_misses(own_redis):
    cache = make(own_redis)
    cache.set("k", "v")
    own_redis.stop()
    started = time.monotonic()
    assert cache.get("k") is None
    assert cache.get("k", "default") == "default"
    cache.set("k", "w")  # nothing raised
    assert cache.add("lock", 1, 10)  # the key was not there: added, as a miss
    assert cache.get_many(["k", "l"]) == {}
    assert not cache.has_key("k")
    with pytest.raises(ValueError):
        cache.incr("k")
    cache.delete("k")
    cache.set_many({"a": 1})
    assert time.monotonic() - started < 1.0


def test_a_frozen_redis_costs_one_short_timeout_then_is_skipped(own_redis):
    cache = make(own_redis)
    cache.set("k", "v")
    own_redis.freeze()
    started = time.monotonic()
    assert cache.get("k") is None  # waits for its socket timeout, once
    first = time.monotonic() - started
    for _ in range(50):
        assert cache.get("k") is None  # the breaker is open: at once
    assert first < 1.0
    assert time.monotonic() - started < first + 0.2
    own_redis.thaw()
    time.sleep(site_cache.BREAKER_SECONDS + 0.1)
    assert cache.get("k") == "v"  # tried again, and answering again


def test_while_redis_stays_frozen_no_call_waits_again(own_redis):
    """The breaker's probe tries Redis, not the callers: past the breaker's
    pause a frozen Redis still costs nobody a timeout (a request of every
    process waited 0.25 s every 3 s before)."""
    cache = make(own_redis)
    cache.set("k", "v")
    own_redis.freeze()
    assert cache.get("k") is None  # the one timeout
    time.sleep(site_cache.BREAKER_SECONDS * 2 + 0.2)  # two probes failed meanwhile
    started = time.monotonic()
    for _ in range(50):
        assert cache.get("k") is None
    assert time.monotonic() - started < 0.1
    own_redis.thaw()
    time.sleep(site_cache.BREAKER_SECONDS + 0.5)  # the next probe answers
    assert cache.get("k") == "v"
