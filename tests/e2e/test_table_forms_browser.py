"""The new-table forms in a real browser: short, with the advanced options
folded away, and the time zone filled from the browser."""

import pytest
from browser_helpers import logged_in
from django.conf import settings
from django.test import Client

from accounts.models import User

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The Citadels page measured 4,252 px tall at 1280 x 800 when every option was
# shown (the nine rank selects, the 36 district checkboxes); 916 px folded.
SHORT_FORM_PX = 1000


def test_citadels_form_is_short_at_1280_by_800(browser, live_server):
    user = User.objects.create_user(
        email="ana@example.com", password="x" * 12, display_name="Ana"
    )
    page = logged_in(browser, live_server, user, width=1280, height=800)
    page.goto(f"{live_server.url}/new/citadels/")
    height = page.evaluate("document.documentElement.scrollHeight")
    form = page.locator("main form").bounding_box()["height"]
    print(f"citadels form: page {height} px, form {form:.0f} px")
    assert height <= SHORT_FORM_PX
    assert page.locator("details.advanced").first.get_attribute("open") is None
    assert not page.locator("select[name=rank_1]").is_visible()
    assert not page.locator("input[name=chosen_districts]").first.is_visible()
    # A checkbox at its natural size, beside its label (it was 44 px tall and
    # stretched across the form).
    box = page.locator("input[name=against_computer]").bounding_box()
    assert box["width"] < 30 and box["height"] < 30


def test_the_time_zone_is_filled_from_the_browser(browser, live_server):
    """A person whose zone was never chosen (UTC) finds the browser's zone in the
    field; saving keeps it. A zone chosen before is left alone."""
    user = User.objects.create_user(
        email="ana@example.com", password="x" * 12, display_name="Ana"
    )
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, timezone_id="Europe/Paris"
    )
    context.add_cookies(
        [{"name": cookie.key, "value": cookie.value, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/me/preferences/")
    field = page.locator("input[name=timezone]")
    assert field.input_value() == "Europe/Paris"
    assert page.locator("#id_timezone_detected").is_visible()
    page.click("form.stacked button[type=submit]")
    page.wait_for_load_state()
    user.refresh_from_db()
    assert user.timezone == "Europe/Paris"
    User.objects.filter(pk=user.pk).update(timezone="Asia/Tokyo")
    page.goto(f"{live_server.url}/me/preferences/")
    assert page.locator("input[name=timezone]").input_value() == "Asia/Tokyo"


def test_sign_up_takes_the_browsers_time_zone(browser, live_server):
    context = browser.new_context(timezone_id="Asia/Tokyo")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("input[name=display_name]", "Cleo")
    page.fill("input[name=email]", "cleo@example.com")
    page.fill("input[name=password1]", "a long enough password 7")
    page.fill("input[name=password2]", "a long enough password 7")
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    assert User.objects.get(email="cleo@example.com").timezone == "Asia/Tokyo"
