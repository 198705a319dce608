"""The campaign: carry between episodes, chapter rules as data, options."""

import json
import random

import pytest
from mycity_helpers import ENGINE, everyone, new_game, put

from games.engines.base import InvalidOptions
from games.engines.playout import play_one
from games.my_city.engine.campaign import carry_digest
from games.my_city.engine.chapter_rules import chapter_of
from games.my_city.engine.chapters import CHAPTERS
from games.my_city.engine.placement import placement_error
from games.my_city.engine.selfplay import play_campaign, play_episode


def _finish(state):
    """Everyone stops: the episode ends with the boards as they stand."""
    return everyone(state, lambda seat: {"type": "stop"})


def _forge(carry, **changes):
    """A carry with changes, given a fresh digest (a test's shortcut)."""
    carry = {**json.loads(json.dumps(carry)), **changes}
    carry["digest"] = carry_digest(carry)
    return carry


def _campaign(episode, carry=None, num_players=2, seed=1):
    return new_game(num_players, seed, mode="campaign", episode=episode, carry=carry)


def test_campaign_of_24_episodes_chains_the_carry():
    """All 24 episodes play to their end, each carry saved as JSON, reloaded and fed
    into the next episode; circles add up and scores stay in a sensible range."""
    carry = None
    for episode in range(1, 25):
        options = {"mode": "campaign", "episode": episode, "carry": carry}
        options = ENGINE.validate_options(3, options)
        state, decisions = play_episode(3, options, seed=episode)
        assert ENGINE.is_over(state) and decisions > 0
        outcome = ENGINE.outcome(state)
        for row in outcome:
            assert -60 <= row["score"] <= 150
            assert row["carry"]["episode"] == episode
        carry = json.loads(json.dumps([row["carry"] for row in outcome]))
    for seat_carry in carry:
        history = seat_carry["history"]
        assert [h["episode"] for h in history] == list(range(1, 25))
        assert seat_carry["circles"] == sum(h["circles"] for h in history)
    assert sum(c["circles"] for c in carry) >= 24 * 3  # more when ranks tie


def test_campaign_with_random_players_and_four_seats():
    """Random legal play also gets through every episode with 4 players."""
    carry = None
    for episode in range(1, 25):
        options = {"mode": "campaign", "episode": episode, "carry": carry}
        state, _ = play_one(ENGINE, 4, episode, options, check=False)
        carry = [row["carry"] for row in ENGINE.outcome(state)]
    assert all(c["episode"] == 24 for c in carry)


def test_eight_chapters_of_three_episodes():
    """Episodes 1-3 are chapter 1, ..., 22-24 chapter 8."""
    assert len(CHAPTERS) == 8
    assert [chapter_of(e) for e in (1, 3, 4, 22, 24)] == [1, 1, 2, 8, 8]
    assert _campaign(13)["chapter_name"] == CHAPTERS[4]["name"]


def test_board_changes_are_made_once_and_stay():
    """A chapter's board change is made when the chapter opens and travels on."""
    state = _finish(_campaign(7))
    carry = [row["carry"] for row in ENGINE.outcome(state)]
    assert carry[0]["terrain"][3][3] == "W" and carry[0]["terrain"][6][9] == "W"
    assert "chapter-3-rule-0" in carry[0]["applied"]
    # A group that removed the well by hand keeps it removed: no second application.
    terrain = list(carry[0]["terrain"])
    terrain[3] = terrain[3][:3] + "." + terrain[3][4:]
    state = _campaign(8, [_forge(carry[0], terrain=terrain), carry[1]])
    assert state["players"][0]["terrain"][3][3] == "."
    assert state["players"][1]["terrain"][3][3] == "W"


def test_single_episode_starts_from_the_chapters_so_far():
    """A standalone episode 13 has the wells (chapter 3) and the orchard trees."""
    terrain = new_game(2, mode="single", episode=13)["players"][0]["terrain"]
    assert terrain[3][3] == "W" and terrain[0][2] == "t"


