"""The episodes of a campaign: opening the next, closing one that is over, and
telling the players. What follows a commit is announced (`campaigns/events.py`:
a campaign started, an episode closed or opened) and its receivers queue the
tasks of `campaigns/tasks.py`, which run these.

Episodes are games; this module only orchestrates the games services. Closing
and opening are idempotent on (campaign, episode): both run under the campaign
row lock and look at what the database already holds, so a retried or
duplicated task changes nothing the second time.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engines
from games import services as games_services
from games.errors import Conflict, NotFound, Refused
from games.models import Game

from .emails import send_episode_opened
from .events import campaign_started, episode_closed, episode_opened
from .models import Campaign, CampaignPlayer, Episode


def campaign_locked(campaign_id) -> Campaign:
    """The campaign, its row locked until the transaction ends; NotFound if none."""
    try:
        return Campaign.objects.select_for_update().get(pk=campaign_id)
    except (Campaign.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("There is no such campaign.")) from None


def campaign_name(campaign_id: int) -> str:
    """How the engine's carries name this campaign."""
    return f"campaign-{campaign_id}"


def campaign_start(campaign: Campaign) -> None:
    """Caller holds the campaign row (or just created it); every place is taken.
    The invitations still unanswered are withdrawn; the first episode opens
    after the commit."""
    campaign.status = Campaign.Status.ACTIVE
    campaign.started_at = timezone.now()
    campaign.save(update_fields=["status", "started_at"])
    campaign.invitations.all().delete()
    campaign_started.send(sender=Campaign, campaign_id=campaign.pk)


def episode_open_next(*, campaign_id: int) -> Episode | None:
    """Opens the episode after the last closed one: a new game whose options carry
    what every player carries. Idempotent: an episode still open is returned as
    it is, nothing is opened after the game's last episode or in a campaign that
    is not running."""
    with transaction.atomic():
        campaign = campaign_locked(campaign_id)
        if campaign.status != Campaign.Status.ACTIVE:
            return None
        last = campaign.episodes.order_by("-number").first()
        if last is not None and last.closed_at is None:
            return last
        number = last.number + 1 if last else 1
        rules = campaign.spec.campaign
        if number > rules.episodes:
            return None
        players = list(campaign.players.select_related("user").order_by("position"))
        host = players[0].user
        carry = [p.carry for p in players]
        options = {
            "mode": "campaign",
            **rules.episode_options(number, carry, campaign.chapters),
            # The engine accepts only carries of this campaign's previous episode.
            "campaign": campaign_name(campaign.pk),
        }
        game = games_services.game_create(
            creator=host,
            engine_slug=campaign.engine,
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
        episode_opened.send(sender=Campaign, episode_id=episode.pk)
    return episode


def episode_close(*, campaign_id: int, number: int) -> bool:
    """Records an episode whose game is over: each player's carry and points, the
    results; then queues the next episode, or ends the campaign after the last.
    An abandoned game counts as played, scored where it stood (see
    `_stopped_where_abandoned`); the results mark the seats that forfeited.
    Idempotent on (campaign, number): True only for the call that closed it."""
    with transaction.atomic():
        campaign = campaign_locked(campaign_id)
        episode = (
            Episode.objects.select_for_update()
            .select_related("game")
            .filter(campaign=campaign, number=number)
            .first()
        )
        if episode is None:
            raise NotFound(_("There is no such episode."))
        if episode.closed_at is not None:
            return False
        game = episode.game
        if game.status not in (Game.Status.FINISHED, Game.Status.ABANDONED):
            raise Conflict(_("That episode is not over yet."))
        engine = engines.get(campaign.engine)
        rules = campaign.spec.campaign
        state = game.state
        forfeited = set()
        if game.status == Game.Status.ABANDONED:
            state = _stopped_where_abandoned(engine, state, rules.stop_move)
            forfeited = set(
                game.seats.filter(forfeited=True).values_list("position", flat=True)
            )
        outcome = engine.outcome(state)
        players = list(campaign.players.order_by("position"))
        for player in players:
            row = outcome[player.position]
            player.carry = row["carry"]
            player.circles = rules.points(row["carry"])
        CampaignPlayer.objects.bulk_update(players, ["carry", "circles"])
        episode.results = [
            {
                "seat": row["seat"],
                "score": row["score"],
                "rank": row["rank"],
                "forfeited": row["seat"] in forfeited,
                **rules.episode_result(row, state),
            }
            for row in outcome
        ]
        episode.closed_at = timezone.now()
        episode.save(update_fields=["results", "closed_at"])
        if number >= rules.episodes:
            campaign.status = Campaign.Status.FINISHED
            campaign.finished_at = timezone.now()
            campaign.save(update_fields=["status", "finished_at"])
        else:
            episode_closed.send(sender=Campaign, campaign_id=campaign.pk)
    return True


def _stopped_where_abandoned(engine, state: dict, stop: dict) -> dict:
    """An abandoned episode is scored where it stood: every player still to
    move plays the game's `stop_move` (its campaign's), the decisions already
    made that round stand, and the engine ends and scores the episode as usual.
    Only the engine's moves and rules are used."""
    for _round in range(3):  # the round in progress, then at most one more
        seats = engine.to_move(state)
        if not seats:
            break
        for seat in seats:
            state = engine.apply(state, seat, dict(stop))
    if not engine.is_over(state):
        raise Conflict(_("That episode is not over yet."))
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
        except Refused:
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
        except Refused:
            continue
    return done


# An email whose task was lost is sent by the catch-up once it is this late (its
# task, queued at the commit, has had time), for as long as this.
EMAIL_CATCH_UP_AFTER = timedelta(minutes=2)
EMAIL_CATCH_UP_WITHIN = timedelta(days=1)


def episode_emails_catch_up(*, limit: int = 200) -> int:
    """Sends the "episode open" emails that no task sent (its task was not
    queued: a broker down when the episode opened). Once each: marked under the
    episode's row lock (`episode_email_players`). Returns the emails sent."""
    now = timezone.now()
    late = Episode.objects.filter(
        email_sent_at__isnull=True,
        closed_at__isnull=True,
        opened_at__lte=now - EMAIL_CATCH_UP_AFTER,
        opened_at__gte=now - EMAIL_CATCH_UP_WITHIN,
    ).values_list("pk", flat=True)[:limit]
    return sum(episode_email_players(episode_id=pk) for pk in list(late))


def episode_email_players(*, episode_id: int) -> int:
    """Tells every person of the campaign that an episode is open, once: the mail
    goes out under the episode row lock and the episode is marked in the same
    transaction (a failed send rolls back and a retry sends again; a second run
    after success sends nothing). Returns the number of emails sent."""
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
