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
