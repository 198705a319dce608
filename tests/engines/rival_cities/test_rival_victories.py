"""Instant victories and the star count (R-rc "Victoires instantanées et fin de partie")."""

import pytest
from rival_helpers import (
    ENGINE,
    action,
    play,
    set_tokens,
    started,
    take_alliance,
    take_ship,
    with_tasks,
)

from games.engines.base import IllegalMove
from games.rival_cities.engine.pieces import (
    ALLIANCES,
    LAWSUITS,
    PRESTIGE_STARS,
    PRESTIGE_WIN,
    SHIPS,
)


def test_prestige_victory_at_the_citys_name():
    """The marker reaching Altona's name wins for Altona at once."""
    state = started()
    state["prestige"] = -(PRESTIGE_WIN - 1)
    state = action(state, 1, "prestige")
    assert state["over"] and state["result"] == {"winner": 1, "how": "prestige"}
    assert ENGINE.to_move(state) == []
    assert [r["rank"] for r in ENGINE.outcome(state)] == [2, 1]


def test_lawsuit_victory_at_the_third_won():
    """The third lawsuit won ends the game."""
    state = started()
    state["players"][0]["lawsuits"] = ["lawsuit-8", "lawsuit-9"]
    state["lawsuits"][0]["marker"] = 2
    for card in ("lawsuit-8", "lawsuit-9"):
        for pile in ("lawsuit_deck", "lawsuits_boxed"):
            if card in state[pile]:
                state[pile].remove(card)
        for index, entry in enumerate(state["lawsuits"]):
            if entry and entry["card"] == card:
                state["lawsuits"][index] = {
                    "card": state["lawsuit_deck"].pop(),
                    "marker": 0,
                }
    state["lawsuits"][0]["marker"] = 2
    state = with_tasks(state, 0, [{"t": "ls_lawsuit"}])
    assert state["result"] == {"winner": 0, "how": "lawsuits"}


def test_ship_victory_at_three_more_ships():
    """Three more ships than the rival wins at once."""
    state = started()
    for card in ("ship-20", "ship-21"):
        take_ship(state, 1, card)
    state = take_ship(state, 1, "ship-6")
    state = with_tasks(state, 0, [{"t": "reactivate"}])
    assert state["result"] == {"winner": 1, "how": "ships"}


def test_alliance_victory_with_all_four():
    """Holding the 4 alliances in play wins at once."""
    state = started()
    for card in list(state["alliances_board"])[:3]:
        take_alliance(state, 0, card)
    last = next(c for c in state["alliances_board"] if c)
    state = action(state, 0, "alliance")
    state = play(state, {"type": "alliance", "card": last})
    assert state["result"] == {"winner": 0, "how": "alliances"}
    assert set(state["players"][0]["alliances"]) <= set(ALLIANCES)


def end_now(state, seat=0):
    state["supply"]["factory"] = 0
    state["players"][1]["factories"]["active"] += 10
    state["bell"] = seat
    return with_tasks(state, seat, [{"t": "ls_end"}])


def test_end_conditions_lead_to_the_star_count():
    """No factory left in the supply at step 8: stars are counted."""
    state = set_tokens(started(), 1, stars=3)
    state = end_now(state)
    assert state["over"] and state["result"]["how"] == "stars"
    assert state["result"]["winner"] == 1
    detail = ENGINE.outcome(state)[1]["detail"]
    assert detail["stars"]["tokens"] == 3 and detail["won_by"] == "stars"


def test_star_count_adds_ships_lawsuits_prestige_and_tokens():
    """Ships' and won lawsuits' printed stars, the prestige space on one's side, tokens."""
    state = take_ship(take_ship(started(), 0, "ship-20"), 0, "ship-21")
    state["players"][0]["lawsuits"] = ["lawsuit-10"]
    state["prestige"] = 3
    state = set_tokens(state, 0, stars=1)
    state = end_now(state)
    stars = ENGINE.outcome(state)[0]["detail"]["stars"]
    expected = {
        "ships": SHIPS["ship-20"]["stars"] + 2,  # ship 21: one star per ship
        "lawsuits": LAWSUITS["lawsuit-10"]["stars"],
        "prestige": PRESTIGE_STARS[3],
        "tokens": 1,
    }
    assert stars == {**expected, "total": sum(expected.values())}


def test_prestige_stars_only_on_ones_side():
    """The prestige space's stars count only for the side holding the marker."""
    state = started()
    state["prestige"] = 4
    state = end_now(state)
    assert ENGINE.outcome(state)[1]["detail"]["stars"]["prestige"] == 0


def test_a_star_tie_goes_to_the_bell_holder():
    """Equal stars: the holder of the bell wins."""
    state = end_now(started(), seat=1)
    assert state["result"]["winner"] == 1 and state["result"]["tie_to_bell"]
    assert ENGINE.outcome(state)[1]["rank"] == 1


def test_no_move_after_the_end():
    """A finished game accepts no move."""
    state = end_now(started())
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "move", "spaces": 1})
