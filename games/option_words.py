"""A table's options in words, one function per game (registered in
`games/registry.py`): `describe(options) -> [phrase, ...]`, each phrase in the
reader's language, for the waiting table, the lobby row and the game page.

Each function reads the options as the engine validated them (every key
present); every key a table form can set changes the words
(tests/games/test_option_words.py)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.engines.citadels.common import character_name


def lost_cities(options: dict) -> list[str]:
    expeditions = options.get("expeditions", 5)
    words = [
        ngettext("%(n)d expedition", "%(n)d expeditions", expeditions)
        % {"n": expeditions}
    ]
    if expeditions == 6:
        words[0] = _("6 expeditions (the purple variant)")
    rounds = options.get("rounds", 1)
    if rounds == 1:
        words.append(_("one round"))
    else:
        words.append(
            ngettext("a match of %(n)d round", "a match of %(n)d rounds", rounds)
            % {"n": rounds}
        )
    return words


def rival_cities(options: dict) -> list[str]:
    if options.get("first_game"):
        words = [_("action cards in order (first game)")]
    else:
        words = [_("action cards shuffled")]
    first = options.get("first_player", "random")
    if first == 0:
        words.append(_("Hamburg (the creator) plays first"))
    elif first == 1:
        words.append(_("Altona plays first"))
    else:
        words.append(_("first player drawn at random"))
    return words


def my_city(options: dict) -> list[str]:
    mode = options.get("mode", "single")
    episode = options.get("episode")
    if mode == "eternal":
        words = [_("the Eternal game")]
    elif mode == "campaign":
        words = [_("campaign, episode %(n)d") % {"n": episode}]
    elif episode == 1:
        words = [_("episode 1 (the base game)")]
    else:
        words = [_("episode %(n)d, with its chapter's rules") % {"n": episode}]
    if options.get("carry"):
        words.append(_("boards carried over from the previous episode"))
    if options.get("chapters"):
        words.append(_("chapters of the players' own"))
    if options.get("campaign") and mode != "campaign":
        words.append(_("part of a campaign"))
    return words


def citadels(options: dict) -> list[str]:
    edition = options.get("edition", "classic")
    if edition == "classic":
        words = [_("classic edition")]
    else:
        words = [pgettext("table options", "2016 edition")]
    words.append(_citadels_characters(options, edition))
    words.append(_citadels_districts(options.get("unique_districts"), edition))
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


def _citadels_characters(options: dict, edition: str) -> str:
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


def _citadels_districts(choice, edition: str) -> str:
    if isinstance(choice, list):
        return ngettext(
            "%(n)d chosen unique district",
            "%(n)d chosen unique districts",
            len(choice),
        ) % {"n": len(choice)}
    if choice == "random":
        return _("unique districts drawn at random")
    return _("recommended districts")
