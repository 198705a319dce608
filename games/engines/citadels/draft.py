"""Set-up and the character draft.

Rules: citadels.fr.txt "Fonctionnement" (4 cards and 2 gold each, a random
crown, set-aside characters, choosing in turn and passing the rest on, the last
card set aside) and "Règles pour 2 et 3 joueurs"; citadels_game_help.fr.txt
"CHOIX DES PERSONNAGES" (face-up and face-down discards, the 7-player rule) and
"À 2 OU 3 JOUEURS"; DATA.md 2f (the discard table, the 2- and 3-player drafts,
the rank-4 character never face up).
"""

from __future__ import annotations

from ..base import IllegalMove, rng_new
from . import characters as ch
from . import districts as ds
from .common import card_map, rank, rng_randrange, rng_shuffle
from .options import complete_size

STARTING_GOLD = 2
STARTING_HAND = 4


def setup(num_players: int, options: dict, seed: int) -> dict:
    state: dict = {"rng": rng_new(seed), "edition": options["edition"]}
    state["options"] = options
    state["num_players"] = num_players
    state["complete_size"] = complete_size(options, num_players)
    state["lineup"] = _lineup(state, options, num_players)
    state["uniques"] = _uniques(state, options)
    deck = list(card_map(state))
    rng_shuffle(state, deck)
    state["deck"] = deck
    state["players"] = []
    for _seat in range(num_players):
        hand = state["deck"][:STARTING_HAND]
        del state["deck"][:STARTING_HAND]
        state["players"].append(
            {
                "gold": STARTING_GOLD,
                "hand": hand,
                "city": [],
                "museum": [],
                "characters": [],
                "revealed": [],
            }
        )
    state["crown"] = rng_randrange(state, num_players)
    state["bell_tower"] = False
    state["round"] = 0
    state["first_complete"] = None
    state["tax_pool"] = 0
    state["pending"] = None
    state["turn"] = None
    start_round(state)
    return state


def _lineup(state: dict, options: dict, num_players: int) -> list[str]:
    if options["characters"]:
        return list(options["characters"])
    table = ch.available(options["edition"], num_players)
    ranks = range(1, 10 if options["nine_characters"] else 9)
    keys = []
    for r in ranks:
        choices = sorted(table[r])
        keys.append(choices[rng_randrange(state, len(choices))])
    return keys


def _uniques(state: dict, options: dict) -> list[str]:
    choice = options["unique_districts"]
    if options["edition"] == "classic":
        if choice == "base":
            return list(ds.CLASSIC_UNIQUES)
        if choice == "random":
            pool = sorted(set(ds.CLASSIC_UNIQUES) | set(ds.CLASSIC_DARK_CITY))
            rng_shuffle(state, pool)
            return sorted(pool[: ds.CLASSIC_KINDS_PER_GAME])
        return list(choice)
    if choice == "first-game":
        return list(ds.FIRST_GAME_2016)
    if choice == "random":
        pool = sorted(ds.UNIQUES_2016)
        rng_shuffle(state, pool)
        return sorted(pool[: ds.UNIQUES_PER_GAME_2016])
    return list(choice)


