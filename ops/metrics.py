"""Prometheus metrics (prometheus-client), served at /metrics to the addresses
of METRICS_ALLOWED_IPS or to a request carrying METRICS_TOKEN.

Counted in each process as things happen: HTTP requests (by method, view and
status) and their durations, moves committed (by game). With several processes
per host (uvicorn --workers, Celery's prefork), PROMETHEUS_MULTIPROC_DIR names
an empty folder they all write to, and /metrics adds them up
(prometheus-client's multiprocess mode; docs/deploy.md).

Read from the database and Redis at each scrape, so the same whichever process
answers: the outbox (pending emails due, and how long the oldest has waited)
and the length of the Celery queues.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os

from django.conf import settings
from django.utils import timezone
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily

from .health import redis_client

log = logging.getLogger(__name__)

REQUESTS = Counter(
    "tables_http_requests",
    "HTTP requests answered, by method, view (URL name) and status.",
    ["method", "view", "status"],
)
DURATION = Histogram(
    "tables_http_request_duration_seconds",
    "Time to answer an HTTP request, by view (URL name).",
    ["view"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
MOVES = Counter(
    "tables_moves",
    "Moves committed, by game and by who made them (person or bot).",
    ["engine", "by"],
)

CONTENT_TYPE = CONTENT_TYPE_LATEST
# Kombu's Redis transport keeps a queue's priorities in lists named after it.
PRIORITY_SUFFIXES = ("", "\x06\x163", "\x06\x166", "\x06\x169")


def allowed(request) -> bool:
    """A request may read the metrics: it carries the token, or comes from an
    address of METRICS_ALLOWED_IPS (the connecting address, not a forwarded one)."""
    token = getattr(settings, "METRICS_TOKEN", "")
    given = request.headers.get("Authorization", "")
    if token and hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        return True
    try:
        address = ipaddress.ip_address(request.META.get("REMOTE_ADDR", ""))
    except ValueError:
        return False
    return any(
        address in ipaddress.ip_network(net, strict=False)
        for net in getattr(settings, "METRICS_ALLOWED_IPS", [])
    )


class SiteCollector:
    """The gauges read at each scrape from the database and Redis."""

    def collect(self):
        # A service that does not answer leaves its gauges out (the health
        # check reports it); the process's own counters are still served.
        for part in (self.outbox, self.queues):
            try:
                yield from list(part())
            except Exception:
                log.warning(
                    "metrics: %s could not be read", part.__name__, exc_info=True
                )

    def outbox(self):
        from games.models import Notification

        now = timezone.now()
        due = Notification.objects.filter(
            state=Notification.State.PENDING, next_attempt_at__lte=now
        )
        oldest = due.order_by("next_attempt_at").values_list(
            "next_attempt_at", flat=True
        )[:1]
        pending = GaugeMetricFamily(
            "tables_outbox_due", "Emails of the outbox due and not yet sent."
        )
        pending.add_metric([], due.count())
        age = GaugeMetricFamily(
            "tables_outbox_oldest_due_age_seconds",
            "How long the oldest email due has been waiting (0 when none).",
        )
        age.add_metric([], (now - oldest[0]).total_seconds() if oldest else 0.0)
        yield pending
        yield age

    def queues(self):
        url = settings.CELERY_BROKER_URL
        if not url.startswith(("redis://", "rediss://", "unix://")):
            return
        names = {"celery", getattr(settings, "CELERY_TASK_DEFAULT_QUEUE", "celery")}
        client = redis_client(url)
        length = GaugeMetricFamily(
            "tables_queue_length", "Tasks waiting in a Celery queue.", labels=["queue"]
        )
        for name in sorted(names):
            with client.pipeline(transaction=False) as pipe:
                for suffix in PRIORITY_SUFFIXES:
                    pipe.llen(name + suffix)
                length.add_metric([name], sum(pipe.execute()))
        yield length


def exposition() -> bytes:
    """The metrics in Prometheus's text format: this process's (or, in
    multiprocess mode, every process's of this host), then the site's."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        counted = CollectorRegistry()
        multiprocess.MultiProcessCollector(counted)
    else:
        counted = REGISTRY
    site = CollectorRegistry(auto_describe=False)
    site.register(SiteCollector())
    return generate_latest(counted) + generate_latest(site)
