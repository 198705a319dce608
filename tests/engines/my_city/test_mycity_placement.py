"""Where a building may go: one test per placement rule of the rules text.

Board landmarks used below (rows and columns from 0): in row 0 the west bank is
columns 2-4 and the east bank starts at column 5; (0, 4) holds two trees; the
river also runs between (1, 5) (east bank) and (2, 5) (west bank).
"""

import pytest
from mycity_helpers import ENGINE, new_game, place, put, reveal

from games.engines.base import IllegalMove
from games.my_city.engine.board import COLS, RIVER_SPACES, ROWS, bank
from games.my_city.engine.buildings import BUILDINGS, orientations_of
from games.my_city.engine.placement import placement_error


def _reason(state, seat, move):
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, seat, move)
    return err.value.reason


def test_first_building_along_the_river():
    """The first building must have a full edge on the river."""
    state = reveal(new_game(), "Y1")
    ENGINE.apply(state, 0, place("Y1", 0, 0, 3))  # (0, 4) faces (0, 5)
    assert "first building along the river" in _reason(state, 0, place("Y1", 0, 1, 1))


def test_first_building_a_river_corner_is_not_enough():
    """Touching the river at a corner only does not make a first building legal."""
    state = reveal(new_game(), "Y1")
    # (2, 4) meets the river only at the corner of (1, 5).
    assert (2, 4) not in RIVER_SPACES
    assert "first building along the river" in _reason(state, 0, place("Y1", 0, 2, 3))


def test_adjacency_across_the_river():
    """Two buildings facing each other across the river are adjacent."""
    state = reveal(put(new_game(), 0, "Y1", 0, 0, 3), "R1")
    new = ENGINE.apply(state, 0, place("R1", 0, 0, 5))
    assert new["pending"][0]["building"] == "R1"


def test_corner_is_not_adjacency():
    """A later building touching one's city only at a corner is refused."""
    state = reveal(put(new_game(), 0, "Y1", 0, 0, 3), "R1")
    assert "touch your city" in _reason(state, 0, place("R1", 0, 1, 5))


def test_later_building_must_touch_own_city():
    """Being next to the river is not enough once a building stands."""
    state = reveal(put(new_game(), 0, "Y1", 0, 0, 3), "R1")
    assert "touch your city" in _reason(state, 0, place("R1", 0, 5, 3))


def test_adjacency_to_another_players_city_does_not_count():
    """Only one's own buildings count: each player builds on their own board."""
    state = reveal(put(new_game(), 1, "Y1", 0, 0, 3), "R1")
    assert "first building along the river" in _reason(state, 0, place("R1", 0, 3, 2))


def test_no_building_across_the_river():
    """A building stays on one bank, even along the river."""
    state = reveal(put(new_game(), 0, "Y1", 0, 0, 3), "R1")
    assert "not across the river" in _reason(state, 0, place("R1", 0, 1, 4))


def test_no_overlap():
    """A building never covers another."""
    state = reveal(put(new_game(), 0, "Y1", 0, 0, 3), "R1")
    assert "no overlap" in _reason(state, 0, place("R1", 0, 0, 2))


def test_mountains_and_forest_are_not_buildable():
    """Mountains (left edge) and forest (right edge) cannot hold a building."""
    state = reveal(new_game(), "Y3")
    assert "meadows only" in _reason(state, 0, place("Y3", 0, 1, 0))
    assert "meadows only" in _reason(state, 0, place("Y3", 0, 0, 9))


def test_trees_and_rocks_may_be_covered():
    """Meadows with trees or rocks take buildings."""
    state = reveal(new_game(), "Y1")
    ENGINE.apply(state, 0, place("Y1", 0, 0, 3))  # covers the two trees at (0, 4)
    ENGINE.apply(state, 0, place("Y1", 0, 3, 6))  # covers the two rocks at (3, 6)


def test_building_must_stay_on_the_board():
    """A placement reaching past the edge is refused."""
    state = reveal(new_game(), "Y1")
    assert "on the board" in _reason(state, 0, place("Y1", 1, ROWS - 1, 5))


def test_only_the_revealed_building():
    """Everyone builds the building on the revealed card, no other."""
    state = reveal(new_game(), "Y1")
    assert "revealed building" in _reason(state, 0, place("Y2", 0, 0, 3))


def test_unknown_orientation_is_refused():
    """An orientation outside the shape's distinct images is refused."""
    state = reveal(new_game(), "Y5")  # the square block has one image
    assert len(orientations_of("Y5")) == 1
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, place("Y5", 1, 0, 3))


@pytest.mark.parametrize("building", ["Y1", "R5", "B7", "Y8"])
def test_legal_moves_are_exhaustive_and_distinct(building):
    """legal_moves lists every legal position x image once, and nothing else."""
    state = reveal(put(new_game(), 0, "R2", 0, 4, 4), building)
    player = state["players"][0]
    expected = {
        (o, r, c)
        for o in range(len(orientations_of(building)))
        for r in range(ROWS)
        for c in range(COLS)
        if placement_error(player["terrain"], player["placed"], building, o, r, c)
        is None
    }
    moves = ENGINE.legal_moves(state, 0)
    places = [
        (m["orientation"], m["row"], m["col"]) for m in moves if m["type"] == "place"
    ]
    assert set(places) == expected and len(places) == len(expected)
    covered = [
        frozenset((r + dr, c + dc) for dr, dc in orientations_of(building)[o])
        for o, r, c in places
    ]
    assert len(set(covered)) == len(covered)
    assert {"type": "stop"} in moves and {"type": "pass"} in moves


def test_symmetric_shapes_have_fewer_images():
    """Rotations and mirrors are deduplicated: square 1, domino 2, the rest up to 8."""
    counts = {b["shape"]: len(orientations_of(i)) for i, b in BUILDINGS.items()}
    assert counts["block"] == 1 and counts["kiosk"] == 2 and counts["tower"] == 8


def test_river_splits_land_in_two_unequal_parts():
    """The river leaves a smaller west bank and a larger east bank."""
    from games.my_city.engine.board import BUILDABLE, CAMPAIGN_TERRAIN

    sides = [0, 0]
    for r in range(ROWS):
        for c in range(COLS):
            if CAMPAIGN_TERRAIN[r][c] in BUILDABLE:
                sides[bank(r, c)] += 1
    assert sides[0] != sides[1] and min(sides) > 30
