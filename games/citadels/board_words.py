"""Helpers of the Citadels board template (games/citadels/layout.py draws the
rest): words that agree with a character's name, and the move types' names."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext_lazy

# Words said of a character: (for a masculine name, for a feminine one).
AGREEING = {
    "discarded face up": (
        gettext_lazy("discarded face up"),
        pgettext_lazy("feminine", "discarded face up"),
    ),
    "discarded face down (you saw it)": (
        gettext_lazy("discarded face down (you saw it)"),
        pgettext_lazy("feminine", "discarded face down (you saw it)"),
    ),
    "revealed: %(p)s": (
        gettext_lazy("revealed: %(p)s"),
        pgettext_lazy("feminine", "revealed: %(p)s"),
    ),
    "yours": (gettext_lazy("yours"), pgettext_lazy("feminine", "yours")),
    "killed": (gettext_lazy("killed"), pgettext_lazy("feminine", "killed")),
    "robbed": (gettext_lazy("robbed"), pgettext_lazy("feminine", "robbed")),
    "bewitched": (gettext_lazy("bewitched"), pgettext_lazy("feminine", "bewitched")),
    "called now": (
        gettext_lazy("called now"),
        pgettext_lazy("feminine", "called now"),
    ),
    "hidden": (gettext_lazy("hidden"), pgettext_lazy("feminine", "hidden")),
}


def ct_agree(word: str, character: dict, **values) -> str:
    """A word said of a character, agreeing with its name (AGREEING)."""
    text = AGREEING[word][1 if character.get("feminine") else 0]
    return str(text) % values if values else str(text)
