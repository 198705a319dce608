"""Server push (games/push.py): who may open a game's event stream, what an event
carries, when it is published (after the commit only), where a reconnecting
stream resumes, and the pages with push off (they poll)."""

import asyncio
import threading
import time
import uuid

import pytest
from asgiref.sync import async_to_sync
from django.db import transaction
from django.test import AsyncClient, Client
from django.urls import reverse

from config.breaker import Breaker
from games import engines, publish, push, services
from games.models import Game

REDIS_URL = "redis://127.0.0.1:6379/0"


class Published(list):
    """What a fake Redis client was asked to publish, as (channel, payload);
    reading it first waits for the publisher thread (games/publish.py) to have
    sent what was handed to it."""

    def __init__(self):
        super().__init__()
        self.trips = 0

    def pipeline(self, transaction=True):
        return Pipeline(self)

    def settled(self):
        assert publish.publisher.drain()
        return self

    def __eq__(self, other):
        self.settled()
        return list.__eq__(self, other)

    def __iter__(self):
        self.settled()
        return list.__iter__(self)

    def __contains__(self, item):
        self.settled()
        return list.__contains__(self, item)


class Pipeline:
    def __init__(self, into):
        self.into, self.queued = into, []

    def publish(self, channel, payload):
        self.queued.append((channel, payload))

    def execute(self):
        self.into.trips += 1
        self.into.extend(self.queued)


@pytest.fixture
def push_on(settings, monkeypatch):
    """Push on, with a Redis that only records what is published and a hub that
    never connects (the tests hand it messages themselves)."""
    settings.PUSH_REDIS_URL = REDIS_URL
    settings.PUSH_ENABLED = True
    published = Published()
    monkeypatch.setattr(publish, "redis_client", lambda: published)
    monkeypatch.setattr(publish.publisher, "breaker", Breaker("test", 3.0))

    async def idle(self):
        await asyncio.Event().wait()

    monkeypatch.setattr(push.Hub, "run", idle)
    return published


def legal_move(game):
    engine = engines.get(game.engine)
    position = engine.to_move(game.state)[0]
    return position, engine.legal_moves(game.state, position)[0]


def play_one(game, users):
    position, move = legal_move(game)
    services.move_submit(
        game_id=game.pk,
        user=users[position],
        move=move,
        expected_version=game.version,
    )
    game.refresh_from_db()
    return game


def open_stream(user, url, *, headers=None, then=None, chunks=1, timeout=2.0):
    """Opens the stream as `user` (None: anonymous); returns its status and the
    first `chunks` chunks, after running `then(hub)` once it is open."""

    async def go():
        client = AsyncClient()
        if user is not None:
            await client.aforce_login(user)
        response = await client.get(url, headers=headers or {})
        if response.status_code != 200:
            return response.status_code, []
        assert response["Content-Type"] == "text/event-stream"
        stream = aiter(response.streaming_content)
        got = [(await anext(stream)).decode()]
        if then is not None:
            then(push.hub())
        try:
            while len(got) < chunks:
                got.append((await asyncio.wait_for(anext(stream), timeout)).decode())
        except (TimeoutError, StopAsyncIteration):  # nothing more, or it ended
            pass
        finally:
            await stream.aclose()
        return 200, got

    return async_to_sync(go)()


def events_url(game, version=None):
    url = reverse("games:events", args=[game.pk])
    return url if version is None else f"{url}?version={version}"


def test_the_event_stream_url_is_games_id_events():
    assert reverse("games:events", args=[7]) == "/games/7/events/"
    assert reverse("games:my_events") == "/my/events/"


def test_a_seated_player_opens_the_stream_of_a_private_game(push_on, ana, make_user):
    game = services.game_create(
        creator=ana,
        engine_slug="lost-cities",
        num_players=2,
        options={},
        visibility=Game.Visibility.PRIVATE,
    )
    status, chunks = open_stream(ana, events_url(game, 0))
    assert status == 200
    assert "id: 0\n" in chunks[0]


def test_a_stranger_gets_a_404_for_a_private_games_stream(push_on, ana, make_user):
    game = services.game_create(
        creator=ana,
        engine_slug="lost-cities",
        num_players=2,
        options={},
        visibility=Game.Visibility.PRIVATE,
    )
    stranger = make_user("Stranger")
    assert open_stream(stranger, events_url(game, 0))[0] == 404
    assert open_stream(None, events_url(game, 0))[0] == 404
    # The invitation's token opens it, as it opens the page.
    url = events_url(game, 0) + f"&invite={game.invite_token}"
    assert open_stream(stranger, url)[0] == 200


