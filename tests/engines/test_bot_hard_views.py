"""What the hard search reads (games/bots/levels.py): views built untranslated,
and My City's lean view, which must score every move as the full view does and
read nothing a seat may not see."""

from __future__ import annotations

import io
import random
import threading

import pytest
from django.core.management import call_command

from games import engines
from games.bots.ladder import Tally, row
from games.bots.levels import Budget, choose_move, for_search, quiet
from games.citadels.bots import easy as citadels
from games.citadels.bots import normal as citadels_normal
from games.engines import base
from games.my_city.bots import easy as my_city
from games.my_city.bots import normal as my_city_normal
from games.rival_cities.bots import view as rival_view

SCORES = {"easy": my_city.score_move, "normal": my_city_normal.score_move}


def my_city_positions(options: dict, seed: int, every: int = 1, stickers=False):
    """The decisions of a 3-player game of normal players (one round in
    `every`), each with its seat; with `stickers`, every player holds the
    stickers the episode offers (as if carried from earlier episodes)."""
    engine = engines.get("my-city")
    state = engine.setup(3, engine.validate_options(3, options), seed)
    if stickers:
        offer = [
            s for r in state["rules"] if r["kind"] == "stickers" for s in r["offer"]
        ]
        assert offer
        for player in state["players"]:
            player["stickers"] = [dict(s) for s in offer]
    step = 0
    while not engine.is_over(state):
        if state["round"] % every == 0:
            for seat in engine.to_move(state):
                yield engine, state, seat
        seat = engine.to_move(state)[0]
        move = choose_move(engine, state, seat, seed=step, level="normal")
        state = engine.apply(state, seat, move)
        step += 1


@pytest.mark.parametrize(
    ("options", "stickers"),
    [
        ({"mode": "eternal"}, False),
        ({"mode": "campaign", "episode": 1}, False),
        ({"mode": "campaign", "episode": 16}, True),
    ],
)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_my_city_lean_view_scores_every_move_as_the_full_view(options, stickers, level):
    score = SCORES[level]
    checked = 0
    positions = my_city_positions(options, seed=5, every=3, stickers=stickers)
    for engine, state, seat in positions:
        full, lean = engine.view(state, seat), my_city.lean_view(state, seat)
        for move in engine.legal_moves(state, seat):
            assert score(lean, seat, move) == score(full, seat, move), move
            checked += 1
    assert checked > 50


def test_my_city_lean_view_reads_nothing_hidden():
    """Two states a seat cannot tell apart (the deck reshuffled, the other
    seats' pending decisions redealt) give it the same lean view."""
    rng = random.Random(3)
    compared = 0
    for engine, state, seat in my_city_positions({"mode": "eternal"}, seed=8):
        others_decided = any(
            d is not None for s, d in enumerate(state["pending"]) if s != seat
        )
        if not others_decided:
            continue
        other = engine.determinize(state, seat, rng)
        assert my_city.lean_view(other, seat) == my_city.lean_view(state, seat)
        compared += 1
    assert compared > 10


def test_the_search_sees_lean_views_where_a_game_has_one():
    lean = for_search(engines.get("my-city"))
    state = lean.setup(3, lean.default_options(3), 1)
    assert lean.view(state, 0) == my_city.lean_view(state, 0)
    assert lean.legal_moves(state, 0) == engines.get("my-city").legal_moves(state, 0)
    lost_cities = engines.get("lost-cities")
    assert for_search(lost_cities) is lost_cities


@pytest.fixture
def translator():
    saved = base.translators()
    base.set_translator(lambda text: f"«{text}»")
    yield
    base.set_translator(*saved)


def test_texts_stay_english_inside_the_search_and_translated_after(translator):
    assert base._("Piracy") == "«Piracy»"
    with quiet():
        assert base._("Piracy") == "Piracy"
    assert base._("Piracy") == "«Piracy»"


