"""The new-table forms open on the settings recommended for a first game, the
advanced options folded away, and can seat computer players at once."""

import re

import pytest
from django.urls import reverse
from game_helpers import once

from games import registry
from games.models import Game

pytestmark = pytest.mark.django_db

SLUGS = [spec.slug for spec in registry.GAMES]


def new_page(client, slug, query=""):
    response = client.get(reverse("games:new", args=[slug]) + query)
    assert response.status_code == 200
    return response.content.decode()


def folded(page: str) -> str:
    """The markup inside the advanced options."""
    match = re.search(r'<details class="advanced">(.*)</details>', page, re.S)
    assert match, "no folded advanced options"
    return match.group(1)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_form_opens_on_the_first_game_preset_advanced_folded(client, ana, slug):
    client.force_login(ana)
    page = new_page(client, slug)
    preset = re.search(
        r'id="preset-title">([^<]+)</h2>\s*<p class="meta">([^<]+)', page
    )
    assert preset.group(1) == "Recommended for a first game"
    assert preset.group(2).strip()
    advanced = folded(page)
    assert 'name="timeout_policy"' in advanced and 'name="rated"' in advanced
    assert 'name="time_per_move"' not in advanced
    assert "<script>" not in page and " onclick" not in page


def test_citadels_opens_on_four_players_ranks_and_districts_folded(client, ana):
    client.force_login(ana)
    page = new_page(client, "citadels")
    players = re.search(r'<select name="players".*?</select>', page, re.S).group(0)
    assert re.search(r'<option value="4" selected>', players)
    advanced = folded(page)
    for name in ("rank_1", "rank_9", "chosen_districts", "short_game"):
        assert f'name="{name}"' in advanced
    assert 'name="players"' not in advanced
    assert '<details class="advanced inner">' in advanced
    boxes = 'type="checkbox" name="chosen_districts"'
    assert advanced.count(boxes) == page.count(boxes) > 30
    preset = re.search(r'<p class="meta">([^<]+)', page).group(1)
    assert preset.startswith("4 players, classic edition")


def test_rival_cities_opens_on_the_first_game_layout(client, ana):
    client.force_login(ana)
    box = re.search(
        r'<input [^>]*name="first_game"[^>]*>', new_page(client, "rival-cities")
    )
    assert "checked" in box.group(0)


def test_a_refused_advanced_option_opens_the_fold(client, ana):
    client.force_login(ana)
    response = client.post(
        reverse("games:new", args=["citadels"]),
        {
            **once(client),
            "players": "4",
            "edition": "classic",
            "character_set": "nope",
            "unique_districts": "base",
            "visibility": "public",
            "timeout_policy": "bot",
        },
    )
    assert response.status_code == 400
    assert '<details class="advanced" open>' in response.content.decode()


def test_against_the_computer_the_game_starts_at_once(client, ana):
    """The welcome's links open the form with the computer players ticked; sent,
    the other seats are computer players and the game is under way."""
    client.force_login(ana)
    page = new_page(client, "citadels", "?against=computer")
    box = re.search(r'<input [^>]*name="against_computer"[^>]*>', page).group(0)
    assert "checked" in box
    assert "checked" not in re.search(
        r'<input [^>]*name="against_computer"[^>]*>', new_page(client, "citadels")
    ).group(0)
    response = client.post(
        reverse("games:new", args=["citadels"]),
        {
            **once(client),
            "players": "4",
            "edition": "classic",
            "character_set": "base",
            "unique_districts": "base",
            "visibility": "public",
            "timeout_policy": "bot",
            "rated": "on",
            "against_computer": "on",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert [s.is_bot for s in game.seats.order_by("position")] == [False] + [True] * 3
