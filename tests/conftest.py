import os

import pytest

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


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": "/usr/bin/chromium",
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(autouse=True, scope="session")
def celery_eager():
    """Tasks run at once, in-process, in tests (a real worker under `make run`)."""
    from config.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
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


def pytest_collection_modifyitems(config, items):
    """Tests marked `heavy` run only when asked for (`-m heavy`)."""
    if "heavy" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="a larger sample: run with -m heavy")
    for item in items:
        if "heavy" in item.keywords:
            item.add_marker(skip)
