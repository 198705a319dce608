"""The Rival Cities round robin (`manage.py rival_balance`, games/rival_cities/bots/balance.py)
runs on a tiny seeded sample, and its games are played with untranslated views."""

from io import StringIO

from django.core.management import call_command
from django.utils import translation

from games.engines.base import untranslated
from games.rival_cities.bots.balance import run
from games.rival_cities.engine import ENGINE


def test_round_robin_command_prints_every_pair_and_the_mixed_games():
    out = StringIO()
    call_command(
        "rival_balance", games=1, seed=3, workers=1, stdout=out, stderr=StringIO()
    )
    table = out.getvalue()
    assert "17 games in" in table  # 10 route pairs + 5 mixed pairs + 2 layouts
    assert table.count("| 1 |") == 15 + 2
    assert "| ships vs alliances | 1 |" in table and "| mixed vs stars | 1 |" in table
    assert "| random layout | 1 |" in table and "| first-game layout | 1 |" in table


def test_round_robin_is_deterministic_for_a_seed():
    def figures(data):
        return [
            (p["a"], p["b"], p["a_wins"], dict(p["endings"])) for p in data["pairs"]
        ]

    first, again = run(games=1, seed=5), run(games=1, seed=5)
    assert figures(first) == figures(again)
    assert first["mixed"][True]["endings"] == again["mixed"][True]["endings"]


def text_of_basic_2(state):
    ring = ENGINE.view(state, 0)["ring"]
    return next(
        s["card"]["text"] for s in ring if s["card"] and s["card"]["id"] == "basic-2"
    )


def test_views_inside_untranslated_are_english_and_the_translator_comes_back():
    state = ENGINE.setup(2, ENGINE.validate_options(2, {"first_game": True}), 1)
    with translation.override("fr"):
        french = text_of_basic_2(state)
        with untranslated():
            english = text_of_basic_2(state)
        after = text_of_basic_2(state)
    assert english.startswith("Production: ") and french.startswith("Production : ")
    assert after == french
