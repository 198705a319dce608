"""The site's own error pages (templates/404.html, 403.html, 500.html) under
DEBUG too, as `make run` runs: a newcomer meets the site's "Not found", not
Django's debug page with the URL map. DEBUG_ERROR_PAGES=true brings Django's
debug pages back (a traceback in the browser); outside DEBUG this middleware
does nothing, Django's own handlers render the same templates."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.urls import Resolver404, resolve
from django.utils.deprecation import MiddlewareMixin
from django.views import defaults

log = logging.getLogger(__name__)


def site_pages_wanted() -> bool:
    return settings.DEBUG and not settings.DEBUG_ERROR_PAGES


class SiteErrorPagesMiddleware(MiddlewareMixin):
    """Last in MIDDLEWARE: the request has its user and language when a page is
    rendered, and CommonMiddleware still redirects a 404 to the URL with a slash."""

    def process_request(self, request):
        if not site_pages_wanted():
            return None
        try:
            resolve(request.path_info)
        except Resolver404 as exception:
            return defaults.page_not_found(request, exception)
        return None

    def process_exception(self, request, exception):
        if not site_pages_wanted():
            return None
        if isinstance(exception, Http404):
            return defaults.page_not_found(request, exception)
        if isinstance(exception, PermissionDenied):
            return defaults.permission_denied(request, exception)
        log.error("Internal Server Error: %s", request.path, exc_info=exception)
        return defaults.server_error(request)
