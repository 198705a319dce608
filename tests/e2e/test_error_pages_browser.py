"""The site's own 404 page under DEBUG (`make run`), in a browser at the phone's
and the desktop's size: styled, with the way back to the lobby."""

from pathlib import Path

import pytest
from browser_helpers import logged_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


@pytest.mark.parametrize("width,height", [(390, 844), (1366, 768)])
def test_a_missing_table_is_the_sites_own_404(
    browser, live_server, settings, ana, width, height
):
    settings.DEBUG = True
    page = logged_in(browser, live_server, ana, width=width, height=height)
    response = page.goto(f"{live_server.url}/games/999999")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Not found"
    assert page.get_by_role("link", name="Back to the lobby").is_visible()
    assert "URLconf" not in page.content()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"error-404-{width}x{height}.png"))
