"""Character powers.

Rules: citadels.fr.txt (each character's paragraph, and the alternates) and
citadels_game_help.fr.txt (SPECIFICITES DES ROLES); DATA.md 2e for the exact
numbers. Each function names the character it implements.
"""

from __future__ import annotations

from games.citadels.engine import alternates as alt
from games.citadels.engine import chars2016 as c16
from games.citadels.engine import schemers as sch
from games.citadels.engine.building import remove_district
from games.citadels.engine.common import (
    draw,
    has,
    holder,
    key_of,
    rank,
    to_bottom,
    value,
)
from games.citadels.engine.queries import emperor_targets, face_up_keys, rank8_targets
from games.citadels.engine.wonders import graveyard_pending

ARCHITECT_CARDS = 2
MERCHANT_BONUS = 1
QUEEN_BONUS = 3


# --- Hooks called by turns.py ----------------------------------------------------


def after_resources(state: dict, seat: int) -> None:
    """Automatic gains once the resources are taken."""
    key = state["turn"]["char"]
    player = state["players"][seat]
    if key == "abbot" and state["edition"] == "classic":
        alt.abbot_tithe(state, seat)
    elif key == "tax_collector" and state["edition"] == "2016":
        c16.collect_taxes(state, seat)
    elif key == "merchant":
        player["gold"] += MERCHANT_BONUS
    elif key == "architect":
        player["hand"].extend(draw(state, ARCHITECT_CARDS))
    elif key == "queen":
        queen_bonus(state, seat)


def at_end_of_turn(state: dict, seat: int) -> None:
    """Character effects at the end of a turn."""
    if state["turn"]["char"] == "alchemist":
        alt.alchemist_refund(state, seat)


def on_round_end(state: dict) -> bool:
    """Character effects at the end of a round; True when a seat must decide."""
    return alt.killed_emperor_pending(state)


# --- The powers ----------------------------------------------------------------


def must_use_power(state: dict, seat: int) -> bool:
    """A power the turn cannot end without: the Emperor gives the crown
    (citadels.fr.txt: "obligatoirement"; 2016 rulebook: "must"), when someone
    can receive it; the Witch names a character (2016 rulebook: "must"); the
    2016 Abbot takes his gold from the richest player while he is not the
    richest (2016 rulebook: "must give you one gold")."""
    turn = state["turn"]
    if turn["power"]:
        return turn["char"] == "abbot" and bool(c16.tithe_moves(state, seat))
    if turn["char"] == "emperor":
        return bool(emperor_targets(state, seat))
    if turn["char"] == "witch":
        return bool(alt.bewitch_moves(state, seat))
    if turn["char"] == "abbot" and state["edition"] == "2016":
        return bool(c16.tithe_moves(state, seat))
    return False


def power_moves(state: dict, seat: int, *, early: bool = False) -> list[dict]:
    """The character's power moves; `early`: before the resources (2016), where
    the Wizard's look is left out (its card may be built at once, and nothing
    is built before the resources)."""
    turn = state["turn"]
    key = turn["char"]
    moves: list[dict] = []
    if early and key == "wizard":
        return moves
    if key == "artist":
        moves += beautify_moves(state, seat)
    if key == "abbot" and state["edition"] == "2016":
        moves += c16.tithe_moves(state, seat)
    if turn["power"]:
        return moves
    if key == "assassin":
        moves += [{"type": "kill", "character": k} for k in kill_targets(state)]
    elif key == "thief":
        moves += [{"type": "rob", "character": k} for k in rob_targets(state)]
    elif key == "magician":
        n = state["num_players"]
        moves += [{"type": "swap_hands", "seat": s} for s in range(n) if s != seat]
        moves += [
            {"type": "redraw_card", "card": c} for c in state["players"][seat]["hand"]
        ]
    elif key == "warlord":
        moves += destroy_moves(state, seat)
    elif key == "witch":
        moves += alt.bewitch_moves(state, seat)
    elif key == "wizard":
        moves += alt.wizard_moves(state, seat)
    elif key == "emperor" and state["edition"] == "2016":
        moves += c16.emperor_moves(state, seat)
    elif key == "emperor":
        moves += alt.emperor_moves(state, seat)
    elif key == "scholar" and state["deck"]:
        moves.append({"type": "scholar"})
    elif key == "magistrate":
        moves += sch.warrant_moves(state, seat)
    elif key == "blackmailer":
        moves += sch.threat_moves(state, seat)
    elif key == "marshal":
        moves += c16.seize_moves(state, seat)
    elif key == "spy":
        moves += c16.spy_moves(state, seat)
    elif key == "seer" and any(
        p["hand"] for s, p in enumerate(state["players"]) if s != seat
    ):
        moves.append({"type": "seer"})
    elif key == "navigator":
        moves += alt.navigator_moves(state, seat)
    elif key == "diplomat":
        moves += alt.exchange_moves(state, seat)
    return moves


