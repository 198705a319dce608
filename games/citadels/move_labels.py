"""Citadels moves: the names of what moves refer to, and one sentence for
each legal move, from the engine's view only."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# Characters whose name is feminine, by edition (the French cards, GLOSSARY.md 1:
# Sorcière, Voyante, Maître-chanteuse, Reine; the 2016 edition also feminised the
# Magician, the Merchant and the Navigator). Words that agree with a character's
# name take the context "feminine" for them; English reads the same either way.
FEMININE = {
    "classic": {"witch", "queen"},
    "2016": {"witch", "queen", "seer", "blackmailer"}
    | {"magician", "merchant", "navigator"},
}


def feminine(key: str, edition: str) -> bool:
    return key in FEMININE.get(edition, ())


TYPE_NAMES = {
    "noble": gettext_lazy("noble"),
    "religious": gettext_lazy("religious"),
    "trade": gettext_lazy("trade"),
    "military": gettext_lazy("military"),
    "unique": gettext_lazy("unique"),
}
# A symbol for each district type, so that colour is never the only cue.
TYPE_SYMBOLS = {
    "noble": "♛",
    "religious": "✝",
    "trade": "⚖",
    "military": "⚔",
    "unique": "✦",
}
SPY_KINDS = TYPE_NAMES


def move_key(move: dict) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


class Names:
    """Names of what moves refer to, from the view only."""

    def __init__(self, view: dict, players: dict[int, str]):
        self.players = players
        self.chars = {c["key"]: c["name"] for c in view.get("lineup") or []}
        self.cards: dict[str, dict] = {}
        # The gold each priced legal move costs, computed by the engine.
        self.costs: dict[str, int] = view.get("move_costs") or {}
        for p in view.get("players") or []:
            for d in p["city"]:
                self.cards[d["id"]] = d
        for d in (view.get("hand") or []) + (view.get("museum") or []):
            self.cards[d["id"]] = d
        call = view.get("call") or {}
        turn = call.get("turn") or {}
        for d in (turn.get("drawn") or []) + (turn.get("spied_hand") or []):
            self.cards[d["id"]] = d
        sub = turn.get("sub") or {}
        for d in (
            (sub.get("cards") or []) + (sub.get("hand") or []) + (sub.get("deck") or [])
        ):
            self.cards[d["id"]] = d
        if sub.get("card"):
            self.cards[sub["card"]["id"]] = sub["card"]
        pending = view.get("pending") or {}
        self.pending = pending
        if pending.get("card"):
            self.cards[pending["card"]["id"]] = pending["card"]

    def player(self, seat) -> str:
        return self.players.get(seat, "?")

    def char(self, key_or_id: str) -> str:
        key = key_or_id[5:] if key_or_id.startswith("char-") else key_or_id
        return self.chars.get(key, key)

    def cost(self, move: dict) -> int:
        return self.costs.get(move_key(move), 0)

    def card(self, cid) -> str:
        return self.cards.get(cid, {}).get("name", _("a card"))


def move_label(move: dict, n: Names) -> str:  # noqa: C901 - one line per move type
    """One short sentence for a legal move."""
    t = move.get("type")
    c = move.get("character")
    if t == "choose":
        return _("Take the %(c)s") % {"c": n.char(c)}
    if t == "discard_character":
        return _("Discard the %(c)s face down") % {"c": n.char(c)}
    if t == "take_gold":
        return _("Take gold")
    if t == "draw_cards":
        return _("Draw cards")
    if t in ("keep", "scholar_keep", "wizard_take", "lighthouse"):
        return _("Keep the %(card)s") % {"card": n.card(move["card"])}
    if t == "income":
        if move.get("cards"):
            return _("Collect income, %(n)d as cards") % {"n": move["cards"]}
        return _("Collect income")
    if t == "build":
        card = n.card(move["card"])
        if move.get("framework"):
            return _("Build the %(card)s by destroying the Framework") % {"card": card}
        if move.get("destroy"):
            return _("Build the %(card)s, destroying your %(other)s") % {
                "card": card,
                "other": n.card(move["destroy"]),
            }
        if move.get("cards"):
            return _("Build the %(card)s, paying %(n)d with cards") % {
                "card": card,
                "n": move["cards"],
            }
        if move.get("from") is not None:
            return _("Build the %(card)s, cards to %(player)s for the gold") % {
                "card": card,
                "player": n.player(move["from"]),
            }
        return _("Build the %(card)s") % {"card": card}
    if t in ("pay_card", "give_card", "seer_give"):
        return _("Give the %(card)s") % {"card": n.card(move["card"])}
    if t == "kill":
        return _("Kill the %(c)s") % {"c": n.char(c)}
    if t == "rob":
        return _("Rob the %(c)s") % {"c": n.char(c)}
    if t == "bewitch":
        return _("Bewitch the %(c)s") % {"c": n.char(c)}
    if t == "swap_hands":
        return _("Swap hands with %(p)s") % {"p": n.player(move["seat"])}
    if t == "redraw_card":
        return _("Set the %(card)s aside") % {"card": n.card(move["card"])}
    if t == "redraw_done":
        return _("Draw as many cards as set aside")
    if t == "destroy":
        return _("Destroy the %(card)s of %(p)s (%(n)d gold)") % {
            "card": n.card(move["district"]),
            "p": n.player(move["seat"]),
            "n": n.cost(move),
        }
    if t == "seize":
        return _("Seize the %(card)s of %(p)s (%(n)d gold)") % {
            "card": n.card(move["district"]),
            "p": n.player(move["seat"]),
            "n": n.cost(move),
        }
    if t == "armory":
        return _("Blow up the %(card)s of %(p)s") % {
            "card": n.card(move["district"]),
            "p": n.player(move["seat"]),
        }
    if t == "exchange":
        return _("Exchange your %(mine)s for the %(card)s of %(p)s (%(n)d gold)") % {
            "mine": n.card(move["district"]),
            "card": n.card(move["target"]),
            "p": n.player(move["seat"]),
            "n": n.cost(move),
        }
    if t == "beautify":
        return _("Beautify the %(card)s") % {"card": n.card(move["district"])}
    if t == "wizard_look":
        return _("Look at the hand of %(p)s") % {"p": n.player(move["seat"])}
    if t == "wizard_build":
        return _("Build it")
    if t == "wizard_keep":
        return _("Keep it in your hand")
    if t == "give_crown":
        p = n.player(move["seat"])
        if move.get("take") == "gold":
            return _("Give the crown to %(p)s and take 1 gold") % {"p": p}
        if move.get("take") == "card":
            return _("Give the crown to %(p)s and take a card") % {"p": p}
        return _("Give the crown to %(p)s") % {"p": p}
    if t == "tribute":
        if move.get("card"):
            return _("Pay the tribute with the %(card)s") % {
                "card": n.card(move["card"])
            }
        return _("Pay the tribute: 1 gold")
    if t == "navigate":
        if move.get("take") == "gold":
            return _("Take 4 gold")
        return _("Draw 4 cards")
    if t == "tithe":
        return _("Take 1 gold from %(p)s") % {"p": n.player(move["seat"])}
    if t == "scholar":
        return _("Draw 7 cards and keep 1")
    if t == "spy":
        return _("Spy on %(p)s: %(kind)s") % {
            "p": n.player(move["seat"]),
            "kind": SPY_KINDS.get(move["kind"], move["kind"]),
        }
    if t == "seer":
        return _("Take a card at random from each player")
    if t == "warrants":
        return _("Sign the warrant on the %(c)s (blanks: %(others)s)") % {
            "c": n.char(move["signed"]),
            "others": ", ".join(n.char(k) for k in move["unsigned"]),
        }
    if t == "threats":
        return _("Real threat on the %(c)s, the other on the %(d)s") % {
            "c": n.char(move["flowered"]),
            "d": n.char(move["other"]),
        }
    if t == "confiscate":
        if not move["take"]:
            return _("Let it be built")
        return _(
            "Confiscate the %(card)s: free for you, %(p)s gets %(n)d gold back"
        ) % {
            "card": n.card(n.pending.get("card", {}).get("id", "")),
            "p": n.player(n.pending.get("builder")),
            "n": n.pending.get("refund") or 0,
        }
    if t == "bribe":
        if not move["pay"]:
            return _("Refuse to pay")
        return _("Pay the bribe: %(n)d gold") % {"n": n.cost(move)}
    if t == "reveal_threat":
        return _("Reveal the threat") if move["reveal"] else _("Keep it hidden")
    if t == "smithy":
        return _("Smithy: pay 2 gold, draw 3 cards")
    if t == "laboratory":
        return _("Laboratory: discard the %(card)s for gold") % {
            "card": n.card(move["card"])
        }
    if t == "museum":
        return _("Museum: put the %(card)s under it") % {"card": n.card(move["card"])}
    if t == "graveyard":
        return _("Pay 1 gold and take it back") if move["take"] else _("Let it go")
    if t == "theater_swap":
        return _("Swap your %(c)s with a character of %(p)s") % {
            "c": n.char(move["give"]),
            "p": n.player(move["seat"]),
        }
    if t == "theater_pass":
        return _("Keep your characters")
    if t == "bell_tower":
        return _("Ring the Bell Tower") if move["announce"] else _("Stay silent")
    if t == "thank":
        return _("Thank your host (Ball Room)")
    if t == "end_turn":
        return _("End your turn")
    return t or "?"
