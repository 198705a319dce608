"""A state a seat cannot tell from the real one (ENGINE_API.md, "Determinizing").

Everything the seat cannot see is dealt again from the caller's generator, each
place keeping its size:

- district cards: the deck with the hands and Museum cards of the other seats and
  the cards another seat has drawn and not yet kept (a card that a choice in
  progress names stays where it is; a hand the seat is looking at, with the Wizard
  or the Spy, stays too, and so does the deck while it searches it, only shuffled);
- characters: the other seats' unrevealed characters, the face-down characters
  the seat did not see and the draft pile while the seat is not choosing from it.
  A character whose rank has been called and that was neither revealed nor killed
  is held by nobody, so it goes to a face-down or pile place only; a character
  whose holder is public (the turn being played, a killed Emperor's crown) stays;
- the signed warrant and the flowered threat, for anyone but their owner, among
  the marked characters whose truth is not shown;
- the RNG.

What the seat learnt from the history and the current state no longer shows (a
card it saw taken, the characters passed to it in the draft) is not kept apart.
"""

from __future__ import annotations

import random

from games.citadels.engine import characters as ch
from games.citadels.engine.common import copy_state, holder, rank
from games.engines.base import redeal, rng_redrawn

# Choices in progress that name cards of their owner's hand.
_SUB_CARDS = {
    "redraw": "cards",
    "den": "card",
    "cardinal": "card",
    "wizard_card": "card",
}


def determinize(state: dict, seat: int | None, rng: random.Random) -> dict:
    new = copy_state(state)
    if state["phase"] == "over":
        return new
    _districts(state, new, seat, rng)
    _characters(state, new, seat, rng)
    _markers(state, new, seat, rng)
    new["rng"] = rng_redrawn(rng)
    return new


def _districts(state: dict, new: dict, seat: int | None, rng: random.Random) -> None:
    turn = new.get("turn")
    sub = turn["sub"] if turn else None
    acting = turn["seat"] if turn else None
    seen_hands = set()
    searching = False
    if turn and acting == seat:
        if sub and sub["kind"] == "wizard":
            seen_hands.add(sub["seat"])
        if turn.get("spied") is not None:
            seen_hands.add(turn["spied"])
        searching = bool(sub and sub["kind"] == "lighthouse")
    places: list[list[str]] = []
    refill = []  # (container, key or index, kept cards) to fill back in order

    def hidden(container, key, keep=()):
        cards = [c for c in container[key] if c not in keep]
        places.append(cards)
        refill.append((container, key, list(keep)))

    if searching:
        rng.shuffle(new["deck"])  # the seat sees which cards, not their order
    else:
        hidden(new, "deck")
    for s, p in enumerate(new["players"]):
        if s == seat:
            continue
        if s not in seen_hands:
            keep = ()
            if sub and s == acting and sub["kind"] in _SUB_CARDS:
                named = sub[_SUB_CARDS[sub["kind"]]]
                keep = named if isinstance(named, list) else [named]
            hidden(p, "hand", keep)
        hidden(p, "museum")
    if turn and acting != seat:
        hidden(turn, "drawn")
        if sub and sub["kind"] == "scholar":
            hidden(sub, "cards")
    for (container, key, keep), cards in zip(refill, redeal(places, rng), strict=True):
        container[key] = keep + cards


def _characters(state: dict, new: dict, seat: int | None, rng: random.Random) -> None:
    revealed = {c for p in state["players"] for c in p["revealed"]}
    pinned = set(revealed)
    turn = state.get("turn")
    if turn:
        pinned.add(ch.char_id(turn["char"]))
    pending = state.get("pending")
    if pending and pending["kind"] == "emperor_crown":
        pinned.add(ch.char_id("emperor"))
    # Slots: (list, index); those of players apart from the others.
    held_slots = []
    other_slots = []
    for s, p in enumerate(new["players"]):
        if s == seat:
            continue
        for i, c in enumerate(p["characters"]):
            if c not in pinned:
                held_slots.append((p["characters"], i))
    for f in new["face_down"]:
        if seat is None or f["by"] != seat:
            other_slots.append((f, "id"))
    draft = new.get("draft")
    if draft and (
        new["phase"] != "draft"
        or not draft["steps"]
        or draft["steps"][0]["seat"] != seat
    ):
        other_slots += [(draft["pile"], i) for i in range(len(draft["pile"]))]
    cards = [box[i] for box, i in held_slots + other_slots]
    # Called, neither revealed nor killed: held by nobody.
    called = state["rank"] if state["phase"] == "call" else 0
    free = []
    unheld = []
    for c in cards:
        key = ch.char_key(c)
        if rank(state, key) <= called and key != state.get("killed"):
            unheld.append(c)
        else:
            free.append(c)
    rng.shuffle(other_slots)
    if len(unheld) > len(other_slots):
        raise AssertionError("a called character has no place")
    for (box, i), c in zip(other_slots, unheld, strict=False):
        box[i] = c
    rest = held_slots + other_slots[len(unheld) :]
    rng.shuffle(free)
    for (box, i), c in zip(rest, free, strict=True):
        box[i] = c


def _markers(state: dict, new: dict, seat: int | None, rng: random.Random) -> None:
    for kind, marker, field in (
        ("magistrate", "warrants", "signed"),
        ("blackmailer", "threats", "flowered"),
    ):
        data = new.get(marker)
        if not data or holder(state, kind) == seat:
            continue
        shown = data["revealed"]
        if shown is True or (isinstance(shown, list) and data[field] in shown):
            continue
        hidden = [
            c
            for c in data["characters"]
            if not (isinstance(shown, list) and c in shown)
        ]
        data[field] = rng.choice(sorted(hidden))
