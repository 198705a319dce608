"""Hears of the games' changes for the metrics (games.events.state_changed)."""

from django.db import transaction

from .metrics import MOVES


def count_move(sender, *, game, by_bot=False, **kwargs):
    """A move (not a game's start, which changes no version, nor a forfeit)
    is counted once its transaction commits."""
    if game.version == 0 or game.status == "abandoned":
        return
    labels = {"engine": game.engine, "by": "bot" if by_bot else "person"}
    transaction.on_commit(lambda: MOVES.labels(**labels).inc())
