"""Citadels board: the engine's view and the viewer's legal moves, arranged.

Everything comes from `view` (what the viewer may know) and `legal` (the
viewer's legal moves); the raw state never reaches a template. Each legal move
becomes one control with a sentence naming it; a move aimed at something on the
table (a character of the line-up, a district in a city, a card in the hand or
among the drawn cards) is drawn on that thing, the others in the action bar.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.boards import NO_TABLE, BoardTable
from games.citadels.move_labels import (
    TYPE_NAMES,
    TYPE_SYMBOLS,
    Names,
    feminine,
    move_key,
    move_label,
)
from games.citadels.prompts import prompt

# The moves that may destroy a district of the mover's own city.
OWN_CITY_POWERS = ("destroy", "armory")


def _own_label(control: dict, n: Names) -> str:
    """A destruction in the mover's own city, named as his."""
    move = control["move"]
    card = n.card(move["district"])
    if move["type"] == "armory":
        return _("Blow up your own %(card)s") % {"card": card}
    return _("Destroy your own %(card)s (%(n)d gold)") % {
        "card": card,
        "n": n.cost(move),
    }


def _anchor(move: dict) -> tuple:
    """Where a move's control is drawn: on a thing, or in the action bar."""
    t = move.get("type")
    if t in ("kill", "rob", "bewitch"):
        return ("char", move["character"])
    if t in ("choose", "discard_character"):
        return ("pile", move["character"])
    if t in ("destroy", "seize", "armory"):
        return ("district", move["district"])
    if t == "exchange":
        return ("district", move["target"])
    if t == "beautify":
        return ("district", move["district"])
    if t in ("build", "laboratory", "museum", "pay_card", "give_card", "seer_give"):
        return ("hand", move["card"])
    if t == "tribute" and move.get("card"):
        return ("hand", move["card"])
    if t in ("keep", "redraw_card", "scholar_keep", "wizard_take", "lighthouse"):
        return ("card", move["card"])
    if t in ("swap_hands", "wizard_look", "give_crown", "tithe", "spy", "theater_swap"):
        return ("player", move["seat"])
    return ("action", None)


def _district(d: dict, controls: dict, texts: dict, small: bool = False) -> dict:
    """A district card as games/citadels/templates/games/citadels/board.html draws it: its
    classes, its type's symbol and name, an accessible label, its cost, what it
    does (the engine's text) and the controls aimed at it."""
    kind = TYPE_NAMES.get(d["type"], d["type"])
    cost = "—" if d.get("cost") is None else str(d["cost"])
    classes = "ct-district t-" + d["type"]
    if small:
        classes += " small"
    if d.get("beautified"):
        classes += " beautified"
    return {
        **d,
        "classes": classes,
        "symbol": TYPE_SYMBOLS.get(d["type"], "?"),
        "type_name": kind,
        "label": _("%(name)s, %(kind)s, cost %(cost)s")
        % {"name": d["name"], "kind": kind, "cost": cost},
        "cost_text": cost + "+1" if d.get("beautified") else cost,
        "text": texts.get(d["key"], ""),
        "tip": "tip-" + d["id"],
        "controls": controls.get(("district", d["id"]), []),
    }


def _ties(outcome: list[dict]) -> list[dict]:
    """Each score shared by several players, with the engine's tie-break: the
    highest rank each revealed in the last round (`tiebreak_rank`, 0 for none)
    and the places it gave (`rank`)."""
    out = []
    done = set()
    for row in outcome:
        tied = row["detail"].get("tied_with") or []
        if not tied or row["seat"] in done:
            continue
        group = [r for r in outcome if r["seat"] == row["seat"] or r["seat"] in tied]
        done |= {r["seat"] for r in group}
        ranks = ", ".join(
            _("%(p)s: rank %(r)d") % {"p": r["name"], "r": r["detail"]["tiebreak_rank"]}
            if r["detail"].get("tiebreak_rank")
            else _("%(p)s: none") % {"p": r["name"]}
            for r in group
        )
        values = {
            "score": row["score"],
            "names": ", ".join(r["name"] for r in group),
            "ranks": ranks,
        }
        if len({r["rank"] for r in group}) > 1:
            text = _(
                "Tie on %(score)d points between %(names)s, decided by the "
                "highest rank each revealed in the last round: %(ranks)s."
            )
        else:
            text = _(
                "Tie on %(score)d points between %(names)s; the highest ranks "
                "revealed in the last round are equal too (%(ranks)s): they "
                "share the place."
            )
        seats = sorted(r["seat"] for r in group)
        out.append({"score": row["score"], "seats": seats, "text": text % values})
    return out


