"""A simple Rival Cities computer player: one score per legal move, from the view.

Rules of thumb, not search: move the inkwell cheaply to a useful card, pay with the
resource held most (furniture last), take production, prestige, ships, alliances
and lawsuits, and go for an instant victory when the next action can bring it.
"""

from __future__ import annotations

RES_WORTH = {"beer": 1.0, "leather": 1.2, "cloth": 1.3, "furniture": 1.8}
ACTION_WORTH = {
    "production": 3.0,
    "gift": 2.5,
    "donation": 3.0,
    "exchange": 1.0,
    "letter": 2.0,
    "draw": 2.0,
    "factory": 2.0,
    "prestige": 4.0,
    "alliance": 3.5,
    "ship": 3.5,
    "lawsuit": 3.0,
    "court": 1.5,
    "reactivate": 1.0,
    "piracy": 2.0,
}
WIN = 100.0


def _me(view: dict, seat: int) -> dict:
    return view["cities"][seat]


def _rival(view: dict, seat: int) -> dict:
    return view["cities"][1 - seat]


def _held(view: dict, seat: int) -> int:
    return sum(_me(view, seat)["resources"].values())


def _prestige_on_my_side(view: dict, seat: int) -> int:
    position = view["prestige"]["position"]
    return position if seat == 0 else -position


def _action_worth(view: dict, seat: int, action: dict) -> float:
    do = action["do"]
    worth = ACTION_WORTH.get(do, 1.0)
    me = _me(view, seat)
    if do == "production":
        worth += action.get("n", 1) * RES_WORTH.get(action.get("res"), 1) * 0.5
    elif do == "prestige":
        if _prestige_on_my_side(view, seat) >= view["prestige"]["win_at"] - 1:
            worth += WIN  # the city's name: an instant victory
    elif do == "alliance":
        if len(me["alliances"]) == 3:
            worth += WIN / 2
        if not any(view["alliances"]["board"]) and not me["letters"]:
            worth = 0.2
    elif do == "ship":
        if len(me["ships"]) + 1 >= len(_rival(view, seat)["ships"]) + 3:
            worth += WIN / 2
        if _held(view, seat) < 4:
            worth = 0.5
    elif do == "lawsuit":
        if _held(view, seat) < 2:
            worth = 0.5
    elif do == "reactivate":
        worth = 2.0 if me["factories"]["spent"] else 0.1
    elif do == "donation":
        cost = sum(action.get("cost", {}).values())
        worth = 3.5 if _held(view, seat) >= cost else 0.3
    elif do == "gift":
        worth += sum(action.get("res", {}).values()) * 0.5
    return worth


def card_worth(view: dict, seat: int, card: dict | None) -> float:
    if not card:
        return 0.0
    if card.get("split"):
        return max(
            sum(_action_worth(view, seat, a) for a in half) for half in card["halves"]
        )
    return sum(_action_worth(view, seat, a) for a in card["actions"])


def _hand_card(view: dict, seat: int, card_id: str) -> dict | None:
    for card in _me(view, seat)["hand"] or []:
        if card["id"] == card_id:
            return card
    return None


def _ink_card(view: dict) -> dict | None:
    for space in view["ring"]:
        if space["inkwell"]:
            return space["card"]
    return None


def score_move(view: dict, seat: int, move: dict) -> float:  # noqa: C901, PLR0911, PLR0912
    kind = move.get("type")
    me = _me(view, seat)
    res = me["resources"]
    if kind == "start":
        return RES_WORTH[move["resource"]]
    if kind == "move":
        space = next(s for s in view["ring"] if s["distance"] == move["spaces"])
        cost = space["cost"] or 0
        worth = card_worth(view, seat, space["card"])
        if not space["card"]:
            hand = [card_worth(view, seat, c) for c in me["hand"] or []]
            worth = max(hand, default=0.0) - 1.0
        return worth - 1.6 * cost
    if kind == "pay":
        # Keep what is scarce and precious: pay with the most plentiful.
        return res[move["resource"]] - RES_WORTH[move["resource"]]
    if kind == "option":
        option = move["option"]
        ring_card = card_worth(view, seat, _ink_card(view))
        if option == "A":
            return ring_card
        if option == "B":
            return card_worth(view, seat, _hand_card(view, seat, move["card"])) - 0.5
        if option == "C":
            hand = card_worth(view, seat, _hand_card(view, seat, move["card"]))
            return ring_card + hand - 2.0 + (0.1 if move["first"] == "A" else 0)
        if option == "D":
            return ring_card * 0.6
        return 0.0
    if kind == "half":
        card = view["decision"].get("card") if view.get("decision") else None
        candidates = [s["card"] for s in view["ring"]] + view["special"]["played"]
        found = next((c for c in candidates if c and c["id"] == card), None)
        if not found or not found.get("split"):
            return 1.0 if move["half"] == "both" else 0.0
        halves = found["halves"]
        chosen = {"left": halves[0], "right": halves[1], "both": halves[0] + halves[1]}
        return sum(_action_worth(view, seat, a) for a in chosen[move["half"]])
    if kind == "flip":
        return move["factories"] * 1.5
    if kind == "donate":
        return 4.0
    if kind == "exchange":
        gain = RES_WORTH[move["take"]] - RES_WORTH[move["give"]]
        return gain + (res[move["give"]] - res[move["take"]]) * 0.3
    if kind == "letter_exchange":
        return -2.0
    if kind == "build":
        return 2.5
    if kind == "repeat":
        return 2.0
    if kind == "piracy":
        if move["mode"] == "simple":
            return 2.0 + RES_WORTH[move["resource"]]
        rival_prestige = -_prestige_on_my_side(view, seat)
        if rival_prestige >= view["prestige"]["win_at"] - 1:
            return -WIN  # would give the rival their instant victory
        return 1.5
    if kind == "steal":
        return 2.0 + RES_WORTH[move["resource"]]
    if kind == "alliance":
        theirs = any(a["id"] == move["card"] for a in _rival(view, seat)["alliances"])
        bonus = WIN if len(me["alliances"]) == 3 else 0.0
        return bonus + (3.0 if theirs else 4.0)
    if kind == "ship":
        ship = next(
            (s for s in view["ships"]["face_up"] if s and s["id"] == move["card"]),
            None,
        )
        stars = ship["stars"] if ship else 0
        bonus = 0.0
        if len(me["ships"]) + 1 >= len(_rival(view, seat)["ships"]) + 3:
            bonus = WIN
        return bonus + 4.0 + stars * 0.5
    if kind == "lawsuit":
        entry = view["lawsuits"]["positions"][move["position"]]
        marker = entry["marker"] if entry else 0
        mine = marker if seat == 0 else -marker
        # Position I is resolved first: push it, and a lawsuit already leaning.
        return 3.5 + (1.0 if move["position"] == 0 else 0) + 0.3 * mine
    if kind == "extra":
        return 2.5
    if kind == "court":
        if move.get("resolve"):
            return (WIN if len(me["lawsuits_won"]) >= 2 else 0.0) + 6.0
        return 0.5
    if kind == "upkeep":
        return 3.0 if move["pay"] else 0.0
    if kind == "stop":
        return 0.1
    return 0.0
