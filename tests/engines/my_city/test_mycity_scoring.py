"""Scoring: the base count, ties, progress circles and the chapters' criteria.

The fresh board has 9 spaces with two trees, 8 with two rocks and 85 empty
meadows: 10 + 18 - 16 - 85 = -73.
"""

import pytest
from mycity_helpers import ENGINE, put
from mycity_helpers import new_game as _game

from games.my_city.engine.scoring import circles_won, seat_score, surrounded_wells


def new_game(num_players=2, **options):
    """The base game: an episode with no rule in force but the base scoring."""
    state = _game(num_players, **options)
    if "episode" not in options:
        state["rules"] = []
    return state


def _score(state, seat=0):
    return ENGINE.outcome(state)[seat]["score"]


def _detail(state, seat=0):
    return ENGINE.outcome(state)[seat]["detail"]


def test_base_scoring_of_an_empty_board():
    """Track 10, +1 per visible tree, -1 per visible rock, -1 per empty meadow."""
    detail = _detail(new_game())
    assert (detail["start"], detail["trees"], detail["rocks"]) == (10, 18, -16)
    assert detail["empty_meadows"] == -85
    assert _score(new_game()) == -73


def test_double_tree_space_counts_twice():
    """Covering a space with two trees loses both trees, and it is no empty meadow."""
    state = put(new_game(), 0, "Y1", 0, 0, 3)  # (0, 3) empty, (0, 4) two trees
    detail = _detail(state)
    assert detail["trees"] == 16 and detail["empty_meadows"] == -84
    assert _score(state) == -73 - 2 + 1


def test_double_rock_space_counts_twice():
    """Covering a space with two rocks saves both rock points."""
    state = put(new_game(), 0, "Y1", 0, 3, 6)  # (3, 6) two rocks, (3, 7) empty
    assert _detail(state)["rocks"] == -14
    assert _score(state) == -73 + 2 + 1


def test_score_detail_adds_up():
    """The breakdown's numbers add up to the score."""
    state = put(put(_game(episode=16), 0, "Y1", 0, 3, 6), 0, "R4", 0, 4, 6)
    state["players"][0]["passes"] = 2
    state["players"][0]["stickers"] = [{"criterion": "touch_edge", "points": 2}]
    state["players"][0]["races"] = {"race-0-x": 3}
    detail = _detail(state)
    parts = [v for k, v in detail.items() if isinstance(v, int) and k != "total"]
    parts.remove(detail["circles_won"])
    assert {"chapter", "stickers", "races"} <= set(detail)
    for part in ("chapter", "stickers", "races"):
        parts += detail[part].values()
    assert sum(parts) == detail["total"] == _score(state)
    assert detail["passes"] == -2


def test_tie_broken_by_top_row_empty_meadows():
    """Equal scores: fewer empty meadows in the top row ranks first."""
    state = new_game(2)
    put(state, 0, "Y1", 0, 0, 2)  # covers two empty meadows of row 0
    put(state, 1, "Y1", 0, 1, 1)  # covers two empty meadows of row 1
    assert _score(state, 0) == _score(state, 1)
    ranks = [row["rank"] for row in ENGINE.outcome(state)]
    assert ranks == [1, 2]


def test_tie_broken_by_the_next_rows():
    """Same top row: the next row down decides."""
    state = new_game(2)
    put(state, 0, "Y1", 0, 1, 1)
    put(state, 1, "Y1", 0, 2, 1)
    assert [row["rank"] for row in ENGINE.outcome(state)] == [1, 2]


def test_identical_boards_share_the_rank():
    """Nothing tells two identical boards apart: they share the rank."""
    state = new_game(3)
    put(state, 2, "Y1", 0, 1, 1)
    assert [row["rank"] for row in ENGINE.outcome(state)] == [2, 2, 1]


