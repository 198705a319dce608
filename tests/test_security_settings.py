"""Security settings read from the environment (config/settings.py), the admin's
place and log-in, the client address behind a TLS proxy, the CSP, and the
language a response declares.

Settings are read once, at import: what depends on the environment runs in a
fresh process (`_run`), the rest in this one."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

BASE_DIR = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "x" * 20 + "a-long-random-production-secret-key-value-0123456789",
    "ALLOWED_HOSTS": "tables.example.org",
}


def _run(code: str, **env) -> subprocess.CompletedProcess:
    """Runs `code` after django.setup() in a new process with only `env`."""
    base = {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": "sqlite:///:memory:",
    }
    script = "import django\ndjango.setup()\n" + code
    return subprocess.run(
        [sys.executable, "-c", script],
        env={**base, **env},
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _settings_of(**env) -> dict:
    """The security settings as a process started with `env` sees them."""
    code = """
import json
from django.conf import settings
from django.urls import resolve, Resolver404

def admin_at(path):
    try:
        return resolve(path).app_name == "admin"
    except Resolver404:
        return False

print(json.dumps({
    "proxy_ssl_header": settings.SECURE_PROXY_SSL_HEADER,
    "hsts_preload": settings.SECURE_HSTS_PRELOAD,
    "trusted_proxy_count": settings.ALLAUTH_TRUSTED_PROXY_COUNT,
    "admin_at_default": admin_at("/admin/"),
    "admin_at_ops": admin_at("/ops-area/"),
}))
"""
    result = _run(code, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


# --- SECRET_KEY -------------------------------------------------------------------


def test_production_refuses_to_start_without_a_secret_key():
    env = {k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"}
    result = _run("print('started')", **env)
    assert result.returncode != 0
    assert "started" not in result.stdout
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY" in result.stderr


def test_production_refuses_the_public_development_key(tmp_path):
    """The key written in config/settings.py, given as SECRET_KEY with
    DEBUG=false: `check --deploy` (and anything else) stops at the settings."""
    source = (BASE_DIR / "config" / "settings.py").read_text()
    [development_key] = set(re.findall(r'"(insecure-[^"]+)"', source))
    env = {
        "PATH": "/usr/bin:/bin",
        **PRODUCTION,
        "SECRET_KEY": development_key,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "VAR_DIR": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "ERROR"],
        env=env,
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0, result.stdout
    assert "ImproperlyConfigured" in result.stderr
    assert "public development key" in result.stderr
    # With DEBUG on, the same key is the embedded default.
    result = _run(
        "from django.conf import settings; print(len(settings.SECRET_KEY))",
        SECRET_KEY=development_key,
    )
    assert result.returncode == 0, result.stderr


def test_development_runs_without_a_secret_key():
    result = _run("from django.conf import settings; print(settings.DEBUG)")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"


# --- settings that are off unless set ---------------------------------------------


def test_proxy_header_hsts_preload_and_proxy_count_are_off_unless_set():
    seen = _settings_of(**PRODUCTION)
    assert seen["proxy_ssl_header"] is None
    assert seen["hsts_preload"] is False
    assert seen["trusted_proxy_count"] == 0


def test_proxy_header_hsts_preload_proxy_count_and_admin_path_from_the_env():
    seen = _settings_of(
        **PRODUCTION,
        SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
        SECURE_HSTS_PRELOAD="true",
        TRUSTED_PROXY_COUNT="1",
        ADMIN_PATH="/ops-area/",
    )
    assert seen["proxy_ssl_header"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert seen["hsts_preload"] is True
    assert seen["trusted_proxy_count"] == 1
    assert seen["admin_at_ops"] is True
    assert seen["admin_at_default"] is False


def test_trusted_proxy_count_limits_each_client_behind_the_proxy_apart():
    """allauth's per-address log-in limit (30 a minute) with TRUSTED_PROXY_COUNT=1:
    two people behind one proxy (same REMOTE_ADDR) are counted apart; without
    the setting they share the proxy's count."""
    code = """
from django.test import RequestFactory
from allauth.core import ratelimit

factory = RequestFactory()

def request(client_ip):
    return factory.post(
        "/accounts/login/",
        REMOTE_ADDR="10.0.0.2",
        HTTP_X_FORWARDED_FOR=client_ip,
    )

for _ in range(30):
    assert ratelimit.consume(request("203.0.113.7"), action="login")
print(
    ratelimit.consume(request("203.0.113.7"), action="login"),
    ratelimit.consume(request("198.51.100.9"), action="login"),
)
"""
    behind_proxy = _run(code, **PRODUCTION, TRUSTED_PROXY_COUNT="1")
    assert behind_proxy.returncode == 0, behind_proxy.stderr
    assert behind_proxy.stdout.split() == ["False", "True"]
    default = _run(code, **PRODUCTION)
    assert default.returncode == 0, default.stderr
    assert default.stdout.split() == ["False", "False"]


@pytest.fixture
def fast_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.django_db
def test_ten_bad_log_ins_behind_the_proxy_lock_out_only_their_sender(
    client, make_user, settings, fast_hasher
):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    ana = make_user("Ana")
    url = reverse("account_login")
    for n in range(10):
        client.post(
            url,
            {"login": f"nobody{n}@example.com", "password": "wrong"},
            REMOTE_ADDR="10.0.0.2",
            HTTP_X_FORWARDED_FOR="203.0.113.7",
        )
    right = {"login": ana.email, "password": "a long enough password"}
    attacker = client.post(
        url, right, REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.7"
    )
    assert "_auth_user_id" not in client.session
    assert attacker.status_code in (200, 429)
    other = client.post(
        url, right, REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.9"
    )
    assert other.status_code == 302
    assert client.session["_auth_user_id"] == str(ana.pk)


