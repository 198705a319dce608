"""The Rival Cities board's drawing: every ring space in the SVG with the cost of
reaching it and its special mark (read from the engine's view, never restated),
the decision's controls first, and plurals through ngettext in English and
French ("1 space", "0 usine", never "1 spaces" or "usine(s)")."""

import re
from pathlib import Path

import pytest
from django.utils import translation
from page_helpers import data_moves, login, post_move

from games import engines, services
from games.rival_cities.engine import view as engine_view
from games.rival_cities.engine.cards import CARDS
from games.rival_cities.engine.log import describe
from games.rival_cities.engine.pieces import ALLIANCES, LAWSUITS, SHIPS

pytestmark = pytest.mark.django_db
ENGINE = engines.get("rival-cities")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def game(ana, ben):
    game = services.game_create(
        creator=ana,
        engine_slug="rival-cities",
        num_players=2,
        options={"first_game": True, "first_player": 0},
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    return game


def started(game, clients):
    for seat, res in ((0, "furniture"), (1, "cloth")):
        post_move(clients[seat], game, {"type": "start", "resource": res})
        game.refresh_from_db()
    return game


def space_markup(body: str) -> dict[int, str]:
    """Each ring space's SVG group, by space number."""
    svg = body.split('<svg class="rc-board"', 1)[1].split("</svg>", 1)[0]
    parts = re.split(r'<g class="rc-space ', svg)[1:]
    out = {}
    for part in parts:
        number = int(re.search(r'data-space="(\d+)"', part).group(1))
        out[number] = part.split('href="#rc-g-inkwell"', 1)[0]
    return out


def test_each_ring_space_shows_its_cost_and_its_special_mark_in_the_svg(game, ana, ben):
    """Every space of the engine's ring is drawn in the SVG, in order, with the
    cost of reaching it from the inkwell (a badge and words) and, on a special
    space, the special star; the inkwell's own space has no cost."""
    clients = {0: login(ana), 1: login(ben)}
    game = started(game, clients)
    post_move(clients[0], game, {"type": "move", "spaces": 2})
    game.refresh_from_db()
    post_move(clients[0], game, {"type": "option", "option": "A"})
    game.refresh_from_db()
    body = clients[1].get(game.get_absolute_url()).content.decode()
    spaces = space_markup(body)
    ring = ENGINE.view(game.state, 1)["ring"]
    assert sorted(spaces) == [s["space"] for s in ring]
    costs_seen = set()
    for space in ring:
        markup = spaces[space["space"]]
        special = space["kind"] == "special"
        assert ('data-special="1"' in markup) == special, space
        assert ("special space" in markup) == special, space
        if space["inkwell"]:
            assert "data-cost" not in markup and "the inkwell is here" in markup
            continue
        cost = space["cost"]
        costs_seen.add(cost)
        assert f'data-cost="{cost}"' in markup, space
        assert f">{cost}</text>" in markup, space
        words = "free" if cost == 0 else f"costs {cost} resource"
        assert words in markup, space
        assert f">+{space['distance']}</text>" in markup
    assert len(costs_seen) > 3  # free, and several prices


def test_inkwell_moves_are_in_the_decision_panel_with_cost_and_card(game, ana, ben):
    """The decision panel comes before the ring and holds one button per space
    within reach, saying how far, the price and the card; the ring itself has no
    move button (so a phone shows the controls first)."""
    clients = {0: login(ana), 1: login(ben)}
    game = started(game, clients)
    body = clients[0].get(game.get_absolute_url()).content.decode()
    panel = body.split('class="rc-decide"', 1)[1].split("</section>", 1)[0]
    assert body.index('class="rc-decide"') < body.index('class="rc-board"')
    legal = [m for m in ENGINE.legal_moves(game.state, 0) if m["type"] == "move"]
    assert sorted(m["spaces"] for m in data_moves(panel)) == sorted(
        m["spaces"] for m in legal
    )
    ring = {s["distance"]: s for s in ENGINE.view(game.state, 0)["ring"]}
    for move in legal:
        space = ring[move["spaces"]]
        assert f'data-to-space="{space["space"]}"' in panel
        assert f"+{move['spaces']}" in panel
        assert space["card"]["text"] in panel
    svg = body.split('<svg class="rc-board"', 1)[1].split("</svg>", 1)[0]
    assert "data-move" not in svg


def test_every_space_card_and_piece_has_a_tip_that_exists(game, ana, ben):
    """Each trigger names, in aria-controls and aria-describedby, a tip text that
    is on the page: spaces, the bell, the prestige track, ships, alliances,
    lawsuits."""
    clients = {0: login(ana), 1: login(ben)}
    body = clients[0].get(started(game, clients).get_absolute_url()).content.decode()
    controls = re.findall(
        r'class="[^"]*tip-btn[^"]*"[^>]*aria-controls="([^"]+)"', body
    )
    assert len(controls) >= 19 + 2 + 4 + 4 + 3
    for tip in controls:
        assert f'id="{tip}" role="tooltip"' in body, tip
    assert 'src="/static/js/tips.js"' in body or "js/tips.js" in body


# --- Plurals ---------------------------------------------------------------------


def all_texts() -> list[str]:
    texts = [engine_view.card_text(card) for card in CARDS]
    texts += [engine_view.ship_view(card)["text"] for card in SHIPS]
    texts += [engine_view.alliance_view(card)["text"] for card in ALLIANCES]
    texts += [engine_view.lawsuit_view(card)["text"] for card in LAWSUITS]
    return texts


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_card_text_says_s_in_brackets(language, french_catalogue):
    """Every card, ship, alliance and lawsuit text in both languages chooses its
    plural: no "(s)", no "1 stars", no "1 times"."""
    with translation.override(language):
        texts = all_texts()
    for text in texts:
        assert "(s)" not in text, text
        assert not re.search(r"\b1 (stars|times|letters|resources|steps)\b", text)
        assert not re.search(r"\b1 (étoiles|lettres|ressources|cases)\b", text)


def test_rival_cities_templates_and_board_code_have_no_s_in_brackets():
    """The board's templates and the texts' code write no "(s)"."""
    files = list(
        (ROOT / "games/rival_cities/templates/games/rival-cities").glob("*.jinja")
    )
    files += list((ROOT / "games/boards").glob("rival_cities*.py"))
    files += [ROOT / "games/rival_cities/engine/view.py"]
    files += [ROOT / "games/rival_cities/engine/log.py"]
    for path in files:
        assert "(s)" not in path.read_text(), path


def test_plurals_in_english(french_catalogue):
    with translation.override("en"):
        one = describe({}, 0, {"type": "move", "spaces": 1}, 0)
        two = describe({}, 0, {"type": "move", "spaces": 2}, 0)
        flip = describe({}, 0, {"type": "flip", "factories": 1}, 0)
        letter = engine_view.action_text({"do": "letter", "n": 1})
        gift = engine_view.bundle_text({"any": 2, "letter": 1})
    assert one == "{p0} moved the inkwell 1 space"
    assert two == "{p0} moved the inkwell 2 spaces"
    assert flip == "{p0} flipped 1 factory for the production"
    assert letter == "Gain 1 letter"
    assert gift == "2 resources of your choice, 1 letter"


def test_plurals_in_french(french_catalogue):
    """French takes the singular for 0 and 1: "0 usine", "1 case"."""
    with translation.override("fr"):
        one = describe({}, 0, {"type": "move", "spaces": 1}, 0)
        none = describe({}, 0, {"type": "flip", "factories": 0}, 0)
        two = describe({}, 0, {"type": "flip", "factories": 2}, 0)
        beer = engine_view.bundle_text({"beer": 2, "furniture": 1})
        letters = engine_view.action_text({"do": "letter", "n": 2})
    assert one == "{p0} a avancé l'Encrier de 1 case"
    assert none == "{p0} a retourné 0 usine pour la production"
    assert two == "{p0} a retourné 2 usines pour la production"
    assert beer == "2 bières, 1 meuble"
    assert letters == "Gagner 2 lettres"


def test_a_french_city_counts_its_factories_with_the_right_plural(
    game, ana, ben, french_catalogue
):
    """On the page, a French city with no factory left reads "0 usine active"."""
    from accounts.models import User

    User.objects.update(language="fr")
    state = game.state
    state["players"][0]["factories"] = {"active": 0, "spent": 1}
    state["players"][1]["factories"] = {"active": 2, "spent": 0}
    game.state = state
    game.save(update_fields=["state"])
    body = login(ana).get(game.get_absolute_url()).content.decode()
    assert "0 usine active, 1 usine utilisée" in body
    assert "2 usines actives" in body
    assert "(s)" not in body.split('class="rc"', 1)[1]
    # Each resource's chip shows the initial of its French name (meuble: M).
    chip = re.search(r'res-furniture"[^>]*>.*?class="rc-chip-mark"[^>]*>(\w)<', body)
    assert chip.group(1) == "M"


def test_ship_texts_say_the_numbers_of_the_engines_data():
    """A ship's text is made from its data: the letters it gives when bought and
    every part of its low-season income, letters included."""
    with translation.override("en"):
        for card, data in SHIPS.items():
            text = engine_view.ship_view(card)["text"]
            if data.get("effect") == "letters":
                n = data["letters"]
                assert f"Gain {n} letter" in text, card
            for res, n in data.get("income", {}).items():
                assert engine_view.amount_text(res, n) in text, card
            if data.get("income_letters"):
                assert engine_view.amount_text("letter", data["income_letters"]) in text
