"""The computer players' levels (games/bots/levels.py, ismcts.py, ladder.py):
legal moves at every level in every game, the hard search's determinism and
budget, the ladder."""

from __future__ import annotations

import time

import pytest

from games import engines
from games.bots import LEVELS, Budget, choose_move, ismcts
from games.bots.ladder import play, run, wilson
from games.bots.levels import heuristic

# The seats each game is played with: its fewest, or more where a game's rules
# change with the count.
PLAYERS = {
    **{engine.slug: engine.min_players for engine in engines.all()},
    "citadels": 4,
    "my-city": 3,
}
TINY = Budget(iterations=2, seconds=30.0)


def walk(slug: str, level: str, decisions: int, seed: int = 1):
    """Plays `decisions` decisions of a game with every seat at `level`; each
    chosen move must be among the legal moves."""
    engine = engines.get(slug)
    n = PLAYERS[slug]
    state = engine.setup(n, engine.default_options(n), seed)
    for step in range(decisions):
        if engine.is_over(state):
            break
        seat = engine.to_move(state)[0]
        move = choose_move(engine, state, seat, seed=step, level=level, budget=TINY)
        assert move in engine.legal_moves(state, seat)
        state = engine.apply(state, seat, move)
    return engine, state


@pytest.mark.parametrize("slug", sorted(PLAYERS))
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_easy_and_normal_play_only_legal_moves_to_the_end(slug, level):
    engine, state = walk(slug, level, 5000)
    assert engine.is_over(state)


@pytest.mark.parametrize("slug", sorted(PLAYERS))
def test_hard_plays_only_legal_moves(slug):
    walk(slug, "hard", 6)


def test_the_levels_are_easy_normal_and_hard():
    assert LEVELS == ("easy", "normal", "hard")


@pytest.mark.parametrize("slug", sorted(PLAYERS))
def test_normal_has_a_heuristic_of_its_own_in_every_game(slug):
    assert heuristic(engines.get(slug), "normal") is not heuristic(
        engines.get(slug), "easy"
    )


@pytest.mark.parametrize("slug", sorted(PLAYERS))
def test_hard_is_deterministic_for_a_seed(slug):
    engine = engines.get(slug)
    n = PLAYERS[slug]
    state = engine.setup(n, engine.default_options(n), 7)
    seat = engine.to_move(state)[0]
    budget = Budget(iterations=4, seconds=60.0)
    moves = [
        choose_move(engine, state, seat, seed=3, level="hard", budget=budget)
        for _ in range(2)
    ]
    assert moves[0] == moves[1]


def test_hard_stops_at_its_iteration_budget():
    engine = engines.get("lost-cities")
    state = engine.setup(2, {}, 1)
    seat = engine.to_move(state)[0]
    stats: dict = {}
    ismcts.search(
        engine,
        state,
        seat,
        policy=heuristic(engines.get("lost-cities")),
        iterations=5,
        seconds=60.0,
        stats=stats,
    )
    assert stats["iterations"] == 5


def test_hard_stops_at_its_wall_clock_budget():
    """With an iteration budget it cannot reach, the clock stops the search:
    it ends within its seconds plus one iteration (a Citadels playout)."""
    engine = engines.get("citadels")
    state = engine.setup(4, engine.default_options(4), 1)
    seat = engine.to_move(state)[0]
    stats: dict = {}
    start = time.perf_counter()
    ismcts.search(
        engine,
        state,
        seat,
        policy=heuristic(engines.get("citadels")),
        iterations=10**9,
        seconds=0.2,
        stats=stats,
    )
    assert time.perf_counter() - start < 0.2 + 1.5
    assert 1 <= stats["iterations"] < 10**9


def test_a_lone_legal_move_is_played_without_search():
    engine = engines.get("lost-cities")
    state = engine.setup(2, {}, 1)
    seat = engine.to_move(state)[0]
    legal = engine.legal_moves(state, seat)
    state = engine.apply(state, seat, next(m for m in legal if m["type"] == "discard"))
    # Now a draw: the deck only, as no discard pile has a card the seat may take back
    moves = engine.legal_moves(state, seat)
    if len(moves) == 1:
        budget = Budget(iterations=10**9, seconds=60.0)
        start = time.perf_counter()
        assert choose_move(engine, state, seat, seed=1, level="hard", budget=budget)
        assert time.perf_counter() - start < 1.0


def test_the_ladder_counts_a_win_for_the_level_in_first_place():
    engine = engines.get("lost-cities")
    tally = run(engine, "normal", "random", games=4, seed=1)
    assert tally.games == 4
    assert tally.wins == 4  # the heuristic never loses a duel to random moves here
    outcome = play(engine, 2, "random", "random", 5, {0}, TINY)
    assert sorted(o["seat"] for o in outcome) == [0, 1]


def test_wilson_interval_holds_the_share():
    share, low, high = wilson(30, 40)
    assert low < share == 0.75 < high
    assert wilson(0, 0) == (0.0, 0.0, 1.0)


@pytest.mark.parametrize(
    "options", [{"mode": "eternal"}, {"mode": "campaign", "episode": 9}]
)
def test_normal_plays_my_city_in_every_mode(options):
    """The normal My City player counts the points of the mode in force (the
    eternal mode has no chapter; a campaign episode has its chapter's rules)."""
    engine = engines.get("my-city")
    state = engine.setup(3, engine.validate_options(3, options), 2)
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        move = choose_move(engine, state, seat, seed=1, level="normal")
        assert move in engine.legal_moves(state, seat)
        state = engine.apply(state, seat, move)


def test_two_normal_lost_cities_players_end_their_games():
    """Near the end the one behind takes discards to delay it and the one ahead
    (or tied) draws from the deck: two normal players never pass cards back and
    forth for ever."""
    engine = engines.get("lost-cities")
    for seed in (103, 149, 239, 1, 2):  # the first three once tied for ever
        state = engine.setup(2, {}, seed)
        for step in range(400):
            if engine.is_over(state):
                break
            seat = engine.to_move(state)[0]
            move = choose_move(engine, state, seat, seed=step, level="normal")
            state = engine.apply(state, seat, move)
        assert engine.is_over(state), seed
