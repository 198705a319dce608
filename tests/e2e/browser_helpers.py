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


# Every CSP violation a page meets, written to its console where the test hears it.
CSP_REPORTER = """document.addEventListener("securitypolicyviolation", e => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`
                + ` (${e.sourceFile}:${e.lineNumber})`);
});"""


def console_watched(page) -> list:
    """The list, filled as the page runs, of its console's errors and warnings,
    its htmx messages, its CSP violations and its uncaught exceptions."""
    heard = []

    def on_console(message):
        text = message.text
        if message.type in ("error", "warning") or "htmx" in text.lower():
            heard.append(f"{message.type}: {text} @ {page.url}")

    page.add_init_script(CSP_REPORTER)
    page.on("console", on_console)
    page.on("pageerror", lambda error: heard.append(f"pageerror: {error} @ {page.url}"))
    return heard
