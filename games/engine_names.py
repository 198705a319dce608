"""Engine display names, marked for translation (engines hold them in English)."""

from django.utils.translation import gettext_noop

NAMES = [
    gettext_noop("Lost Cities"),
    gettext_noop("Citadels"),
    gettext_noop("Rival Cities"),
    gettext_noop("My City"),
]
