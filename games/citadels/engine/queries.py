"""Read-only questions several rule modules ask about the state: the characters
discarded face up, the districts a rank-8 power may touch, whom the Emperor may
crown. They sit below the rule modules (powers.py, alternates.py, chars2016.py,
schemers.py) so that those import one way.
"""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine.common import acting, is_complete, key_of


def face_up_keys(state: dict) -> set[str]:
    return {ch.char_key(c) for c in state["draft"]["face_up"]}


def protected_by_bishop(state: dict, target: int) -> bool:
    """The Bishop's city, unless he is killed; a bewitched Bishop protects the
    Witch's city and not his own (2016 rulebook, Bishop)."""
    bishop = acting(state, "bishop")
    return bishop == target and state["killed"] != "bishop"


def rank8_targets(state: dict, seat: int) -> list[tuple[int, dict]]:
    """Districts a rank-8 power may touch: not in a completed city, not in the
    Bishop's city while he lives, never the Keep."""
    out = []
    for target, player in enumerate(state["players"]):
        if is_complete(state, target) or protected_by_bishop(state, target):
            continue
        for district in player["city"]:
            if key_of(state, district["id"]) != "keep":
                out.append((target, district))
    return out


def emperor_targets(state: dict, seat: int) -> list[int]:
    """The Emperor gives the crown to another player: not himself, not its holder."""
    return [s for s in range(state["num_players"]) if s not in (seat, state["crown"])]
