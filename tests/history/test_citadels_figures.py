"""Citadels statistics: wins per character held in the last round."""

from games import registry
from games.engines import get
from games.engines.playout import play_one


def test_wins_per_character_come_from_the_outcome():
    """Each winner's last-round characters count one win each, by name."""
    engine = get("citadels")
    rows = []
    for seed in (1, 2, 3):
        state, _moves = play_one(engine, 4, seed, check=False)
        rows += engine.outcome(state)
    winners = [r for r in rows if r["rank"] == 1]
    assert all(r["detail"]["characters"] for r in winners)
    lines = registry.get("citadels").figures(rows)
    assert lines and all(label.startswith("Wins with the ") for label, _n in lines)
    assert sum(n for _label, n in lines) == sum(
        len(r["detail"]["characters"]) for r in winners
    )
