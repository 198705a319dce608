"""Character cards: ranks, names, which edition has them, which are implemented.

Sources: rules/citadels.fr.txt (the classic characters and the alternates),
rules/citadels_game_help.fr.txt (2016), rules/DATA.md section 2e (ranks, sets).
"""

from __future__ import annotations

from games.citadels.engine.districts import MILITARY, NOBLE, RELIGIOUS, TRADE
from games.engines.base import gettext_noop

# key: (English name, classic rank or None, 2016 rank or None). The names are
# translated where they are shown (common.cname), in the edition being played.
CHARACTERS = {
    "assassin": (gettext_noop("Assassin"), 1, 1),
    "witch": (gettext_noop("Witch"), 1, 1),
    "magistrate": (gettext_noop("Magistrate"), None, 1),
    "thief": (gettext_noop("Thief"), 2, 2),
    "tax_collector": (gettext_noop("Tax Collector"), 2, 9),
    "spy": (gettext_noop("Spy"), None, 2),
    "blackmailer": (gettext_noop("Blackmailer"), None, 2),
    "magician": (gettext_noop("Magician"), 3, 3),
    "wizard": (gettext_noop("Wizard"), 3, 3),
    "seer": (gettext_noop("Seer"), None, 3),
    "king": (gettext_noop("King"), 4, 4),
    "emperor": (gettext_noop("Emperor"), 4, 4),
    "patrician": (gettext_noop("Patrician"), None, 4),
    "bishop": (gettext_noop("Bishop"), 5, 5),
    "abbot": (gettext_noop("Abbot"), 5, 5),
    "cardinal": (gettext_noop("Cardinal"), None, 5),
    "merchant": (gettext_noop("Merchant"), 6, 6),
    "alchemist": (gettext_noop("Alchemist"), 6, 6),
    "trader": (gettext_noop("Trader"), None, 6),
    "architect": (gettext_noop("Architect"), 7, 7),
    "navigator": (gettext_noop("Navigator"), 7, 7),
    "scholar": (gettext_noop("Scholar"), None, 7),
    "warlord": (gettext_noop("Warlord"), 8, 8),
    "diplomat": (gettext_noop("Diplomat"), 8, 8),
    "marshal": (gettext_noop("Marshal"), None, 8),
    "queen": (gettext_noop("Queen"), 9, 9),
    "artist": (gettext_noop("Artist"), 9, 9),
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
