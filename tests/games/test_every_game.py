"""The site's per-game tests, run over every registered game (games.registry.GAMES,
the tests' example game among them): its pages, a whole game through HTTP with
no hidden object of another seat in any answer, its computer players at each
level through the site, its steps and its statistics. A game that lacks a piece
fails here or in the system check (games/checks.py), not with a 500 on the site.

Other per-game tests parametrised over the registry: tests/games/test_rules_pages.py
(the rules page in English and French), test_option_words.py (the options in
words), test_table_forms.py (the form's preset), test_information_sets_http.py
(a seat's pages cannot tell apart what it cannot see), tests/engines/test_contract.py
(the engine contract) and tests/engines/test_bot_levels.py (each level's moves).
"""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from game_helpers import once
from page_helpers import data_moves, login, post_move

from games import checks, registry
from games.bots import choose_move
from games.bots.levels import LEVELS
from games.models import Game, Move

pytestmark = pytest.mark.django_db

GAMES = registry.GAMES
ids = [spec.slug for spec in GAMES]
MOVE_LIMIT = 2000  # moves of a whole game before the test gives up


def hidden_ids_in(text: str, ids: set[str]) -> set[str]:
    """The ids of `ids` that `text` names, each as a whole word (card-1 is not
    in card-12)."""
    return {i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)}


def forbidden_for(game: Game, position: int | None) -> set[str]:
    """The ids `position` may not see in the game's state: those of no seat and
    those of every other seat (engine.secrets); none once the game is over."""
    engine, state = registry.get(game.engine).engine, game.state
    if engine.is_over(state):
        return set()
    ids = set(engine.secrets(state, None))
    for other in range(game.num_players):
        if other != position:
            ids |= set(engine.secrets(state, other))
    return ids


