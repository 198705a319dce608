"""Every card, ship, alliance, lawsuit, building and space of the Lost Cities,
Rival Cities and My City boards says what it does, in English and French,
with its numbers read from the engine's own data (the texts modules of the
engines), and the boards show it the one accessible way Citadels does
(games/elements/tip.jinja: a button described by its text)."""

import re
from collections import Counter

import pytest
from django.utils import translation
from markupsafe import escape  # as the Jinja2 board partials escape
from page_helpers import login

from games import services
from games.lost_cities.engine import texts as lc
from games.lost_cities.engine.cards import (
    BONUS_CARDS,
    COLOURS_6,
    EXPEDITION_COST,
    make_deck,
)
from games.lost_cities.engine.scoring import expedition_score
from games.my_city.engine import texts as mc
from games.my_city.engine.board import ALL_CODES, BUILDABLE
from games.my_city.engine.buildings import BUILDINGS
from games.rival_cities.engine import texts as rc
from games.rival_cities.engine.cards import CARDS
from games.rival_cities.engine.pieces import ALLIANCES, LAWSUITS, SHIPS
from games.rival_cities.engine.view import SHIP_TEXTS, bundle_text

PLACEHOLDER = re.compile(r"\{\w*\}")


def both(function, *args):
    with translation.override("en"):
        english = function(*args)
    with translation.override("fr"):
        french = function(*args)
    return english, french


def every_text():
    """(name, function, argument) for every piece of the three boards."""
    out = [("lc " + c, lc.card_text, c) for c in make_deck(COLOURS_6)]
    for cards in ([], ["lc-red-3"], ["lc-red-w1", "lc-red-4"], make_deck(["red"])):
        out.append(("lc score", lc.score_text, expedition_score(cards)))
    out += [("rc " + c, rc.card_effect, c) for c in CARDS]
    out += [("rc " + s, rc.ship_effect, s) for s in SHIPS]
    out += [("rc " + a, rc.alliance_effect, a) for a in ALLIANCES]
    out += [("rc " + k, rc.lawsuit_effect, k) for k in LAWSUITS]
    out += [("rc prestige", rc.prestige_space_effect, n) for n in range(8)]
    out += [("mc " + b, mc.building_text, b) for b in BUILDINGS]
    out += [("mc " + s, mc.space_text, s) for s in mc.SPACES]
    return out


@pytest.mark.parametrize(("name", "function", "argument"), every_text())
def test_every_piece_says_what_it_does_in_english_and_french(name, function, argument):
    """A sentence in each language, every number filled in, the French a
    translation."""
    english, french = both(function, argument)
    assert len(english) > 15 and not PLACEHOLDER.search(english), name
    assert french != english and not PLACEHOLDER.search(french), name


def test_a_wagers_text_is_the_scoring_rule():
    """The wager's multipliers are those the scoring applies, and the cost and
    the bonus's card count are the rule's constants."""
    with translation.override("en"):
        text = lc.card_text("lc-blue-w1")
    times = [expedition_score(["lc-red-w1"] * n)["multiplier"] for n in (1, 2, 3)]
    assert f"multiplied by {times[0]}, {times[1]} or {times[2]}" in text
    assert f"minus {EXPEDITION_COST}" in text and f"{BONUS_CARDS} cards" in text


def test_an_expeditions_score_text_adds_up_to_its_score():
    for cards in (["lc-red-w1", "lc-red-4", "lc-red-9"], make_deck(["red"])[:9]):
        score = expedition_score(cards)
        with translation.override("en"):
            assert lc.score_text(score).endswith(f": {score['score']}")


def test_rival_cities_texts_carry_the_pieces_numbers():
    """A ship's text names its cost and stars, a lawsuit's its extra steps,
    its win and its stars, an alliance's its upkeep: from pieces.py."""
    with translation.override("en"):
        for key, data in SHIPS.items():
            text = rc.ship_effect(key)
            assert f"Cost: {bundle_text(data['cost'])}." in text
            if data.get("effect") != "stars_per_ship":
                assert f"Stars at the end: {data['stars']}." in text
        for key, data in LAWSUITS.items():
            text = rc.lawsuit_effect(key)
            assert f"(at most {data['extra']})" in text
            assert (
                f"{bundle_text(data['win'])}, and stars at the end: {data['stars']}"
                in text
            )
        for key, data in ALLIANCES.items():
            assert f"({bundle_text({data['upkeep']: 1})})" in rc.alliance_effect(key)


def test_a_prestige_space_says_what_it_brings():
    """Income and stars of each step come from pieces.py; the last step is the
    city's name."""
    from games.rival_cities.engine.pieces import (
        PRESTIGE_INCOME,
        PRESTIGE_STARS,
        PRESTIGE_WIN,
    )

    with translation.override("en"):
        for step in range(1, PRESTIGE_WIN):
            text = rc.prestige_space_effect(step)
            assert f"({bundle_text(PRESTIGE_INCOME[step])} here)" in text
            assert text.endswith(
                f"Stars at the end while the marker stands here: {PRESTIGE_STARS[step]}."
            )
        assert "wins the game at once" in rc.prestige_space_effect(PRESTIGE_WIN)


def test_every_ship_effect_has_its_long_text():
    effects = {data["effect"] for data in SHIPS.values() if "effect" in data}
    assert effects <= set(rc.SHIP_EFFECTS)
    assert set(SHIP_TEXTS) <= set(rc.SHIP_EFFECTS)


def test_my_city_texts_follow_the_board_and_the_shapes():
    """A building's text says its size; a space's text says it cannot be built
    on exactly when the rules say so."""
    with translation.override("en"):
        for key, info in BUILDINGS.items():
            text = mc.building_text(key)
            assert (f"Spaces: {info['size']}." in text) or "one space" in text
        for code in ALL_CODES:
            unbuildable = "nothing can" in mc.space_text(code)
            assert unbuildable == (code not in BUILDABLE), code


