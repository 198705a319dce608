"""A new player's "My games" welcomes them with a game against the computer per
game, one click from a game under way."""

import re

import pytest
from django.urls import reverse
from page_helpers import login

from games import registry

pytestmark = pytest.mark.django_db


def test_a_new_player_is_offered_a_game_against_the_computer_per_game(ana):
    page = login(ana).get(reverse("games:my_games")).content.decode()
    welcome = re.search(r'<section class="welcome".*?</section>', page, re.S)
    assert welcome, "no welcome"
    links = re.findall(r'href="([^"]+)"', welcome.group(0))
    for spec in registry.GAMES:
        assert f"/new/{spec.slug}/?against=computer" in links
    assert reverse("games:lobby") in links


def test_a_player_with_a_game_sees_no_welcome(lost_cities_game, ana):
    page = login(ana).get(reverse("games:my_games")).content.decode()
    assert 'class="welcome"' not in page
