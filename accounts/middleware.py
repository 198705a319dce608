"""Activates a signed-in user's language and time zone for each request."""

import zoneinfo

from django.utils import timezone, translation


class UserPreferencesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = request.user
        if user.is_authenticated:
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
            try:
                timezone.activate(zoneinfo.ZoneInfo(user.timezone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        response = self.get_response(request)
        timezone.deactivate()
        if user.is_authenticated:
            # LocaleMiddleware, outside this one, names the language only if
            # nobody did: the page is in the user's language, not the browser's.
            response.headers["Content-Language"] = user.language
            translation.deactivate()
        return response
