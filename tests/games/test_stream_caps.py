"""Event streams are capped: per client address and per session in a web
process (429 beyond, the slot given back when a stream closes), and a stream
ends after PUSH_STREAM_MAX_SECONDS (the browser reconnects and is checked
again) (games/stream_slots.py)."""

import asyncio

import pytest
from asgiref.sync import async_to_sync
from django.test import AsyncClient
from django.urls import reverse

from games import push, services, stream_slots

pytestmark = pytest.mark.django_db


@pytest.fixture
def push_on(settings, monkeypatch):
    """Push on, with a hub that never connects (as tests/games/test_push.py)."""
    settings.PUSH_REDIS_URL = "redis://127.0.0.1:6379/0"
    settings.PUSH_ENABLED = True

    async def idle(self):
        await asyncio.Event().wait()

    monkeypatch.setattr(push.Hub, "run", idle)


@pytest.fixture(autouse=True)
def behind_a_proxy(settings):
    """The client's address from the header a proxy of ours sets (the test
    client connects from one address)."""
    settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER = "X-Real-IP"


class from_address(AsyncClient):  # noqa: N801 - read as a function
    """A test client whose requests come from `address` (the proxy's header)."""

    def __init__(self, address):
        super().__init__()
        self.address = address

    async def get(self, path, **extra):
        return await super().get(path, headers={"X-Real-IP": self.address}, **extra)


@pytest.fixture
def public_game(ana):
    return services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )


class Opened:
    """An open stream: its status, and the first chunk read when it is 200."""

    def __init__(self, response):
        self.status = response.status_code
        self.response = response
        self.stream = aiter(response.streaming_content) if self.status == 200 else None

    async def close(self):
        """The page is closed: as Django's ASGI handler does then."""
        await self.stream.aclose()
        self.response.close()


async def opened(client, url) -> Opened:
    found = Opened(await client.get(url))
    if found.stream is not None:
        await anext(found.stream)
    return found


def test_streams_per_address_are_capped_and_a_closed_one_gives_its_slot_back(
    push_on, public_game, settings
):
    settings.PUSH_STREAMS_PER_ADDRESS = 2
    url = reverse("games:events", args=[public_game.pk])

    async def go():
        clients = [from_address("203.0.113.5") for _ in range(4)]
        first, second, third = [await opened(c, url) for c in clients[:3]]
        elsewhere = await opened(from_address("198.51.100.7"), url)
        await first.close()
        again = await opened(clients[3], url)
        for stream in (second, again, elsewhere):
            await stream.close()
        return (
            [first.status, second.status, third.status],
            elsewhere.status,
            again.status,
        )

    statuses, elsewhere, again = async_to_sync(go)()
    assert statuses == [200, 200, 429]
    assert elsewhere == 200 and again == 200
    assert stream_slots.held("address:203.0.113.5") == 0


def test_streams_per_session_are_capped(push_on, public_game, ana, ben, settings):
    settings.PUSH_STREAMS_PER_SESSION = 2
    game_url = reverse("games:events", args=[public_game.pk])
    mine_url = reverse("games:my_events")

    async def go():
        client = from_address("203.0.113.6")
        await client.aforce_login(ana)
        streams = [await opened(client, game_url), await opened(client, mine_url)]
        refused = [await opened(client, game_url), await opened(client, mine_url)]
        other = from_address("203.0.113.6")  # another person at the same address
        await other.aforce_login(ben)
        theirs = await opened(other, mine_url)
        for stream in [*streams, theirs]:
            await stream.close()
        return [s.status for s in streams], [r.status for r in refused], theirs.status

    statuses, refused, theirs = async_to_sync(go)()
    assert statuses == [200, 200] and refused == [429, 429] and theirs == 200


def test_a_stream_ends_after_its_longest_life_and_gives_its_slot_back(
    push_on, public_game, settings
):
    settings.PUSH_STREAM_MAX_SECONDS = 0.3
    settings.PUSH_KEEPALIVE_SECONDS = 0.1
    url = reverse("games:events", args=[public_game.pk])

    async def go():
        found = await opened(from_address("203.0.113.8"), url)
        chunks = []
        async with asyncio.timeout(5):
            async for chunk in found.stream:  # keepalives, then the end
                chunks.append(chunk)
        return found.status, chunks

    status, chunks = async_to_sync(go)()
    assert status == 200 and chunks and all(b"keepalive" in c for c in chunks)
    assert stream_slots.held("address:203.0.113.8") == 0


def test_a_stream_dropped_before_its_first_chunk_gives_its_slot_back(
    push_on, public_game
):
    url = reverse("games:events", args=[public_game.pk])

    async def go():
        response = await from_address("203.0.113.9").get(url)
        held = stream_slots.held("address:203.0.113.9")
        response.close()  # as Django's handler does when the client is gone
        return response.status_code, held

    assert async_to_sync(go)() == (200, 1)
    assert stream_slots.held("address:203.0.113.9") == 0
