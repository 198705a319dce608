"""The test run's settings: the site's own (config/settings.py) and the example
game of docs/adding-a-game.md, `tests/example_game/`, installed as a game like
any other. The site finds its games in games/*/spec.py; the example lives among
the tests, so it is added here, and only here."""

import copy

from config.settings import *  # noqa: F403
from config.settings import BASE_DIR, GAME_APPS, INSTALLED_APPS, TEMPLATES

EXAMPLE_GAME = "tests.example_game"


def game_app_settings(app: str) -> dict:
    """INSTALLED_APPS, GAME_APPS and TEMPLATES with the game app `app` (a dotted
    name under BASE_DIR) installed as config/settings.py installs those it
    finds: an app, whose templates/ the board partials' Jinja2 environment
    also reads."""
    templates = copy.deepcopy(TEMPLATES)
    jinja = next(t for t in templates if t.get("NAME") == "jinja2")
    jinja["DIRS"].append(BASE_DIR / app.replace(".", "/") / "templates")
    return {
        "INSTALLED_APPS": [*INSTALLED_APPS, app],
        "GAME_APPS": [*GAME_APPS, app],
        "TEMPLATES": templates,
    }


_with_example = game_app_settings(EXAMPLE_GAME)
INSTALLED_APPS = _with_example["INSTALLED_APPS"]
GAME_APPS = _with_example["GAME_APPS"]
TEMPLATES = _with_example["TEMPLATES"]