# --- On the boards ---------------------------------------------------------------


def started(slug, ana, ben, options=None):
    game = services.game_create(
        creator=ana, engine_slug=slug, num_players=2, options=options or {}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    return game


def tips(body: str) -> dict:
    """Each tip of a page: its id -> (the button's markup, the text)."""
    found = {}
    for match in re.finditer(
        r'<button type="button" class="[^"]*\btip-btn\b[^"]*" aria-expanded="false" '
        r'aria-controls="([^"]+)" aria-describedby="\1">(.*?)</button>',
        body,
        re.S,
    ):
        tip = match.group(1)
        text = re.search(
            rf'class="[^"]*\btip-text\b[^"]*" id="{re.escape(tip)}" '
            r'role="tooltip" hidden>(.*?)</(?:span|div)>',
            body,
            re.S,
        )
        found[tip] = (match.group(2), text.group(1) if text else "")
    return found


def tip_text(body: str, tip: str) -> str:
    match = re.search(
        rf'class="[^"]*\btip-text\b[^"]*" id="{re.escape(tip)}" '
        r'role="tooltip" hidden>(.*?)</(?:span|div)>',
        body,
        re.S,
    )
    return match.group(1) if match else ""


def ids(body: str) -> Counter:
    return Counter(re.findall(r'\sid="([^"]+)"', body))


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["lost-cities", "rival-cities", "my-city", "citadels"])
def test_every_board_draws_its_tips_the_one_way_with_unique_ids(ana, ben, slug):
    """Each board has tips, each a button described by a text of its own, and
    no id twice in the page."""
    game = started(slug, ana, ben)
    position = next(s.position for s in game.seats.all() if s.user_id == ana.pk)
    mover = ana if position in services_to_move(game) else ben
    body = login(mover).get(game.get_absolute_url()).content.decode()
    found = tips(body)
    assert len(found) >= 5
    assert all(text.strip() for _label, text in found.values())
    doubled = [i for i, n in ids(body).items() if n > 1]
    assert doubled == []
    assert "/static/js/tips.js" in body


def services_to_move(game):
    from games import engines

    return engines.get(game.engine).to_move(game.state)


@pytest.mark.django_db
def test_lost_cities_hand_piles_and_scores_explain_themselves(ana, ben):
    game = started("lost-cities", ana, ben)
    hand = game.state["hands"][0]
    user = next(s.user for s in game.seats.all() if s.position == 0)
    body = login(user).get(game.get_absolute_url()).content.decode()
    found = tips(body)
    with translation.override("en"):
        for card in hand:
            assert found[f"tip-{card}"][1] == str(escape(lc.card_text(card)))
    assert "tip-total-0" in found and "tip-total-1" in found


@pytest.mark.django_db
def test_rival_cities_ring_ships_alliances_and_lawsuits_explain_themselves(ana, ben):
    """Each ring space, face-up ship, alliance and lawsuit of the board has a
    tip whose text holds what the engine's texts say it does."""
    game = started("rival-cities", ana, ben)
    body = login(ana).get(game.get_absolute_url()).content.decode()
    found = tips(body)
    state = game.state
    with translation.override("en"):
        for index, space in enumerate(state["ring"]):
            # The ring's spaces are SVG shapes acting as buttons.
            assert f'aria-controls="rc-tip-space-{index}"' in body
            text = tip_text(body, f"rc-tip-space-{index}")
            if space["card"]:
                assert str(escape(rc.card_effect(space["card"]))) in text
        for key in [c for c in state["ships_face_up"] if c]:
            assert str(escape(rc.ship_effect(key))) in found[f"rc-tip-{key}"][1]
        for key in [c for c in state["alliances_board"] if c]:
            assert str(escape(rc.alliance_effect(key))) in found[f"rc-tip-{key}"][1]
        for entry in [e for e in state["lawsuits"] if e]:
            text = found[f"rc-tip-{entry['card']}"][1]
            assert str(escape(rc.lawsuit_effect(entry["card"]))) in text


@pytest.mark.django_db
def test_my_city_revealed_building_and_spaces_explain_themselves(ana, ben):
    game = started("my-city", ana, ben)
    body = login(ana).get(game.get_absolute_url()).content.decode()
    found = tips(body)
    assert "tip-revealed" in found
    with translation.override("en"):
        assert found["tip-space-meadow"][1] == str(escape(mc.space_text(".")))
    assert "tip-space-river" in found


@pytest.mark.django_db
def test_my_city_spectator_reads_the_spaces_too(ana, ben, make_user):
    game = started("my-city", ana, ben)
    body = login(make_user("Cy")).get(game.get_absolute_url()).content.decode()
    assert "tip-space-meadow" in tips(body)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["lost-cities", "rival-cities", "my-city"])
def test_no_tip_id_is_drawn_twice_as_a_game_goes_on(ana, ben, slug):
    """Along a random game (states set directly), every page keeps each tip's
    id unique: a piece is drawn in one place only."""
    import random

    from games import engines
    from games.models import Game

    engine = engines.get(slug)
    game = started(slug, ana, ben)
    users = {s.position: s.user for s in game.seats.all()}
    state, rng = game.state, random.Random(7)
    for step in range(120):
        if engine.is_over(state):
            break
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
        if step % 30 == 29:
            Game.objects.filter(pk=game.pk).update(state=state)
            for user in users.values():
                body = login(user).get(game.get_absolute_url()).content.decode()
                assert [i for i, n in ids(body).items() if n > 1] == []
                assert tips(body)
