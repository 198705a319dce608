"""Numbers a browser reads (SVG coordinates, CSS values) are written the same in
every language: a French reader's page has no decimal comma in them (a
coordinate "21,9" is not a number to SVG, and the figure comes out empty)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from page_helpers import login

from games import registry, services

pytestmark = pytest.mark.django_db

# The SVG attributes that hold numbers and nothing else.
NUMERIC = (
    "x y cx cy r rx ry x1 y1 x2 y2 width height viewBox stroke-width font-size"
).split()
ATTRIBUTE = re.compile(r'\s([\w:-]+)="([^"]*)"')
SVG = re.compile(r"<svg\b.*?</svg>", re.S)
STYLE = re.compile(r'style="([^"]*)"')


def localised_numbers(body: str) -> list[str]:
    """Each SVG number attribute or inline style of `body` that is not written
    as a plain number (a decimal comma, a thousands separator)."""
    bad = []
    for svg in SVG.findall(body):
        for name, value in ATTRIBUTE.findall(svg):
            if name in NUMERIC and value and not re.fullmatch(r"[-+\d.\s%]+", value):
                bad.append(f'{name}="{value}"')
    for style in STYLE.findall(body):
        if re.search(r"\d,\d", style):
            bad.append(f'style="{style}"')
    return bad


def test_the_check_sees_a_decimal_comma():
    assert localised_numbers('<svg><circle cx="21,9" cy="3"/></svg>') == ['cx="21,9"']
    assert localised_numbers('<p style="width: 12,5%">') == ['style="width: 12,5%"']
    assert localised_numbers('<svg viewBox="0 0 200 200"><path d="M1,2"/></svg>') == []


@pytest.mark.parametrize("slug", [spec.slug for spec in registry.GAMES])
def test_a_french_rules_page_writes_its_figures_numbers_plainly(slug, french_catalogue):
    response = Client().get(
        reverse("games:rules", args=[slug]), headers={"Accept-Language": "fr"}
    )
    body = response.content.decode()
    assert "<html" in body and 'lang="fr"' in body
    assert localised_numbers(body) == []


def test_the_rival_cities_rules_figure_draws_every_space_in_french(french_catalogue):
    from games.rival_cities.engine.pieces import RING_SIZE

    body = (
        Client()
        .get(
            reverse("games:rules", args=["rival-cities"]),
            headers={"Accept-Language": "fr"},
        )
        .content.decode()
    )
    circles = re.findall(
        r'<circle class="fig-space[^"]*" cx="([^"]+)" cy="([^"]+)"', body
    )
    assert len(circles) == RING_SIZE
    for cx, cy in circles:
        float(cx), float(cy)  # a number SVG reads, not "21,9"


def test_a_french_rival_cities_board_writes_its_numbers_plainly(
    ana, ben, french_catalogue
):
    from accounts.models import User

    User.objects.update(language="fr")
    game = services.game_create(
        creator=ana,
        engine_slug="rival-cities",
        num_players=2,
        options={"first_game": True, "first_player": 0},
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    body = login(ana).get(game.get_absolute_url()).content.decode()
    assert "Hambourg" in body and "<svg" in body
    assert localised_numbers(body) == []
