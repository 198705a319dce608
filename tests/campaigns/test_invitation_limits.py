"""Campaign invitations are no mail relay: campaigns and invited addresses are
limited per account and day, one person emails one address at most once a week,
the invited person can turn the invitation emails off (a preference, and a
one-click unsubscribe in each of them that needs no log-in), and invitations
nobody answers are withdrawn."""

from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from game_helpers import once

from campaigns.invitations import invitations_expire
from campaigns.models import Campaign, CampaignInvitation, InvitationSent
from config.celery import app

pytestmark = pytest.mark.django_db

FORM = {"name": "Tuesdays", "players": "4", "emails": "", "bots": "0"}


def login(user):
    c = Client()
    c.force_login(user)
    return c


def create(client, user, emails=""):
    data = {**once(user), **FORM, "emails": emails}
    return client.post(reverse("campaigns:new"), data)


def invitation_emails(to):
    return [m for m in mail.outbox if m.to == [to] and "invite" in m.body]


def test_campaigns_per_day_are_limited_with_the_limit_in_words(ana, settings):
    settings.CAMPAIGNS_PER_DAY = 2
    c = login(ana)
    assert create(c, ana).status_code == create(c, ana).status_code == 302
    third = create(c, ana)
    assert third.status_code == 400
    assert "You can start at most 2 campaigns a day" in third.content.decode()
    assert Campaign.objects.count() == 2


def test_invited_addresses_per_day_are_limited(ana, settings):
    settings.CAMPAIGN_INVITATIONS_PER_DAY = 3
    c = login(ana)
    assert create(c, ana, "a@example.com\nb@example.com").status_code == 302
    refused = create(c, ana, "c@example.com\nd@example.com")
    assert refused.status_code == 400
    body = refused.content.decode()
    assert "You can invite at most 3 addresses a day; 1 more today." in body
    assert create(c, ana, "c@example.com").status_code == 302
    assert CampaignInvitation.objects.count() == 3


def test_one_email_a_week_from_one_person_to_one_address(
    ana, ben, django_capture_on_commit_callbacks
):
    c = login(ana)
    mail.outbox.clear()
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            assert create(c, ana, ben.email).status_code == 302
    assert len(invitation_emails(ben.email)) == 1
    assert CampaignInvitation.objects.filter(email=ben.email).count() == 3
    InvitationSent.objects.update(emailed_at=timezone.now() - timedelta(days=8))
    with django_capture_on_commit_callbacks(execute=True):
        create(c, ana, ben.email)
    assert len(invitation_emails(ben.email)) == 2


def test_the_unsubscribe_link_turns_invitation_emails_off_without_logging_in(
    ana, ben, make_user, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        create(login(ana), ana, ben.email)
    [email] = invitation_emails(ben.email)
    url = email.extra_headers["List-Unsubscribe"].strip("<>")
    assert email.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert url in email.body and url in email.alternatives[0][0]
    stranger = Client(enforce_csrf_checks=True)  # a mail client's one-click POST
    response = stranger.post(urlsplit(url).path, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    ben.refresh_from_db()
    assert ben.invitation_emails is False
    cleo = make_user("Cleo")
    with django_capture_on_commit_callbacks(execute=True):
        assert create(login(cleo), cleo, ben.email).status_code == 302
    assert len(invitation_emails(ben.email)) == 1  # no second email, from anyone
    assert CampaignInvitation.objects.filter(email=ben.email).count() == 2


def test_the_preference_is_on_the_preferences_page(ben):
    c = login(ben)
    page = c.get(reverse("accounts:preferences")).content.decode()
    assert 'name="invitation_emails"' in page
    c.post(
        reverse("accounts:preferences"),
        {"display_name": "Ben", "language": "en", "timezone": "UTC"},
    )
    ben.refresh_from_db()
    assert ben.invitation_emails is False  # an unticked box


def test_unanswered_invitations_expire_in_beats_sweep(ana, ben, settings):
    settings.CAMPAIGN_INVITATION_DAYS = 14
    c = login(ana)
    create(c, ana, ben.email)
    create(c, ana, "zed@example.com")
    CampaignInvitation.objects.filter(email=ben.email).update(
        created_at=timezone.now() - timedelta(days=15)
    )
    assert invitations_expire() == 1
    assert invitations_expire() == 0  # idempotent
    assert list(CampaignInvitation.objects.values_list("email", flat=True)) == [
        "zed@example.com"
    ]
    tasks = {entry["task"] for entry in app.conf.beat_schedule.values()}
    assert "campaigns.tasks.invitations_expire_task" in tasks
