"""How far each city is from each of the four sudden victories, from the
engine's view only: alliances held, lawsuits won, the lead in ships and the
prestige marker's steps toward the city's name, each against what wins (the
engine's numbers). The board shows them for both cities and says it in a
sentence when a city is one step away."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rival_cities.engine.pieces import ALLIANCES_IN_GAME
from games.rival_cities.engine.victories import LAWSUITS_TO_WIN, SHIP_LEAD_TO_WIN
from games.rival_cities.move_labels import city_name

KINDS = ("alliances", "lawsuits", "ships", "prestige")


def _label(kind: str) -> str:
    return {
        "alliances": _("Alliances"),
        "lawsuits": _("Lawsuits won"),
        "ships": _("Ship lead"),
        "prestige": _("Prestige"),
    }[kind]


def _sentence(kind: str, seat: int, have: int) -> str:
    """The warning that `seat`'s city is one step from the `kind` victory."""
    city, rival = city_name(seat), city_name(1 - seat)
    if kind == "alliances":
        return _(
            "%(city)s holds %(have)s of the %(need)s alliances: one more alliance "
            "wins the game."
        ) % {"city": city, "have": have, "need": ALLIANCES_IN_GAME}
    if kind == "lawsuits":
        return ngettext(
            "%(city)s has won %(have)s lawsuit: one more lawsuit wins the game.",
            "%(city)s has won %(have)s lawsuits: one more lawsuit wins the game.",
            have,
        ) % {"city": city, "have": have}
    if kind == "ships":
        return ngettext(
            "%(city)s has %(have)s ship more than %(rival)s: one more ship wins "
            "the game.",
            "%(city)s has %(have)s ships more than %(rival)s: one more ship wins "
            "the game.",
            have,
        ) % {"city": city, "have": have, "rival": rival}
    return _(
        "The prestige marker is one step from %(city)s's name: one more step wins "
        "the game for %(city)s."
    ) % {"city": city}


def victory_progress(view: dict, seat: int) -> list[dict]:
    """The four sudden victories for `seat`'s city: what it has, what wins, and
    whether it is one step away."""
    mine, theirs = view["cities"][seat], view["cities"][1 - seat]
    position = view["prestige"]["position"]
    toward = position if seat == 0 else -position  # Hamburg's name is at +win_at
    have = {
        "alliances": len(mine["alliances"]),
        "lawsuits": len(mine["lawsuits_won"]),
        "ships": max(0, len(mine["ships"]) - len(theirs["ships"])),
        "prestige": max(0, toward),
    }
    need = {
        "alliances": ALLIANCES_IN_GAME,
        "lawsuits": LAWSUITS_TO_WIN,
        "ships": SHIP_LEAD_TO_WIN,
        "prestige": view["prestige"]["win_at"],
    }
    out = []
    for kind in KINDS:
        near = have[kind] == need[kind] - 1
        out.append(
            {
                "kind": kind,
                "label": _label(kind),
                "have": have[kind],
                "need": need[kind],
                "near": near,
                "warning": _sentence(kind, seat, have[kind]) if near else "",
            }
        )
    return out
