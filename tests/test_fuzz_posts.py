"""A property-based fuzz of every POST endpoint of the site's own apps.

The endpoints are found from the urlconfs (every pattern of games, accounts,
campaigns and history whose view does not answer 405 to a POST). Each gets
random form fields and random url arguments, as a signed-in player with a seat
in a game in progress; bad input must be refused (a 4xx, or a redirect back
with a message where the view answers a refusal so) and leave every row of the
site's tables as it was. The examples are bounded so that it runs in seconds.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from django.apps import apps
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services
from games.models import Game

APPS = ("games", "accounts", "campaigns", "history")
# Columns that move on any request and are not the state of the site.
VOLATILE = {"last_login", "seen_at"}
EXAMPLES = 10  # per endpoint, on average
# Refusals not (yet) answered with a 4xx, found by this fuzz (issue 15): a
# refused table action redirects back with a message (302), an invalid form is
# shown again with 200,
# a vacation that is not there is "cancelled" with a redirect, and "My games"
# answers a POST like a GET. Anything else must be a 4xx.
NOT_YET_4XX: dict[str, set[int]] = {}


def site_patterns(resolver=None, prefix=""):
    """(route, pattern) of every url of the site's own apps."""
    resolver = resolver or get_resolver()
    for p in resolver.url_patterns:
        if isinstance(p, URLResolver):
            yield from site_patterns(p, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            module = getattr(p.callback, "__module__", "")
            if module.split(".")[0] in APPS:
                yield prefix + str(p.pattern), p


def rows() -> dict:
    """Every row of the site's tables (what a refused request must not change)."""
    out = {}
    for label in APPS:
        for model in apps.get_app_config(label).get_models():
            fields = [
                f.attname
                for f in model._meta.concrete_fields
                if f.attname not in VOLATILE
            ]
            out[model._meta.db_table] = list(
                model.objects.order_by("pk").values_list(*fields)
            )
    return out


texts = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["", "0", "-1", "1" * 30, "null", "[]", "{}", "true", "é", "\x00"]),
    st.integers(-(2**70), 2**70).map(str),
    st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8)),
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.dictionaries(st.text(max_size=8), inner, max_size=3),
        ),
        max_leaves=8,
    ).map(json.dumps),
)
FIELD_NAMES = [
    "move",
    "version",
    "invite",
    "name",
    "email",
    "emails",
    "players",
    "num_players",
    "options",
    "episode",
    "mode",
    "language",
    "timezone",
    "turn_emails",
    "digest_hour",
    "reminder_emails",
    "game_over_emails",
    "starts",
    "ends",
    "start",
    "end",
    "record",
    "file",
    "visibility",
    "time_per_move",
    "timeout_policy",
    "rated",
    "edition",
    "expeditions",
    "rounds",
    "display_name",
    "confirm_move",
]
forms = st.dictionaries(
    st.one_of(st.sampled_from(FIELD_NAMES), st.text(max_size=12)), texts, max_size=6
)


@pytest.fixture
def table(db, ana, ben, make_user):
    """Ana plays Ben; Cy's private open table (Ana has no invitation). Nothing a
    POST can do to them with Ana signed in is allowed: no move fits a random
    form, the game has started, the table is not hers to see."""
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    cy = make_user("Cy")
    private = services.game_create(
        creator=cy,
        engine_slug="citadels",
        num_players=3,
        options={},
        visibility=Game.Visibility.PRIVATE,
    )
    return {"game": game, "private": private}


def endpoints():
    found = []
    for route, pattern in site_patterns():
        found.append((route, pattern))
    return found


def url_for(route: str, data, ids: list[int]) -> str:
    """The route with each <converter:name> replaced by a drawn value."""

    def value(match):
        converter = match.group(1)
        if converter == "int":
            return str(
                data.draw(st.one_of(st.sampled_from(ids), st.integers(0, 2**40)))
            )
        if converter == "slug":
            return data.draw(
                st.one_of(
                    st.sampled_from(
                        ["lost-cities", "citadels", "rival-cities", "my-city"]
                    ),
                    st.from_regex(r"[a-z0-9-]{1,12}", fullmatch=True),
                )
            )
        return data.draw(st.from_regex(r"[A-Za-z0-9_.:-]{1,40}", fullmatch=True))

    return "/" + re.sub(r"<(?:(\w+):)?\w+>", value, route)


def post_endpoints(client) -> list[str]:
    """The routes whose view takes a POST (those answering 405 do not)."""
    out = []
    for route, _pattern in endpoints():
        url = "/" + re.sub(
            r"<(?:(\w+):)?\w+>", lambda m: "0" if m.group(1) == "int" else "x", route
        )
        if client.post(url).status_code != 405:
            out.append(route)
    return out


@pytest.mark.django_db
def test_the_fuzz_covers_every_post_endpoint(ana):
    client = Client(raise_request_exception=False)
    client.force_login(ana)
    found = set(post_endpoints(client))
    expected = {
        "new/<slug:slug>/",
        "games/<int:game_id>/move",
        "games/<int:game_id>/join",
        "games/<int:game_id>/bot",
        "games/<int:game_id>/leave",
        "games/<int:game_id>/rematch",
        "me/preferences/",
        "me/vacation/",
        "me/vacation/<int:vacation_id>/cancel",
        "me/vacation/<int:vacation_id>/end",
        "me/unsubscribe/<str:token>/",
        "campaigns/new/",
        "campaigns/<int:campaign_id>/join",
        "campaigns/invitations/<int:invitation_id>/accept",
        "campaigns/invitations/<int:invitation_id>/decline",
        "history/import/",
    }
    print(f"\n{len(found)} POST endpoints: {sorted(found)}")
    assert expected <= found, sorted(expected - found)


STATUSES: Counter = Counter()
ROUTES: list[str] = []


@pytest.fixture(scope="module", autouse=True)
def statuses():
    yield
    if STATUSES:
        print("\nanswers (route, status): count")
        for (route, status), n in sorted(STATUSES.items()):
            print(f"  {route:40} {status}: {n}")


@pytest.mark.django_db
@settings(
    max_examples=EXAMPLES * 14,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
    database=None,
)
@given(data=st.data())
def test_random_posts_to_every_endpoint_are_refused_and_change_nothing(
    data, table, ana
):
    client = Client(raise_request_exception=False)
    client.force_login(ana)
    if not ROUTES:
        ROUTES.extend(sorted(post_endpoints(client)))
    route = data.draw(st.sampled_from(ROUTES))
    ids = [table["game"].pk, table["private"].pk, 0]
    url = url_for(route, data, ids)
    form = data.draw(forms)
    htmx = data.draw(st.booleans())
    before = rows()
    response = client.post(url, form, headers={"HX-Request": "true"} if htmx else {})
    STATUSES[(route, response.status_code)] += 1
    status = response.status_code
    assert 400 <= status < 500 or status in NOT_YET_4XX.get(route, ()), (
        url,
        form,
        status,
    )
    assert rows() == before, (url, form, status)