def start_round(state: dict) -> None:
    """A new round: reset the round's records, lay out discards, start the draft."""
    n = state["num_players"]
    state["round"] += 1
    state["phase"] = "draft"
    state["killed"] = None
    state["robbed"] = None
    state["bewitched"] = None
    state["rank"] = 0
    state["turn"] = None
    state["draft_last"] = None
    state["warrants"] = None
    state["threats"] = None
    state["queen_owed"] = None
    for p in state["players"]:
        p["characters"] = []
        p["revealed"] = []
    pile = [ch.char_id(k) for k in state["lineup"]]
    rng_shuffle(state, pile)
    state["face_down"] = []
    face_up: list[str] = []
    steps: list[dict] = []
    crown = state["crown"]
    order = [(crown + i) % n for i in range(n)]
    if n >= 4:
        # 2016: the face-up discards first, then the face-down one (2016
        # rulebook, Selection Phase); classic: the face-down one first (the
        # order this engine has always used; citadels.fr.txt is silent).
        modern = state["edition"] == "2016"
        if not modern:
            state["face_down"].append({"id": pile.pop(), "by": None})
        face_up_count = max(0, len(pile) + (0 if modern else 1) - n - 2)
        king = _rank4(state)
        while len(face_up) < face_up_count:
            card = pile.pop()
            if card == king:
                # The rank-4 character is never discarded face up: it goes back
                # into the pile, which is shuffled again (DATA.md 2f).
                pile.insert(0, card)
                rng_shuffle(state, pile)
                continue
            face_up.append(card)
        if modern:
            state["face_down"].append({"id": pile.pop(), "by": None})
        steps = [{"seat": s, "action": "choose"} for s in order]
        if len(pile) == n:
            # 7 players with 8 characters, 8 with 9: the last player also takes
            # the face-down card and keeps one of the two.
            steps.insert(-1, {"seat": order[-1], "action": "take_face_down"})
    elif n == 3:
        state["face_down"].append({"id": pile.pop(), "by": None})
        steps = [{"seat": s, "action": "choose"} for s in order]
        if len(pile) == 8:
            # 2016, 9 characters: after the first picks, 1 of the remaining 5 is
            # discarded face down at random (DATA.md 2f).
            steps.append({"seat": None, "action": "random_discard"})
        steps += [{"seat": s, "action": "choose"} for s in order]
    else:
        # 2 players: one card face down at random, A keeps 1, then B, A, B each
        # keep 1 and discard 1 face down (DATA.md 2f, FFG rulebook).
        a, b = order
        state["face_down"].append({"id": pile.pop(), "by": None})
        steps = [{"seat": a, "action": "choose"}]
        for s in (b, a, b):
            steps += [{"seat": s, "action": "choose"}, {"seat": s, "action": "discard"}]
    state["draft"] = {"pile": pile, "face_up": face_up, "steps": steps}
    advance_draft(state)


def _rank4(state: dict) -> str | None:
    for key in state["lineup"]:
        if rank(state, key) == 4:
            return ch.char_id(key)
    return None


def advance_draft(state: dict) -> None:
    """Plays the automatic draft steps until a seat must decide, or ends the draft."""
    from .turns import start_calls  # the call phase follows the draft

    draft = state["draft"]
    while draft["steps"]:
        step = draft["steps"][0]
        if step["action"] == "random_discard":
            card = draft["pile"].pop(rng_randrange(state, len(draft["pile"])))
            state["face_down"].append({"id": card, "by": None})
        elif step["action"] == "take_face_down":
            first = state["face_down"].pop(0)
            draft["pile"].append(first["id"])
        elif step["action"] == "discard" and len(draft["pile"]) == 1:
            state["face_down"].append({"id": draft["pile"].pop(), "by": step["seat"]})
        else:
            return
        draft["steps"].pop(0)
    last = _last_picker(state)
    for card in draft["pile"]:
        state["face_down"].append({"id": card, "by": last})
    draft["pile"] = []
    start_calls(state)


def _last_picker(state: dict) -> int | None:
    return state.get("draft_last")


def draft_moves(state: dict, seat: int) -> list[dict]:
    draft = state["draft"]
    if not draft["steps"] or draft["steps"][0]["seat"] != seat:
        return []
    action = draft["steps"][0]["action"]
    kind = "choose" if action == "choose" else "discard_character"
    return [{"type": kind, "character": c} for c in sorted(draft["pile"])]


def apply_draft(state: dict, seat: int, move: dict) -> None:
    draft = state["draft"]
    card = move["character"]
    if card not in draft["pile"]:
        raise IllegalMove("That character is not among the cards passed to you.")
    draft["pile"].remove(card)
    if move["type"] == "choose":
        state["players"][seat]["characters"].append(card)
    else:
        state["face_down"].append({"id": card, "by": seat})
    state["draft_last"] = seat
    draft["steps"].pop(0)
    advance_draft(state)
