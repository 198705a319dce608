"""The campaign's emails, in each reader's language and time zone: "you are
invited", "the next episode is open". Like the games' emails
(games/notifications/emails.py): a text and an HTML part, the links to the
email preferences, and for the episode (a "your turn" email) a one-click
unsubscribe."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation

from games.notifications.emails import (
    NotificationEmail,
    absolute,
    message_id,
    render_email,
    unsubscribe_token,
)

# The episode's email says that a game waits for the player's move: the
# "your turn" emails' preference (and unsubscribe link) govern it.
EPISODE_KIND = "your_turn"
# The invitation's email: its own preference (accounts' "invitation_emails").
INVITATION_KIND = "invitation"


def _email(
    user,
    to: str,
    template: str,
    context: dict,
    *,
    kind: str | None,
    msgid: str,
):
    """The email `<template>{_subject.txt,.txt,.html}` of the campaign's game
    (its spec's `registry.CampaignSpec.email_templates`) for `user`, with an unsubscribe
    link for `kind` when given, and `msgid` as its Message-ID (the same if that
    email is sent again)."""
    folder = context["campaign"].spec.campaign.email_templates
    context = {
        **context,
        "user": user,
        "site_url": absolute("/"),
        "preferences_url": absolute(reverse("accounts:preferences")),
    }
    headers = {
        "Message-ID": msgid,
        "Auto-Submitted": "auto-generated",
        "Content-Language": user.language,
    }
    if kind:
        token = unsubscribe_token(user_id=user.pk, kind=kind)
        context["unsubscribe_url"] = absolute(
            reverse("accounts:unsubscribe", args=[token])
        )
        headers["List-Unsubscribe"] = f"<{context['unsubscribe_url']}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    with translation.override(user.language or "en"), timezone.override(user.tzinfo):
        subject, text, html = render_email(f"{folder}/{template}", context)
    message = NotificationEmail(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[to],
        headers=headers,
    )
    message.attach_alternative(html, "text/html")
    return message


def send_episode_opened(episode) -> int:
    """One email per person of the campaign who takes "your turn" emails;
    returns how many were sent."""
    campaign = episode.campaign
    players = campaign.players.select_related("user").filter(user__isnull=False)
    sent = 0
    for player in players:
        user = player.user
        if user.turn_emails == user.TurnEmails.NONE:
            continue  # unsubscribed from the emails that say a game waits
        with translation.override(user.language or "en"):
            rules = campaign.spec.campaign.episode_rules(
                episode.number, campaign.chapters
            )
        context = {
            "campaign": campaign,
            "episode": episode,
            "rules": rules,
            "game_url": absolute(episode.game.get_absolute_url()),
            "campaign_url": absolute(campaign.get_absolute_url()),
        }
        msgid = message_id(
            "campaign-episode", episode.pk, user.pk, int(episode.opened_at.timestamp())
        )
        _email(
            user, user.email, "episode_opened", context, kind=EPISODE_KIND, msgid=msgid
        ).send()
        sent += 1
    return sent


def send_invitation(invitation, user) -> None:
    """One email telling `user` (who has the invited address) that they are
    invited, and where to accept or decline: nothing is decided by following
    the link. With a one-click unsubscribe that turns off every invitation
    email (the "campaign invitations" preference), without logging in."""
    context = {
        "campaign": invitation.campaign,
        "inviter": invitation.invited_by,
        "invitations_url": absolute(reverse("campaigns:list")),
    }
    msgid = message_id(
        "campaign-invitation", invitation.pk, int(invitation.created_at.timestamp())
    )
    _email(
        user, invitation.email, "invitation", context, kind=INVITATION_KIND, msgid=msgid
    ).send()
