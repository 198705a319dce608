"""The rule engines, found by their packages: get(slug) -> Engine, all(), slugs().

Each engine package of this folder exposes `ENGINE`, an object that follows
`base.Engine` and carries its own `slug`; nothing else lists them. The site
registers each game once, with its engine, form, computer player and figures,
in `games/registry.py` (checked by a system check against what is found here).
"""

from __future__ import annotations

import importlib
import pkgutil

from .base import Engine, IllegalMove, InvalidOptions

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

_found: dict[str, Engine] = {}


def _engines() -> dict[str, Engine]:
    if not _found:
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
            if not info.ispkg:
                continue
            module = importlib.import_module(f"{__name__}.{info.name}")
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
    """Adds an engine from outside this folder, for this process only (the
    bench's own test engine)."""
    _engines()[engine.slug] = engine


def remove(slug: str) -> None:
    """Takes back an engine given to `add`."""
    _engines().pop(slug, None)