def layout(view, position, legal, table: BoardTable = NO_TABLE) -> dict:
    """The line-up, the cities, your hand and cards, and every control."""
    if not view:
        return {}
    legal = legal or []
    names = Names(view, dict(table.names))
    texts = view.get("district_texts") or {}
    char_texts = {c["key"]: c.get("text", "") for c in view["lineup"]}
    controls: dict[tuple, list] = {}
    for move in legal:
        controls.setdefault(_anchor(move), []).append(
            {
                "json": move_key(move),
                "label": move_label(move, names),
                "type": move["type"],
                "move": move,
            }
        )
    call = view.get("call") or {}
    turn = call.get("turn") or {}
    killed, robbed, bewitched = view["killed"], view["robbed"], view["bewitched"]
    shown = {}
    for p in view["players"]:
        for c in p["characters"]:
            shown[c["key"]] = p["seat"]
    face_up = {c["key"] for c in view["face_up"]}
    mine = {c["key"] for c in view.get("my_characters") or []}
    discards = {c["key"] for c in view.get("my_discards") or []}
    warrants = view.get("warrants") or {}
    threats = view.get("threats") or {}
    signed = (warrants.get("signed") or {}).get("character")
    flowered = (threats.get("flowered") or {}).get("character")
    edition = view.get("edition")
    lineup = []
    for c in view["lineup"]:
        key = c["key"]
        lineup.append(
            {
                **c,
                "tip": "tip-c-" + key,
                "feminine": feminine(key, edition),
                "face_up": key in face_up,
                "seat": shown.get(key),
                "holder": names.player(shown[key]) if key in shown else "",
                "mine": key in mine,
                "seen_discard": key in discards,
                "killed": key == killed,
                "robbed": key == robbed,
                "bewitched": key == bewitched,
                "called": view["phase"] == "call" and key == turn.get("character"),
                "past": view["phase"] == "call" and c["rank"] < (call.get("rank") or 0),
                "controls": controls.get(("char", key), []),
                "warrant": key in (warrants.get("characters") or []),
                "signed": key == signed,
                "threat": key in (threats.get("characters") or []),
                "flowered": key == flowered,
                "bribed": key in (threats.get("bribed") or []),
            }
        )
    # A power aimed at the viewer's own city (the Warlord's, an Armory's
    # destruction) is not drawn on his districts: it waits in the power's own
    # folded panel, which is the confirmation (opened, then a button).
    own_ids = {
        d["id"] for p in view["players"] if p["seat"] == position for d in p["city"]
    }
    own_targets = []
    for card in sorted(own_ids):
        keep = []
        for m in controls.pop(("district", card), []):
            if m["type"] in OWN_CITY_POWERS:
                own_targets.append({**m, "label": _own_label(m, names)})
            else:
                keep.append(m)
        if keep:
            controls[("district", card)] = keep
    players = []
    order = [p for p in view["players"] if p["seat"] == position] + [
        p for p in view["players"] if p["seat"] != position
    ]
    for p in order:
        players.append(
            {
                **p,
                "name": names.player(p["seat"]),
                "me": p["seat"] == position,
                "acting": p["seat"] in (view.get("to_move") or []),
                "city": [_district(d, controls, texts, True) for d in p["city"]],
                "hand": [_district(d, {}, texts, True) for d in p["hand"] or []],
                "controls": controls.get(("player", p["seat"]), []),
            }
        )
    hand = [
        {**_district(d, {}, texts), "controls": controls.get(("hand", d["id"]), [])}
        for d in view.get("hand") or []
    ]
    # Cards to pick from: drawn cards, a redraw, the Scholar's, the Wizard's
    # look, the Lighthouse's deck.
    sub = turn.get("sub") or {}
    pool = list(turn.get("drawn") or [])
    for key in ("cards", "hand", "deck"):
        pool += sub.get(key) or []
    seen = set()
    picks = []
    for d in pool:
        if d["id"] in seen:
            continue
        seen.add(d["id"])
        picks.append(
            {**_district(d, {}, texts), "controls": controls.get(("card", d["id"]), [])}
        )
    pile = [
        {
            **c,
            "text": char_texts.get(c["key"], ""),
            "tip": "tip-p-" + c["key"],
            "controls": controls.get(("pile", c["id"]), []),
        }
        for c in (view.get("draft") or {}).get("pile") or []
    ]
    # A control aimed at something not drawn here goes to the action bar.
    drawn = {("char", c["key"]) for c in lineup} | {("action", None)}
    drawn |= {("pile", c["id"]) for c in pile} | {("hand", d["id"]) for d in hand}
    drawn |= {("card", d["id"]) for d in picks}
    drawn |= {("district", d["id"]) for p in players for d in p["city"]}
    drawn |= {("player", p["seat"]) for p in players}
    actions = list(controls.get(("action", None), []))
    for anchor, items in controls.items():
        if anchor not in drawn:
            actions += items
    # The action bar's look: ending the turn apart, gold or cards first.
    actions = [
        {
            **m,
            "css": "act"
            + (" ct-end" if m["type"] == "end_turn" else "")
            + (" primary" if m["type"] in ("take_gold", "draw_cards") else ""),
        }
        for m in actions
    ]
    unique_names = {u["key"]: u["name"] for u in view.get("uniques") or []}
    outcome = []
    for row in view.get("outcome") or []:
        bonuses = [
            {"key": key, "name": unique_names.get(key, key), "points": points}
            for key, points in row["detail"]["uniques"].items()
        ]
        outcome.append({**row, "name": names.player(row["seat"]), "bonuses": bonuses})
    outcome.sort(key=lambda r: r["rank"])
    uniques = [
        {
            **u,
            "text": texts.get(u["key"], ""),
            "cost_text": "—" if u["cost"] is None else u["cost"],
        }
        for u in view.get("uniques") or []
    ]
    my_characters = [
        {**c, "feminine": feminine(c["key"], edition)}
        for c in view.get("my_characters") or []
    ]
    return {
        "prompt": prompt(view, position, legal, names),
        "my_characters": my_characters,
        "lineup": lineup,
        "players": players,
        "hand": hand,
        "picks": picks,
        "pile": pile,
        "actions": actions,
        "own_targets": own_targets,
        # A decision on the hand (a build, a card to give) puts it above the
        # cities.
        "hand_first": any(d["controls"] for d in hand),
        "my_gold": next(
            (p["gold"] for p in view["players"] if p["seat"] == position), 0
        ),
        "turn": turn,
        "acting_name": names.char(turn.get("character") or "") if turn else "",
        "turn_player": names.player(turn.get("seat")) if turn else "",
        "spied": [_district(d, {}, texts) for d in turn.get("spied_hand") or []],
        "outcome": outcome,
        "ties": _ties(outcome),
        "uniques": uniques,
        "face_down": view.get("face_down") or [],
    }
