"""The Rival Cities game page: table creation, the board, the controls, bad input,
hidden information, the computer player and the query count."""

import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import engines, services
from games.bots import choose_move
from games.models import Game, Move

pytestmark = pytest.mark.django_db
ENGINE = engines.get("rival-cities")


def make_game(ana, ben, **options):
    """An active game: Ana seat 0 (Hamburg), Ben seat 1 (Altona)."""
    game = services.game_create(
        creator=ana,
        engine_slug="rival-cities",
        num_players=2,
        options={"first_game": True, "first_player": 0, **options},
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    return game


@pytest.fixture
def game(ana, ben):
    return make_game(ana, ben)


def login(user):
    c = Client()
    c.force_login(user)
    return c


def post_move(client, game, move, version=None):
    return client.post(
        reverse("games:move", args=[game.pk]),
        {
            "move": json.dumps(move),
            "version": game.version if version is None else version,
        },
        headers={"HX-Request": "true"},
    )


def data_moves(body: str) -> list[dict]:
    return [
        json.loads(m.replace("&quot;", '"'))
        for m in re.findall(r'data-move="([^"]+)"', body)
    ]


def play(game, seat: int, move: dict, clients: dict):
    """Posts one move through the page as that seat's player; returns the game."""
    response = post_move(clients[seat], game, move)
    assert response.status_code == 200, response.content.decode()[:500]
    game.refresh_from_db()
    return game


def play_to(game, clients, until, *, limit=400, seed=1):
    """Plays legal moves (the computer player's choice) until `until(state)`."""
    for i in range(limit):
        if until(game.state) or game.is_over:
            return game
        seat = ENGINE.to_move(game.state)[0]
        move = choose_move(ENGINE, game.state, seat, seed=seed + i)
        game = play(game, seat, move, clients)
    return game


# --- Table creation ------------------------------------------------------------------


def test_new_table_form_offers_first_game_and_first_player(ana):
    """The table form has the rules' options: the first game's cards in order and
    who starts; the options reach the engine."""
    c = login(ana)
    url = reverse("games:new", args=["rival-cities"])
    body = c.get(url).content.decode()
    assert 'name="first_game"' in body and 'name="first_player"' in body
    response = c.post(
        url,
        {
            "visibility": "public",
            "time_per_move": "3",
            "timeout_policy": Game.TimeoutPolicy.BOT,
            "rated": "on",
            "first_game": "on",
            "first_player": "1",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get(engine="rival-cities")
    assert game.options == {"first_game": True, "first_player": 1}


def test_first_game_lays_the_basic_cards_in_order(ana, ben):
    """With the first-game option the ring shows basic cards 1 to 15 in order."""
    game = make_game(ana, ben)
    body = login(ana).get(game.get_absolute_url()).content.decode()
    basics = [
        s["card"]["id"]
        for s in ENGINE.view(game.state, 0)["ring"]
        if s["kind"] == "basic"
    ]
    assert basics == [f"basic-{n}" for n in range(1, 16)]
    assert "Production: 2 beer" in body


def test_creator_fills_the_other_seat_with_a_computer_player(ana):
    """A table against the computer starts at once and the bot answers."""
    game = services.game_create(
        creator=ana,
        engine_slug="rival-cities",
        num_players=2,
        options={"first_game": True, "first_player": 0},
    )
    c = login(ana)
    c.post(reverse("games:add_bot", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert ENGINE.to_move(game.state) == [0]


# --- The page ------------------------------------------------------------------------


def test_page_says_what_to_do_and_offers_the_start_resources(game, ana, ben):
    """The first decision: the prompt says it, and the four resources are buttons;
    the other player is told whom we wait for."""
    body = login(ana).get(game.get_absolute_url()).content.decode()
    assert "Choose the resource you start with." in body
    offered = data_moves(body)
    assert offered == [
        {"type": "start", "resource": r}
        for r in ("beer", "leather", "cloth", "furniture")
    ]
    other = login(ben).get(game.get_absolute_url()).content.decode()
    assert "Waiting for Ana." in other
    assert data_moves(other) == []


def test_ring_offers_each_reachable_space_with_its_cost(game, ana, ben):
    """Moving the inkwell: each space one can pay for is a button with its cost;
    the bell is shown where it lies."""
    clients = {0: login(ana), 1: login(ben)}
    game = play(game, 0, {"type": "start", "resource": "furniture"}, clients)
    game = play(game, 1, {"type": "start", "resource": "furniture"}, clients)
    body = clients[0].get(game.get_absolute_url()).content.decode()
    offered = [m for m in data_moves(body) if m["type"] == "move"]
    legal = [m for m in ENGINE.legal_moves(game.state, 0) if m["type"] == "move"]
    assert offered and sorted(m["spaces"] for m in offered) == sorted(
        m["spaces"] for m in legal
    )
    assert "free" in body and "costs 1 resource" in body
    assert 'data-bell="1"' in body
    assert "Move the inkwell clockwise" in body


def test_paying_offers_only_the_resources_one_holds(game, ana, ben):
    """A cost of 2 asks for one resource at a time, only among those held."""
    clients = {0: login(ana), 1: login(ben)}
    game = play(game, 0, {"type": "start", "resource": "furniture"}, clients)
    game = play(game, 1, {"type": "start", "resource": "cloth"}, clients)
    game = play(game, 0, {"type": "move", "spaces": 4}, clients)
    body = clients[0].get(game.get_absolute_url()).content.decode()
    assert "for moving the inkwell" in body
    assert data_moves(body) == [
        {"type": "pay", "resource": "beer"},
        {"type": "pay", "resource": "furniture"},
    ]


def test_options_are_offered_after_the_move(game, ana, ben):
    """After the inkwell stops, option A (and D on a special space) are buttons."""
    clients = {0: login(ana), 1: login(ben)}
    game = play(game, 0, {"type": "start", "resource": "furniture"}, clients)
    game = play(game, 1, {"type": "start", "resource": "cloth"}, clients)
    game = play(game, 0, {"type": "move", "spaces": 1}, clients)
    body = clients[0].get(game.get_absolute_url()).content.decode()
    assert "Choose an option" in body
    assert {"type": "option", "option": "A"} in data_moves(body)


def test_rival_hand_is_a_count_and_own_hand_is_shown(game, ana, ben):
    """Special cards in hand: yours with their text, the rival's only counted."""
    clients = {0: login(ana), 1: login(ben)}
    game = play(game, 0, {"type": "start", "resource": "furniture"}, clients)
    game = play(game, 1, {"type": "start", "resource": "cloth"}, clients)
    # Space 3 is a special space: option D takes its card into the hand.
    game = play(game, 0, {"type": "move", "spaces": 4}, clients)
    game = play(game, 0, {"type": "pay", "resource": "beer"}, clients)
    game = play(game, 0, {"type": "pay", "resource": "furniture"}, clients)
    game = play(game, 0, {"type": "option", "option": "D"}, clients)
    card = game.state["players"][0]["hand"][0]
    text = ENGINE.view(game.state, 0)["cities"][0]["hand"][0]["text"]
    mine = clients[0].get(game.get_absolute_url()).content.decode()
    theirs = clients[1].get(game.get_absolute_url()).content.decode()
    assert "Your special cards" in mine and text in mine
    assert "1 special card in hand" in theirs
    assert card not in theirs


# --- Bad input -----------------------------------------------------------------------


def test_bad_moves_are_refused_with_the_rule_and_change_nothing(game, ana, ben):
    """Paying with a resource one lacks, stopping where one cannot pay, option C
    without a letter: 400 with the rule's words, and the game is unchanged."""
    clients = {0: login(ana), 1: login(ben)}
    game = play(game, 0, {"type": "start", "resource": "furniture"}, clients)
    game = play(game, 1, {"type": "start", "resource": "cloth"}, clients)
    cases = [
        ({"type": "move", "spaces": 9}, "cannot stop on a space"),
    ]
    for move, words in cases:
        before = (game.version, json.dumps(game.state, sort_keys=True))
        response = post_move(clients[0], game, move)
        assert response.status_code == 400
        assert words in response.content.decode()
        game.refresh_from_db()
        assert (game.version, json.dumps(game.state, sort_keys=True)) == before
    game = play(game, 0, {"type": "move", "spaces": 4}, clients)
    response = post_move(clients[0], game, {"type": "pay", "resource": "leather"})
    assert response.status_code == 400
    assert "Pay with a resource you hold." in response.content.decode()
    game = play(game, 0, {"type": "pay", "resource": "beer"}, clients)
    game = play(game, 0, {"type": "pay", "resource": "furniture"}, clients)
    game = play(game, 0, {"type": "option", "option": "D"}, clients)
    # Ben's turn; then Ana again, with a card in hand and no letter.
    game = play_to(
        game,
        clients,
        lambda s: (
            s["queue"][-1]["t"] == "option"
            and s["turn"] == 0
            and s["players"][0]["hand"]
            and not s["players"][0]["letters"]
            and s["ring"][s["inkwell"]]["card"]
        ),
    )
    if not game.is_over and ENGINE.to_move(game.state) == [0]:
        card = game.state["players"][0]["hand"][0]
        version = game.version
        response = post_move(
            clients[0],
            game,
            {"type": "option", "option": "C", "card": card, "first": "A"},
        )
        assert response.status_code == 400
        assert "Option C needs a letter token" in response.content.decode()
        game.refresh_from_db()
        assert game.version == version


def test_a_stale_version_or_the_wrong_player_is_refused(game, ana, ben):
    """Moving out of turn or with an old version is refused; nothing changes."""
    clients = {0: login(ana), 1: login(ben)}
    response = post_move(clients[1], game, {"type": "start", "resource": "beer"})
    assert response.status_code == 409
    response = post_move(
        clients[0],
        game,
        {"type": "start", "resource": "beer"},
        version=game.version - 1,
    )
    assert response.status_code == 409
    game.refresh_from_db()
    assert Move.objects.filter(game=game).count() == 0


# --- Whole games over HTTP -----------------------------------------------------------


def secret_ids(state, seat):
    return set(ENGINE.secrets(state, 1 - seat)) | set(ENGINE.secrets(state, None))


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_game_over_http_never_leaks_hidden_ids(ana, ben, seed):
    """Two players play a whole game through the page (the bot's choices posted as
    moves): every response to a player is free of the rival's hand and of the
    decks' ids, and every move offered on the page is legal."""
    game = make_game(ana, ben, first_game=False, first_player="random")
    clients = {0: login(ana), 1: login(ben)}
    rng = random.Random(seed)
    for i in range(600):
        if game.is_over:
            break
        seat = ENGINE.to_move(game.state)[0]
        hidden = {seat: secret_ids(game.state, seat)}
        page = clients[seat].get(game.get_absolute_url()).content.decode()
        offered = data_moves(page)
        legal = ENGINE.legal_moves(game.state, seat)
        assert offered and all(m in legal for m in offered)
        assert len(offered) == len(legal)
        other = clients[1 - seat].get(game.get_absolute_url()).content.decode()
        for card in hidden[seat]:
            assert f'"{card}"' not in page and f">{card}<" not in page
        for card in secret_ids(game.state, 1 - seat):
            assert card not in re.findall(r"[a-z]+-\d+", other) or card in (
                re.findall(r"[a-z]+-\d+", json.dumps(ENGINE.view(game.state, 1 - seat)))
            )
        move = choose_move(ENGINE, game.state, seat, seed=seed * 1000 + i)
        if rng.random() < 0.2:
            move = rng.choice(legal)
        response = post_move(clients[seat], game, move)
        assert response.status_code == 200
        body = response.content.decode()
        game.refresh_from_db()
        ids_in_body = set(
            re.findall(r"(?:special|ship|lawsuit|alliance)-[a-z0-9-]+", body)
        )
        assert (
            not ids_in_body
            & (
                set(ENGINE.secrets(game.state, 1 - seat))
                | set(ENGINE.secrets(game.state, None))
            )
            or game.is_over
        )
    assert game.is_over
