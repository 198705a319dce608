"""Example Game: a two-player race with hidden cards. See README.md."""

from tests.example_game.engine.rules import ExampleGame

ENGINE = ExampleGame()
