"""The character draft by player count."""

from games.citadels.engine import ENGINE


def _setup(n, seed=1, **opts):
    return ENGINE.setup(n, ENGINE.validate_options(n, opts), seed)


def _draft_round(state):
    """Plays the draft with the first legal move each time; returns the state."""
    while state["phase"] == "draft":
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    return state


def test_face_up_and_face_down_discards_by_player_count():
    """8 characters: 4p 2 up + 1 down, 5p 1+1, 6p 0+1, 7p 0+1 (DATA.md 2f)."""
    for n, up in ((4, 2), (5, 1), (6, 0), (7, 0)):
        state = _setup(n)
        assert len(state["draft"]["face_up"]) == up
        assert len(state["face_down"]) == 1


def test_nine_characters_discards():
    """9 characters: 4p 3 up, 5p 2, 6p 1, 7p 0, 8p 0 (and 1 down each)."""
    for n, up in ((4, 3), (5, 2), (6, 1), (7, 0), (8, 0)):
        state = _setup(n, nine_characters=True, edition="2016")
        assert len(state["draft"]["face_up"]) == up


def test_king_is_never_discarded_face_up():
    """The rank-4 character never lies face up."""
    for seed in range(60):
        state = _setup(4, seed)
        assert "char-king" not in state["draft"]["face_up"]


def test_players_choose_in_turn_from_the_crown_passing_the_rest():
    """The crown chooses first, then the next seat, each from a smaller pile."""
    state = _setup(4, 3)
    crown = state["crown"]
    assert ENGINE.to_move(state) == [crown]
    size = len(state["draft"]["pile"])
    state = ENGINE.apply(state, crown, ENGINE.legal_moves(state, crown)[0])
    assert ENGINE.to_move(state) == [(crown + 1) % 4]
    assert len(state["draft"]["pile"]) == size - 1


def test_last_unchosen_card_is_set_aside_face_down():
    """After the draft, the leftover card joins the face-down discards."""
    state = _draft_round(_setup(4, 2))
    assert len(state["face_down"]) == 2
    assert all(len(p["characters"]) == 1 for p in state["players"])


def test_seventh_player_also_gets_the_face_down_card():
    """7 players: the last one picks from its card and the face-down card."""
    state = _setup(7, 4)
    for _ in range(6):
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    last = ENGINE.to_move(state)[0]
    assert last == (state["crown"] + 6) % 7
    assert len(ENGINE.legal_moves(state, last)) == 2
    assert state["face_down"] == []
    state = ENGINE.apply(state, last, ENGINE.legal_moves(state, last)[0])
    assert len(state["face_down"]) == 1
    assert state["face_down"][0]["by"] == last


def test_two_players_keep_one_and_discard_one():
    """2 players: each ends with two characters; four are face down."""
    state = _setup(2, 5)
    kinds = []
    while state["phase"] == "draft":
        seat = ENGINE.to_move(state)[0]
        move = ENGINE.legal_moves(state, seat)[0]
        kinds.append((seat == state["crown"], move["type"]))
        state = ENGINE.apply(state, seat, move)
    assert [k for _, k in kinds] == [
        "choose",
        "choose",
        "discard_character",
        "choose",
        "discard_character",
        "choose",
    ]
    assert [len(p["characters"]) for p in state["players"]] == [2, 2]
    assert len(state["face_down"]) == 4


def test_three_players_take_two_characters_each():
    """3 players: two characters each; classic 8 characters leave 2 face down."""
    state = _draft_round(_setup(3, 6))
    assert [len(p["characters"]) for p in state["players"]] == [2, 2, 2]
    assert len(state["face_down"]) == 2


def test_three_players_2016_discard_one_at_random_mid_draft():
    """2016 with 3 players (9 characters): one more random face-down discard."""
    state = _draft_round(_setup(3, 6, edition="2016"))
    assert [len(p["characters"]) for p in state["players"]] == [2, 2, 2]
    assert len(state["face_down"]) == 3


def test_choosing_a_character_not_passed_to_you_is_refused():
    """A character outside the pile cannot be chosen."""
    import pytest

    from games.engines.base import IllegalMove

    state = _setup(4, 7)
    crown = state["crown"]
    outside = state["face_down"][0]["id"]
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, crown, {"type": "choose", "character": outside})
    assert "passed to you" in err.value.reason
