"""The migrations match the models, carry the storage settings they promise,
and upgrade a database with games in progress."""

import hashlib
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from live_games import a_legal_move_is_played, live_game_of_each_engine

from games.models import Game, Move


@pytest.mark.django_db
def test_the_migrations_match_the_models():
    """A model change without its migration would reach production unapplied."""
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


@pytest.mark.django_db
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="table storage parameters are PostgreSQL's (CI sets DATABASE_URL)",
)
def test_game_rows_leave_room_for_their_next_version():
    """games_game keeps half of each page free, so that the update of a game at
    each move can stay on its page and write no index entry (0006)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = 'games_game'")
        (options,) = cursor.fetchone()
    assert "fillfactor=50" in options


@pytest.mark.django_db
def test_no_index_repeats_the_lead_of_another():
    """An index whose columns begin another index (or unique constraint) of
    the same table is only one more write per row change (0006)."""
    tables = ["games_game", "games_seat", "games_move"]
    with connection.cursor() as cursor:
        for table in tables:
            constraints = connection.introspection.get_constraints(cursor, table)
            columns = [
                tuple(c["columns"])
                for c in constraints.values()
                if c["index"] or c["unique"]
            ]
            for cols in columns:
                longer = [
                    o for o in columns if len(o) > len(cols) and o[: len(cols)] == cols
                ]
                assert not longer, (table, cols, longer)


def fingerprint(games) -> dict:
    """Each game's version, status and state, and its move log."""
    found = {}
    for game in Game.objects.filter(pk__in=[g.pk for g in games]):
        moves = list(
            Move.objects.filter(game=game).order_by("seq").values_list("seq", "move")
        )
        text = json.dumps([game.state, moves], sort_keys=True)
        found[game.pk] = (game.version, game.status, hashlib.sha256(text.encode()))
    return {k: (v, s, h.hexdigest()) for k, (v, s, h) in found.items()}


PROJECT_APPS = ("accounts", "games", "campaigns", "history")


@pytest.mark.django_db(transaction=True)
def test_an_upgrade_keeps_games_in_progress_of_every_engine_playable(ana, ben, client):
    """A live game of each engine; every project app migrated back to its
    first migration (what an older release had), then forward again, as an
    upgrade applies them: each game keeps its state and move log, its page
    opens and it takes its next move."""
    games = live_game_of_each_engine(ana, ben)
    before = fingerprint(games)
    loader = MigrationLoader(connection)
    latest = {
        app: max(name for a, name in loader.graph.leaf_nodes() if a == app)
        for app in PROJECT_APPS
    }
    try:
        for app in PROJECT_APPS:
            call_command("migrate", app, "0001", verbosity=0)
    finally:
        call_command("migrate", verbosity=0)  # forward: the upgrade
    applied = MigrationLoader(connection).applied_migrations
    assert all((app, name) in applied for app, name in latest.items())
    assert fingerprint(games) == before
    client.force_login(ana)
    for game in games:
        assert client.get(f"/games/{game.pk}/").status_code == 200, game.engine
        a_legal_move_is_played(game)


@pytest.mark.django_db(transaction=True)
def test_the_old_simple_computer_players_become_normal():
    """0008 (games) and 0004 (campaigns): the one level computer players had,
    "simple", is the normal level now."""
    from django.db.migrations.executor import MigrationExecutor

    before = [
        ("games", "0007_cancelled_table"),
        ("campaigns", "0003_carries_with_continuity"),
    ]
    after = [("games", "0008_bot_levels"), ("campaigns", "0004_bot_levels")]
    executor = MigrationExecutor(connection)
    before += executor.loader.graph.leaf_nodes("accounts")
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    user = apps.get_model("accounts", "User").objects.create(
        email="old@example.com", display_name="Old"
    )
    game = apps.get_model("games", "Game").objects.create(
        engine="lost-cities", num_players=2, options={}, created_by=user
    )
    apps.get_model("games", "Seat").objects.create(
        game=game, position=1, bot_level="simple"
    )
    campaign = apps.get_model("campaigns", "Campaign").objects.create(
        name="Old", num_players=2, created_by=user
    )
    apps.get_model("campaigns", "CampaignPlayer").objects.create(
        campaign=campaign, position=1, bot_level="simple"
    )
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    apps = executor.loader.project_state(after).apps
    seat = apps.get_model("games", "Seat").objects.get(game_id=game.pk)
    player = apps.get_model("campaigns", "CampaignPlayer").objects.get(
        campaign_id=campaign.pk
    )
    assert (seat.bot_level, player.bot_level) == ("normal", "normal")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
