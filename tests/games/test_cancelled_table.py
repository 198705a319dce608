"""A table its creator cancelled: its players find a page that says so and
leads on (410), on the game's page and in the page's poll; to anyone else the
game does not exist (404)."""

import pytest
from django.urls import reverse
from page_helpers import login

from games import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def cancelled(ana, ben):
    game = services.game_create(
        creator=ana, engine_slug="citadels", num_players=4, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    response = login(ana).post(reverse("games:leave", args=[game.pk]))
    assert response.status_code == 302
    return game


def test_a_player_of_a_cancelled_table_is_told_so_with_links_onward(cancelled, ben):
    response = login(ben).get(reverse("games:game", args=[cancelled.pk]))
    assert response.status_code == 410
    page = response.content.decode()
    assert "Ana, who created this table, cancelled it before the game started." in page
    assert f"#{cancelled.pk}: table cancelled" in page
    assert (
        'href="/new/citadels/"' in page and f'href="{reverse("games:lobby")}"' in page
    )


def test_the_waiting_page_learns_it_from_its_poll(cancelled, ben):
    response = login(ben).get(
        reverse("games:poll", args=[cancelled.pk]) + "?version=0",
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 410
    body = response.content.decode()
    assert body.startswith('<section id="board"') and "table cancelled" in body
    assert "<html" not in body


def test_to_anyone_else_a_cancelled_table_does_not_exist(cancelled, make_user, client):
    url = reverse("games:game", args=[cancelled.pk])
    assert login(make_user("Cleo")).get(url).status_code == 404
    assert client.get(url).status_code == 404
