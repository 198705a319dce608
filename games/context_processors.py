from django.conf import settings
from django.urls import reverse

from .selectors import games_awaiting_count


def waiting_count(request):
    """How many games wait for the signed-in user (shown in the header)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"waiting_count": lambda: games_awaiting_count(user=user)}


def push(request):
    """Whether pages hear of changes through an event stream (games/push.py), and
    the stream of a signed-in user's games (a game page opens its game's)."""
    if not settings.PUSH_ENABLED:
        return {"push_enabled": False}
    user = getattr(request, "user", None)
    signed_in = user is not None and user.is_authenticated
    return {
        "push_enabled": True,
        "push_fallback_seconds": settings.GAME_POLL_SECONDS,
        "push_my_url": reverse("games:my_events") if signed_in else "",
    }
