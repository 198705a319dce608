"""Celery tasks of the campaigns: thin, take ids, call services, idempotent on
(campaign, episode).

Every task of the campaigns is defined here, under the name
`campaigns.tasks.<name>` that queued messages and beat's schedule carry. Beat
runs the sweeps (`config/celery.py`); the receivers (`campaigns/receivers.py`)
queue the others after the commit of the change they hear of
(`campaigns/events.py`, `games/events.py`).
"""

from celery import shared_task

from games.errors import Refused

from . import episodes, invitations

__all__ = [
    "campaigns_catch_up_task",
    "episode_close_task",
    "episode_open_next_task",
    "episode_opened_email_task",
    "invitation_email_task",
    "invitations_expire_task",
]


@shared_task(ignore_result=True)
def episode_close_task(campaign_id: int, number: int) -> bool:
    """Records a finished episode's results and boards; the next then opens."""
    try:
        return episodes.episode_close(campaign_id=campaign_id, number=number)
    except Refused:
        return False  # gone, or not over: nothing to close


@shared_task(ignore_result=True)
def episode_open_next_task(campaign_id: int) -> int | None:
    """Opens the next episode of a campaign (does nothing if one is open)."""
    try:
        episode = episodes.episode_open_next(campaign_id=campaign_id)
    except Refused:
        return None
    return episode.number if episode else None


@shared_task(ignore_result=True)
def episode_opened_email_task(episode_id: int) -> int:
    """Emails the players that an episode is open, once."""
    return episodes.episode_email_players(episode_id=episode_id)


@shared_task(ignore_result=True)
def invitation_email_task(invitation_id: int) -> int:
    """Tells an invited person who has an account that they are invited, once."""
    return invitations.invitation_email(invitation_id=invitation_id)


@shared_task(ignore_result=True)
def invitations_expire_task() -> int:
    """Beat's sweep of the invitations nobody answered."""
    return invitations.invitations_expire()


@shared_task(ignore_result=True)
def campaigns_catch_up_task(limit: int = 200) -> int:
    """Closes episodes whose game is over (finished or abandoned) that no task
    closed, and opens a missing next episode; sends the "episode open" and
    invitation emails whose task was not queued (a broker down at the commit).
    Safe at any time, as often as wanted."""
    return (
        episodes.campaigns_catch_up(limit=limit)
        + episodes.episode_emails_catch_up(limit=limit)
        + invitations.invitation_emails_catch_up(limit=limit)
    )
