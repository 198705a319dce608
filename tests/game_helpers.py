"""Helpers for tests in several folders (tests/ is on the import path through
its conftest.py)."""

from datetime import timedelta

from games import services
from games.models import Game


def timed_game(creator, joiner, *, days=3, policy=Game.TimeoutPolicy.BOT) -> Game:
    """An active Lost Cities game between two people, with a time per move."""
    game = services.game_create(
        creator=creator,
        engine_slug="lost-cities",
        num_players=2,
        options={},
        time_per_move=timedelta(days=days),
        timeout_policy=policy,
    )
    services.seat_join(game_id=game.pk, user=joiner)
    game.refresh_from_db()
    return game


def close_thread_connection() -> None:
    """Closes the database connection a test's own thread opened. Django keeps an
    in-memory SQLite connection open on `close()` (the test database would
    vanish with the last one); a thread's own connection to it is not the last,
    so it is closed here rather than left to the garbage collector (a
    ResourceWarning in whichever test runs then)."""
    from django.db import connection

    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        if connection.connection is not None:
            connection.connection.close()
            connection.connection = None
    else:
        connection.close()
