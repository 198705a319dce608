"""The time zone: searchable (a text field with the zones as suggestions),
filled from the browser while never chosen, and taken from it at sign-up."""

import re

import pytest
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db


def zone_input(page: str) -> str:
    match = re.search(r'<input type="text" name="timezone"[^>]*>', page)
    assert match, "no searchable time zone field"
    return match.group(0)


def test_the_time_zone_is_a_searchable_field_with_the_zones_suggested(client, ana):
    client.force_login(ana)
    page = client.get(reverse("accounts:preferences")).content.decode()
    field = zone_input(page)
    listed = re.search(r'list="([^"]+)"', field).group(1)
    suggestions = re.search(rf'<datalist id="{listed}">(.*?)</datalist>', page, re.S)
    assert '<option value="Europe/Paris">' in suggestions.group(1)
    assert "<select" not in page.split('name="timezone"')[0].rsplit("<div", 1)[-1]
    assert "js/timezone.js" in page


def test_a_zone_never_chosen_is_left_to_the_browser_a_chosen_one_is_kept(
    client, ana, ben
):
    client.force_login(ana)  # UTC, the default
    assert "data-detect-timezone" in zone_input(
        client.get(reverse("accounts:preferences")).content.decode()
    )
    User.objects.filter(pk=ben.pk).update(timezone="Asia/Tokyo")
    client.force_login(ben)
    field = zone_input(client.get(reverse("accounts:preferences")).content.decode())
    assert "data-detect-timezone" not in field and 'value="Asia/Tokyo"' in field


def sign_up(client, **extra):
    return client.post(
        reverse("account_signup"),
        {
            "email": "cleo@example.com",
            "password1": "correct horse battery",
            "password2": "correct horse battery",
            "display_name": "Cleo",
            **extra,
        },
    )


def test_sign_up_takes_the_browsers_time_zone(client):
    assert (
        "data-detect-timezone" in client.get(reverse("account_signup")).content.decode()
    )
    assert sign_up(client, timezone="America/New_York").status_code == 302
    assert User.objects.get(email="cleo@example.com").timezone == "America/New_York"


def test_sign_up_without_a_known_zone_keeps_utc(client):
    assert sign_up(client, timezone="Mars/Olympus").status_code == 302
    assert User.objects.get(email="cleo@example.com").timezone == "UTC"
