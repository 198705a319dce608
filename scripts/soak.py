"""Two people play over HTTP against the site as `make run` starts it; counts answers.

    python scripts/soak.py [--moves 1000] [--tables 3] [--keep]

In a fresh temporary VAR_DIR, with the embedded defaults (SQLite, the filesystem
Celery broker, emails to files and the console; any DATABASE_URL, CELERY_BROKER_URL,
EMAIL_URL or CACHE_URL of the environment is left out): migrate and collectstatic,
then `manage.py runserver` (without its autoreloader) and `celery -A config worker
-B --pool=solo` as `make run` does. Two people (made with the ORM, their addresses
confirmed) log in through the log-in form and play: tables opened through the "new table" form with its default
choices (the lobby's first game every other table, then each other game in turn),
joined through the join button; each person polls their tables as the game page
does, posts moves as htmx does and now and then loads a whole page. A move is drawn
at random from the engine's legal moves for the state in the database.

Prints the count of answers by endpoint and status, the moves made, the tables
finished, the worker's and the web server's console lines, and the count of 5xx;
exits 1 on any 5xx, any failed connection, or fewer moves than asked.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import re
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

from embedded_site import BASE_DIR, LEFT_OUT, Site  # scripts/, beside this file


def rotation() -> list[str]:
    """The games' slugs in the order the tables open them: the lobby's first
    game every other table, then each other game in turn."""
    from games import registry

    first, *others = [spec.slug for spec in registry.GAMES]
    return [slug for other in others for slug in (first, other)] or [first]


PASSWORD = "a long enough password for the soak"
# The lines a quiet console leaves out: runserver's per request, Celery's per task.
CHATTER = re.compile(r'" \d{3} \d+$|Task [\w.]+\[[\w-]+\] (received|succeeded)')


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.statuses: collections.Counter = collections.Counter()
        self.moves = 0
        self.finished: collections.Counter = collections.Counter()
        self.failures: list[str] = []

    def count(self, kind: str, status) -> None:
        with self.lock:
            self.statuses[(kind, status)] += 1

    @property
    def server_errors(self) -> int:
        return sum(
            n for (_, s), n in self.statuses.items() if isinstance(s, int) and s >= 500
        )

    @property
    def connection_errors(self) -> int:
        return sum(n for (_, s), n in self.statuses.items() if not isinstance(s, int))


class Person:
    """One browser: its cookies, its CSRF token, the requests it sends."""

    def __init__(self, site: Site, user, tally: Tally):
        import httpx

        self.user = user
        self.tally = tally
        self.http = httpx.Client(base_url=site.url, timeout=60.0)

    def send(self, kind: str, method: str, path: str, **kwargs):
        import httpx

        headers = kwargs.pop("headers", {})
        token = self.http.cookies.get("csrftoken")
        if method == "POST" and token:
            headers["X-CSRFToken"] = token
        try:
            response = self.http.request(method, path, headers=headers, **kwargs)
        except httpx.HTTPError as exc:
            self.tally.count(kind, type(exc).__name__)
            return None
        self.tally.count(kind, response.status_code)
        if response.status_code >= 500:
            with self.tally.lock:
                self.tally.failures.append(f"{method} {path} -> {response.status_code}")
        return response

    def log_in(self) -> None:
        self.send("login page", "GET", "/accounts/login/")
        response = self.send(
            "login",
            "POST",
            "/accounts/login/",
            data={"login": self.user.email, "password": PASSWORD},
        )
        if response is None or response.status_code != 302:
            raise RuntimeError(f"{self.user.email} could not log in")


class Tables:
    """The tables being played; a finished one is replaced by the next game's."""

    def __init__(self, people: list[Person], count: int):
        self.people = people
        self.count = count
        self.lock = threading.Lock()
        self.active: list[int] = []
        self.next = 0

    def open_one(self) -> None:
        from games import registry

        creator, guest = self.people
        games = rotation()
        slug = games[self.next % len(games)]
        self.next += 1
        # The form first, as a browser: its one-time token goes with the post.
        page = creator.send("new page", "GET", f"/new/{slug}/")
        found = re.search(r'name="once" value="([^"]+)"', page.text if page else "")
        data = {**registry.get(slug).form_defaults(), "once": found and found[1]}
        response = creator.send("new", "POST", f"/new/{slug}/", data=data)
        if response is None or response.status_code != 302:
            raise RuntimeError(f"could not open a {slug} table")
        game_id = int(response.headers["location"].rstrip("/").rsplit("/", 1)[1])
        creator.send("page", "GET", f"/games/{game_id}/")
        guest.send("join", "POST", f"/games/{game_id}/join")
        self.active.append(game_id)

    def fill(self) -> None:
        with self.lock:
            while len(self.active) < self.count:
                self.open_one()

    def close(self, game_id: int, slug: str, tally: Tally) -> None:
        with self.lock:
            if game_id in self.active:
                self.active.remove(game_id)
                with tally.lock:
                    tally.finished[slug] += 1
            while len(self.active) < self.count:
                self.open_one()


