"""The actions on the shared board: alliance, ship, lawsuit, court decision.

R-rc "Conclure une alliance", "Acheter un navire", "Progresser dans un procès",
"Décision de la cour", and the ships' immediate effects (ships 1-5), ship 15
(stars per won lawsuit), ship 19 (discount) and Le Havre (repeat a lawsuit).
"""

from __future__ import annotations

from games.rival_cities.engine.common import (
    STOP,
    action_task,
    can_afford,
    direction,
    event,
    gain_all,
    gain_token,
    gettext_noop,
    has_alliance,
    has_ship,
    pay_letter,
    pop,
    push,
    push_seq,
    rival,
    start_payment,
)
from games.rival_cities.engine.pieces import LAWSUIT_MAX, LAWSUITS, SHIPS

# R-rc "Décision de la cour": the lawsuit in position I may be resolved by the
# player whose side holds its marker on step 2, 3 or 4.
COURT_RESOLVE_AT = 2

# --- Alliance: free from the board, a letter from the rival ----------------------------


def alliance_moves(state: dict, task: dict) -> list[dict]:
    seat = task["seat"]
    moves = [
        {"type": "alliance", "card": card} for card in state["alliances_board"] if card
    ]
    if state["players"][seat]["letters"] >= 1:
        moves += [
            {"type": "alliance", "card": card}
            for card in state["players"][rival(seat)]["alliances"]
        ]
    return [*moves, STOP]


def alliance_play(state: dict, task: dict, move: dict) -> None:
    pop(state)
    if move["type"] == "stop":
        return
    seat = task["seat"]
    card = move["card"]
    if card in state["alliances_board"]:
        state["alliances_board"][state["alliances_board"].index(card)] = None
    else:
        pay_letter(state, seat)
        state["players"][rival(seat)]["alliances"].remove(card)
    state["players"][seat]["alliances"].append(card)


def return_alliance(state: dict, seat: int, card: str) -> None:
    """Back on a free alliance space of the board (R-rc upkeep)."""
    state["players"][seat]["alliances"].remove(card)
    board = state["alliances_board"]
    board[board.index(None)] = card


# --- Ship ---------------------------------------------------------------------------


def ship_cost(state: dict, seat: int, card: str) -> dict:
    cost = dict(SHIPS[card]["cost"])
    if has_ship(state, seat, 19):  # ship 19: one resource less (from the free part)
        cost["any"] = max(0, cost.get("any", 0) - 1)
    return cost


def ship_moves(state: dict, task: dict) -> list[dict]:
    seat = task["seat"]
    moves = [
        {"type": "ship", "card": card}
        for card in state["ships_face_up"]
        if card and can_afford(state, seat, ship_cost(state, seat, card))
    ]
    return [*moves, STOP]


def ship_play(state: dict, task: dict, move: dict) -> None:
    pop(state)
    if move["type"] == "stop":
        return
    seat = task["seat"]
    cost = ship_cost(state, seat, move["card"])
    push(state, {"t": "ship_gain", "seat": seat, "card": move["card"]})
    start_payment(state, seat, cost, "ship")


def ship_gain_auto(state: dict, task: dict) -> bool:
    pop(state)
    seat, card = task["seat"], task["card"]
    row = state["ships_face_up"]
    row[row.index(card)] = state["ship_deck"].pop() if state["ship_deck"] else None
    state["players"][seat]["ships"].append(card)
    event(state, gettext_noop("{player} bought a ship"), player=seat)
    effect = SHIPS[card].get("effect")
    if effect == "prestige2":
        push_seq(state, [{"t": "prestige", "seat": seat} for _ in range(2)])
    elif effect == "lawsuit2":
        push_seq(state, [{"t": "lawsuit", "seat": seat} for _ in range(2)])
    elif effect == "draw2":
        push_seq(state, [{"t": "draw", "seat": seat} for _ in range(2)])
    elif effect == "letters":
        gain_token(state, seat, "letter", SHIPS[card]["letters"])
    return True


# --- Lawsuit progress -------------------------------------------------------------------


def lawsuit_position(state: dict, card: str) -> int | None:
    for index, entry in enumerate(state["lawsuits"]):
        if entry and entry["card"] == card:
            return index
    return None


def step_marker(state: dict, seat: int, card: str) -> None:
    index = lawsuit_position(state, card)
    if index is None:
        return
    entry = state["lawsuits"][index]
    marker = entry["marker"] + direction(seat)
    entry["marker"] = max(-LAWSUIT_MAX, min(LAWSUIT_MAX, marker))


