"""Where sessions live: in the database, whatever the cache (config/settings.py),
so that signed-in people stay signed in, and can sign in, while the cache's
Redis is down or frozen; and the site's pages answer all the same."""

import subprocess
import sys

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _settings_of(code: str, **env) -> str:
    base = {"PATH": "/usr/bin:/bin", "DATABASE_URL": "sqlite:///:memory:"}
    code = "from django.conf import settings; " + code
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_sessions_are_in_the_database_with_or_without_a_redis_cache():
    engine = "print(settings.SESSION_ENGINE)"
    assert _settings_of(engine) == "django.contrib.sessions.backends.db"
    redis = "redis://127.0.0.1:1/1"  # never connected to here
    assert _settings_of(engine, CACHE_URL=redis) == (
        "django.contrib.sessions.backends.db"
    )
    backend = "print(settings.CACHES['default']['BACKEND'])"
    assert _settings_of(backend, CACHE_URL=redis) == "config.cache.RedisCache"


@pytest.fixture
def redis_cache(settings, own_redis):
    """The cache on a Redis of the test's own, as production configures it."""
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.RedisCache",
            "LOCATION": own_redis.url(1),
            "KEY_PREFIX": "sessions-test",
        }
    }
    return own_redis


def log_in_form(client, user):
    return client.post(
        reverse("account_login"), {"login": user.email, "password": "pw-12345678"}
    )


@pytest.mark.parametrize("fault", ["stop", "freeze"])
def test_with_the_cache_redis_down_people_sign_in_and_use_the_site(
    client, make_user, lost_cities_game, redis_cache, fault, settings
):
    ana = lost_cities_game.seats.get(position=0).user
    ana.set_password("pw-12345678")
    ana.save()
    from allauth.account.models import EmailAddress

    EmailAddress.objects.update_or_create(
        user=ana, email=ana.email, defaults={"verified": True, "primary": True}
    )
    client.force_login(ana)
    assert client.get(reverse("games:my_games")).status_code == 200
    getattr(redis_cache, fault)()
    # Signed in: pages, the game page and its poll (presence marks), a move.
    assert client.get(reverse("games:my_games")).status_code == 200
    game = reverse("games:game", args=[lost_cities_game.pk])
    assert client.get(game).status_code == 200
    poll = reverse("games:poll", args=[lost_cities_game.pk])
    assert client.get(poll, {"version": lost_cities_game.version}).status_code == 204
    # Signing out and in again (allauth's rate limits use the cache).
    assert client.post(reverse("account_logout")).status_code == 302
    assert client.get(reverse("games:my_games")).status_code == 302
    answer = log_in_form(client, ana)
    assert answer.status_code == 302, answer.content[:500]
    assert client.get(reverse("games:my_games")).status_code == 200


def test_a_session_signed_out_while_redis_was_down_stays_signed_out(
    client, ana, redis_cache
):
    client.force_login(ana)
    key = client.cookies["sessionid"].value
    assert client.get(reverse("games:my_games")).status_code == 200
    redis_cache.stop()
    client.post(reverse("account_logout"))
    redis_cache.start()
    client.cookies["sessionid"] = key
    page = client.get(reverse("games:my_games"))
    assert page.status_code == 302 and "login" in page["Location"]
