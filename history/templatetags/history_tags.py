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
