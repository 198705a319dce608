"""What each character and each district does, in our own words.

One short text per character and per unique district, shown on the board when
a player asks what a card does (hover, focus or tap). The texts are data marked
with `gettext_noop`, translated when shown; every number in them comes from
the constant the rules use, so that a text cannot say one thing while the rule
does another. Where the two editions differ, a text has one version per
edition. A basic district has no power of its own: its text says which
characters of the game collect income for its type. The district texts
themselves are in district_texts.py.

Sources: the rule modules named next to each constant, citadels.fr.txt,
citadels_game_help.fr.txt and DATA.md 2b-2e (paraphrased, never copied).
"""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine import districts as ds
from games.citadels.engine.alternates import NAVIGATOR_TAKE
from games.citadels.engine.building import BUILD_LIMIT, MONUMENT_MAX_CITY
from games.citadels.engine.chars2016 import (
    INCOME_AS_CARDS,
    MARSHAL_MAX_COST,
    SCHOLAR_DRAW,
)
from games.citadels.engine.common import character_name
from games.citadels.engine.district_texts import DISTRICTS, TYPES
from games.citadels.engine.powers import (
    ARCHITECT_CARDS,
    ARTIST_MAX,
    MERCHANT_BONUS,
    QUEEN_BONUS,
)
from games.citadels.engine.scoring import (
    CAPITOL_BONUS,
    IVORY_TOWER_BONUS,
    SECRET_VAULT_BONUS,
    STATUE_BONUS,
)
from games.citadels.engine.turns import CARDS_DRAWN, PARK_CARDS, POOR_HOUSE_GOLD
from games.citadels.engine.wonders import (
    GRAVEYARD_PRICE,
    LABORATORY_GOLD,
    SMITHY_CARDS,
    SMITHY_PRICE,
)
from games.engines.base import _, gettext_noop

