from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampaignsConfig(AppConfig):
    name = "campaigns"
    verbose_name = _("Campaigns")

    def ready(self):
        from games.events import rules_page, state_changed

        from .receivers import on_rules_page, on_state_changed

        # A finished campaign episode is closed by a task queued after the commit.
        state_changed.connect(on_state_changed, dispatch_uid="campaigns.episodes")
        # A game's rules page shows the chapters the reader's campaigns reached.
        rules_page.connect(on_rules_page, dispatch_uid="campaigns.rules_page")
