"""The header's count of games waiting for you follows a move without a reload:
every board htmx swaps in carries the fresh count, swapped out of band."""

import re

import pytest
from django.urls import reverse
from page_helpers import login, post_move

from games import engines, services

pytestmark = pytest.mark.django_db

OOB = re.compile(
    r'<span id="waiting-count" hx-swap-oob="true">(?:<span class="badge"[^>]*'
    r'data-waiting="(\d+)")?'
)


def test_the_page_header_holds_the_count_htmx_replaces(lost_cities_game):
    game = lost_cities_game
    mover = game.seats.get(position=game.state["current"]).user
    page = login(mover).get(reverse("games:my_games")).content.decode()
    assert re.search(r'<span id="waiting-count">.*data-waiting="1"', page)


def test_a_move_answers_with_the_new_count(lost_cities_game):
    game = lost_cities_game
    seat = game.state["current"]
    client = login(game.seats.get(position=seat).user)
    engine = engines.get("lost-cities")
    # Two moves make a turn: a card played, then one drawn.
    for _turn in range(2):
        move = engine.legal_moves(game.state, seat)[0]
        response = post_move(client, game, move)
        assert response.status_code == 200
        game.refresh_from_db()
    match = OOB.search(response.content.decode())
    assert match and match.group(1) is None  # nothing waits any more: no badge


def test_the_poll_brings_the_count_when_the_opponent_moved(lost_cities_game):
    game = lost_cities_game
    seat = game.state["current"]
    users = {s.position: s.user for s in game.seats.all()}
    waiting = login(users[1 - seat])
    version = game.version
    engine = engines.get("lost-cities")
    for _turn in range(2):
        services.move_submit(
            game_id=game.pk,
            user=users[seat],
            move=engine.legal_moves(game.state, seat)[0],
            expected_version=game.version,
        )
        game.refresh_from_db()
    response = waiting.get(
        reverse("games:poll", args=[game.pk]) + f"?version={version}",
        headers={"HX-Request": "true"},
    )
    assert OOB.search(response.content.decode()).group(1) == "1"


def test_a_guest_gets_no_count(lost_cities_game, client):
    response = client.get(
        reverse("games:poll", args=[lost_cities_game.pk]) + "?version=-1",
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert "waiting-count" not in response.content.decode()
