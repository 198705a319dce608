"""The campaign's emails, in each reader's language: "you are invited", "the next
episode is open"."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from games.engines.my_city.chapter_rules import episode_rules


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


def send_invitation(invitation, user) -> None:
    """One plain-text email telling `user` (who has the invited address) that
    they are invited, and where to accept or decline: nothing is decided by
    following the link."""
    base = settings.SITE_URL.rstrip("/")
    with translation.override(getattr(user, "language", None) or "en"):
        context = {
            "user": user,
            "campaign": invitation.campaign,
            "inviter": invitation.invited_by,
            "invitations_url": base + reverse("campaigns:list"),
        }
        subject = render_to_string("campaigns/email/invitation_subject.txt", context)
        body = render_to_string("campaigns/email/invitation.txt", context)
    EmailMultiAlternatives(
        subject=" ".join(subject.split()),
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[invitation.email],
    ).send()
