"""Hidden information, the view, the log lines and the contract harness."""

import random

from rival_helpers import ENGINE, action, fresh, give_card, started

from games.engines.base import canonical
from games.engines.playout import check_views, play_one


def test_rival_hand_is_a_count_only():
    """The rival's hand appears as a count; one's own hand in full."""
    state = give_card(started(), 0, "special-3")
    mine = ENGINE.view(state, 0)["cities"][0]
    theirs = ENGINE.view(state, 1)["cities"][0]
    assert mine["hand"][0]["id"] == "special-3"
    assert theirs["hand"] is None and theirs["hand_count"] == 1
    assert "special-3" not in canonical(ENGINE.view(state, 1))
    assert "special-3" not in canonical(ENGINE.view(state, None))


def test_decks_are_counts_and_secret():
    """The special deck, the ship and lawsuit piles and boxed cards are hidden from all."""
    state = started()
    hidden = ENGINE.secrets(state, None)
    assert set(state["special_deck"]) <= set(hidden)
    assert set(state["ship_deck"] + state["ships_boxed"]) <= set(hidden)
    assert set(state["lawsuit_deck"] + state["alliances_boxed"]) <= set(hidden)
    view = ENGINE.view(state, 0)
    assert view["special"]["deck"] == 20 and view["ships"]["deck"] == 6
    text = canonical(view)
    assert not any(f'"{card}"' in text for card in hidden)
    check_views(ENGINE, state, 2)


def test_view_has_no_rng():
    """The RNG state never appears in a view."""
    state = started()
    assert "rng" not in ENGINE.view(state, 0)
    assert canonical(state["rng"]) not in canonical(ENGINE.view(state, None))


def test_view_lists_legal_moves_only_for_the_seat_to_move():
    """Only the deciding seat sees its moves in its view."""
    state = started()
    assert ENGINE.view(state, 0)["legal_moves"] == ENGINE.legal_moves(state, 0)
    assert ENGINE.view(state, 1)["legal_moves"] == []


def test_ring_view_shows_the_cost_of_each_distance():
    """Each ring space shows its distance and the cost of reaching it."""
    ring = ENGINE.view(started(), 0)["ring"]
    assert [s["cost"] for s in ring[:6]] == [0, 0, 1, 2, 4, 6]


def test_draw_is_logged_without_the_card():
    """A draw shows up in the events without naming the card."""
    state = started()
    top = state["special_deck"][-1]
    state = action(state, 0, "draw")
    events = ENGINE.view(state, 1)["events"]
    assert events == ["{p0} drew a special action card"]
    assert top not in " ".join(events)


def test_describe_names_the_player():
    """Log lines name the player as {p0}/{p1}."""
    state = started()
    line = ENGINE.describe(state, 0, {"type": "move", "spaces": 3}, 1)
    assert line == "{p0} moved the inkwell 3 spaces"


def test_everything_visible_once_over():
    """After the end, both hands are shown."""
    state = give_card(started(), 1, "special-3")
    state["over"] = True
    state["result"] = {"winner": 0, "how": "prestige"}
    assert ENGINE.view(state, 0)["cities"][1]["hand"][0]["id"] == "special-3"


def test_apply_does_not_mutate_and_is_deterministic():
    """apply leaves its input alone; the same moves give the same state."""
    state = fresh()
    before = canonical(state)
    move = ENGINE.legal_moves(state, 0)[0]
    one = ENGINE.apply(state, 0, move)
    assert canonical(state) == before
    assert canonical(one) == canonical(ENGINE.apply(fresh(), 0, move))


def test_random_games_pass_the_contract_harness():
    """A few random games, both set-ups, pass every contract check and end."""
    for seed in range(6):
        options = {"first_game": seed % 2 == 0, "first_player": "random"}
        state, moves = play_one(ENGINE, 2, seed, options, chooser=random.Random(seed))
        assert ENGINE.is_over(state) and len(moves) < 2000
        ENGINE.check_invariants(state)
