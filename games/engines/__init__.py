"""The rule engines, found by their packages: get(slug) -> Engine, all(), slugs().

Each game is a package of `games/` (`games/<game>/`, docs/adding-a-game.md)
whose `engine` subpackage exposes `ENGINE`, an object that follows
`base.Engine` and carries its own `slug`; nothing else lists them. This module
and `base.py` are the generic part every engine shares; like the engines, they
import nothing of Django. The site knows each game through its `GameSpec`
(`games/<game>/spec.py`, `games/registry.py`).
"""

from __future__ import annotations

import importlib
from pathlib import Path

from games.engines.base import Engine, IllegalMove, InvalidOptions

__all__ = [
    "Engine",
    "IllegalMove",
    "InvalidOptions",
    "add",
    "all",
    "get",
    "remove",
    "slugs",
]

# The folder of the games' packages: games/<game>/engine/.
GAMES_FOLDER = Path(__file__).resolve().parent.parent

_found: dict[str, Engine] = {}


def _engines() -> dict[str, Engine]:
    if not _found:
        for folder in sorted(GAMES_FOLDER.iterdir()):
            if not (folder / "engine" / "__init__.py").is_file():
                continue
            module = importlib.import_module(f"games.{folder.name}.engine")
            engine = getattr(module, "ENGINE", None)
            if engine is not None:
                _found[engine.slug] = engine
    return _found


def get(slug: str) -> Engine:
    """The engine of that slug; KeyError if there is none."""
    return _engines()[slug]


def all() -> list[Engine]:  # noqa: A001 - the contract names it so
    return list(_engines().values())


def slugs() -> list[str]:
    return list(_engines())


def add(engine: Engine) -> None:
    """Adds an engine from outside games/, for this process only: the bench's
    own test engine, and the engine of a game app installed from another
    folder (the tests' example game), added by games/registry.py."""
    _engines()[engine.slug] = engine


def remove(slug: str) -> None:
    """Takes back an engine given to `add`."""
    _engines().pop(slug, None)
