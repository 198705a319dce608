"""In a real browser, at 390x844 and 1366x768, a Citadels player sees what the
decision needs: while drafting, the hand and the gold on the first screen; on
the phone, the final score table's Score column; the Warlord's own districts
without a Destroy button (those wait in a folded panel). Screenshots in
var/screenshots/."""

import random
from pathlib import Path

import pytest
from browser_helpers import logged_in

from games import engines, services
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
ENGINE = engines.get("citadels")
SIZES = [(390, 844), (1366, 768)]


@pytest.fixture
def four(ana, ben, make_user):
    users = [ana, ben, make_user("Cy"), make_user("Dee")]
    game = services.game_create(
        creator=ana, engine_slug="citadels", num_players=4, options={}
    )
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game, users


def play_until(state, until, seed=0, limit=5000):
    rnd = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        if ENGINE.is_over(state):
            break
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)))
    return None


def reach(until, options=None):
    opts = ENGINE.validate_options(4, options or {})
    for seed in range(80):
        found = play_until(ENGINE.setup(4, opts, seed), until, seed)
        if found is not None:
            return found
    raise AssertionError("state not reached")


def put(game, state):
    Game.objects.filter(pk=game.pk).update(state=state)


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    w = page.viewport_size["width"]
    page.screenshot(path=str(SHOTS / f"citadels-{name}-{w}.png"))


def seat_user(users, state):
    return users[ENGINE.to_move(state)[0]]


def test_drafting_shows_the_hand_and_gold_on_the_first_screen(
    browser, live_server, four
):
    game, users = four
    state = reach(lambda s: s["phase"] == "draft" and s["round"] == 1)
    put(game, state)
    for w, h in SIZES:
        page = logged_in(browser, live_server, seat_user(users, state), w, h)
        page.goto(live_server.url + game.get_absolute_url())
        shoot(page, "draft")
        if w > 1000:
            hand = page.locator(".ct-mine .ct-district").first.bounding_box()
            assert hand["y"] + hand["height"] <= h
            gold = page.locator(".ct-mine [data-my-gold]").bounding_box()
            assert gold["y"] + gold["height"] <= h
            choose = page.locator(".ct-draft button.act").first.bounding_box()
            assert choose["y"] + choose["height"] <= h


def test_the_final_score_column_is_on_a_phones_screen(browser, live_server, four):
    game, users = four
    state = reach(ENGINE.is_over)
    put(game, state)
    Game.objects.filter(pk=game.pk).update(status="finished")
    for w, h in SIZES:
        page = logged_in(browser, live_server, users[0], w, h)
        page.goto(live_server.url + game.get_absolute_url())
        table = page.locator(".ct-scores")
        table.scroll_into_view_if_needed()
        shoot(page, "scores")
        score = page.locator(".ct-scores td[data-score]").first.bounding_box()
        assert score["x"] >= 0 and score["x"] + score["width"] <= w


def test_the_warlords_own_districts_carry_no_destroy_button(browser, live_server, four):
    def warlord(s):
        turn = s.get("turn")
        if not (s["phase"] == "call" and turn and turn["char"] == "warlord"):
            return False
        if turn["step"] != "resources" or turn["sub"] or s["pending"]:
            return False
        seat = turn["seat"]
        moves = [m for m in ENGINE.legal_moves(s, seat) if m["type"] == "destroy"]
        return {m["seat"] == seat for m in moves} == {True, False}

    game, users = four
    state = reach(warlord, {"edition": "2016"})
    put(game, state)
    seat = state["turn"]["seat"]
    for w, h in SIZES:
        page = logged_in(browser, live_server, users[seat], w, h)
        page.goto(live_server.url + game.get_absolute_url())
        shoot(page, "warlord")
        own = page.locator(f".ct-player[data-seat='{seat}'] button[data-move*=destroy]")
        assert own.count() == 0
        panel = page.locator(".ct-own-targets")
        assert not panel.locator("button.act").first.is_visible()
        panel.locator("summary").click()
        assert panel.locator("button.act").first.is_visible()
        shoot(page, "warlord-open")


def test_the_cardinals_choice_says_what_to_do(browser, live_server, four):
    """Building with another player's gold, the Cardinal reads which district,
    whose gold and how many cards to give, above the cards to give."""
    from citadels_table import Table

    game, users = four
    keys = ["assassin", "thief", "magician", "king", "cardinal", "merchant"]
    t = Table(
        4,
        edition="2016",
        character_set="chosen",
        characters=keys + ["architect", "warlord"],
    )
    t.characters(cardinal=0)
    t.turn(0, "cardinal")
    palace = t.hand(0, "palace", "temple", "manor", "tavern")[0]
    t.gold(0, 2)
    t.gold(1, 9)
    t.play(0, {"type": "build", "card": palace, "from": 1})
    put(game, t.state)
    for w, h in SIZES:
        page = logged_in(browser, live_server, users[0], w, h)
        page.goto(live_server.url + game.get_absolute_url())
        shoot(page, "cardinal")
        prompt = page.locator(".prompt").inner_text()
        assert "finish your choice" not in prompt
        assert "give them 3 cards" in prompt
        give = page.locator("button[data-move*=give_card]").first.bounding_box()
        assert give["y"] + give["height"] <= h
