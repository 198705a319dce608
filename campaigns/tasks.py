"""Celery tasks of the campaigns: thin, take ids, call services, idempotent on
(campaign, episode). Queued with transaction.on_commit by the services."""

from celery import shared_task

from games.services import Rejected

from . import services


@shared_task(ignore_result=True)
def episode_close_task(campaign_id: int, number: int) -> bool:
    """Records a finished episode's results and boards, then queues the next."""
    try:
        return services.episode_close(campaign_id=campaign_id, number=number)
    except Rejected:
        return False  # gone, or not over: nothing to close


@shared_task(ignore_result=True)
def episode_open_next_task(campaign_id: int) -> int | None:
    """Opens the next episode of a campaign (does nothing if one is open)."""
    try:
        episode = services.episode_open_next(campaign_id=campaign_id)
    except Rejected:
        return None
    return episode.number if episode else None


@shared_task(ignore_result=True)
def episode_opened_email_task(episode_id: int) -> int:
    """Emails the players that an episode is open, once."""
    return services.episode_email_players(episode_id=episode_id)


@shared_task(ignore_result=True)
def campaigns_catch_up_task(limit: int = 200) -> int:
    """Closes episodes whose game is over (finished or abandoned) that no task
    closed, and opens a missing next episode. Safe at any time, as often as wanted."""
    return services.campaigns_catch_up(limit=limit)


@shared_task(ignore_result=True)
def invitation_email_task(invitation_id: int) -> int:
    """Tells an invited person who has an account that they are invited, once."""
    return services.invitation_email(invitation_id=invitation_id)
