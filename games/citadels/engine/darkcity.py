"""Classic Dark City purple districts with an effect of their own: Lighthouse,
Bell Tower (here); Hospital (turns.next_call), Throne Room (common.set_crown);
the others share the 2016 code (wonders.py, turns.py, scoring.py).

Texts: DATA.md 2c (paraphrases; costs UNCONFIRMED there).
"""

from __future__ import annotations

from games.citadels.engine.common import city_size, is_complete, rng_shuffle


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
    """A destroyed Bell Tower restores the usual size of a complete city. A city
    that reached the reduced count still ends the game at the end of the round
    (chosen here): the mark stays on the first city while it holds that count,
    else passes to the next city in turn order that holds it."""
    reduced = state["complete_size"]
    state["bell_tower"] = False
    state["complete_size"] += 1
    first = state["first_complete"]
    if first is None or city_size(state, first) >= reduced:
        return
    n = state["num_players"]
    order = [(first + i) % n for i in range(1, n)]
    reached = [s for s in order if city_size(state, s) >= reduced]
    state["first_complete"] = reached[0] if reached else None
