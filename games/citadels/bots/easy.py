"""A simple Citadels heuristic, from the seat's view only.

Draft: a character that suits the hand and purse (the Architect or the Merchant
when poor, the King for the crown, the Warlord or Assassin against a leader).
Turn: a Ball Room host is thanked first; the resources come before any ability
(gold when poor or when the hand already holds something to build, cards when
the hand is empty); keep the most expensive card; build the most expensive
affordable district; aim powers at the leader (most districts, then gold); the
Assassin and the Thief guess the likeliest characters; end the turn last.
"""

from __future__ import annotations

from games.citadels.engine.view import call_view, card, character, players_view

# A rough taste for each character in the draft (higher is better).
CHARACTER_TASTE = {
    "assassin": 4.0,
    "witch": 3.5,
    "magistrate": 3.0,
    "thief": 3.0,
    "tax_collector": 2.5,
    "spy": 3.0,
    "blackmailer": 3.0,
    "magician": 2.5,
    "wizard": 3.0,
    "seer": 3.0,
    "king": 4.0,
    "emperor": 3.5,
    "patrician": 3.5,
    "bishop": 3.0,
    "abbot": 3.0,
    "cardinal": 3.0,
    "merchant": 3.5,
    "alchemist": 3.0,
    "trader": 3.5,
    "architect": 4.0,
    "navigator": 3.0,
    "scholar": 3.5,
    "warlord": 3.5,
    "diplomat": 3.0,
    "marshal": 3.0,
    "queen": 3.0,
    "artist": 2.5,
}
# Whom the Assassin and the Thief aim at: the characters most often worth it.
TARGET_TASTE = {"king": 3, "merchant": 3, "architect": 3, "warlord": 2, "bishop": 1}


def me_of(view: dict, seat: int) -> dict:
    return view["players"][seat]


def leader_of(view: dict, seat: int) -> int | None:
    others = [p for p in view["players"] if p["seat"] != seat]
    if not others:
        return None
    best = max(others, key=lambda p: (p["city_size"], p["gold"], p["hand_count"]))
    return best["seat"]


def cards_of(view: dict) -> dict:
    cards = {d["id"]: d for d in view.get("hand") or []}
    for p in view["players"]:
        for d in p["city"]:
            cards[d["id"]] = d
    turn = (view.get("call") or {}).get("turn") or {}
    for d in turn.get("drawn") or []:
        cards[d["id"]] = d
    sub = turn.get("sub") or {}
    for key in ("cards", "hand", "deck"):
        for d in sub.get(key) or []:
            cards[d["id"]] = d
    return cards


def cost_of(cards: dict, cid) -> int:
    return (cards.get(cid) or {}).get("cost") or 0


def affordable(view: dict, seat: int) -> list[int]:
    gold = me_of(view, seat)["gold"]
    return [
        d["cost"] for d in view.get("hand") or [] if d["cost"] and d["cost"] <= gold
    ]


def draft_taste(me: dict, key: str) -> float:
    """How much this player wants the character `key` in the draft: its taste,
    more for income when poor, cards when the hand is thin, the crown."""
    score = CHARACTER_TASTE.get(key, 2.0)
    if key in ("merchant", "trader", "alchemist") and me["gold"] <= 2:
        score += 1.0
    if key in ("architect", "scholar", "navigator") and me["hand_count"] <= 1:
        score += 1.5
    if key == "king" and not me["crown"]:
        score += 0.5
    return score


def score_move(view: dict, seat: int, move: dict) -> float:  # noqa: C901
    t = move["type"]
    me = me_of(view, seat)
    leader = leader_of(view, seat)
    cards = cards_of(view)
    if t == "choose":
        return draft_taste(me, move["character"][5:])
    if t == "discard_character":
        return -CHARACTER_TASTE.get(move["character"][5:], 2.0)
    # The resources first (2016 allows abilities before them; this player
    # gathers first, as in the classic game): above every other move.
    if t == "take_gold":
        poor = me["gold"] < 4 or bool(view.get("hand"))
        return 15.0 if poor else 13.0
    if t == "draw_cards":
        return 14.5 if not view.get("hand") else 12.0
    if t in ("keep", "scholar_keep", "wizard_take", "lighthouse"):
        return 3.0 + cost_of(cards, move["card"]) * 0.5
    if t == "thank":
        return 20.0  # Ball Room: thanking the host comes before anything else
    if t == "income":
        return 8.0
    if t == "build":
        base = 6.0 + cost_of(cards, move["card"])
        if move.get("framework") or move.get("destroy") or move.get("cards"):
            base -= 3.0
        if move.get("from") is not None:
            base -= 2.0
        return base
    if t in ("kill", "rob", "bewitch"):
        return 5.0 + TARGET_TASTE.get(move["character"], 0)
    if t in ("destroy", "seize", "armory"):
        target = move["seat"]
        cost = cost_of(cards, move["district"])
        aim = 3.0 if target == leader else 0.0
        return 1.0 + aim - cost * 0.4
    if t in ("swap_hands", "wizard_look", "tithe", "spy"):
        target = view["players"][move["seat"]]
        return 4.0 + target["hand_count"] * 0.3 - me["hand_count"] * 0.3
    if t == "give_crown":
        return 4.0 - (1.0 if move["seat"] == leader else 0.0)
    if t == "exchange":
        gain = cost_of(cards, move["target"]) - cost_of(cards, move["district"])
        return 1.0 + gain
    if t in ("redraw_card",):
        return 1.0 if cost_of(cards, move["card"]) >= 5 else -1.0
    if t == "end_turn":
        return 0.0
    if t in ("graveyard", "confiscate", "bribe", "reveal_threat", "bell_tower"):
        # Simple yes/no answers: yes when it costs little.
        yes = any(move.get(k) for k in ("take", "pay", "reveal", "announce"))
        return 2.0 if yes and me["gold"] >= 2 else 1.0
    if t == "tribute":
        return 2.0 if move.get("gold") else 1.0 - cost_of(cards, move.get("card")) * 0.1
    if t in ("smithy", "laboratory", "museum"):
        return 1.5 if len(affordable(view, seat)) == 0 else -0.5
    return 2.0


def lean_view(state: dict, seat: int) -> dict:
    """What the heuristics read of `engine.view(state, seat)`, the same values
    built by the engine's own view parts, without the rest (texts of the
    lineup and the districts, the legal moves and their prices, the markers):
    the hard search asks for a view at every decision of its playouts, and the
    full one cost most of them. Hidden cards stay hidden as in the full view:
    the hand and characters are the seat's own, the call's drawn cards and
    sub-step only when the turn is the seat's."""
    revealed = {c for p in state["players"] for c in p["revealed"]}
    me = state["players"][seat]
    return {
        "complete_size": state["complete_size"],
        "players": players_view(state),
        "call": call_view(state, seat) if state["phase"] == "call" else None,
        "hand": [card(state, c) for c in me["hand"]],
        "my_characters": [
            {**character(state, c), "revealed": c in revealed} for c in me["characters"]
        ],
        "my_discards": [
            character(state, f["id"]) for f in state["face_down"] if f["by"] == seat
        ],
    }
