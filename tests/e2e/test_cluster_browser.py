"""Scale-out, proven: two people play a whole game of Lost Cities in Chromium
against two web nodes (uvicorn), two Celery workers and one beat on one
PostgreSQL and one Redis (scripts/cluster.py), every request going to the other
node than the one before; one worker is killed (SIGKILL) in the middle. Every
move is in the move log once, every version change is pushed once, every email
the outbox sent is in the mail files once. Then one of them plays against the
computer, whose moves come from the remaining worker, started as compose.yaml
starts it (scripts/cluster.py's WORKER_COMMAND): it consumes the `bots` queue.

Runs when DATABASE_URL and CELERY_BROKER_URL name PostgreSQL and Redis (CI);
skipped on the embedded defaults.
"""

from __future__ import annotations

import collections
import email
import importlib.util
import json
import os
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVERS = os.environ.get("DATABASE_URL", "").startswith(
    ("postgres://", "postgresql://")
) and os.environ.get("CELERY_BROKER_URL", "").startswith("redis://")

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.slow,
    pytest.mark.skipif(
        not SERVERS,
        reason="needs DATABASE_URL=postgres://... and CELERY_BROKER_URL=redis://...",
    ),
]

KILL_AT_MOVE = 30
SETTLE_SECONDS = 75  # beat's outbox sweep runs every 30 s


def load_cluster_module():
    scripts = str(ROOT / "scripts")
    if scripts not in sys.path:
        sys.path.append(scripts)  # for round_robin.py, beside it
    spec = importlib.util.spec_from_file_location(
        "cluster_script", ROOT / "scripts" / "cluster.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # for its dataclasses
    spec.loader.exec_module(module)
    return module


class Pushes:
    """Every message on push:game:* while the game is played (the contract of
    games/push.py: the new version, once per committed version change)."""

    def __init__(self, redis_url: str):
        import redis

        self.messages: list[tuple[str, str]] = []
        self.pubsub = redis.Redis.from_url(redis_url).pubsub(
            ignore_subscribe_messages=True
        )
        self.pubsub.psubscribe(**{"push:game:*": self.keep})
        self.thread = self.pubsub.run_in_thread(sleep_time=0.05, daemon=True)

    def keep(self, message) -> None:
        self.messages.append(
            (message["channel"].decode(), message["data"].decode(errors="replace"))
        )

    def stop(self) -> None:
        self.thread.stop()
        self.thread.join(5)
        self.pubsub.close()


class Database:
    """Reads the cluster's database directly (the test's own is another)."""

    def __init__(self, url: str):
        import psycopg

        self.conn = psycopg.connect(url, autocommit=True)

    def rows(self, sql: str, *params):
        with self.conn.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchall()

    def game(self, game_id: int) -> tuple[int, str, dict]:
        ((version, status, state),) = self.rows(
            "SELECT version, status, state FROM games_game WHERE id = %s", game_id
        )
        return version, status, state

    def close(self):
        self.conn.close()


def log_in(browser, base: str, address: str, password: str):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=login]", address)
    page.fill("input[name=password]", password)
    page.press("input[name=password]", "Enter")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    return page


def emails_in(folder: Path) -> list[email.message.Message]:
    """The messages the file backend wrote (each followed by a line of dashes)."""
    found = []
    for path in sorted(folder.iterdir()):
        for part in path.read_bytes().split(b"-" * 79 + b"\n"):
            if part.strip():
                found.append(email.message_from_bytes(part))
    return found


def choose(page) -> dict:
    """Play a card when one fits, else discard; always draw from the deck (so
    that the game surely ends)."""
    offered = [
        json.loads(m)
        for m in page.locator("#board button[data-move]").evaluate_all(
            "els => els.map(e => e.dataset.move)"
        )
    ]
    return next(
        (m for m in offered if m["type"] == "play"),
        next(m for m in offered if m["type"] == "discard" or m.get("source") == "deck"),
    )


def quiet(db: Database, redis_url: str, timeout: float = 20.0) -> None:
    """Waits until no task is queued and no email is being sent: the worker is
    then killed between two tasks. (A send claims its row with a lease of five
    minutes, after which the outbox sweep sends it again: killed in the middle
    of a send, the email would wait that long; tests/games/test_notifications.py
    checks that path with a shifted clock.)"""
    import redis

    queue = redis.Redis.from_url(redis_url)
    deadline, calm = time.monotonic() + timeout, 0
    while time.monotonic() < deadline:
        ((claimed,),) = db.rows(
            "SELECT count(*) FROM games_notification WHERE state = 'pending' "
            "AND next_attempt_at > now() + interval '3 minutes'"
        )
        calm = calm + 1 if not claimed and not queue.llen("celery") else 0
        if calm == 3:
            return
        time.sleep(0.1)
    raise AssertionError("the workers never stopped working")


