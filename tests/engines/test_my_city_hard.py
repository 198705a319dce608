"""The hard My City player (games/bots/levels.py `PAIRED`, my_city_playout.py):
the normal heuristic's best placements compared by paired playouts of the
seat's own board, played by the normal player's scores computed on bitmasks."""

from __future__ import annotations

import random

import pytest
from bot_positions import played

from games import engines
from games.bots import Budget, choose_move
from games.bots.levels import players_for
from games.my_city.bots import board as board_module
from games.my_city.bots import easy as my_city
from games.my_city.bots import normal as my_city_normal
from games.my_city.bots import playout
from games.my_city.engine.placement import placements
from games.my_city.engine.rules import revealed_building

ENGINE = engines.get("my-city")
OPTIONS = [
    {},  # the ladder's: a standalone episode 1
    {"mode": "campaign", "episode": 3},
    {"mode": "campaign", "episode": 16},
    {"mode": "eternal"},
]


def positions(options: dict, seed: int, players: int = 4, stickers=False, every=1):
    """The decisions of a game of normal moves mixed with random ones (those of
    one round in `every`)."""
    state = ENGINE.setup(players, ENGINE.validate_options(players, options), seed)
    if stickers:
        offer = [
            s for r in state["rules"] if r["kind"] == "stickers" for s in r["offer"]
        ]
        for player in state["players"]:
            player["stickers"] = [dict(s) for s in offer]
    yield from played(
        ENGINE, state, seed, keep=lambda state, _step: state["round"] % every == 0
    )


def counted(view, seat, move):
    if move["type"] != "place":
        return my_city_normal.score_move(view, seat, move)
    return my_city_normal.counted_score(view, seat, move)


@pytest.mark.parametrize(
    ("options", "stickers"),
    [({}, False), ({}, True), ({"mode": "campaign", "episode": 3}, True)],
)
def test_board_scores_equal_the_normal_heuristics_counted_scores(options, stickers):
    """Where every rule in force counts each building on its own, the bitmask
    scores are the engine-counted scores of the normal player, to the last bit."""
    checked = 0
    for seed in (1, 2):
        for state, seat, legal in positions(
            options, seed, players=3, stickers=stickers, every=2
        ):
            assert board_module.Board(state, seat).exact
            view = my_city.lean_view(state, seat)
            assert board_module.scores(state, seat, legal) == [
                counted(view, seat, move) for move in legal
            ]
            assert [my_city_normal.score_move(view, seat, m) for m in legal] == [
                counted(view, seat, move) for move in legal
            ]
            checked += len(legal)
    assert checked > 500


@pytest.mark.parametrize("options", OPTIONS)
def test_normal_heuristic_scores_every_mode_as_the_engine_counts(options):
    """The normal player's scores are the engine-counted ones in every mode,
    the bitmask path taken or not."""
    for state, seat, legal in positions(options, 3, players=2, every=3):
        view = ENGINE.view(state, seat)
        assert [my_city_normal.score_move(view, seat, m) for m in legal] == [
            counted(view, seat, m) for m in legal
        ]


@pytest.mark.parametrize("options", OPTIONS)
def test_board_placements_are_the_engines(options):
    for state, seat, _legal in positions(options, 4):
        building = revealed_building(state)
        player = state["players"][seat]
        ours = board_module.Board(state, seat).placements(building)
        assert [o[:3] for o in ours] == placements(
            player["terrain"], player["placed"], building
        )


@pytest.mark.parametrize("options", OPTIONS)
def test_playout_choice_is_the_first_best_of_the_scores(options):
    """`Board.best`, the playouts' move, is the first best-scored legal move
    (a pass when every placement loses more, a stop when nothing else is
    allowed)."""
    for state, seat, legal in positions(options, 5):
        board = board_module.Board(state, seat)
        values = board_module.scores(state, seat, legal)
        may_pass = any(m["type"] == "pass" for m in legal)
        choice = board.best(revealed_building(state), may_pass)
        expected = legal[max(range(len(legal)), key=values.__getitem__)]
        if isinstance(choice, str):
            assert expected == {"type": choice}
        else:
            assert expected == {
                "type": "place",
                "building": revealed_building(state),
                "orientation": choice[0],
                "row": choice[1],
                "col": choice[2],
            }


def test_solo_value_reads_nothing_of_the_other_seats():
    """A playout's result reads the seat's own board, the deck of the
    determinization and the public rules: the other seats' boards and pending
    decisions change nothing."""
    rng = random.Random(0)
    for state, seat, legal in positions({}, 6):
        if state["round"] % 4:
            continue
        world = ENGINE.determinize(state, seat, rng)
        applied = ENGINE.apply(world, seat, legal[0])
        other = dict(applied, players=list(applied["players"]))
        for s in range(len(other["players"])):
            if s != seat:
                other["players"][s] = {**other["players"][s], "placed": []}
        other["pending"] = [
            p if s == seat else None for s, p in enumerate(applied["pending"])
        ]
        assert playout.solo_value(state, other, seat) == playout.solo_value(
            state, applied, seat
        )


def test_board_reads_only_what_the_view_shows():
    """The bitmask scores built from the state equal those built from the
    seat's view (normal's path), so they read nothing hidden."""
    for state, seat, legal in positions({"mode": "campaign", "episode": 3}, 7, every=3):
        view = ENGINE.view(state, seat)
        from_view = board_module.Board(my_city_normal.public_state(view), seat)
        from_state = board_module.Board(state, seat)
        for move in legal:
            if move["type"] == "place":
                mask = board_module.placement_mask(move)
                assert from_view.score(move["building"], *mask) == from_state.score(
                    move["building"], *mask
                )


def test_hard_is_paired_and_deterministic_for_a_seed():
    assert players_for(ENGINE).paired is not None
    budget = Budget(iterations=9, seconds=60)
    for state, seat, legal in positions({}, 8):
        if state["round"] not in (2, 9) or len(legal) < 3:
            continue
        first = choose_move(ENGINE, state, seat, seed=5, level="hard", budget=budget)
        again = choose_move(ENGINE, state, seat, seed=5, level="hard", budget=budget)
        assert first == again
        view = my_city.lean_view(state, seat)
        values = sorted(
            (my_city_normal.score_move(view, seat, m) for m in legal), reverse=True
        )
        chosen = my_city_normal.score_move(view, seat, first)
        assert chosen >= values[playout.WIDTH - 1]


def test_unsearched_decisions_play_normals_move():
    """Where `searched` says no, hard plays the normal player's best move
    without a playout."""
    budget = Budget(iterations=9, seconds=60)
    seen = 0
    for state, seat, legal in positions({}, 9):
        if playout.searched(state, seat) or len(legal) < 2:
            continue
        view = ENGINE.view(state, seat)
        values = [my_city_normal.score_move(view, seat, m) for m in legal]
        best = legal[max(range(len(legal)), key=values.__getitem__)]
        hard = choose_move(ENGINE, state, seat, seed=1, level="hard", budget=budget)
        assert my_city_normal.score_move(view, seat, hard) == max(values)
        assert hard == best or values.count(max(values)) > 1
        seen += 1
    assert seen
