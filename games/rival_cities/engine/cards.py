"""The action cards: 15 basic cards and 24 special cards.

Where the numbers come from: the rules text (R-rc) says there are 15 basic and 24
special action cards, names every action a card can show, and says some cards are
split (one half only, both with Gdańsk). It gives no card's contents, and no public
source does (DATA.md section 4). Every card below is therefore **chosen here**, so
that every action of the text appears on at least one basic card, and special cards
(one-time, from hand or from the four dark-yellow spaces) are a little stronger.

An action is a dict with "do" (the action's name) and its parameters:

    production  res, n             gain n of res, +1 per factory flipped (R-rc)
    gift        res {type: n}      gain exactly these (R-rc "Cadeau")
    donation    cost {..}, stars, res {..}, times   pay cost for stars (and the
                resources `res`, if any), up to `times` (R-rc "Don")
    exchange    times              swap one of yours for one of the supply (R-rc)
    letter      n                  gain n letters (R-rc)
    draw                           draw a special action card (R-rc)
    factory     free               build a factory, paying 2 resources unless free
    prestige                       one step toward your city (R-rc)
    alliance / ship / lawsuit / court / reactivate / piracy   (R-rc)

A card is {"id", "actions": [...]} or, when split, {"id", "halves": [[...], [...]]}.
"""

from __future__ import annotations


def _a(do: str, **params) -> dict:
    return {"do": do, **params}


# Basic action cards 1-15, in their first-game order (R-rc: laid 1 to 15 clockwise
# from the right of the low-season tile). Contents chosen here.
BASIC_CARDS = [
    {
        "id": "basic-1",
        "actions": [
            _a(
                "donation",
                cost={"cloth": 1, "leather": 1},
                stars=2,
                res={"beer": 1},
                times=2,
            )
        ],
    },
    {"id": "basic-2", "actions": [_a("production", res="beer", n=2)]},
    {"id": "basic-3", "actions": [_a("production", res="leather", n=2)]},
    {"id": "basic-4", "actions": [_a("production", res="cloth", n=2)]},
    {"id": "basic-5", "actions": [_a("production", res="furniture", n=1)]},
    {
        "id": "basic-6",
        "halves": [
            [_a("gift", res={"beer": 1, "leather": 1})],
            [_a("exchange", times=2)],
        ],
    },
    {
        "id": "basic-7",
        "actions": [
            _a("donation", cost={"beer": 2}, stars=1, res={"leather": 1}, times=2)
        ],
    },
    {"id": "basic-8", "halves": [[_a("letter", n=1)], [_a("draw")]]},
    {"id": "basic-9", "actions": [_a("factory", free=False)]},
    {"id": "basic-10", "halves": [[_a("reactivate")], [_a("piracy")]]},
    {"id": "basic-11", "actions": [_a("prestige")]},
    {"id": "basic-12", "actions": [_a("alliance")]},
    {"id": "basic-13", "actions": [_a("ship")]},
    {"id": "basic-14", "actions": [_a("lawsuit")]},
    {
        "id": "basic-15",
        "halves": [[_a("court")], [_a("alliance")]],
    },
]

# Special action cards 1-24 (R-rc: 24 cards, shuffled into a face-down deck).
# Contents chosen here.
SPECIAL_CARDS = [
    {"id": "special-1", "actions": [_a("production", res="beer", n=3)]},
    {"id": "special-2", "actions": [_a("production", res="leather", n=3)]},
    {"id": "special-3", "actions": [_a("production", res="cloth", n=3)]},
    {"id": "special-4", "actions": [_a("production", res="furniture", n=2)]},
    {
        "id": "special-5",
        "actions": [_a("gift", res={"beer": 1, "leather": 1, "cloth": 1})],
    },
    {
        "id": "special-6",
        "actions": [_a("gift", res={"furniture": 1}), _a("letter", n=1)],
    },
    {"id": "special-7", "actions": [_a("letter", n=2)]},
    {"id": "special-8", "actions": [_a("draw"), _a("letter", n=1)]},
    {"id": "special-9", "actions": [_a("factory", free=True)]},
    {
        "id": "special-10",
        "actions": [_a("factory", free=True), _a("reactivate")],
    },
    {
        "id": "special-11",
        "halves": [[_a("prestige")], [_a("gift", res={"beer": 1, "leather": 1})]],
    },
    {"id": "special-12", "halves": [[_a("prestige")], [_a("letter", n=2)]]},
    {"id": "special-13", "actions": [_a("alliance"), _a("letter", n=1)]},
    {"id": "special-14", "actions": [_a("ship"), _a("exchange", times=2)]},
    {
        "id": "special-15",
        "actions": [_a("gift", res={"leather": 1}), _a("ship")],
    },
    {"id": "special-16", "actions": [_a("lawsuit"), _a("lawsuit")]},
    {"id": "special-17", "actions": [_a("lawsuit"), _a("court")]},
    {
        "id": "special-18",
        "actions": [_a("court"), _a("gift", res={"cloth": 1})],
    },
    {"id": "special-19", "actions": [_a("piracy"), _a("draw")]},
    {
        "id": "special-20",
        "actions": [_a("donation", cost={"furniture": 1}, stars=2, times=2)],
    },
    {
        "id": "special-21",
        "actions": [
            _a("donation", cost={"leather": 2}, stars=1, res={"cloth": 1}, times=2)
        ],
    },
    {
        "id": "special-22",
        "halves": [
            [_a("production", res="furniture", n=1)],
            [_a("exchange", times=2)],
        ],
    },
    {"id": "special-23", "halves": [[_a("alliance")], [_a("prestige")]]},
    {
        "id": "special-24",
        "actions": [_a("reactivate"), _a("production", res="cloth", n=2)],
    },
]

CARDS = {card["id"]: card for card in BASIC_CARDS + SPECIAL_CARDS}
