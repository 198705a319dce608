"""An Example Game table's options in words (the spec's `describe_options`)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def describe_options(options: dict) -> list[str]:
    return [_("a pile of %(n)d stones") % {"n": options.get("stones", 21)}]
