"""Writes of the campaigns: creating one and joining it. Invitations (accept,
decline, their email) are in `campaigns/invitations.py`; the episodes (opening,
closing, their email) in `campaigns/episodes.py`.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import registry
from games.bots import LEVELS
from games.engines import InvalidOptions
from games.errors import Conflict, Invalid, NotAllowed
from games.models import BOT_LEVEL_DEFAULT

from .episodes import campaign_locked, campaign_start
from .events import invitations_made
from .models import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Campaign,
    CampaignInvitation,
    CampaignPlayer,
    InvitationSent,
    default_game,
)
from .selectors import confirmed_addresses


def _within_daily_limits(creator, *, invitations: int) -> None:
    """Refuses a campaign past the creator's limits of the last 24 hours
    (CAMPAIGNS_PER_DAY campaigns, CAMPAIGN_INVITATIONS_PER_DAY invited
    addresses). Counted under a lock of the creator's row, so that two posts at
    once cannot both pass."""
    get_user_model().objects.select_for_update().filter(pk=creator.pk).first()
    since = timezone.now() - timedelta(days=1)
    limit = settings.CAMPAIGNS_PER_DAY
    if Campaign.objects.filter(created_by=creator, created_at__gte=since).count() >= (
        limit
    ):
        raise Invalid(
            ngettext(
                "You can start at most %(n)d campaign a day: try again tomorrow.",
                "You can start at most %(n)d campaigns a day: try again tomorrow.",
                limit,
            )
            % {"n": limit}
        )
    if not invitations:
        return
    limit = settings.CAMPAIGN_INVITATIONS_PER_DAY
    sent = InvitationSent.objects.filter(sender=creator, created_at__gte=since).count()
    if sent + invitations > limit:
        left = max(0, limit - sent)
        raise Invalid(
            ngettext(
                "You can invite at most %(n)d address a day; %(left)d more today.",
                "You can invite at most %(n)d addresses a day; %(left)d more today.",
                limit,
            )
            % {"n": limit, "left": left}
        )


def campaign_create(
    *,
    creator,
    num_players: int,
    invited_emails=(),
    bots: int = 0,
    bot_level: str = BOT_LEVEL_DEFAULT,
    chapters: list | None = None,
    name: str = "",
    time_per_move=None,
    game: str | None = None,
) -> Campaign:
    """A campaign of `game` (a slug; the first game played as a campaign if
    None) with its creator at the first place and computer players next.
    Each invited address gets an invitation that its owner accepts or declines
    (`invitations.invitation_accept`), the same whether or not the address has an
    account; only an existing account is told by email. The campaign starts once
    every place is taken."""
    spec = registry.find(game or default_game())
    if spec is None or spec.campaign is None:
        raise Invalid(_("There is no such game."))
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise Invalid(_("A campaign is played by 2 to 4 players."))
    invited = list(dict.fromkeys(address.strip().lower() for address in invited_emails))
    if set(invited) & {creator.email.lower(), *confirmed_addresses(creator)}:
        raise Invalid(_("You are already in the campaign."))
    if bot_level not in LEVELS:
        raise Invalid(
            _("Choose a level for the computer player: easy, normal or hard.")
        )
    if bots < 0 or 1 + len(invited) + bots > num_players:
        raise Invalid(_("More players than places in the campaign."))
    if chapters is not None:
        try:
            chapters = spec.campaign.validate_chapters(chapters)
        except InvalidOptions as exc:
            raise Invalid(exc.reason) from None
    with transaction.atomic():
        _within_daily_limits(creator, invitations=len(invited))
        campaign = Campaign.objects.create(
            name=name[:80],
            engine=spec.slug,
            num_players=num_players,
            chapters=chapters,
            time_per_move=time_per_move,
            created_by=creator,
        )
        CampaignPlayer.objects.create(campaign=campaign, position=0, user=creator)
        for index in range(bots):
            CampaignPlayer.objects.create(
                campaign=campaign, position=1 + index, bot_level=bot_level
            )
        invitations = CampaignInvitation.objects.bulk_create(
            CampaignInvitation(campaign=campaign, email=address, invited_by=creator)
            for address in invited
        )
        InvitationSent.objects.bulk_create(
            InvitationSent(sender=creator, email=address) for address in invited
        )
        if 1 + bots == num_players:
            campaign_start(campaign)
        invitations_made.send(
            sender=Campaign, invitation_ids=[i.pk for i in invitations]
        )
    return campaign


def campaign_join(*, campaign_id: int, user, token: str) -> Campaign:
    """Takes the next free place with the campaign's join link."""
    with transaction.atomic():
        campaign = campaign_locked(campaign_id)
        if token != campaign.invite_token:
            raise NotAllowed(_("This join link is not valid."))
        if campaign.status != Campaign.Status.OPEN:
            raise Conflict(_("This campaign is no longer open."))
        players = list(campaign.players.all())
        if any(p.user_id == user.pk for p in players):
            raise Conflict(_("You are already in the campaign."))
        try:
            with transaction.atomic():
                CampaignPlayer.objects.create(
                    campaign=campaign, position=len(players), user=user
                )
        except IntegrityError:
            raise Conflict(_("That place was just taken.")) from None
        campaign.invitations.filter(email__in=confirmed_addresses(user)).delete()
        if len(players) + 1 == campaign.num_players:
            campaign_start(campaign)
    return campaign