def lawsuit_moves(state: dict, task: dict) -> list[dict]:
    seat = task["seat"]
    moves = [
        {"type": "lawsuit", "position": index}
        for index, entry in enumerate(state["lawsuits"])
        if entry and can_afford(state, seat, LAWSUITS[entry["card"]]["cost"])
    ]
    return [*moves, STOP]


def lawsuit_play(state: dict, task: dict, move: dict) -> None:
    pop(state)
    if move["type"] == "stop":
        return
    seat = task["seat"]
    card = state["lawsuits"][move["position"]]["card"]
    data = LAWSUITS[card]
    then = [
        {"t": "lawsuit_bonus", "seat": seat, "card": card},
        {"t": "lawsuit_extra", "seat": seat, "card": card, "left": data["extra"]},
    ]
    if not task.get("repeat") and has_alliance(state, seat, "le-havre"):
        then.append({"t": "repeat", "seat": seat, "vias": ["le-havre"]})
    push_seq(state, then)
    start_payment(state, seat, data["cost"], "lawsuit")


def lawsuit_bonus_auto(state: dict, task: dict) -> bool:
    pop(state)
    seat = task["seat"]
    step_marker(state, seat, task["card"])
    event(state, gettext_noop("{player} advanced a lawsuit"), player=seat)
    bonus = LAWSUITS[task["card"]]["bonus"]
    push_seq(state, [action_task(seat, action) for action in bonus])
    return True


def lawsuit_extra_moves(state: dict, task: dict) -> list[dict]:
    seat = task["seat"]
    index = lawsuit_position(state, task["card"])
    if index is None:
        return [STOP]
    at_end = state["lawsuits"][index]["marker"] * direction(seat) >= LAWSUIT_MAX
    if at_end or not can_afford(state, seat, LAWSUITS[task["card"]]["cost"]):
        return [STOP]
    return [{"type": "extra"}, STOP]


def lawsuit_extra_play(state: dict, task: dict, move: dict) -> None:
    if move["type"] == "stop":
        pop(state)
        return
    task["left"] -= 1
    if task["left"] == 0:
        pop(state)
    seat = task["seat"]
    push(state, {"t": "lawsuit_step", "seat": seat, "card": task["card"]})
    start_payment(state, seat, LAWSUITS[task["card"]]["cost"], "lawsuit")


def lawsuit_step_auto(state: dict, task: dict) -> bool:
    pop(state)
    step_marker(state, task["seat"], task["card"])
    return True


# --- Resolving the lawsuit in position I (low season step 5, court decision) ---------


def resolve_priority(state: dict) -> None:
    entry = state["lawsuits"][0]
    if entry is None:
        return
    card, marker = entry["card"], entry["marker"]
    if marker == 0:
        state["lawsuits_out"].append(card)
        event(state, gettext_noop("The lawsuit in position I went back to the box"))
    elif abs(marker) == 1:
        seat = 0 if marker > 0 else 1
        gain_token(state, seat, "star")
        state["lawsuits_out"].append(card)
        event(
            state, gettext_noop("{player} gained a star from the lawsuit"), player=seat
        )
    else:
        seat = 0 if marker > 0 else 1
        state["players"][seat]["lawsuits"].append(card)
        gain_all(state, seat, LAWSUITS[card]["win"])
        if has_ship(state, seat, 15):
            gain_token(state, seat, "star", 2)
        event(state, gettext_noop("{player} won a lawsuit"), player=seat)
    new = None
    if state["lawsuit_deck"]:
        new = {"card": state["lawsuit_deck"].pop(), "marker": 0}
    state["lawsuits"] = [state["lawsuits"][1], state["lawsuits"][2], new]


def court_moves(state: dict, task: dict) -> list[dict]:
    seat = task["seat"]
    first = state["lawsuits"][0]
    if first and first["marker"] * direction(seat) >= COURT_RESOLVE_AT:
        return [{"type": "court", "resolve": True}, STOP]
    moves = [
        {"type": "court", "swap": index}
        for index in (0, 1)
        if state["lawsuits"][index] and state["lawsuits"][index + 1]
    ]
    return [*moves, STOP]


def court_play(state: dict, task: dict, move: dict) -> None:
    pop(state)
    if move["type"] == "stop":
        return
    if move.get("resolve"):
        resolve_priority(state)
        return
    index = move["swap"]
    lawsuits = state["lawsuits"]
    lawsuits[index], lawsuits[index + 1] = lawsuits[index + 1], lawsuits[index]
    event(state, gettext_noop("{player} swapped two lawsuits"), player=task["seat"])
