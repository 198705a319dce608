"""A Lost Cities table's options in words (the spec's `describe_options`):
`describe_options(options) -> [phrase, ...]`, each phrase in the reader's
language, for the waiting table, the lobby row and the game page. It reads the
options as the engine validated them (every key present); every key the table
form can set changes the words (tests/games/test_option_words.py)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def describe_options(options: dict) -> list[str]:
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
