"""Every action card of the set can be played through to the end of the turn."""

import pytest
from rival_helpers import ENGINE, set_res, set_tokens, standing_on, started

from games.rival_cities.engine.cards import BASIC_CARDS, SPECIAL_CARDS
from games.rival_cities.engine.pieces import SPECIAL_SPACES


@pytest.mark.parametrize("card", [c["id"] for c in BASIC_CARDS + SPECIAL_CARDS])
def test_each_card_plays_through(card):
    """Option A on the card, then the first offered choice each time: the turn ends
    with the supply's totals intact and at least one change to the mover's city."""
    state = set_tokens(
        set_res(started(), 0, beer=3, leather=3, cloth=3, furniture=3), 0, letters=1
    )
    set_res(state, 1, beer=2, cloth=1)
    state["players"][0]["factories"]["spent"] = 1
    state["supply"]["factory"] -= 1
    space = SPECIAL_SPACES[0] if card.startswith("special-") else 0
    state = standing_on(state, space, card)
    before = state["players"][0], state["prestige"], state["lawsuits"]
    state = ENGINE.apply(state, 0, {"type": "option", "option": "A"})
    steps = 0
    while ENGINE.to_move(state) == [0] and steps < 30:
        moves = ENGINE.legal_moves(state, 0)
        state = ENGINE.apply(state, 0, moves[0])
        steps += 1
    ENGINE.check_invariants(state)
    assert ENGINE.to_move(state) == [1] or state["over"]
    after = state["players"][0], state["prestige"], state["lawsuits"]
    assert after != before


def test_invariants_catch_a_lost_resource():
    """check_invariants raises when a resource leaves the game."""
    state = started()
    state["supply"]["cloth"] -= 1
    with pytest.raises(AssertionError, match="cloth"):
        ENGINE.check_invariants(state)
