"""The sentence above a Citadels board: what the viewer is asked to do now, or
whom the table waits for (from the view, the legal moves and the names only)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.citadels.move_labels import Names


def sub_prompt(sub: dict, n: Names) -> str:  # noqa: C901
    """What a choice in several moves asks for, in a sentence of its own."""
    kind = sub["kind"]
    needed = sub.get("needed") or 0
    card = (sub.get("card") or {}).get("name", "")
    if kind == "cardinal":
        return ngettext(
            "To build the %(card)s with the gold of %(p)s, give them %(n)d card "
            "from your hand: choose it below.",
            "To build the %(card)s with the gold of %(p)s, give them %(n)d "
            "cards from your hand: choose them below, one at a time.",
            needed,
        ) % {"card": card, "p": n.player(sub.get("seat")), "n": needed}
    if kind == "den":
        return ngettext(
            "To build the Thieves' Den, pay %(n)d gold with a card from your "
            "hand: choose it below.",
            "To build the Thieves' Den, pay %(n)d gold with cards from your "
            "hand: choose them below, one at a time.",
            needed,
        ) % {"n": needed}
    if kind == "redraw":
        return _("Set aside the cards you want to replace, then draw as many new ones.")
    if kind == "wizard":
        return _("Take one card from the hand of %(p)s: choose it below.") % {
            "p": n.player(sub.get("seat"))
        }
    if kind == "wizard_card":
        return _("Build the %(card)s now, or keep it in your hand.") % {"card": card}
    if kind == "scholar":
        return _("Keep one of the cards you drew: choose it below.")
    if kind == "seer":
        return _("Give one card back to each player you took a card from.")
    if kind == "lighthouse":
        return _("Take one card of your choice from the deck, below.")
    if kind == "bell_tower":
        return _(
            "Ring the Bell Tower so that a city is complete one district sooner, "
            "or stay silent."
        )
    if kind == "bribe":
        return _("Pay the bribe, or refuse to pay.")
    return ""


def prompt(view, position, legal, n: Names) -> str:  # noqa: C901
    if view["phase"] == "over":
        return _("The game is over.")
    to_move = view.get("to_move") or []
    pending = view.get("pending")
    call = view.get("call") or {}
    turn = call.get("turn") or {}
    if position is not None and position in to_move and legal:
        if pending:
            kind = pending["kind"]
            if kind == "graveyard":
                return _(
                    "The %(card)s was destroyed: pay 1 gold to take it into "
                    "your hand (Graveyard), or let it go."
                ) % {"card": n.card(pending["card"]["id"])}
            if kind == "theater":
                return _("Theater: swap one of your characters, or keep them.")
            if kind == "emperor":
                return _("The Emperor gave you the crown: pay him a tribute.")
            if kind == "emperor_crown":
                return _("Your Emperor was killed: give the crown to a player.")
            if kind == "magistrate":
                return _("A warranted player builds: confiscate the district?")
            if kind == "blackmail":
                return _("The bribe was refused: reveal your threat?")
            return _("Answer the question below.")
        if view["phase"] == "draft":
            if view["draft"]["action"] == "discard":
                return _("Discard one of these characters face down.")
            return _("Choose a character from the cards passed to you.")
        char = n.char(turn.get("character") or "")
        if turn.get("sub"):
            return sub_prompt(turn["sub"], n) or _(
                "%(c)s: finish your choice below."
            ) % {"c": char}
        if turn.get("step") == "resources":
            return _("You are the %(c)s: take gold or draw cards.") % {"c": char}
        if turn.get("step") == "keep":
            return _("Keep one of the cards you drew.")
        return _(
            "You are the %(c)s: use your power, build (up to %(n)d), then end "
            "your turn."
        ) % {"c": char, "n": turn.get("build_limit") or 0}
    names = ", ".join(n.player(s) for s in to_move)
    if pending:
        return _("Waiting for %(p)s to answer.") % {"p": names}
    if view["phase"] == "draft":
        return _("Waiting for %(p)s to choose a character.") % {"p": names}
    if turn:
        return _("The %(c)s is called: waiting for %(p)s.") % {
            "c": n.char(turn["character"]),
            "p": names,
        }
    return _("Waiting for %(p)s.") % {"p": names}
