"""Helpers shared by the real-browser tests."""

from django.conf import settings
from django.test import Client


def logged_in(browser, live_server, user, width=390, height=844, touch=None):
    """A page in a new browser context carrying the user's session cookie; a
    touch screen below 600 px unless `touch` says otherwise."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=width < 600 if touch is None else touch,
    )
    context.add_cookies(
        [{"name": cookie.key, "value": cookie.value, "url": live_server.url}]
    )
    return context.new_page()
