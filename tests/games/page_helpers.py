"""Helpers shared by the game-page tests: a logged-in client, a move POST, and the
moves a page offers (its `data-move` attributes)."""

import html
import json
import re

from django.test import Client
from django.urls import reverse


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post_move(client, game, move, version=None, htmx=True):
    """POSTs a move as the page's form does, with the version the player saw."""
    return client.post(
        reverse("games:move", args=[game.pk]),
        {
            "move": json.dumps(move),
            "version": game.version if version is None else version,
        },
        headers={"HX-Request": "true"} if htmx else {},
    )


def data_moves(body: str) -> list[dict]:
    """The moves a page offers, from its controls' `data-move` attributes."""
    return [
        json.loads(html.unescape(m)) for m in re.findall(r'data-move="([^"]+)"', body)
    ]


def play_to_the_end(game, users: dict):
    """Plays a Lost Cities game to its end through the move service (users:
    seat -> user), discarding whenever it can; returns the game, refreshed."""
    from games import engines, services
    from games.models import Game

    engine = engines.get("lost-cities")
    while game.status == Game.Status.ACTIVE:
        position = engine.to_move(game.state)[0]
        legal = engine.legal_moves(game.state, position)
        move = next((m for m in legal if m["type"] == "discard"), legal[0])
        services.move_submit(
            game_id=game.pk,
            user=users[position],
            move=move,
            expected_version=game.version,
        )
        game.refresh_from_db()
    return game
