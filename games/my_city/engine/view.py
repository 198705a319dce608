"""What each seat may know, the hidden ids, and the log lines.

Hidden: the order of the face-down construction deck (no seat sees it; its card ids
are `secrets(state, None)`) and each pending decision of the round, which only its
author sees until the round resolves (id "pending-<round>-<seat>"). Everything else
is public: the revealed card, the boards as resolved, passes, who has decided.
"""

from __future__ import annotations

import json

from games.engines.base import IllegalMove, _, player
from games.my_city.engine.board import COLS, RIVER, ROWS
from games.my_city.engine.buildings import BUILDINGS, cells_of, orientations_of
from games.my_city.engine.chapter_rules import criterion_text, rule_text, sticker_text
from games.my_city.engine.rules import (
    apply,
    church_to_build,
    may_pass,
    revealed_building,
    to_move,
    track,
)
from games.my_city.engine.scoring import ranking
from games.my_city.engine.texts import the_building_name


def pending_id(state: dict, seat: int) -> str:
    return f"pending-{state['round']}-{seat}"


def secrets(state: dict, seat: int | None) -> list[str]:
    if seat is None:
        return list(state["deck"])
    if 0 <= seat < len(state["pending"]) and state["pending"][seat] is not None:
        return [pending_id(state, seat)]
    return []


def grid_of(placed: list) -> list:
    """Rows x columns of building ids (null where no building stands)."""
    grid = [[None] * COLS for _ in range(ROWS)]
    for entry in placed:
        for r, c in entry["cells"]:
            grid[r][c] = entry["building"]
    return grid


def _revealed(state: dict) -> dict | None:
    building = revealed_building(state)
    if building is None:
        return None
    return {
        "card": state["revealed"],
        "building": building,
        **BUILDINGS[building],
        "church_must_be_built": church_to_build(state),
        "orientations": [
            [list(cell) for cell in image] for image in orientations_of(building)
        ],
    }


def view(state: dict, seat: int | None) -> dict:
    scores, details, ranks = ranking(state)
    players = []
    for s, p in enumerate(state["players"]):
        players.append(
            {
                "seat": s,
                "terrain": list(p["terrain"]),
                "cells": grid_of(p["placed"]),
                "placed": [
                    {
                        "building": e["building"],
                        "cells": e["cells"],
                    }
                    for e in p["placed"]
                ],
                "track": track(p),
                "passes": p["passes"],
                "stopped": p["stopped"],
                "decided": state["pending"][s] is not None,
                "circles": p["circles"],
                "catch_up": p["catch_up"],
                "score": scores[s],
                "rank": ranks[s],
                "detail": details[s],
                "stickers": [
                    {**sticker, "text": sticker_text(sticker)}
                    for sticker in p.get("stickers", [])
                ],
                "races": dict(p.get("races", {})),
                "history": p.get("history", []),
            }
        )
    mine = None
    if seat is not None and state["pending"][seat] is not None:
        move = state["pending"][seat]
        mine = {"id": pending_id(state, seat), "move": move}
        if move["type"] == "place":
            mine["cells"] = cells_of(
                move["building"], move["orientation"], move["row"], move["col"]
            )
    out = {
        "mode": state["mode"],
        "episode": state["episode"],
        "chapter": None
        if state["chapter"] is None
        else {
            "number": state["chapter"],
            "name": _(state["chapter_name"]),
            "rules": state["rules"],
            "texts": [rule_text(rule) for rule in state["rules"]],
            "story": _(state["story"]) if state.get("story") else "",
            **{
                group: [rule_text(rule) for rule in rules]
                for group, rules in (state.get("rule_groups") or {}).items()
            },
        },
        "blocked": list(state.get("blocked", [])),
        # Points scored during the episode (races), in the order they were won.
        "races": [
            {**award, "text": rule_text(award["rule"])}
            for award in state.get("races", [])
        ],
        "round": state["round"],
        "over": state["over"],
        "to_move": to_move(state),
        "you": seat,
        "deck_count": len(state["deck"]),
        "played_cards": list(state["played"]),
        "revealed": _revealed(state),
        "can_pass": seat is not None
        and seat in to_move(state)
        and may_pass(state, seat),
        "my_pending": mine,
        "last_round": state["last_round"],
        "board": {"rows": ROWS, "cols": COLS, "river": list(RIVER)},
        "buildings": BUILDINGS,
        "players": players,
        # Each seat's score as it would be counted now (the site's top bar).
        "running": list(scores),
    }
    # A fresh copy: nothing in a view is shared with the state or the module data
    # (a JSON round trip, much faster than a deep copy for plain JSON).
    return json.loads(json.dumps(out))


def _number(value) -> str:
    """A 0-based index as a human 1-based number ("?" for anything else)."""
    ok = isinstance(value, int) and not isinstance(value, bool)
    return str(value + 1) if ok else "?"


def _place_line(who: str, move: dict) -> str:
    building = move.get("building")
    return _("{p} built {building} ({b}) at row {row}, column {col}.").format(
        p=who,
        building=the_building_name(building) if building in BUILDINGS else "?",
        b=building,
        row=_number(move.get("row")),
        col=_number(move.get("col")),
    )


def _decision_line(seat: int, move: dict) -> str:
    who = player(seat)
    kind = move.get("type") if isinstance(move, dict) else None
    if kind == "place":
        return _place_line(who, move)
    if kind == "pass":
        return _("{p} passed (-1 point).").format(p=who)
    if kind == "stop":
        return _("{p} stopped building for the rest of the episode.").format(p=who)
    return _("{p} made a move.").format(p=who)


def _round_lines(after: dict) -> list:
    """What everyone decided in the round just resolved, and the races won."""
    last = after["last_round"]
    lines = [_("Round {n}:").format(n=last["round"])]
    lines += [_decision_line(d["seat"], d["move"]) for d in last["decisions"]]
    for award in last.get("races") or []:
        names = ", ".join(player(seat) for seat in award["seats"])
        lines.append(
            _("{names} won the race ({what}, first to {count}): {points:+d}.").format(
                names=names,
                what=criterion_text(award["rule"]),
                count=award["rule"]["count"],
                points=award["points"],
            )
        )
    return lines


def describe(state: dict, seat: int, move: dict, viewer: int | None) -> str:
    """A pending decision is secret until the round resolves, and `state` is the
    state before the move, so the others read "{pN} has decided"; the move that
    resolves the round adds, for every reader, what everyone decided in it and
    the races won ("Round 3: Ana built the red kiosk (R1) at row 2, column 5.
    ...")."""
    who = player(seat)
    if viewer != seat:
        line = _("{p} has decided.").format(p=who)
    else:
        line = _decision_line(seat, move)
    if to_move(state) == [seat]:
        try:
            after = apply(state, seat, move)
        except IllegalMove:
            return line
        line = " ".join([line, *_round_lines(after)])
    return line
