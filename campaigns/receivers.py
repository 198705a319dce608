"""The campaigns' receivers: a finished episode's game heard of through
`games.events.state_changed`, and the campaigns' own events
(`campaigns/events.py`), each queuing its task after the commit; and the rules
pages (`games.events.rules_page`)."""

from config import enqueue
from games import registry

from . import tasks
from .models import Episode
from .selectors import campaigns_reached


def on_state_changed(sender, *, game, engine, finished, **kwargs) -> None:
    """A campaign episode just finished: close it after the move's commit."""
    if not finished:
        return
    spec = registry.find(engine.slug)
    if spec is None or spec.campaign is None:
        return
    if (game.options or {}).get("mode") != "campaign":
        return
    row = (
        Episode.objects.filter(game_id=game.pk)
        .values_list("campaign_id", "number")
        .first()
    )
    if row is None:
        return
    campaign_id, number = row
    enqueue.after_commit(tasks.episode_close_task, campaign_id, number)


def next_episode_queue(sender, *, campaign_id, **kwargs) -> None:
    """A campaign started or an episode closed: the next episode opens after
    the commit."""
    enqueue.after_commit(tasks.episode_open_next_task, campaign_id)


def episode_email_queue(sender, *, episode_id, **kwargs) -> None:
    """An episode opened: its players are emailed after the commit."""
    enqueue.after_commit(tasks.episode_opened_email_task, episode_id)


def invitation_emails_queue(sender, *, invitation_ids, **kwargs) -> None:
    """Invitations made: each invited address's email after the commit."""
    for invitation_id in invitation_ids:
        enqueue.after_commit(tasks.invitation_email_task, invitation_id)


def on_rules_page(sender, *, spec, user, **kwargs) -> dict:
    """A game played as a campaign: its rules page shows what the reader's
    campaigns have reached (`CampaignSpec.rules_reached`), nothing later."""
    if spec.campaign is None:
        return {}
    reached = []
    if user.is_authenticated:
        reached = campaigns_reached(user=user, game=spec.slug)
    return {"reached": spec.campaign.rules_reached(reached)}
