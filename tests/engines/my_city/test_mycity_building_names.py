"""A building's name is a whole phrase per colour and shape, so that French
orders and agrees its words ("équerre bleue", never "bleu équerre")."""

import pytest
from django.utils import translation

from games.my_city.engine import ENGINE
from games.my_city.engine.buildings import BUILDINGS
from games.my_city.engine.chapter_rules import criterion_text
from games.my_city.engine.texts import building_name, the_building_name
from tests.engines.my_city.mycity_helpers import new_game, reveal

FEMININE = ("équerre", "rangée", "halle", "cour", "tour")


@pytest.mark.parametrize("building", sorted(BUILDINGS))
def test_french_names_put_the_colour_after_the_shape_and_agree(building):
    with translation.override("fr"):
        name, the = building_name(building), the_building_name(building)
    words = name.split()
    assert words[0] not in ("jaune", "rouge", "bleu", "bleue")
    if words[0] in FEMININE and words[-1].startswith("bleu"):
        assert words[-1] == "bleue"
    assert the.endswith(name)
    assert the != name


def test_english_names():
    assert building_name("B2") == "blue corner"
    assert the_building_name("B2") == "the blue corner"


def test_the_log_line_names_the_building_in_french():
    state = reveal(new_game(2, seed=1), "B2")
    seat = ENGINE.to_move(state)[0]
    move = next(m for m in ENGINE.legal_moves(state, seat) if m["type"] == "place")
    with translation.override("fr"):
        line = ENGINE.describe(state, seat, move, seat)
    assert "l'équerre bleue (B2)" in line
    assert "bleu" + " équerre" not in line


def test_each_colour_building_in_french():
    with translation.override("fr"):
        text = criterion_text({"criterion": "colour_buildings", "colour": "blue"})
    assert text == "chaque bâtiment bleu"
