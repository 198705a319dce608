"""The forms that make something (a table, a campaign, an imported record) submit
once: a second post of the same form redirects to what the first one made."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign
from games.models import Game, SentForm
from games.services import once

pytestmark = pytest.mark.django_db

TABLE = {
    "visibility": "public",
    "time_per_move": "3",
    "timeout_policy": "bot",
    "expeditions": "5",
    "rounds": "1",
}
CAMPAIGN = {"name": "Tuesdays", "players": "2", "emails": "", "bots": "0"}


def login(user):
    c = Client()
    c.force_login(user)
    return c


def token_of(page) -> str:
    match = re.search(r'name="once" value="([^"]+)"', page.content.decode())
    assert match, "the form carries its one-time token"
    return match.group(1)


def test_a_new_table_posted_twice_is_one_table(ana):
    c = login(ana)
    url = reverse("games:new", args=["lost-cities"])
    data = {**TABLE, "once": token_of(c.get(url))}
    first = c.post(url, data)
    second = c.post(url, data)
    game = Game.objects.get()
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"] == game.get_absolute_url()


def test_a_new_campaign_posted_twice_is_one_campaign(ana):
    c = login(ana)
    url = reverse("campaigns:new")
    data = {**CAMPAIGN, "once": token_of(c.get(url))}
    first = c.post(url, data)
    second = c.post(url, data)
    campaign = Campaign.objects.get()
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"] == campaign.get_absolute_url()


def test_a_refused_form_keeps_its_token_and_a_missing_token_is_refused(ana):
    c = login(ana)
    url = reverse("games:new", args=["lost-cities"])
    token = token_of(c.get(url))
    bad = c.post(url, {**TABLE, "expeditions": "9", "once": token})
    assert bad.status_code == 400 and not Game.objects.exists()
    assert c.post(url, TABLE).status_code == 400  # no token: nothing made
    assert c.post(url, {**TABLE, "once": "forged"}).status_code == 400
    assert not Game.objects.exists()
    assert c.post(url, {**TABLE, "once": token}).status_code == 302  # still unused
    assert Game.objects.count() == 1


def test_a_token_is_its_persons_own(ana, ben):
    token = once.mint(ana)
    response = login(ben).post(
        reverse("games:new", args=["lost-cities"]), {**TABLE, "once": token}
    )
    assert response.status_code == 400 and not Game.objects.exists()
    assert b"This form has expired" in response.content


def test_old_marks_are_purged(ana):
    SentForm.objects.create(user=ana, nonce="x" * 32, url="/")
    assert once.purge() == 0
    SentForm.objects.update(sent_at="2000-01-01T00:00Z")
    assert once.purge() == 1
