"""The campaigns' events: how a campaign's change is announced, the way the
platform's are (`games/events.py`).

The campaigns' services send them inside their transaction and queue nothing;
the receivers (`campaigns/receivers.py`) queue the campaigns' tasks after the
commit. `RECEIVERS` lists them, signal by signal, in the order they run; a
test checks that it is what is connected.

- `episode_closed`: an episode's results are recorded and another is to open.
  Arguments: campaign_id.
- `campaign_started`: every place is taken; the first episode is to open.
  Arguments: campaign_id.
- `episode_opened`: an episode's game is made. Arguments: episode_id.
- `invitations_made`: addresses were invited to a campaign. Arguments:
  invitation_ids.
"""

from django.dispatch import Signal

episode_closed = Signal()
campaign_started = Signal()
episode_opened = Signal()
invitations_made = Signal()

RECEIVERS = {
    "episode_closed": ("campaigns.receivers.next_episode_queue",),
    "campaign_started": ("campaigns.receivers.next_episode_queue",),
    "episode_opened": ("campaigns.receivers.episode_email_queue",),
    "invitations_made": ("campaigns.receivers.invitation_emails_queue",),
}
