"""The campaign's one email: "the next episode is open", in each player's language."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import translation

from games.engines.my_city.chapters import episode_rules


def send_episode_opened(episode) -> int:
    """One plain-text email per person of the campaign; returns how many were sent."""
    campaign = episode.campaign
    players = campaign.players.select_related("user").filter(user__isnull=False)
    base = settings.SITE_URL.rstrip("/")
    sent = 0
    for player in players:
        user = player.user
        with translation.override(getattr(user, "language", None) or "en"):
            rules = episode_rules(episode.number, campaign.chapters)
            context = {
                "user": user,
                "campaign": campaign,
                "episode": episode,
                "rules": rules,
                "game_url": base + episode.game.get_absolute_url(),
                "campaign_url": base + campaign.get_absolute_url(),
            }
            subject = render_to_string(
                "campaigns/email/episode_opened_subject.txt", context
            )
            body = render_to_string("campaigns/email/episode_opened.txt", context)
        message = EmailMultiAlternatives(
            subject=" ".join(subject.split()),
            body=body,
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[user.email],
        )
        message.send()
        sent += 1
    return sent
