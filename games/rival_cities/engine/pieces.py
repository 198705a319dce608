"""Ships, alliances, lawsuits, the prestige track and the fixed counts.

The counts (48 resources, 12 letters/factories/stars, 21 ships of which 10 are
used with 4 face up, 8 alliances of which 4 are used, 10 lawsuits of which 7 are
used with 3 face up, tracks from 0 to 4 on each side) come from the rules text
(R-rc, "Mise en place"). Each ship's and alliance's *effect* comes from R-rc
("Détails des cartes Alliance / Navire"). Costs, printed stars, incomes, upkeeps,
lawsuit bonuses and the prestige track's length and rewards are not in the text
nor in any public source (DATA.md section 4): they are **chosen here**.

A cost is a dict of fixed resources plus "any": the number of resources of the
payer's choice (paid one at a time, see rules/README).
"""

from __future__ import annotations

RESOURCES = ["beer", "leather", "cloth", "furniture"]  # R-rc
# R-rc: 48 resources (12 of each), 12 letters, 12 factories, 12 stars.
TOTALS = {
    "beer": 12,
    "leather": 12,
    "cloth": 12,
    "furniture": 12,
    "letter": 12,
    "factory": 12,
    "star": 12,
}

CITIES = ["Hamburg", "Altona"]  # seat 0 is Hamburg (red), seat 1 Altona (blue)
COLOURS = ["red", "blue"]

# The ring: 15 light spaces for the basic cards and 4 dark-yellow spaces for the
# face-up special cards (R-rc). Their places on the ring are chosen here: spaced
# evenly, indices counted clockwise from the low-season tile.
RING_SIZE = 19
SPECIAL_SPACES = [2, 7, 12, 17]
# The inkwell starts on the ink space under the low-season tile (R-rc), shown as
# -1: the bell lies between space 18 and that start, so the first lap begins
# without a low season. A move may go at most RING_SIZE - 1 spaces (chosen here:
# the inkwell cannot come back to where it stands).
START = -1

# Prestige track (chosen here): the marker starts at 0; 6 spaces each side, and
# reaching 7 is the city's name (instant win, R-rc). Positive = Hamburg's side.
PRESTIGE_WIN = 7
# Low-season income of each space on a side (index 1..6): a city whose side holds
# the marker gains the resources of the marker's space and every space between it
# and the bell icon at the centre (R-rc step 4). Values chosen here.
PRESTIGE_INCOME = {
    1: {},
    2: {"beer": 1},
    3: {},
    4: {"cloth": 1},
    5: {},
    6: {"furniture": 1},
}
# Dark-blue stars printed on each space (end count, R-rc); values chosen here.
PRESTIGE_STARS = {0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 3}

# Lawsuit tracks: 0 in the middle, 1..4 toward each city (R-rc).
LAWSUIT_MAX = 4

# Ships 1-21. "effect" follows R-rc; cost, stars, income and bonus types chosen here.
SHIPS = {
    "ship-1": {"cost": {"leather": 1, "any": 5}, "stars": 1, "effect": "prestige2"},
    "ship-2": {"cost": {"cloth": 1, "any": 5}, "stars": 1, "effect": "lawsuit2"},
    "ship-3": {"cost": {"any": 5}, "stars": 1, "effect": "draw2"},
    "ship-4": {"cost": {"any": 5}, "stars": 1, "effect": "letters", "letters": 2},
    "ship-5": {"cost": {"any": 5}, "stars": 1, "effect": "letters", "letters": 3},
    "ship-6": {"cost": {"any": 5}, "stars": 1, "income": {"beer": 2}},
    "ship-7": {"cost": {"any": 5}, "stars": 1, "income": {"leather": 2}},
    "ship-8": {"cost": {"any": 5}, "stars": 1, "income": {"cloth": 2}},
    "ship-9": {
        "cost": {"furniture": 1, "any": 5},
        "stars": 1,
        "income": {"furniture": 1, "beer": 1},
    },
    "ship-10": {
        "cost": {"any": 6},
        "stars": 2,
        "income": {"furniture": 1},
        "income_letters": 1,
    },
    "ship-11": {"cost": {"any": 5}, "stars": 1, "production": "beer"},
    "ship-12": {"cost": {"any": 5}, "stars": 1, "production": "leather"},
    "ship-13": {"cost": {"any": 5}, "stars": 1, "production": "cloth"},
    "ship-14": {
        "cost": {"furniture": 1, "any": 5},
        "stars": 1,
        "production": "furniture",
    },
    "ship-15": {"cost": {"any": 5}, "stars": 1, "effect": "lawsuit_stars"},
    "ship-16": {"cost": {"any": 5}, "stars": 1, "effect": "prestige_repeat"},
    "ship-17": {"cost": {"any": 5}, "stars": 1, "effect": "free_space"},
    "ship-18": {"cost": {"any": 5}, "stars": 1, "effect": "free_option_c"},
    "ship-19": {"cost": {"any": 5}, "stars": 1, "effect": "discount"},
    "ship-20": {"cost": {"furniture": 2, "any": 5}, "stars": 5},
    "ship-21": {"cost": {"any": 6}, "stars": 0, "effect": "stars_per_ship"},
}
SHIPS_IN_GAME = 10  # R-rc
SHIPS_FACE_UP = 4  # R-rc

