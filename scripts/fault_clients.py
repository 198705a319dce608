"""The people of scripts/faults.py: browsers over HTTP (timed answers), pairs
playing the faulted game (`fault_game`: FAULTS_GAME, else the lobby's first) at tables of their own, the watcher, and a listener of the
push events as an open page hears them.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
import time
from dataclasses import dataclass, field

from cluster import PASSWORD  # scripts/, beside this file
from fault_site import email_of


def fault_game() -> str:
    """The slug of the game the pairs play: FAULTS_GAME, else the lobby's first."""
    import os

    from games import registry

    return os.environ.get("FAULTS_GAME") or registry.GAMES[0].slug


# What the clients saw.
@dataclass
class Answer:
    phase: str
    who: str
    kind: str
    started: float
    ms: float
    status: int | str
    game_id: int = 0
    version: int = 0  # a move's version after it


@dataclass
class Record:
    lock: threading.Lock = field(default_factory=threading.Lock)
    answers: list[Answer] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    phase: str = "setup"

    def add(self, answer: Answer) -> None:
        with self.lock:
            self.answers.append(answer)


class Client:
    """One browser: cookies (kept by hand: the site sets them Secure, and the
    run is plain http), its CSRF token, timed requests."""

    def __init__(self, base: str, name: str, record: Record):
        import httpx

        self.name = name
        self.record = record
        self.http = httpx.Client(base_url=base, timeout=30.0)
        self.cookies: dict[str, str] = {}
        self.last: Answer | None = None

    def send(self, kind: str, method: str, path: str, game_id=0, **kwargs):
        import httpx

        headers = dict(kwargs.pop("headers", {}))
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "POST" and "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        self.http.cookies.clear()
        started = time.monotonic()
        try:
            response = self.http.request(method, path, headers=headers, **kwargs)
        except httpx.HTTPError as exc:
            status, response = type(exc).__name__, None
        else:
            status = response.status_code
            for key, value in response.cookies.items():
                self.cookies[key] = value
        ms = (time.monotonic() - started) * 1000
        self.last = Answer(
            self.record.phase, self.name, kind, started, ms, status, game_id
        )
        self.record.add(self.last)
        return response

    def log_in(self) -> None:
        self.send("login page", "GET", "/accounts/login/")
        data = {"login": email_of(self.name), "password": PASSWORD}
        response = self.send("login", "POST", "/accounts/login/", data=data)
        if response is None or response.status_code != 302:
            raise RuntimeError(f"{self.name} could not log in")

    def new_table(self) -> int:
        from games import registry

        slug = fault_game()
        page = self.send("new page", "GET", f"/new/{slug}/")
        found = re.search(r'name="once" value="([^"]+)"', page.text if page else "")
        data = {**registry.get(slug).form_defaults()}
        if found:
            data["once"] = found[1]
        response = self.send("new", "POST", f"/new/{slug}/", data=data)
        if response is None or response.status_code != 302:
            raise RuntimeError(f"{self.name} could not open a table")
        return int(response.headers["location"].rstrip("/").rsplit("/", 1)[1])


class Pair:
    """Two people at `tables` tables of their own; a finished table is
    replaced by a new one."""

    def __init__(self, a: Client, b: Client, tables: int):
        self.people = {a.name: a, b.name: b}
        self.a, self.b = a, b
        self.tables = tables
        self.active: list[int] = []
        self.lock = threading.Lock()
        self.finished = 0

    def fill(self) -> None:
        with self.lock:
            while len(self.active) < self.tables:
                try:
                    game_id = self.a.new_table()
                    join = self.b.send("join", "POST", f"/games/{game_id}/join")
                except RuntimeError:
                    return  # tried again on the next pass
                if join is not None and join.status_code in (200, 302):
                    self.active.append(game_id)

    def done(self, game_id: int) -> None:
        with self.lock:
            if game_id in self.active:
                self.active.remove(game_id)
                self.finished += 1


def play(pair: Pair, client: Client, stop: threading.Event, seed: int) -> None:
    """Moves where it is this person's turn, as the page's htmx posts them."""
    from django.db import connection

    try:
        moves(pair, client, stop, seed)
    except Exception as exc:  # noqa: BLE001 - reported with the phase
        client.record.errors.append(f"{client.name}: {exc!r}")
    finally:
        connection.close()


def moves(pair: Pair, client: Client, stop: threading.Event, seed: int) -> None:
    from games import engines
    from games.models import Game

    rng = random.Random(seed)  # noqa: S311 - moves, not secrets
    while not stop.is_set():
        pair.fill()
        moved = False
        for game_id in list(pair.active):
            game = Game.objects.prefetch_related("seats__user").get(pk=game_id)
            if game.is_over:
                pair.done(game_id)
                continue
            engine = engines.get(game.engine)
            mine = [
                s.position
                for s in game.seats.all()
                if s.user and s.user.display_name == client.name
            ]
            for seat in engine.to_move(game.state):
                if seat not in mine:
                    continue
                move = rng.choice(engine.legal_moves(game.state, seat))
                response = client.send(
                    "move",
                    "POST",
                    f"/games/{game_id}/move",
                    game_id=game_id,
                    data={"move": json.dumps(move), "version": str(game.version)},
                    headers={"HX-Request": "true"},
                )
                if response is not None and response.status_code == 200:
                    client.last.version = game.version + 1
                    moved = True
                break
        time.sleep(0.05 if moved else 0.1)


def watch(client: Client, table: int, stop: threading.Event) -> None:
    """The other people: pages and polls, a few a second."""
    paths = [
        ("lobby", "/"),
        ("my games", "/my/"),
        ("page", f"/games/{table}/"),
        ("poll", f"/games/{table}/poll?version=0"),
    ]
    i = 0
    while not stop.is_set():
        kind, path = paths[i % len(paths)]
        client.send(kind, "GET", path)
        i += 1
        time.sleep(0.2)


# Push events, as an open page would hear them.


class Listener:
    """Every message on push:game:* (the game's new version), reconnecting when
    the Redis goes away."""

    def __init__(self, url: str):
        self.url = url
        self.messages: list[tuple[int, int, float]] = []  # game, version, when
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def start(self) -> Listener:
        self.thread.start()
        return self

    def run(self) -> None:
        import redis

        while not self.stop_event.is_set():
            try:
                client = redis.Redis.from_url(
                    self.url, socket_timeout=2, socket_connect_timeout=1
                )
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.psubscribe("push:game:*")
                while not self.stop_event.is_set():
                    message = pubsub.get_message(timeout=0.5)
                    if message and message["type"] == "pmessage":
                        game_id = int(message["channel"].decode().rsplit(":", 1)[1])
                        with contextlib.suppress(ValueError):
                            self.messages.append(
                                (game_id, int(message["data"]), time.monotonic())
                            )
            except (redis.RedisError, OSError):
                time.sleep(0.3)

    def stop(self) -> None:
        self.stop_event.set()
        self.thread.join(5)