def settle(db: Database, game_id: int, deadline: float) -> list:
    """Waits until no email of the game is due and unsent: those queued after
    the last move are sent, and those a killed worker held are sent again by
    beat's outbox sweep."""
    while True:
        due = db.rows(
            "SELECT id FROM games_notification WHERE game_id = %s AND state = "
            "'pending' AND next_attempt_at <= now()",
            game_id,
        )
        over = db.rows(
            "SELECT id FROM games_notification WHERE game_id = %s AND kind = "
            "'game_over' AND state = 'sent'",
            game_id,
        )
        if not due and len(over) == 2:
            return []
        if time.monotonic() > deadline:
            return due
        time.sleep(0.5)


def test_two_nodes_two_workers_one_killed_every_move_push_and_email_once(browser):
    started = time.monotonic()
    module = load_cluster_module()
    cluster = module.Cluster(web=2, workers=2, log_level="INFO")
    with cluster:
        ready = time.monotonic() - started
        pushes = Pushes(cluster.redis_url)
        db = Database(cluster.database_url)
        try:
            game_id, moves, killed, killed_at = play(browser, cluster, module, db)
            left = settle(db, game_id, time.monotonic() + SETTLE_SECONDS)
            pushes_seen = list(pushes.messages)
            check(cluster, db, game_id, moves, left, pushes_seen, killed_at)
            against_the_computer(browser, cluster, module, db)
        finally:
            pushes.stop()
            db.close()
            for context in list(browser.contexts):
                context.close()
    print(
        f"cluster ready in {ready:.0f} s; {moves} moves; worker {killed} killed; "
        f"{time.monotonic() - started:.0f} s in all"
    )


def play(browser, cluster, module, db: Database):
    base = cluster.url
    ana = log_in(browser, base, module.email_of("Ana"), module.PASSWORD)
    ben = log_in(browser, base, module.email_of("Ben"), module.PASSWORD)

    ana.goto(f"{base}/new/lost-cities/")
    ana.click("form.stacked button[type=submit]")
    ana.wait_for_selector("#board[data-status=open]")
    game_id = int(ana.locator("#board").get_attribute("data-game"))
    ben.goto(f"{base}/games/{game_id}/")
    ben.click(f"form[action='/games/{game_id}/join'] button[type=submit]")
    ben.wait_for_selector("#board[data-status=active]")
    ana.reload()
    ana.wait_for_selector("#board[data-status=active]")

    seats = dict(
        db.rows(
            "SELECT s.position, u.email FROM games_seat s JOIN accounts_user u "
            "ON u.id = s.user_id WHERE s.game_id = %s",
            game_id,
        )
    )
    pages = {p: ana if e.startswith("ana") else ben for p, e in seats.items()}

    moves, killed, killed_at = 0, None, None
    while True:
        version, status, state = db.game(game_id)
        if status != "active":
            break
        assert version == moves
        page = pages[state["current"]]
        if page.locator(f"#board[data-version='{version}']").count() == 0:
            page.reload()
        wanted = json.dumps(choose(page), sort_keys=True, separators=(",", ":"))
        page.click(f"#board button[data-move='{wanted}']")
        page.wait_for_selector(f"#board[data-version='{version + 1}']")
        moves += 1
        if moves == KILL_AT_MOVE:
            quiet(db, cluster.redis_url)
            killed = cluster.kill_worker(0)
            killed_at = db.rows("SELECT now()")[0][0]
    # The other player's page follows without a reload (poll or push).
    other = ben if page is ana else ana
    other.wait_for_selector(f"#board[data-version='{moves}']", timeout=10_000)
    assert killed is not None
    return game_id, moves, killed, killed_at


