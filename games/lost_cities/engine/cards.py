"""The Lost Cities deck (rules text "Répartition des cartes"; DATA.md section 1).

Each colour has one card of each value 2..10 and three wager cards. The sixth
colour (purple) belongs to the newer edition's 6-expedition variant.
"""

from __future__ import annotations

from games.engines.base import _, gettext_noop

COLOURS_5 = ["yellow", "blue", "white", "green", "red"]
COLOURS_6 = [*COLOURS_5, "purple"]
VALUES = list(range(2, 11))
WAGERS_PER_COLOUR = 3
HAND_SIZE = 8  # "Chaque joueur commence avec 8 cartes en main" (also with 6 colours)
EXPEDITION_COST = 20
BONUS_CARDS = 8
BONUS_POINTS = 20

# A symbol per colour, so that colour is never the only cue (UI.md).
SYMBOLS = {
    "yellow": "sun",
    "blue": "wave",
    "white": "peak",
    "green": "leaf",
    "red": "flame",
    "purple": "gem",
}


# Masculine forms in French ("le 7 rouge", "un pari rouge"). Marked here, each
# translated when shown: the log line of every move names a colour.
COLOUR_NAMES = {
    "yellow": gettext_noop("yellow"),
    "blue": gettext_noop("blue"),
    "white": gettext_noop("white"),
    "green": gettext_noop("green"),
    "red": gettext_noop("red"),
    "purple": gettext_noop("purple"),
}


def colour_name(colour: str) -> str:
    return _(COLOUR_NAMES[colour])


def card_id(colour: str, value: int | None, copy: int = 0) -> str:
    """ "lc-red-7" for a number card, "lc-red-w1".."lc-red-w3" for the wagers."""
    if value is None:
        return f"lc-{colour}-w{copy}"
    return f"lc-{colour}-{value}"


def _build_deck(colours: list[str]) -> list[str]:
    deck = []
    for colour in colours:
        deck += [card_id(colour, None, n) for n in range(1, WAGERS_PER_COLOUR + 1)]
        deck += [card_id(colour, value) for value in VALUES]
    return deck


# The two decks a game can use, built once: every set-up starts from one (building
# 60 ids was a third of the cost of a set-up).
_DECKS = {tuple(colours): _build_deck(colours) for colours in (COLOURS_5, COLOURS_6)}


def make_deck(colours: list[str]) -> list[str]:
    """Every card of a game with these colours, in a fixed order (a new list)."""
    deck = _DECKS.get(tuple(colours))
    return list(deck) if deck is not None else _build_deck(colours)


def _parse(card: str) -> tuple[str, int | None]:
    _prefix, colour, rank = card.split("-")
    return colour, (None if rank.startswith("w") else int(rank))


# Built once: every card id of the 6-colour deck (a superset of the 5-colour one).
PARSED: dict[str, tuple[str, int | None]] = {
    card: _parse(card) for card in make_deck(COLOURS_6)
}
# A card's place in hand order (colour in COLOURS_6 order, wagers first, then by
# value, then by id): the same order as `sort_key` with COLOURS_5 or COLOURS_6.
ORDER: dict[str, int] = {
    card: i
    for i, card in enumerate(
        sorted(
            PARSED,
            key=lambda c: (COLOURS_6.index(PARSED[c][0]), PARSED[c][1] or 0, c),
        )
    )
}


# For the rules' hot path, one look-up each (a card id -> ...):
# its colour;
COLOUR_OF: dict[str, str] = {card: colour for card, (colour, _v) in PARSED.items()}
# RANK and FLOOR encode "wagers first, then numbers in strictly ascending order":
# a card may go on an expedition whose last card has a FLOOR below the card's RANK.
# A wager has rank 1 and floor 0 (after a wager: another wager or any number); a
# number has its value as both (after a 5: a 6 or more, never a wager). An empty
# expedition takes any card.
RANK: dict[str, int] = {card: v or 1 for card, (_c, v) in PARSED.items()}
FLOOR: dict[str, int] = {card: v or 0 for card, (_c, v) in PARSED.items()}


def parse(card: str) -> tuple[str, int | None]:
    """(colour, value) of a card id; value None for a wager."""
    try:
        return PARSED[card]
    except KeyError:
        return _parse(card)


def card_info(card: str) -> dict:
    colour, value = parse(card)
    return {
        "id": card,
        "colour": colour,
        "value": value,
        "wager": value is None,
        "symbol": SYMBOLS[colour],
    }


def sort_key(card: str, colours: list[str]) -> tuple:
    colour, value = parse(card)
    return (colours.index(colour), value or 0, card)


def sorted_hand(hand: list[str], colours: list[str]) -> list[str]:
    """`hand` in `sort_key` order, from the table when the colours are standard."""
    if colours == COLOURS_5 or colours == COLOURS_6:
        return sorted(hand, key=ORDER.__getitem__)
    return sorted(hand, key=lambda c: sort_key(c, colours))
