"""Sign-up with email confirmation, log in/out, password reset, preferences."""

import re
import subprocess
import sys

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db


def link_in_last_mail(pattern):
    body = mail.outbox[-1].body
    match = re.search(r"https?://[^\s]+" + pattern + r"[^\s]*", body)
    assert match, body
    return match.group(0).split("testserver", 1)[-1]


def test_sign_up_confirm_email_then_log_in_and_out(client):
    response = client.post(
        reverse("account_signup"),
        {
            "email": "cleo@example.com",
            "password1": "correct horse battery",
            "password2": "correct horse battery",
            "display_name": "Cleo the Bold",
        },
    )
    assert response.status_code == 302
    user = User.objects.get(email="cleo@example.com")
    assert user.display_name == "Cleo the Bold"  # asked, not taken from the address
    # Not confirmed yet: the login is held until the address is confirmed.
    assert client.get(reverse("games:my_games")).status_code == 302
    confirm = link_in_last_mail("/accounts/confirm-email/")
    assert client.get(confirm).status_code == 200
    response = client.post(confirm)
    assert response.status_code == 302
    assert client.get(reverse("games:my_games")).status_code == 200
    client.post(reverse("account_logout"))
    assert client.get(reverse("games:my_games")).status_code == 302
    response = client.post(
        reverse("account_login"),
        {"login": "cleo@example.com", "password": "correct horse battery"},
    )
    assert response.status_code == 302
    assert client.get(reverse("games:my_games")).status_code == 200


def test_unconfirmed_address_cannot_log_in(client):
    client.post(
        reverse("account_signup"),
        {
            "email": "dan@example.com",
            "password1": "correct horse battery",
            "password2": "correct horse battery",
            "display_name": "Dan",
        },
    )
    client.logout()
    client.post(
        reverse("account_login"),
        {"login": "dan@example.com", "password": "correct horse battery"},
    )
    assert client.get(reverse("games:my_games")).status_code == 302


def test_reset_a_forgotten_password(client, ana):
    client.post(reverse("account_reset_password"), {"email": ana.email})
    link = link_in_last_mail("/accounts/password/reset/key/")
    response = client.get(link)
    form_url = response["Location"] if response.status_code == 302 else link
    response = client.post(
        form_url,
        {"password1": "a brand new secret 42", "password2": "a brand new secret 42"},
    )
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.check_password("a brand new secret 42")


def test_preferences_set_name_language_and_time_zone(client, ana):
    client.force_login(ana)
    response = client.post(
        reverse("accounts:preferences"),
        {"display_name": "Anaïs", "language": "fr", "timezone": "Europe/Paris"},
    )
    assert response.status_code == 302
    ana.refresh_from_db()
    assert (ana.display_name, ana.language, ana.timezone) == (
        "Anaïs",
        "fr",
        "Europe/Paris",
    )
    page = client.get(reverse("games:lobby")).content.decode()
    assert 'lang="fr"' in page and "Mes parties" in page


def test_preferences_refuse_an_unknown_time_zone(client, ana):
    client.force_login(ana)
    response = client.post(
        reverse("accounts:preferences"),
        {"display_name": "Ana", "language": "en", "timezone": "Mars/Olympus"},
    )
    assert response.status_code == 400  # the form sent back with its error
    ana.refresh_from_db()
    assert ana.timezone == "UTC"


def test_preferences_confirm_before_sending_a_move_round_trip(client, ana):
    """Off by default; ticked on the preferences page it is saved and shown ticked;
    unticked it is off again."""
    client.force_login(ana)
    url = reverse("accounts:preferences")
    assert ana.confirm_moves is False
    page = client.get(url).content.decode()
    box = re.search(r'<input type="checkbox" name="confirm_moves"[^>]*>', page)
    assert box and "checked" not in box.group(0)
    assert "Confirm before sending a move" in page
    mine = {"display_name": "Ana", "language": "en", "timezone": "UTC"}
    response = client.post(url, {**mine, "confirm_moves": "on"})
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.confirm_moves is True
    page = client.get(url).content.decode()
    box = re.search(r'<input type="checkbox" name="confirm_moves"[^>]*>', page)
    assert "checked" in box.group(0)
    client.post(url, mine)
    ana.refresh_from_db()
    assert ana.confirm_moves is False


