"""What each seat may see (view, secrets) and the log lines (describe).

Hidden objects and their ids: district cards "district-N" (hands, the deck, the
cards drawn before keeping one, the cards under a Museum) and character cards
"char-<key>" (the draft pile, chosen characters until revealed, face-down
discards). The public catalogue of the characters in play names them by key
("king"), which says nothing about who holds them.
"""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine import districts as ds
from games.citadels.engine.building import build_limit
from games.citadels.engine.common import (
    card_map,
    city_size,
    cname,
    cost_of,
    dname,
    holder,
    is_complete,
    key_of,
)
from games.citadels.engine.prices import move_costs
from games.citadels.engine.schemers import bribe_cost
from games.citadels.engine.texts import character_text, district_texts
from games.engines.base import _, player


def card(state: dict, cid: str) -> dict:
    key = key_of(state, cid)
    return {
        "id": cid,
        "key": key,
        "name": dname(state, cid),
        "cost": None if key in ds.UNBUILDABLE else cost_of(state, cid),
        "type": ds.kind(key),
    }


def character(state: dict, cid: str) -> dict:
    key = ch.char_key(cid)
    return {
        "id": cid,
        "key": key,
        "name": cname(state, key),
        "rank": ch.rank(key, state["edition"]),
    }


def _revealed(state: dict) -> set[str]:
    return {c for p in state["players"] for c in p["revealed"]}


def secrets(state: dict, seat: int | None) -> list[str]:
    if state["phase"] == "over":
        return []
    out: list[str] = []
    revealed = _revealed(state)
    turn = state.get("turn")
    for kind, marker, hidden in (
        ("magistrate", "warrants", "warrant-signed"),
        ("blackmailer", "threats", "threat-flowered"),
    ):
        if _marker_secret(state, marker) and holder(state, kind) == seat:
            out.append(hidden)
    if seat is None:
        sub = turn["sub"] if turn else None
        if not (sub and sub["kind"] == "lighthouse"):
            out += state["deck"]
        out += [f["id"] for f in state["face_down"] if f["by"] is None]
        return out
    p = state["players"][seat]
    out += p["hand"] + p["museum"]
    out += [c for c in p["characters"] if c not in revealed]
    out += [f["id"] for f in state["face_down"] if f["by"] == seat]
    if turn and turn["seat"] == seat:
        out += turn["drawn"]
        if turn["sub"] and turn["sub"]["kind"] == "wizard":
            out += state["players"][turn["sub"]["seat"]]["hand"]
        if turn["sub"] and turn["sub"]["kind"] == "lighthouse":
            out += state["deck"]
        if turn["sub"] and turn["sub"]["kind"] == "scholar":
            out += turn["sub"]["cards"]
        if turn.get("spied") is not None:
            out += state["players"][turn["spied"]]["hand"]
    if state["phase"] == "draft" and state["draft"]["steps"]:
        if state["draft"]["steps"][0]["seat"] == seat:
            out += state["draft"]["pile"]
    return out


def _marker_secret(state: dict, marker: str) -> bool:
    """The signed warrant (flowered threat) is still face down."""
    data = state.get(marker)
    if not data:
        return False
    real = data["signed"] if marker == "warrants" else data["flowered"]
    shown = data["revealed"]
    return not (shown is True or (isinstance(shown, list) and real in shown))


def _markers(state: dict, seat: int | None, over: bool) -> dict:
    out = {}
    for kind, marker, field, hidden in (
        ("magistrate", "warrants", "signed", "warrant-signed"),
        ("blackmailer", "threats", "flowered", "threat-flowered"),
    ):
        data = state.get(marker)
        if not data:
            out[marker] = None
            continue
        secret = _marker_secret(state, marker)
        if not secret or over:
            real = {"character": data[field]}
        elif holder(state, kind) == seat:
            real = {"id": hidden, "character": data[field]}
        else:
            real = None
        out[marker] = {
            "characters": list(data["characters"]),
            "revealed": data["revealed"],
            field: real,
        }
        if marker == "threats":
            out[marker]["bribed"] = list(data.get("bribed", []))
    return out