def test_a_search_leaves_texts_english_in_its_own_thread_only(translator):
    """A page drawn in another thread while a search runs is still translated,
    and overlapping searches in two threads each keep their English to the end."""
    inside, drawn, other_inside = (
        threading.Event(),
        threading.Event(),
        threading.Event(),
    )
    seen = {}

    def search():
        with quiet():
            inside.set()
            drawn.wait(5)
            other_inside.wait(5)
            seen["search"] = base._("Piracy")
        seen["search after"] = base._("Piracy")

    def page():
        inside.wait(5)
        seen["page"] = base._("Piracy")
        drawn.set()

    def other_search():
        inside.wait(5)
        with quiet():
            other_inside.set()
        seen["other after"] = base._("Piracy")

    threads = [threading.Thread(target=f) for f in (search, page, other_search)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert seen == {
        "search": "Piracy",
        "page": "«Piracy»",
        "other after": "«Piracy»",
        "search after": "«Piracy»",
    }
    assert base._("Piracy") == "«Piracy»"


def test_a_hard_move_leaves_the_translator_in_place(translator):
    engine = engines.get("rival-cities")
    state = engine.setup(2, engine.default_options(2), 1)
    seat = engine.to_move(state)[0]
    move = choose_move(
        engine, state, seat, seed=1, level="hard", budget=Budget(2, 30.0)
    )
    assert move in engine.legal_moves(state, seat)
    assert base._("Piracy") == "«Piracy»"


def without_texts(value):
    """A view without what the lean view leaves out: texts, log lines, the
    legal moves."""
    if isinstance(value, dict):
        return {
            k: without_texts(v)
            for k, v in value.items()
            if k not in ("text", "events", "legal_moves")
        }
    if isinstance(value, list):
        return [without_texts(v) for v in value]
    return value


def test_rival_cities_lean_view_is_the_view_without_its_texts():
    """At every decision of a game, for both seats (so the rival's hand stays
    hidden as in the full view), and once the game is over."""
    engine = engines.get("rival-cities")
    state = engine.setup(2, engine.default_options(2), 4)
    step = 0
    while True:
        for seat in (0, 1):
            full = without_texts(engine.view(state, seat))
            assert rival_view.lean_view(state, seat) == full
        if engine.is_over(state):
            break
        seat = engine.to_move(state)[0]
        move = choose_move(engine, state, seat, seed=step, level="normal")
        state = engine.apply(state, seat, move)
        step += 1
    assert step > 50


def test_citadels_lean_view_is_part_of_the_full_view():
    """Every field of the lean view, for every seat at every decision of a
    game, is the full view's (so it shows nothing the seat may not see), and
    both heuristics score every legal move alike on either."""
    engine = engines.get("citadels")
    state = engine.setup(4, engine.default_options(4), 6)
    step = 0
    while not engine.is_over(state):
        mover = engine.to_move(state)[0]
        for seat in range(4):
            full, lean = engine.view(state, seat), citadels.lean_view(state, seat)
            assert set(lean) <= set(full)
            for key, value in lean.items():
                if key == "players":
                    for mine, theirs in zip(value, full["players"], strict=True):
                        assert mine == {k: theirs[k] for k in mine}
                else:
                    assert value == full[key], key
            if seat == mover and step % 3 == 0:
                for move in engine.legal_moves(state, seat):
                    for score in (citadels.score_move, citadels_normal.score_move):
                        assert score(lean, seat, move) == score(full, seat, move)
        move = choose_move(engine, state, mover, seed=step, level="normal")
        state = engine.apply(state, mover, move)
        step += 1
    assert step > 100


def test_the_ladder_counts_first_places_per_seat_each_level_held():
    """At 3 players A holds one seat: one win in two games is a first place
    per two seats for A, and B's one win a first place per four of its seats;
    a tie for first between A and B shares it."""
    tally = Tally("hard", "normal", 3)
    ranks = [{"seat": 0, "rank": 1, "score": 9}, {"seat": 1, "rank": 2, "score": 5}]
    tally.add([*ranks, {"seat": 2, "rank": 3, "score": 1}], {0})
    tally.add([*ranks, {"seat": 2, "rank": 3, "score": 1}], {2})
    assert tally.firsts_per_seat("a") == 0.5
    assert tally.firsts_per_seat("b") == 0.25
    tied = [
        {"seat": 0, "rank": 1, "score": 9},
        {"seat": 1, "rank": 1, "score": 9},
        {"seat": 2, "rank": 3, "score": 1},
    ]
    tally.add(tied, {0})
    assert tally.firsts == {"a": 1.5, "b": 1.5}
    assert "50.0 % / 25.0 %" in row(
        "my-city",
        Tally("a", "b", 3, 2, 1.0, seats={"a": 2, "b": 4}, firsts={"a": 1.0, "b": 1.0}),
    )


def test_the_speed_measure_gives_iterations_per_wall_and_per_cpu_second():
    out = io.StringIO()
    call_command("bot_ladder", "--speed", "0.05", "--game", "rival-cities", stdout=out)
    lines = out.getvalue().splitlines()
    assert "per CPU second" in lines[0]
    cells = [c.strip() for c in lines[2].strip("|").split("|")]
    assert cells[:2] == ["rival-cities", "2"]
    for cell in cells[2:]:
        assert all(float(rate) > 0 for rate in cell.split(","))
