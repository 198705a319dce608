"""The alternate characters of the classic game (Dark City): Witch, Wizard,
Emperor, Abbot, Alchemist, Navigator, Diplomat (the Tax Collector's tax is in
taxes.py).

Rules: citadels.fr.txt "Nouveaux personnages" (one paragraph each) and DATA.md
2e (classic effects). The Queen and the Artist are in powers.py. Where the texts
are silent, the choice is written next to the code and in README.md.
"""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine.building import can_place, place, price
from games.citadels.engine.common import (
    draw,
    has,
    holder,
    is_complete,
    key_of,
    rank,
    set_crown,
    value,
)
from games.citadels.engine.queries import emperor_targets, rank8_targets

NAVIGATOR_TAKE = 4


def _face_up(state: dict) -> set[str]:
    return {ch.char_key(c) for c in state["draft"]["face_up"]}


# Witch ----------------------------------------------------------------------------
# She must take her resources, then must name a character, and her turn is put on
# hold: she builds nothing and uses no district but those of the resources (Gold
# Mine, Library, Observatory). When that character is called, its player only
# takes resources (no ability, no extra resource, no district but those of the
# resources: no Poor House, no Park); the Witch's player then resumes her turn as
# that character (power, extra resources, income, passive effects, builds) with
# her own hand, gold and city. Her Poor House and Park resolve at the end of the
# resumed turn; if the character is not in play she does not resume and they do
# not resolve. 2016 rulebook (Witch, Park, Poor House); the classic summary
# (citadels.fr.txt) says the same of the turn and is silent on the rest.


def bewitch_moves(state: dict, seat: int) -> list[dict]:
    up = _face_up(state)
    return [
        {"type": "bewitch", "character": k}
        for k in state["lineup"]
        if rank(state, k) != 1 and k not in up
    ]


def witch_takeover(state: dict) -> None:
    """Called once the bewitched player has taken resources."""
    turn = state["turn"]
    witch = holder(state, "witch")
    if state["bewitched"] != turn["char"] or witch is None or witch == turn["seat"]:
        return
    turn["bewitched_seat"] = turn["seat"]
    turn["seat"] = witch


# Wizard ---------------------------------------------------------------------------
# Looks at a player's hand, takes 1 card; builds it at once (paying, outside the
# build limit, even identical to a district of the city) or keeps it.


def wizard_moves(state: dict, seat: int) -> list[dict]:
    return [
        {"type": "wizard_look", "seat": s}
        for s, p in enumerate(state["players"])
        if s != seat and p["hand"]
    ]


def wizard_sub_moves(state: dict, seat: int) -> list[dict]:
    sub = state["turn"]["sub"]
    if sub["kind"] == "wizard":
        hand = state["players"][sub["seat"]]["hand"]
        return [{"type": "wizard_take", "card": c} for c in hand]
    moves = [{"type": "wizard_keep"}]
    card = sub["card"]
    player = state["players"][seat]
    turn = state["turn"]
    built = turn["built"]
    turn["built"] = 0  # outside the build limit
    placeable = can_place(state, seat, card)
    turn["built"] = built
    if placeable and player["gold"] >= price(state, seat, card):
        moves.insert(0, {"type": "wizard_build"})
    return moves


def apply_wizard(state: dict, seat: int, move: dict) -> None:
    turn = state["turn"]
    kind = move["type"]
    player = state["players"][seat]
    if kind == "wizard_look":
        turn["power"] = True
        turn["sub"] = {"kind": "wizard", "seat": move["seat"]}
    elif kind == "wizard_take":
        state["players"][turn["sub"]["seat"]]["hand"].remove(move["card"])
        player["hand"].append(move["card"])
        turn["sub"] = {"kind": "wizard_card", "card": move["card"]}
    elif kind == "wizard_build":
        card = turn["sub"]["card"]
        turn["sub"] = None
        amount = price(state, seat, card)
        player["gold"] -= amount
        built = turn["built"]
        place(state, seat, card, amount)
        turn["built"] = built
    else:
        turn["sub"] = None


# Emperor --------------------------------------------------------------------------
# Takes 1 gold per noble district; must give the crown to another player (not
# himself, not its holder), who pays him 1 gold or 1 card of their choice.


def emperor_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "give_crown", "seat": s} for s in emperor_targets(state, seat)]


def apply_give_crown(state: dict, seat: int, move: dict, *, paid: bool) -> None:
    target = move["seat"]
    set_crown(state, target)
    if state.get("turn"):
        state["turn"]["power"] = True
    other = state["players"][target]
    if paid and (other["gold"] or other["hand"]):
        state["pending"] = {"kind": "emperor", "seat": target, "emperor": seat}


def tribute_moves(state: dict, seat: int) -> list[dict]:
    player = state["players"][seat]
    moves = [{"type": "tribute", "gold": 1}] if player["gold"] else []
    return moves + [{"type": "tribute", "card": c} for c in player["hand"]]


