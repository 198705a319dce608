"""The test run's settings: the site's own (config/settings.py) and the example
game of docs/adding-a-game.md, `tests/example_game/`, installed as a game like
any other. The site finds its games in games/*/spec.py; the example lives among
the tests, so it is added here, and only here."""

import copy
from pathlib import Path

from config import settings as site
from config.settings import *  # noqa: F403

EXAMPLE_GAME = "tests.example_game"


def game_app_settings(app: str, folder: Path, base=site) -> dict:
    """INSTALLED_APPS, GAME_APPS and TEMPLATES of the settings `base` with the
    game app `app` (a dotted name, the package in `folder`) installed as
    config/settings.py installs those it finds: an app, whose templates/ the
    board partials' Jinja2 environment also reads."""
    templates = copy.deepcopy(base.TEMPLATES)
    jinja = next(t for t in templates if t.get("NAME") == "jinja2")
    jinja["DIRS"].append(Path(folder) / "templates")
    return {
        "INSTALLED_APPS": [*base.INSTALLED_APPS, app],
        "GAME_APPS": [*base.GAME_APPS, app],
        "TEMPLATES": templates,
    }


_with_example = game_app_settings(EXAMPLE_GAME, Path(__file__).parent / "example_game")
INSTALLED_APPS = _with_example["INSTALLED_APPS"]
GAME_APPS = _with_example["GAME_APPS"]
TEMPLATES = _with_example["TEMPLATES"]
