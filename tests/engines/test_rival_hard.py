"""The hard Rival Cities player (games/bots/levels.py `PAIRED`,
ismcts.paired_search, rival_playout.py): paired playouts over the normal
heuristic's best inkwell moves, played out by the normal player from a view
built faster, every other decision normal's move."""

from __future__ import annotations

import random
import time

from bot_positions import played

from games import engines
from games.bots import Budget, choose_move
from games.rival_cities.bots import playout as rival_playout
from games.rival_cities.bots import view as rival_view
from games.rival_cities.bots.routes import mixed_score_move

ENGINE = engines.get("rival-cities")


def positions(games: int, every: int = 1):
    """The decisions of `games` games of normal moves mixed with random ones
    (one in `every`)."""
    for seed in range(games):
        state = ENGINE.setup(2, ENGINE.default_options(2), seed)
        yield from played(
            ENGINE, state, seed, keep=lambda _state, step: step % every == 0
        )


def test_the_lean_views_pieces_are_drawn_once_and_shared():
    """Without texts, a card seen in two views is one dict (read-only), and it
    is the card as the engine draws it without texts."""
    from games.rival_cities.engine.view import card_view

    state, seat, _legal = next(positions(1))
    first, second = rival_view.lean_view(state, seat), rival_view.lean_view(state, seat)
    card = next(s["card"] for s in first["ring"] if s["card"])
    again = next(s["card"] for s in second["ring"] if s["card"])
    assert card is again
    assert card == card_view(card["id"], False)
    assert "text" not in card


def test_the_playouts_view_reads_nothing_hidden():
    """A determinization the seat cannot tell from the state gives the seat
    the same lean view (the rival's hand, the piles, the RNG redealt)."""
    rng = random.Random(1)
    for state, seat, _legal in positions(2, every=5):
        other = ENGINE.determinize(state, seat, rng)
        assert rival_view.lean_view(other, seat) == rival_view.lean_view(state, seat)


def test_playouts_play_the_normal_players_best_move():
    """The playout scores each move once per decision from the faster view; the
    move it plays is one the normal player scores best from the full view."""
    checked = 0
    for state, seat, legal in positions(3):
        if len(legal) < 2:
            continue
        view = ENGINE.view(state, seat)
        scores = [mixed_score_move(view, seat, m) for m in legal]
        move = rival_playout.playout_move(state, seat, legal, random.Random(0))
        assert mixed_score_move(view, seat, move) == max(scores)
        checked += 1
    assert checked > 200


def test_only_the_inkwell_move_is_searched():
    kinds = {}
    for state, seat, _legal in positions(2):
        kind = state["queue"][-1]["t"]
        kinds.setdefault(kind, rival_playout.searched(state, seat))
    assert kinds.pop("inkwell") is True
    assert len(kinds) > 5
    assert not any(kinds.values())


def test_hard_plays_normals_move_where_it_does_not_search():
    """Away from the inkwell, hard takes normal's best-scored move, at once."""
    budget = Budget(iterations=10**9, seconds=60.0)
    checked = 0
    for state, seat, legal in positions(2, every=3):
        if rival_playout.searched(state, seat) or len(legal) < 2:
            continue
        start = time.perf_counter()
        move = choose_move(ENGINE, state, seat, seed=1, level="hard", budget=budget)
        assert time.perf_counter() - start < 0.5
        view = ENGINE.view(state, seat)
        scores = [mixed_score_move(view, seat, m) for m in legal]
        assert mixed_score_move(view, seat, move) == max(scores)
        checked += 1
    assert checked > 20


def test_result_waits_for_the_end_and_counts_the_win_and_the_stars():
    state = ENGINE.setup(2, ENGINE.default_options(2), 3)
    assert rival_playout.result(state, state, 0) is None
    over = ENGINE.determinize(state, 0, random.Random(0))
    over["over"] = True
    over["result"] = {"winner": 1, "how": "ships"}
    over["players"][1]["stars"] = 4
    assert rival_playout.result(state, over, 1) == 1.0 + 4 * rival_playout.STAR_SHARE
    assert rival_playout.result(state, over, 0) == -1.0 - 4 * rival_playout.STAR_SHARE


def inkwell_decision(seed: int):
    for state, seat, legal in positions(1):
        if rival_playout.searched(state, seat) and len(legal) > 2:
            seed -= 1
            if seed < 0:
                return state, seat
    raise AssertionError("no inkwell decision")


def test_hard_search_is_deterministic_for_a_seed():
    state, seat = inkwell_decision(3)
    budget = Budget(iterations=6, seconds=60.0)
    moves = [
        choose_move(ENGINE, state, seat, seed=5, level="hard", budget=budget)
        for _ in range(2)
    ]
    assert moves[0] == moves[1]
    assert moves[0] in ENGINE.legal_moves(state, seat)