def test_after_episode_rocks_cleared():
    """Chapter 2: rocks under a building are gone for the next episodes."""
    state = put(_campaign(4), 0, "Y1", 0, 3, 6)
    carry = ENGINE.outcome(_finish(state))[0]["carry"]
    assert carry["terrain"][3][6] == "."
    assert ENGINE.outcome(_finish(_campaign(4)))[0]["carry"]["terrain"][3][6] == "R"


def test_after_episode_trees_felled():
    """From chapter 3 on: trees under a building are gone for the next episodes."""
    state = put(_campaign(7), 0, "Y1", 0, 0, 3)
    assert ENGINE.outcome(_finish(state))[0]["carry"]["terrain"][0][4] == "."
    state = put(_campaign(13), 0, "Y1", 0, 0, 3)
    assert ENGINE.outcome(_finish(state))[0]["carry"]["terrain"][0][4] == "."


def test_after_episode_first_building_becomes_ruins():
    """Chapter 6: the first building of the episode leaves ruins, unbuildable."""
    state = put(put(_campaign(16), 0, "Y1", 0, 0, 3), 0, "R1", 0, 1, 3)
    carry = [row["carry"] for row in ENGINE.outcome(_finish(state))]
    assert carry[0]["terrain"][0][3:5] == "XX" and carry[0]["terrain"][1][3] == "."
    nxt = _campaign(17, carry)
    reason = placement_error(nxt["players"][0]["terrain"], [], "Y1", 0, 0, 3)
    assert "ruins" in reason
    # The old town's ruins rule lasts its chapter only: not in force in chapter 7.
    assert not any(
        r.get("effect") == "keep_first_building" for r in _campaign(19)["rules"]
    )


def test_catch_up_help_for_players_behind():
    """Chapter 6: a player with fewer circles than the leader starts 2 higher."""
    carry = [row["carry"] for row in ENGINE.outcome(_finish(_campaign(15)))]
    carry = [_forge(c, circles=n) for c, n in zip(carry, (9, 4), strict=True)]
    state = _campaign(16, carry)
    assert [p["catch_up"] for p in state["players"]] == [0, 2]
    assert ENGINE.view(state, 1)["players"][1]["track"] == 12


def test_buildings_removed_for_a_chapter():
    """Chapter 4: the three kiosks and their cards are out of the game."""
    state = _campaign(10)
    cards = state["deck"] + state["played"]
    assert len(cards) == 21 and "card-Y1" not in cards


def test_circles_add_up_across_episodes():
    """The carry's circles are the previous ones plus those won now."""
    carry = [row["carry"] for row in ENGINE.outcome(_finish(_campaign(1)))]
    assert sorted(c["circles"] for c in carry) in ([0, 2], [2, 2])
    state = put(_campaign(2, carry), 1, "Y1", 0, 3, 6)
    again = [row["carry"] for row in ENGINE.outcome(_finish(state))]
    assert again[1]["circles"] == carry[1]["circles"] + 2
    assert again[1]["history"][-1]["circles"] == 2


def test_custom_chapters_are_played():
    """A group can enter its own chapters in the same vocabulary."""
    chapters = [{"name": f"Ours {i}", "rules": []} for i in range(1, 9)]
    chapters[0]["rules"] = [
        {"kind": "score", "criterion": "visible_trees", "points": 2},
        {"kind": "board", "item": "rock", "cells": [[1, 1]]},
    ]
    state = new_game(2, mode="campaign", episode=1, chapters=chapters)
    assert state["players"][0]["terrain"][1][1] == "r"
    assert ENGINE.outcome(state)[0]["detail"]["chapter"] == {"visible_trees": 36}
    # The rule stays in force in the next chapters (rules accumulate).
    later = new_game(2, mode="campaign", episode=4, chapters=chapters)
    assert ENGINE.outcome(later)[0]["detail"]["chapter"] == {"visible_trees": 36}


