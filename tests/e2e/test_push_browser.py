"""Server push in two real browsers under the real ASGI server: a uvicorn process
(`uvicorn config.asgi:application`) with push on (PUSH_REDIS_URL) and the pages'
poll set to a minute, so that only the event stream can bring the opponent's
move to the other screen within a second. The server has its own SQLite file
database in a scratch folder (the test database lives in this process's memory).
Skipped without a Redis on 127.0.0.1:6379."""

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = "redis://127.0.0.1:6379/0"

SETUP = """
import json
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.test import Client
from accounts.models import User
from games import engines, services
from games.models import Game
import random
from django.db import connection
# A game id no other test or bench publishes for (Redis's channels are global).
with connection.cursor() as cursor:
    cursor.execute(
        "INSERT INTO sqlite_sequence (name, seq) VALUES ('games_game', %s)",
        [random.randint(10**8, 10**9)],
    )
ana = User.objects.create_user(email="ana@example.com", display_name="Ana")
ben = User.objects.create_user(email="ben@example.com", display_name="Ben")
game = services.game_create(creator=ana, engine_slug="lost-cities", num_players=2, options={})
services.seat_join(game_id=game.pk, user=ben)
game = Game.objects.get(pk=game.pk)
mover = engines.get("lost-cities").to_move(game.state)[0]
cookies = {}
for seat in game.seats.all():
    client = Client()
    client.force_login(seat.user)
    cookies[seat.position] = client.cookies["sessionid"].value
print(json.dumps({"game": game.pk, "mover": mover, "cookies": cookies}))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def push_server(tmp_path):
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.5).ping()
    except redis.exceptions.ConnectionError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "VAR_DIR": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "CELERY_BROKER_URL": "filesystem://",
        "CACHE_URL": "locmemcache://",
        "PUSH_REDIS_URL": REDIS_URL,
        "GAME_POLL_SECONDS": "60",
        "GAME_PUSH_POLL_SECONDS": "60",
        "LOG_LEVEL": "WARNING",
    }
    for sub in ("mail", "broker"):
        (tmp_path / sub).mkdir()
    out = subprocess.run(
        [sys.executable, "-c", SETUP],
        env=env,
        check=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout
    world = json.loads(out.strip().splitlines()[-1])
    port = free_port()
    log = open(tmp_path / "uvicorn.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "config.asgi:application",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--timeout-graceful-shutdown",
            "1",
        ],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("uvicorn did not start") from None
            time.sleep(0.1)
    world["url"] = url
    try:
        yield world
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def open_board(browser, world, seat=None, *, stream=True):
    """A game page in a new context: a seat's (None: an anonymous spectator's);
    without `stream`, its event stream is refused as by a proxy that drops it."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    if seat is not None:
        cookie = world["cookies"][seat]
        context.add_cookies(
            [{"name": "sessionid", "value": cookie, "url": world["url"]}]
        )
    if not stream:
        context.route("**/events/**", lambda route: route.abort())
    page = context.new_page()
    polls = []
    page.on("request", lambda r: "/poll" in r.url and polls.append(time.monotonic()))
    page.goto(f"{world['url']}/games/{world['game']}/")
    state = "open" if stream else "down"
    page.wait_for_selector(f"body[data-push={state}] #board[data-version='0']")
    return page, polls


def test_the_opponents_move_shows_on_the_idle_screen_without_waiting_for_a_poll(
    browser, push_server
):
    world = push_server
    mover = str(world["mover"])
    other = str(1 - world["mover"])
    watcher, watcher_polls = open_board(browser, world, other)
    player, _polls = open_board(browser, world, mover)
    # A spectator whose stream is dropped polls at the usual pace (made 1 s here).
    cut_off, cut_off_polls = open_board(browser, world, stream=False)
    cut_off.evaluate("document.body.dataset.pollSeconds = '1'")
    errors = []
    watcher.on("console", lambda m: m.type == "error" and errors.append(m.text))
    assert watcher.locator("#board").get_attribute("hx-trigger") == (
        "sse:version, poll, every 60s"
    )

    started = time.monotonic()
    player.locator("#board button[data-move*='discard']").first.click()
    # Pushed, not polled (the poll is every 60 s here): well within the poll's
    # pace whatever the machine's load; how fast is bench/'s push section.
    watcher.wait_for_selector("#board[data-version='1']", timeout=5000)
    delay = time.monotonic() - started
    assert delay < 5.0
    # The watcher's page polled once, told by its stream; never before.
    assert len(watcher_polls) == 1 and watcher_polls[0] >= started
    assert not errors, errors
    cut_off.wait_for_selector("#board[data-version='1']", timeout=5000)
    assert cut_off_polls  # by the fallback poll: its stream never opened
    for page in (watcher, player, cut_off):
        page.context.close()  # the streams end before the server does