def test_no_stream_for_a_game_that_does_not_exist(push_on, ana):
    assert open_stream(ana, "/games/999999/events/?version=0")[0] == 404


def test_a_spectator_opens_the_stream_of_a_public_game(
    push_on, lost_cities_game, make_user
):
    assert open_stream(make_user("Eve"), events_url(lost_cities_game, 0))[0] == 200
    assert open_stream(None, events_url(lost_cities_game, 0))[0] == 200


def test_my_events_is_for_signed_in_people_only(push_on, ana):
    assert open_stream(None, reverse("games:my_events"))[0] == 403
    assert open_stream(ana, reverse("games:my_events"))[0] == 200


def test_no_stream_when_push_is_off(settings, lost_cities_game, ana):
    settings.PUSH_ENABLED = False
    assert open_stream(ana, events_url(lost_cities_game, 0))[0] == 404
    assert open_stream(ana, reverse("games:my_events"))[0] == 404


def test_an_event_carries_the_version_only(push_on, lost_cities_game, ana):
    game = lost_cities_game
    channel = push.game_channel(game.pk)
    status, chunks = open_stream(
        ana,
        events_url(game, game.version),
        then=lambda hub: hub.dispatch(channel, str(game.version + 1)),
        chunks=2,
    )
    assert status == 200
    version = game.version + 1
    assert chunks[1] == f"id: {version}\nevent: version\ndata: {version}\n\n"


def test_a_user_event_reaches_the_game_page_of_that_user_only(
    push_on, lost_cities_game, ana, ben
):
    game = lost_cities_game
    status, chunks = open_stream(
        ana,
        events_url(game, game.version),
        then=lambda hub: (
            hub.dispatch(push.user_channel(ben.pk), "5"),
            hub.dispatch(push.user_channel(ana.pk), "6"),
        ),
        chunks=2,
    )
    assert chunks[1:] == ["event: mine\ndata: 6\n\n"]


def test_a_stream_that_resumes_behind_the_version_gets_an_event_at_once(
    push_on, lost_cities_game, ana, ben
):
    game = play_one(play_one(lost_cities_game, {0: ana, 1: ben}), {0: ana, 1: ben})
    assert game.version == 2
    url = events_url(game, 0)  # the page was drawn at version 0
    # The browser reconnects with the id of the last event it had (1).
    status, chunks = open_stream(ana, url, headers={"Last-Event-ID": "1"})
    assert "id: 2\nevent: version\ndata: 2\n\n" in chunks[0]
    # Up to date (Last-Event-ID wins over the page's version): no event.
    status, chunks = open_stream(ana, url, headers={"Last-Event-ID": "2"})
    assert "event:" not in chunks[0] and "id: 2\n" in chunks[0]
    # No Last-Event-ID: the page's version says where it is.
    status, chunks = open_stream(ana, events_url(game, 2))
    assert "event:" not in chunks[0]


def test_an_older_version_published_late_sends_no_event(push_on, lost_cities_game, ana):
    game = lost_cities_game
    channel = push.game_channel(game.pk)
    status, chunks = open_stream(
        ana,
        events_url(game, game.version),
        then=lambda hub: hub.dispatch(channel, str(game.version)),
        chunks=2,
        timeout=0.3,
    )
    assert len(chunks) == 1


def test_a_move_is_published_after_its_commit_not_before(
    push_on, lost_cities_game, ana, ben, django_capture_on_commit_callbacks
):
    game = lost_cities_game
    with django_capture_on_commit_callbacks(execute=True):
        game = play_one(game, {0: ana, 1: ben})
        assert push_on == []  # still inside the transaction
    assert (push.game_channel(game.pk), str(game.version)) in push_on
    users = {c for c, _p in push_on if c.startswith("push:user:")}
    assert users == {push.user_channel(ana.pk), push.user_channel(ben.pk)}
    game_messages = [p for c, p in push_on if c.startswith("push:game:")]
    assert game_messages == [str(game.version)]


def test_a_rolled_back_move_publishes_nothing(
    push_on, lost_cities_game, ana, ben, django_capture_on_commit_callbacks
):
    class Boom(Exception):
        pass

    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(Boom), transaction.atomic():
            play_one(lost_cities_game, {0: ana, 1: ben})
            raise Boom
    assert push_on == []
    lost_cities_game.refresh_from_db()
    assert lost_cities_game.version == 0


