"""Custom chapters (a group's own campaign) are checked against the vocabulary."""

import json

import pytest

from games.engines.base import InvalidOptions
from games.my_city.engine.chapter_rules import validate_chapters
from games.my_city.engine.chapters import CHAPTERS


def test_the_original_campaign_passes_its_own_validation():
    """Every chapter of the original campaign, entered as custom chapters, is valid
    (catch-up rules included)."""
    assert validate_chapters(json.loads(json.dumps(CHAPTERS))) == CHAPTERS


def test_a_catch_up_rule_is_accepted_and_checked():
    """A catch-up rule needs whole points and nothing else."""
    chapters = json.loads(json.dumps(CHAPTERS))
    chapters[0]["rules"].append({"kind": "catch_up", "points": 1})
    assert validate_chapters(chapters)[0]["rules"][-1] == {
        "kind": "catch_up",
        "points": 1,
    }
    chapters[0]["rules"][-1] = {"kind": "catch_up", "points": "many"}
    with pytest.raises(InvalidOptions):
        validate_chapters(chapters)


def test_an_after_episode_rule_still_needs_a_known_effect():
    chapters = json.loads(json.dumps(CHAPTERS))
    chapters[1]["rules"] = [{"kind": "after_episode", "effect": "flood"}]
    with pytest.raises(InvalidOptions):
        validate_chapters(chapters)
