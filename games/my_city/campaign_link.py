"""The link from a campaign episode's board to its campaign's page (the global
`my_city_campaign_link` of the My City board template)."""

from __future__ import annotations

from django.urls import reverse


def campaign_link(game) -> str:
    """The campaign page of a campaign episode, or "" (one query)."""
    # The game's episode, if it is one (the campaigns' reverse one-to-one:
    # none raises an AttributeError, as it does without the campaigns app).
    episode = getattr(game, "campaign_episode", None)
    if episode is None:
        return ""
    return reverse("campaigns:campaign", args=[episode.campaign_id])
