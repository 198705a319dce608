"""The campaign's emails are like the games' ones: a text and an HTML part, a
link to the email preferences, and for an episode (a "your turn" email) a
one-click unsubscribe that the next episode respects."""

from urllib.parse import urlsplit

import pytest
from campaign_helpers import campaign_with
from django.core import mail
from django.test import Client

from campaigns import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def capture(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def html_of(message) -> str:
    [(html, kind)] = message.alternatives
    assert kind == "text/html"
    return html


def episode_emails():
    return [m for m in mail.outbox if "campaign is open" in m.subject]


def test_an_episode_email_has_an_html_part_and_an_unsubscribe_link(ana, ben, capture):
    mail.outbox.clear()
    with capture(execute=True):
        campaign = campaign_with(ana, [ben], num_players=2)
    email = next(m for m in episode_emails() if m.to == [ben.email])
    url = email.extra_headers["List-Unsubscribe"].strip("<>")
    assert "/unsubscribe/" in url and url in email.body and url in html_of(email)
    assert email.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    html = html_of(email)
    assert campaign.episodes.get().game.get_absolute_url() in html
    assert "/me/preferences/" in html and "<ul>" in html


def test_unsubscribed_from_turn_emails_no_episode_email(ana, ben, capture):
    mail.outbox.clear()
    with capture(execute=True):
        campaign_with(ana, [ben], num_players=2)
    email = next(m for m in episode_emails() if m.to == [ben.email])
    url = email.extra_headers["List-Unsubscribe"].strip("<>")
    assert Client().post(urlsplit(url).path).status_code == 200
    ben.refresh_from_db()
    assert ben.turn_emails == ben.TurnEmails.NONE
    mail.outbox.clear()
    with capture(execute=True):
        campaign_with(ana, [ben], num_players=2)
    assert [m.to for m in episode_emails()] == [[ana.email]]


def test_an_invitation_has_an_html_part_and_the_preferences_link(ana, ben, capture):
    mail.outbox.clear()
    with capture(execute=True):
        services.campaign_create(
            creator=ana, num_players=2, invited_emails=[ben.email], bots=0
        )
    [email] = [m for m in mail.outbox if m.to == [ben.email]]
    html = html_of(email)
    assert "/campaigns/" in html and "/me/preferences/" in html
    assert "/me/preferences/" in email.body


def test_campaign_emails_have_a_message_id_made_from_their_row(
    ana, ben, make_user, capture
):
    """Sent again (a worker lost before it marked the row sent), an invitation
    or an episode's email has the same Message-ID; each other email its own."""
    from campaigns.emails import send_episode_opened, send_invitation

    cleo = make_user("Cleo")
    mail.outbox.clear()
    with capture(execute=True):
        campaign = services.campaign_create(
            creator=ana, num_players=3, invited_emails=[ben.email, cleo.email]
        )
    first = {m.to[0]: m.extra_headers["Message-ID"] for m in mail.outbox}
    assert set(first) == {ben.email, cleo.email}
    assert first[ben.email] != first[cleo.email]
    invitation = campaign.invitations.get(email=ben.email)
    send_invitation(invitation, ben)
    assert mail.outbox[-1].extra_headers["Message-ID"] == first[ben.email]

    mail.outbox.clear()
    with capture(execute=True):
        episode_campaign = campaign_with(ana, [ben], num_players=2)
    episode = episode_campaign.episodes.get()
    ids = {m.to[0]: m.extra_headers["Message-ID"] for m in episode_emails()}
    assert len(set(ids.values())) == 2
    mail.outbox.clear()
    send_episode_opened(episode)
    assert {m.to[0]: m.extra_headers["Message-ID"] for m in episode_emails()} == ids
