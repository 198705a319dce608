"""District cards: the 54 basic districts and the unique (purple) districts.

Sources: rules/DATA.md section 2a (basic districts, the same 54 cards in both
editions), 2b (the 12 purple districts of the classic base game) and 2d (the 30
unique districts of the 2016 edition); English names from rules/GLOSSARY.md.
Every number below comes from those tables unless a comment says "chosen here".
"""

from __future__ import annotations

from games.engines.base import gettext_noop

NOBLE = "noble"
RELIGIOUS = "religious"
TRADE = "trade"
MILITARY = "military"
UNIQUE = "unique"
TYPES = (NOBLE, RELIGIOUS, TRADE, MILITARY, UNIQUE)

# key: (English name, cost, type, copies). DATA.md 2a.
BASIC = {
    "manor": (gettext_noop("Manor"), 3, NOBLE, 5),
    "castle": (gettext_noop("Castle"), 4, NOBLE, 4),
    "palace": (gettext_noop("Palace"), 5, NOBLE, 3),
    "temple": (gettext_noop("Temple"), 1, RELIGIOUS, 3),
    "church": (gettext_noop("Church"), 2, RELIGIOUS, 3),
    "monastery": (gettext_noop("Monastery"), 3, RELIGIOUS, 3),
    "cathedral": (gettext_noop("Cathedral"), 5, RELIGIOUS, 2),
    "tavern": (gettext_noop("Tavern"), 1, TRADE, 5),
    "market": (gettext_noop("Market"), 2, TRADE, 4),
    "trading_post": (gettext_noop("Trading Post"), 2, TRADE, 3),
    "docks": (gettext_noop("Docks"), 3, TRADE, 3),
    "harbor": (gettext_noop("Harbor"), 4, TRADE, 3),
    "town_hall": (gettext_noop("Town Hall"), 5, TRADE, 2),
    "watchtower": (gettext_noop("Watchtower"), 1, MILITARY, 3),
    "prison": (gettext_noop("Prison"), 2, MILITARY, 3),
    "barracks": (gettext_noop("Barracks"), 3, MILITARY, 3),
    "fortress": (gettext_noop("Fortress"), 5, MILITARY, 2),
}

# The classic base game's purple districts: key -> (cost, copies). DATA.md 2b.
CLASSIC_UNIQUES = {
    "haunted_quarter": (2, 1),
    "keep": (3, 2),
    "laboratory": (5, 1),
    "smithy": (5, 1),
    "observatory": (5, 1),
    "graveyard": (5, 1),
    "library": (6, 1),
    "school_of_magic": (6, 1),
    "great_wall": (6, 1),
    "university": (6, 1),
    "dragon_gate": (6, 1),
}

# The classic Dark City purple districts, one copy each: key -> cost. DATA.md 2c
# (names confirmed, costs UNCONFIRMED there). The Ball Room's spoken courtesy is
# the move "thank" (turns.reveal, engine.apply).
CLASSIC_DARK_CITY = {
    "ball_room": 6,
    "armory": 3,
    "lighthouse": 3,
    "museum": 4,
    "imperial_treasury": 4,
    "map_room": 5,
    "poor_house": 5,
    "bell_tower": 5,
    "quarry": 5,
    "wishing_well": 5,
    "factory": 6,
    "hospital": 6,
    "park": 6,
    "throne_room": 6,
}
# A classic game plays as many purple kinds as the base game (11, the Keep with
# its 2 copies): citadels.fr.txt, the starred districts replace as many purples.
CLASSIC_KINDS_PER_GAME = 11

# The 2016 edition's 30 unique districts, one copy each: key -> cost. DATA.md 2d.
# The Secret Vault cannot be built; its printed cost plays no part (0 here).
UNIQUES_2016 = {
    "smithy": 5,
    "laboratory": 5,
    "school_of_magic": 6,
    "keep": 3,
    "dragon_gate": 6,
    "haunted_quarter": 2,
    "great_wall": 6,
    "observatory": 4,
    "library": 6,
    "quarry": 5,
    "armory": 3,
    "factory": 5,
    "park": 6,
    "museum": 4,
    "poor_house": 4,
    "map_room": 5,
    "wishing_well": 5,
    "imperial_treasury": 5,
    "framework": 3,
    "statue": 3,
    "gold_mine": 6,
    "ivory_tower": 5,
    "necropolis": 5,
    "thieves_den": 6,
    "theater": 6,
    "stables": 2,
    "basilica": 4,
    "secret_vault": 0,
    "capitol": 5,
    "monument": 4,
}