def view(engine, state: dict, seat: int | None) -> dict:
    over = state["phase"] == "over"
    revealed = _revealed(state)
    face_up = state["draft"]["face_up"] if state.get("draft") else []
    out: dict = {
        "edition": state["edition"],
        "round": state["round"],
        "phase": state["phase"],
        "num_players": state["num_players"],
        "complete_size": state["complete_size"],
        "you": seat,
        "crown": state["crown"],
        "deck_count": len(state["deck"]),
        "tax_pool": state["tax_pool"],
        "bell_tower": state["bell_tower"],
        "first_complete": state["first_complete"],
        "killed": state["killed"] if state["phase"] != "draft" else None,
        "robbed": state["robbed"] if state["phase"] != "draft" else None,
        "bewitched": state["bewitched"] if state["phase"] != "draft" else None,
        "lineup": [
            {
                "key": k,
                "name": cname(state, k),
                "rank": ch.rank(k, state["edition"]),
                "text": character_text(k, state["edition"]),
            }
            for k in state["lineup"]
        ],
        "uniques": [
            {
                "key": k,
                "name": _(ds.name(k, state["edition"])),
                "cost": None if k in ds.UNBUILDABLE else ds.cost(k, state["edition"]),
                "type": ds.UNIQUE,
            }
            for k in state["uniques"]
        ],
        "district_texts": district_texts(state),
        "face_up": [character(state, c) for c in face_up],
        "to_move": engine.to_move(state),
    }
    out["players"] = players_view(state)
    out["draft"] = _draft(state, seat) if state["phase"] == "draft" else None
    out["call"] = call_view(state, seat) if state["phase"] == "call" else None
    out["pending"] = _pending(state)
    out.update(_markers(state, seat, over))
    if seat is not None:
        p = state["players"][seat]
        out["hand"] = [card(state, c) for c in p["hand"]]
        out["museum"] = [card(state, c) for c in p["museum"]]
        out["my_characters"] = [
            {**character(state, c), "revealed": c in revealed} for c in p["characters"]
        ]
        out["my_discards"] = [
            character(state, f["id"]) for f in state["face_down"] if f["by"] == seat
        ]
        out["moves"] = engine.legal_moves(state, seat)
        out["move_costs"] = move_costs(state, seat, out["moves"])
    if over:
        out["face_down"] = [character(state, f["id"]) for f in state["face_down"]]
        out["outcome"] = engine.outcome(state)
    return out


def _draft(state: dict, seat: int | None) -> dict:
    draft = state["draft"]
    step = draft["steps"][0]
    mine = step["seat"] == seat
    return {
        "picker": step["seat"],
        "action": step["action"],
        "pile_count": len(draft["pile"]),
        "pile": [character(state, c) for c in sorted(draft["pile"])] if mine else None,
    }


def players_view(state: dict) -> list[dict]:
    """What every seat sees of each player (the view's `players`): characters
    once revealed, hands once the game is over."""
    over = state["phase"] == "over"
    revealed = {c for p in state["players"] for c in p["revealed"]}
    players = []
    for s, p in enumerate(state["players"]):
        shown = (
            p["characters"] if over else [c for c in p["characters"] if c in revealed]
        )
        players.append(
            {
                "seat": s,
                "gold": p["gold"],
                "hand_count": len(p["hand"]),
                "city": [
                    {**card(state, d["id"]), "beautified": d["beautified"]}
                    for d in p["city"]
                ],
                "city_size": city_size(state, s),
                "complete": is_complete(state, s),
                "museum_count": len(p["museum"]),
                "crown": state["crown"] == s,
                "character_count": len(p["characters"]),
                "characters": [character(state, c) for c in shown],
                "hand": [card(state, c) for c in p["hand"]] if over else None,
            }
        )
    return players


def call_view(state: dict, seat: int | None) -> dict | None:
    """The character being called and its turn as `seat` sees them (the view's
    `call`)."""
    turn = state["turn"]
    if not turn:
        return {"rank": state["rank"], "character": None, "turn": None}
    mine = turn["seat"] == seat
    sub = turn["sub"]
    return {
        "rank": state["rank"],
        "character": turn["char"],
        "turn": {
            "seat": turn["seat"],
            "bewitched_seat": turn.get("bewitched_seat"),
            "character": turn["char"],
            "step": turn["step"],
            "built": turn["built"],
            "build_limit": build_limit(state),
            "power_used": turn["power"],
            "income_taken": turn["income"],
            "used": list(turn["used"]),
            "drawn": [card(state, c) for c in turn["drawn"]] if mine else None,
            "drawn_count": len(turn["drawn"]),
            "spied_seat": turn.get("spied"),
            # The gold a threatened player would give as a bribe (public: gold
            # is open information).
            "bribe_cost": bribe_cost(state, turn["seat"])
            if sub and sub["kind"] == "bribe"
            else None,
            # Ball Room: the seat this player must thank before anything else.
            "courtesy": turn.get("courtesy"),
            "spied_hand": (
                [card(state, c) for c in state["players"][turn["spied"]]["hand"]]
                if mine and turn.get("spied") is not None
                else None
            ),
            "sub": _sub(state, sub)
            if sub and mine
            else (sub and {"kind": sub["kind"]}),
        },
    }


