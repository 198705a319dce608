"""Sign-up in a browser at the phone's and the desktop's size: the display name
asked first, "Sign up" written one way, the confirmation page naming the site."""

import re
from pathlib import Path

import pytest
from django.core import mail

from accounts.models import User

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


@pytest.mark.parametrize("width,height", [(390, 844), (1366, 768)])
def test_sign_up_asks_the_name_and_the_confirmation_names_the_site(
    browser, live_server, settings, width, height
):
    settings.SITE_NAME = "Tables"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{live_server.url}/accounts/signup/")
    assert "Sign Up" not in page.content()
    page.fill("input[name=display_name]", "Alice of the Lakes")
    page.fill("input[name=email]", "alice@example.com")
    page.fill("input[name=password1]", "a long enough password 7")
    page.fill("input[name=password2]", "a long enough password 7")
    page.screenshot(path=str(SHOTS / f"sign-up-{width}x{height}.png"))
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    assert User.objects.get(email="alice@example.com").display_name == (
        "Alice of the Lakes"
    )
    body = mail.outbox[-1].body
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", body).group(0)
    page.goto(live_server.url + "/accounts/" + link.split("/accounts/", 1)[1])
    text = page.locator("main").inner_text()
    assert "is your address on Tables." in text
    assert "user" not in text and "127.0.0.1" not in text
    page.screenshot(path=str(SHOTS / f"sign-up-confirm-{width}x{height}.png"))
