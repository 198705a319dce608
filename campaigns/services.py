"""Writes of the campaigns: creating one, invitations, joining, closing an
episode, opening the next. Episodes are games; this module only orchestrates the games services.

Closing and opening are idempotent on (campaign, episode): both run under the
campaign row lock and look at what the database already holds, so a retried or
duplicated task changes nothing the second time.
"""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engines
from games import services as games_services
from games.engines import InvalidOptions
from games.engines.my_city.chapters import EPISODES, validate_chapters
from games.models import Game
from games.services import Rejected

from .models import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Campaign,
    CampaignInvitation,
    CampaignPlayer,
    Episode,
)
from .selectors import confirmed_addresses

ENGINE_SLUG = "my-city"


def _locked(campaign_id) -> Campaign:
    try:
        return Campaign.objects.select_for_update().get(pk=campaign_id)
    except (Campaign.DoesNotExist, ValueError, TypeError):
        raise Rejected(404, _("There is no such campaign.")) from None


def campaign_create(
    *,
    creator,
    num_players: int,
    invited_emails=(),
    bots: int = 0,
    chapters: list | None = None,
    name: str = "",
    time_per_move=None,
) -> Campaign:
    """A campaign with its creator at the first place and computer players next.
    Each invited address gets an invitation that its owner accepts or declines
    (`invitation_accept`), the same whether or not the address has an account;
    only an existing account is told by email. The campaign starts once every
    place is taken."""
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise Rejected(400, _("A campaign is played by 2 to 4 players."))
    invited = list(dict.fromkeys(address.strip().lower() for address in invited_emails))
    if set(invited) & {creator.email.lower(), *confirmed_addresses(creator)}:
        raise Rejected(400, _("You are already in the campaign."))
    if bots < 0 or 1 + len(invited) + bots > num_players:
        raise Rejected(400, _("More players than places in the campaign."))
    if chapters is not None:
        try:
            chapters = validate_chapters(chapters)
        except InvalidOptions as exc:
            raise Rejected(400, exc.reason) from None
    with transaction.atomic():
        campaign = Campaign.objects.create(
            name=name[:80],
            num_players=num_players,
            chapters=chapters,
            time_per_move=time_per_move,
            created_by=creator,
        )
        CampaignPlayer.objects.create(campaign=campaign, position=0, user=creator)
        for index in range(bots):
            CampaignPlayer.objects.create(
                campaign=campaign, position=1 + index, bot_level="simple"
            )
        invitations = CampaignInvitation.objects.bulk_create(
            CampaignInvitation(campaign=campaign, email=address, invited_by=creator)
            for address in invited
        )
        if 1 + bots == num_players:
            _start(campaign)
        _queue_invitation_emails([i.pk for i in invitations])
    return campaign


def _queue_invitation_emails(invitation_ids: list[int]) -> None:
    from .tasks import invitation_email_task

    for invitation_id in invitation_ids:
        transaction.on_commit(
            lambda invitation_id=invitation_id: invitation_email_task.delay(
                invitation_id
            )
        )


def _invitation_of(invitation_id, addresses: list[str]) -> CampaignInvitation:
    """The invitation if it is sent to one of these addresses (the user's), else
    Rejected(404): someone else's is as absent as one that does not exist."""
    try:
        return CampaignInvitation.objects.get(pk=invitation_id, email__in=addresses)
    except (CampaignInvitation.DoesNotExist, ValueError, TypeError):
        raise Rejected(404, _("There is no such invitation.")) from None


def invitation_accept(*, invitation_id: int, user) -> Campaign:
    """The invited person takes the next free place; the campaign starts when it
    was the last one. The user's invitations to this campaign are gone after it."""
    addresses = confirmed_addresses(user)
    with transaction.atomic():
        campaign = _locked(_invitation_of(invitation_id, addresses).campaign_id)
        # Read again under the campaign lock: declined, or the campaign started
        # (which withdraws every invitation), in between.
        _invitation_of(invitation_id, addresses)
        if campaign.status != Campaign.Status.OPEN:
            raise Rejected(409, _("This campaign is no longer open."))
        players = list(campaign.players.all())
        if not any(p.user_id == user.pk for p in players):
            CampaignPlayer.objects.create(
                campaign=campaign, position=len(players), user=user
            )
            players.append(user)
        campaign.invitations.filter(email__in=addresses).delete()
        if len(players) == campaign.num_players:
            _start(campaign)
    return campaign


def invitation_decline(*, invitation_id: int, user) -> None:
    """The invited person says no: the invitation is gone, the place stays free."""
    _invitation_of(invitation_id, confirmed_addresses(user)).delete()


