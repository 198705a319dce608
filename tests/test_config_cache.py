"""config/cache.py subclasses Django's Redis cache internals: this fails as soon
as they change under it, or stop needing it."""

import inspect

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

from config.cache import RedisCache, SharedClientRedisCacheClient

SERVER = "redis://127.0.0.1:6379/15"  # no connection is made below


def _parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_the_django_internals_it_overrides_are_still_the_same():
    assert _parameters(RedisCacheClient.get_client) == ["self", "key", "write"]
    assert _parameters(RedisCacheClient._get_connection_pool) == ["self", "write"]
    assert (
        inspect.signature(RedisCacheClient.get_client).parameters["write"].kind
        is inspect.Parameter.KEYWORD_ONLY
    )
    client = RedisCacheClient([SERVER])
    assert callable(client._client)
    assert DjangoRedisCache(SERVER, {})._class is RedisCacheClient


def test_django_still_builds_a_client_per_call_and_ours_does_not():
    """The reason for the subclass: were Django to reuse its client, drop it."""
    stock = RedisCacheClient([SERVER])
    assert stock.get_client() is not stock.get_client()
    ours = RedisCache(SERVER, {})
    assert ours._class is SharedClientRedisCacheClient
    shared = ours._cache
    assert shared.get_client() is shared.get_client()
    assert shared.get_client(write=True) is shared.get_client(key="k", write=True)


def test_every_instance_of_the_cache_shares_the_process_pool():
    """Under ASGI each request has its own cache instance (and an event stream
    keeps its own while its page is open): they must not each hold a
    connection."""
    first, second = RedisCache(SERVER, {}), RedisCache(SERVER, {})
    assert first._cache is not second._cache
    assert first._cache.get_client() is second._cache.get_client()
    other = RedisCache("redis://127.0.0.1:6379/14", {})
    assert other._cache.get_client() is not first._cache.get_client()
