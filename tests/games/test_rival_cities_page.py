"""The Rival Cities game page: table creation, the board, the controls, bad input,
hidden information, the computer player and the query count."""

import html
import json
import random
import re
from pathlib import Path

import pytest
from django.urls import reverse
from game_helpers import once
from page_helpers import data_moves, login, post_move

from games import engines, services
from games.bots import choose_move
from games.models import Game, Move
from games.rival_cities.engine.pieces import SPECIAL_SPACES

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
            **once(c),
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


def test_bell_line_shown_once_at_game_start_against_a_bot(
    ana, django_capture_on_commit_callbacks
):
    """Against the computer, which starts and has chosen its resource: the inkwell
    is still on its start, and the ring is drawn from space 0 to space 18 (the
    space it cannot reach from the start, last) with the bell once, above space 0."""
    game = services.game_create(
        creator=ana,
        engine_slug="rival-cities",
        num_players=2,
        options={"first_game": True, "first_player": 1},
    )
    c = login(ana)
    with django_capture_on_commit_callbacks(execute=True):
        c.post(reverse("games:add_bot", args=[game.pk]))
    game.refresh_from_db()
    assert game.version == 1 and game.state["inkwell"] == -1
    body = c.get(game.get_absolute_url()).content.decode()
    bot = game.seats.get(position=1).name  # its name at this table
    assert f"Last move: {bot} took 1" in body
    assert body.count('data-bell="1"') == 1
    spaces = [int(n) for n in re.findall(r'data-space="(\d+)"', body)]
    assert spaces == list(range(len(game.state["ring"])))
    assert body.index('data-bell="1"') < body.index('data-space="0"')


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
    # The first special space: option D takes its card into the hand.
    spaces = SPECIAL_SPACES[0] + 1
    game = play(game, 0, {"type": "move", "spaces": spaces}, clients)
    if spaces > 2:  # the third space costs a resource (R-rc)
        game = play(game, 0, {"type": "pay", "resource": "beer"}, clients)
    game = play(game, 0, {"type": "option", "option": "D"}, clients)
    card = game.state["players"][0]["hand"][0]
    text = ENGINE.view(game.state, 0)["cities"][0]["hand"][0]["text"]
    mine = clients[0].get(game.get_absolute_url()).content.decode()
    theirs = clients[1].get(game.get_absolute_url()).content.decode()
    assert "Your special cards" in mine and text in mine
    assert "1 special card in hand" in theirs
    assert card not in theirs


def test_low_season_steps_are_listed_one_by_one_after_the_move(game, ana, ben):
    """Passing the bell runs the low season before the option: the page lists its
    steps in order, one line each, to both players; the log has the move."""
    clients = {0: login(ana), 1: login(ben)}
    game = started(game, clients)
    game = with_state(game, lambda state: state.update(inkwell=17))
    game = play(game, 0, {"type": "move", "spaces": 2}, clients)
    assert game.state["low_seasons"] == 1
    for seat in (0, 1):
        body = clients[seat].get(game.get_absolute_url()).content.decode()
        section = body.split('id="rc-events-title"', 1)[1].split("</section>", 1)[0]
        lines = re.findall(r"<li>(.*?)</li>", section)
        assert lines[0] == "Ana passed the bell: low season"
        assert lines[-1] == "The low season is over"
        assert len(lines) >= 3
        assert "Ana moved the inkwell 2 spaces" in body
    body = clients[0].get(game.get_absolute_url()).content.decode()
    assert "Choose an option" in body  # the interrupted turn resumes


# --- Bad input -----------------------------------------------------------------------


def started(game, clients):
    """Both starting resources chosen (Ana furniture, Ben cloth): Ana moves next."""
    game = play(game, 0, {"type": "start", "resource": "furniture"}, clients)
    return play(game, 1, {"type": "start", "resource": "cloth"}, clients)


def with_state(game, change):
    """The game with its state edited by hand (a scenario), saved."""
    state = json.loads(json.dumps(game.state))
    change(state)
    game.state = state
    game.save(update_fields=["state"])
    return game


def assert_refused(client, game, move, words):
    """Refused with a 400 naming the rule; the game's state and version unchanged."""
    before = (game.version, json.dumps(game.state, sort_keys=True))
    response = post_move(client, game, move)
    assert response.status_code == 400
    body = response.content.decode()
    assert words in body
    assert 'class="msg error"' in body
    game.refresh_from_db()
    assert (game.version, json.dumps(game.state, sort_keys=True)) == before
    assert Move.objects.filter(game=game).count() == game.version


