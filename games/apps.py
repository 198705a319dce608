from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        from django.utils.translation import gettext, ngettext, pgettext

        from games.engines import base

        # Engines stay free of Django: they call base._, which now reads our catalogues.
        base.set_translator(gettext, pgettext, ngettext)

        from games import checks  # noqa: F401 - registers the registry's checks
        from games.events import state_changed
        from games.notifications.outbox import on_state_changed

        # The email outbox: rows written inside the move's transaction.
        state_changed.connect(on_state_changed, dispatch_uid="games.notifications")

        from games import push

        # Server push: the version published to the open pages after the commit.
        state_changed.connect(push.on_state_changed, dispatch_uid="games.push")
