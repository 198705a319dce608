"""Invitations to a campaign: accepted or declined by the owner of the invited
address, and the one email that tells an invited person who has an account.

The email is sent by `campaigns.tasks.invitation_email_task`, queued by the
receiver of `campaigns.events.invitations_made` after the campaign's creation
commits.
"""

from __future__ import annotations

from datetime import timedelta

from allauth.account.models import EmailAddress
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import Conflict, NotFound

from .emails import send_invitation
from .episodes import campaign_locked, campaign_start
from .models import Campaign, CampaignInvitation, CampaignPlayer, InvitationSent
from .selectors import confirmed_addresses

# One invitation email a week from one person to one address.
EMAIL_AGAIN_AFTER = timedelta(days=7)
# How long an invited address is kept: longer than the week above.
INVITATION_SENT_KEPT = timedelta(days=8)


def _invitation_of(invitation_id, addresses: list[str]) -> CampaignInvitation:
    """The invitation if it is sent to one of these addresses (the user's), else
    NotFound: someone else's is as absent as one that does not exist."""
    try:
        return CampaignInvitation.objects.get(pk=invitation_id, email__in=addresses)
    except (CampaignInvitation.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("There is no such invitation.")) from None


def invitation_accept(*, invitation_id: int, user) -> Campaign:
    """The invited person takes the next free place; the campaign starts when it
    was the last one. The user's invitations to this campaign are gone after it."""
    addresses = confirmed_addresses(user)
    with transaction.atomic():
        campaign = campaign_locked(_invitation_of(invitation_id, addresses).campaign_id)
        # Read again under the campaign lock: declined, or the campaign started
        # (which withdraws every invitation), in between.
        _invitation_of(invitation_id, addresses)
        if campaign.status != Campaign.Status.OPEN:
            raise Conflict(_("This campaign is no longer open."))
        players = list(campaign.players.all())
        if not any(p.user_id == user.pk for p in players):
            CampaignPlayer.objects.create(
                campaign=campaign, position=len(players), user=user
            )
            players.append(user)
        campaign.invitations.filter(email__in=addresses).delete()
        if len(players) == campaign.num_players:
            campaign_start(campaign)
    return campaign


def invitation_decline(*, invitation_id: int, user) -> None:
    """The invited person says no: the invitation is gone, the place stays free."""
    _invitation_of(invitation_id, confirmed_addresses(user)).delete()


def invitation_email(*, invitation_id: int) -> int:
    """Tells the owner of an invited address, if it belongs to an account, that
    they are invited; once (marked under the invitation's row lock, as the
    episode email is). No email goes to an address without an account, to an
    owner who takes no invitation emails, or from a person who already emailed
    that address in the last week (the invitation still waits on the
    campaigns page). Returns the number of emails sent."""
    with transaction.atomic():
        invitation = (
            # Only the invitation's row: PostgreSQL locks no outer join's side.
            CampaignInvitation.objects.select_for_update(of=("self",))
            .select_related("campaign", "invited_by")
            .filter(pk=invitation_id, email_sent_at__isnull=True)
            .first()
        )
        if invitation is None:
            return 0
        owner = (
            EmailAddress.objects.filter(email__iexact=invitation.email, verified=True)
            .select_related("user")
            .first()
        )
        if owner is None or not owner.user.invitation_emails:
            return 0  # no account, or its owner takes no invitation emails
        now = timezone.now()
        if invitation.invited_by_id is not None:
            # One email a week from one person to one address: the rows of that
            # pair locked, so that two campaigns' emails at once send one.
            sent = list(
                InvitationSent.objects.select_for_update().filter(
                    sender_id=invitation.invited_by_id, email=invitation.email
                )
            )
            week_ago = now - EMAIL_AGAIN_AFTER
            if any(row.emailed_at and row.emailed_at > week_ago for row in sent):
                return 0
        send_invitation(invitation, owner.user)
        invitation.email_sent_at = now
        invitation.save(update_fields=["email_sent_at"])
        if invitation.invited_by_id is not None:
            InvitationSent.objects.filter(
                sender_id=invitation.invited_by_id, email=invitation.email
            ).update(emailed_at=now)
    return 1


def invitations_expire() -> int:
    """Withdraws the invitations nobody answered in CAMPAIGN_INVITATION_DAYS
    (their places stay free, for the join link) and forgets the addresses
    invited longer ago than a day's and a week's counts need. Idempotent: a
    second run at once deletes nothing. Returns the invitations withdrawn."""
    now = timezone.now()
    expired = now - timedelta(days=settings.CAMPAIGN_INVITATION_DAYS)
    withdrawn, _kinds = CampaignInvitation.objects.filter(
        created_at__lt=expired
    ).delete()
    InvitationSent.objects.filter(created_at__lt=now - INVITATION_SENT_KEPT).delete()
    return withdrawn


def invitation_emails_catch_up(*, limit: int = 200) -> int:
    """Sends the invitation emails that no task sent (not queued: a broker down
    when the campaign was created) to an address whose account was there when
    the invitation was made; once each (`invitation_email`). Returns the emails
    sent."""
    from .episodes import EMAIL_CATCH_UP_AFTER, EMAIL_CATCH_UP_WITHIN

    now = timezone.now()
    late = CampaignInvitation.objects.filter(
        email_sent_at__isnull=True,
        created_at__lte=now - EMAIL_CATCH_UP_AFTER,
        created_at__gte=now - EMAIL_CATCH_UP_WITHIN,
        campaign__status=Campaign.Status.OPEN,
    ).values_list("pk", "email", "created_at")[:limit]
    sent = 0
    for pk, address, created_at in list(late):
        known = EmailAddress.objects.filter(
            email__iexact=address, verified=True, user__date_joined__lte=created_at
        ).exists()
        if known:
            sent += invitation_email(invitation_id=pk)
    return sent
