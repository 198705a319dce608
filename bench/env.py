"""The bench's own world: environment, a throwaway PostgreSQL database, users, games.

`configure()` must run before Django is set up: the site reads its settings from the
environment (config/settings.py). Everything created here is removed by `teardown()`,
which __main__ calls in a `finally` (and on SIGTERM/SIGINT).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import string
import tempfile
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent


def bench_game() -> str:
    """The slug of the game the move benchmarks play: BENCH_GAME (`python -m
    bench --game`), or the lobby's first."""
    from games import registry

    return os.environ.get("BENCH_GAME") or registry.GAMES[0].slug


PG_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")
CELERY_KEYS = (
    "celery",
    "_kombu.binding.celery",
    "_kombu.binding.celery.pidbox",
    "_kombu.binding.celeryev",
    "_kombu.binding_permanent.celery",
    "unacked",
    "unacked_index",
    "unacked_mutex",
)


class World:
    """What one run created: the database name and a scratch folder."""

    def __init__(self):
        self.db_name = f"bench_{os.getpid()}"
        self.tmp = Path(tempfile.mkdtemp(prefix="bench-"))
        self.db_created = False
        self.django_ready = False

    @property
    def database_url(self) -> str:
        return f"{PG_URL}/{self.db_name}"

    def environ(self) -> dict:
        """The production-like environment for the site (in-process and gunicorn)."""
        return {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": self.database_url,
            "DEBUG": "false",
            "SECRET_KEY": "bench-" + secrets.token_urlsafe(40),
            "ALLOWED_HOSTS": "127.0.0.1",
            # Plain http on 127.0.0.1: no redirect to https. The session and CSRF
            # cookies keep their Secure flag; the load client sends them itself.
            "SECURE_SSL_REDIRECT": "false",
            "SECURE_HSTS_SECONDS": "0",
            "VAR_DIR": str(self.tmp),  # mail and static files go here
            # Celery on Redis as in production, in a database of its own; nothing
            # consumes the queued tasks, whose keys teardown() deletes.
            "CELERY_BROKER_URL": REDIS_URL,
            # The cache (sessions, presence marks) on Redis too, as in production
            # (README), under this run's own prefix, which teardown() deletes.
            "CACHE_URL": REDIS_URL,
            "CACHE_KEY_PREFIX": self.db_name,
            "CONN_MAX_AGE": "60",
            "LOG_LEVEL": "WARNING",
        }


def _admin():
    import psycopg

    return psycopg.connect(f"{PG_URL}/postgres", autocommit=True)


def configure(world: World) -> None:
    """Environment, database, migrations, static files; then Django is ready."""
    env = world.environ()
    os.environ.update(env)
    world.secret_key = env["SECRET_KEY"]
    for sub in ("mail", "broker", "static"):
        (world.tmp / sub).mkdir(parents=True, exist_ok=True)
    with _admin() as conn:
        conn.execute(f'CREATE DATABASE "{world.db_name}"')
    world.db_created = True
    import django

    django.setup()
    world.django_ready = True
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    with _cursor() as cur:
        cur.execute(
            "CREATE TABLE bench_counter (id integer PRIMARY KEY, n bigint NOT NULL)"
        )
        cur.execute(
            "INSERT INTO bench_counter SELECT g, 0 FROM generate_series(0, 999) g"
        )


def _cursor():
    from django.db import connection

    return connection.cursor()


def teardown(world: World) -> None:
    """Drops the database (even with connections open) and the scratch folder."""
    if world.django_ready:
        # Cleaning up whatever state we are in.
        with contextlib.suppress(Exception):
            from django.db import connections

            connections.close_all()
    if world.db_created:
        with _admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{world.db_name}" WITH (FORCE)')
        world.db_created = False
    with contextlib.suppress(Exception):  # Redis down: nothing was queued there
        import redis

        client = redis.Redis.from_url(REDIS_URL)
        client.delete(*CELERY_KEYS)
        for key in client.scan_iter(f"{world.db_name}:*"):
            client.delete(key)
    shutil.rmtree(world.tmp, ignore_errors=True)


# --- fixtures ---------------------------------------------------------------------------

_ALNUM = string.ascii_letters + string.digits


def csrf_secret() -> str:
    return "".join(secrets.choice(_ALNUM) for _ in range(32))


def make_users(n: int, prefix: str) -> list:
    from django.contrib.auth.hashers import make_password

    from accounts.models import User

    users = [
        User(
            email=f"{prefix}{i}@bench.invalid",
            display_name=f"{prefix}{i}",
            password=make_password(None),
        )
        for i in range(n)
    ]
    return User.objects.bulk_create(users)


def login_headers(user) -> dict:
    """Headers of a signed-in browser: the session and CSRF cookies and the token."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    token = csrf_secret()
    return {
        "Cookie": f"sessionid={session.session_key}; csrftoken={token}",
        "X-CSRFToken": token,
    }


def make_active_games(slug: str, seatings: list[list], *, seed: int = 1) -> list:
    """Active games of `slug`, one per list of users (seat order), started as
    services.game_start would: state from setup, to_move flags from the engine."""
    from django.utils import timezone

    from games import engines
    from games.models import Game, Seat

    engine = engines.get(slug)
    now = timezone.now()
    games = []
    for index, users in enumerate(seatings):
        n = len(users)
        options = engine.validate_options(n, engine.default_options(n))
        games.append(
            Game(
                engine=slug,
                num_players=n,
                options=options,
                seed=seed + index,
                status=Game.Status.ACTIVE,
                state=engine.setup(n, options, seed + index),
                created_by=users[0],
                started_at=now,
            )
        )
    games = Game.objects.bulk_create(games, batch_size=500)
    seats = []
    for game, users in zip(games, seatings, strict=True):
        to_move = set(engine.to_move(game.state))
        seats += [
            Seat(game=game, position=p, user=u, to_move=p in to_move)
            for p, u in enumerate(users)
        ]
    Seat.objects.bulk_create(seats, batch_size=1000)
    return games
