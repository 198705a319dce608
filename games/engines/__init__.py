"""The registry of rule engines: get(slug) -> Engine, all() -> list[Engine].

Each engine package exposes `ENGINE`, an object that follows `base.Engine`.
An engine whose package is missing is simply not registered.
"""

from __future__ import annotations

import importlib

from .base import Engine, IllegalMove, InvalidOptions

__all__ = ["Engine", "IllegalMove", "InvalidOptions", "all", "get", "slugs"]

# Slug -> package, in the order the lobby lists them.
_PACKAGES = {
    "lost-cities": "lost_cities",
    "citadels": "citadels",
    "rival-cities": "rival_cities",
    "my-city": "my_city",
}

_loaded: dict[str, Engine] = {}


def _load() -> dict[str, Engine]:
    if not _loaded:
        for slug, package in _PACKAGES.items():
            try:
                module = importlib.import_module(f"{__name__}.{package}")
            except ModuleNotFoundError as exc:
                if exc.name and exc.name.endswith(package):
                    continue
                raise
            engine = getattr(module, "ENGINE", None)
            if engine is not None:
                _loaded[slug] = engine
    return _loaded


def get(slug: str) -> Engine:
    """The engine of that slug; KeyError if there is none."""
    return _load()[slug]


def all() -> list[Engine]:  # noqa: A001 - the contract names it so
    return list(_load().values())


def slugs() -> list[str]:
    return list(_load())