def apply_tribute(state: dict, seat: int, move: dict) -> None:
    emperor = state["pending"]["emperor"]
    state["pending"] = None
    if move.get("gold"):
        state["players"][seat]["gold"] -= 1
        state["players"][emperor]["gold"] += 1
    else:
        state["players"][seat]["hand"].remove(move["card"])
        state["players"][emperor]["hand"].append(move["card"])


def killed_emperor_pending(state: dict) -> bool:
    """A killed Emperor still gives the crown at the end of the round, without
    tribute (chosen here, as the published Dark City rule)."""
    seat = holder(state, "emperor")
    if state["killed"] != "emperor" or seat is None:
        return False
    if not emperor_targets(state, seat):
        return False
    state["pending"] = {"kind": "emperor_crown", "seat": seat}
    return True


def emperor_crown_moves(state: dict, seat: int) -> list[dict]:
    return emperor_moves(state, seat)


# Abbot (classic) -------------------------------------------------------------------


def abbot_tithe(state: dict, seat: int) -> None:
    """The single richest player gives the Abbot 1 gold; nothing if the Abbot is
    the richest or if the richest are tied (citadels.fr.txt)."""
    golds = [p["gold"] for p in state["players"]]
    top = max(golds)
    richest = [s for s, g in enumerate(golds) if g == top]
    if top > 0 and len(richest) == 1 and richest[0] != seat:
        state["players"][richest[0]]["gold"] -= 1
        state["players"][seat]["gold"] += 1


# Alchemist -------------------------------------------------------------------------


def alchemist_refund(state: dict, seat: int) -> None:
    """At the end of the turn, the gold paid to build this turn comes back."""
    state["players"][seat]["gold"] += state["turn"]["spent"]


# Navigator -------------------------------------------------------------------------


def navigator_moves(state: dict, seat: int) -> list[dict]:
    moves = [{"type": "navigate", "take": "gold"}]
    if state["deck"]:
        moves.append({"type": "navigate", "take": "cards"})
    return moves


def apply_navigate(state: dict, seat: int, move: dict) -> None:
    state["turn"]["power"] = True
    player = state["players"][seat]
    if move["take"] == "gold":
        player["gold"] += NAVIGATOR_TAKE
    else:
        player["hand"].extend(draw(state, NAVIGATOR_TAKE))


# Diplomat --------------------------------------------------------------------------
# Exchanges one of his districts with one of another city, paying the owner the
# difference when he takes the dearer one. Same limits as the Warlord (no
# completed city, not the Bishop's city, never a Keep); never a district
# identical to one already in his city, not even for the one he gives (2016
# rulebook), nor one the other city already has (chosen here); a Great Wall
# adds 1 gold, paid to the bank (chosen here).


def exchange_cost(state: dict, target: int, mine: dict, theirs: dict) -> int:
    diff = max(0, value(state, theirs) - value(state, mine))
    if has(state, target, "great_wall") and key_of(state, theirs["id"]) != "great_wall":
        diff += 1
    return diff


def exchange_moves(state: dict, seat: int) -> list[dict]:
    me = state["players"][seat]
    gold = me["gold"]
    my_keys = [key_of(state, d["id"]) for d in me["city"]]
    moves = []
    for target, theirs in rank8_targets(state, seat):
        if target == seat:
            continue
        their_keys = [key_of(state, d["id"]) for d in state["players"][target]["city"]]
        tk = key_of(state, theirs["id"])
        for mine in me["city"]:
            mk = key_of(state, mine["id"])
            if mk == "keep" or tk in my_keys or mk in their_keys:
                continue
            if exchange_cost(state, target, mine, theirs) <= gold:
                moves.append(
                    {
                        "type": "exchange",
                        "district": mine["id"],
                        "seat": target,
                        "target": theirs["id"],
                    }
                )
    return moves


def apply_exchange(state: dict, seat: int, move: dict) -> None:
    state["turn"]["power"] = True
    me = state["players"][seat]
    other = state["players"][move["seat"]]
    mine = next(d for d in me["city"] if d["id"] == move["district"])
    theirs = next(d for d in other["city"] if d["id"] == move["target"])
    cost = exchange_cost(state, move["seat"], mine, theirs)
    to_owner = max(0, value(state, theirs) - value(state, mine))
    me["gold"] -= cost
    other["gold"] += to_owner
    me["city"][me["city"].index(mine)] = theirs
    other["city"][other["city"].index(theirs)] = mine
    if "museum" in (key_of(state, mine["id"]), key_of(state, theirs["id"])):
        me["museum"], other["museum"] = other["museum"], me["museum"]
    if state["first_complete"] is None and is_complete(state, seat):
        state["first_complete"] = seat  # a Monument taken can complete a city