def test_nothing_is_published_with_push_off(
    settings,
    monkeypatch,
    lost_cities_game,
    ana,
    ben,
    django_capture_on_commit_callbacks,
):
    settings.PUSH_ENABLED = False
    published = Published()
    monkeypatch.setattr(publish, "redis_client", lambda: published)
    with django_capture_on_commit_callbacks(execute=True):
        play_one(lost_cities_game, {0: ana, 1: ben})
    assert published == []


def test_with_push_off_the_game_page_polls_and_opens_no_stream(
    settings, lost_cities_game, ana
):
    settings.PUSH_ENABLED = False
    client = Client()
    client.force_login(ana)
    body = client.get(lost_cities_game.get_absolute_url()).content.decode()
    assert f'hx-trigger="every {settings.GAME_POLL_SECONDS}s"' in body
    assert "sse-connect" not in body and "push.js" not in body


def test_with_push_on_the_game_page_opens_its_stream_and_polls_slowly(
    push_on, settings, lost_cities_game, ana
):
    client = Client()
    client.force_login(ana)
    body = client.get(lost_cities_game.get_absolute_url()).content.decode()
    game = lost_cities_game
    assert f'sse-connect="/games/{game.pk}/events/?version={game.version}"' in body
    assert (
        f'hx-trigger="sse:version, poll, every {settings.GAME_PUSH_POLL_SECONDS}s"'
        in body
    )
    # The fallback's pace (static/js/push.js) and the extension, from our statics.
    assert f'data-poll-seconds="{settings.GAME_POLL_SECONDS}"' in body
    assert "django_htmx/ext/hx-sse-2.min.js" in body and "js/push.js" in body
    # Other pages listen to the person's own stream.
    body = client.get(reverse("games:my_games")).content.decode()
    assert 'sse-connect="/my/events/"' in body
    assert 'hx-trigger="sse:mine"' in body


def test_the_header_link_is_sent_again_with_its_count(push_on, lost_cities_game):
    client = Client()
    client.force_login(lost_cities_game.seats.get(to_move=True).user)
    body = client.get(reverse("games:my_games_link")).content.decode()
    assert 'class="my-games-link"' in body and 'data-waiting="1"' in body


def test_a_change_published_through_redis_reaches_an_open_stream(
    settings, lost_cities_game, ana
):
    """The whole way through a real Redis: publish_game, the hub's
    subscription, the stream (skipped without a Redis on 127.0.0.1)."""
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.5).ping()
    except redis.exceptions.ConnectionError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    settings.PUSH_REDIS_URL = REDIS_URL
    settings.PUSH_ENABLED = True
    game = lost_cities_game
    # A version no other test process publishes for this game id.
    version = 10_000 + uuid.uuid4().int % 1_000_000

    async def go():
        client = AsyncClient()
        await client.aforce_login(ana)
        response = await client.get(events_url(game, game.version))
        stream = aiter(response.streaming_content)
        await anext(stream)
        await asyncio.wait_for(push.hub().connected.wait(), 5)
        await asyncio.to_thread(publish.publish_game, game.pk, version)
        try:
            while True:
                chunk = (await asyncio.wait_for(anext(stream), 5)).decode()
                if f"data: {version}\n" in chunk:
                    return chunk
        finally:
            await stream.aclose()
            push.hub().task.cancel()

    assert f"id: {version}\n" in async_to_sync(go)()


def test_the_asgi_application_runs_every_requests_sync_work_in_one_thread():
    """config/asgi.py: no thread (and no database connection) of its own per
    request, as Django's handler would give, kept while a stream is open."""
    import threading

    from asgiref.testing import ApplicationCommunicator
    from django.core.signals import request_started

    from config.asgi import application

    threads = []

    def seen(**kwargs):
        threads.append(threading.get_ident())

    async def get(path):
        scope = {
            "type": "http",
            "method": "GET",
            "path": path,
            "query_string": b"",
            "headers": [(b"host", b"127.0.0.1")],
            "client": ("127.0.0.1", 1),
            "server": ("127.0.0.1", 80),
        }
        app = ApplicationCommunicator(application, scope)
        await app.send_input({"type": "http.request", "body": b""})
        start = await app.receive_output(5)
        while (await app.receive_output(5)).get("more_body"):
            pass
        await app.wait(5)
        return start["status"]

    statuses = []

    def two_requests():  # a thread of its own: no event loop of another test's
        statuses.extend(asyncio.run(get(path)) for path in ("/no-page/", "/none/"))

    request_started.connect(seen)
    try:
        runner = threading.Thread(target=two_requests)
        runner.start()
        runner.join(30)
    finally:
        request_started.disconnect(seen)
    assert statuses == [404, 404]
    assert len(threads) == 2 and threads[0] == threads[1]


