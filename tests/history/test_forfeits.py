"""A game abandoned by a forfeit: rated as a loss for the absent player, replayable,
exportable and importable."""

import datetime
import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from game_helpers import once

from games.models import Game
from history.models import ImportedRecord, Rating

pytestmark = pytest.mark.django_db


@pytest.fixture
def forfeited(play, django_capture_on_commit_callbacks):
    from games.services.timeouts import seat_timeout

    game = play(
        "lost-cities",
        seed=8,
        moves=11,
        time_per_move=datetime.timedelta(days=1),
        timeout_policy=Game.TimeoutPolicy.FORFEIT,
    )
    absent = game.seats.get(to_move=True)
    type(absent).objects.filter(pk=absent.pk).update(
        deadline=timezone.now() - datetime.timedelta(minutes=1)
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert (
            seat_timeout(game_id=game.pk, seat_id=absent.pk, version=game.version)
            == "forfeit"
        )
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED
    return game, absent


def test_a_forfeit_is_rated_as_a_loss_through_the_platform_event(forfeited):
    game, absent = forfeited
    other = game.seats.exclude(pk=absent.pk).get()
    assert Rating.objects.get(user=absent.user).mu < 25
    assert Rating.objects.get(user=other.user).mu > 25


def test_an_abandoned_game_replays_its_moves_and_reveals_all(forfeited, client):
    """The forfeit adds no move: the replay has exactly the moves played."""
    game, _absent = forfeited
    url = reverse("history:replay", args=[game.pk])
    body = client.get(url, {"seat": "all"}).content.decode()
    assert 'data-total="11"' in body and 'data-step="11"' in body
    assert body.count('class="replay-board"') == 2


def test_an_abandoned_game_exports_and_imports(forfeited):
    game, absent = forfeited
    c = Client()
    c.force_login(absent.user)
    record = json.loads(c.get(reverse("history:export", args=[game.pk])).content)
    assert record["status"] == "abandoned" and len(record["moves"]) == 11
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = c.post(
        reverse("history:import"),
        {
            **once(c),
            "record": SimpleUploadedFile("r.json", json.dumps(record).encode()),
        },
    )
    assert response.status_code == 302
    assert ImportedRecord.objects.get().record["status"] == "abandoned"
