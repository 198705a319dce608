"""Backups: `pg_dump` of a database with games in progress, restored with
`pg_restore` into another, gives the same games and move logs, and the site
loads and plays them there (the commands of docs/deploy.md)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from live_games import live_game_of_each_engine

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql" or not shutil.which("pg_restore"),
        reason="needs PostgreSQL (DATABASE_URL) and its pg_dump/pg_restore",
    ),
    pytest.mark.django_db(transaction=True),
]

CHECK = """
import json
from games import engines
from games.models import Game
found = {}
for game in Game.objects.order_by("pk"):
    engine = engines.get(game.engine)
    seat = engine.to_move(game.state)[0]
    found[game.pk] = [game.engine, game.version, len(engine.legal_moves(game.state, seat))]
print(json.dumps(found))
"""


def pg_env(settings_dict) -> dict:
    env = dict(os.environ)
    env.update(
        PGHOST=settings_dict["HOST"] or "127.0.0.1",
        PGPORT=str(settings_dict["PORT"] or 5432),
        PGUSER=settings_dict["USER"] or "postgres",
    )
    if settings_dict.get("PASSWORD"):
        env["PGPASSWORD"] = settings_dict["PASSWORD"]
    return env


def rows(database: str, env: dict, sql: str) -> str:
    return subprocess.run(
        ["psql", "-X", "-A", "-t", "-d", database, "-c", sql],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def test_a_dump_restored_into_another_database_holds_the_same_playable_games(
    ana, ben, tmp_path
):
    import json

    games = live_game_of_each_engine(ana, ben)
    source = connection.settings_dict
    env = pg_env(source)
    dump = tmp_path / "tables.dump"
    subprocess.run(
        ["pg_dump", "--format=custom", "--no-owner", "-f", str(dump), source["NAME"]],
        env=env,
        check=True,
    )
    restored = f"restore_{os.getpid()}"
    subprocess.run(["createdb", restored], env=env, check=True)
    try:
        subprocess.run(
            ["pg_restore", "--no-owner", "--exit-on-error", "-d", restored, str(dump)],
            env=env,
            check=True,
        )
        for sql in (
            "SELECT id, version, status, state::text FROM games_game ORDER BY id",
            "SELECT game_id, seq, seat, move::text FROM games_move ORDER BY 1, 2",
            "SELECT id, email FROM accounts_user ORDER BY id",
        ):
            assert rows(restored, env, sql) == rows(source["NAME"], env, sql)
        site = {
            **env,
            "DJANGO_SETTINGS_MODULE": "tests.settings",  # its games: the example too
            "DATABASE_URL": (
                f"postgres://{env['PGUSER']}@{env['PGHOST']}:{env['PGPORT']}/{restored}"
            ),
            "VAR_DIR": str(tmp_path),
        }
        # Every migration is applied there, and each game loads and has moves.
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--check"],
            cwd=ROOT,
            env=site,
            check=True,
            capture_output=True,
        )
        out = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", CHECK],
            cwd=ROOT,
            env=site,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        loaded = json.loads(out.strip().splitlines()[-1])
        assert {int(k): v[:2] for k, v in loaded.items()} == {
            g.pk: [g.engine, g.version] for g in games
        }
        assert all(v[2] > 0 for v in loaded.values())
    finally:
        subprocess.run(
            ["dropdb", "--force", "--if-exists", restored], env=env, check=True
        )
