"""My City template tags of the Django pages (the campaign page): names,
circles and the players' boards (games/my_city/layout.py draws the board)."""

from __future__ import annotations

from django import template

from games.my_city.layout import (
    CELL,
    building_rects,
    river_path,
    terrain_cells,
)

register = template.Library()


@register.filter
def circles(count) -> range:
    try:
        return range(int(count))
    except (TypeError, ValueError):
        return range(0)


@register.simple_tag
def board_svg(board: dict, label: str = "", small: bool = False) -> str:
    """A board as SVG, for a Django page (the campaign's): the macro the game's
    board draws its cities with (games/my-city/svg_board.jinja)."""
    from django.template import engines

    macros = engines["jinja2"].env.get_template("games/my-city/svg_board.jinja")
    return macros.module.svg_board(board, label, small)


@register.simple_tag
def campaign_link(game) -> str:
    """The campaign page of a campaign episode, or "" (one query)."""
    from django.urls import reverse

    # The game's episode, if it is one (the campaigns' reverse one-to-one:
    # none raises an AttributeError, as it does without the campaigns app).
    episode = getattr(game, "campaign_episode", None)
    if episode is None:
        return ""
    return reverse("campaigns:campaign", args=[episode.campaign_id])


@register.simple_tag
def player_board(entry: dict) -> dict:
    """One player's board for the campaign page: the terrain and, during an
    episode, the buildings resolved so far (from the engine's view)."""
    from games.my_city.engine.board import COLS, RIVER, ROWS
    from games.my_city.engine.buildings import BUILDINGS

    board = {"rows": ROWS, "cols": COLS, "river": list(RIVER)}
    grid = entry.get("cells")
    rects, outline = ([], "")
    if grid:
        rects, outline = building_rects(entry.get("placed") or [], BUILDINGS, grid)
    return {
        "width": COLS * CELL,
        "height": ROWS * CELL,
        "cells": terrain_cells(entry["terrain"], grid),
        "buildings": rects,
        "outline": outline,
        "river": river_path(board),
        "pending": [],
    }
