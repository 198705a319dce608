"""Character cards: ranks, names, which edition has them, which are implemented.

Sources: rules/citadels.fr.txt (the classic characters and the alternates),
rules/citadels_game_help.fr.txt (2016), rules/DATA.md section 2e (ranks, sets).
"""

from __future__ import annotations

from .districts import MILITARY, NOBLE, RELIGIOUS, TRADE

# key: (English name, classic rank or None, 2016 rank or None)
CHARACTERS = {
    "assassin": ("Assassin", 1, 1),
    "witch": ("Witch", 1, 1),
    "magistrate": ("Magistrate", None, 1),
    "thief": ("Thief", 2, 2),
    "tax_collector": ("Tax Collector", 2, 9),
    "spy": ("Spy", None, 2),
    "blackmailer": ("Blackmailer", None, 2),
    "magician": ("Magician", 3, 3),
    "wizard": ("Wizard", 3, 3),
    "seer": ("Seer", None, 3),
    "king": ("King", 4, 4),
    "emperor": ("Emperor", 4, 4),
    "patrician": ("Patrician", None, 4),
    "bishop": ("Bishop", 5, 5),
    "abbot": ("Abbot", 5, 5),
    "cardinal": ("Cardinal", None, 5),
    "merchant": ("Merchant", 6, 6),
    "alchemist": ("Alchemist", 6, 6),
    "trader": ("Trader", None, 6),
    "architect": ("Architect", 7, 7),
    "navigator": ("Navigator", 7, 7),
    "scholar": ("Scholar", None, 7),
    "warlord": ("Warlord", 8, 8),
    "diplomat": ("Diplomat", 8, 8),
    "marshal": ("Marshal", None, 8),
    "queen": ("Queen", 9, 9),
    "artist": ("Artist", 9, 9),
}

BASE = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect"]
BASE += ["warlord"]

# Characters whose every effect is implemented, per edition. Only these can be
# chosen or drawn at random; the others are listed above but not offered.
IMPLEMENTED = {
    "classic": set(BASE)
    | {"queen", "artist", "witch", "tax_collector", "wizard", "emperor", "abbot"}
    | {"alchemist", "navigator", "diplomat"},
    "2016": set(BASE)
    | {"queen", "artist", "witch", "wizard", "alchemist", "navigator", "diplomat"}
    | {"emperor", "abbot", "tax_collector", "patrician", "cardinal", "trader"}
    | {"scholar", "marshal", "spy", "seer", "magistrate", "blackmailer"},
}

# The district type a character collects income for (1 gold per district).
INCOME_TYPE = {
    "king": NOBLE,
    "emperor": NOBLE,
    "bishop": RELIGIOUS,
    "abbot": RELIGIOUS,
    "merchant": TRADE,
    "warlord": MILITARY,
    "diplomat": MILITARY,
    "patrician": NOBLE,
    "cardinal": RELIGIOUS,
    "trader": TRADE,
    "marshal": MILITARY,
}

# Characters that take the crown when revealed (or at the end of the round if
# killed): the King and the Patrician. The Emperor gives it instead (see powers.py).
CROWN_TAKERS = {"king", "patrician"}

# The Queen needs at least 5 players (citadels.fr.txt: "parties de plus de 4
# joueurs"; DATA.md 2f for 2016).
QUEEN_MIN_PLAYERS = 5


def rank(key: str, edition: str) -> int:
    return CHARACTERS[key][1 if edition == "classic" else 2]


def name(key: str) -> str:
    return CHARACTERS[key][0]


def char_id(key: str) -> str:
    return "char-" + key


def char_key(cid: str) -> str:
    return cid[len("char-") :]


def available(edition: str, num_players: int) -> dict[int, list[str]]:
    """The implemented characters of each rank that this table may use."""
    out: dict[int, list[str]] = {}
    for key in CHARACTERS:
        r = CHARACTERS[key][1 if edition == "classic" else 2]
        if r is None or key not in IMPLEMENTED[edition]:
            continue
        if key == "queen" and num_players < QUEEN_MIN_PLAYERS:
            continue
        if key == "emperor" and edition == "2016" and num_players == 2:
            continue  # DATA.md 2e/2f: the Emperor is not allowed in 2-player games
        out.setdefault(r, []).append(key)
    return out
