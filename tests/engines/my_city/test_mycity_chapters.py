"""The original campaign's chapters: rules that accumulate, rules replaced on
purpose, each episode's own rule, races scored during an episode, stickers chosen
in finishing order, and each chapter's own rules (one named test or more each)."""

import json

import pytest
from mycity_helpers import ENGINE, everyone, new_game, place, put, reveal

from games.engines.base import InvalidOptions
from games.my_city.engine.chapter_rules import (
    episode_rules,
    rules_in_force,
    validate_chapters,
)
from games.my_city.engine.chapters import CHAPTERS


def _finish(state):
    return everyone(state, lambda seat: {"type": "stop"})


def _kinds(episode, key="all"):
    return [
        (r["kind"], r.get("criterion") or r.get("effect"), r.get("points"))
        for r in rules_in_force(CHAPTERS, episode)[key]
    ]


def test_rules_accumulate_from_chapter_to_chapter():
    """Chapter 4 still has the wells rule of chapter 3 and the river rule."""
    rules = _kinds(10)
    assert ("score", "well_surrounded", 4) in rules
    assert ("score", "building_on_river", 2) in rules
    assert ("score", "largest_colour_group", 1) in rules
    assert ("after_episode", "clear_covered_rocks", None) in rules
    assert ("score", "well_surrounded", 4) in _kinds(24)


def test_chapter_2_river_rule_replaces_chapter_1s_and_says_so():
    """The riverside: 2 points per river building instead of 1, never both."""
    assert ("score", "building_on_river", 1) in _kinds(1)
    later = _kinds(4)
    assert ("score", "building_on_river", 2) in later
    assert ("score", "building_on_river", 1) not in later
    assert episode_rules(4)["replaced"] == [
        "You score 1 point for each building with an edge on the river."
    ]
    assert ("score", "building_on_river", 1) not in _kinds(20)


def test_chapter_8_catch_up_replaces_chapter_6s():
    """The capital: catch-up help of 3 replaces the old town's 2 (no sum of 5)."""
    assert [r for r in _kinds(16) if r[0] == "catch_up"] == [("catch_up", None, 2)]
    assert [r for r in _kinds(19) if r[0] == "catch_up"] == [("catch_up", None, 2)]
    assert [r for r in _kinds(22) if r[0] == "catch_up"] == [("catch_up", None, 3)]


def test_rules_that_last_a_chapter_stop_after_it():
    """The kiosks are out in chapter 4 only; the ruins rule is chapter 6's only."""
    assert len(new_game(episode=10)["deck"]) + 1 == 21
    assert len(new_game(episode=13)["deck"]) + 1 == 24
    assert ("after_episode", "keep_first_building", None) in _kinds(18)
    assert ("after_episode", "keep_first_building", None) not in _kinds(19)


def test_each_episode_of_a_chapter_has_its_own_rule():
    """The three episodes of every chapter differ by their own goal or twist,
    and an episode's own rule lasts that episode only."""
    for chapter in range(8):
        own = [
            json.dumps(rules_in_force(CHAPTERS, 3 * chapter + e)["episode"])
            for e in (1, 2, 3)
        ]
        assert all(o != "[]" for o in own) and len(set(own)) == 3
    assert ("score", "top_row_buildings", 2) in _kinds(2)
    assert ("score", "top_row_buildings", 2) not in _kinds(3)


def test_every_chapter_has_a_story():
    for episode in range(1, 25, 3):
        assert len(episode_rules(episode)["story"]) > 80


def test_chapter_1_river_building_scores_one():
    state = put(new_game(episode=3), 0, "Y1", 0, 0, 3)  # (0, 4) on the river
    assert ENGINE.outcome(state)[0]["detail"]["chapter"]["building_on_river"] == 1


def test_chapter_1_race_scored_when_the_round_resolves_and_logged():
    """Episode 1: the first to touch the mountains or forest scores 3 at once,
    in the view, and the round's log line says so for every reader."""
    state = new_game(episode=1)
    put(state, 0, "Y1", 0, 0, 3)
    put(state, 0, "B1", 0, 1, 3)
    put(state, 1, "Y1", 0, 0, 3)
    reveal(state, "R1")
    state = ENGINE.apply(state, 0, place("R1", 0, 1, 1))  # (1, 1) by the mountain
    assert ENGINE.view(state, 0)["races"] == []
    line = ENGINE.describe(state, 1, {"type": "pass"}, 0)
    assert (
        "Round 1:" in line
        and "{p0} built the red kiosk (R1) at row 2, column 2." in line
        and "won the race" in line
    )
    state = ENGINE.apply(state, 1, {"type": "pass"})
    view = ENGINE.view(state, 1)
    assert [a["seats"] for a in view["races"]] == [[0]]
    assert view["players"][0]["detail"]["races"] == {"race-2-touch_edge-1": 3}
    assert "races" not in view["players"][1]["detail"]