# Alliances (R-rc names and effects; upkeep chosen here, one resource each).
ALLIANCES = {
    "alliance-oslo": {"name": "Oslo", "upkeep": "leather", "production": "beer"},
    "alliance-london": {"name": "London", "upkeep": "beer", "production": "cloth"},
    "alliance-novgorod": {
        "name": "Novgorod",
        "upkeep": "cloth",
        "production": "leather",
    },
    "alliance-amsterdam": {"name": "Amsterdam", "upkeep": "furniture"},
    "alliance-gdansk": {"name": "Gdańsk", "upkeep": "cloth"},
    "alliance-brussels": {"name": "Brussels", "upkeep": "beer"},
    "alliance-le-havre": {"name": "Le Havre", "upkeep": "leather"},
    "alliance-copenhagen": {"name": "Copenhagen", "upkeep": "cloth"},
}
ALLIANCES_IN_GAME = 4  # R-rc

# Lawsuits 1-10 (R-rc: cost top left, bonus on the right always including one
# marker step, a dark inset allowing paid extra steps, a win bonus at the bottom
# and dark-blue stars bottom right). All values chosen here. "bonus" lists actions
# in the format of cards.py; "win" is resources and letters gained on winning.
LAWSUITS = {
    "lawsuit-1": {
        "cost": {"beer": 1},
        "bonus": [{"do": "gift", "res": {"leather": 1}}],
        "extra": 2,
        "win": {"furniture": 1},
        "stars": 2,
    },
    "lawsuit-2": {
        "cost": {"leather": 1},
        "bonus": [{"do": "gift", "res": {"beer": 1}}],
        "extra": 2,
        "win": {"letter": 1},
        "stars": 2,
    },
    "lawsuit-3": {
        "cost": {"cloth": 1},
        "bonus": [{"do": "draw"}],
        "extra": 2,
        "win": {"beer": 2},
        "stars": 2,
    },
    "lawsuit-4": {
        "cost": {"furniture": 1},
        "bonus": [{"do": "prestige"}],
        "extra": 2,
        "win": {"letter": 1},
        "stars": 2,
    },
    "lawsuit-5": {
        "cost": {"any": 1},
        "bonus": [{"do": "letter", "n": 1}],
        "extra": 2,
        "win": {"furniture": 1},
        "stars": 2,
    },
    "lawsuit-6": {
        "cost": {"leather": 1},
        "bonus": [{"do": "reactivate"}],
        "extra": 2,
        "win": {"cloth": 2},
        "stars": 2,
    },
    "lawsuit-7": {
        "cost": {"cloth": 1, "any": 1},
        "bonus": [{"do": "gift", "res": {"furniture": 1}}],
        "extra": 2,
        "win": {"letter": 2},
        "stars": 2,
    },
    "lawsuit-8": {
        "cost": {"beer": 1},
        "bonus": [{"do": "exchange", "times": 2}],  # R-rc: "jusqu'à deux fois"
        "extra": 2,
        "win": {"leather": 2},
        "stars": 2,
    },
    "lawsuit-9": {
        "cost": {"any": 1},
        "bonus": [{"do": "gift", "res": {"beer": 1}}],
        "extra": 2,
        "win": {"beer": 1},
        "stars": 2,
    },
    "lawsuit-10": {
        "cost": {"furniture": 1},
        "bonus": [{"do": "factory", "free": True}],
        "extra": 2,
        "win": {"furniture": 1},
        "stars": 3,
    },
}
LAWSUITS_IN_GAME = 7  # R-rc
LAWSUITS_FACE_UP = 3  # R-rc
