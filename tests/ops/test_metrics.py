"""/metrics: Prometheus's text format, for the allowed addresses or the token
only; requests, moves, the outbox and the queues."""

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from games import services
from games.models import Notification

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def samples(response) -> dict:
    """{(name, frozenset(labels)): value} of a text exposition."""
    found = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for s in family.samples:
            found[(s.name, frozenset(s.labels.items()))] = s.value
    return found


def value(found, name, **labels):
    return found.get((name, frozenset(labels.items())), 0.0)


@pytest.fixture(autouse=True)
def client_address_named(settings):
    """The test client connects from 127.0.0.1: named here, as an operator
    names the address of their Prometheus (the default lets nobody in)."""
    settings.METRICS_ALLOWED_IPS = ["127.0.0.1"]


def test_metrics_are_closed_to_everyone_by_default():
    """No METRICS_ALLOWED_IPS and no METRICS_TOKEN: not even loopback reads them
    (behind a proxy on the same host, every client connects from loopback)."""
    code = (
        "import django; django.setup(); "
        "from django.conf import settings; from django.test import Client; "
        "print(settings.METRICS_ALLOWED_IPS, settings.METRICS_TOKEN == ''); "
        "print(Client().get('/metrics', REMOTE_ADDR='127.0.0.1').status_code, "
        "Client().get('/metrics', REMOTE_ADDR='::1').status_code)"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("METRICS_")} | {
        "DJANGO_SETTINGS_MODULE": "config.settings"
    }
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split("\n")
    assert out[:2] == ["[] True", "403 403"]


@pytest.fixture
def scrape(client, settings):
    settings.CELERY_BROKER_URL = "filesystem://"

    def get():
        response = client.get("/metrics")
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/plain; version=")
        return samples(response)

    return get


def test_metrics_are_refused_to_an_address_not_allowed(client, settings):
    settings.METRICS_ALLOWED_IPS = ["10.0.0.0/8"]
    settings.METRICS_TOKEN = ""
    assert client.get("/metrics").status_code == 403  # the client is 127.0.0.1


def test_metrics_are_served_to_an_allowed_network(client, settings):
    settings.METRICS_ALLOWED_IPS = ["10.0.0.0/8"]
    settings.CELERY_BROKER_URL = "filesystem://"
    response = client.get("/metrics", REMOTE_ADDR="10.1.2.3")
    assert response.status_code == 200


def test_metrics_are_served_with_the_token_and_refused_with_another(client, settings):
    settings.METRICS_ALLOWED_IPS = []
    settings.METRICS_TOKEN = "s3cret-token"
    settings.CELERY_BROKER_URL = "filesystem://"
    ok = client.get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret-token")
    assert ok.status_code == 200
    wrong = client.get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret-tokem")
    assert wrong.status_code == 403
    assert client.get("/metrics").status_code == 403


def test_requests_are_counted_by_view_and_status(client, scrape):
    before = scrape()
    client.get("/")
    client.get("/")
    client.get("/games/999999/")
    after = scrape()
    key = ("tables_http_requests_total", "GET")
    lobby = {"method": "GET", "view": "games:lobby", "status": "200"}
    missing = {"method": "GET", "view": "games:game", "status": "404"}
    assert value(after, key[0], **lobby) - value(before, key[0], **lobby) == 2
    assert value(after, key[0], **missing) - value(before, key[0], **missing) == 1
    duration = "tables_http_request_duration_seconds_count"
    assert (
        value(after, duration, view="games:lobby")
        - value(before, duration, view="games:lobby")
        == 2
    )


def test_moves_are_counted_once_committed_and_not_the_start(
    lost_cities_game, scrape, django_capture_on_commit_callbacks
):
    game = lost_cities_game
    before = value(scrape(), "tables_moves_total", engine="lost-cities", by="person")
    from games import engines

    engine = engines.get(game.engine)
    for _ in range(3):
        game.refresh_from_db()
        (seat,) = engine.to_move(game.state)
        user = game.seats.get(position=seat).user
        move = engine.legal_moves(game.state, seat)[0]
        with django_capture_on_commit_callbacks(execute=True):
            services.move_submit(
                game_id=game.pk, user=user, move=move, expected_version=game.version
            )
    after = value(scrape(), "tables_moves_total", engine="lost-cities", by="person")
    assert after - before == 3


def test_the_outbox_gauges_count_due_emails_and_the_oldest_ones_age(
    ana, lost_cities_game, scrape
):
    now = timezone.now()
    Notification.objects.all().delete()
    Notification.objects.create(
        user=ana,
        game=lost_cities_game,
        kind=Notification.Kind.YOUR_TURN,
        version=1,
        next_attempt_at=now - timedelta(seconds=90),
    )
    Notification.objects.create(
        user=ana,
        game=lost_cities_game,
        kind=Notification.Kind.YOUR_TURN,
        version=2,
        next_attempt_at=now + timedelta(minutes=5),  # not due yet
    )
    found = scrape()
    assert value(found, "tables_outbox_due") == 1
    assert 90 <= value(found, "tables_outbox_oldest_due_age_seconds") < 150


@pytest.mark.skipif(
    not os.environ.get("CELERY_BROKER_URL", "").startswith("redis://"),
    reason="needs CELERY_BROKER_URL=redis://... (the queue is a Redis list)",
)
def test_the_queue_length_is_read_from_redis(client, settings):
    import redis

    settings.CELERY_BROKER_URL = os.environ["CELERY_BROKER_URL"]
    settings.CELERY_TASK_DEFAULT_QUEUE = f"metrics-test-{os.getpid()}"
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    r = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    r.rpush(queue, "a", "b", "c")
    try:
        found = samples(client.get("/metrics"))
    finally:
        r.delete(queue)
    assert value(found, "tables_queue_length", queue=queue) == 3


def test_several_processes_add_up_in_multiprocess_mode(tmp_path):
    """Two processes each count a request into PROMETHEUS_MULTIPROC_DIR; a third
    serves the sum (as uvicorn --workers or Celery's prefork children would)."""
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    count = (
        "from ops.metrics import REQUESTS; "
        "REQUESTS.labels('GET', 'games:lobby', '200').inc()"
    )
    serve = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings'; "
        "from prometheus_client import CollectorRegistry, generate_latest, "
        "multiprocess; r = CollectorRegistry(); "
        "multiprocess.MultiProcessCollector(r); print(generate_latest(r).decode())"
    )
    for code in (count, count):
        subprocess.run(
            [sys.executable, "-c", "import django; django.setup(); " + code],
            cwd=ROOT,
            env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
            check=True,
        )
    out = subprocess.run(
        [sys.executable, "-c", serve],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    line = 'tables_http_requests_total{method="GET",status="200",view="games:lobby"}'
    assert f"{line} 2.0" in out
