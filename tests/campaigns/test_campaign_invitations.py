"""Campaign invitations: offered to an address, accepted or declined by its owner in
the site; the inviter never learns whether the address has an account."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client
from django.urls import reverse
from game_helpers import once

from campaigns import invitations, services
from campaigns.models import Campaign, CampaignInvitation

pytestmark = pytest.mark.django_db

FORM = {"name": "Tuesdays", "players": "3", "bots": "0", "time_per_move": ""}


@pytest.fixture
def capture(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def login(user):
    c = Client()
    c.force_login(user)
    return c


def invite(creator, *users_or_addresses, num_players=2, bots=0):
    addresses = [getattr(u, "email", u) for u in users_or_addresses]
    return services.campaign_create(
        creator=creator, num_players=num_players, invited_emails=addresses, bots=bots
    )


def invitation_of(campaign, user):
    return CampaignInvitation.objects.get(campaign=campaign, email=user.email)


def accept(client, invitation):
    url = reverse("campaigns:invitation_accept", args=[invitation.pk])
    return client.post(url)


def decline(client, invitation):
    url = reverse("campaigns:invitation_decline", args=[invitation.pk])
    return client.post(url)


def same_page(body: str, campaign: Campaign, address: str) -> str:
    """A page with what differs by construction between two campaigns (the CSRF
    token, the form's one-time token, the campaign's id and join token, the
    address typed) blanked out."""
    body = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "CSRF", body)
    body = re.sub(r'name="once" value="[^"]+"', "ONCE", body)
    body = re.sub(r'"X-CSRFToken": "[^"]+"', "CSRF", body)
    body = re.sub(r"nonce=\"[^\"]+\"", "NONCE", body)
    body = body.replace(campaign.invite_token, "TOKEN")
    body = re.sub(rf"/campaigns/{campaign.pk}/", "/campaigns/ID/", body)
    return body.replace(address, "ADDRESS")


def test_the_form_answers_the_same_whether_or_not_an_address_has_an_account(
    ana, ben, capture
):
    """Inviting an address with an account or one without: the same answer, the
    same campaign page afterwards, and the same refusal when the form is wrong;
    only the owner of an existing account gets an email."""
    a = login(ana)
    pages, refusals = [], []
    mail.outbox.clear()
    for address in (ben.email, "zed@example.com"):
        assert len(address) == len(ben.email)
        with capture(execute=True):
            response = a.post(
                reverse("campaigns:new"), {**once(a), **FORM, "emails": address}
            )
        campaign = Campaign.objects.order_by("-pk").first()
        assert response.status_code == 302
        assert response.url == campaign.get_absolute_url()
        page = a.get(response.url)
        assert page.status_code == 200 and address in page.content.decode()
        pages.append(same_page(page.content.decode(), campaign, address))
        assert [p.user for p in campaign.players.all()] == [ana]
        too_many = a.post(
            reverse("campaigns:new"),
            {**once(a), **FORM, "players": "2", "bots": "1", "emails": address},
        )
        assert too_many.status_code == 400
        refusals.append(same_page(too_many.content.decode(), campaign, address))
    assert pages[0] == pages[1]
    assert refusals[0] == refusals[1]
    assert [m.to for m in mail.outbox] == [[ben.email]]


def test_nobody_is_seated_before_accepting(ana, ben, capture):
    """An invited person has no place, no game and no episode email until they
    accept; they see the invitation on the campaigns page and the campaign's page."""
    with capture(execute=True):
        campaign = invite(ana, ben)
    assert campaign.status == Campaign.Status.OPEN
    assert [p.user for p in campaign.players.all()] == [ana]
    assert not campaign.episodes.exists()
    assert not [m for m in mail.outbox if "is open" in m.subject]
    b = login(ben)
    invitation = invitation_of(campaign, ben)
    listing = b.get(reverse("campaigns:list")).content.decode()
    assert f'data-invitation="{invitation.pk}"' in listing
    assert "Ana invites you to" in listing
    assert reverse("campaigns:invitation_accept", args=[invitation.pk]) in listing
    assert reverse("campaigns:invitation_decline", args=[invitation.pk]) in listing
    page = b.get(campaign.get_absolute_url())
    assert page.status_code == 200
    assert reverse("campaigns:invitation_accept", args=[invitation.pk]) in (
        page.content.decode()
    )


def test_accepting_seats_the_person_and_starts_a_full_campaign(ana, ben, capture):
    """Ben accepts: he takes the last place, the campaign starts, episode 1 opens
    with both, the invitation is gone."""
    with capture(execute=True):
        campaign = invite(ana, ben)
    with capture(execute=True):
        response = accept(login(ben), invitation_of(campaign, ben))
    assert response.status_code == 302 and response.url == campaign.get_absolute_url()
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.ACTIVE
    assert [p.user for p in campaign.players.all()] == [ana, ben]
    game = campaign.episodes.get().game
    assert [s.user for s in game.seats.order_by("position")] == [ana, ben]
    assert not CampaignInvitation.objects.exists()


