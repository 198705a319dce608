"""How a game of Rival Cities was won, in one or two sentences: the sudden
victory and what made it, or the stars of both cities and the tie-break. Read
from the seats' outcome details (the engine's `outcome`), for the game-over
email (the spec's `result_words`) and the board's final count."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rival_cities.engine.pieces import ALLIANCES_IN_GAME
from games.rival_cities.engine.victories import LAWSUITS_TO_WIN, SHIP_LEAD_TO_WIN
from games.rival_cities.move_labels import city_name


def _sudden(how: str, winner: int, names: dict) -> str:
    values = {
        "winner": names.get(winner) or city_name(winner),
        "city": city_name(winner),
        "loser": names.get(1 - winner) or city_name(1 - winner),
    }
    if how == "prestige":
        return (
            _("%(winner)s wins at once: the prestige marker reached %(city)s's name.")
            % values
        )
    if how == "lawsuits":
        return ngettext(
            "%(winner)s wins at once with %(n)s lawsuit won.",
            "%(winner)s wins at once with %(n)s lawsuits won.",
            LAWSUITS_TO_WIN,
        ) % {**values, "n": LAWSUITS_TO_WIN}
    if how == "ships":
        return ngettext(
            "%(winner)s wins at once with %(n)s ship more than %(loser)s.",
            "%(winner)s wins at once with %(n)s ships more than %(loser)s.",
            SHIP_LEAD_TO_WIN,
        ) % {**values, "n": SHIP_LEAD_TO_WIN}
    return ngettext(
        "%(winner)s wins at once by holding the %(n)s alliance of the game.",
        "%(winner)s wins at once by holding all %(n)s alliances of the game.",
        ALLIANCES_IN_GAME,
    ) % {**values, "n": ALLIANCES_IN_GAME}


def how_won(details: dict[int, dict], names: dict[int, str]) -> str:
    """`details`: each seat's outcome detail by position; `names`: the players'
    names by position. "" when the game was not won on the board (a forfeit)."""
    first = details.get(0) or {}
    how, winner = first.get("won_by"), first.get("winner")
    if how is None or winner is None:
        return ""
    if how != "stars":
        return (
            _sudden(how, winner, names)
            + " "
            + _("After a sudden victory the stars are not counted.")
        )
    won = (details.get(winner) or {}).get("stars", {}).get("total", 0)
    lost = (details.get(1 - winner) or {}).get("stars", {}).get("total", 0)
    values = {
        "winner": names.get(winner) or city_name(winner),
        "won": won,
        "lost": lost,
    }
    if first.get("tie_to_bell") or won == lost:
        return (
            ngettext(
                "%(winner)s wins on stars: %(won)s star each, and the tie goes to the "
                "holder of the bell.",
                "%(winner)s wins on stars: %(won)s stars each, and the tie goes to the "
                "holder of the bell.",
                won,
            )
            % values
        )
    return _("%(winner)s wins on stars, %(won)s to %(lost)s.") % values
