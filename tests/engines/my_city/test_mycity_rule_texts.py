"""The campaign's rule texts read as a rulebook's (issue 31): no "point(s)",
no "the first to reach 1 for each building", no stickers joined by " / ";
plurals through ngettext, in English and in French."""

import re

import pytest
from django.utils import translation

from games.my_city.engine.chapter_rules import rule_text, sticker_text
from games.my_city.engine.chapters import CHAPTERS

GENERATED = ("(s)", " / ", "first to reach", "+1 point", "for each building scores")


def _all_rules():
    for chapter in CHAPTERS:
        yield from chapter["rules"]
        for episode in chapter.get("episodes") or []:
            yield from episode


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_rule_text_reads_as_written(language):
    with translation.override(language):
        texts = [rule_text(rule) for rule in _all_rules()]
    assert len(texts) > 20
    for text in texts:
        for bad in GENERATED:
            assert bad not in text, (bad, text)
        assert not re.search(r"\b1 points\b", text), text
        assert not re.search(r"\b([2-9]|\d\d) point\b", text), text


def test_a_race_says_what_to_reach_and_what_it_is_worth():
    rule = {"kind": "race", "criterion": "touch_edge", "count": 1, "points": 3}
    assert rule_text(rule) == (
        "Race: be the first with 1 building touching the mountains or the forest. "
        "The first to get there scores 3 points at once (all who get there in "
        "the same round)."
    )
    rule = {**rule, "count": 3, "points": 1}
    assert "with 3 buildings touching" in rule_text(rule)
    assert "scores 1 point at once" in rule_text(rule)


def test_stickers_are_sentences_of_their_own():
    rule = next(r for r in _all_rules() if r["kind"] == "stickers")
    text = rule_text(rule)
    assert text.count("One sticker scores") == len(rule["offer"])
    one = {"criterion": "top_row_buildings", "points": 1}
    assert sticker_text(one) == (
        "Sticker: 1 point for each building with a space in the top row."
    )
    with translation.override("fr"):
        assert "1 point " in sticker_text(one)
        assert "2 points " in sticker_text({**one, "points": 2})