# The 14 marked for a first game (DATA.md 2d, the stars).
FIRST_GAME_2016 = [
    "smithy",
    "laboratory",
    "school_of_magic",
    "keep",
    "dragon_gate",
    "haunted_quarter",
    "library",
    "quarry",
    "factory",
    "map_room",
    "wishing_well",
    "imperial_treasury",
    "statue",
    "thieves_den",
]
UNIQUES_PER_GAME_2016 = 14

NAMES = {
    "haunted_quarter": gettext_noop("Haunted Quarter"),
    "keep": gettext_noop("Keep"),
    "laboratory": gettext_noop("Laboratory"),
    "smithy": gettext_noop("Smithy"),
    "observatory": gettext_noop("Observatory"),
    "graveyard": gettext_noop("Graveyard"),
    "library": gettext_noop("Library"),
    "school_of_magic": gettext_noop("School of Magic"),
    "great_wall": gettext_noop("Great Wall"),
    "university": gettext_noop("University"),
    "dragon_gate": gettext_noop("Dragon Gate"),
    "quarry": gettext_noop("Quarry"),
    "armory": gettext_noop("Armory"),
    "factory": gettext_noop("Factory"),
    "park": gettext_noop("Park"),
    "museum": gettext_noop("Museum"),
    "poor_house": gettext_noop("Poor House"),
    "map_room": gettext_noop("Map Room"),
    "wishing_well": gettext_noop("Wishing Well"),
    "imperial_treasury": gettext_noop("Imperial Treasury"),
    "framework": gettext_noop("Framework"),
    "statue": gettext_noop("Statue"),
    "gold_mine": gettext_noop("Gold Mine"),
    "ivory_tower": gettext_noop("Ivory Tower"),
    "necropolis": gettext_noop("Necropolis"),
    "thieves_den": gettext_noop("Thieves' Den"),
    "theater": gettext_noop("Theater"),
    "stables": gettext_noop("Stables"),
    "basilica": gettext_noop("Basilica"),
    "secret_vault": gettext_noop("Secret Vault"),
    "capitol": gettext_noop("Capitol"),
    "monument": gettext_noop("Monument"),
    "lighthouse": gettext_noop("Lighthouse"),
    "bell_tower": gettext_noop("Bell Tower"),
    "hospital": gettext_noop("Hospital"),
    "throne_room": gettext_noop("Throne Room"),
    "ball_room": gettext_noop("Ball Room"),
}
# Classic English names where the 2016 edition renamed a card (GLOSSARY.md).
CLASSIC_NAMES = {
    "barracks": gettext_noop("Battlefield"),
    "haunted_quarter": gettext_noop("Haunted City"),
    "armory": gettext_noop("Powderhouse"),
}

# Final-scoring extras that are a flat number of points (DATA.md 2b, 2d).
FLAT_BONUS = {"university": 2, "dragon_gate": 2}

UNBUILDABLE = {"secret_vault"}


def catalogue(edition: str, uniques: list[str]) -> list[tuple[str, int]]:
    """Every district card of a game as (key, cost), in a fixed order (for ids)."""
    cards: list[tuple[str, int]] = []
    for key, (_name, cost, _type, copies) in BASIC.items():
        cards += [(key, cost)] * copies
    for key in uniques:
        if edition == "classic" and key in CLASSIC_DARK_CITY:
            cost, copies = CLASSIC_DARK_CITY[key], 1
        elif edition == "classic":
            cost, copies = CLASSIC_UNIQUES[key]
        else:
            cost, copies = UNIQUES_2016[key], 1
        cards += [(key, cost)] * copies
    return cards


def name(key: str, edition: str) -> str:
    if edition == "classic" and key in CLASSIC_NAMES:
        return CLASSIC_NAMES[key]
    if key in BASIC:
        return BASIC[key][0]
    return NAMES[key]


def kind(key: str) -> str:
    """The district's type (colour)."""
    return BASIC[key][2] if key in BASIC else UNIQUE


def cost(key: str, edition: str) -> int:
    """The printed cost of a district in that edition."""
    if key in BASIC:
        return BASIC[key][1]
    if edition == "classic" and key in CLASSIC_DARK_CITY:
        return CLASSIC_DARK_CITY[key]
    if edition == "classic":
        return CLASSIC_UNIQUES[key][0]
    return UNIQUES_2016[key]
