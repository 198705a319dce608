"""Failed log-ins are limited per (account, client address) strictly and per
account loosely, so that a stranger cannot keep someone's account locked; a
password reset lifts the limits."""

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough password"  # tests/conftest.py's make_user


def log_in(address, email, password):
    client = Client(REMOTE_ADDR=address)
    response = client.post(
        reverse("account_login"), {"login": email, "password": password}
    )
    return client, response


def signed_in(client) -> bool:
    return client.get(reverse("games:my_games")).status_code == 200


def locked(response) -> bool:
    return b"Too many failed login attempts" in response.content


def test_failures_from_one_address_do_not_lock_the_account_elsewhere(ana):
    for _ in range(5):
        _client, response = log_in("203.0.113.9", ana.email, "wrong")
        assert response.status_code == 200 and not locked(response)
    stranger, response = log_in("203.0.113.9", ana.email, PASSWORD)
    assert locked(response) and not signed_in(stranger)  # the strict limit
    ana_client, response = log_in("198.51.100.4", ana.email, PASSWORD)
    assert response.status_code == 302 and signed_in(ana_client)


def test_the_looser_limit_per_account_and_a_password_reset_lifts_it(ana, settings):
    settings.ACCOUNT_RATE_LIMITS = {
        **settings.ACCOUNT_RATE_LIMITS,
        "login_failed_account": "8/h/key",
    }
    for n in range(8):  # from addresses that each stay under the strict limit
        _client, response = log_in(f"203.0.113.{n}", ana.email, "wrong")
        assert not locked(response)
    _client, response = log_in("198.51.100.4", ana.email, PASSWORD)
    assert locked(response)  # the account's own limit, from anywhere
    mail.outbox.clear()
    client = Client(REMOTE_ADDR="198.51.100.4")
    client.post(reverse("account_reset_password"), {"email": ana.email})
    link = re.search(
        r"https?://[^/\s]+(/accounts/password/reset/key/\S+)", mail.outbox[-1].body
    )
    response = client.get(link.group(1))
    form_url = response["Location"] if response.status_code == 302 else link.group(1)
    new = "a brand new secret 42"
    response = client.post(form_url, {"password1": new, "password2": new})
    assert response.status_code == 302
    ana_client, response = log_in("198.51.100.4", ana.email, new)
    assert response.status_code == 302 and signed_in(ana_client)