# --- the admin --------------------------------------------------------------------


def test_admin_is_not_at_the_default_path(client):
    assert settings.ADMIN_PATH != "admin/"
    assert client.get("/admin/").status_code == 404
    assert client.get("/admin/login/").status_code == 404
    assert client.get("/" + settings.ADMIN_PATH).status_code == 302


@pytest.fixture
def staff(make_user):
    user = make_user("Root")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


@pytest.mark.django_db
def test_admin_log_in_sends_to_the_site_log_in(client, staff, fast_hasher):
    admin_login = reverse("admin:login")
    response = client.get(admin_login + "?next=" + reverse("admin:index"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("account_login") + "?next=")
    # The admin's own form checks no password: the right one does not log in there.
    response = client.post(
        admin_login, {"username": staff.email, "password": "a long enough password"}
    )
    assert response.status_code == 302
    assert response.url.startswith(reverse("account_login"))
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_repeated_bad_admin_log_ins_are_limited(client, staff, fast_hasher):
    """The admin's log-in is allauth's, with its limits: after 5 bad passwords for
    an address, the right one is refused there, and the admin's form does not
    accept it either."""
    login = client.get(reverse("admin:index"), follow=True).redirect_chain[-1][0]
    assert login.startswith(reverse("account_login"))
    for _ in range(5):
        client.post(login, {"login": staff.email, "password": "not the password"})
    right = {"login": staff.email, "password": "a long enough password"}
    response = client.post(login, right)
    assert response.status_code in (200, 429)
    assert "Too many failed login attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session
    client.post(
        reverse("admin:login"),
        {"username": staff.email, "password": "a long enough password"},
    )
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_staff_signed_in_through_the_site_reach_the_admin(client, staff, make_user):
    client.force_login(staff)
    assert client.get(reverse("admin:index")).status_code == 200
    client.force_login(make_user("Plain"))
    assert client.get(reverse("admin:login")).status_code == 403


@pytest.mark.django_db
def test_the_move_log_is_read_only_in_the_admin(client, staff, make_user):
    from game_helpers import timed_game

    from games.models import Move

    game = timed_game(staff, make_user("Bea"))
    move = Move.objects.create(game=game, seq=1, seat=0, move={"kind": "draw"})
    client.force_login(staff)
    assert client.get(reverse("admin:games_move_changelist")).status_code == 200
    page = client.get(reverse("admin:games_move_change", args=[move.pk]))
    assert page.status_code == 200
    assert 'name="move"' not in page.content.decode()
    assert client.get(reverse("admin:games_move_add")).status_code == 403
    client.post(
        reverse("admin:games_move_change", args=[move.pk]),
        {"game": game.pk, "seq": 99, "seat": 1, "move": "{}", "log": "{}"},
    )
    response = client.post(
        reverse("admin:games_move_delete", args=[move.pk]), {"post": "yes"}
    )
    assert response.status_code == 403
    move.refresh_from_db()
    assert (move.seq, move.seat, move.move) == (1, 0, {"kind": "draw"})


# --- CSP and Content-Language ----------------------------------------------------


@pytest.mark.django_db
def test_csp_forbids_base_objects_and_foreign_form_targets(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    directives = {d.strip() for d in policy.split(";")}
    assert "base-uri 'none'" in directives
    assert "object-src 'none'" in directives
    assert "form-action 'self'" in directives


@pytest.mark.django_db
def test_a_french_players_pages_say_they_are_french(client, make_user):
    client.force_login(make_user("Zoé", language="fr"))
    response = client.get(reverse("games:my_games"))
    assert response.headers["Content-Language"] == "fr"
    assert 'lang="fr"' in response.content.decode()


@pytest.mark.django_db
def test_an_english_players_pages_say_they_are_english(client, make_user):
    client.force_login(make_user("Ann", language="en"))
    response = client.get(reverse("games:my_games"), HTTP_ACCEPT_LANGUAGE="fr")
    assert response.headers["Content-Language"] == "en"


def test_game_names_follow_each_readers_language_after_a_french_start():
    """The engines are first loaded while French is active (the first request
    after a start is a French one); an English reader still reads English."""
    code = """
from django.utils import translation
translation.activate("fr")
import config.urls  # noqa: F401  (loads every view, as the first request does)
from games.templatetags.games_tags import engine_name
from games import registry
slugs = ["lost-cities", "citadels", "rival-cities", "my-city"]
french = [engine_name(s) for s in slugs]
rows = [{"rank": 1, "detail": {"won_by": "ships"}}]
french.append(registry.get("rival-cities").figures(rows)[0][0])
translation.activate("en")
english = [engine_name(s) for s in slugs]
english.append(registry.get("rival-cities").figures(rows)[0][0])
print(json.dumps([french, english]))
"""
    result = _run("import json\n" + code)
    assert result.returncode == 0, result.stderr
    french, english = json.loads(result.stdout.strip().splitlines()[-1])
    assert english == [
        "Lost Cities",
        "Citadels",
        "Rival Cities",
        "My City",
        "Won by ships",
    ]
    assert french[:3] == ["Les Cités perdues", "Citadelles", "Les Cités rivales"]