def campaign_join(*, campaign_id: int, user, token: str) -> Campaign:
    """Takes the next free place with the campaign's join link."""
    with transaction.atomic():
        campaign = _locked(campaign_id)
        if token != campaign.invite_token:
            raise Rejected(403, _("This join link is not valid."))
        if campaign.status != Campaign.Status.OPEN:
            raise Rejected(409, _("This campaign is no longer open."))
        players = list(campaign.players.all())
        if any(p.user_id == user.pk for p in players):
            raise Rejected(409, _("You are already in the campaign."))
        try:
            with transaction.atomic():
                CampaignPlayer.objects.create(
                    campaign=campaign, position=len(players), user=user
                )
        except IntegrityError:
            raise Rejected(409, _("That place was just taken.")) from None
        campaign.invitations.filter(email__in=confirmed_addresses(user)).delete()
        if len(players) + 1 == campaign.num_players:
            _start(campaign)
    return campaign


def _start(campaign: Campaign) -> None:
    """Caller holds the campaign row (or just created it); every place is taken.
    The invitations still unanswered are withdrawn."""
    campaign.status = Campaign.Status.ACTIVE
    campaign.started_at = timezone.now()
    campaign.save(update_fields=["status", "started_at"])
    campaign.invitations.all().delete()
    _queue_open_next(campaign.pk)


def _queue_open_next(campaign_id: int) -> None:
    from .tasks import episode_open_next_task

    transaction.on_commit(lambda: episode_open_next_task.delay(campaign_id))


def campaign_name(campaign_id: int) -> str:
    """How the engine's carries name this campaign."""
    return f"campaign-{campaign_id}"


def episode_open_next(*, campaign_id: int) -> Episode | None:
    """Opens the episode after the last closed one: a new game whose options carry
    every player's board. Idempotent: an episode still open is returned as it is,
    nothing is opened after episode 24 or in a campaign that is not running."""
    with transaction.atomic():
        campaign = _locked(campaign_id)
        if campaign.status != Campaign.Status.ACTIVE:
            return None
        last = campaign.episodes.order_by("-number").first()
        if last is not None and last.closed_at is None:
            return last
        number = last.number + 1 if last else 1
        if number > EPISODES:
            return None
        players = list(campaign.players.select_related("user").order_by("position"))
        host = players[0].user
        carry = [p.carry for p in players]
        options = {
            "mode": "campaign",
            "episode": number,
            "carry": carry if any(carry) else None,
            "chapters": campaign.chapters,
            # The engine accepts only carries of this campaign's previous episode.
            "campaign": campaign_name(campaign.pk),
        }
        game = games_services.game_create(
            creator=host,
            engine_slug=ENGINE_SLUG,
            num_players=campaign.num_players,
            options=options,
            visibility=Game.Visibility.PRIVATE,
            time_per_move=campaign.time_per_move,
            rated=False,
        )
        for player in players[1:]:
            if player.is_bot:
                games_services.seat_add_bot(
                    game_id=game.pk, user=host, level=player.bot_level
                )
            else:
                games_services.seat_join(game_id=game.pk, user=player.user)
        episode = Episode.objects.create(campaign=campaign, number=number, game=game)
        from .tasks import episode_opened_email_task

        episode_id = episode.pk
        transaction.on_commit(lambda: episode_opened_email_task.delay(episode_id))
    return episode


