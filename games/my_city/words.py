"""A My City table's options in words (the spec's `describe_options`):
`describe_options(options) -> [phrase, ...]`, each phrase in the reader's
language, for the waiting table, the lobby row and the game page. It reads the
options as the engine validated them (every key present); every key the table
form can set changes the words (tests/games/test_option_words.py)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def describe_options(options: dict) -> list[str]:
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
