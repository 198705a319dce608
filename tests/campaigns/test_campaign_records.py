"""A finished episode's game record holds the campaign's chapters only as far as
the pages reveal them at that episode: the later chapters sealed, the later
episodes' own rules empty; it still imports and replays to the same end."""

import json

import pytest
from campaign_helpers import play_episode
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from game_helpers import once

from campaigns import services
from games.my_city.campaign import SEALED_CHAPTER, chapters_known
from games.my_city.engine.chapters import CHAPTERS
from history.models import ImportedRecord
from history.records import record_replay

pytestmark = pytest.mark.django_db


@pytest.fixture
def capture(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def own_chapters() -> list:
    """The original chapters under names of our own, each findable in a text."""
    own = json.loads(json.dumps(CHAPTERS))
    for number, entry in enumerate(own, start=1):
        entry["name"] = f"Envelope-{number}-of-ours"
        entry["story"] = f"Story-{number}-of-ours"
    return own


def test_a_finished_episode_record_holds_only_the_chapters_reached(ana, capture):
    own = own_chapters()
    with capture(execute=True):
        campaign = services.campaign_create(
            creator=ana, num_players=2, bots=1, chapters=own, name="Sealed"
        )
    game = campaign.episodes.get(number=1).game
    play_episode(game.pk, {0: ana}, capture)
    client = Client()
    client.force_login(ana)
    response = client.get(reverse("history:export", args=[game.pk]))
    assert response.status_code == 200
    text = response.content.decode()
    record = json.loads(text)

    # Chapter 1 as written, with episode 1's own rules only.
    first = record["options"]["chapters"][0]
    assert first["name"] == "Envelope-1-of-ours" and "Story-1-of-ours" in text
    assert first["rules"] == own[0]["rules"]
    assert first["episodes"] == [own[0]["episodes"][0], [], []]
    # Nothing of chapters 2 to 8: names, stories, rules.
    for number in range(2, 9):
        assert f"Envelope-{number}-of-ours" not in text
        assert f"Story-{number}-of-ours" not in text
    assert record["options"]["chapters"][1:] == [SEALED_CHAPTER] * 7
    # The campaign page after episode 1 keeps them sealed too.
    page = client.get(campaign.get_absolute_url()).content.decode()
    assert "Envelope-1-of-ours" in page and "Envelope-2-of-ours" not in page

    # It imports and replays to the outcome the site recorded.
    upload = SimpleUploadedFile("episode.json", response.content)
    imported = client.post(
        reverse("history:import"), {"record": upload, **once(client)}
    )
    assert imported.status_code == 302, imported.content.decode()[-2000:]
    engine, final = record_replay(ImportedRecord.objects.get().record)
    assert {r["seat"]: (r["score"], r["rank"]) for r in engine.outcome(final)} == {
        s.position: (s.score, s.rank) for s in game.seats.all()
    }


def test_chapters_known_follow_the_episode_reached():
    """Episode 5 (chapter 2's second): chapters 1 and 2, episode 6's own rules
    empty, chapters 3 to 8 sealed; episode 24 reveals everything."""
    own = own_chapters()
    known = chapters_known(own, 5)
    assert known[0] == own[0]
    assert known[1]["name"] == own[1]["name"]
    assert known[1]["episodes"] == [*own[1]["episodes"][:2], []]
    assert known[2:] == [SEALED_CHAPTER] * 6
    assert chapters_known(own, 24) == own
    assert own == own_chapters()  # the campaign's own chapters are left as they are