def test_stopping_where_one_cannot_pay_is_refused(game, ana, ben):
    """With 3 resources the inkwell cannot stop 6 spaces on (cost 6)."""
    clients = {0: login(ana), 1: login(ben)}
    game = started(game, clients)
    assert_refused(
        clients[0], game, {"type": "move", "spaces": 6}, "cannot stop on a space"
    )


def test_paying_with_a_resource_one_lacks_is_refused(game, ana, ben):
    """Ana holds beer and furniture: paying leather is refused."""
    clients = {0: login(ana), 1: login(ben)}
    game = play(started(game, clients), 0, {"type": "move", "spaces": 4}, clients)
    assert_refused(
        clients[0],
        game,
        {"type": "pay", "resource": "leather"},
        "Pay with a resource you hold.",
    )


def test_option_c_without_a_letter_is_refused(game, ana, ben):
    """Option C needs a letter token: without one it is refused, and the page does
    not offer it."""
    clients = {0: login(ana), 1: login(ben)}
    game = play(started(game, clients), 0, {"type": "move", "spaces": 1}, clients)

    def give_card(state):
        state["players"][0]["hand"].append(state["special_deck"].pop())
        state["players"][0]["letters"] = 0

    game = with_state(game, give_card)
    card = game.state["players"][0]["hand"][0]
    body = clients[0].get(game.get_absolute_url()).content.decode()
    offered = data_moves(body)
    assert {"type": "option", "option": "B", "card": card} in offered
    assert not [m for m in offered if m.get("option") == "C"]
    assert_refused(
        clients[0],
        game,
        {"type": "option", "option": "C", "card": card, "first": "A"},
        "Option C needs a letter token",
    )


def rival_holds_an_alliance(game, clients, letters: int):
    """Ana must choose an alliance while Ben holds one, Ana with `letters` letter
    tokens; returns the game and Ben's alliance."""
    game = started(game, clients)
    theirs = game.state["alliances_board"][0]

    def alliance_decision(state):
        state["alliances_board"][0] = None
        state["players"][1]["alliances"].append(theirs)
        state["supply"]["letter"] -= letters - state["players"][0]["letters"]
        state["players"][0]["letters"] = letters
        state["queue"].append({"t": "alliance", "seat": 0})

    return with_state(game, alliance_decision), theirs


def test_taking_the_rivals_alliance_without_a_letter_is_refused(game, ana, ben):
    """An alliance is taken from the rival only for a letter token."""
    clients = {0: login(ana), 1: login(ben)}
    game, theirs = rival_holds_an_alliance(game, clients, letters=0)
    body = clients[0].get(game.get_absolute_url()).content.decode()
    assert {"type": "alliance", "card": theirs} not in data_moves(body)
    assert_refused(
        clients[0],
        game,
        {"type": "alliance", "card": theirs},
        "from your rival for a letter token",
    )


def test_taking_the_rivals_alliance_with_a_letter_is_offered(game, ana, ben):
    """With a letter the rival's alliance is a button of the decision panel that
    names the city and the price."""
    clients = {0: login(ana), 1: login(ben)}
    game, theirs = rival_holds_an_alliance(game, clients, letters=1)
    body = clients[0].get(game.get_absolute_url()).content.decode()
    assert {"type": "alliance", "card": theirs} in data_moves(body)
    panel = body.split('class="rc-decide"', 1)[1].split("</section>", 1)[0]
    assert theirs in panel and "from your rival (1 letter)" in panel
    game = play(game, 0, {"type": "alliance", "card": theirs}, clients)
    assert theirs in game.state["players"][0]["alliances"]
    assert game.state["players"][0]["letters"] == 0


@pytest.mark.parametrize("marker", [0, 1, -3])
def test_resolving_a_lawsuit_not_far_enough_is_refused(game, ana, ben, marker):
    """The court resolves lawsuit I only with its marker on 2-4 on your side; a
    resolve is refused otherwise (and lawsuit II or III is never resolved)."""
    clients = {0: login(ana), 1: login(ben)}
    game = started(game, clients)

    def court_decision(state):
        state["lawsuits"][0]["marker"] = marker
        state["lawsuits"][1]["marker"] = 4
        state["queue"].append({"t": "court", "seat": 0})

    game = with_state(game, court_decision)
    body = clients[0].get(game.get_absolute_url()).content.decode()
    assert {"type": "court", "resolve": True} not in data_moves(body)
    for move in ({"type": "court", "resolve": True}, {"type": "court", "resolve": 1}):
        assert_refused(clients[0], game, move, "only when its marker is on 2, 3 or 4")


