"""The Celery app; beat runs a static schedule.

Every task is named for its app's tasks.py (`games.tasks.bots_play_task`),
which defines beat's sweeps and imports, for the worker's discovery, the tasks
queued after a commit: those are defined beside what they run
(`games/services/bots.py`, `games/notifications/`, `campaigns/episodes.py`,
`campaigns/invitations.py`).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


# Static schedule (django-celery-beat does not support Django 6.1 yet). Each sweep
# is one query over due rows and safe to run twice at once (games/notifications/);
# a sweep left in the queue past the next one's time has expired.
def _every(seconds: float, task: str) -> dict:
    return {
        "task": f"games.tasks.{task}",
        "schedule": seconds,
        "options": {"expires": seconds},
    }


app.conf.beat_schedule = {
    "outbox": _every(30.0, "outbox_sweep_task"),  # sends "your turn" emails
    "reminders": _every(300.0, "reminders_sweep_task"),
    "deadlines": _every(120.0, "deadlines_sweep_task"),
    "digests": _every(300.0, "digests_sweep_task"),
    # Computer players whose after-commit task was lost (a broker failure).
    "bots": _every(60.0, "bots_catch_up_task"),
    # The one-time tokens' marks of forms sent (games/services/once.py).
    "sent_forms": _every(3600.0, "sent_forms_purge_task"),
    # Rates finished rated games whose after-commit rating task was lost.
    "ratings": {
        "task": "history.tasks.ratings_catch_up_task",
        "schedule": 900.0,
        "options": {"expires": 900.0},
    },
    # Withdraws campaign invitations nobody answered (campaigns/invitations.py).
    "invitations": {
        "task": "campaigns.tasks.invitations_expire_task",
        "schedule": 3600.0,
        "options": {"expires": 3600.0},
    },
    # Closes campaign episodes whose game ended without a close task (an abandoned
    # game, a lost task) and opens a missing next episode (campaigns/services.py).
    "campaigns": {
        "task": "campaigns.tasks.campaigns_catch_up_task",
        "schedule": 600.0,
        "options": {"expires": 600.0},
    },
}