# Assassin -----------------------------------------------------------------------


def kill_targets(state: dict) -> list[str]:
    """Any other character of the line-up; not one discarded face up (chosen
    here, as in the 2016 rulebook: nobody can hold it)."""
    up = face_up_keys(state)
    return [k for k in state["lineup"] if rank(state, k) != 1 and k not in up]


# Thief --------------------------------------------------------------------------


def rob_targets(state: dict) -> list[str]:
    """Not rank 1, not the killed character, not the Thief himself, not a
    character discarded face up, not the bewitched character (citadels.fr.txt:
    the Witch and the bewitched player cannot be robbed)."""
    up = face_up_keys(state)
    return [
        k
        for k in state["lineup"]
        if rank(state, k) > 1
        and k != state["turn"]["char"]
        and k != state["killed"]
        and k != state["bewitched"]
        and k not in up
    ]


# Magician -----------------------------------------------------------------------


def redraw_moves(state: dict, seat: int) -> list[dict]:
    sub = state["turn"]["sub"]
    hand = state["players"][seat]["hand"]
    moves = [{"type": "redraw_card", "card": c} for c in hand if c not in sub["cards"]]
    return moves + [{"type": "redraw_done"}]


def apply_redraw(state: dict, seat: int, move: dict) -> None:
    """The Magician discards the chosen cards under the deck, draws as many."""
    sub = state["turn"]["sub"]
    if move["type"] == "redraw_card":
        sub["cards"].append(move["card"])
        return
    player = state["players"][seat]
    player["hand"] = [c for c in player["hand"] if c not in sub["cards"]]
    to_bottom(state, sub["cards"])
    player["hand"].extend(draw(state, len(sub["cards"])))
    state["turn"]["sub"] = None


# Warlord ------------------------------------------------------------------------


def destroy_cost(state: dict, target: int, district: dict) -> int:
    """The cost minus 1 (a beautified district's cost is 1 higher), plus 1
    behind a Great Wall (not for the Great Wall itself)."""
    amount = value(state, district) - 1
    if (
        has(state, target, "great_wall")
        and key_of(state, district["id"]) != "great_wall"
    ):
        amount += 1
    return max(0, amount)


def destroy_moves(state: dict, seat: int) -> list[dict]:
    gold = state["players"][seat]["gold"]
    return [
        {"type": "destroy", "seat": target, "district": d["id"]}
        for target, d in rank8_targets(state, seat)
        if destroy_cost(state, target, d) <= gold
    ]


def destroy(state: dict, seat: int, target: int, card: str) -> None:
    district = next(d for d in state["players"][target]["city"] if d["id"] == card)
    state["players"][seat]["gold"] -= destroy_cost(state, target, district)
    remove_district(state, target, card, to_deck=False)
    if not graveyard_pending(state, seat, card):
        to_bottom(state, [card])


# Queen ----------------------------------------------------------------------------


def queen_bonus(state: dict, seat: int) -> None:
    """3 gold if the player next to her revealed the rank-4 character; if that
    character was killed, the 3 gold come when it is revealed at the end of the
    round (2016 rulebook, Queen; citadels.fr.txt: "même assassiné")."""
    n = state["num_players"]
    for key in state["lineup"]:
        if rank(state, key) == 4:
            king = holder(state, key)
            if king is not None and king in ((seat - 1) % n, (seat + 1) % n):
                if state["killed"] == key:
                    state["queen_owed"] = seat
                else:
                    state["players"][seat]["gold"] += QUEEN_BONUS


# Artist ---------------------------------------------------------------------------

ARTIST_MAX = 2


def beautify_moves(state: dict, seat: int) -> list[dict]:
    """Up to 2 of her districts, 1 gold each, each district once in the game."""
    player = state["players"][seat]
    if state["turn"]["beautified"] >= ARTIST_MAX or player["gold"] < 1:
        return []
    return [
        {"type": "beautify", "district": d["id"]}
        for d in player["city"]
        if not d["beautified"]
    ]


def beautify(state: dict, seat: int, card: str) -> None:
    player = state["players"][seat]
    city = player["city"]
    for i, district in enumerate(city):
        if district["id"] == card:
            # A new dict: the districts of a city are shared with the state
            # before the move (common.next_state).
            city[i] = {**district, "beautified": True}
    player["gold"] -= 1
    state["turn"]["beautified"] += 1
