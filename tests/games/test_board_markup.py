"""The board section's markup (Jinja2 templates, games/templating.py): the top
bar (shared/UI.md: every player's name, score so far, whose turn it is and until
when, a vacation, a forfeit, each player's latest move), the board's links
(which keep an invitation token), the Lost Cities pieces kept for reuse, and
the move button element a site can override."""

import json
import re
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone
from game_helpers import timed_game
from page_helpers import login, post_move

from games import engines
from games.lost_cities.engine.cards import parse
from games.models import Seat

pytestmark = pytest.mark.django_db
ENGINE = engines.get("lost-cities")
START = timezone.now().replace(microsecond=0)


def players(page: str) -> list[str]:
    bar = page.split('<ul class="players">', 1)[1].split("</ul>", 1)[0]
    return [" ".join(li.split()) for li in re.findall(r"<li.*?</li>", bar, re.S)]


def test_the_bar_names_each_player_with_turn_deadline_and_latest_move(ana, ben):
    with time_machine.travel(START, tick=False) as clock:
        game = timed_game(ana, ben, days=2)
        mover = ENGINE.to_move(game.state)[0]
        clients = [login(ana), login(ben)]
        clients[1 - mover].get(game.get_absolute_url())  # a first look
        clock.shift(timedelta(minutes=1))
        move = next(
            m for m in ENGINE.legal_moves(game.state, mover) if m["type"] == "discard"
        )
        assert post_move(clients[mover], game, move).status_code == 200
        clock.shift(timedelta(minutes=1))
        page = clients[1 - mover].get(game.get_absolute_url()).content.decode()
    items = players(page)
    assert len(items) == 2
    me, them = items[1 - mover], items[mover]
    assert f'class="player seat-{1 - mover} me"' in me
    assert f'class="player seat-{mover} to-move"' in them
    # The mover must still draw: still to play, with the time left on the turn.
    deadline = Seat.objects.get(game=game, position=mover).deadline
    assert deadline == START + timedelta(days=2)  # set when the turn began
    assert (
        f'<span class="turn">to play · <time datetime="{deadline.isoformat()}"' in them
    )
    assert "1 day, 23 hours left</time>" in them
    assert '<span class="score" title="Score so far">0</span>' in them
    assert (
        f'data-last-move="{mover}"><span class="visually-hidden">New since your '
        "last visit: </span>" in them
    )
    assert "Ana" in items[0] and "Ben" in items[1]


def test_the_bar_shows_a_vacation_and_a_forfeit_in_the_viewers_language(
    ana, ben, lost_cities_game
):
    game = lost_cities_game
    now = timezone.now()
    ben.away_from, ben.away_until = now - timedelta(hours=1), now + timedelta(days=3)
    ben.save()
    Seat.objects.filter(game=game, position=1).update(forfeited=True)
    ana.language = "fr"
    ana.save()
    items = players(login(ana).get(game.get_absolute_url()).content.decode())
    local = timezone.localtime(ben.away_until)
    assert f'data-away="1">en vacances (retour le {local.day}' in items[1]
    assert '<span class="away">forfait</span>' in items[1]
    assert "away" not in items[0]


def test_a_guests_board_links_keep_the_invitation(ana, make_user):
    from games import services

    game = services.game_create(
        creator=ana,
        engine_slug="lost-cities",
        num_players=2,
        options={},
        visibility="private",
    )
    services.seat_join(game_id=game.pk, user=make_user("Ben"))
    game.refresh_from_db()
    guest = login(make_user("Eve"))
    url = f"{game.get_absolute_url()}?invite={game.invite_token}"
    page = guest.get(url).content.decode()
    assert (
        f'hx-get="/games/{game.pk}/poll?version={game.version}&amp;invite='
        f'{game.invite_token}"' in page
    )
    assert f'action="/games/{game.pk}/move"' in page


def _lc_context(state, position, names=("Ana", "Ben")):
    from types import SimpleNamespace

    from django.test import RequestFactory

    from games import registry
    from games.boards import board_layout

    request = RequestFactory().get("/")
    request.htmx = True
    to_move = ENGINE.to_move(state)
    context = {
        "view": ENGINE.view(state, position),
        "position": position,
        "legal": ENGINE.legal_moves(state, position)
        if position is not None and position in to_move
        else [],
        "seats": [SimpleNamespace(position=i, name=n) for i, n in enumerate(names)],
        "game": SimpleNamespace(version=7, pk=3),
        "urls": {"move": "/games/3/move"},
        "outcome": sorted(ENGINE.outcome(state), key=lambda r: r["rank"])
        if ENGINE.is_over(state)
        else None,
        "request": request,
    }
    context["layout"] = board_layout(registry.get("lost-cities"), context)
    return context


