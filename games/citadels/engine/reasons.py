"""Why a move is refused: a sentence a player can read, naming the rule."""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine import districts as ds
from games.citadels.engine.common import (
    city_keys,
    cname,
    dname,
    is_complete,
    key_of,
    rank,
)
from games.engines.base import _, player


def explain(state: dict, seat: int, move, waiting: list[int]) -> str:
    """Why `move` of `seat` is refused; `waiting` is the engine's `to_move`."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        return _("A move must be a JSON object with a type.")
    if state["phase"] == "over":
        return _("The game is over.")
    if seat not in waiting:
        return _("It is not your turn: waiting for {player}.").format(
            player=player(waiting[0])
        )
    kind = move["type"]
    turn = state.get("turn")
    if state["phase"] == "draft" and kind in ("choose", "discard_character"):
        return _("That character is not among the cards passed to you.")
    if state["phase"] == "draft":
        return _("Choose a character first.")
    if state["pending"]:
        return _("Answer the question asked of you first.")
    if turn and turn["sub"]:
        return _("Finish the choice in progress first.")
    if turn and turn["step"] != "main" and kind not in ("take_gold", "draw_cards"):
        if turn["step"] == "keep":
            return _("Keep one of the cards you drew first.")
        return _("Take 2 gold or draw cards first.")
    char = turn["char"] if turn else None
    try:
        if kind == "rob":
            return _rob(state, move.get("character"))
        if kind == "kill":
            return _kill(state, move.get("character"))
        if kind == "destroy":
            return _destroy(state, seat, move)
        if kind == "build":
            return _build(state, seat, move)
    except (KeyError, TypeError, IndexError, ValueError):
        return _("That move is malformed.")
    if kind in ("kill", "rob", "swap_hands", "destroy", "redraw_card") and (
        turn and turn["power"]
    ):
        return _("The {character} has already used the power this turn.").format(
            character=cname(state, char)
        )
    if kind in ("smithy", "laboratory", "museum") and kind in turn["used"]:
        return _("That district's ability is used once a turn.")
    if kind == "end_turn" and turn and turn["step"] == "main":
        return _("The {character} must use the power before the turn ends.").format(
            character=cname(state, char)
        )
    return _("That move is not allowed now.")


def _rob(state: dict, target) -> str:
    if state["turn"]["char"] != "thief":
        return _("Only the Thief robs.")
    if target not in state["lineup"]:
        return _("That character is not in this game.")
    if rank(state, target) == 1:
        return _("The Thief cannot rob the {character}.").format(
            character=cname(state, target)
        )
    if target == state["killed"]:
        return _("The Thief cannot rob the killed character.")
    if target == "thief":
        return _("The Thief cannot rob himself.")
    if state["turn"]["power"]:
        return _("The Thief has already chosen whom to rob.")
    return _("That character was discarded face up: nobody holds it.")


def _kill(state: dict, target) -> str:
    if state["turn"]["char"] != "assassin":
        return _("Only the Assassin kills.")
    if target not in state["lineup"]:
        return _("That character is not in this game.")
    if rank(state, target) == 1:
        return _("The Assassin cannot kill himself.")
    if state["turn"]["power"]:
        return _("The Assassin has already killed this round.")
    return _("That character was discarded face up: nobody holds it.")


def _destroy(state: dict, seat: int, move: dict) -> str:
    from games.citadels.engine.powers import destroy_cost
    from games.citadels.engine.queries import protected_by_bishop

    if state["turn"]["char"] != "warlord":
        return _("Only the Warlord destroys districts.")
    if state["turn"]["power"]:
        return _("The Warlord destroys one district a turn.")
    target = move["seat"]
    district = next(
        (d for d in state["players"][target]["city"] if d["id"] == move["district"]),
        None,
    )
    if district is None:
        return _("That district is not in that city.")
    if is_complete(state, target):
        return _("The Warlord cannot destroy a district in a completed city.")
    if protected_by_bishop(state, target):
        return _("The Warlord cannot destroy a district in the Bishop's city.")
    if key_of(state, district["id"]) == "keep":
        return _("The Keep cannot be destroyed by the Warlord.")
    return _("Destroying the {card} costs {n} gold; you do not have enough.").format(
        card=dname(state, district["id"]), n=destroy_cost(state, target, district)
    )


def _build(state: dict, seat: int, move: dict) -> str:
    from games.citadels.engine.building import build_limit, price

    p = state["players"][seat]
    card = move["card"]
    if card not in p["hand"]:
        return _("That district is not in your hand.")
    key = key_of(state, card)
    if key in ds.UNBUILDABLE:
        return _("The Secret Vault can never be built.")
    if state["turn"]["char"] == "navigator":
        return _("The {character} cannot build.").format(
            character=cname(state, "navigator")
        )
    if state["turn"]["char"] == "witch":
        return _("The Witch builds nothing in her own turn.")
    if state["turn"]["built"] >= build_limit(state) and key != "stables":
        return _("The {character} builds at most {n} district(s) a turn.").format(
            character=cname(state, state["turn"]["char"]), n=build_limit(state)
        )
    if key in city_keys(p, state):
        return _(
            "Your city already has a {card}: no two districts of the same name."
        ).format(card=dname(state, card))
    if key == "monument" and len(p["city"]) >= 5:
        return _("The Monument cannot be built in a city of 5 or more districts.")
    return _("The {card} costs {n} gold; you do not have enough.").format(
        card=dname(state, card), n=price(state, seat, card)
    )


__all__ = ["ch"]
