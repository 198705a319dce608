"""The site's urls as pages and boards name them, each reversed once.

`reverse` costs 10-25 µs a call and a board names the same few urls on every
render (its move, poll, replay and record links, the rules page): they are kept
here, per url conf and script prefix, the one url cache of the site. Bounded:
past `LIMIT` urls under one prefix (the links of many games) it starts again;
emptied when a setting changes (tests).
"""

from __future__ import annotations

from django.core.signals import setting_changed
from django.urls import get_script_prefix, get_urlconf, reverse

LIMIT = 10_000

# (url conf, script prefix) -> {(url name, args): url}
KEPT: dict[tuple, dict[tuple, str]] = {}

# The links of a game's page, by the names its templates use (`urls.move`...).
GAME_URLS = {
    "move": "games:move",
    "poll": "games:poll",
    "events": "games:events",
    "game": "games:game",
    "replay": "history:replay",
    "export": "history:export",
}


def kept_urls() -> dict[tuple, str]:
    """The urls kept under the current url conf and script prefix."""
    key = (get_urlconf(), get_script_prefix())
    urls = KEPT.get(key)
    if urls is None:
        urls = KEPT[key] = {}
    return urls


def kept_reverse(urls: dict[tuple, str], name: str, args: tuple) -> str:
    found = urls.get((name, args))
    if found is None:
        if len(urls) >= LIMIT:
            urls.clear()
        found = urls[(name, args)] = reverse(name, args=args)
    return found


def url(name: str, *args) -> str:
    """`reverse(name, args=args)`, kept."""
    return kept_reverse(kept_urls(), name, args)


def game_urls(pk: int) -> dict[str, str]:
    """The urls of a game's page, its moves, poll, events, replay and record."""
    urls, args = kept_urls(), (int(pk),)
    return {key: kept_reverse(urls, name, args) for key, name in GAME_URLS.items()}


def forget(**kwargs) -> None:
    KEPT.clear()


setting_changed.connect(forget)
