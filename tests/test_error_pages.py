"""Under DEBUG (the embedded default, `make run`) the site shows its own error
pages, not Django's debug pages with the URL map (config/error_pages.py)."""

import logging

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client, override_settings
from django.urls import path, reverse

from config import urls as site_urls
from games import services

pytestmark = pytest.mark.django_db

OWN_404 = "There is nothing here, or it is not yours to see."
DEBUG_PAGE = "Using the URLconf defined in"


def refused(request):
    raise PermissionDenied


def broken(request):
    raise RuntimeError("a bug")


urlpatterns = [
    *site_urls.urlpatterns,
    path("test-refused/", refused),
    path("test-broken/", broken),
]


@pytest.fixture
def cancelled_table_url(ana, ben):
    game = services.game_create(
        creator=ana, engine_slug="citadels", num_players=4, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    services.game_leave(game_id=game.pk, user=ana)
    return reverse("games:game", args=[game.pk])


@override_settings(DEBUG=True)
def test_a_cancelled_table_to_a_stranger_is_the_sites_404(
    cancelled_table_url, make_user
):
    client = Client()
    client.force_login(make_user("Cleo"))
    response = client.get(cancelled_table_url)
    assert response.status_code == 404
    page = response.content.decode()
    assert OWN_404 in page and DEBUG_PAGE not in page
    assert "Raised by" not in page


@override_settings(DEBUG=True)
def test_an_unknown_address_is_the_sites_404(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert OWN_404 in page and DEBUG_PAGE not in page


@override_settings(DEBUG=True, ROOT_URLCONF=__name__)
def test_a_refusal_and_a_bug_are_the_sites_403_and_500(client, caplog):
    response = client.get("/test-refused/")
    assert response.status_code == 403
    assert "This page or this action is not open to you." in response.content.decode()
    with caplog.at_level(logging.ERROR, logger="config.error_pages"):
        response = client.get("/test-broken/")
    assert response.status_code == 500
    assert "Something went wrong on our side" in response.content.decode()
    assert "a bug" in caplog.text  # the traceback still reaches the console


@override_settings(DEBUG=True, DEBUG_ERROR_PAGES=True)
def test_django_s_debug_pages_when_asked_for(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert DEBUG_PAGE in response.content.decode()


@override_settings(DEBUG=True, ROOT_URLCONF=__name__)
def test_the_403_page_speaks_french(client):
    client.cookies["django_language"] = "fr"
    response = client.get("/test-refused/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Cette page ou cette action ne vous est pas ouverte." in (
        response.content.decode()
    )