def test_declining_removes_the_invitation_and_leaves_the_place_free(
    ana, ben, make_user, capture
):
    with capture(execute=True):
        campaign = invite(ana, ben, num_players=3)
    b = login(ben)
    invitation = invitation_of(campaign, ben)
    response = decline(b, invitation)
    assert response.status_code == 302
    assert not CampaignInvitation.objects.exists()
    assert [p.user for p in campaign.players.all()] == [ana]
    assert f'data-invitation="{invitation.pk}"' not in (
        b.get(reverse("campaigns:list")).content.decode()
    )
    assert accept(b, invitation).status_code == 404  # too late to change one's mind
    with capture(execute=True):
        for user in (make_user("Cy"), make_user("Dee")):
            services.campaign_join(
                campaign_id=campaign.pk, user=user, token=campaign.invite_token
            )
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.ACTIVE


def test_nobody_answers_for_someone_else(ana, ben, make_user, capture):
    """A stranger (or the inviter) cannot accept or decline Ben's invitation: a
    404 and nothing changes; anonymous visitors are sent to log in; a GET changes
    nothing; a POST without a CSRF token is refused."""
    with capture(execute=True):
        campaign = invite(ana, ben)
    invitation = invitation_of(campaign, ben)
    for user in (make_user("Cy"), ana):
        assert accept(login(user), invitation).status_code == 404
        assert decline(login(user), invitation).status_code == 404
    assert accept(Client(), invitation).status_code == 302  # to the login page
    url = reverse("campaigns:invitation_accept", args=[invitation.pk])
    assert login(ben).get(url).status_code == 405
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ben)
    assert strict.post(url).status_code == 403
    assert accept(login(ben), CampaignInvitation(pk=424242)).status_code == 404
    assert CampaignInvitation.objects.filter(pk=invitation.pk).exists()
    assert [p.user for p in campaign.players.all()] == [ana]
    assert login(make_user("Eve")).get(campaign.get_absolute_url()).status_code == 404


def test_an_unconfirmed_address_is_not_enough(ana, make_user, capture):
    """An account whose address is not confirmed does not get the invitation."""
    cy = make_user("Cy")
    EmailAddress.objects.filter(user=cy).update(verified=False)
    with capture(execute=True):
        campaign = invite(ana, cy)
    invitation = invitation_of(campaign, cy)
    assert accept(login(cy), invitation).status_code == 404
    assert f'data-invitation="{invitation.pk}"' not in (
        login(cy).get(reverse("campaigns:list")).content.decode()
    )
    assert not mail.outbox


def test_an_address_that_signs_up_later_finds_its_invitation(ana, make_user, capture):
    """The invitation is to the address: whoever opens an account with it later
    finds it waiting."""
    with capture(execute=True):
        campaign = invite(ana, "newcomer@example.com")
    newcomer = make_user("Newcomer")
    assert newcomer.email == "newcomer@example.com"
    with capture(execute=True):
        accept(login(newcomer), invitation_of(campaign, newcomer))
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.ACTIVE


def test_a_campaign_that_starts_withdraws_the_unanswered_invitations(
    ana, ben, make_user, capture
):
    """Cy takes the last place with the join link before Ben answers: Ben's
    invitation is withdrawn and can no longer be accepted."""
    with capture(execute=True):
        campaign = invite(ana, ben)
    invitation = invitation_of(campaign, ben)
    with capture(execute=True):
        services.campaign_join(
            campaign_id=campaign.pk, user=make_user("Cy"), token=campaign.invite_token
        )
    assert not CampaignInvitation.objects.exists()
    assert accept(login(ben), invitation).status_code == 404
    assert campaign.players.count() == 2


def test_the_invitation_email_is_sent_once_in_the_readers_language(
    ana, make_user, capture
):
    mail.outbox.clear()
    zoe = make_user("Zoe", language="fr")
    with capture(execute=True):
        campaign = invite(ana, zoe)
    [email] = mail.outbox
    assert email.to == [zoe.email] and "Ana vous invite" in email.subject
    assert (
        invitations.invitation_email(invitation_id=invitation_of(campaign, zoe).pk) == 0
    )
    assert len(mail.outbox) == 1


def test_the_inviter_sees_the_addresses_still_invited(ana, ben, capture):
    with capture(execute=True):
        campaign = invite(ana, ben, "zed@example.com", num_players=3)
    body = login(ana).get(campaign.get_absolute_url()).content.decode()
    assert ben.email in body and "zed@example.com" in body
    assert (
        "zed@example.com"
        not in login(ben).get(campaign.get_absolute_url()).content.decode()
    )
