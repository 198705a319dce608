"""The outcome: who won and how (R-rc "Victoires instantanées et fin de partie").

The score is each city's star total (ships, won lawsuits, the prestige space on
its side, star tokens), shown for every ending; the rank comes from the result:
an instant victory wins whatever the stars, and a star tie goes to the bell.
"""

from __future__ import annotations

from games.rival_cities.engine.victories import star_breakdown


def outcome(state: dict) -> list[dict]:
    result = state["result"] or {}
    winner = result.get("winner")
    rows = []
    for seat in (0, 1):
        stars = star_breakdown(state, seat)
        detail = {
            "won_by": result.get("how"),
            "winner": winner,
            "stars": stars,
            "holds_bell": state["bell"] == seat,
        }
        if result.get("how") == "stars":
            detail["end_condition"] = result.get("end_condition")
            detail["tie_to_bell"] = result.get("tie_to_bell")
        rank = 1 if winner == seat else 2
        if winner is None:
            rank = 1  # an unfinished game: nobody has lost
        rows.append(
            {"seat": seat, "score": stars["total"], "rank": rank, "detail": detail}
        )
    return rows
