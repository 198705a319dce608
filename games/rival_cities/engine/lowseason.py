"""The low season: the 8 steps when the inkwell passes the bell (R-rc "La Basse saison").

The player who moved takes the bell; the steps run in order; then, unless step 8
ends the game, the bell goes back and that player resumes with the option choice.
Only step 1 (each alliance: pay its upkeep or give it back; the bell holder
decides first, chosen here; an upkeep is given back on its own only when neither
the resource nor a letter's exchange for it is at hand) and the repeats of step 2's prestige ask for decisions.
"""

from __future__ import annotations

from games.rival_cities.engine.board import resolve_priority, return_alliance
from games.rival_cities.engine.common import (
    can_afford,
    draw_special,
    event,
    gain,
    gain_all,
    gain_token,
    gettext_noop,
    pay,
    pop,
    push,
    push_seq,
    rival,
)
from games.rival_cities.engine.pieces import (
    ALLIANCES,
    PRESTIGE_INCOME,
    SHIPS,
    SPECIAL_SPACES,
)
from games.rival_cities.engine.turn import payable_with_letters
from games.rival_cities.engine.victories import end_condition, finish_by_stars

STEPS = [
    "ls_upkeep",
    "ls_naval",
    "ls_ships",
    "ls_track",
    "ls_lawsuit",
    "ls_specials",
    "ls_factories",
    "ls_end",
]


def lowseason_auto(state: dict, task: dict) -> bool:
    pop(state)
    seat = task["seat"]
    state["bell"] = seat
    state["low_seasons"] += 1
    event(state, gettext_noop("{player} passed the bell: low season"), player=seat)
    push_seq(state, [{"t": step, "seat": seat} for step in STEPS])
    return True


# 1. Alliance upkeep -----------------------------------------------------------------


def upkeep_all_auto(state: dict, task: dict) -> bool:
    pop(state)
    holder = task["seat"]
    tasks = []
    for seat in (holder, rival(holder)):
        for card in state["players"][seat]["alliances"]:
            tasks.append({"t": "upkeep", "seat": seat, "card": card})
    push_seq(state, tasks)
    return True


def upkeep_auto(state: dict, task: dict) -> bool:
    seat, card = task["seat"], task["card"]
    if card not in state["players"][seat]["alliances"]:
        pop(state)
        return True
    upkeep = {ALLIANCES[card]["upkeep"]: 1}
    if not can_afford(state, seat, upkeep) and not payable_with_letters(
        state, seat, upkeep
    ):
        # Nothing to decide: neither the resource nor a letter's exchange for it.
        pop(state)
        return_alliance(state, seat, card)
        event(
            state,
            gettext_noop("{player} could not pay an alliance's upkeep"),
            player=seat,
        )
        return True
    return False


def upkeep_moves(state: dict, task: dict) -> list[dict]:
    """Pay or give back; when only a letter's exchange would bring the resource,
    the player is asked (the exchange is offered by the engine) rather than the
    alliance going back on its own."""
    give_back = {"type": "upkeep", "card": task["card"], "pay": False}
    if not can_afford(state, task["seat"], {ALLIANCES[task["card"]]["upkeep"]: 1}):
        return [give_back]
    return [{"type": "upkeep", "card": task["card"], "pay": True}, give_back]


def upkeep_play(state: dict, task: dict, move: dict) -> None:
    pop(state)
    if move["pay"]:
        pay(state, task["seat"], ALLIANCES[task["card"]]["upkeep"])
    else:
        return_alliance(state, task["seat"], task["card"])


# 2. Naval prestige ------------------------------------------------------------------


def naval_auto(state: dict, task: dict) -> bool:
    pop(state)
    counts = [len(state["players"][seat]["ships"]) for seat in (0, 1)]
    if counts[0] != counts[1]:
        seat = 0 if counts[0] > counts[1] else 1
        event(state, gettext_noop("{player} has more ships"), player=seat)
        push(state, {"t": "prestige", "seat": seat})
    return True


# 3. Ship income (ships 6-10) ---------------------------------------------------------


def ships_auto(state: dict, task: dict) -> bool:
    pop(state)
    holder = task["seat"]
    for seat in (holder, rival(holder)):
        for card in state["players"][seat]["ships"]:
            gain_all(state, seat, SHIPS[card].get("income", {}))
            gain_token(state, seat, "letter", SHIPS[card].get("income_letters", 0))
    return True


# 4. Prestige-track income -------------------------------------------------------------


def track_auto(state: dict, task: dict) -> bool:
    pop(state)
    position = state["prestige"]
    if position:
        seat = 0 if position > 0 else 1
        for space in range(1, abs(position) + 1):
            for res, n in PRESTIGE_INCOME.get(space, {}).items():
                gain(state, seat, res, n)
        event(
            state,
            gettext_noop("{player} collected the prestige track's income"),
            player=seat,
        )
    return True


# 5. The priority lawsuit ---------------------------------------------------------------


def lawsuit_auto(state: dict, task: dict) -> bool:
    pop(state)
    resolve_priority(state)
    return True


# 6. New special action cards on the four dark-yellow spaces --------------------------------


def specials_auto(state: dict, task: dict) -> bool:
    pop(state)
    for space in SPECIAL_SPACES:
        card = state["ring"][space]["card"]
        if card:
            state["special_discard"].append(card)
        state["ring"][space]["card"] = None
    for space in SPECIAL_SPACES:
        state["ring"][space]["card"] = draw_special(state)
    return True


# 7. Factories reactivated ----------------------------------------------------------------


def factories_auto(state: dict, task: dict) -> bool:
    pop(state)
    for player in state["players"]:
        player["factories"]["active"] += player["factories"]["spent"]
        player["factories"]["spent"] = 0
    return True


# 8. End check -------------------------------------------------------------------------


def end_auto(state: dict, task: dict) -> bool:
    pop(state)
    reason = end_condition(state)
    if reason:
        finish_by_stars(state, reason)
    else:
        state["bell"] = None
        event(state, gettext_noop("The low season is over"))
    return True