def check(cluster, db, game_id, moves, left, pushes_seen, killed_at):
    # The nodes took turns: each answered every other request, moves included.
    served = list(cluster.proxy.served)
    assert [s.node for s in served] == [i % 2 for i in range(len(served))]
    posted = [s for s in served if s.method == "POST" and s.path.endswith("/move")]
    assert len(posted) == moves
    assert {s.node for s in posted} == {0, 1}
    assert all(s.status == 200 for s in posted), [s for s in posted if s.status != 200]
    # (A request still waiting for its answer, such as a page's fetch after the
    # last push, is not one.)
    errors = [s for s in served if s.status >= 500 or (s.done and not s.status)]
    assert not errors, errors
    assert cluster.procs["worker0"].poll() is not None  # killed
    assert cluster.procs["worker1"].poll() is None  # still working

    # Every move once in the move log.
    version, status, _state = db.game(game_id)
    assert status == "finished"
    seqs = [
        seq
        for (seq,) in db.rows(
            "SELECT seq FROM games_move WHERE game_id = %s ORDER BY seq", game_id
        )
    ]
    assert seqs == list(range(1, moves + 1))
    assert version == moves

    # Every email once: each sent row of the outbox is one message in the
    # files, none is due and unsent, and both players heard of the end.
    assert not left, f"emails due and never sent: {left}"
    sent = collections.Counter(
        address
        for (address,) in db.rows(
            "SELECT u.email FROM games_notification n JOIN accounts_user u "
            "ON u.id = n.user_id WHERE n.state = 'sent'"
        )
    )
    written = collections.Counter(m["To"] for m in emails_in(cluster.mail_dir))
    assert written == sent
    over = [
        m
        for m in emails_in(cluster.mail_dir)
        if f"#{game_id}" in m["Subject"] and "Your turn" not in m["Subject"]
    ]
    players = db.rows(
        "SELECT u.email FROM games_seat s JOIN accounts_user u "
        "ON u.id = s.user_id WHERE s.game_id = %s ORDER BY u.email",
        game_id,
    )
    assert sorted(m["To"] for m in over) == [e for (e,) in players]
    # The other worker went on: the emails after the kill are its own.
    ((after_kill,),) = db.rows(
        "SELECT count(*) FROM games_notification WHERE state = 'sent' AND sent_at > %s",
        killed_at,
    )
    assert after_kill >= 2

    kinds = db.rows(
        "SELECT kind, state, count(*) FROM games_notification GROUP BY kind, state"
    )
    print(
        f"\n{len(served)} requests ({len(posted)} moves) alternating over 2 nodes; "
        f"{sum(written.values())} emails; outbox rows {sorted(kinds)}"
    )

    # Every version change pushed once (games/push.py's contract).
    if importlib.util.find_spec("games.push") is None:
        pytest.skip("games/push.py is not there yet: the pushes were not checked")
    published = collections.Counter(
        int(data) for channel, data in pushes_seen if channel == f"push:game:{game_id}"
    )
    # Each move's version once (the table's start and joins, version 0, change
    # no version: the contract says nothing of how often they are told).
    moved = {v: n for v, n in published.items() if v >= 1}
    assert moved == dict.fromkeys(range(1, moves + 1), 1), published


COMPUTER_TURNS = 8  # the person's moves; the computer answers each in between


def against_the_computer(browser, cluster, module, db: Database) -> None:
    """Ben opens a Lost Cities table, fills the other seat with a computer
    player and plays: each time it is the computer's turn, the worker (the one
    left, consuming every queue as compose.yaml's command does) plays it."""
    base = cluster.url
    ben = log_in(browser, base, module.email_of("Ben"), module.PASSWORD)
    ((ben_id,),) = db.rows(
        "SELECT id FROM accounts_user WHERE email = %s", module.email_of("Ben")
    )
    ben.goto(f"{base}/new/lost-cities/")
    ben.click("form.stacked button[type=submit]")
    ben.wait_for_selector("#board[data-status=open]")
    game_id = int(ben.locator("#board").get_attribute("data-game"))
    ben.click("form.add-bot button[type=submit]")
    ben.wait_for_selector("#board[data-status=active]")
    ((mine,),) = db.rows(
        "SELECT position FROM games_seat WHERE game_id = %s AND user_id = %s",
        game_id,
        ben_id,
    )
    played = 0
    while played < COMPUTER_TURNS:
        deadline = time.monotonic() + 60
        while True:
            version, status, state = db.game(game_id)
            if status != "active" or state["current"] == mine:
                break
            assert time.monotonic() < deadline, "the computer never played"
            time.sleep(0.2)
        if status != "active":
            break
        ben.goto(f"{base}/games/{game_id}/")
        ben.wait_for_selector(f"#board[data-version='{version}']")
        wanted = json.dumps(choose(ben), sort_keys=True, separators=(",", ":"))
        ben.click(f"#board button[data-move='{wanted}']")
        ben.wait_for_selector(f"#board[data-version='{version + 1}']")
        played += 1
    ((by_computer,),) = db.rows(
        "SELECT count(*) FROM games_move m JOIN games_seat s ON s.game_id = m.game_id "
        "AND s.position = m.seat WHERE m.game_id = %s AND s.user_id IS NULL",
        game_id,
    )
    assert played == COMPUTER_TURNS
    assert by_computer >= COMPUTER_TURNS // 2, by_computer
    print(f"against the computer: {played} moves, the computer's {by_computer}")
