"""Log lines for powers, unique districts and pending choices (see view.describe)."""

from __future__ import annotations

from games.citadels.engine.common import cname, dname
from games.engines.base import _, player


def describe_power(state: dict, seat: int, move: dict, viewer: int | None) -> str:
    who = player(seat)
    mine = viewer == seat
    kind = move.get("type")
    if kind == "income":
        if move.get("cards"):
            return _("{player} collected income, {n} of it as cards").format(
                player=who, n=move["cards"]
            )
        return _("{player} collected income from their districts").format(player=who)
    if kind == "kill":
        return _("{player} killed the {character}").format(
            player=who, character=cname(state, move["character"])
        )
    if kind == "rob":
        return _("{player} will rob the {character}").format(
            player=who, character=cname(state, move["character"])
        )
    if kind == "swap_hands":
        return _("{player} exchanged hands with {other}").format(
            player=who, other=player(move["seat"])
        )
    if kind == "redraw_card":
        if mine:
            return _("{player} set aside the {card} to exchange it").format(
                player=who, card=dname(state, move["card"])
            )
        return _("{player} set aside a card to exchange it").format(player=who)
    if kind == "redraw_done":
        n = len(state["turn"]["sub"]["cards"])
        return _("{player} discarded {n} cards and drew as many").format(
            player=who, n=n
        )
    if kind == "destroy":
        return _("{player} destroyed the {card} of {other}").format(
            player=who, card=dname(state, move["district"]), other=player(move["seat"])
        )
    if kind == "beautify":
        return _("{player} beautified the {card}").format(
            player=who, card=dname(state, move["district"])
        )
    if kind == "pay_card":
        return _("{player} paid a card toward the Thieves' Den").format(player=who)
    if kind == "smithy":
        return _("{player} used the Smithy: 2 gold for 3 cards").format(player=who)
    if kind == "laboratory":
        if mine:
            return _("{player} discarded the {card} at the Laboratory").format(
                player=who, card=dname(state, move["card"])
            )
        return _("{player} discarded a card at the Laboratory").format(player=who)
    if kind == "museum":
        return _("{player} placed a card under the Museum").format(player=who)
    if kind == "armory":
        return _("{player} blew up the Armory to destroy the {card} of {other}").format(
            player=who, card=dname(state, move["district"]), other=player(move["seat"])
        )
    if kind == "graveyard":
        if move["take"]:
            return _("{player} paid 1 gold to keep the destroyed district").format(
                player=who
            )
        return _("{player} let the destroyed district go").format(player=who)
    if kind == "theater_swap":
        return _("{player} swapped a character with {other} (Theater)").format(
            player=who, other=player(move["seat"])
        )
    if kind == "theater_pass":
        return _("{player} kept their character (Theater)").format(player=who)
    from games.citadels.engine.describe_alternates import describe_alternate

    return describe_alternate(state, seat, move, viewer)