def _sub(state: dict, sub: dict) -> dict:
    out = {"kind": sub["kind"]}
    if sub["kind"] == "redraw":
        out["cards"] = [card(state, c) for c in sub["cards"]]
    elif sub["kind"] == "wizard":
        out["seat"] = sub["seat"]
        out["hand"] = [card(state, c) for c in state["players"][sub["seat"]]["hand"]]
    elif sub["kind"] == "scholar":
        out["cards"] = [card(state, c) for c in sub["cards"]]
    elif sub["kind"] == "lighthouse":
        out["deck"] = [card(state, c) for c in sorted(state["deck"])]
    elif sub["kind"] == "seer":
        out["owed"] = list(sub["owed"])
    elif sub["kind"] == "cardinal":
        out["card"] = card(state, sub["card"])
        out["seat"] = sub["seat"]
        out["needed"] = sub["needed"]
    elif sub["kind"] == "wizard_card":
        out["card"] = card(state, sub["card"])
    elif sub["kind"] == "den":
        out["card"] = card(state, sub["card"])
        out["needed"] = sub["needed"]
    return out


def _pending(state: dict) -> dict | None:
    pending = state["pending"]
    if not pending:
        return None
    out = {"kind": pending["kind"], "seat": pending["seat"]}
    if pending["kind"] == "emperor":
        out["emperor"] = pending["emperor"]
    if pending["kind"] == "magistrate":
        out["builder"] = pending["builder"]
        out["card"] = card(state, pending["card"])
        out["refund"] = pending["paid"]  # the gold the builder gets back
    if pending["kind"] == "blackmail":
        out["victim"] = pending["victim"]
    if pending["kind"] == "graveyard":
        out["card"] = card(state, pending["card"])
    return out


# --- Log lines -------------------------------------------------------------------


def describe(state: dict, seat: int, move: dict, viewer: int | None) -> str:
    who = player(seat)
    mine = viewer == seat
    kind = move.get("type")
    turn = state.get("turn")
    if turn and turn.get("courtesy") is not None and not state["pending"]:
        host = player(turn["courtesy"])
        if kind == "thank":
            return _("{player} thanked {host}, host of the Ball Room").format(
                player=who, host=host
            )
        return _(
            "{player} forgot to thank {host} (Ball Room) and lost the turn"
        ).format(player=who, host=host)
    if kind == "choose":
        if mine:
            return _("{player} chose the {character}").format(
                player=who, character=cname(state, ch.char_key(move["character"]))
            )
        return _("{player} chose a character").format(player=who)
    if kind == "discard_character":
        if mine:
            return _("{player} discarded the {character} face down").format(
                player=who, character=cname(state, ch.char_key(move["character"]))
            )
        return _("{player} discarded a character face down").format(player=who)
    if kind == "take_gold":
        from games.citadels.engine.turns import gold_taken

        return _("{player} took {n} gold").format(player=who, n=gold_taken(state, seat))
    if kind == "draw_cards":
        return _("{player} drew district cards").format(player=who)
    if kind == "keep":
        if mine:
            return _("{player} kept the {card}").format(
                player=who, card=dname(state, move["card"])
            )
        return _("{player} kept a card").format(player=who)
    if kind == "build":
        return _("{player} built the {card}").format(
            player=who, card=dname(state, move["card"])
        )
    if kind == "end_turn":
        return _("{player} ended their turn").format(player=who)
    from games.citadels.engine.describe_powers import describe_power

    return describe_power(state, seat, move, viewer)


def check_invariants(state: dict) -> None:
    """Every district card is in exactly one place; every character too."""
    places = list(state["deck"])
    for p in state["players"]:
        places += p["hand"] + p["museum"] + [d["id"] for d in p["city"]]
    if state.get("turn"):
        places += state["turn"]["drawn"]
        sub = state["turn"]["sub"]
        if sub and sub["kind"] == "scholar":
            places += sub["cards"]
    if state.get("pending") and state["pending"]["kind"] == "graveyard":
        places.append(state["pending"]["card"])
    if sorted(places) != sorted(card_map(state)):
        raise AssertionError("district cards are lost or duplicated")
    chars = [f["id"] for f in state["face_down"]]
    for p in state["players"]:
        chars += p["characters"]
    if state.get("draft"):
        chars += state["draft"]["pile"] + state["draft"]["face_up"]
    if sorted(chars) != sorted(ch.char_id(k) for k in state["lineup"]):
        raise AssertionError("character cards are lost or duplicated")