def test_a_redis_that_fails_a_publish_is_logged_not_raised(
    settings, monkeypatch, caplog
):
    """The move has committed: a Redis down must not turn it into a 500 (the
    pages' polls still bring it)."""
    settings.PUSH_ENABLED = True

    class Down:
        def pipeline(self, transaction=True):
            return self

        def publish(self, channel, payload):
            pass

        def execute(self):
            raise ConnectionError("Redis is down")

    monkeypatch.setattr(publish, "redis_client", lambda: Down())
    monkeypatch.setattr(publish.publisher, "breaker", Breaker("test", 3.0))
    publish.publish_game(1, 2)
    assert publish.publisher.drain()
    assert "push: publish to push:game:1 failed" in caplog.text


def test_a_lost_subscription_tells_every_stream_to_check(
    push_on, lost_cities_game, ana
):
    """After the hub reconnects to Redis (messages may have been missed), each
    stream sends `version` (its last) and `mine`: the page polls and catches up."""
    game = lost_cities_game
    status, chunks = open_stream(
        ana,
        events_url(game, game.version),
        then=lambda hub: hub.resync_all(),
        chunks=2,
    )
    version = game.version
    assert chunks[1] == (
        f"id: {version}\nevent: version\ndata: {version}\n\nevent: mine\ndata: 0\n\n"
    )


