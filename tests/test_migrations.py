"""The migrations match the models, and carry the storage settings they promise."""

import pytest
from django.core.management import call_command
from django.db import connection


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
