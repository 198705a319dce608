"""The 2016 Magistrate (warrants) and Blackmailer (threats).

Rules: DATA.md 2e. Magistrate: 3 warrants face down on characters, one signed;
he may confiscate the first district the holder of the signed warrant pays to
build (the builder gets the gold back). Blackmailer: 2 threats face down, one
flowered; a threatened player may pay half their gold (rounded down) to be left
alone; otherwise the Blackmailer may reveal the threat and, if it is the
flowered one, take all their gold.

Hidden information: which warrant is signed and which threat is flowered are
known to their owner only (ids "warrant-signed" and "threat-flowered"). A bribe
removes the threat without revealing it (2016 rules): the threat goes to "bribed",
which everyone sees, and its truth stays the Blackmailer's until the game ends. So
that
the wait itself reveals nothing, the Magistrate (or the Blackmailer) is asked
whenever any marked character is concerned, and may only act on the real one
(chosen here).
"""

from __future__ import annotations

from itertools import combinations

from games.citadels.engine.common import (
    acting,
    city_keys,
    holder,
    is_complete,
    key_of,
    rank,
)
from games.citadels.engine.queries import face_up_keys
from games.citadels.engine.taxes import after_build, tax_build


def _targets(state: dict, *, threats: bool) -> list[str]:
    up = face_up_keys(state)
    return [
        k
        for k in state["lineup"]
        if rank(state, k) != 1
        and k not in up
        and k != state["turn"]["char"]
        and not (threats and k in (state["killed"], state["bewitched"]))
    ]


# Magistrate ----------------------------------------------------------------------


def warrant_moves(state: dict, seat: int) -> list[dict]:
    moves = []
    for trio in combinations(sorted(_targets(state, threats=False)), 3):
        for signed in trio:
            others = [k for k in trio if k != signed]
            moves.append({"type": "warrants", "signed": signed, "unsigned": others})
    return moves


def apply_warrants(state: dict, seat: int, move: dict) -> None:
    state["turn"]["power"] = True
    state["warrants"] = {
        "characters": sorted([move["signed"], *move["unsigned"]]),
        "signed": move["signed"],
        "revealed": False,
    }


def check_warrant(state: dict, seat: int, card: str, paid: int) -> None:
    """After the first paid build of a turn by a character under a warrant."""
    warrants = state.get("warrants")
    turn = state["turn"]
    magistrate = holder(state, "magistrate")
    if (
        not warrants
        or warrants["revealed"]
        or turn.get("warrant_checked")
        or turn["char"] not in warrants["characters"]
        or magistrate is None
        or magistrate == seat
    ):
        return
    turn["warrant_checked"] = True
    state["pending"] = {
        "kind": "magistrate",
        "seat": magistrate,
        "builder": seat,
        "card": card,
        "paid": paid,
    }


def confiscate_moves(state: dict, seat: int) -> list[dict]:
    pending = state["pending"]
    moves = [{"type": "confiscate", "take": False}]
    signed = state["warrants"]["signed"] == state["turn"]["char"]
    mine = city_keys(state["players"][seat], state)
    if signed and key_of(state, pending["card"]) not in mine:
        moves.insert(0, {"type": "confiscate", "take": True})
    return moves


def apply_confiscate(state: dict, seat: int, move: dict) -> None:
    pending = state["pending"]
    state["pending"] = None
    if not move["take"]:
        after_build(state, pending["builder"])  # the tax waited for the answer
        return
    # The Magistrate pays the Tax Collector's tax, not his target (2016 rulebook).
    tax_build(state, pending["builder"], payer=seat)
    state["warrants"]["revealed"] = True
    builder = state["players"][pending["builder"]]
    district = next(d for d in builder["city"] if d["id"] == pending["card"])
    builder["city"].remove(district)
    builder["gold"] += pending["paid"]
    state["turn"]["spent"] -= pending["paid"]
    state["players"][seat]["city"].append(district)
    if state["first_complete"] == pending["builder"] and not is_complete(
        state, pending["builder"]
    ):
        state["first_complete"] = None
    if state["first_complete"] is None and is_complete(state, seat):
        state["first_complete"] = seat


# Blackmailer ---------------------------------------------------------------------


def threat_moves(state: dict, seat: int) -> list[dict]:
    targets = sorted(_targets(state, threats=True))
    return [
        {"type": "threats", "flowered": a, "other": b}
        for a in targets
        for b in targets
        if a != b
    ]


def apply_threats(state: dict, seat: int, move: dict) -> None:
    state["turn"]["power"] = True
    state["threats"] = {
        "characters": sorted([move["flowered"], move["other"]]),
        "flowered": move["flowered"],
        "revealed": [],
        "bribed": [],
    }


def threatened(state: dict, seat: int) -> bool:
    """Called when resources are taken: asks the threatened player to bribe."""
    threats = state.get("threats")
    turn = state["turn"]
    blackmailer = acting(state, "blackmailer")
    if (
        not threats
        or turn["char"] not in threats["characters"]
        or turn["char"] in threats["revealed"]
        or turn["char"] in threats.get("bribed", [])
        or blackmailer is None
        or blackmailer == seat
        or turn.get("threat_done")
    ):
        return False
    turn["threat_done"] = True
    turn["sub"] = {"kind": "bribe"}
    return True


def bribe_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "bribe", "pay": True}, {"type": "bribe", "pay": False}]


def bribe_cost(state: dict, seat: int) -> int:
    """Half the threatened player's gold, rounded down."""
    return state["players"][seat]["gold"] // 2


def reveal_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "reveal_threat", "reveal": r} for r in (True, False)]


def threat_pending(state: dict, seat: int) -> bool:
    """The current character carries a threat still to settle (it may use no
    ability before: 2016 rulebook, Blackmailer)."""
    threats = state.get("threats")
    turn = state["turn"]
    if not threats or turn["char"] not in threats["characters"]:
        return False
    settled = set(threats["revealed"]) | set(threats.get("bribed") or [])
    blackmailer = acting(state, "blackmailer")
    return (
        turn["char"] not in settled
        and blackmailer is not None
        and blackmailer != seat
        and not turn.get("threat_done")
    )
