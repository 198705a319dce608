"""Plugs the campaigns into the move service (games.events.state_changed) and
into the rules pages (games.events.rules_page)."""

from config import enqueue
from games import registry

from .episodes import episode_close_task
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
    enqueue.after_commit(episode_close_task, campaign_id, number)


def on_rules_page(sender, *, spec, user, **kwargs) -> dict:
    """A game played as a campaign: its rules page shows what the reader's
    campaigns have reached (`CampaignSpec.rules_reached`), nothing later."""
    if spec.campaign is None:
        return {}
    reached = []
    if user.is_authenticated:
        reached = campaigns_reached(user=user, game=spec.slug)
    return {"reached": spec.campaign.rules_reached(reached)}