def test_anonymous_visitor_can_switch_to_french(client):
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert (
        "Parties" in client.get("/").content.decode()
        or 'lang="fr"' in client.get("/").content.decode()
    )


def test_production_settings_pass_check_deploy(tmp_path):
    """`manage.py check --deploy` is clean with production settings from the env."""
    env = {
        "PATH": "/usr/bin:/bin",
        "DEBUG": "false",
        "SECRET_KEY": "x" * 20 + "a-long-random-production-secret-key-value-0123456789",
        "ALLOWED_HOSTS": "tables.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "VAR_DIR": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def _sign_up(client, email):
    client.post(
        reverse("account_signup"),
        {
            "email": email,
            "password1": "correct horse battery",
            "password2": "correct horse battery",
            "display_name": email.split("@")[0].title(),
        },
    )


def test_emails_name_the_site_not_the_host(client, settings):
    settings.SITE_NAME = "Les Tables"
    _sign_up(client, "eve@example.com")
    message = mail.outbox[-1]
    assert message.subject == "[Les Tables] Please Confirm Your Email Address"
    assert "Hello from Les Tables!" in message.body
    assert "testserver!" not in message.body
    assert "This address was given to open an account on Les Tables." in message.body
    assert "user eve" not in message.body and "register an account on" not in (
        message.body
    )


def test_sign_up_asks_the_display_name_first_and_writes_sign_up_one_way(client):
    page = client.get(reverse("account_signup")).content.decode()
    assert "Sign Up" not in page and "Signup" not in page
    assert page.count("Sign up") >= 3  # the title, the heading, the button (+ menu)
    names = re.findall(r'<input[^>]*name="(\w+)"', page)
    fields = [n for n in names if n not in ("csrfmiddlewaretoken", "timezone", "next")]
    assert fields[:2] == ["display_name", "email"]
    response = client.post(
        reverse("account_signup"),
        {
            "email": "gus@example.com",
            "password1": "correct horse battery",
            "password2": "correct horse battery",
            "display_name": "   ",
        },
    )
    assert response.status_code == 200  # refused: a name is needed
    assert not User.objects.filter(email="gus@example.com").exists()


def test_the_confirmation_page_names_the_site_not_the_user_and_host(client, settings):
    settings.SITE_NAME = "Les Tables"
    _sign_up(client, "hal@example.com")
    page = client.get(link_in_last_mail("/accounts/confirm-email/")).content.decode()
    assert "is your address on Les Tables." in page
    assert "for user" not in page and "testserver" not in page


def test_address_confirmed_in_another_browser_says_log_in_with_it(client):
    _sign_up(client, "fay@example.com")
    confirm = link_in_last_mail("/accounts/confirm-email/")
    other = Client()  # another browser: not the session that signed up
    response = other.post(confirm, follow=True)
    assert response.redirect_chain[-1][0] == reverse("account_login")
    page = response.content.decode()
    assert "Your address is confirmed: log in to continue." in page
    login = re.search(r'<input[^>]*name="login"[^>]*>', page).group(0)
    assert 'value="fay@example.com"' in login
    # Offered once: the next visit to the log-in page starts empty.
    again = other.get(reverse("account_login")).content.decode()
    assert 'value="fay@example.com"' not in again
    response = other.post(
        reverse("account_login"),
        {"login": "fay@example.com", "password": "correct horse battery"},
    )
    assert response.status_code == 302
    assert other.get(reverse("games:my_games")).status_code == 200


def test_address_confirmed_in_the_sign_up_browser_logs_in_without_a_word(client):
    _sign_up(client, "gus@example.com")
    response = client.post(link_in_last_mail("/accounts/confirm-email/"), follow=True)
    assert response.redirect_chain[-1][0] == reverse("games:my_games")
    assert "log in to continue" not in response.content.decode()


def test_the_confirmation_page_and_email_in_french(client, settings, french_catalogue):
    settings.SITE_NAME = "Les Tables"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    _sign_up(client, "ida@example.com")
    assert "Cette adresse a été donnée pour ouvrir un compte sur Les Tables." in (
        mail.outbox[-1].body
    )
    page = client.get(link_in_last_mail("/accounts/confirm-email/")).content.decode()
    assert "est votre adresse sur Les Tables." in page
