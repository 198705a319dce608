"""The normal Citadels player: the easy player's rules of thumb (below), with
these changes, each measured against them with `manage.py bot_ladder`:

- Resources: cards when the hand holds nothing it can build (empty, or only
  districts its city already has, or one card out of reach of its gold plus
  two), gold otherwise (the easy player takes gold whenever its hand is not
  empty: alone, this change takes normal's wins against easy from about 60 % to
  75 %).
- Draft by threat: when a rival is two districts or fewer from a complete city,
  the Assassin, the Warlord (and their kin) are worth more, to stop them; the
  leader takes the Bishop (its city safe from rank 8) or the Assassin (out of
  the others' hands); the Thief is worth more when a rival is rich; a
  character's income counts the districts of its type in the seat's city.
- Targets: the Assassin and the Thief never aim at a character the seat knows is
  out of the round (one it discarded face down, or holds itself); the Warlord
  destroys only in a city two districts or fewer from complete, or a district
  it destroys for free.
- Keeping a card: never a district its city already has; a card far beyond its
  gold counts less.

The easy player's rules:

Draft: a character that suits the hand and purse (the Architect or the Merchant
when poor, the King for the crown, the Warlord or Assassin against a leader).
Turn: a Ball Room host is thanked first; the resources come before any ability
(gold when poor or when the hand already holds something to build, cards when
the hand is empty); keep the most expensive card; build the most expensive
affordable district; aim powers at the leader (most districts, then gold); the
Assassin and the Thief guess the likeliest characters; end the turn last.
"""

from __future__ import annotations

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


def _me(view: dict, seat: int) -> dict:
    return view["players"][seat]


def _leader(view: dict, seat: int) -> int | None:
    others = [p for p in view["players"] if p["seat"] != seat]
    if not others:
        return None
    best = max(others, key=lambda p: (p["city_size"], p["gold"], p["hand_count"]))
    return best["seat"]


def _cards(view: dict) -> dict:
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


def _cost(cards: dict, cid) -> int:
    return (cards.get(cid) or {}).get("cost") or 0


def _affordable(view: dict, seat: int) -> list[int]:
    gold = _me(view, seat)["gold"]
    return [
        d["cost"] for d in view.get("hand") or [] if d["cost"] and d["cost"] <= gold
    ]


STOPPERS = {
    "assassin": 2.5,
    "warlord": 2.0,
    "witch": 2.0,
    "marshal": 1.5,
    "diplomat": 1.5,
    "magistrate": 1.5,
    "blackmailer": 1.0,
}


# The characters whose income counts the districts of one type.
INCOME = {
    "king": "noble",
    "emperor": "noble",
    "patrician": "noble",
    "bishop": "religious",
    "abbot": "religious",
    "cardinal": "religious",
    "merchant": "trade",
    "trader": "trade",
    "warlord": "military",
    "marshal": "military",
    "diplomat": "military",
}


def known_out(view: dict) -> set[str]:
    """The characters this seat knows no one plays against it this round: those
    it discarded face down and those it holds."""
    out = {c["key"] for c in view.get("my_discards") or []}
    out |= {c["key"] for c in view.get("my_characters") or []}
    return out


def threat_taste(view: dict, seat: int, key: str) -> float:
    """What the table's threats add to a character's taste in the draft."""
    me = _me(view, seat)
    others = [p for p in view["players"] if p["seat"] != seat]
    if not others:
        return 0.0
    complete = view.get("complete_size") or 8
    closest = max(p["city_size"] for p in others)
    richest = max(p["gold"] for p in others)
    taste = 0.0
    if closest >= complete - 2:
        taste += STOPPERS.get(key, 0.0)
    if me["city_size"] > closest and me["city_size"] >= 3:
        taste += {"bishop": 1.5, "assassin": 1.0}.get(key, 0.0)
    income = INCOME.get(key)
    if income:
        taste += 0.7 * sum(1 for d in me["city"] if d.get("type") == income)
    if key == "thief" and richest >= 5:
        taste += 1.5
    if key == "architect" and me["gold"] >= 5 and me["hand_count"] >= 2:
        taste += 1.0
    return taste


