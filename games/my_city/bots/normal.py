"""The normal My City player: greedy on the points, counted as the engine counts
them, from what the seat's view shows of its own board and of the rules in
force (the chapter's and episode's rules, its stickers, the races still open);
the easy player's feel for a snug placement breaks ties. It passes when every
placement loses more than a pass and stops only when it cannot pass.

The count reuses the engine's public scoring functions (`scoring.seat_score`,
`rules.race_*`) on a state rebuilt from the view: the seat's own board and the
public rules only, so nothing hidden is read.
"""

from __future__ import annotations

import threading

from games.my_city.bots import easy
from games.my_city.bots.board import Board, placement_mask
from games.my_city.engine.buildings import cells_of
from games.my_city.engine.rules import race_key, race_reached
from games.my_city.engine.scoring import seat_score

PASS = -1.0


def public_state(view: dict) -> dict:
    return {
        "rules": (view.get("chapter") or {}).get("rules") or [],
        "mode": view["mode"],
        "races": view["races"],
        "players": view["players"],
    }


def _value(state: dict, seat: int, player: dict) -> float:
    score, _detail = seat_score(state, seat, player, True)
    won = {award["race"] for award in state["races"]}
    for index, rule in enumerate(state["rules"]):
        if rule["kind"] != "race":
            continue
        if race_key(index, rule) not in won and race_reached(rule, player):
            score += rule["points"]
    return score


_last = threading.local()


def _board(view: dict, seat: int) -> Board:
    """The seat's `Board`, built once for the moves of one view (the last view
    asked about, held so that its identity stays its own)."""
    last = getattr(_last, "key", None)
    if last is not None and last[0] is view and last[1] == seat:
        return _last.board
    _last.key, _last.board = (view, seat), Board(public_state(view), seat)
    return _last.board


def score_move(view: dict, seat: int, move: dict) -> float:
    if move["type"] != "place":
        return easy.score_move(view, seat, move)
    board = _board(view, seat)
    if board.exact:
        # Every rule in force counts each building on its own: the same number
        # from the board's masks (my_city_playout.Board.score).
        return board.score(move["building"], *placement_mask(move))
    return counted_score(view, seat, move)


def placement_gain(view: dict, seat: int, move: dict) -> float:
    """The points a placement adds to the seat's score as the engine counts
    them now (the rules in force, the races still open)."""
    return counted_score(view, seat, move) - 0.1 * easy.score_move(view, seat, move)


def counted_score(view: dict, seat: int, move: dict) -> float:
    """A placement's score counted by the engine's scoring on the board before
    and after it (what `score_move` gives in every case)."""
    state = public_state(view)
    # The eternal mode counts gold, which the view keeps in the score's detail:
    # the same before and after a placement, it changes no gain.
    me = {"gold": 0, **view["players"][seat]}
    now = _value(state, seat, me)
    entry = {
        "building": move["building"],
        "cells": cells_of(
            move["building"], move["orientation"], move["row"], move["col"]
        ),
    }
    trial = {**me, "placed": [*me["placed"], entry]}
    gain = _value(state, seat, trial) - now
    return gain + 0.1 * easy.score_move(view, seat, move)