def _lc_board(context) -> str:
    from django.template.loader import get_template

    template = get_template("games/lost-cities/board.jinja", using="jinja2")
    return template.render(dict(context), context["request"])


def test_the_markup_kept_for_reuse_stays_bounded(settings, monkeypatch):
    """A piece is drawn once per key and language and reused, but never more
    than the limit are kept: the oldest make way."""
    from django.template import engines

    from games.templating import kept_markup

    settings.DEBUG = False
    monkeypatch.setattr(kept_markup, "limit", 5)
    kept_markup.clear()
    card = engines["jinja2"].env.get_template("games/lost-cities/card.jinja")
    cards = [
        {"id": f"lc-red-{v}", "colour": "red", "value": v, "symbol": "flame"}
        for v in range(2, 11)
    ]
    first = kept_markup(card.module.card, cards[0])
    for c in cards:
        html = kept_markup(card.module.card, c)
        assert f'data-card="{c["id"]}"' in html
        assert len(kept_markup.kept) <= 5
    assert not any("lc-red-2" in key for key in kept_markup.kept)
    assert kept_markup(card.module.card, cards[0]) == first
    kept_markup.clear()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_board_drawn_with_kept_pieces_is_the_board_drawn_afresh(settings, language):
    """Each kept piece's key holds all it shows: over a whole game, every board
    drawn with the pieces kept from the boards before it is the board drawn
    from nothing kept, for both players and a spectator."""
    import random

    from django.utils import translation

    from games.templating import kept_markup

    settings.DEBUG = False
    kept_markup.clear()
    state = ENGINE.setup(2, {"expeditions": 6}, seed=11)
    rng = random.Random(5)
    boards = 0
    with translation.override(language):
        while True:
            for position in (0, 1, None):
                context = _lc_context(state, position)
                kept = _lc_board(context)
                assert kept_markup.kept, "pieces are kept"
                saved = dict(kept_markup.kept)
                kept_markup.clear()
                assert _lc_board(context) == kept
                kept_markup.kept.update(saved)
                boards += 1
            if ENGINE.is_over(state):
                break
            seat = ENGINE.to_move(state)[0]
            move = rng.choice(ENGINE.legal_moves(state, seat))
            state = ENGINE.apply(state, seat, move)
    assert boards > 150
    kept_markup.clear()


def test_a_site_overrides_the_move_button_of_every_board(settings, tmp_path):
    """The move button is one element template (games/elements/move_button.jinja):
    a site's own copy, found first, draws every board's buttons."""
    element = tmp_path / "games" / "elements" / "move_button.jinja"
    element.parent.mkdir(parents=True)
    element.write_text(
        "{% macro move_button(move, label='', css='act', aria_label='', attrs={})"
        ' %}<button class="site-button" name="move"'
        ' value="{{ move if move is string else move|move_json }}">'
        "{{ caller() if caller else label }}</button>{% endmacro %}"
    )
    templates = [dict(engine) for engine in settings.TEMPLATES]
    jinja = next(e for e in templates if e.get("NAME") == "jinja2")
    jinja["DIRS"] = [tmp_path, *jinja["DIRS"]]
    settings.TEMPLATES = templates
    state = ENGINE.setup(2, {}, seed=3)
    mover = ENGINE.to_move(state)[0]
    html = _lc_board(_lc_context(state, mover))
    legal = ENGINE.legal_moves(state, mover)
    assert html.count('class="site-button"') == len(legal)
    assert "data-move" not in html


def _board(page: str) -> str:
    return page.split('<p class="prompt"', 1)[1].split('<details class="log"', 1)[0]


def test_the_lost_cities_board_offers_the_legal_moves_as_buttons(ana, make_user):
    """The Lost Cities board (games/lost-cities/board.jinja): a button for each
    legal move of the player to move (one for two wagers of a colour: the same
    move) and none for the other; names escaped; the counts and prompts in the
    viewer's language."""
    from markupsafe import escape  # as the board partials escape
    from page_helpers import data_moves

    from games import services

    rogue = make_user('Rob <i>"&')
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=rogue)
    game.refresh_from_db()
    mover = ENGINE.to_move(game.state)[0]
    users = {s.position: s.user for s in game.seats.all()}
    mine = login(users[mover]).get(game.get_absolute_url()).content.decode()
    theirs = login(users[1 - mover]).get(game.get_absolute_url()).content.decode()
    legal = ENGINE.legal_moves(game.state, mover)
    hand = {c: parse(c) for c in game.state["hands"][mover]}
    seen, distinct = set(), []
    for move in legal:  # the second wager of a colour is the first one's move
        colour, value = hand.get(move.get("card"), (None, 0))
        same = (move["type"], colour) if value is None else None
        if same not in seen or same is None:
            distinct.append(move)
        if same:
            seen.add(same)
    legal = distinct
    key = json.dumps
    assert sorted(
        data_moves(_board(mine)), key=lambda m: key(m, sort_keys=True)
    ) == sorted(legal, key=lambda m: key(m, sort_keys=True))
    assert data_moves(_board(theirs)) == []
    assert "Your turn: play a card" in mine
    assert f"Waiting for {escape(users[mover].name)}." in theirs
    assert "<i>" not in _board(mine) + _board(theirs)
    assert escape(rogue.name) in _board(mine)
    assert "8 cards in hand" in mine and "44 cards left" in mine
    viewer = users[1 - mover]
    viewer.language = "fr"
    viewer.save()
    page = login(viewer).get(game.get_absolute_url())
    board = _board(page.content.decode())
    assert "8 cartes en main" in board and "44 cartes restantes" in board, board
    assert f"Expéditions de {escape(users[mover].name)}" in board


