"""The Lost Cities board, arranged for its template (games/lost-cities/board.jinja).

`layout` (the spec's) turns the engine's view and the legal moves into what the board
shows: the opponent's expeditions on top, the viewer's below, the discard piles,
the deck and the hand, each with the legal move it offers. Each piece carries a
`key`, what it shows, under which the template keeps its markup (`kept`, in
games/templating.py): most pieces are the same from one move to the next.
"""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.boards import NO_TABLE, BoardTable
from games.lost_cities.engine.cards import colour_name
from games.lost_cities.engine.texts import card_text as engine_card_text
from games.lost_cities.engine.texts import score_text


# A card's text depends on the card and the language only, an expedition's line
# on its numbers: each is written once per language, not at every board (the
# move POST's answer; docs/benchmarks.md).
@lru_cache(maxsize=512)
def _card_text(card: str, language: str) -> str:
    return engine_card_text(card)


@lru_cache(maxsize=4096)
def _expedition_line(colour: str, score: tuple, language: str) -> str:
    return f"{colour_name(colour)}: {score_text(dict(score))}"


def card_text(card: str) -> str:
    """What a card does, in the active language."""
    return _card_text(card, get_language())


def scores_text(view, seat) -> str:
    """How a player's total adds up, expedition by expedition (one tip per
    side, not one per expedition: ten more stops for the keyboard)."""
    parts = []
    language = get_language()
    for c in view["colours"]:
        score = view["expeditions"][seat][c]["score"]
        if score["cards"]:
            parts.append(_expedition_line(c, tuple(sorted(score.items())), language))
    if not parts:
        return _("No expedition started yet: 0 points.")
    return "; ".join(parts) + "."


def total_piece(view, seat) -> dict:
    """A player's score so far with its tip, kept by what it shows."""
    text = scores_text(view, seat)
    total = view["running"][seat]
    return {"seat": seat, "total": total, "text": text, "key": (seat, total, text)}


def _prompt(view, legal, names) -> str:
    """What to do now, in one sentence."""
    if view.get("over"):
        return _("The game is over.")
    if legal and view.get("phase") == "play":
        return _("Your turn: play a card on one of your expeditions, or discard it.")
    if legal:
        return _("Now draw a card: from the deck, or the top of a discard pile.")
    return _("Waiting for %(name)s.") % {"name": names.get(view.get("current"), "")}


def layout(view, position, legal, table: BoardTable = NO_TABLE) -> dict:
    """Lost Cities board, arranged for the viewer: the opponent on top, you
    below, and the prompt above them."""
    me = position if position is not None else 0
    other = 1 - me
    # The first legal move of each kind (a move's type, source and card), indexed once.
    first = {}
    for move in legal or []:
        first.setdefault((move.get("type"), move.get("source"), move.get("card")), move)

    def rows(seat):
        rows = []
        for c in view["colours"]:
            expedition = view["expeditions"][seat][c]
            ids = tuple(card["id"] for card in expedition["cards"])
            rows.append(
                {
                    "colour": c,
                    "symbol": view["symbols"][c],
                    "cards": expedition["cards"],
                    "score": expedition["score"],
                    "key": (c, expedition["score"]["score"], ids),
                }
            )
        return rows

    piles = []
    for c in view["colours"]:
        top = view["discards"][c]["top"]
        count = view["discards"][c]["count"]
        draw = first.get(("draw", c, None))
        piles.append(
            {
                "colour": c,
                "symbol": view["symbols"][c],
                "top": top,
                "text": card_text(top["id"]) if top else "",
                "count": count,
                "draw": draw,
                "key": (c, top["id"] if top else "", count, draw is not None),
            }
        )
    hand = []
    wagers_offered = (
        set()
    )  # two wagers of a colour are the same move: one pair of buttons
    for card in view["hand"] or []:
        play = first.get(("play", None, card["id"]))
        discard = first.get(("discard", None, card["id"]))
        if card["wager"]:
            if card["colour"] in wagers_offered:
                play = discard = None
            elif play or discard:
                wagers_offered.add(card["colour"])
        hand.append(
            {
                "card": card,
                "text": card_text(card["id"]),
                "play": play,
                "discard": discard,
                "key": (card["id"], play is not None, discard is not None),
            }
        )
    return {
        "prompt": _prompt(view, legal, table.names),
        "top": {
            "seat": other,
            "rows": rows(other),
            "total": view["running"][other],
            "score_text": scores_text(view, other),
            "total_piece": total_piece(view, other),
        },
        "bottom": {
            "seat": me,
            "rows": rows(me),
            "total": view["running"][me],
            "score_text": scores_text(view, me),
            "total_piece": total_piece(view, me),
        },
        "piles": piles,
        "deck_draw": first.get(("draw", "deck", None)),
        "hand": hand,
    }
