"""The four instant victories, the end check of the low season and the star count.

R-rc "Victoires instantanées et fin de partie": prestige marker on your city's
name; your 3rd won lawsuit; 3 more ships than the rival; all 4 alliances. The game
stops at once. Otherwise, when the low season's step 8 finds an end condition, the
stars are counted (ships, won lawsuits, the prestige space on your side, star
tokens); a tie goes to the holder of the bell.
"""

from __future__ import annotations

from games.rival_cities.engine.common import rival
from games.rival_cities.engine.pieces import (
    ALLIANCES_IN_GAME,
    LAWSUITS,
    PRESTIGE_STARS,
    PRESTIGE_WIN,
    SHIPS,
)

LAWSUITS_TO_WIN = 3  # R-rc: your 3rd won lawsuit
SHIP_LEAD_TO_WIN = 3  # R-rc: 3 ships more than the rival


def finish(state: dict, winner: int, how: str) -> None:
    state["over"] = True
    state["queue"] = []
    state["result"] = {"winner": winner, "how": how}


def check_instant(state: dict) -> bool:
    """Ends the game if an instant victory holds now; True if it did."""
    if state["over"]:
        return True
    prestige = state["prestige"]
    if prestige >= PRESTIGE_WIN:
        finish(state, 0, "prestige")
    elif prestige <= -PRESTIGE_WIN:
        finish(state, 1, "prestige")
    for seat in (0, 1):
        if state["over"]:
            break
        player = state["players"][seat]
        other = state["players"][rival(seat)]
        if len(player["lawsuits"]) >= LAWSUITS_TO_WIN:
            finish(state, seat, "lawsuits")
        elif len(player["ships"]) >= len(other["ships"]) + SHIP_LEAD_TO_WIN:
            finish(state, seat, "ships")
        elif len(player["alliances"]) >= ALLIANCES_IN_GAME:
            finish(state, seat, "alliances")
    return state["over"]


def end_condition(state: dict) -> str | None:
    """R-rc step 8: which end condition holds, if any."""
    if not any(state["ships_face_up"]) and not state["ship_deck"]:
        return "no ships left on the board"
    if not any(state["lawsuits"]) and not state["lawsuit_deck"]:
        return "no lawsuits left on the board"
    if state["supply"]["factory"] == 0:
        return "no factories left in the supply"
    if state["supply"]["star"] == 0:
        return "no stars left in the supply"
    return None


def ship_stars(ships: list[str]) -> int:
    total = 0
    for card in ships:
        if SHIPS[card].get("effect") == "stars_per_ship":
            total += len(ships)  # ship 21 counts itself (R-rc)
        else:
            total += SHIPS[card]["stars"]
    return total


def star_breakdown(state: dict, seat: int) -> dict:
    player = state["players"][seat]
    prestige = state["prestige"] if seat == 0 else -state["prestige"]
    on_my_side = 0 < prestige < PRESTIGE_WIN
    breakdown = {
        "ships": ship_stars(player["ships"]),
        "lawsuits": sum(LAWSUITS[card]["stars"] for card in player["lawsuits"]),
        "prestige": PRESTIGE_STARS[prestige] if on_my_side else 0,
        "tokens": player["stars"],
    }
    breakdown["total"] = sum(breakdown.values())
    return breakdown


def finish_by_stars(state: dict, reason: str) -> None:
    totals = [star_breakdown(state, seat)["total"] for seat in (0, 1)]
    if totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
        tie = False
    else:
        winner = state["bell"]  # R-rc: the holder of the bell wins a tie
        tie = True
    finish(state, winner, "stars")
    state["result"]["end_condition"] = reason
    state["result"]["tie_to_bell"] = tie
