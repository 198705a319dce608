"""Citadels tables for the page tests: people, a started table, a state the
computer players reach (tests/games is on the import path, as page_helpers)."""

import random

from games import engines, services
from games.bots import choose_move
from games.models import Game

ENGINE = engines.get("citadels")


def people(*names, language="en"):
    """Users without a password (hashing one is slow): tests log in directly."""
    from accounts.models import User

    return [
        User.objects.create_user(
            email=f"{name.lower()}@example.com",
            password=None,
            display_name=name,
            language=language,
        )
        for name in names
    ]


def start(users, options=None) -> Game:
    """A started table: users[i] at seat i."""
    game = services.game_create(
        creator=users[0],
        engine_slug="citadels",
        num_players=len(users),
        options=options or {},
    )
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game


def find_state(num_players: int, until, options=None) -> dict:
    """A reachable state where `until` holds: a random draft, then the computer
    player's moves, seed after seed."""
    opts = ENGINE.validate_options(num_players, options or {})
    for seed in range(80):
        state = ENGINE.setup(num_players, opts, seed)
        for k in range(3000):
            if until(state):
                return state
            if ENGINE.is_over(state):
                break
            seat = ENGINE.to_move(state)[0]
            if state["phase"] == "draft":
                legal = ENGINE.legal_moves(state, seat)
                move = random.Random(f"{seed}:{k}").choice(legal)
            else:
                move = choose_move(ENGINE, state, seat, seed=k)
            state = ENGINE.apply(state, seat, move)
    raise AssertionError("no seed reaches that state")


def assert_each_priced_control(body: str, state: dict, seat: int, users, kind: str):
    """Every `kind` control ("destroy", "seize") on the page names the district,
    its owner and the engine's price (`prices.move_cost`, what `apply` takes):
    "Destroy the Manor of Ben (3 gold)", "Destroy your own Manor (3 gold)" in
    the viewer's own city. Returns how many were checked."""
    from page_helpers import data_moves

    from games.citadels.engine.prices import move_cost

    view = engines.get("citadels").view(state, seat)
    checked = 0
    for move in (m for m in data_moves(body) if m["type"] == kind):
        name = next(
            d["name"]
            for d in view["players"][move["seat"]]["city"]
            if d["id"] == move["district"]
        )
        price = move_cost(state, seat, move)
        owner = users[move["seat"]].display_name
        if move["seat"] == seat:  # in the power's own panel, named as his
            assert f"{kind.capitalize()} your own {name} ({price} gold)" in body
        else:
            assert f"{kind.capitalize()} the {name} of {owner} ({price} gold)" in body
        checked += 1
    return checked
