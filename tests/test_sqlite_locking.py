"""The embedded default (SQLite in a file) under a second writer.

The worker's sweeps write to the same file as the web process. A move must wait
for the other writer's transaction instead of failing with "database is locked":
SQLite's default deferred transactions read first and lose the write lock to the
other connection (the move's snapshot is then stale and SQLite refuses it at
once). The settings open every transaction IMMEDIATE, with a busy timeout.

The check runs in a subprocess on a real file, as `make run` does (the test
database of the rest of the suite lives in memory).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import json, sqlite3, threading, time

import django
django.setup()
from django.conf import settings
from django.core.management import call_command
from django.test import Client

call_command("migrate", verbosity=0)

from accounts.models import User
from games import engines, services

ana = User.objects.create_user(email="ana@example.com", password="x" * 12)
bob = User.objects.create_user(email="bob@example.com", password="x" * 12)
game = services.game_create(
    creator=ana, engine_slug="lost-cities", num_players=2, options={}
)
services.seat_join(game_id=game.pk, user=bob)
game.refresh_from_db()
client = Client(SERVER_NAME="localhost", raise_request_exception=False)
client.force_login(ana if 0 in engines.get(game.engine).to_move(game.state) else bob)

path = settings.DATABASES["default"]["NAME"]
holder = sqlite3.connect(
    path, isolation_level=None, timeout=30, check_same_thread=False
)
holder.execute("CREATE TABLE sweep_marker (n INTEGER)")
held = threading.Event()
HOLD = float(%(hold)r)

def sweep():
    # What the worker's sweep does: a write transaction held for a while.
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO sweep_marker VALUES (1)")
    held.set()
    time.sleep(HOLD)
    holder.execute("COMMIT")

statuses = []
for _ in range(%(rounds)d):
    game.refresh_from_db()
    engine = engines.get(game.engine)
    seat = engine.to_move(game.state)[0]
    user = ana if seat == 0 else bob
    client.force_login(user)
    move = engine.legal_moves(game.state, seat)[0]
    held.clear()
    thread = threading.Thread(target=sweep)
    thread.start()
    assert held.wait(timeout=30)
    started = time.monotonic()
    response = client.post(
        f"/games/{game.pk}/move",
        {"move": json.dumps(move), "version": game.version},
        headers={"HX-Request": "true"},
    )
    statuses.append([response.status_code, round(time.monotonic() - started, 2)])
    thread.join()
print(json.dumps(statuses))
"""


def test_a_move_waits_for_a_2_s_sweep_transaction_instead_of_failing(tmp_path):
    # The embedded defaults, whatever the suite runs on.
    embedded = {"DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "EMAIL_URL"}
    env = {k: v for k, v in os.environ.items() if k not in embedded}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", VAR_DIR=str(tmp_path))
    code = SCRIPT % {"hold": 2.0, "rounds": 3}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    statuses = json.loads(done.stdout.strip().splitlines()[-1])
    # Each move was sent while the other connection held the write lock for 2 s:
    # it waited for it (about 2 s) and went through.
    assert [s for s, _ in statuses] == [200, 200, 200], (statuses, done.stderr[-2000:])
    assert all(seconds >= 1.5 for _, seconds in statuses), statuses
