"""The game log: one English line per move, via _() and player(seat).

No move itself is hidden (a draw's card is never named: draws happen on their own
and are logged as events without the card), so every viewer reads the same line.
"""

from __future__ import annotations

from games.engines.base import _, ngettext, player
from games.rival_cities.engine.pieces import ALLIANCES
from games.rival_cities.engine.view import card_text

# --- Log lines ----------------------------------------------------------------------


def describe(state: dict, seat: int, move: dict, viewer: int | None) -> str:
    who = player(seat)
    kind = move.get("type")
    if kind == "start":
        return _("{player} took 1 {res} to start").format(
            player=who, res=_(move["resource"])
        )
    if kind == "move":
        return ngettext(
            "{player} moved the inkwell {n} space",
            "{player} moved the inkwell {n} spaces",
            move["spaces"],
        ).format(player=who, n=move["spaces"])
    if kind == "pay":
        return _("{player} paid 1 {res}").format(player=who, res=_(move["resource"]))
    if kind == "option":
        return _describe_option(state, who, move)
    if kind == "half":
        return _("{player} chose the {half} half of the card").format(
            player=who, half=_(move["half"])
        )
    if kind == "flip":
        return ngettext(
            "{player} flipped {n} factory for the production",
            "{player} flipped {n} factories for the production",
            move["factories"],
        ).format(player=who, n=move["factories"])
    if kind == "donate":
        return _("{player} made a donation").format(player=who)
    if kind == "exchange":
        return _("{player} exchanged 1 {give} for 1 {take}").format(
            player=who, give=_(move["give"]), take=_(move["take"])
        )
    if kind == "letter_exchange":
        return _("{player} spent a letter to exchange 1 {give} for 1 {take}").format(
            player=who, give=_(move["give"]), take=_(move["take"])
        )
    if kind == "build":
        return _("{player} built a factory").format(player=who)
    if kind == "repeat":
        via = {
            "brussels": _("Brussels"),
            "ship-16": _("ship 16"),
            "copenhagen": _("Copenhagen"),
            "le-havre": _("Le Havre"),
        }.get(move["via"], move["via"])
        return _("{player} paid to repeat the action ({via})").format(
            player=who, via=via
        )
    if kind == "piracy" and move["mode"] == "simple":
        return _("{player} stole 1 {res}").format(player=who, res=_(move["resource"]))
    if kind == "piracy":
        return _("{player} chose aggressive piracy").format(player=who)
    if kind == "steal":
        return _("{player} stole 1 {res}").format(player=who, res=_(move["resource"]))
    if kind == "alliance":
        return _("{player} made an alliance with {city}").format(
            player=who, city=_(ALLIANCES[move["card"]]["name"])
        )
    if kind == "ship":
        return _("{player} bought ship {n}").format(
            player=who, n=move["card"].split("-")[1]
        )
    if kind == "lawsuit":
        return _("{player} advanced the lawsuit in position {pos}").format(
            player=who, pos="I" * (move["position"] + 1)
        )
    if kind == "extra":
        return _("{player} paid for one more step of the lawsuit").format(player=who)
    if kind == "court" and move.get("resolve"):
        return _("{player} had the court resolve the lawsuit in position I").format(
            player=who
        )
    if kind == "court":
        return _("{player} swapped lawsuits {a} and {b}").format(
            player=who, a="I" * (move["swap"] + 1), b="I" * (move["swap"] + 2)
        )
    if kind == "upkeep":
        city = _(ALLIANCES[move["card"]]["name"])
        if move["pay"]:
            return _("{player} paid the upkeep of {city}").format(player=who, city=city)
        return _("{player} gave the alliance of {city} back").format(
            player=who, city=city
        )
    if kind == "stop":
        return _("{player} did no more of this action").format(player=who)
    return _("{player} made a move").format(player=who)


def _describe_option(state: dict, who: str, move: dict) -> str:
    option = move["option"]
    space = state["ring"][state["inkwell"]]
    if option == "A":
        return _("{player} took option A: {card}").format(
            player=who, card=card_text(space["card"])
        )
    if option == "B":
        return _("{player} took option B, playing: {card}").format(
            player=who, card=card_text(move["card"])
        )
    if option == "C":
        return _("{player} took option C: {space} and {card}").format(
            player=who, space=card_text(space["card"]), card=card_text(move["card"])
        )
    if option == "D":
        return _("{player} took option D, keeping: {card}").format(
            player=who, card=card_text(space["card"])
        )
    return _("{player} could take no option").format(player=who)
