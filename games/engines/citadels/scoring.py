"""Final scoring and the tie-break.

Rules: citadels.fr.txt (district costs, +3 for the five colours, +4 for the
first complete city, +2 for the others complete), citadels_game_help.fr.txt
(FIN DE PARTIE: ties go to the highest rank revealed in the last round, a
killed character not counting as revealed) and the unique districts' extras
(DATA.md 2b, 2d).
"""

from __future__ import annotations

from ..base import ranks_from_scores
from . import characters as ch
from . import districts as ds
from .common import city_keys, cost_of, is_complete, key_of

ALL_TYPES_BONUS = 3
FIRST_COMPLETE_BONUS = 4
COMPLETE_BONUS = 2
CAPITOL_BONUS = 3
STATUE_BONUS = 5
IVORY_TOWER_BONUS = 5
SECRET_VAULT_BONUS = 3


def _types(state: dict, seat: int) -> list[list[str]]:
    """The possible type lists of a city: the Haunted Quarter counts as any one
    type (classic: not when it was built in the last round)."""
    player = state["players"][seat]
    base, haunted = [], False
    for d in player["city"]:
        key = key_of(state, d["id"])
        if key == "haunted_quarter" and not (
            state["edition"] == "classic" and d["round"] == state["round"]
        ):
            haunted = True
        else:
            base.append(ds.kind(key))
    if not haunted:
        return [base]
    return [base + [t] for t in ds.TYPES]


def breakdown(state: dict, seat: int) -> dict:
    player = state["players"][seat]
    keys = city_keys(player, state)
    districts = sum(
        cost_of(state, d["id"]) + (1 if d["beautified"] else 0) for d in player["city"]
    )
    best = None
    for types in _types(state, seat):
        five = ALL_TYPES_BONUS if set(ds.TYPES) <= set(types) else 0
        capitol = 0
        if "capitol" in keys and any(types.count(t) >= 3 for t in ds.TYPES):
            capitol = CAPITOL_BONUS
        if best is None or five + capitol > best[0] + best[1]:
            best = (five, capitol)
    five, capitol = best
    complete = is_complete(state, seat)
    first = FIRST_COMPLETE_BONUS if complete and state["first_complete"] == seat else 0
    other = COMPLETE_BONUS if complete and not first else 0
    uniques: dict[str, int] = {}
    hand_keys = [key_of(state, c) for c in player["hand"]]
    for key in keys:
        points = ds.FLAT_BONUS.get(key, 0)
        if key == "imperial_treasury":
            points = player["gold"]
        elif key == "map_room":
            points = len(player["hand"])
        elif key == "wishing_well":
            # 2016: every unique district, itself included; classic Dark City:
            # the other purple districts (DATA.md 2c, UNCONFIRMED).
            points = sum(1 for k in keys if ds.kind(k) == ds.UNIQUE)
            points -= 1 if state["edition"] == "classic" else 0
        elif key == "museum":
            points = len(player["museum"])
        elif key == "statue":
            points = STATUE_BONUS if state["crown"] == seat else 0
        elif key == "ivory_tower":
            only = sum(1 for k in keys if ds.kind(k) == ds.UNIQUE) == 1
            points = IVORY_TOWER_BONUS if only else 0
        elif key == "basilica":
            points = sum(1 for d in player["city"] if cost_of(state, d["id"]) % 2 == 1)
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
