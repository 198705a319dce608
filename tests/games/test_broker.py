"""config/broker.py: kombu's Redis transport publishing through one client per
channel (kombu made a redis-py client for every message)."""

import os
import uuid

import pytest
import redis as redis_py
from kombu import Connection

from config import broker

REDIS = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/14")


def _redis_up() -> bool:
    try:
        return redis_py.Redis.from_url(REDIS, socket_connect_timeout=1).ping()
    except redis_py.RedisError:
        return False


pytestmark = pytest.mark.skipif(not _redis_up(), reason="needs a Redis server")


def test_messages_go_out_through_one_client_and_arrive(monkeypatch):
    made = []
    create = broker.Channel._create_client

    def counting(self, *args, **kwargs):
        client = create(self, *args, **kwargs)
        made.append(client)
        return client

    monkeypatch.setattr(broker.Channel, "_create_client", counting)
    name = f"broker-test-{uuid.uuid4().hex}"
    with Connection(REDIS, transport="config.broker:Transport") as conn:
        queue = conn.SimpleQueue(name)
        try:
            queue.put({"n": 0})
            clients = len(made)
            for n in range(1, 4):
                queue.put({"n": n})
            got = sorted(queue.get(timeout=2).payload["n"] for _ in range(4))
            assert got == [0, 1, 2, 3]
            assert len(made) == clients  # no new client per message
        finally:
            queue.close()
            server = redis_py.Redis.from_url(REDIS)
            keys = list(server.scan_iter(f"*{name}*"))
            if keys:
                server.delete(*keys)


def test_the_site_uses_it_for_a_redis_broker():
    import subprocess
    import sys

    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings';"
        "django.setup(); from django.conf import settings;"
        "print(getattr(settings, 'CELERY_BROKER_TRANSPORT', None))"
    )
    env = {**os.environ, "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True
    )
    assert out.stdout.strip() == "config.broker:Transport", out.stderr
