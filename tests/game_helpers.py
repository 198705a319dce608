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
