from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "ops"
    verbose_name = "Operations"

    def ready(self):
        from games.events import state_changed

        from .receivers import count_move

        # Moves counted for the metrics once their transaction commits.
        state_changed.connect(count_move, dispatch_uid="ops.metrics")
