"""The site's own icon: linked from every page, and at /favicon.ico, which
browsers ask for whatever the page says."""

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_every_page_links_the_svg_icon(client):
    page = client.get(reverse("games:lobby")).content.decode()
    assert (
        '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">' in page
    )


def test_favicon_ico_leads_to_the_svg_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == "/static/img/favicon.svg"
    svg = open(finders.find("img/favicon.svg")).read()
    assert svg.startswith("<svg") and 'viewBox="0 0 32 32"' in svg
