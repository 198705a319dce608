"""Plugs the campaigns into the move service through games.events.state_changed."""

from config import enqueue

from .episodes import episode_close_task
from .models import Episode


def on_state_changed(sender, *, game, engine, finished, **kwargs) -> None:
    """A campaign episode just finished: close it after the move's commit."""
    if not finished or engine.slug != "my-city":
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
