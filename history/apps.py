from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HistoryConfig(AppConfig):
    name = "history"
    verbose_name = _("History")

    def ready(self):
        from games.events import state_changed

        from .receivers import rate_finished_game

        state_changed.connect(rate_finished_game, dispatch_uid="history.rate")
