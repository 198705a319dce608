"""Set-up and the character draft's moves. The start of each round, with its
discards and the draft's automatic steps, is in turns.py (start_round,
advance_draft): the round flows from the last call into the next draft.

Rules: citadels.fr.txt "Fonctionnement" (4 cards and 2 gold each, a random
crown, set-aside characters, choosing in turn and passing the rest on, the last
card set aside) and "Règles pour 2 et 3 joueurs"; citadels_game_help.fr.txt
"CHOIX DES PERSONNAGES" (face-up and face-down discards, the 7-player rule) and
"À 2 OU 3 JOUEURS"; DATA.md 2f (the discard table, the 2- and 3-player drafts,
the rank-4 character never face up).
"""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine import districts as ds
from games.citadels.engine.common import card_map, rng_randrange, rng_shuffle
from games.citadels.engine.options import complete_size
from games.citadels.engine.turns import advance_draft, start_round
from games.engines.base import IllegalMove, rng_new

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