def _log_row(game, seq, seat, text):
    from games.models import Move

    line = {str(v): text for v in ("0", "1", "-")}
    Move.objects.create(
        game=game,
        seq=seq,
        seat=seat,
        move={"type": "x"},
        log={"en": line, "fr": line},
    )


def test_a_turn_older_than_the_log_read_still_shows_in_the_bar(
    ana, lost_cities_game, django_assert_max_num_queries
):
    """Ana's last turn is 48 moves back (a big table's other players moved in
    between): the top bar reads it on its own, with one query more, and shows
    that turn only (her move before another seat's is not part of it)."""
    game = lost_cities_game
    _log_row(game, 1, 0, "{p0} did an old thing")
    _log_row(game, 2, 1, "{p1} answered")
    _log_row(game, 3, 0, "{p0} played first")
    _log_row(game, 4, 0, "{p0} drew")
    for seq in range(5, 53):
        _log_row(game, seq, 1, f"{{p1}} move {seq}")
    client = login(ana)
    client.get(game.get_absolute_url())
    with django_assert_max_num_queries(12) as counted:
        page = client.get(game.get_absolute_url()).content.decode()
    items = players(page)
    assert "Ana played first · Ana drew</span>" in items[0]
    assert "old thing" not in items[0]
    assert "Ben move 50 · Ben move 51 · Ben move 52</span>" in items[1]
    few = len(counted.captured_queries)
    # With every seat's latest turn among the lines read, no query more.
    _log_row(game, 53, 0, "{p0} came back")
    with django_assert_max_num_queries(few - 1):
        page = client.get(game.get_absolute_url()).content.decode()
    assert "Ana came back</span>" in players(page)[0]


@pytest.mark.parametrize(
    ("slug", "assets"),
    [
        ("lost-cities", ["css/tips.css", "js/tips.js"]),
        ("citadels", ["css/citadels.css", "css/tips.css", "js/tips.js"]),
        ("rival-cities", ["css/rival_cities.css", "css/tips.css", "js/tips.js"]),
        ("my-city", ["css/my_city.css", "js/my_city.js", "css/tips.css", "js/tips.js"]),
    ],
)
def test_a_games_stylesheet_and_script_are_in_the_pages_head_not_the_board(
    ana, ben, slug, assets
):
    """The page's head loads the game's own stylesheet and script; the board
    section htmx swaps after a move or a poll carries no <link> or <script>."""
    from games import services

    game = services.game_create(
        creator=ana, engine_slug=slug, num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    client = login(ana)
    page = client.get(game.get_absolute_url()).content.decode()
    head = page.split("</head>", 1)[0]
    for asset in assets:
        assert f"/static/{asset}" in head
        assert page.count(f"/static/{asset}") == 1
    partial = client.get(game.get_absolute_url(), headers={"HX-Request": "true"})
    html = partial.content.decode()
    assert html.startswith('<section id="board"')
    assert "<link" not in html and "<script" not in html


def test_two_wagers_of_a_colour_in_hand_offer_one_pair_of_buttons():
    """Playing or discarding either of two blue wagers is the same move: the
    board names it once ("Play blue wager"), not twice under one name."""
    from games.lost_cities.layout import layout as lc_layout

    engine = engines.get("lost-cities")
    state = engine.setup(2, {}, 1)
    seat = state["current"]
    hand = ["lc-blue-w1", "lc-blue-w2", "lc-blue-5", "lc-red-w1"]
    hand += ["lc-white-4", "lc-white-7", "lc-white-10", "lc-red-4"]
    state["hands"][seat] = hand
    layout = lc_layout(engine.view(state, seat), seat, engine.legal_moves(state, seat))
    offered = {h["card"]["id"]: (h["play"], h["discard"]) for h in layout["hand"]}
    assert all(offered["lc-blue-w1"]) and all(offered["lc-red-w1"])
    assert offered["lc-blue-w2"] == (None, None)
    assert all(offered["lc-blue-5"])
