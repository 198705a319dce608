"""Where sessions live: in the shared cache (Redis) first when there is one, else
in the database only (config/settings.py)."""

import os
import subprocess
import sys
import uuid

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

REDIS = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/14")


def _session_engine(**env) -> str:
    base = {"PATH": "/usr/bin:/bin", "DATABASE_URL": "sqlite:///:memory:"}
    code = "from django.conf import settings; print(settings.SESSION_ENGINE)"
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_sessions_are_cached_only_in_a_cache_every_process_shares():
    assert _session_engine() == "django.contrib.sessions.backends.db"
    assert _session_engine(CACHE_URL="locmemcache://") == (
        "django.contrib.sessions.backends.db"
    )
    assert _session_engine(CACHE_URL=REDIS) == (
        "django.contrib.sessions.backends.cached_db"
    )


def _redis():
    """A client of the test Redis, or the test is skipped."""
    redis = pytest.importorskip("redis")
    client = redis.Redis.from_url(REDIS)
    try:
        client.ping()
    except redis.RedisError:
        pytest.skip("no Redis at " + REDIS)
    return client


@pytest.fixture
def redis_sessions(settings):
    client = _redis()
    prefix = f"test-{uuid.uuid4().hex}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS,
            "KEY_PREFIX": prefix,
        }
    }
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    yield client
    for key in client.scan_iter(f"{prefix}:*"):
        client.delete(key)


def test_a_session_in_redis_signs_in_and_ends_at_sign_out(client, ana, redis_sessions):
    client.force_login(ana)
    key = client.cookies["sessionid"].value
    assert any(key in k.decode() for k in redis_sessions.scan_iter("test-*"))
    assert client.get(reverse("games:my_games")).status_code == 200
    client.post(reverse("account_logout"))
    # The old cookie, sent again, is a stranger's: the cache entry went with it.
    client.cookies["sessionid"] = key
    page = client.get(reverse("games:my_games"))
    assert page.status_code == 302 and "login" in page["Location"]


def test_the_redis_cache_reuses_one_client_and_works(settings):
    _redis()
    from django.core.cache import caches

    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.RedisCache",
            "LOCATION": REDIS,
            "KEY_PREFIX": f"test-{uuid.uuid4().hex}",
        }
    }
    cache = caches["default"]
    assert cache._cache.get_client() is cache._cache.get_client(write=True)
    assert cache.add("k", {"a": 1}, 30) and not cache.add("k", 2, 30)
    assert cache.get("k") == {"a": 1}
    cache.delete("k")
    assert cache.get("k") is None
