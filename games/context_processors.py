from .selectors import games_awaiting_count


def waiting_count(request):
    """How many games wait for the signed-in user (shown in the header)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"waiting_count": lambda: games_awaiting_count(user=user)}
