"""Reads of the campaigns: the list of one's campaigns, the campaign page."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.db.models import Max, Prefetch

from games import engines, registry
from games.models import Game

from .models import Campaign, CampaignInvitation, CampaignPlayer, Episode


def campaigns_of(*, user):
    return (
        Campaign.objects.filter(players__user=user)
        .prefetch_related(
            Prefetch("players", queryset=CampaignPlayer.objects.select_related("user"))
        )
        .order_by("-created_at")
    )


def campaign_for_page(*, campaign_id: int) -> Campaign | None:
    return (
        Campaign.objects.filter(pk=campaign_id)
        .prefetch_related(
            Prefetch("players", queryset=CampaignPlayer.objects.select_related("user")),
            Prefetch("episodes", queryset=Episode.objects.select_related("game")),
        )
        .first()
    )


def campaign_by_token(*, token: str) -> Campaign | None:
    return Campaign.objects.filter(invite_token=token).first()


def player_of(campaign: Campaign, user) -> CampaignPlayer | None:
    if not user.is_authenticated:
        return None
    return next((p for p in campaign.players.all() if p.user_id == user.pk), None)


def confirmed_addresses(user) -> list[str]:
    """The user's confirmed email addresses, lower-cased: an invitation is theirs
    when it is sent to one of them."""
    if not user.is_authenticated:
        return []
    return [
        address.lower()
        for address in EmailAddress.objects.filter(
            user=user, verified=True
        ).values_list("email", flat=True)
    ]


def can_see(
    campaign: Campaign, user, *, token: str | None = None, invited: bool = False
) -> bool:
    """Its players, staff, anyone with the join link, and whoever is invited."""
    if token and token == campaign.invite_token:
        return True
    if user.is_authenticated and user.is_staff:
        return True
    return invited or player_of(campaign, user) is not None


def invitations_for(*, user) -> list[CampaignInvitation]:
    """The campaign invitations waiting for the user's answer (sent to one of their
    confirmed addresses), oldest first, with their campaigns and players."""
    addresses = confirmed_addresses(user)
    if not addresses:
        return []
    return list(
        CampaignInvitation.objects.filter(
            email__in=addresses, campaign__status=Campaign.Status.OPEN
        )
        .select_related("campaign", "invited_by")
        .prefetch_related(
            Prefetch(
                "campaign__players",
                queryset=CampaignPlayer.objects.select_related("user"),
            )
        )
    )


def invitation_to(campaign: Campaign, user) -> CampaignInvitation | None:
    """The user's invitation to this campaign, if one waits for their answer:
    looked up only for a person who is not a player of an open campaign."""
    if campaign.status != Campaign.Status.OPEN or not user.is_authenticated:
        return None
    if player_of(campaign, user) is not None:
        return None
    return (
        campaign.invitations.filter(email__in=confirmed_addresses(user))
        .select_related("invited_by")
        .first()
    )


def invitations_sent(campaign: Campaign, user) -> list[str]:
    """The addresses still invited, for the person who invited them: the same
    list whether or not each address has an account."""
    if campaign.status != Campaign.Status.OPEN or not user.is_authenticated:
        return []
    if campaign.created_by_id != user.pk:
        return []
    return list(campaign.invitations.values_list("email", flat=True))


def campaign_context(*, campaign: Campaign, user) -> dict:
    """The players, the episode open and the history of the episodes, with what
    the campaign's game shows of them (its spec's `registry.CampaignSpec.page_context`):
    boards of a running episode come from the engine's view for this viewer."""
    rules = campaign.spec.campaign
    players = list(campaign.players.all())
    episodes = list(campaign.episodes.all())
    me = player_of(campaign, user)
    current = next((e for e in episodes if e.closed_at is None), None)
    closed = [e for e in episodes if e.closed_at is not None]
    last_closed = closed[-1].number if closed else 0
    next_number = current.number if current else last_closed + 1
    live_view = None
    if current is not None and current.game.state is not None:
        engine = engines.get(current.game.engine)
        position = me.position if me else None
        live_view = engine.view(current.game.state, position)
    history = []
    for episode in episodes:
        results = {r["seat"]: r for r in episode.results or []}
        history.append(
            {
                "episode": episode,
                # Counted as played (episodes.episode_close); results mark forfeits.
                "abandoned": episode.game.status == Game.Status.ABANDONED,
                "rows": [
                    {"player": p, "result": results.get(p.position)} for p in players
                ],
            }
        )
    standings = sorted(players, key=lambda p: (-p.circles, p.position))
    return {
        "campaign": campaign,
        "spec": campaign.spec,
        "players": players,
        "me": me,
        "current": current,
        "live_view": live_view,
        "history": list(reversed(history)),
        "any_abandoned": any(h["abandoned"] for h in history),
        "current_abandoned": current is not None
        and current.game.status == Game.Status.ABANDONED,
        "next_number": next_number if next_number <= rules.episodes else None,
        "winners": _winners(standings) if campaign.status == "finished" else [],
        **rules.page_context(
            campaign=campaign,
            players=players,
            episodes=episodes,
            current=current,
            next_number=next_number,
            live_view=live_view,
        ),
    }


def _winners(standings: list) -> list:
    if not standings:
        return []
    best = standings[0].circles
    return [p for p in standings if p.circles == best]


def record_options(game: Game) -> dict:
    """A game's options as its record gives them out (history.records): those
    of a game played as a campaign as its campaign gives them
    (`CampaignSpec.record_options`: nothing its players have not reached)."""
    options = game.options
    spec = registry.find(game.engine)
    if spec is None or spec.campaign is None:
        return options
    return spec.campaign.record_options(options)


def campaigns_reached(*, user, game: str) -> list[tuple]:
    """The user's campaigns of `game` that have opened an episode, oldest
    first: (name, its own chapters or None, the furthest episode opened)."""
    rows = (
        Campaign.objects.filter(players__user=user, engine=game)
        .annotate(reached=Max("episodes__number"))
        .filter(reached__isnull=False)
        .order_by("pk")
    )
    return [(str(c), c.chapters, c.reached) for c in rows]
