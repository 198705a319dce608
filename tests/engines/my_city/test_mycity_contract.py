"""My City against the engine contract: random playouts in every mode."""

import pathlib

import pytest

from games import engines
from games.engines.playout import run


def test_registered_under_its_slug():
    """The registry finds the engine as "my-city", for 2 to 4 players."""
    engine = engines.get("my-city")
    assert (engine.min_players, engine.max_players) == (2, 4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_the_contract(players):
    """Random games end, replay identically, never mutate and leak nothing."""
    assert run("my-city", games=4, players=players, seed=3).games == 4


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "eternal"},
        {"mode": "campaign", "episode": 9},
        {"mode": "campaign", "episode": 13},
        {"mode": "single", "episode": 24},
    ],
)
def test_random_playouts_in_every_mode(options):
    """The contract holds in the Eternal game and in later campaign episodes."""
    assert run("my-city", games=3, players=3, seed=5, options=options).games == 3


def test_package_is_pure_python():
    """The engine imports no Django, database or Celery module."""
    folder = pathlib.Path(engines.__file__).parent / "my_city"
    for path in folder.glob("*.py"):
        text = path.read_text()
        assert "import django" not in text and "from django" not in text
        assert "celery" not in text.lower()
