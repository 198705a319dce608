"""The 2016 Magistrate and Blackmailer."""

BASE = ["assassin", "thief", "magician", "king", "bishop", "merchant"]
BASE += ["architect", "warlord"]


def t16(table, rank1="assassin", rank2="thief"):
    chars = [rank1, rank2, *BASE[2:]]
    return table(4, edition="2016", character_set="chosen", characters=chars)


def test_magistrate_confiscates_the_first_build_of_the_signed_character(table):
    """Magistrate: the signed warrant's first paid district goes to his city and
    the builder gets the gold back."""
    t = t16(table, rank1="magistrate")
    t.characters(magistrate=0, bishop=1)
    t.turn(0, "magistrate")
    t.play(
        0,
        {"type": "warrants", "signed": "bishop", "unsigned": ["king", "merchant"]},
    )
    t.play(0, {"type": "end_turn"})
    assert t.state["turn"]["char"] == "bishop"
    t.state["turn"]["step"] = "main"
    (palace,) = t.hand(1, "palace")
    t.gold(1, 5)
    t.play(1, {"type": "build", "card": palace})
    assert t.engine.to_move(t.state) == [0]
    t.play(0, {"type": "confiscate", "take": True})
    assert t.city_keys(0) == ["palace"] and t.city_keys(1) == []
    assert t.player(1)["gold"] == 5
    assert t.engine.to_move(t.state) == [1]


def test_magistrate_is_asked_for_unsigned_warrants_but_cannot_confiscate(table):
    """An unsigned warrant asks the Magistrate too (so the wait reveals nothing),
    but only lets him pass."""
    t = t16(table, rank1="magistrate")
    t.characters(magistrate=0, king=1)
    t.turn(0, "magistrate")
    t.play(
        0, {"type": "warrants", "signed": "bishop", "unsigned": ["king", "merchant"]}
    )
    t.play(0, {"type": "end_turn"})
    t.state["turn"]["step"] = "main"
    (manor,) = t.hand(1, "manor")
    t.gold(1, 3)
    t.play(1, {"type": "build", "card": manor})
    assert t.moves(0) == [{"type": "confiscate", "take": False}]


def test_signed_warrant_is_seen_only_by_the_magistrate(table):
    """Which warrant is signed is in the Magistrate's view only."""
    t = t16(table, rank1="magistrate")
    t.characters(magistrate=0)
    t.turn(0, "magistrate")
    t.play(
        0, {"type": "warrants", "signed": "bishop", "unsigned": ["king", "merchant"]}
    )
    assert t.engine.view(t.state, 0)["warrants"]["signed"]["character"] == "bishop"
    assert t.engine.view(t.state, 1)["warrants"]["signed"] is None
    assert "warrant-signed" in t.engine.secrets(t.state, 0)


def test_blackmailer_bribe_is_half_the_gold(table):
    """Blackmailer: a threatened player may pay half their gold (rounded down)."""
    t = t16(table, rank2="blackmailer")
    t.characters(blackmailer=0, merchant=1)
    t.turn(0, "blackmailer")
    t.play(0, {"type": "threats", "flowered": "merchant", "other": "king"})
    t.play(0, {"type": "end_turn"})
    assert t.state["turn"]["char"] == "merchant"
    t.gold(1, 5)
    t.gold(0, 0)
    t.play(1, {"type": "take_gold"})
    t.play(1, {"type": "bribe", "pay": True})
    assert t.player(0)["gold"] == 3
    assert t.player(1)["gold"] == 4 + 1  # 7 - 3, then the Merchant's extra gold


def test_blackmailer_reveals_the_flowered_threat_and_takes_all(table):
    """Refusing the bribe: the flowered threat revealed takes all the gold."""
    t = t16(table, rank2="blackmailer")
    t.characters(blackmailer=0, merchant=1)
    t.turn(0, "blackmailer")
    t.play(0, {"type": "threats", "flowered": "merchant", "other": "king"})
    t.play(0, {"type": "end_turn"})
    t.gold(1, 5)
    t.gold(0, 0)
    t.play(1, {"type": "take_gold"})
    t.play(1, {"type": "bribe", "pay": False})
    assert t.engine.to_move(t.state) == [0]
    t.play(0, {"type": "reveal_threat", "reveal": True})
    assert t.player(0)["gold"] == 7
    assert t.player(1)["gold"] == 1  # the Merchant's extra gold after the threat


def _bribed(table, flowered: str, other: str):
    """The Merchant is threatened, pays the bribe; the flowered threat is on
    `flowered`."""
    t = t16(table, rank2="blackmailer")
    t.characters(blackmailer=0, merchant=1, warlord=2)
    t.turn(0, "blackmailer")
    t.play(0, {"type": "threats", "flowered": flowered, "other": other})
    t.play(0, {"type": "end_turn"})
    t.gold(1, 5)
    t.play(1, {"type": "take_gold"})
    t.play(1, {"type": "bribe", "pay": True})
    return t


def test_blackmailer_bribe_removes_the_threat_without_revealing_it(table):
    """2016 rules: a paid bribe removes the threat face down. Whether the paid-off
    threat was the flowered one stays the Blackmailer's secret: every other seat
    sees the same board and the same log whichever threat was real."""
    real = _bribed(table, flowered="merchant", other="king")
    blank = _bribed(table, flowered="king", other="merchant")
    for seat in (1, 2, 3, None):
        assert real.engine.view(real.state, seat) == blank.engine.view(
            blank.state, seat
        )
    assert real.state["threats"]["bribed"] == ["merchant"]
    assert real.state["threats"]["revealed"] == []
    view = real.engine.view(real.state, 2)
    assert view["threats"]["bribed"] == ["merchant"]
    assert view["threats"]["flowered"] is None
    # The Blackmailer still knows which threat is real.
    mine = real.engine.view(real.state, 0)["threats"]["flowered"]
    assert mine["character"] == "merchant"
    assert "threat-flowered" in real.engine.secrets(real.state, 0)
    assert "threat-flowered" not in real.engine.secrets(real.state, 2)


def test_blackmailer_bribed_threat_asks_nothing_more(table):
    """A threat paid off is gone: the Merchant's turn goes on with no second
    bribe and no reveal."""
    t = _bribed(table, flowered="merchant", other="king")
    assert t.engine.to_move(t.state) == [1]
    assert t.state["pending"] is None
    assert not any(m["type"] in {"bribe", "reveal_threat"} for m in t.moves(1))


def test_blackmailer_truth_of_a_bribed_threat_shown_at_the_end(table):
    """When the game ends, every hidden marker is shown, the paid-off one too."""
    t = _bribed(table, flowered="merchant", other="king")
    t.state["phase"] = "over"
    view = t.engine.view(t.state, 2)
    assert view["threats"]["flowered"] == {"character": "merchant"}
