"""Writes of the campaigns: creating one and joining it. The episodes (opening,
closing, their email) are in `campaigns/episodes.py`.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engines import InvalidOptions
from games.engines.my_city.chapters import validate_chapters
from games.errors import Conflict, Invalid, NotAllowed

from .episodes import campaign_locked, episode_open_next_after_commit
from .models import MAX_PLAYERS, MIN_PLAYERS, Campaign, CampaignPlayer


def campaign_create(
    *,
    creator,
    num_players: int,
    invited=(),
    bots: int = 0,
    chapters: list | None = None,
    name: str = "",
    time_per_move=None,
) -> Campaign:
    """A campaign with its creator at the first place, the invited users (existing
    accounts) next, then computer players; it starts once every place is taken."""
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise Invalid(_("A campaign is played by 2 to 4 players."))
    invited = list(dict.fromkeys(invited))
    if any(user.pk == creator.pk for user in invited):
        raise Invalid(_("You are already in the campaign."))
    if bots < 0 or 1 + len(invited) + bots > num_players:
        raise Invalid(_("More players than places in the campaign."))
    if chapters is not None:
        try:
            chapters = validate_chapters(chapters)
        except InvalidOptions as exc:
            raise Invalid(exc.reason) from None
    with transaction.atomic():
        campaign = Campaign.objects.create(
            name=name[:80],
            num_players=num_players,
            chapters=chapters,
            time_per_move=time_per_move,
            created_by=creator,
        )
        people = [creator, *invited]
        for position, user in enumerate(people):
            CampaignPlayer.objects.create(
                campaign=campaign, position=position, user=user
            )
        for index in range(bots):
            CampaignPlayer.objects.create(
                campaign=campaign, position=len(people) + index, bot_level="simple"
            )
        if len(people) + bots == num_players:
            _start(campaign)
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
        if len(players) + 1 == campaign.num_players:
            _start(campaign)
    return campaign


def _start(campaign: Campaign) -> None:
    """Caller holds the campaign row (or just created it); every place is taken."""
    campaign.status = Campaign.Status.ACTIVE
    campaign.started_at = timezone.now()
    campaign.save(update_fields=["status", "started_at"])
    episode_open_next_after_commit(campaign.pk)
