"""What each unique district does and what each basic district's type brings,
in our own words: the district half of the card texts (texts.py has the
characters and the functions that fill in the numbers).

Sources: citadels.fr.txt, citadels_game_help.fr.txt and DATA.md 2b-2e
(paraphrased, never copied).
"""

from __future__ import annotations

from games.citadels.engine import districts as ds
from games.engines.base import gettext_noop

# A unique district's effect: one text, or one per edition.
DISTRICTS: dict[str, str | dict[str, str]] = {
    "haunted_quarter": {
        "classic": gettext_noop(
            "At the end of the game it counts as the district type of your "
            "choice (not if you built it in the last round)."
        ),
        "2016": gettext_noop(
            "At the end of the game it counts as the district type of your choice; "
            "as another type it is no longer unique."
        ),
    },
    "keep": gettext_noop("The rank-8 characters cannot destroy, exchange or seize it."),
    "laboratory": gettext_noop(
        "Once a turn, discard a card from your hand to gain {gold} gold."
    ),
    "smithy": gettext_noop("Once a turn, pay {gold} gold to draw {cards} cards."),
    "observatory": gettext_noop(
        "When you draw cards as your resources, draw {n} instead of {usual} and keep 1."
    ),
    "graveyard": gettext_noop(
        "When the Warlord destroys a district, you may pay {gold} gold to take it "
        "into your hand (not if you are the Warlord)."
    ),
    "library": gettext_noop(
        "When you draw cards as your resources, you keep all of them."
    ),
    "school_of_magic": gettext_noop(
        "For income it counts as the type your character collects for."
    ),
    "great_wall": gettext_noop(
        "A rank-8 character pays 1 gold more to use its power on your other districts."
    ),
    "university": gettext_noop("Worth {points} extra points at the end of the game."),
    "dragon_gate": gettext_noop("Worth {points} extra points at the end of the game."),
    "quarry": gettext_noop(
        "You may build districts with the same name as districts of your city."
    ),
    "armory": gettext_noop(
        "In your turn, destroy this district to destroy any one district that is "
        "not in a completed city."
    ),
    "factory": gettext_noop("Other unique districts cost you 1 gold less to build."),
    "park": gettext_noop(
        "At the end of your turn, if your hand is empty, draw {cards} cards."
    ),
    "museum": gettext_noop(
        "Once a turn, put a card from your hand face down under the Museum; each "
        "is worth 1 point at the end of the game."
    ),
    "poor_house": gettext_noop(
        "At the end of your turn, if you have no gold, gain {gold} gold."
    ),
    "map_room": gettext_noop(
        "At the end of the game, 1 point for each card in your hand."
    ),
    "wishing_well": {
        "classic": gettext_noop(
            "At the end of the game, 1 point for each other purple district in "
            "your city."
        ),
        "2016": gettext_noop(
            "At the end of the game, 1 point for each unique district in your "
            "city, this one included."
        ),
    },
    "imperial_treasury": gettext_noop(
        "At the end of the game, 1 point for each gold you have."
    ),
    "framework": gettext_noop(
        "You may build another district by destroying the Framework instead of "
        "paying for it."
    ),
    "statue": gettext_noop(
        "Worth {points} points at the end of the game if you hold the crown."
    ),
    "gold_mine": gettext_noop("When you take gold as your resources, take 1 more."),
    "ivory_tower": gettext_noop(
        "Worth {points} points at the end of the game if it is the only unique "
        "district in your city."
    ),
    "necropolis": gettext_noop(
        "You may build it by destroying one of your districts instead of paying."
    ),
    "thieves_den": gettext_noop(
        "You may pay part or all of its cost with cards from your hand, 1 card "
        "for 1 gold."
    ),
    "theater": gettext_noop(
        "After each draft, you may swap one of your characters for one of another "
        "player's, taken blind."
    ),
    "stables": gettext_noop("It does not count toward your building limit."),
    "basilica": gettext_noop(
        "At the end of the game, 1 point for each district with an odd cost in "
        "your city."
    ),
    "secret_vault": gettext_noop(
        "It cannot be built. In your hand at the end of the game, it is worth "
        "{points} points."
    ),
    "capitol": gettext_noop(
        "Worth {points} points at the end of the game if your city has at least 3 "
        "districts of one type."
    ),
    "monument": gettext_noop(
        "It cannot be built into a city of {n} districts or more. It counts as 2 "
        "districts toward a complete city."
    ),
    "lighthouse": gettext_noop(
        "When you build it, look through the deck and take the card of your "
        "choice into your hand; the deck is then shuffled."
    ),
    "bell_tower": gettext_noop(
        "When you build it, you may announce that cities are complete one "
        "district sooner; if it is destroyed, the usual size returns."
    ),
    "hospital": gettext_noop(
        "If your character is killed, you still take your resources in its turn, "
        "and nothing more."
    ),
    "throne_room": gettext_noop("Each time the crown changes hands, gain 1 gold."),
    "ball_room": gettext_noop(
        "While you hold the crown, every other player whose character is called "
        "must first thank you, or lose that turn."
    ),
}

# A basic district: its type, and the characters of the game with income for it.
TYPES = {
    ds.NOBLE: (
        gettext_noop("Noble district. Income for it in this game: {characters}."),
        gettext_noop("Noble district. No character of this game has income for it."),
    ),
    ds.RELIGIOUS: (
        gettext_noop("Religious district. Income for it in this game: {characters}."),
        gettext_noop(
            "Religious district. No character of this game has income for it."
        ),
    ),
    ds.TRADE: (
        gettext_noop("Trade district. Income for it in this game: {characters}."),
        gettext_noop("Trade district. No character of this game has income for it."),
    ),
    ds.MILITARY: (
        gettext_noop("Military district. Income for it in this game: {characters}."),
        gettext_noop("Military district. No character of this game has income for it."),
    ),
}