# A character's power: one text, or one per edition ({"classic": ..., "2016": ...}).
CHARACTERS: dict[str, str | dict[str, str]] = {
    "assassin": gettext_noop(
        "Name another character (not one discarded face up): whoever holds it "
        "skips that character's whole turn this round."
    ),
    "witch": gettext_noop(
        "Take your resources, then you must name a character (not rank 1): "
        "your turn stops there, with nothing built. When that character is "
        "called, its player only takes resources (a King or Patrician still "
        "takes the crown); you then play the rest of that turn, with its power, "
        "income and builds, for your own city."
    ),
    "magistrate": gettext_noop(
        "Put warrants on three characters (not rank 1), one of them signed: "
        "only you know which. The first time the character with the signed "
        "warrant pays gold to build, you may reveal it and take that district "
        "into your city for free; the builder gets the gold back."
    ),
    "thief": gettext_noop(
        "Name a character (not rank 1, not the killed or bewitched one). When "
        "it is revealed, its player hands you all their gold."
    ),
    "tax_collector": {
        "classic": gettext_noop(
            "Once you are revealed, every other player who builds in their turn "
            "gives you 1 gold (if they have any), once a turn."
        ),
        "2016": gettext_noop(
            "Each time a district is built outside your turn, its builder puts 1 "
            "of their gold (if they have any) on the Tax Collector, even in a "
            "round when nobody plays it. In your turn, after your resources, you "
            "take all the gold there."
        ),
    },
    "spy": gettext_noop(
        "Name a district type and look at another player's hand. For each card "
        "of that type in it, take 1 of their gold (while they have any) and draw "
        "1 card."
    ),
    "blackmailer": gettext_noop(
        "Put two threats on two characters (not rank 1, not the killed or "
        "bewitched one): only you know which one is real. A threatened player, after taking "
        "resources, may pay you half their gold (rounded down) to be left alone. "
        "If they refuse, you may reveal the threat: if it is the real one, you "
        "take all their gold."
    ),
    "magician": gettext_noop(
        "Either swap your whole hand with another player's (even an empty hand), "
        "or put any number of your cards under the deck and draw as many."
    ),
    "wizard": gettext_noop(
        "Look at another player's hand and take 1 card. Build it at once, paying "
        "its cost (it does not count toward your building limit), or keep it. "
        "This turn you may build a district with the same name as one of yours."
    ),
    "seer": gettext_noop(
        "Take 1 card at random from each other player's hand, then give each of "
        "them 1 card of your choice. You may build up to {limit} districts."
    ),
    "king": gettext_noop(
        "You take the crown when you are revealed; if you are killed, you take "
        "it at the end of the round."
    ),
    "emperor": {
        "classic": gettext_noop(
            "You must give the crown to another player (not yourself, not its "
            "holder), who pays you 1 gold or 1 card from their hand, as they "
            "choose. If you are killed, you give it at the end of the round, "
            "for nothing."
        ),
        "2016": gettext_noop(
            "You must give the crown to another player (not yourself, not its "
            "holder) and take 1 gold or 1 random card from them. If you are "
            "killed, you give it at the end of the round, for nothing."
        ),
    },
    "patrician": gettext_noop(
        "You take the crown when you are revealed; if you are killed, you take "
        "it at the end of the round."
    ),
    "bishop": gettext_noop(
        "While you are not killed, the rank-8 characters cannot use their power "
        "on your city (if the Witch bewitched you, her city is protected instead)."
    ),
    "abbot": {
        "classic": gettext_noop(
            "After your resources, the single richest player gives you 1 gold "
            "(nothing if that is you, or if several players are equally rich)."
        ),
        "2016": gettext_noop(
            "Unless you are among the richest, the richest player must give you 1 "
            "gold during your turn (you choose among equally rich players)."
        ),
    },
    "cardinal": gettext_noop(
        "If you lack gold to build a district, take what is missing from another "
        "player and give them 1 card from your hand for each gold taken."
    ),
    "merchant": gettext_noop("After your resources, gain {gold} extra gold."),
    "alchemist": gettext_noop(
        "At the end of your turn, get back all the gold you paid to build this "
        "turn (you still need that gold to build)."
    ),
    "trader": gettext_noop(
        "The trade districts you build do not count toward your building limit."
    ),
    "architect": gettext_noop(
        "After your resources, draw {cards} extra cards. You may build up to "
        "{limit} districts."
    ),
    "navigator": gettext_noop(
        "Take {n} gold or draw {n} cards. You build nothing this turn, not even a "
        "district outside the building limit."
    ),
    "scholar": gettext_noop(
        "Draw {n} cards, keep 1 and shuffle the others back into the deck. You "
        "may build up to {limit} districts."
    ),
    "warlord": gettext_noop(
        "Destroy one district by paying its cost minus 1 (1 more behind a Great "
        "Wall). Never the Keep, nor a district of a completed city."
    ),
    "diplomat": gettext_noop(
        "Exchange one of your districts for one in another city, paying its owner "
        "the difference if theirs costs more (1 more to the bank behind a Great "
        "Wall). Never a Keep, and never from a completed city; no city may end up "
        "with two districts of one name."
    ),
    "marshal": gettext_noop(
        "Seize a district costing {cost} or less from another city, paying its "
        "cost to its owner (1 more to the bank behind a Great Wall). Never the "
        "Keep, nor in a completed city, nor one you already have."
    ),
    "queen": gettext_noop(
        "After your resources, gain {gold} gold if a player sitting next to you "
        "holds the rank-4 character; if it was killed, at the end of the round. "
        "Only with {players} players or more."
    ),
    "artist": gettext_noop(
        "Beautify up to {n} of your districts, 1 gold each: each is worth 1 more, "
        "in cost and in points, for the rest of the game; once per district."
    ),
}

# Income: (how it is paid, the district type) -> the sentence. Which characters
# collect and how come from characters.INCOME_TYPE and chars2016.
INCOME = {
    ("gold", ds.NOBLE): gettext_noop(
        "Income: 1 gold for each noble district in your city."
    ),
    ("gold", ds.RELIGIOUS): gettext_noop(
        "Income: 1 gold for each religious district in your city."
    ),
    ("gold", ds.TRADE): gettext_noop(
        "Income: 1 gold for each trade district in your city."
    ),
    ("gold", ds.MILITARY): gettext_noop(
        "Income: 1 gold for each military district in your city."
    ),
    ("cards", ds.NOBLE): gettext_noop(
        "Income: 1 card for each noble district in your city."
    ),
    ("cards", ds.RELIGIOUS): gettext_noop(
        "Income: 1 card for each religious district in your city."
    ),
    ("mix", ds.RELIGIOUS): gettext_noop(
        "Income: 1 gold or 1 card, as you choose, for each religious district in "
        "your city."
    ),
}


