"""The health check a load balancer asks each web process: can it reach the
database and Redis? One `SELECT 1` and one `PING` per Redis the site uses
(the Celery broker, the server push, the shared cache), each with a short
timeout.

`checks()` returns {name: "ok" | "error"}; a service the site does not use
(Redis under the embedded defaults) is left out. Why a check failed is logged,
never shown: the endpoint answers anyone.

Only the database is vital: without it the node answers 503 (`status` "error")
and the load balancer takes it out. Redis holds only what can be lost (the
cache misses, pages poll instead of push, beat's sweeps find what the queue
lost), so a node without it still serves: 200 with `status` "degraded". A
Redis down for one node is down for all; were it a 503, the load balancer would
take every node out at once.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import connections

log = logging.getLogger(__name__)

REDIS_TIMEOUT_SECONDS = 0.5
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")

CLIENTS: dict[str, object] = {}
CLIENTS_LOCK = threading.Lock()


def redis_urls() -> list[str]:
    """The Redis servers the site depends on, each once: the Celery broker,
    the server push's (PUSH_REDIS_URL) and the cache's."""
    urls = [settings.CELERY_BROKER_URL, getattr(settings, "PUSH_REDIS_URL", "")]
    cache = settings.CACHES["default"]
    if "redis" in cache["BACKEND"].lower():
        location = cache["LOCATION"]
        urls += location if isinstance(location, list | tuple) else [location]
    return list(dict.fromkeys(u for u in urls if u.startswith(REDIS_SCHEMES)))


def redis_client(url: str):
    """One client (and connection pool) per URL for the process's lifetime."""
    import redis

    with CLIENTS_LOCK:
        if url not in CLIENTS:
            CLIENTS[url] = redis.Redis.from_url(
                url,
                socket_timeout=REDIS_TIMEOUT_SECONDS,
                socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
            )
        return CLIENTS[url]


def database_ok() -> bool:
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:
        log.warning("health: the database does not answer", exc_info=True)
        return False


def redis_ok(url: str) -> bool:
    try:
        return bool(redis_client(url).ping())
    except Exception:
        log.warning("health: Redis does not answer", exc_info=True)
        return False


def checks() -> dict[str, str]:
    results = {"database": "ok" if database_ok() else "error"}
    urls = redis_urls()
    if urls:
        results["redis"] = "ok" if all(redis_ok(u) for u in urls) else "error"
    return results


def status(results: dict[str, str]) -> str:
    """ "ok", "degraded" (Redis fails: the node still serves) or "error" (the
    database fails)."""
    if results.get("database") != "ok":
        return "error"
    return "ok" if all(v == "ok" for v in results.values()) else "degraded"