def play(person: Person, tables: Tables, tally: Tally, target: int, seed: int) -> None:
    """Polls each table as the page does; moves where it is this person's turn."""
    from django.db import connection

    from games import engines
    from games.models import Game

    rng = random.Random(seed)
    seen: dict[int, int] = {}
    last_moves, last_change = -1, time.monotonic()
    try:
        while tally.moves < target:
            moved = False
            for game_id in list(tables.active):
                version = seen.get(game_id, 0)
                person.send("poll", "GET", f"/games/{game_id}/poll?version={version}")
                game = Game.objects.prefetch_related("seats").get(pk=game_id)
                seen[game_id] = game.version
                if game.is_over:
                    person.send("page", "GET", f"/games/{game_id}/")
                    tables.close(game_id, game.engine, tally)
                    continue
                engine = engines.get(game.engine)
                mine = [
                    s.position for s in game.seats.all() if s.user_id == person.user.pk
                ]
                for seat in engine.to_move(game.state):
                    if seat not in mine or tally.moves >= target:
                        continue
                    move = rng.choice(engine.legal_moves(game.state, seat))
                    response = person.send(
                        "move",
                        "POST",
                        f"/games/{game_id}/move",
                        data={"move": json.dumps(move), "version": str(game.version)},
                        headers={"HX-Request": "true"},
                    )
                    if response is not None and response.status_code == 200:
                        with tally.lock:
                            tally.moves += 1
                        moved = True
                        if rng.random() < 0.1:
                            person.send("page", "GET", f"/games/{game_id}/")
                    break  # the state changed: read it again on the next pass
            if tally.moves != last_moves:
                last_moves, last_change = tally.moves, time.monotonic()
            elif time.monotonic() - last_change > 120:
                raise RuntimeError("no move for two minutes")
            if not moved:
                time.sleep(0.05)
    finally:
        connection.close()


def make_people() -> list:
    from allauth.account.models import EmailAddress

    from accounts.models import User

    people = []
    for name in ("Ana", "Ben"):
        user = User.objects.create_user(
            email=f"{name.lower()}@soak.invalid", password=PASSWORD, display_name=name
        )
        EmailAddress.objects.create(
            user=user, email=user.email, verified=True, primary=True
        )
        people.append(user)
    return people


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=3, help="tables played at once")
    parser.add_argument("--log-level", default="WARNING", help="LOG_LEVEL of the site")
    parser.add_argument("--keep", action="store_true", help="keep the VAR_DIR")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    var_dir = Path(tempfile.mkdtemp(prefix="soak-"))
    site = Site(var_dir, args.log_level)
    # Its two people open a table for each one finished, many more an hour
    # than the site lets one person (TABLES_PER_HOUR).
    site.env.setdefault("TABLES_PER_HOUR", "1000000")
    for key in LEFT_OUT:
        os.environ.pop(key, None)
    keys = ("DJANGO_SETTINGS_MODULE", "VAR_DIR", "LOG_LEVEL")
    os.environ.update({k: site.env[k] for k in keys})
    os.environ.pop("DEBUG", None)
    sys.path.insert(0, str(BASE_DIR))
    tally = Tally()
    started = time.monotonic()
    try:
        site.prepare()
        import django

        django.setup()
        users = make_people()
        site.start(args.log_level)
        site.wait_ready()
        print(f"soak: site on {site.url}, VAR_DIR {var_dir}", flush=True)
        people = [Person(site, user, tally) for user in users]
        for person in people:
            person.log_in()
        tables = Tables(people, args.tables)
        tables.fill()
        play_started = time.monotonic()
        errors = []

        def run(person, seed):
            try:
                play(person, tables, tally, args.moves, seed)
            except Exception as exc:  # noqa: BLE001 - reported below
                errors.append(f"{person.user.display_name}: {exc!r}")

        threads = [
            threading.Thread(target=run, args=(p, args.seed + i))
            for i, p in enumerate(people)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        played = time.monotonic() - play_started
    finally:
        site.stop()
    report(site, tally, played, time.monotonic() - started, errors)
    if not args.keep:
        shutil.rmtree(var_dir, ignore_errors=True)
    ok = not errors and not tally.server_errors and not tally.connection_errors
    return 0 if ok and tally.moves >= args.moves else 1


def report(site: Site, tally: Tally, played: float, total: float, errors) -> None:
    print(f"moves: {tally.moves} in {played:.0f} s of play ({total:.0f} s in all)")
    print(
        "tables finished: "
        + ", ".join(f"{k} {n}" for k, n in sorted(tally.finished.items()))
    )
    print("answers (endpoint, status, count):")
    for (kind, status), n in sorted(tally.statuses.items(), key=str):
        print(f"  {kind:<11} {status!s:<16} {n}")
    mails = sum(1 for _ in (site.var_dir / "mail").iterdir())
    print(f"mail files written: {mails}")
    for name, path in site.logs.items():
        lines = path.read_text(errors="replace").splitlines()
        chatter = sum(1 for line in lines if CHATTER.search(line))
        print(f"console lines of the {name}: {len(lines)} ({chatter} per request/task)")
        tracebacks = [i for i, line in enumerate(lines) if "Traceback" in line]
        for i in tracebacks[:3]:
            print("\n".join(lines[max(0, i - 2) : i + 30]))
    for failure in tally.failures[:20]:
        print("5xx: " + failure)
    for error in errors:
        print("error: " + error)
    print(f"5xx: {tally.server_errors}; failed connections: {tally.connection_errors}")


if __name__ == "__main__":
    sys.exit(main())
