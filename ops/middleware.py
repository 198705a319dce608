"""The first middleware: answers the health check and the metrics itself, and
counts (and, with LOG_REQUESTS, logs) every other request.

The two endpoints are answered before anything else runs: no session, no
ALLOWED_HOSTS check (a load balancer or Prometheus asks by the node's address),
no https redirect (they are asked over the private network), no CSRF. Both
sync and async, so that it adds no thread hop in front of an async view.
"""

from __future__ import annotations

import logging
import time

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings
from django.http import HttpResponse, JsonResponse

from . import health, metrics

HEALTH_PATH = "/health/"
METRICS_PATH = "/metrics"

request_log = logging.getLogger("ops.request")


def health_response(request) -> HttpResponse:
    if request.method not in ("GET", "HEAD"):
        return HttpResponse(status=405, headers={"Allow": "GET, HEAD"})
    results = health.checks()
    status = health.status(results)
    response = JsonResponse(
        {"status": status, "checks": results},
        status=503 if status == "error" else 200,
    )
    response["Cache-Control"] = "no-store"
    return response


def metrics_response(request) -> HttpResponse:
    if not metrics.allowed(request):
        return HttpResponse(status=403)
    response = HttpResponse(metrics.exposition(), content_type=metrics.CONTENT_TYPE)
    response["Cache-Control"] = "no-store"
    return response


OWN = {HEALTH_PATH: health_response, METRICS_PATH: metrics_response}


def view_name(request) -> str:
    """The URL's name (few values, unlike paths); static files and unknown
    paths are grouped."""
    match = getattr(request, "resolver_match", None)
    if match is not None and match.view_name:
        return match.view_name
    if request.path.startswith(settings.STATIC_URL):
        return "static"
    return "other"


def record(request, response, started: float) -> None:
    elapsed = time.perf_counter() - started
    view = view_name(request)
    status = response.status_code
    metrics.REQUESTS.labels(request.method, view, str(status)).inc()
    metrics.DURATION.labels(view).observe(elapsed)
    if getattr(settings, "LOG_REQUESTS", False):
        request_log.info(
            "%s %s %s",
            request.method,
            request.path,
            status,
            extra={
                "method": request.method,
                "path": request.path,
                "view": view,
                "status": status,
                "duration_ms": round(elapsed * 1000, 1),
            },
        )


class OpsMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request):
        if self.is_async:
            return self.__acall__(request)
        own = OWN.get(request.path)
        if own is not None:
            return own(request)
        started = time.perf_counter()
        response = self.get_response(request)
        record(request, response, started)
        return response

    async def __acall__(self, request):
        own = OWN.get(request.path)
        if own is not None:
            return await sync_to_async(own)(request)
        started = time.perf_counter()
        response = await self.get_response(request)
        record(request, response, started)
        return response
