"""The hard Citadels player (games/bots/levels.py `PAIRED`, ismcts.paired_search,
citadels_playout.py, citadels_fast.py): the characters it chooses compared by
paired playouts to the end of the round, valued from what every seat sees; the
other decisions played as the normal player plays them."""

from __future__ import annotations

import random
import time

import pytest
from bot_positions import played

from games import engines
from games.bots import Budget, choose_move, levels
from games.citadels.bots import easy as citadels
from games.citadels.bots import normal as citadels_normal
from games.citadels.bots import playout
from games.citadels.bots.fast import fast_view

ENGINE = engines.get("citadels")
TABLES = [
    (4, {}),
    (5, {"edition": "2016", "character_set": "random", "unique_districts": "random"}),
    (6, {"character_set": "random", "unique_districts": "random"}),
    (3, {"edition": "2016"}),
]


def positions(games: int, players: int = 4, options: dict | None = None):
    """Every decision of `games` games of easy moves mixed with random ones."""
    opts = ENGINE.validate_options(players, options or {})
    for seed in range(games):
        state = ENGINE.setup(players, opts, seed)
        yield from played(ENGINE, state, seed, level="easy")


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_fast_view_scores_every_move_as_the_lean_view(players, options):
    """Both heuristics give every legal move of every decision the same score on
    the playouts' view as on the lean one (itself checked against the full view
    in test_bot_hard_views.py), in both editions, with random characters and
    unique districts."""
    checked = 0
    for state, seat, legal in positions(2, players, options):
        lean, fast = citadels.lean_view(state, seat), fast_view(state, seat)
        for move in legal:
            for score in (citadels.score_move, citadels_normal.score_move):
                assert score(fast, seat, move) == score(lean, seat, move), move
        checked += 1
    assert checked > 200


def test_fast_view_shows_only_the_seats_own_cards():
    """Two states the seat cannot tell apart (one a determinization of the
    other) give it the same view."""
    rng = random.Random(1)
    for state, seat, _legal in positions(1):
        other = ENGINE.determinize(state, seat, rng)
        assert fast_view(other, seat) == fast_view(state, seat)


def test_the_value_waits_for_the_end_of_the_round():
    state = ENGINE.setup(4, ENGINE.default_options(4), 3)
    assert playout.round_value(state, state, 0) is None
    later = dict(state, round=state["round"] + playout.HORIZON)
    assert playout.round_value(state, later, 0) is not None


def test_the_value_is_the_lead_over_the_best_rival():
    state = ENGINE.setup(4, ENGINE.default_options(4), 3)
    later = dict(state, round=state["round"] + playout.HORIZON)
    worths = [playout.worth(later, s) for s in range(4)]
    for seat in range(4):
        best = max(w for s, w in enumerate(worths) if s != seat)
        assert playout.round_value(state, later, seat) == worths[seat] - best


def test_the_value_sees_nothing_hidden():
    """What a position is worth reads only what every seat sees: the same for
    every determinization of it, for every seat (2016, where a Secret Vault in
    hand scores at the end)."""
    rng = random.Random(2)
    opts = {"edition": "2016", "unique_districts": "random"}
    for state, seat, _legal in positions(2, 4, opts):
        if state["phase"] == "over":
            continue
        other = ENGINE.determinize(state, seat, rng)
        for s in range(4):
            if s != seat:
                assert playout.worth(other, s) == playout.worth(state, s)


def test_only_the_characters_chosen_are_searched():
    kinds = {True: set(), False: set()}
    for state, seat, legal in positions(1):
        kinds[playout.searched(state, seat)].add(legal[0]["type"])
    assert kinds[True] == {"choose"}
    assert "choose" not in kinds[False]


def test_unsearched_decisions_play_the_normal_players_move_at_once():
    """Outside the draft's choices hard takes normal's best-scored move without
    a playout, however large its budget."""
    budget = Budget(iterations=10**9, seconds=60.0)
    checked = 0
    for state, seat, legal in positions(1):
        if len(legal) < 2 or playout.searched(state, seat):
            continue
        start = time.perf_counter()
        move = choose_move(ENGINE, state, seat, seed=1, level="hard", budget=budget)
        assert time.perf_counter() - start < 0.5
        view = ENGINE.view(state, seat)
        scores = [citadels_normal.score_move(view, seat, m) for m in legal]
        assert citadels_normal.score_move(view, seat, move) == max(scores)
        checked += 1
    assert checked > 30


def test_the_search_is_deterministic_for_a_seed():
    state = ENGINE.setup(4, ENGINE.default_options(4), 7)
    seat = ENGINE.to_move(state)[0]
    assert playout.searched(state, seat)
    paired = levels.players_for(ENGINE).paired
    legal = ENGINE.legal_moves(state, seat)
    budget = Budget(iterations=15, seconds=60.0)
    runs = []
    for _ in range(2):
        stats: dict = {}
        move = levels.paired_choice(
            ENGINE, state, seat, legal, paired, 4, budget, stats
        )
        runs.append((move, stats["means"], stats["rounds"]))
    assert runs[0] == runs[1]
    assert runs[0][2] == 15 // len(legal)


def test_the_playouts_play_the_normal_players_moves():
    for state, seat, legal in positions(1):
        if len(legal) < 2:
            continue
        move = playout.playout_move(state, seat, legal, random.Random(0))
        view = ENGINE.view(state, seat)
        scores = [citadels_normal.score_move(view, seat, m) for m in legal]
        assert citadels_normal.score_move(view, seat, move) == max(scores)


def test_hard_citadels_plays_a_legal_move_at_every_decision_of_a_game():
    state = ENGINE.setup(4, ENGINE.default_options(4), 10)
    budget = Budget(iterations=6, seconds=30.0)
    step = 0
    while not ENGINE.is_over(state):
        seat = ENGINE.to_move(state)[0]
        move = choose_move(ENGINE, state, seat, seed=step, level="hard", budget=budget)
        assert move in ENGINE.legal_moves(state, seat)
        state = ENGINE.apply(state, seat, move)
        step += 1
