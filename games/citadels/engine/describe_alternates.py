"""Log lines for the alternate characters' moves (see view.describe)."""

from __future__ import annotations

from games.citadels.engine.common import cname, dname
from games.engines.base import _, player


def describe_alternate(state: dict, seat: int, move: dict, viewer: int | None) -> str:
    who = player(seat)
    mine = viewer == seat
    kind = move.get("type")
    if kind == "bewitch":
        return _("{player} bewitched the {character}").format(
            player=who, character=cname(state, move["character"])
        )
    if kind == "wizard_look":
        return _("{player} looked at the hand of {other}").format(
            player=who, other=player(move["seat"])
        )
    if kind == "wizard_take":
        victim = state["turn"]["sub"]["seat"]
        if mine or viewer == victim:
            return _("{player} took the {card} from {other}").format(
                player=who, card=dname(state, move["card"]), other=player(victim)
            )
        return _("{player} took a card from {other}").format(
            player=who, other=player(victim)
        )
    if kind == "wizard_build":
        return _("{player} built the {card} at once").format(
            player=who, card=dname(state, state["turn"]["sub"]["card"])
        )
    if kind == "wizard_keep":
        return _("{player} kept the card").format(player=who)
    if kind == "give_crown":
        return _("{player} gave the crown to {other}").format(
            player=who, other=player(move["seat"])
        )
    if kind == "tribute":
        if move.get("gold"):
            return _("{player} paid 1 gold for the crown").format(player=who)
        if mine or (state["pending"] and viewer == state["pending"]["emperor"]):
            return _("{player} gave the {card} for the crown").format(
                player=who, card=dname(state, move["card"])
            )
        return _("{player} gave a card for the crown").format(player=who)
    if kind == "navigate":
        # The name as the edition gives it (the French 2016 card is a Navigatrice).
        navigator = cname(state, "navigator")
        if move["take"] == "gold":
            return _("{player} took 4 gold ({character})").format(
                player=who, character=navigator
            )
        return _("{player} drew 4 cards ({character})").format(
            player=who, character=navigator
        )
    if kind == "exchange":
        return _("{player} exchanged their {mine} for the {theirs} of {other}").format(
            player=who,
            mine=dname(state, move["district"]),
            theirs=dname(state, move["target"]),
            other=player(move["seat"]),
        )
    if kind in LINES_2016:
        return describe_2016(state, seat, move, viewer)
    return describe_schemes(state, seat, move, viewer)


LINES_2016 = {
    "scholar",
    "scholar_keep",
    "seize",
    "spy",
    "seer",
    "seer_give",
    "give_card",
    "tithe",
}


def describe_2016(state: dict, seat: int, move: dict, viewer: int | None) -> str:
    """Lines for the 2016 characters' moves."""
    who = player(seat)
    kind = move["type"]
    if kind == "scholar":
        return _("{player} drew 7 cards to keep one (Scholar)").format(player=who)
    if kind == "scholar_keep":
        return _("{player} kept a card and shuffled the rest into the deck").format(
            player=who
        )
    if kind == "seize":
        return _("{player} seized the {card} of {other}").format(
            player=who, card=dname(state, move["district"]), other=player(move["seat"])
        )
    if kind == "spy":
        return _("{player} spied on {other}, naming {kind} districts").format(
            player=who, other=player(move["seat"]), kind=_(move["kind"])
        )
    if kind == "seer":
        return _("{player} took a random card from each other hand (Seer)").format(
            player=who
        )
    if kind == "seer_give":
        target = state["turn"]["sub"]["owed"][0]
        if viewer in (seat, target):
            return _("{player} gave the {card} to {other}").format(
                player=who, card=dname(state, move["card"]), other=player(target)
            )
        return _("{player} gave a card to {other}").format(
            player=who, other=player(target)
        )
    if kind == "give_card":
        target = state["turn"]["sub"]["seat"]
        if viewer in (seat, target):
            return _("{player} gave the {card} to {other} for gold").format(
                player=who, card=dname(state, move["card"]), other=player(target)
            )
        return _("{player} gave a card to {other} for gold").format(
            player=who, other=player(target)
        )
    return _("{player} took 1 gold from {other}, the richest").format(
        player=who, other=player(move["seat"])
    )


def describe_schemes(state: dict, seat: int, move: dict, viewer: int | None) -> str:
    """Magistrate and Blackmailer lines: which marker is real stays unsaid."""
    who = player(seat)
    kind = move.get("type")
    if kind == "warrants":
        names = sorted([move["signed"], *move["unsigned"]])
        return _("{player} placed warrants on the {a}, the {b} and the {c}").format(
            player=who,
            a=cname(state, names[0]),
            b=cname(state, names[1]),
            c=cname(state, names[2]),
        )
    if kind == "threats":
        names = sorted([move["flowered"], move["other"]])
        return _("{player} threatened the {a} and the {b}").format(
            player=who, a=cname(state, names[0]), b=cname(state, names[1])
        )
    if kind == "confiscate":
        if move["take"]:
            return _(
                "{player} revealed the signed warrant and confiscated the {card}"
            ).format(player=who, card=dname(state, state["pending"]["card"]))
        return _("{player} let the district stand").format(player=who)
    if kind == "lighthouse":
        if viewer == seat:
            return _("{player} took the {card} from the deck (Lighthouse)").format(
                player=who, card=dname(state, move["card"])
            )
        return _("{player} took a card from the deck (Lighthouse)").format(player=who)
    if kind == "bell_tower":
        if move["announce"]:
            return _(
                "{player} rang the Bell Tower: cities are complete one district sooner"
            ).format(player=who)
        return _("{player} left the Bell Tower silent").format(player=who)
    if kind == "bribe":
        if move["pay"]:
            return _("{player} paid the Blackmailer half their gold").format(player=who)
        return _("{player} refused to pay the Blackmailer").format(player=who)
    if kind == "reveal_threat":
        if not move["reveal"]:
            return _("{player} kept the threat hidden").format(player=who)
        char = state["turn"]["char"]
        if state["threats"]["flowered"] == char:
            return _(
                "{player} revealed the flowered threat and took all the gold"
            ).format(player=who)
        return _("{player} revealed a blank threat").format(player=who)
    return _("{player} made a move").format(player=who)