def episode_close(*, campaign_id: int, number: int) -> bool:
    """Records an episode whose game is over: each player's carry and circles, the
    results; then queues the next episode, or ends the campaign after episode 24.
    An abandoned game counts as played, scored where it stood (see
    `_stopped_where_abandoned`); the results mark the seats that forfeited.
    Idempotent on (campaign, number): True only for the call that closed it."""
    with transaction.atomic():
        campaign = _locked(campaign_id)
        episode = (
            Episode.objects.select_for_update()
            .select_related("game")
            .filter(campaign=campaign, number=number)
            .first()
        )
        if episode is None:
            raise Rejected(404, _("There is no such episode."))
        if episode.closed_at is not None:
            return False
        game = episode.game
        if game.status not in (Game.Status.FINISHED, Game.Status.ABANDONED):
            raise Rejected(409, _("That episode is not over yet."))
        engine = engines.get(ENGINE_SLUG)
        state = game.state
        forfeited = set()
        if game.status == Game.Status.ABANDONED:
            state = _stopped_where_abandoned(engine, state)
            forfeited = set(
                game.seats.filter(forfeited=True).values_list("position", flat=True)
            )
        outcome = engine.outcome(state)
        players = list(campaign.players.order_by("position"))
        for player in players:
            row = outcome[player.position]
            player.carry = row["carry"]
            player.circles = row["carry"]["circles"]
        CampaignPlayer.objects.bulk_update(players, ["carry", "circles"])
        episode.results = [
            {
                "seat": row["seat"],
                "score": row["score"],
                "rank": row["rank"],
                "circles_won": row["detail"].get("circles_won", 0),
                "forfeited": row["seat"] in forfeited,
                "races": sum(row["detail"].get("races", {}).values()),
                "sticker": row["detail"].get("sticker_earned"),
                # The board as the episode ended (for the board history): the
                # terrain it was played on and the buildings that stood on it.
                "terrain": state["players"][row["seat"]]["terrain"],
                "placed": [
                    {"building": e["building"], "cells": e["cells"]}
                    for e in state["players"][row["seat"]]["placed"]
                ],
            }
            for row in outcome
        ]
        episode.closed_at = timezone.now()
        episode.save(update_fields=["results", "closed_at"])
        if number >= EPISODES:
            campaign.status = Campaign.Status.FINISHED
            campaign.finished_at = timezone.now()
            campaign.save(update_fields=["status", "finished_at"])
        else:
            _queue_open_next(campaign.pk)
    return True


def _stopped_where_abandoned(engine, state: dict) -> dict:
    """An abandoned episode is scored where it stood: every player still building
    stops (the rules' "arrêter votre épisode": no penalty, nothing more built),
    the decisions already made that round stand, and the engine ends and scores
    the episode as usual. Only the engine's moves and rules are used."""
    for _round in range(3):  # the round in progress, then at most one more
        seats = engine.to_move(state)
        if not seats:
            break
        for seat in seats:
            state = engine.apply(state, seat, {"type": "stop"})
    if not engine.is_over(state):
        raise Rejected(409, _("That episode is not over yet."))
    return state


def campaigns_catch_up(*, limit: int = 200) -> int:
    """Closes the episodes whose game is over (finished or abandoned) but which no
    task closed (a game abandoned outside the move service, a lost task), and
    opens the next episode of running campaigns that have none open. Idempotent:
    each step runs under the campaign row lock and looks at the database first.
    Returns the number of episodes closed or opened."""
    done, closed = 0, set()
    over = (
        Episode.objects.filter(
            closed_at__isnull=True,
            campaign__status=Campaign.Status.ACTIVE,
            game__status__in=[Game.Status.FINISHED, Game.Status.ABANDONED],
        )
        .order_by("campaign_id", "number")
        .values_list("campaign_id", "number")[:limit]
    )
    for campaign_id, number in list(over):
        try:
            if episode_close(campaign_id=campaign_id, number=number):
                done += 1
                closed.add(campaign_id)  # its close queued the next episode
        except Rejected:
            continue  # changed in between: the next sweep looks again
    waiting = (
        Campaign.objects.filter(status=Campaign.Status.ACTIVE)
        .exclude(pk__in=closed)
        .exclude(
            Exists(
                Episode.objects.filter(campaign=OuterRef("pk"), closed_at__isnull=True)
            )
        )
        .values_list("pk", flat=True)[:limit]
    )
    for campaign_id in list(waiting):
        try:
            done += episode_open_next(campaign_id=campaign_id) is not None
        except Rejected:
            continue
    return done


def episode_email_players(*, episode_id: int) -> int:
    """Tells every person of the campaign that an episode is open, once: the mail
    goes out under the episode row lock and the episode is marked in the same
    transaction (a failed send rolls back and a retry sends again; a second run
    after success sends nothing). Returns the number of emails sent."""
    from .emails import send_episode_opened

    with transaction.atomic():
        episode = (
            Episode.objects.select_for_update()
            .select_related("campaign", "game")
            .filter(pk=episode_id)
            .first()
        )
        if episode is None or episode.email_sent_at is not None:
            return 0
        sent = send_episode_opened(episode)
        episode.email_sent_at = timezone.now()
        episode.save(update_fields=["email_sent_at"])
    return sent


def invitation_email(*, invitation_id: int) -> int:
    """Tells the owner of an invited address, if it belongs to an account, that
    they are invited; once (marked under the invitation's row lock, as the
    episode email is). No email goes to an address without an account. Returns
    the number of emails sent."""
    from .emails import send_invitation

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
        if owner is None:
            return 0
        send_invitation(invitation, owner.user)
        invitation.email_sent_at = timezone.now()
        invitation.save(update_fields=["email_sent_at"])
    return 1