def _numbers(key: str, edition: str) -> dict:
    """The numbers a text names, from the rules' own constants."""
    if key in ("seer", "architect", "scholar"):
        numbers = {"limit": BUILD_LIMIT[key]}
        if key == "architect":
            numbers["cards"] = ARCHITECT_CARDS
        if key == "scholar":
            numbers["n"] = SCHOLAR_DRAW
        return numbers
    return {
        "merchant": {"gold": MERCHANT_BONUS},
        "navigator": {"n": NAVIGATOR_TAKE},
        "marshal": {"cost": MARSHAL_MAX_COST},
        "queen": {"gold": QUEEN_BONUS, "players": ch.QUEEN_MIN_PLAYERS},
        "artist": {"n": ARTIST_MAX},
        "laboratory": {"gold": LABORATORY_GOLD[edition]},
        "smithy": {"gold": SMITHY_PRICE, "cards": SMITHY_CARDS},
        "observatory": {"n": CARDS_DRAWN + 1, "usual": CARDS_DRAWN},
        "graveyard": {"gold": GRAVEYARD_PRICE},
        "university": {"points": ds.FLAT_BONUS.get("university")},
        "dragon_gate": {"points": ds.FLAT_BONUS.get("dragon_gate")},
        "park": {"cards": PARK_CARDS},
        "poor_house": {"gold": POOR_HOUSE_GOLD},
        "statue": {"points": STATUE_BONUS},
        "ivory_tower": {"points": IVORY_TOWER_BONUS},
        "secret_vault": {"points": SECRET_VAULT_BONUS},
        "capitol": {"points": CAPITOL_BONUS},
        "monument": {"n": MONUMENT_MAX_CITY},
    }.get(key, {})


def _pick(text: str | dict[str, str], edition: str) -> str:
    return text[edition] if isinstance(text, dict) else text


def income_text(key: str, edition: str) -> str | None:
    """The character's income sentence, translated; None without income."""
    kind = ch.INCOME_TYPE.get(key)
    if kind is None:
        return None
    if key in INCOME_AS_CARDS:
        how = "cards"
    elif key == "abbot" and edition == "2016":
        how = "mix"  # chars2016.income_mix
    else:
        how = "gold"
    return _(INCOME[(how, kind)])


def character_text(key: str, edition: str) -> str:
    """What the character does in that edition, translated: its income, if
    any, then its power."""
    power = _(_pick(CHARACTERS[key], edition)).format(**_numbers(key, edition))
    income = income_text(key, edition)
    return f"{income} {power}" if income else power


def district_text(key: str, edition: str, lineup: list[str] = ()) -> str:
    """What the district does, translated; for a basic district, which
    characters of the line-up collect income for its type."""
    if key in ds.BASIC:
        kind = ds.kind(key)
        with_income, without = TYPES[kind]
        names = [
            character_name(k, edition) for k in lineup if ch.INCOME_TYPE.get(k) == kind
        ]
        if not names:
            return _(without)
        return _(with_income).format(characters=", ".join(names))
    return _(_pick(DISTRICTS[key], edition)).format(**_numbers(key, edition))


def district_texts(state: dict) -> dict[str, str]:
    """Every district of the game (the basic ones and the unique ones in play):
    key -> text."""
    edition, lineup = state["edition"], state["lineup"]
    by_type = {}
    for kind in TYPES:
        key = next(k for k in ds.BASIC if ds.kind(k) == kind)
        by_type[kind] = district_text(key, edition, lineup)
    out = {key: by_type[ds.kind(key)] for key in ds.BASIC}
    for key in state["uniques"]:
        out[key] = district_text(key, edition)
    return out
