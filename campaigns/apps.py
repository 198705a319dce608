from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampaignsConfig(AppConfig):
    name = "campaigns"
    verbose_name = _("Campaigns")

    def ready(self):
        from games.events import rules_page, state_changed

        from . import events, receivers

        # A finished campaign episode is closed by a task queued after the commit.
        state_changed.connect(
            receivers.on_state_changed, dispatch_uid="campaigns.episodes"
        )
        # The campaigns' own changes: their tasks queued after the commit.
        events.episode_closed.connect(
            receivers.next_episode_queue, dispatch_uid="campaigns.next"
        )
        events.campaign_started.connect(
            receivers.next_episode_queue, dispatch_uid="campaigns.next"
        )
        events.episode_opened.connect(
            receivers.episode_email_queue, dispatch_uid="campaigns.email"
        )
        events.invitations_made.connect(
            receivers.invitation_emails_queue, dispatch_uid="campaigns.invitations"
        )
        # A game's rules page shows the chapters the reader's campaigns reached.
        rules_page.connect(receivers.on_rules_page, dispatch_uid="campaigns.rules_page")
