"""The hard Lost Cities player (games/bots/levels.py `PAIRED`,
ismcts.paired_search, lost_cities_playout.py): paired playouts over the normal
heuristic's best moves, played out by the normal player's scores computed from
the state."""

from __future__ import annotations

import random
import time

from games import engines
from games.bots import Budget, choose_move, ismcts
from games.lost_cities.bots import normal as lost_cities_normal
from games.lost_cities.bots import playout

ENGINE = engines.get("lost-cities")


def positions(games: int):
    """Every decision of `games` games of normal moves mixed with random ones."""
    for seed in range(games):
        state = ENGINE.setup(2, {}, seed)
        rng = random.Random(seed)
        while not ENGINE.is_over(state):
            seat = state["current"]
            legal = ENGINE.legal_moves(state, seat)
            yield state, seat, legal
            if rng.random() < 0.5:
                move = rng.choice(legal)
            else:
                move = choose_move(ENGINE, state, seat, seed=seed, level="normal")
            state = ENGINE.apply(state, seat, move)


def test_playout_scores_equal_the_normal_players_scores():
    """The playouts' scores, from the state, are the normal player's, from the
    view, to the last bit, on every move of every decision of 30 games."""
    checked = 0
    for state, seat, legal in positions(30):
        view = ENGINE.view(state, seat)
        expected = [lost_cities_normal.score_move(view, seat, m) for m in legal]
        assert playout.scores(state, seat, legal) == expected
        checked += 1
    assert checked > 2000


def test_round_margin_waits_for_the_end_of_the_round():
    state = ENGINE.setup(2, {"rounds": 3}, 4)
    assert playout.round_margin(state, state, 0) is None
    world = dict(state, round=2, results=[{"scores": [{"total": 30}, {"total": 5}]}])
    assert playout.round_margin(state, world, 0) == 25.0
    assert playout.round_margin(state, world, 1) == -25.0


def candidates_of(state, seat):
    legal = ENGINE.legal_moves(state, seat)
    return [m for m in legal if m["type"] == "play"][:2] + [
        m for m in legal if m["type"] == "discard"
    ][:2]


def paired(state, seat, seed, iterations, stats=None, seconds=60.0):
    return ismcts.paired_search(
        ENGINE,
        state,
        seat,
        candidates=candidates_of(state, seat),
        playout=playout.playout_move,
        value=playout.round_margin,
        seed=seed,
        iterations=iterations,
        seconds=seconds,
        stats=stats,
    )


def test_paired_search_is_deterministic_for_a_seed():
    state = ENGINE.setup(2, {}, 5)
    seat = state["current"]
    first, second = {}, {}
    assert paired(state, seat, 3, 12, first) == paired(state, seat, 3, 12, second)
    assert first["means"] == second["means"]


def test_paired_search_plays_every_candidate_on_the_same_deals():
    """A candidate listed twice gets the very same playouts, so the same mean:
    the comparison is paired."""
    state = ENGINE.setup(2, {}, 6)
    seat = state["current"]
    move = candidates_of(state, seat)[0]
    stats: dict = {}
    ismcts.paired_search(
        ENGINE,
        state,
        seat,
        candidates=[move, dict(move)],
        playout=playout.playout_move,
        value=playout.round_margin,
        seed=1,
        iterations=10,
        seconds=60.0,
        stats=stats,
    )
    assert stats["rounds"] == 5
    assert stats["means"][0] == stats["means"][1]


def test_paired_search_stops_at_its_iteration_budget_in_whole_rounds():
    state = ENGINE.setup(2, {}, 7)
    stats: dict = {}
    paired(state, state["current"], 1, 10, stats)
    assert stats == {**stats, "iterations": 12, "rounds": 3}  # 4 candidates a round


def test_paired_search_stops_at_its_wall_clock_budget():
    state = ENGINE.setup(2, {}, 8)
    stats: dict = {}
    start = time.perf_counter()
    paired(state, state["current"], 1, 10**9, stats, seconds=0.2)
    assert time.perf_counter() - start < 0.2 + 1.0
    assert 1 <= stats["rounds"] < 10**9


def test_hard_keeps_the_normal_move_unless_the_playouts_prefer_another():
    """With one round of playouts and a preference no playout can overcome,
    hard plays the normal player's move."""
    state = ENGINE.setup(2, {}, 9)
    seat = state["current"]
    candidates = candidates_of(state, seat)
    move = ismcts.paired_search(
        ENGINE,
        state,
        seat,
        candidates=candidates,
        playout=playout.playout_move,
        value=playout.round_margin,
        iterations=1,
        prefer=1000.0,
    )
    assert move == candidates[0]


def test_hard_lost_cities_plays_a_legal_move_at_every_decision_of_a_game():
    state = ENGINE.setup(2, {}, 10)
    budget = Budget(iterations=6, seconds=30.0)
    while not ENGINE.is_over(state):
        seat = state["current"]
        move = choose_move(ENGINE, state, seat, seed=1, level="hard", budget=budget)
        assert move in ENGINE.legal_moves(state, seat)
        state = ENGINE.apply(state, seat, move)


def test_hard_draws_as_the_normal_player_without_search():
    """Paired playouts cannot compare draws (a pile rather than the deck shifts
    every card to come): hard takes normal's best-scored draw, at once."""
    for state, seat, legal in positions(3):
        if state["phase"] != "draw" or len(legal) < 2:
            continue
        budget = Budget(iterations=10**9, seconds=60.0)
        start = time.perf_counter()
        move = choose_move(ENGINE, state, seat, seed=1, level="hard", budget=budget)
        assert time.perf_counter() - start < 0.5
        view = ENGINE.view(state, seat)
        scores = [lost_cities_normal.score_move(view, seat, m) for m in legal]
        assert lost_cities_normal.score_move(view, seat, move) == max(scores)
