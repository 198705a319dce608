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


def once(who) -> dict:
    """The one-time token of a form that makes something (games/services/once.py),
    as the page would give it to `who` (a user, or a test client signed in or
    not): posted with the form's other fields."""
    from django.contrib.auth import SESSION_KEY, get_user_model

    from games.services import once as sent_once

    if not hasattr(who, "pk"):  # a client: its signed-in person, if any
        pk = who.session.get(SESSION_KEY)
        if pk is None:
            return {sent_once.FIELD: ""}
        who = get_user_model().objects.get(pk=pk)
    return {sent_once.FIELD: sent_once.mint(who)}
