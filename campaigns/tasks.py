"""Celery tasks of the campaigns: thin, take ids, call services, idempotent on
(campaign, episode).

Beat runs the catch-up below. The tasks queued after a commit live beside what
they run, in `campaigns/episodes.py` and `campaigns/invitations.py` (so that
queueing them imports nothing back), under their names here; they are
imported for the worker's discovery.
"""

from celery import shared_task

from . import episodes, invitations
from .episodes import (
    episode_close_task,
    episode_open_next_task,
    episode_opened_email_task,
)
from .invitations import invitation_email_task, invitations_expire_task

__all__ = [
    "campaigns_catch_up_task",
    "episode_close_task",
    "episode_open_next_task",
    "episode_opened_email_task",
    "invitation_email_task",
    "invitations_expire_task",
]


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
