"""The normal Citadels player: the easy player's rules of thumb (below), with
these changes, each measured against them with `manage.py bot_ladder`:

- Resources: cards when the hand holds nothing it can build (empty, or only
  districts its city already has, or one card out of reach of its gold plus
  two), gold otherwise (the easy player takes gold whenever its hand is not
  empty; docs/bots.md has what this change alone wins against easy).
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

The easy player's rules are in games/citadels/bots/easy.py.
"""

from __future__ import annotations

from games.citadels.bots.easy import (
    TARGET_TASTE,
    cards_of,
    cost_of,
    draft_taste,
    leader_of,
    me_of,
)
from games.citadels.bots.easy import score_move as easy_score

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
    me = me_of(view, seat)
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
    """The easy player's score (games/citadels/bots/easy.py) but for the moves this
    player weighs otherwise (the list above)."""
    t = move["type"]
    me = me_of(view, seat)
    cards = cards_of(view)
    if t == "choose":
        key = move["character"][5:]
        return draft_taste(me, key) + threat_taste(view, seat, key)
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
        cost = cost_of(cards, move["card"])
        owned = {d.get("key") for d in me["city"]}
        if (cards.get(move["card"]) or {}).get("key") in owned:
            return 0.0  # a second copy of a district cannot be built
        return 3.0 + cost * 0.5 - (2.0 if cost > me["gold"] + 4 else 0.0)
    if t in ("kill", "rob", "bewitch"):
        if move["character"] in known_out(view):
            return 0.5  # nobody holds it this round
        bonus = 0.0
        if t == "rob" and move["character"] in ("merchant", "king", "architect"):
            bonus = 0.5
        return 5.0 + TARGET_TASTE.get(move["character"], 0) + bonus
    if t in ("destroy", "seize", "armory"):
        target = view["players"][move["seat"]]
        cost = cost_of(cards, move["district"])
        complete = view.get("complete_size") or 8
        if t == "destroy" and target["city_size"] < complete - 2 and cost > 1:
            return -1.0  # gold better spent on one's own city, far from the end
        aim = 3.0 if move["seat"] == leader_of(view, seat) else 0.0
        return 1.0 + aim - cost * 0.4
    return easy_score(view, seat, move)
