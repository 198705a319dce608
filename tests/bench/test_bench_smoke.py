"""The bench must not rot: its engine section runs in-process, one tiny game per
engine and player count (no server, no database). Figures are never asserted."""

import random
import signal

import pytest

from bench import engines_section
from bench.__main__ import main
from games import engines
from games.lost_cities import baseline as lc_mutable


def test_engine_section_plays_one_game_per_engine_and_player_count():
    rows = engines_section.run(budget=0.0, min_games=1)
    expected = {
        (e.slug, n)
        for e in engines.all()
        for n in range(e.min_players, e.max_players + 1)
    }
    assert {(r["engine"], r["players"]) for r in rows} == expected
    for row in rows:
        assert "error" not in row, row
        assert row["games"] == 1 and row["decisions"] > 0
    lost_cities = next(r for r in rows if r["engine"] == "lost-cities")
    assert lost_cities["baseline"]["decisions"] > 0 and lost_cities["ratio"] > 0
    assert lost_cities["loop"]["decisions"] == 286  # the null engine's one game


def test_mutable_lost_cities_plays_whole_rounds():
    for seed in range(20):
        decisions, scores = lc_mutable.play_game(random.Random(seed))
        # 44 cards left after the deal, each turn a play-or-discard then a draw.
        assert decisions >= 88 and decisions % 2 == 0
        assert all(isinstance(s, int) for s in scores)


def test_make_bench_smallest_size_prints_the_engine_table(capsys):
    previous = signal.getsignal(signal.SIGTERM)
    try:
        assert main(["--smoke", "--sections", "engines"]) == 0
    finally:
        signal.signal(signal.SIGTERM, previous)
    out = capsys.readouterr().out
    assert "1. Engines" in out and "baseline: mutable" in out
    assert "the loop alone (null engine)" in out
    assert "the contract's floor (no rules)" in out


@pytest.mark.django_db
def test_the_move_without_its_board_applies_the_move(lost_cities_game, ana, ben):
    """bench/baseline_urls.py's view for `--no-board`: the site's move, answered
    with two bytes; a stale version changes nothing."""
    import json

    from django.test import Client, override_settings

    from games.models import Game

    game = lost_cities_game
    seat = engines.get("lost-cities").to_move(game.state)[0]
    client = Client()
    client.force_login([ana, ben][seat])
    move = engines.get("lost-cities").legal_moves(game.state, seat)[0]
    url = f"/bench/move-without-board/{game.pk}"
    with override_settings(ROOT_URLCONF="bench.baseline_urls"):
        answer = client.post(url, {"move": json.dumps(move), "version": "0"})
        assert (answer.status_code, answer.content) == (200, b"ok")
        stale = client.post(url, {"move": json.dumps(move), "version": "0"})
        assert stale.status_code == 409
    assert Game.objects.get(pk=game.pk).version == 1