def test_a_race_is_won_once():
    """A player who reaches the goal in a later round scores nothing."""
    state = new_game(episode=1)
    put(state, 0, "Y1", 0, 0, 3)
    put(state, 0, "B1", 0, 1, 3)
    put(state, 1, "Y1", 0, 0, 3)
    reveal(state, "R1")
    state = ENGINE.apply(state, 0, place("R1", 0, 1, 1))
    state = ENGINE.apply(state, 1, {"type": "pass"})
    put(state, 1, "B1", 0, 1, 3)
    put(state, 1, "R1", 0, 1, 1)  # seat 1 now touches the mountains too
    state = everyone(state, lambda seat: {"type": "pass"})
    assert [a["seats"] for a in state["races"]] == [[0]]
    assert state["players"][1]["races"] == {}


def test_a_race_reached_in_the_same_round_scores_for_all():
    state = new_game(episode=1)
    for seat in (0, 1):
        put(state, seat, "Y1", 0, 0, 3)
        put(state, seat, "B1", 0, 1, 3)
    reveal(state, "R1")
    state = everyone(state, lambda seat: place("R1", 0, 1, 1))
    assert [a["seats"] for a in state["races"]] == [[0, 1]]


def test_stickers_first_choice_goes_to_the_winner_and_carry_on():
    """Chapter 1: in finishing order, each player takes a sticker; it stays on
    that player's board and scores in the next episodes."""
    state = new_game(episode=1, mode="campaign")
    put(state, 0, "Y1", 0, 0, 3)  # seat 0 covers two top-row spaces: it wins
    out = ENGINE.outcome(_finish(state))
    assert out[0]["rank"] == 1
    first = out[0]["carry"]["history"][-1]["sticker"]
    assert first == {
        "sticker": {"criterion": "top_row_buildings", "points": 1},
        "choice": 1,
    }
    assert out[1]["carry"]["history"][-1]["sticker"]["choice"] == 2
    assert out[1]["carry"]["stickers"] != out[0]["carry"]["stickers"]
    nxt = ENGINE.setup(
        2,
        ENGINE.validate_options(
            2, {"mode": "campaign", "episode": 2, "carry": [o["carry"] for o in out]}
        ),
        1,
    )
    put(nxt, 0, "Y1", 0, 0, 3)
    view = ENGINE.view(nxt, 0)
    assert view["players"][0]["detail"]["stickers"] == {"top_row_buildings": 1}
    assert view["players"][0]["stickers"][0]["text"].startswith("Sticker: 1 point")


def test_chapter_3_wells_appear_and_score_when_surrounded():
    state = new_game(episode=7)
    assert state["players"][0]["terrain"][3][3] == "W"
    assert ("score", "well_surrounded", 4) in _kinds(7)


def test_chapter_5_orchard_trees_and_visible_trees_point():
    state = new_game(episode=13)
    assert state["players"][0]["terrain"][0][2] == "t"
    detail = ENGINE.outcome(state)[0]["detail"]
    assert detail["chapter"]["visible_trees"] == detail["trees"]


def test_chapter_5_episode_3_plants_two_more_trees():
    assert new_game(episode=15)["players"][0]["terrain"][1][8] == "t"
    assert new_game(episode=14)["players"][0]["terrain"][1][8] == "."


def test_chapter_7_rocks_fall_and_both_banks_score():
    state = new_game(episode=19)
    assert state["players"][0]["terrain"][1][1] == "r"
    put(state, 0, "Y1", 0, 0, 3)
    put(state, 0, "R1", 0, 0, 5)  # east bank, facing Y1 across the river
    assert ENGINE.outcome(state)[0]["detail"]["chapter"]["both_banks"] == 3


def test_chapter_8_complete_rows_and_red_buildings():
    state = new_game(episode=22)
    put(state, 0, "R1", 0, 0, 3)
    chapter = ENGINE.outcome(state)[0]["detail"]["chapter"]
    assert chapter["red_buildings"] == 1 and chapter["complete_row"] == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda c: c[1]["rules"][0].update(replaces="nothing"), "no earlier chapter"),
        (
            lambda c: c[0]["rules"].append(
                {"kind": "race", "criterion": "touch_edge", "points": 2}
            ),
            "'count'",
        ),
        (
            lambda c: c[0]["episodes"][0].append({"kind": "stickers", "offer": []}),
            "belongs to the chapter",
        ),
        (
            lambda c: c[0]["episodes"][0][0].update(lasts="chapter"),
            "lasts that episode",
        ),
        (
            lambda c: c[0]["rules"][1]["offer"].append(
                {"criterion": "luck", "points": 1}
            ),
            "sticker 4",
        ),
        (lambda c: c[0].update(episodes=[[], []]), "3 lists"),
        (lambda c: c[0]["rules"][0].update(lasts="forever"), "'lasts'"),
        (
            lambda c: c[2]["rules"].append(
                {"kind": "score", "criterion": "touch_edge", "points": 1, "id": "river"}
            ),
            "is taken",
        ),
    ],
)
def test_custom_chapters_use_the_same_vocabulary_with_clear_messages(change, message):
    chapters = json.loads(json.dumps(CHAPTERS))
    change(chapters)
    with pytest.raises(InvalidOptions, match=message):
        validate_chapters(chapters)
