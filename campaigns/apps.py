from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampaignsConfig(AppConfig):
    name = "campaigns"
    verbose_name = _("Campaigns")

    def ready(self):
        from games.events import state_changed

        from .receivers import on_state_changed

        # A finished campaign episode is closed by a task queued after the commit.
        state_changed.connect(on_state_changed, dispatch_uid="campaigns.episodes")
