import random

import pytest

from games import engines, services
from games.models import Game


@pytest.fixture
def play(make_user):
    """play(slug, players=N, moves=None, seed=S, users=[...]) -> Game.

    Seats people at a new table and plays random legal moves through the move
    service until the game ends (or after `moves` moves)."""

    def run(slug, *, players=None, moves=None, seed=7, users=None, **create):
        engine = engines.get(slug)
        players = players or engine.min_players
        users = users or [make_user() for _ in range(players)]
        game = services.game_create(
            creator=users[0],
            engine_slug=slug,
            num_players=players,
            options=create.pop("options", {}),
            **create,
        )
        Game.objects.filter(pk=game.pk).update(seed=seed)
        for user in users[1:]:
            services.seat_join(game_id=game.pk, user=user)
        game.refresh_from_db()
        by_seat = {s.position: s.user for s in game.seats.all()}
        chooser = random.Random(seed)
        played = 0
        while not engine.is_over(game.state) and (moves is None or played < moves):
            seat = chooser.choice(engine.to_move(game.state))
            move = chooser.choice(engine.legal_moves(game.state, seat))
            game = services.move_submit(
                game_id=game.pk,
                user=by_seat[seat],
                move=move,
                expected_version=game.version,
            ).game
            played += 1
        game.refresh_from_db()
        return game

    return run