def score_move(view: dict, seat: int, move: dict) -> float:  # noqa: C901
    t = move["type"]
    me = _me(view, seat)
    leader = _leader(view, seat)
    cards = _cards(view)
    if t == "choose":
        key = move["character"][5:]
        score = CHARACTER_TASTE.get(key, 2.0) + threat_taste(view, seat, key)
        if key in ("merchant", "trader", "alchemist") and me["gold"] <= 2:
            score += 1.0
        if key in ("architect", "scholar", "navigator") and me["hand_count"] <= 1:
            score += 1.5
        if key == "king" and not me["crown"]:
            score += 0.5
        return score
    if t == "discard_character":
        return -CHARACTER_TASTE.get(move["character"][5:], 2.0)
    # The resources first (2016 allows abilities before them; this player
    # gathers first, as in the classic game): above every other move.
    if t in ("take_gold", "draw_cards"):
        hand = view.get("hand") or []
        owned = {d.get("key") for d in me["city"]}
        buildable = [d for d in hand if d.get("key") not in owned]
        reach = any((d["cost"] or 0) <= me["gold"] + 2 for d in buildable)
        want_cards = not buildable or (not reach and len(buildable) <= 1)
        if t == "take_gold":
            return 13.0 if want_cards else 15.0
        return 14.5 if want_cards else 12.0
    if t in ("keep", "scholar_keep", "wizard_take", "lighthouse"):
        cost = _cost(cards, move["card"])
        owned = {d.get("key") for d in me["city"]}
        if (cards.get(move["card"]) or {}).get("key") in owned:
            return 0.0  # a second copy of a district cannot be built
        return 3.0 + cost * 0.5 - (2.0 if cost > me["gold"] + 4 else 0.0)
    if t == "thank":
        return 20.0  # Ball Room: thanking the host comes before anything else
    if t == "income":
        return 8.0
    if t == "build":
        base = 6.0 + _cost(cards, move["card"])
        if move.get("framework") or move.get("destroy") or move.get("cards"):
            base -= 3.0
        if move.get("from") is not None:
            base -= 2.0
        return base
    if t in ("kill", "rob", "bewitch"):
        if move["character"] in known_out(view):
            return 0.5  # nobody holds it this round
        bonus = 0.0
        if t == "rob" and move["character"] in ("merchant", "king", "architect"):
            bonus = 0.5
        return 5.0 + TARGET_TASTE.get(move["character"], 0) + bonus
    if t in ("destroy", "seize", "armory"):
        target = view["players"][move["seat"]]
        cost = _cost(cards, move["district"])
        complete = view.get("complete_size") or 8
        if t == "destroy" and target["city_size"] < complete - 2 and cost > 1:
            return -1.0  # gold better spent on one's own city, far from the end
        aim = 3.0 if move["seat"] == leader else 0.0
        return 1.0 + aim - cost * 0.4
    if t in ("swap_hands", "wizard_look", "tithe", "spy"):
        target = view["players"][move["seat"]]
        return 4.0 + target["hand_count"] * 0.3 - me["hand_count"] * 0.3
    if t == "give_crown":
        return 4.0 - (1.0 if move["seat"] == leader else 0.0)
    if t == "exchange":
        gain = _cost(cards, move["target"]) - _cost(cards, move["district"])
        return 1.0 + gain
    if t in ("redraw_card",):
        return 1.0 if _cost(cards, move["card"]) >= 5 else -1.0
    if t == "end_turn":
        return 0.0
    if t in ("graveyard", "confiscate", "bribe", "reveal_threat", "bell_tower"):
        # Simple yes/no answers: yes when it costs little.
        yes = any(move.get(k) for k in ("take", "pay", "reveal", "announce"))
        return 2.0 if yes and me["gold"] >= 2 else 1.0
    if t == "tribute":
        return 2.0 if move.get("gold") else 1.0 - _cost(cards, move.get("card")) * 0.1
    if t in ("smithy", "laboratory", "museum"):
        return 1.5 if len(_affordable(view, seat)) == 0 else -0.5
    return 2.0
