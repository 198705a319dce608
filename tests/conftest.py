import os

import pytest

from tests.browsers import NO_CHROMIUM, find_chromium, not_run_line

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # sync Playwright + ORM

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


CHROMIUM = find_chromium()


def is_browser_test(item):
    return "e2e" in item.keywords or "/e2e/" in str(item.path)


def pytest_report_header(config):
    if CHROMIUM is None:
        return f"browser tests: not run, {NO_CHROMIUM}"
    return f"browser tests: {CHROMIUM}"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(autouse=True, scope="session")
def static_root(tmp_path_factory):
    """whitenoise serves STATIC_ROOT, which `make run` fills (collectstatic): tests
    get an empty one of their own (the live server's static handler and the test
    client find the files in the apps), so that it exists wherever they run."""
    from django.test import override_settings

    with override_settings(STATIC_ROOT=str(tmp_path_factory.mktemp("static"))):
        yield


@pytest.fixture(autouse=True, scope="session")
def small_hard_bot_budget():
    """A hard computer player thinks a few iterations in tests, not the site's
    seconds (tests/engines/test_bot_levels.py checks the budget itself)."""
    from django.test import override_settings

    with override_settings(BOT_HARD_ITERATIONS=6, BOT_HARD_SECONDS=1.0):
        yield


@pytest.fixture(autouse=True, scope="session")
def fast_password_hashing():
    """Passwords hashed with MD5 in tests: PBKDF2's 1.5 million rounds cost 0.6 s
    of CPU per user made or logged in with a password, which was most of the
    suite's time (a test making 60 users: 36 s). The site's own hashers are
    unchanged (config/settings.py leaves Django's defaults)."""
    from django.test import override_settings

    hashers = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]
    with override_settings(PASSWORD_HASHERS=hashers):  # tells the hashers' cache
        yield


@pytest.fixture(autouse=True, scope="session")
def celery_eager():
    """Tasks run at once, in-process, in tests (a real worker under `make run`).

    The tests that start a real worker (test_notification_worker.py) consume a
    queue of this pytest-xdist process's own, so that parallel processes sharing
    one Redis never take each other's tasks."""
    from config.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        app.conf.task_default_queue = f"celery-{worker}"
    yield


@pytest.fixture(autouse=True)
def english():
    """Each test starts in English, whatever an earlier request activated."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty cache: a presence mark or rate limit kept
    from an earlier test (whose ids the database may hand out again) would
    otherwise change what this one sees."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture
def make_user(db):
    from accounts.models import User

    counter = {"n": 0}

    def make(name=None, **extra):
        counter["n"] += 1
        name = name or f"player{counter['n']}"
        user = User.objects.create_user(
            email=f"{name.lower()}@example.com",
            password="a long enough password",
            display_name=name,
            **extra,
        )
        from allauth.account.models import EmailAddress

        EmailAddress.objects.create(
            user=user, email=user.email, verified=True, primary=True
        )
        return user

    return make


@pytest.fixture
def ana(make_user):
    return make_user("Ana")


@pytest.fixture
def ben(make_user):
    return make_user("Ben")


@pytest.fixture
def lost_cities_game(ana, ben):
    """An active Lost Cities game between Ana (seat 0) and Ben (seat 1)."""
    from games import services

    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    return game


@pytest.fixture
def french_catalogue(settings, tmp_path):
    """The French of locale/fr/LC_MESSAGES/django.po, compiled afresh for the
    test: the one source of the site's French (a .mo left by an older
    `make messages` could be stale)."""
    from pathlib import Path

    import polib

    po = Path(__file__).resolve().parents[1] / "locale/fr/LC_MESSAGES/django.po"
    compiled = tmp_path / "fr" / "LC_MESSAGES"
    compiled.mkdir(parents=True)
    polib.pofile(str(po)).save_as_mofile(str(compiled / "django.mo"))
    settings.LOCALE_PATHS = [tmp_path]
    yield


def pytest_collection_modifyitems(config, items):
    """Real-browser tests run last, and tests marked `heavy` only when asked for
    (`-m heavy`).

    Playwright's sync API leaves its event loop marked as running in the test
    process's main thread for the rest of the session; a later test that calls
    an async view through Django's test client (the push streams) would then
    fail in asgiref ("cannot use AsyncToSync in the same thread as an async
    event loop"). xdist hands out tests in this order, so every process runs
    its browser tests after all its others."""
    items.sort(key=is_browser_test)
    if CHROMIUM is None:
        browser_tests = [item for item in items if is_browser_test(item)]
        for item in browser_tests:
            item.add_marker(pytest.mark.skip(reason=NO_CHROMIUM))
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if (
            browser_tests
            and reporter is not None
            and not hasattr(config, "workerinput")
        ):
            reporter.write_line(not_run_line(len(browser_tests)))
    if "heavy" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="a larger sample: run with -m heavy")
    for item in items:
        if "heavy" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    """Under xdist the processes collect: the first to finish says at the start of
    the run how many browser tests will not run."""
    config = node.config
    if CHROMIUM is None and not getattr(config, "browser_tests_counted", False):
        config.browser_tests_counted = True
        count = sum("tests/e2e/" in test_id for test_id in ids)
        if count:
            config.pluginmanager.get_plugin("terminalreporter").write_line(
                not_run_line(count)
            )


def pytest_terminal_summary(terminalreporter):
    """At the end of the run, again: the browser tests skipped for want of one."""
    count = sum(
        1
        for report in terminalreporter.stats.get("skipped", [])
        if isinstance(report.longrepr, tuple) and NO_CHROMIUM in report.longrepr[2]
    )
    if count:
        terminalreporter.write_sep("=", not_run_line(count), yellow=True)


@pytest.fixture
def own_redis():
    """A redis-server of the test's own on a free loopback port
    (scripts/redis_process.py), which the test may stop, start again or freeze;
    never the shared 127.0.0.1:6379."""
    import shutil
    import sys
    from pathlib import Path

    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    scripts = str(Path(__file__).resolve().parent.parent / "scripts")
    if scripts not in sys.path:
        sys.path.append(scripts)
    from redis_process import RedisProcess

    server = RedisProcess().start()
    try:
        yield server
    finally:
        server.close()