@pytest.mark.parametrize(
    "num_players, expected",
    [(2, [2, 0]), (3, [2, 1, 0]), (4, [2, 1, 0, 0])],
)
def test_progress_circles(num_players, expected):
    """3-4 players: 2 circles to the first and 1 to the second; 2 players: 2 to the
    winner only."""
    state = new_game(num_players)
    for seat in range(num_players - 1):
        for _ in range(num_players - 1 - seat):
            put(state, seat, "Y1", 0, 3 + 2 * _, 6)
    state["over"] = True
    won = sorted(
        (row["rank"], row["detail"]["circles_won"]) for row in ENGINE.outcome(state)
    )
    assert [c for _, c in won] == expected


def test_shared_first_place_gives_both_the_circles():
    """Two players tied first both get 2 circles (chosen here)."""
    assert circles_won(1, 3) == 2 and circles_won(2, 3) == 1 and circles_won(2, 2) == 0


def test_fifty_points_colour_one_more_circle():
    """A final score of 50 or more colours one more progress circle (DATA.md)."""
    assert circles_won(3, 4, 50) == 1 and circles_won(1, 2, 49) == 2


def _chapter_points(rules, *placements, seat=0, terrain=None):
    state = new_game()
    state["rules"] = rules
    if terrain:
        state["players"][seat]["terrain"] = terrain
    for args in placements:
        put(state, seat, *args)
    return seat_score(state, seat)[1].get("chapter", {})


def test_rule_building_on_the_river():
    """Chapter rule: points for each building with an edge on the river."""
    rule = {"kind": "score", "criterion": "building_on_river", "points": 1}
    points = _chapter_points([rule], ("Y1", 0, 0, 3), ("R1", 0, 1, 1))
    assert points == {"building_on_river": 1}


def test_rule_largest_colour_group():
    """Chapter rule: each building in each colour's largest connected group."""
    rule = {"kind": "score", "criterion": "largest_colour_group", "points": 1}
    placements = [("Y1", 0, 0, 2), ("Y2", 1, 1, 2), ("R1", 0, 5, 2), ("Y3", 0, 7, 2)]
    assert _chapter_points([rule], *placements) == {"largest_colour_group": 3}


def test_rule_well_surrounded():
    """Chapter rule: a well whose four sides touch four different buildings."""
    terrain = list(new_game()["players"][0]["terrain"])
    terrain[4] = terrain[4][:4] + "W" + terrain[4][5:]
    ring = [("Y1", 0, 3, 4), ("R1", 1, 4, 3), ("B1", 1, 4, 5), ("Y2", 1, 5, 4)]
    state = new_game()
    for args in ring:
        put(state, 0, *args)
    assert surrounded_wells(terrain, state["players"][0]["placed"]) == 1
    rule = {"kind": "score", "criterion": "well_surrounded", "points": 4}
    assert _chapter_points([rule], *ring, terrain=terrain) == {"well_surrounded": 4}
    assert surrounded_wells(terrain, state["players"][0]["placed"][:3]) == 0


def test_rule_both_banks_complete_row_edge_trees_colour():
    """The remaining criteria each count what their name says."""
    rules = [
        {"kind": "score", "criterion": "both_banks", "points": 3},
        {"kind": "score", "criterion": "touch_edge", "points": 1},
        {"kind": "score", "criterion": "visible_trees", "points": 1},
        {
            "kind": "score",
            "criterion": "colour_buildings",
            "colour": "red",
            "points": 2,
        },
        {"kind": "score", "criterion": "complete_row", "points": 5},
    ]
    # Row 0 has empty meadows at columns 2, 3, 5, 6, 7, 9, 10; these cover them all.
    placements = [("R1", 0, 0, 2), ("Y1", 0, 0, 5), ("R3", 0, 0, 7), ("B1", 1, 0, 10)]
    points = _chapter_points(rules, *placements)
    assert points["both_banks"] == 3
    assert points["touch_edge"] == 2  # R1 by the mountains, B1 by the forest
    assert points["visible_trees"] == 18
    assert points["red_buildings"] == 4  # R1 and R3, 2 points each
    assert points["complete_row"] == 5