def test_malformed_moves_are_refused_cleanly(game, ana, ben):
    """Not JSON, not an object, an unknown type: a 400 and nothing changes."""
    clients = {0: login(ana), 1: login(ben)}
    before = game.version
    for raw in ("{not json", "[1, 2]", json.dumps({"type": "teleport"})):
        response = clients[0].post(
            reverse("games:move", args=[game.pk]),
            {"move": raw, "version": game.version},
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 400
    game.refresh_from_db()
    assert game.version == before


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

ID = re.compile(r"(?:special|ship|lawsuit|alliance)-[a-z0-9]+(?:-[a-z]+)?")


def hidden_from(state, seat: int) -> set:
    """What a seat must never receive: the rival's hand and the decks' contents."""
    return set(ENGINE.secrets(state, 1 - seat)) | set(ENGINE.secrets(state, None))


def assert_no_leak(body: str, state, seat: int):
    leaked = set(ID.findall(body)) & hidden_from(state, seat)
    assert not leaked, f"seat {seat} received hidden ids {leaked}"


@pytest.mark.parametrize(
    "options",
    [{"first_game": False, "first_player": "random"}, {"first_player": 1}],
    ids=["shuffled", "first-game"],
)
def test_whole_game_over_http_never_leaks_hidden_ids(ana, ben, options):
    """Two players play a whole game through the page (the computer player's
    choices, posted as moves): every page and every answer to a player is free of
    the rival's hand and of the decks' ids, and the page offers exactly the legal
    moves of the player who must act."""
    game = make_game(ana, ben, **options)
    clients = {0: login(ana), 1: login(ben)}
    for i in range(600):
        if game.is_over:
            break
        seat = ENGINE.to_move(game.state)[0]
        page = clients[seat].get(game.get_absolute_url()).content.decode()
        assert_no_leak(page, game.state, seat)
        offered = data_moves(page)
        legal = ENGINE.legal_moves(game.state, seat)
        key = lambda m: json.dumps(m, sort_keys=True)  # noqa: E731
        assert sorted(map(key, offered)) == sorted(map(key, legal))
        if i % 10 == 0:
            other = clients[1 - seat].get(game.get_absolute_url()).content.decode()
            assert_no_leak(other, game.state, 1 - seat)
            assert data_moves(other) == []
        move = choose_move(ENGINE, game.state, seat, seed=i)
        response = post_move(clients[seat], game, move)
        assert response.status_code == 200
        game.refresh_from_db()
        assert_no_leak(response.content.decode(), game.state, seat)
    assert game.is_over
    body = clients[0].get(game.get_absolute_url()).content.decode()
    assert "Final count" in body and "wins" in body
    assert Move.objects.filter(game=game).count() == game.version


def test_spectator_sees_counts_only_and_no_controls(ana, ben, client):
    """Someone without a seat sees the public board: both hands as counts, no
    control, no hidden id."""
    game = make_game(ana, ben)
    clients = {0: login(ana), 1: login(ben)}
    game = play_to(game, clients, lambda s: s["decisions"] >= 40)
    body = client.get(game.get_absolute_url()).content.decode()
    assert body.count("special card") >= 2 and "Your special cards" not in body
    assert data_moves(body) == []
    hidden = set(ENGINE.secrets(game.state, None))
    for seat in (0, 1):
        hidden |= set(ENGINE.secrets(game.state, seat))
    assert not set(ID.findall(body)) & hidden


def test_the_replay_page_draws_the_board_without_controls(ana, ben):
    """The history's replay includes this board: at any step, from a seat's point
    of view, with no control and nothing the seat could not see then."""
    game = make_game(ana, ben)
    clients = {0: login(ana), 1: login(ben)}
    game = play_to(game, clients, lambda s: s["decisions"] >= 30)
    url = reverse("history:replay", args=[game.pk])
    response = clients[1].get(url + "?step=20")
    assert response.status_code == 200
    body = response.content.decode()
    assert "The ring" in body and "Altona" in body
    assert data_moves(body) == []


# --- Constant queries ------------------------------------------------------------------


def test_page_and_move_use_a_bounded_number_of_queries(
    game, ana, ben, django_assert_max_num_queries
):
    """The page and a move cost the same few queries at the start and later on."""
    clients = {0: login(ana), 1: login(ben)}
    with django_assert_max_num_queries(12):
        clients[0].get(game.get_absolute_url())
    with django_assert_max_num_queries(20):
        post_move(clients[0], game, {"type": "start", "resource": "beer"})
    game.refresh_from_db()
    game = play_to(game, clients, lambda s: s["decisions"] >= 60)
    seat = ENGINE.to_move(game.state)[0]
    with django_assert_max_num_queries(12):
        clients[seat].get(game.get_absolute_url())
    move = choose_move(ENGINE, game.state, seat, seed=5)
    with django_assert_max_num_queries(20):
        post_move(clients[seat], game, move)


# --- The computer player ---------------------------------------------------------------


def test_computer_player_beats_random_play():
    """The heuristic is not absurd: it beats uniformly random moves nearly always."""
    wins = 0
    for n in range(12):
        state = ENGINE.setup(2, {}, n)
        rng = random.Random(n)
        bot = n % 2
        for i in range(2000):
            if ENGINE.is_over(state):
                break
            seat = ENGINE.to_move(state)[0]
            legal = ENGINE.legal_moves(state, seat)
            move = (
                choose_move(ENGINE, state, seat, seed=i)
                if seat == bot
                else rng.choice(legal)
            )
            state = ENGINE.apply(state, seat, move)
        wins += state["result"]["winner"] == bot
    assert wins >= 10


def test_computer_player_goes_for_the_prestige_victory():
    """One step from the city's name, the bot's best option is the prestige card."""
    from games.rival_cities.bots.easy import score_move

    # A fixed seed: on a few ring layouts (3 of 200 seeds) another inkwell move
    # scores higher, a special card with prestige plus a gift, which wins too (see
    # the test below).
    state = ENGINE.setup(2, ENGINE.validate_options(2, {}), 1)
    state["prestige"] = 6
    state["queue"] = [{"t": "option", "seat": 0}]
    prestige_space = next(
        i for i, s in enumerate(state["ring"]) if s["card"] == "basic-11"
    )
    state["inkwell"] = prestige_space
    view = ENGINE.view(state, 0)
    assert score_move(view, 0, {"type": "option", "option": "A"}) >= 100
    # And moving the inkwell there beats every other free move.
    state["inkwell"] = (prestige_space - 1) % len(state["ring"])
    state["queue"] = [{"t": "inkwell", "seat": 0}]
    view = ENGINE.view(state, 0)
    best = max(ENGINE.legal_moves(state, 0), key=lambda m: score_move(view, 0, m))
    assert best == {"type": "move", "spaces": 1}


def test_computer_player_takes_the_prestige_victory_within_reach():
    """One step from the city's name with the prestige card one space on, the bot
    wins this turn on every ring layout, for either city (by that card or by
    another card that gains prestige)."""
    for seed in range(200):
        for seat in (0, 1):
            options = ENGINE.validate_options(2, {"first_player": seat})
            state = ENGINE.setup(2, options, seed)
            state["prestige"] = 6 if seat == 0 else -6
            prestige_space = next(
                i for i, s in enumerate(state["ring"]) if s["card"] == "basic-11"
            )
            state["inkwell"] = (prestige_space - 1) % len(state["ring"])
            state["queue"] = [{"t": "inkwell", "seat": seat}]
            for i in range(10):
                if ENGINE.is_over(state) or ENGINE.to_move(state) != [seat]:
                    break
                move = choose_move(ENGINE, state, seat, seed=i)
                state = ENGINE.apply(state, seat, move)
            assert state["result"] == {"winner": seat, "how": "prestige"}, (seed, seat)


# --- French ------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]


def test_a_french_player_reads_the_page_in_french(ana, ben, french_catalogue):
    """The prompt, the ring, the buttons, the cities and the log are in French."""
    from accounts.models import User

    User.objects.update(language="fr")
    game = make_game(ana, ben)
    clients = {0: login(ana), 1: login(ben)}
    body = clients[0].get(game.get_absolute_url()).content.decode()
    assert "Choisissez la ressource avec laquelle vous commencez." in body
    assert "Prendre 1 meuble" in body and "Hambourg" in body
    game = started(game, clients)
    body = clients[0].get(game.get_absolute_url()).content.decode()
    assert "Déplacez l&#39;Encrier" in body or "Déplacez l'Encrier" in body
    assert "coûte 1 ressource" in body and "Production : 2 bières" in body
    assert "Ana a pris 1 meuble pour commencer" in body
    response = post_move(clients[0], game, {"type": "move", "spaces": 9})
    assert "ne peut pas s&#39;arrêter" in response.content.decode()


# --- The option buttons and the ring's legend -----------------------------------------


def option_labels(body: str) -> dict:
    """Each option button's visible text, by its letter."""
    buttons = re.findall(
        r'<button[^>]*class="[^"]*\bopt-(\w+)\b[^"]*"[^>]*>(.*?)</button>', body, re.S
    )
    return {
        letter: html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", text)).strip())
        for letter, text in buttons
    }


def test_option_buttons_say_what_the_move_does(game, ana, ben):
    """Option A names the actions of the card where the inkwell stands, not "the
    card on your space"."""
    clients = {0: login(ana), 1: login(ben)}
    game = play(game, 0, {"type": "start", "resource": "furniture"}, clients)
    game = play(game, 1, {"type": "start", "resource": "cloth"}, clients)
    game = play(game, 0, {"type": "move", "spaces": 1}, clients)
    view = ENGINE.view(game.state, 0)
    here = next(s for s in view["ring"] if s["inkwell"])
    body = clients[0].get(game.get_absolute_url()).content.decode()
    labels = option_labels(body)
    assert "the card on your space" not in body
    assert labels["A"] == f"A Option A: {here['card']['text']}"


def test_option_c_and_d_name_both_cards(game, ana, ben):
    """On a special space with a special card in hand, C says both cards in the
    order chosen and D names the card taken."""
    clients = {0: login(ana), 1: login(ben)}
    game = started(game, clients)
    special = SPECIAL_SPACES[0]

    def on_special(state):
        state["inkwell"] = (special - 1) % len(state["ring"])

    game = with_state(game, on_special)
    game = play(game, 0, {"type": "move", "spaces": 1}, clients)
    view = ENGINE.view(game.state, 0)
    here = next(s for s in view["ring"] if s["inkwell"])["card"]["text"]
    labels = option_labels(clients[0].get(game.get_absolute_url()).content.decode())
    assert here in labels["A"] and here in labels["D"]
    assert "this special card" not in labels["D"]
    if "C" in labels:
        assert here in labels["C"] and "your space" not in labels["C"]


def test_the_ring_has_a_legend_for_its_three_kinds_of_numbers(game, ana, ben):
    clients = {0: login(ana), 1: login(ben)}
    game = started(game, clients)
    body = clients[0].get(game.get_absolute_url()).content.decode()
    legend = re.search(r'<ul class="rc-legend".*?</ul>', body, re.S)
    assert legend, "no legend under the ring"
    text = html.unescape(legend.group(0))
    for key in ("rc-key-cost", "rc-key-dist", "rc-key-tok"):
        assert key in text
    assert "costs" in text and "from the inkwell" in text and "action" in text


# --- Progress toward the sudden victories ---------------------------------------------


def victories_of(body: str, seat: int) -> dict:
    """A city's progress on the page: kind -> (have, need, one step away)."""
    city = re.search(rf'data-city="{seat}".*?</section>', body, re.S).group(0)
    return {
        kind: (int(have), int(need), "near" in css)
        for css, kind, have, need in re.findall(
            r'class="rc-victory ([^"]*)" data-victory="(\w+)" data-have="(\d+)" '
            r'data-need="(\d+)"',
            city,
        )
    }


def test_both_cities_show_their_way_to_each_sudden_victory(game, ana, ben):
    """At the start: 0 of 4 alliances, 0 of 3 lawsuits, a lead of 0 of 3 ships,
    0 of 7 prestige steps, for both cities, and no warning."""
    clients = {0: login(ana), 1: login(ben)}
    game = started(game, clients)
    body = clients[0].get(game.get_absolute_url()).content.decode()
    start = {
        "alliances": (0, 4, False),
        "lawsuits": (0, 3, False),
        "ships": (0, 3, False),
        "prestige": (0, 7, False),
    }
    assert victories_of(body, 0) == start
    assert victories_of(body, 1) == start
    assert 'class="rc-near"' not in body


def test_a_city_one_step_from_a_sudden_victory_is_announced(game, ana, ben):
    """Altona with three alliances and Hamburg's marker six steps toward its
    name: both counted one step away, and said in a sentence to both players."""
    clients = {0: login(ana), 1: login(ben)}
    game = started(game, clients)

    def near(state):
        for index in range(3):
            state["players"][1]["alliances"].append(state["alliances_board"][index])
            state["alliances_board"][index] = None
        state["prestige"] = 6

    game = with_state(game, near)
    for seat in (0, 1):
        body = html.unescape(
            clients[seat].get(game.get_absolute_url()).content.decode()
        )
        assert victories_of(body, 1)["alliances"] == (3, 4, True)
        assert victories_of(body, 0)["prestige"] == (6, 7, True)
        assert victories_of(body, 1)["prestige"] == (0, 7, False)
        warning = re.search(r'<ul class="rc-near".*?</ul>', body, re.S).group(0)
        assert "Altona holds 3 of the 4 alliances: one more alliance wins" in warning
        assert "one step from Hamburg's name" in warning


def test_a_ship_lead_counts_the_difference(game, ana, ben):
    clients = {0: login(ana), 1: login(ben)}
    game = started(game, clients)

    def ships(state):
        state["players"][0]["ships"] += [c for c in state["ships_face_up"][:3] if c]
        state["ships_face_up"][:3] = [None] * 3
        state["players"][1]["ships"].append(state["players"][0]["ships"].pop())

    game = with_state(game, ships)
    body = html.unescape(clients[1].get(game.get_absolute_url()).content.decode())
    assert victories_of(body, 0)["ships"] == (1, 3, False)
    assert victories_of(body, 1)["ships"] == (0, 3, False)


# --- How the game was won ------------------------------------------------------------------


def win_by_alliances(game, clients):
    """Ana (Hamburg) takes the game's fourth alliance; the game is over."""
    game = started(game, clients)

    def three_alliances(state):
        for index in range(3):
            state["players"][0]["alliances"].append(state["alliances_board"][index])
            state["alliances_board"][index] = None
        state["players"][1]["stars"] += 9  # Altona has more stars, and loses
        state["supply"]["star"] -= 9
        state["queue"].append({"t": "alliance", "seat": 0})

    game = with_state(game, three_alliances)
    move = next(
        m
        for m in data_moves(clients[0].get(game.get_absolute_url()).content.decode())
        if m["type"] == "alliance"
    )
    game = play(game, 0, move, clients)
    assert game.is_over
    return game


def test_the_game_over_email_says_how_the_game_was_won(game, ana, ben):
    """A sudden victory: the email says which, and that the stars did not count
    (Ana wins with fewer stars than Ben)."""
    from games.models import Notification
    from games.notifications import emails

    clients = {0: login(ana), 1: login(ben)}
    game = win_by_alliances(game, clients)
    row = Notification.objects.get(kind=Notification.Kind.GAME_OVER, user=ben)
    message = emails.compose(row)
    html_body = message.alternatives[0][0]
    for body in (message.body, html.unescape(html_body)):
        assert "Ana wins at once by holding all 4 alliances of the game." in body
        assert "After a sudden victory the stars are not counted." in body


def test_the_finished_board_says_how_the_game_was_won(game, ana, ben):
    clients = {0: login(ana), 1: login(ben)}
    game = win_by_alliances(game, clients)
    body = html.unescape(clients[1].get(game.get_absolute_url()).content.decode())
    results = re.search(r'<section class="results rc-results".*?</section>', body, re.S)
    assert "Ana wins at once by holding all 4 alliances of the game." in results.group(
        0
    )
    assert 'class="rc-near"' not in body


@pytest.mark.parametrize(
    ("totals", "tie", "words"),
    [
        ((7, 5), False, "Ana wins on stars, 7 to 5."),
        (
            (6, 6),
            True,
            "Ana wins on stars: 6 stars each, and the tie goes to the holder of the bell.",
        ),
    ],
)
def test_a_win_on_stars_gives_both_totals_and_the_tie_break(totals, tie, words):
    from games.rival_cities.result_words import how_won

    details = {
        seat: {
            "won_by": "stars",
            "winner": 0,
            "stars": {"total": totals[seat]},
            "tie_to_bell": tie,
        }
        for seat in (0, 1)
    }
    assert how_won(details, {0: "Ana", 1: "Ben"}) == words
    assert how_won({0: {"forfeit": True}, 1: {}}, {0: "Ana", 1: "Ben"}) == ""
