"""The link from a campaign episode's board to its campaign's page (a global of
the My City board template, `mc_campaign_link`)."""

from __future__ import annotations

from django.urls import reverse


def mc_campaign_link(game) -> str:
    """The campaign page of a campaign episode, or "" (one query)."""
    try:
        from campaigns.models import Episode
    except ImportError:  # the campaigns app is not installed
        return ""
    campaign_id = (
        Episode.objects.filter(game_id=game.pk)
        .values_list("campaign_id", flat=True)
        .first()
    )
    return reverse("campaigns:campaign", args=[campaign_id]) if campaign_id else ""
