"""A Rival Cities table's options in words (the spec's `describe_options`):
`describe_options(options) -> [phrase, ...]`, each phrase in the reader's
language, for the waiting table, the lobby row and the game page. It reads the
options as the engine validated them (every key present); every key the table
form can set changes the words (tests/games/test_option_words.py)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def describe_options(options: dict) -> list[str]:
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
