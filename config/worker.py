"""The worker's consumer: Celery's, surviving a broker that goes away while it
holds messages (CELERY_WORKER_CONSUMER in config/settings.py).

Celery 5.7.0, on losing the broker, first collects the connection (which
detaches its transport) and then closes it; closing the channel restores the
messages the worker holds unacknowledged (prefetched, or `acks_late` tasks
running) through that detached transport, and the AttributeError this raises
is not a connection error: the worker logs "Unrecoverable error" and exits, and
so does every worker holding a message when Redis restarts; after it
reconnects, acking a message of the lost connection raises it again. Here
that error ends the close, and the consumer reconnects as after any connection
loss; the ack is logged as failed, as with any connection error. The
messages are not lost for it: the broker's visibility timeout gives them back,
and a broker that restarted empty lost them anyway, which the sweeps make up
for (docs/notifications.md). scripts/faults.py (broker-stopped, while a worker
sends an email) measures it; tests/ops/test_faults_script.py checks it.
"""

from __future__ import annotations

import logging

from celery.worker.consumer import Consumer as CeleryConsumer

log = logging.getLogger(__name__)


class Consumer(CeleryConsumer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The ack of a message the lost connection delivered (a task that ran
        # through the outage) goes to its detached channel after the consumer
        # reconnected and raises AttributeError there too: logged as the
        # connection error it is, not a reason to exit.
        self.connection_errors = (*self.connection_errors, AttributeError)

    def on_connection_error_after_connected(self, exc):
        try:
            super().on_connection_error_after_connected(exc)
        except AttributeError:
            log.warning(
                "consumer: the lost broker connection did not close cleanly "
                "(%r); reconnecting all the same",
                exc,
            )
