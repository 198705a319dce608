"""The Citadels view the hard search's playouts read: the fields of `lean_view`
(games/citadels/bots/easy.py) that the heuristics read, built from tables of card
dicts made once per game rather than card by card at every decision (the lean
view's `card()` translated every district's name it built, and cost a third of
a playout). The card dicts are shared between views: read-only.
`tests/engines/test_citadels_hard.py` checks that both heuristics score every
legal move alike on this view and on the full one."""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine import districts as ds
from games.citadels.engine.common import city_size, tables

_CACHE: list = [None, None, None]  # the uniques list, the edition, their cards


def _cards(state: dict) -> dict:
    """District id -> {id, key, cost, type} for this game's cards."""
    uniques = state["uniques"]
    if _CACHE[0] is not uniques or _CACHE[1] != state["edition"]:
        keys, costs, _ids = tables(state)
        cards = {
            cid: {
                "id": cid,
                "key": key,
                "cost": None if key in ds.UNBUILDABLE else costs[cid],
                "type": ds.kind(key),
            }
            for cid, key in keys.items()
        }
        # Keep the list itself, so that its identity is never another's.
        _CACHE[:] = [uniques, state["edition"], cards]
    return _CACHE[2]


def fast_view(state: dict, seat: int) -> dict:
    cards = _cards(state)
    crown = state["crown"]
    players = []
    for s, p in enumerate(state["players"]):
        city = [cards[d["id"]] for d in p["city"]]
        players.append(
            {
                "seat": s,
                "gold": p["gold"],
                "hand_count": len(p["hand"]),
                "city": city,
                "city_size": city_size(state, s),
                "crown": crown == s,
            }
        )
    me = state["players"][seat]
    view = {
        "complete_size": state["complete_size"],
        "players": players,
        "call": None,
        "hand": [cards[c] for c in me["hand"]],
        "my_characters": [{"key": ch.char_key(c)} for c in me["characters"]],
        "my_discards": [
            {"key": ch.char_key(f["id"])} for f in state["face_down"] if f["by"] == seat
        ],
    }
    turn = state["turn"] if state["phase"] == "call" else None
    if turn and turn["seat"] == seat:
        sub = turn["sub"]
        shown = {"drawn": [cards[c] for c in turn["drawn"]]}
        if sub:
            shown["sub"] = _sub(state, sub, cards)
        view["call"] = {"turn": shown}
    return view


def _sub(state: dict, sub: dict, cards: dict) -> dict:
    """The cards of a choice in progress that the heuristics price."""
    kind = sub["kind"]
    if kind in ("redraw", "scholar"):
        return {"cards": [cards[c] for c in sub["cards"]]}
    if kind == "wizard":
        return {"hand": [cards[c] for c in state["players"][sub["seat"]]["hand"]]}
    if kind == "lighthouse":
        return {"deck": [cards[c] for c in state["deck"]]}
    return {}
