"""A Citadels table's options in words (the spec's `describe_options`):
`describe_options(options) -> [phrase, ...]`, each phrase in the reader's
language, for the waiting table, the lobby row and the game page. It reads the
options as the engine validated them (every key present); every key the table
form can set changes the words (tests/games/test_option_words.py)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.citadels.engine.common import character_name


def describe_options(options: dict) -> list[str]:
    edition = options.get("edition", "classic")
    if edition == "classic":
        words = [_("classic edition")]
    else:
        words = [pgettext("table options", "2016 edition")]
    words.append(_characters(options, edition))
    words.append(_districts(options.get("unique_districts"), edition))
    short = options.get("short_game")
    if short:
        words.append(
            ngettext(
                "short game: a city is complete at %(n)d district",
                "short game: a city is complete at %(n)d districts",
                short,
            )
            % {"n": short}
        )
    else:
        words.append(_("full game"))
    return words


def _characters(options: dict, edition: str) -> str:
    mode = options.get("character_set", "base")
    keys = options.get("characters") or []
    count = 9 if options.get("nine_characters") else 8
    if mode == "chosen":
        names = ", ".join(character_name(k, edition) for k in keys)
        return _("characters chosen: %(names)s") % {"names": names}
    if mode == "random":
        return ngettext(
            "%(n)d character drawn at random",
            "%(n)d characters drawn at random",
            count,
        ) % {"n": count}
    # The base set: the 8 base characters, and the rank-9 one the engine chose.
    if len(keys) == 9:
        return _("9 characters (the 8 base ones + %(name)s)") % {
            "name": character_name(keys[8], edition)
        }
    return _("the 8 base characters")


def _districts(choice, edition: str) -> str:
    if isinstance(choice, list):
        return ngettext(
            "%(n)d chosen unique district",
            "%(n)d chosen unique districts",
            len(choice),
        ) % {"n": len(choice)}
    if choice == "random":
        return _("unique districts drawn at random")
    return _("recommended districts")