@pytest.mark.parametrize(
    "rule",
    [
        {"kind": "score", "criterion": "nonsense", "points": 1},
        {"kind": "score", "criterion": "colour_buildings", "points": 1},
        {"kind": "board", "item": "tree", "cells": [[40, 1]]},
        {"kind": "remove_buildings", "buildings": ["Z9"]},
        {"kind": "after_episode", "effect": "flood"},
        {"kind": "catch_up", "points": "2"},
        {"kind": "unknown"},
    ],
)
def test_bad_custom_chapter_rules_are_refused(rule):
    """A chapter rule outside the vocabulary is refused with a reason."""
    chapters = [{"name": "x", "rules": []} for _ in range(8)]
    chapters[2]["rules"] = [rule]
    with pytest.raises(InvalidOptions, match="chapter 3"):
        ENGINE.validate_options(2, {"chapters": chapters})


def test_default_options():
    """Defaults: a standalone first episode of the original campaign."""
    assert ENGINE.validate_options(3, {}) == {
        "mode": "single",
        "episode": 1,
        "carry": None,
        "chapters": None,
        "campaign": None,
    }
    assert ENGINE.validate_options(3, {"mode": "eternal"})["episode"] is None


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "legacy"},
        {"episode": 0},
        {"episode": 25},
        {"episode": "3"},
        {"episode": True},
        {"colour": "red"},
        {"mode": "single", "episode": 2, "carry": [None, None]},
        {"mode": "campaign", "episode": 2, "carry": [None]},
        {"mode": "eternal", "episode": 3},
        {"mode": "eternal", "carry": [None, None]},
    ],
)
def test_bad_options_are_refused(options):
    """Options outside their documented values raise InvalidOptions."""
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(2, options)


def test_bad_carry_is_refused():
    """A carry from another episode, or with moved mountains, is refused."""
    carry = [row["carry"] for row in ENGINE.outcome(_finish(_campaign(5)))]
    with pytest.raises(InvalidOptions, match="takes only the carry of episode 4"):
        ENGINE.validate_options(2, {"mode": "campaign", "episode": 5, "carry": carry})
    with pytest.raises(InvalidOptions, match="takes only the carry of episode 6"):
        ENGINE.validate_options(2, {"mode": "campaign", "episode": 7, "carry": carry})
    moved = [_forge(c) for c in carry]
    moved[0]["terrain"][0] = "." + moved[0]["terrain"][0][1:]
    moved[0]["digest"] = carry_digest(moved[0])
    with pytest.raises(InvalidOptions, match="mountains"):
        ENGINE.validate_options(2, {"mode": "campaign", "episode": 6, "carry": moved})


def test_continuity_only_the_previous_episode_of_the_same_campaign():
    """An episode accepts only the carry of the episode just before it, of its
    own campaign, unaltered (the digest)."""
    state = _finish(new_game(2, mode="campaign", episode=3, campaign="ours"))
    carry = [row["carry"] for row in ENGINE.outcome(state)]
    assert carry[0]["campaign"] == "ours" and carry[0]["episode"] == 3
    ok = {"mode": "campaign", "episode": 4, "carry": carry, "campaign": "ours"}
    assert ENGINE.validate_options(2, ok)["carry"] == carry
    with pytest.raises(InvalidOptions, match="belongs to campaign 'ours'"):
        ENGINE.validate_options(2, {**ok, "campaign": "theirs"})
    tampered = json.loads(json.dumps(carry))
    tampered[1]["circles"] = 40
    with pytest.raises(InvalidOptions, match="digest"):
        ENGINE.validate_options(2, {**ok, "carry": tampered})


def test_campaign_scores_stay_sensible_for_every_player_count():
    """Greedy self-play: every episode's scores lie between -60 and 150."""
    rng = random.Random(3)
    for num_players in (2, 4):
        results = play_campaign(ENGINE, num_players, seed=rng.randrange(1000))
        assert len(results) == 24
        scores = [row["score"] for outcome in results for row in outcome]
        assert -60 <= min(scores) and max(scores) <= 150


def test_every_chapter_rule_has_a_sentence():
    """Each episode's rules come with readable sentences for the campaign page."""
    from games.my_city.engine.chapter_rules import episode_rules

    for episode in range(1, 25):
        info = episode_rules(episode)
        assert info["story"]
        texts = info["texts"] + info["carried"] + info["episode"]
        assert len(texts) == len(info["rules"])
        assert all(text.endswith(".") for text in texts)
    assert _campaign(7) and ENGINE.view(_campaign(7), 0)["chapter"]["texts"]
