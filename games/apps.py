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

        from games import (
            checks,  # noqa: F401 - registers the registry's checks
            events,
            receivers,
        )

        # Emails: the outbox's rows written inside the change's transaction.
        events.state_changed.connect(
            receivers.emails_on_state_changed, dispatch_uid="games.notifications"
        )
        # Server push: the version published to the open pages after the commit.
        events.state_changed.connect(
            receivers.push_on_state_changed, dispatch_uid="games.push"
        )
        # A computer player to move: its task queued after the commit.
        events.state_changed.connect(
            receivers.computer_move_queue, dispatch_uid="games.bots"
        )
        events.table_changed.connect(
            receivers.push_on_table_changed, dispatch_uid="games.push"
        )
        events.rematch_offered.connect(
            receivers.emails_on_rematch_offered, dispatch_uid="games.notifications"
        )
        events.rematch_offered.connect(
            receivers.push_on_rematch_offered, dispatch_uid="games.push"
        )
        events.seat_timed_out.connect(
            receivers.emails_on_seat_timed_out, dispatch_uid="games.notifications"
        )