def test_a_seat_taken_or_left_at_an_open_table_tells_its_people(
    push_on, ana, ben, make_user, django_capture_on_commit_callbacks
):
    """The waiting page listens for `mine` too: someone sitting down or leaving
    changes no version, so the table's people are told as "one of your games"."""
    game = services.game_create(
        creator=ana, engine_slug="my-city", num_players=3, options={}
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_join(game_id=game.pk, user=ben)
    assert push.user_channel(ana.pk) in {c for c, _p in push_on}
    push_on.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_leave(game_id=game.pk, user=ben)
    assert {c for c, _p in push_on} >= {push.user_channel(ana.pk)}
    page = Client()
    page.force_login(ana)
    body = page.get(game.get_absolute_url()).content.decode()
    assert "sse:version, sse:mine, poll" in body


# --- publishing off the request path (a frozen Redis must not freeze a move) --


@pytest.fixture
def own_push_redis(settings, monkeypatch, own_redis):
    """Push published to a Redis of the test's own, which it may freeze."""
    settings.PUSH_REDIS_URL = own_redis.url(0)
    settings.PUSH_ENABLED = True
    monkeypatch.setattr(publish, "_client", None)
    monkeypatch.setattr(publish.publisher, "breaker", Breaker("test", 3.0))
    yield own_redis
    publish.publisher.drain()


def test_a_move_publishes_one_batch_in_one_round_trip(
    push_on, lost_cities_game, ana, ben, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        play_one(lost_cities_game, {0: ana, 1: ben})
    assert len(push_on.settled()) == 3  # the game and its two players
    assert push_on.trips == 1


def test_a_move_is_published_through_a_real_redis(
    own_push_redis, lost_cities_game, ana, ben, django_capture_on_commit_callbacks
):
    import redis

    listener = redis.Redis.from_url(own_push_redis.url(0)).pubsub()
    listener.psubscribe("push:*")
    listener.get_message(timeout=1)  # the subscription's confirmation
    with django_capture_on_commit_callbacks(execute=True):
        game = play_one(lost_cities_game, {0: ana, 1: ben})
    got = []
    deadline = time.monotonic() + 5
    while len(got) < 3 and time.monotonic() < deadline:
        message = listener.get_message(timeout=0.5)
        if message and message["type"] == "pmessage":
            got.append((message["channel"].decode(), message["data"].decode()))
    listener.close()
    assert (push.game_channel(game.pk), str(game.version)) in got
    assert {c for c, _ in got} >= {push.user_channel(ana.pk), push.user_channel(ben.pk)}


def test_a_frozen_redis_does_not_hold_up_moves(
    own_push_redis, lost_cities_game, ana, ben, django_capture_on_commit_callbacks
):
    """A Redis that accepts connections and answers nothing (SIGSTOP): the
    moves answer as fast as ever, the publisher waits one short timeout and
    then drops what comes for a few seconds."""
    game = lost_cities_game
    publish.publish_game(game.pk, 0)  # connected before the freeze
    assert publish.publisher.drain()
    own_push_redis.freeze()
    started = time.monotonic()
    for _ in range(4):
        with django_capture_on_commit_callbacks(execute=True):
            game = play_one(game, {0: ana, 1: ben})
    assert time.monotonic() - started < 1.0  # before: 2 s a publish, 3 a move
    assert publish.publisher.drain(timeout=2 * publish.TIMEOUT_SECONDS + 1)
    assert not publish.publisher.breaker.allows()  # one failure: the rest skipped
    assert time.monotonic() - started < 2.0


def test_a_full_publishing_queue_drops_instead_of_waiting(settings, monkeypatch):
    settings.PUSH_ENABLED = True
    release = threading.Event()

    class Stuck:
        def pipeline(self, transaction=True):
            return self

        def publish(self, channel, payload):
            pass

        def execute(self):
            release.wait(5)

    monkeypatch.setattr(publish, "redis_client", lambda: Stuck())
    small = publish.Publisher(size=2)
    started = time.monotonic()
    sent = [small.send([("push:game:1", str(v))]) for v in range(6)]
    assert time.monotonic() - started < 0.5
    assert sent.count(False) >= 3 and small.dropped >= 3
    release.set()
    assert small.drain()


# --- a push outage: the pages poll until push is back --------------------------


def test_while_the_hub_has_lost_redis_new_streams_are_refused(
    push_on, lost_cities_game, ana
):
    game = lost_cities_game

    async def go():
        push.hub().down = True
        client = AsyncClient()
        await client.aforce_login(ana)
        return [
            await client.get(events_url(game, game.version)),
            await client.get(reverse("games:my_events")),
        ]

    for response in async_to_sync(go)():
        assert response.status_code == 503
        assert response["Retry-After"] == "5"


def test_an_open_stream_is_told_when_the_hub_loses_redis_and_ends(
    push_on, lost_cities_game, ana
):
    game = lost_cities_game
    status, chunks = open_stream(
        ana, events_url(game, game.version), then=lambda hub: hub.tell_down(), chunks=3
    )
    assert status == 200
    assert chunks[1:] == ["event: down\ndata: 0\n\n"]  # and nothing after: it ended


def test_the_pages_script_polls_when_told_push_is_down():
    from django.conf import settings

    script = (settings.BASE_DIR / "static" / "js" / "push.js").read_text()
    assert 'addEventListener("down"' in script


def real_hub_stream(url, ana, game, fault, *, repair=None):
    """Opens a stream through a real hub on the test's own Redis, applies
    `fault()` and returns (seconds until the stream said `down`, its last
    chunk, the status of a stream opened then, the status of one opened after
    `repair()`)."""

    async def go():
        client = AsyncClient()
        await client.aforce_login(ana)
        hub = push.hub()
        response = await client.get(events_url(game, game.version))
        stream = aiter(response.streaming_content)
        await anext(stream)
        await asyncio.wait_for(hub.connected.wait(), 5)
        await asyncio.to_thread(fault)
        started = time.monotonic()
        try:
            chunk = ""
            while "event: down" not in chunk:
                chunk = (await asyncio.wait_for(anext(stream), 15)).decode()
            told = time.monotonic() - started
            with pytest.raises(StopAsyncIteration):
                await asyncio.wait_for(anext(stream), 2)
        finally:
            await stream.aclose()
        refused = (await client.get(events_url(game, game.version))).status_code
        again = None
        if repair is not None:
            await asyncio.to_thread(repair)
            await asyncio.wait_for(hub.connected.wait(), 10)
            response = await client.get(events_url(game, game.version))
            again = response.status_code
            await response.streaming_content.aclose()
        hub.task.cancel()
        return told, chunk, refused, again

    return async_to_sync(go)()


def test_redis_stopped_tells_the_open_streams_and_push_comes_back(
    settings, own_redis, lost_cities_game, ana
):
    settings.PUSH_REDIS_URL = own_redis.url(0)
    settings.PUSH_ENABLED = True
    told, chunk, refused, again = real_hub_stream(
        own_redis.url(0), ana, lost_cities_game, own_redis.stop, repair=own_redis.start
    )
    assert told < 2.0 and chunk.endswith("event: down\ndata: 0\n\n")
    assert refused == 503
    assert again == 200


def test_a_frozen_redis_is_found_by_the_hubs_ping(
    settings, own_redis, lost_cities_game, ana
):
    settings.PUSH_REDIS_URL = own_redis.url(0)
    settings.PUSH_ENABLED = True
    told, _chunk, refused, again = real_hub_stream(
        own_redis.url(0), ana, lost_cities_game, own_redis.freeze, repair=own_redis.thaw
    )
    assert told < push.Hub.PONG_SECONDS + push.Hub.PING_SECONDS + 1.5
    assert refused == 503
    assert again == 200
