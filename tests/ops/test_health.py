"""The load balancer's health check (/health/): 200 when this process reaches
the database ("degraded" when it does not reach Redis), 503 when it does not
reach the database; no log-in, no host check, no
https redirect, no session."""

import time

import pytest
from django.db import connections

from ops import health

pytestmark = pytest.mark.django_db


def test_health_answers_200_with_the_database_and_redis_reached(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:6379/0"
    pinged = []
    settings_urls = health.redis_urls()

    class Up:
        def __init__(self, url):
            self.url = url

        def ping(self):
            pinged.append(self.url)
            return True

    health.CLIENTS.update({u: Up(u) for u in settings_urls})
    try:
        response = client.get("/health/")
    finally:
        health.CLIENTS.clear()
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "checks": {"database": "ok", "redis": "ok"},
    }
    assert pinged == ["redis://127.0.0.1:6379/0"]
    assert response["Cache-Control"] == "no-store"


def test_health_answers_200_degraded_when_redis_does_not_answer(client, settings):
    """Redis holds only what can be lost: a node without it still serves, and
    a 503 would take every node out of the load balancer at once."""
    # Nothing listens on port 1: the connection is refused at once.
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    health.CLIENTS.clear()
    try:
        response = client.get("/health/")
    finally:
        health.CLIENTS.clear()
    assert response.status_code == 200
    assert response.json() == {
        "status": "degraded",
        "checks": {"database": "ok", "redis": "error"},
    }
    assert b"refused" not in response.content.lower()  # the reason is logged only


def test_health_answers_at_once_with_redis_frozen(client, settings, own_redis):
    settings.CELERY_BROKER_URL = own_redis.url(0)
    health.CLIENTS.clear()
    own_redis.freeze()
    started = time.monotonic()
    try:
        response = client.get("/health/")
    finally:
        health.CLIENTS.clear()
    assert response.status_code == 200
    assert response.json()["status"] == "degraded"
    assert time.monotonic() - started < 1.5


def test_health_answers_503_when_the_database_and_redis_are_gone(
    client, settings, monkeypatch
):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    health.CLIENTS.clear()

    def broken_cursor(*args, **kwargs):
        raise RuntimeError("database down")

    monkeypatch.setattr(connections["default"], "cursor", broken_cursor)
    try:
        response = client.get("/health/")
    finally:
        health.CLIENTS.clear()
    assert response.status_code == 503
    assert response.json() == {
        "status": "error",
        "checks": {"database": "error", "redis": "error"},
    }


def test_health_answers_503_when_the_database_does_not_answer(client, monkeypatch):
    def broken_cursor(*args, **kwargs):
        raise RuntimeError("database down")

    monkeypatch.setattr(connections["default"], "cursor", broken_cursor)
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == "error"


def test_without_redis_in_the_settings_only_the_database_is_checked(client, settings):
    settings.CELERY_BROKER_URL = "filesystem://"
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    }
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json()["checks"] == {"database": "ok"}


def test_health_needs_no_allowed_host_no_https_and_no_session(client, settings):
    """A load balancer asks by the node's address, over plain http."""
    settings.CELERY_BROKER_URL = "filesystem://"
    settings.ALLOWED_HOSTS = ["tables.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/health/", HTTP_HOST="10.0.0.7:8000")
    assert response.status_code == 200
    assert "Set-Cookie" not in response.headers
    # Any other page still refuses the unknown host.
    assert client.get("/", HTTP_HOST="10.0.0.7:8000").status_code == 400


def test_health_refuses_a_post(client):
    assert client.post("/health/").status_code == 405


def test_health_costs_one_query(client, settings, django_assert_num_queries):
    settings.CELERY_BROKER_URL = "filesystem://"
    with django_assert_num_queries(1):
        assert client.get("/health/").status_code == 200


def test_health_answers_under_asgi_too(settings):
    """The web nodes run ASGI (uvicorn): the middleware's async path."""
    from asgiref.sync import async_to_sync
    from django.test import AsyncClient

    settings.CELERY_BROKER_URL = "filesystem://"
    response = async_to_sync(AsyncClient().get)("/health/")
    assert response.status_code == 200
    assert response.json()["checks"] == {"database": "ok"}
