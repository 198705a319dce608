"""A live game of every registered game: started from its "new table" form
with the form's defaults, two people seated, a few moves played. The fixture
of the upgrade and backup tests (tests/test_migrations.py, tests/ops/)."""

from __future__ import annotations

import random

from games import engines, registry, services
from games.models import Game


def play_some(game: Game, moves: int, rng: random.Random) -> Game:
    engine = engines.get(game.engine)
    for _ in range(moves):
        game.refresh_from_db()
        if game.is_over:
            break
        position = engine.to_move(game.state)[0]
        user = game.seats.get(position=position).user
        move = rng.choice(engine.legal_moves(game.state, position))
        services.move_submit(
            game_id=game.pk, user=user, move=move, expected_version=game.version
        )
    game.refresh_from_db()
    return game


def live_game_of_each_engine(creator, joiner, *, moves=6, seed=1) -> list[Game]:
    rng = random.Random(seed)
    games = []
    for spec in registry.GAMES:
        form = spec.form(spec.form_defaults())
        assert form.is_valid(), (spec.slug, form.errors)
        game = services.game_create(
            creator=creator,
            engine_slug=spec.slug,
            num_players=form.num_players(),
            options=form.options(),
            **form.table_settings(),
        )
        services.seat_join(game_id=game.pk, user=joiner)
        games.append(play_some(game, moves, rng))
    assert all(g.status == Game.Status.ACTIVE and g.version > 0 for g in games)
    return games


def a_legal_move_is_played(game: Game, seed: int = 2) -> Game:
    """The game goes on: one more legal move is accepted."""
    before = game.version
    after = play_some(game, 1, random.Random(seed))
    assert after.version == before + 1
    return after
