"""Classic Dark City purple districts with an effect of their own: Lighthouse,
Bell Tower (here); Hospital (turns.next_call), Throne Room (common.set_crown);
the others share the 2016 code (wonders.py, turns.py, scoring.py).

Texts: DATA.md 2c (paraphrases; costs UNCONFIRMED there).
"""

from __future__ import annotations

from games.citadels.engine.common import is_complete, rng_shuffle


def on_build(state: dict, seat: int, key: str) -> None:
    turn = state["turn"]
    if key == "lighthouse" and state["deck"]:
        # When built: look through the deck, take 1 card, shuffle the deck.
        turn["sub"] = {"kind": "lighthouse"}
    elif key == "bell_tower" and not state["bell_tower"]:
        # When built: may announce that cities are complete one district sooner.
        turn["sub"] = {"kind": "bell_tower"}


def lighthouse_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "lighthouse", "card": c} for c in sorted(state["deck"])]


def apply_lighthouse(state: dict, seat: int, move: dict) -> None:
    state["turn"]["sub"] = None
    state["deck"].remove(move["card"])
    state["players"][seat]["hand"].append(move["card"])
    rng_shuffle(state, state["deck"])


def bell_tower_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "bell_tower", "announce": a} for a in (True, False)]


def apply_bell_tower(state: dict, seat: int, move: dict) -> None:
    state["turn"]["sub"] = None
    if not move["announce"]:
        return
    state["bell_tower"] = True
    state["complete_size"] -= 1
    n = state["num_players"]
    for s in [(seat + i) % n for i in range(n)]:
        if state["first_complete"] is None and is_complete(state, s):
            state["first_complete"] = s


def bell_tower_revert(state: dict) -> None:
    """A destroyed Bell Tower restores the usual size of a complete city."""
    state["bell_tower"] = False
    state["complete_size"] += 1
    first = state["first_complete"]
    if first is not None and not is_complete(state, first):
        state["first_complete"] = None
