"""The moves whose handling continues the turn or the round: they call back
into turns.py (the next rank called, the turn resumed after a threat, the next
round), so they sit above it, and the rule modules below turns.py never import
it. engine.py dispatches these moves here.

Rules: as in the modules of each character or district (powers.py,
alternates.py, chars2016.py, schemers.py, wonders.py).
"""

from __future__ import annotations

from games.citadels.engine import alternates as alt
from games.citadels.engine import chars2016 as c16
from games.citadels.engine import powers
from games.citadels.engine import schemers as sch
from games.citadels.engine.common import acting, rng_randrange
from games.citadels.engine.turns import finish_round, next_call, resources_continue

# Powers --------------------------------------------------------------------------


def apply_power(state: dict, seat: int, move: dict) -> None:
    turn = state["turn"]
    kind = move["type"]
    player = state["players"][seat]
    if kind == "beautify":
        powers.beautify(state, seat, move["district"])
        return
    if kind == "tithe":
        c16.apply_tithe(state, seat, move)
        return
    turn["power"] = True
    if kind == "kill":
        state["killed"] = move["character"]
    elif kind == "rob":
        state["robbed"] = move["character"]
    elif kind == "swap_hands":
        other = state["players"][move["seat"]]
        player["hand"], other["hand"] = other["hand"], player["hand"]
    elif kind == "redraw_card":
        turn["sub"] = {"kind": "redraw", "cards": [move["card"]]}
    elif kind == "destroy":
        powers.destroy(state, seat, move["seat"], move["district"])
    elif kind == "bewitch":
        state["bewitched"] = move["character"]
        # Her turn is put on hold (2016 rulebook): no income, and her Poor
        # House and Park wait for the end of the turn she resumes.
        next_call(state)
    elif kind in ("wizard_look", "wizard_take", "wizard_build", "wizard_keep"):
        alt.apply_wizard(state, seat, move)
    elif kind == "give_crown" and state["edition"] == "2016":
        c16.apply_emperor(state, seat, move)
    elif kind == "give_crown":
        alt.apply_give_crown(state, seat, move, paid=True)
    elif kind == "warrants":
        sch.apply_warrants(state, seat, move)
    elif kind == "threats":
        sch.apply_threats(state, seat, move)
    elif kind == "scholar":
        c16.apply_scholar(state, seat, move)
    elif kind == "seize":
        c16.apply_seize(state, seat, move)
    elif kind == "spy":
        c16.apply_spy(state, seat, move)
    elif kind == "seer":
        c16.apply_seer(state, seat, move)
    elif kind == "navigate":
        alt.apply_navigate(state, seat, move)
    elif kind == "exchange":
        alt.apply_exchange(state, seat, move)


# Blackmailer (2016) ---------------------------------------------------------------


def apply_bribe(state: dict, seat: int, move: dict) -> None:
    state["turn"]["sub"] = None
    blackmailer = acting(state, "blackmailer")
    player = state["players"][seat]
    if move["pay"]:
        half = sch.bribe_cost(state, seat)
        player["gold"] -= half
        state["players"][blackmailer]["gold"] += half
        # Removed face down: paid, not revealed.
        state["threats"].setdefault("bribed", []).append(state["turn"]["char"])
        resources_continue(state)
        return
    state["pending"] = {"kind": "blackmail", "seat": blackmailer, "victim": seat}


def apply_reveal(state: dict, seat: int, move: dict) -> None:
    victim = state["pending"]["victim"]
    state["pending"] = None
    if move["reveal"]:
        char = state["turn"]["char"]
        state["threats"]["revealed"].append(char)
        if state["threats"]["flowered"] == char:
            state["players"][seat]["gold"] += state["players"][victim]["gold"]
            state["players"][victim]["gold"] = 0
    resources_continue(state)


# Emperor (classic): a killed Emperor gives the crown at the end of the round ---


def apply_emperor_crown(state: dict, seat: int, move: dict) -> None:
    state["pending"] = None
    alt.apply_give_crown(state, seat, move, paid=False)
    finish_round(state)


# Theater (2016): after the draft, swap a character blindly with an opponent -------


def apply_theater(state: dict, seat: int, move: dict) -> None:
    """The owner gives one of their characters and takes one of the opponent's
    at random (face down: with two characters each, chosen here as a blind pick)."""
    state["pending"] = None
    if move["type"] == "theater_swap":
        mine = state["players"][seat]["characters"]
        theirs = state["players"][move["seat"]]["characters"]
        taken = theirs[rng_randrange(state, len(theirs))]
        mine[mine.index(move["give"])] = taken
        theirs[theirs.index(taken)] = move["give"]
    next_call(state)
