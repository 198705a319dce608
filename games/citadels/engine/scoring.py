"""Final scoring and the tie-break.

Rules: citadels.fr.txt (district costs, +3 for the five colours, +4 for the
first complete city, +2 for the others complete), citadels_game_help.fr.txt
(FIN DE PARTIE: ties go to the highest rank revealed in the last round, a
killed character not counting as revealed) and the unique districts' extras
(DATA.md 2b, 2d).
"""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine import districts as ds
from games.citadels.engine.common import city_keys, is_complete, key_of, value
from games.engines.base import ranks_from_scores

ALL_TYPES_BONUS = 3
FIRST_COMPLETE_BONUS = 4
COMPLETE_BONUS = 2
CAPITOL_BONUS = 3
STATUE_BONUS = 5
IVORY_TOWER_BONUS = 5
SECRET_VAULT_BONUS = 3


def _haunted(state: dict, seat: int) -> bool:
    """The Haunted Quarter may count as another type at the end (classic: not
    when it was built in the last round, DATA.md 2b)."""
    for d in state["players"][seat]["city"]:
        if key_of(state, d["id"]) == "haunted_quarter" and not (
            state["edition"] == "classic" and d["round"] == state["round"]
        ):
            return True
    return False


def _kinds(state: dict, seat: int, haunted_as: str) -> list[str]:
    """The type of each district of the city, the Haunted Quarter counted as
    `haunted_as` (as unique, it stays unique)."""
    out = []
    for d in state["players"][seat]["city"]:
        key = key_of(state, d["id"])
        out.append(haunted_as if key == "haunted_quarter" else ds.kind(key))
    return out


def breakdown(state: dict, seat: int) -> dict:
    """The score; with a Haunted Quarter, the type it counts as is the one that
    scores best for its owner. Counted as another type it is no longer unique
    (2016 rulebook, Haunted Quarter and Ivory Tower): that also changes the
    Wishing Well and the Ivory Tower."""
    choices = list(ds.TYPES) if _haunted(state, seat) else [ds.UNIQUE]
    best = None
    for choice in choices:
        result = _breakdown(state, seat, choice)
        if best is None or result["total"] > best["total"]:
            best = result
    return best


def _breakdown(state: dict, seat: int, haunted_as: str) -> dict:
    player = state["players"][seat]
    keys = city_keys(player, state)
    kinds = _kinds(state, seat, haunted_as)
    districts = sum(value(state, d) for d in player["city"])
    five = ALL_TYPES_BONUS if set(ds.TYPES) <= set(kinds) else 0
    capitol = 0
    if "capitol" in keys and any(kinds.count(t) >= 3 for t in ds.TYPES):
        capitol = CAPITOL_BONUS  # once only (2016 rulebook, Capitol)
    complete = is_complete(state, seat)
    first = FIRST_COMPLETE_BONUS if complete and state["first_complete"] == seat else 0
    other = COMPLETE_BONUS if complete and not first else 0
    uniques: dict[str, int] = {}
    hand_keys = [key_of(state, c) for c in player["hand"]]
    unique_count = kinds.count(ds.UNIQUE)
    for key in keys:
        points = ds.FLAT_BONUS.get(key, 0)
        if key == "imperial_treasury":
            points = player["gold"]
        elif key == "map_room":
            points = len(player["hand"])
        elif key == "wishing_well":
            # 2016: every unique district, itself included; classic Dark City:
            # the other purple districts (DATA.md 2c, UNCONFIRMED).
            points = unique_count - (1 if state["edition"] == "classic" else 0)
        elif key == "museum":
            points = len(player["museum"])
        elif key == "statue":
            points = STATUE_BONUS if state["crown"] == seat else 0
        elif key == "ivory_tower":
            points = IVORY_TOWER_BONUS if unique_count == 1 else 0
        elif key == "basilica":
            # An odd cost, a beautified district's cost being 1 higher.
            points = sum(1 for d in player["city"] if value(state, d) % 2 == 1)
        elif key == "capitol":
            points = capitol
        if points:
            uniques[key] = uniques.get(key, 0) + points
    if "secret_vault" in hand_keys:
        uniques["secret_vault"] = SECRET_VAULT_BONUS
    total = districts + five + first + other + sum(uniques.values())
    return {
        "districts": districts,
        "all_types": five,
        "first_complete": first,
        "complete": other,
        "uniques": uniques,
        "haunted_as": haunted_as if _haunted(state, seat) else None,
        "total": total,
    }


def tiebreak(state: dict, seat: int) -> int:
    """The highest rank this seat revealed in the last round (0: none)."""
    ranks = [
        ch.rank(ch.char_key(c), state["edition"])
        for c in state["players"][seat]["revealed"]
    ]
    return max(ranks, default=0)


def outcome(state: dict) -> list[dict]:
    n = state["num_players"]
    details = [breakdown(state, s) for s in range(n)]
    scores = [d["total"] for d in details]
    breaks = [tiebreak(state, s) for s in range(n)]
    ranks = ranks_from_scores(scores, breaks)
    return [
        {
            "seat": s,
            "score": scores[s],
            "rank": ranks[s],
            "detail": {
                **details[s],
                # Ties on points are decided by tiebreak_rank; equal ranks share.
                "tiebreak_rank": breaks[s],
                "tied_with": [o for o in range(n) if o != s and scores[o] == scores[s]],
                # The characters this seat held in the last round (for statistics).
                "characters": [
                    ch.char_key(c) for c in state["players"][s]["characters"]
                ],
            },
        }
        for s in range(n)
    ]