def create_table(spec, client, players: int, **extra) -> Game:
    """A table of `spec`'s game made as a person makes it: the new-table form,
    its default choices, sent once."""
    data = {**spec.form_defaults(players), **once(client), **extra}
    response = client.post(reverse("games:new", args=[spec.slug]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.latest("pk")


@pytest.mark.parametrize("spec", GAMES, ids=ids)
def test_the_system_check_finds_nothing_missing(spec):
    errors = [e for e in checks.games_registry() if spec.slug in str(e.obj)]
    assert errors == []


def test_the_example_game_is_registered_beside_the_sites_games():
    """The tests' example game is one of the registered games, found like the
    others (its spec, engine and computer players) without being listed."""
    spec = registry.get("example-game")
    assert spec.engine.slug == "example-game"
    assert spec.players is not None
    assert len(GAMES) >= 2


def test_the_lobby_offers_every_game(ana):
    body = login(ana).get(reverse("games:lobby")).content.decode()
    for spec in GAMES:
        assert reverse("games:new", args=[spec.slug]) in body
        assert reverse("games:rules", args=[spec.slug]) in body


@pytest.mark.parametrize("spec", GAMES, ids=ids)
def test_the_new_table_page_and_the_rules_page_answer(ana, spec):
    client = login(ana)
    page = client.get(reverse("games:new", args=[spec.slug]))
    assert page.status_code == 200
    assert 'name="against_computer"' in page.content.decode()
    for language in ("en", "fr"):
        rules = Client().get(
            reverse("games:rules", args=[spec.slug]),
            headers={"Accept-Language": language},
        )
        assert rules.status_code == 200


# The games whose whole game through HTTP takes about 30 s or more on our
# machines (some 170 moves, each answered with its board): run with the slow
# tests.
LONG_GAMES = {"rival-cities"}


@pytest.mark.parametrize(
    "spec",
    [
        pytest.param(spec, marks=pytest.mark.slow) if spec.slug in LONG_GAMES else spec
        for spec in GAMES
    ],
    ids=ids,
)
def test_a_whole_game_through_http_shows_no_seat_what_it_cannot_see(
    ana, ben, make_user, spec
):
    """Ana makes a table through the form, Ben joins it, and they play the
    normal computer player's moves or, one time in four, a random legal move,
    through the move endpoint to the end. Every board a move
    answers with, every poll and every page names no hidden object of another
    seat (nor of no seat); each seat to move is offered moves on its page."""
    engine = spec.engine
    players = engine.min_players
    clients = {0: login(ana), 1: login(ben)}
    game = create_table(spec, clients[0], players)
    assert game.status == Game.Status.OPEN
    waiting = clients[0].get(game.get_absolute_url())
    assert waiting.status_code == 200
    for position in range(1, players):
        if position not in clients:
            clients[position] = login(make_user(f"Player{position}"))
        response = clients[position].post(reverse("games:join", args=[game.pk]))
        assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    stranger = login(make_user("Stranger"))
    rng = random.Random(game.seed)
    checked_pages = 0
    for count in range(MOVE_LIMIT):
        if game.status != Game.Status.ACTIVE:
            break
        mover = rng.choice(engine.to_move(game.state))
        if count % 25 == 0:  # the whole page of every seat, now and then
            for position, client in [*clients.items(), (None, stranger)]:
                page = client.get(game.get_absolute_url()).content.decode()
                forbidden = forbidden_for(game, position)
                assert hidden_ids_in(page, forbidden) == set()
                if position == mover:
                    assert data_moves(page) or "<form" in page
                checked_pages += 1
        if rng.random() < 0.25:
            move = rng.choice(engine.legal_moves(game.state, mover))
        else:
            move = choose_move(engine, game.state, mover, seed=count, level="normal")
        response = post_move(clients[mover], game, move)
        assert response.status_code == 200, response.content.decode()[:2000]
        game.refresh_from_db()
        board = response.content.decode()
        assert hidden_ids_in(board, forbidden_for(game, mover)) == set()
        if count % 4 == 0:  # another seat's poll, every few moves
            watcher = rng.choice([p for p in clients if p != mover])
            poll = clients[watcher].get(
                reverse("games:poll", args=[game.pk]), {"version": game.version - 1}
            )
            assert poll.status_code == 200
            forbidden = forbidden_for(game, watcher)
            assert hidden_ids_in(poll.content.decode(), forbidden) == set()
    assert game.status == Game.Status.FINISHED, f"not over after {MOVE_LIMIT} moves"
    assert checked_pages >= players + 1
    assert Move.objects.filter(game=game).count() == game.version
    for client in clients.values():
        assert client.get(game.get_absolute_url()).status_code == 200
        assert client.get(reverse("history:replay", args=[game.pk])).status_code == 200
        record = client.get(reverse("history:export", args=[game.pk]))
        assert record.status_code == 200
        mine = client.get(reverse("games:my_games")).content.decode()
        assert f'data-game="{game.pk}"' in mine.split('data-section="finished"')[1]
    statistics = stranger.get(reverse("history:statistics", args=[spec.slug]))
    assert statistics.status_code == 200


# The computer players' moves a level makes through the site before the test
# stops (the hard level searches, even at the tests' small budget).
BOT_MOVES = {"easy": 12, "normal": 12, "hard": 3}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("spec", GAMES, ids=ids)
def test_the_computer_players_of_each_level_play_through_the_site(
    ana, spec, level, django_capture_on_commit_callbacks
):
    """A table against the computer at `level`: the game starts at once, and
    each time Ana moves, the computer players answer with legal moves (the
    move service refuses any other) until the game ends or they made
    BOT_MOVES[level] moves."""
    engine = spec.engine
    client = login(ana)
    with django_capture_on_commit_callbacks(execute=True):  # the bots' tasks
        game = create_table(
            spec, client, engine.min_players, against_computer="on", bot_level=level
        )
    seats = list(game.seats.order_by("position"))
    assert [s.is_bot for s in seats] == [False] + [True] * (len(seats) - 1)
    assert {s.bot_level for s in seats[1:]} == {level}
    rng = random.Random(1)
    for _ in range(MOVE_LIMIT):
        game.refresh_from_db()
        bot_moves = Move.objects.filter(game=game).exclude(seat=0).count()
        if game.status != Game.Status.ACTIVE or bot_moves >= BOT_MOVES[level]:
            break
        assert 0 in engine.to_move(game.state), "the computer players did not answer"
        move = rng.choice(engine.legal_moves(game.state, 0))
        with django_capture_on_commit_callbacks(execute=True):
            response = post_move(client, game, move)
        assert response.status_code == 200, response.content.decode()[:2000]
    assert bot_moves >= 1
    assert game.status in (Game.Status.ACTIVE, Game.Status.FINISHED)
    assert Move.objects.filter(game=game).count() == game.version


def walk(spec, seed: int, limit: int = 300):
    """(view, legal) of each seat to move in a random game of `spec`'s game
    with its form's preset."""
    engine = spec.engine
    players, options = spec.form.preset()
    options = engine.validate_options(players, options)
    state = engine.setup(players, options, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if engine.is_over(state):
            return
        seat = rng.choice(engine.to_move(state))
        legal = engine.legal_moves(state, seat)
        yield engine.view(state, seat), legal
        state = engine.apply(state, seat, rng.choice(legal))


@pytest.mark.parametrize("spec", GAMES, ids=ids)
def test_every_step_met_has_a_line_in_english_and_french(spec):
    """Each step a seat meets in random games of the preset has a line under
    the prompt, among the spec's step texts, and a French one of its own."""
    met = {}
    for seed in (1, 2):
        for view, legal in walk(spec, seed):
            met.setdefault(spec.step_name(view, legal), (view, legal))
    assert met
    for name, (view, legal) in met.items():
        if name is None:
            continue
        assert name in spec.step_texts, name
        with translation.override("en"):
            english = spec.step_help(view, legal)
        with translation.override("fr"):
            french = spec.step_help(view, legal)
        assert english and french and french != english, name


@pytest.mark.parametrize("spec", GAMES, ids=ids)
def test_the_options_in_words_and_the_figures_take_what_the_site_gives(spec):
    """The preset's options read as translated words; the figures of no game
    are None and those of finished rows are a list of (label, value)."""
    players, options = spec.form.preset()
    options = spec.engine.validate_options(players, options)
    with translation.override("en"):
        words = spec.describe_options(options)
    assert words and all(isinstance(w, str) and w for w in words)
    if spec.figures is None:
        return
    assert spec.figures([]) is None
    engine = spec.engine
    state = engine.setup(players, options, 5)
    rng = random.Random(5)
    while not engine.is_over(state):
        seat = rng.choice(engine.to_move(state))
        state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
    rows = [
        {**result, "game": 1, "options": options} for result in engine.outcome(state)
    ]
    figures = spec.figures(rows)
    assert figures is None or all(len(pair) == 2 for pair in figures)
