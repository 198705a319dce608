from urllib.parse import urlencode

from django import template
from django.urls import reverse

register = template.Library()


@register.simple_tag
def replay_url(game, *, step, seat="", invite=""):
    """The replay page of a stored game or an imported record at one step."""
    if getattr(game, "pk", 0):
        base = reverse("history:replay", args=[game.pk])
    else:
        base = reverse("history:imported", args=[game.imported.pk])
    query = {"step": step}
    if seat not in ("", None):
        query["seat"] = seat
    if invite:
        query["invite"] = invite
    return f"{base}?{urlencode(query)}"


@register.filter
def rating_delta(change) -> str:
    """ "+12" / "-8" from [before, after]."""
    if not change:
        return ""
    delta = change[1] - change[0]
    return f"+{delta}" if delta > 0 else str(delta)


@register.filter
def duration_words(delta) -> str:
    """A duration in days and hours, or hours and minutes ("2 days 4 h")."""
    from django.utils.translation import gettext, ngettext

    if not delta:
        return ""
    minutes = int(delta.total_seconds() // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        return ngettext("%(n)d day", "%(n)d days", days) % {"n": days} + (
            gettext(" %(h)d h") % {"h": hours} if hours else ""
        )
    if hours:
        return gettext("%(h)d h %(m)d min") % {"h": hours, "m": minutes}
    return gettext("%(m)d min") % {"m": minutes}
