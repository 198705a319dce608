"""Export and import of game records (docs/game-record.md)."""

import copy
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from game_helpers import once

from games import engines
from history.models import ImportedRecord
from history.records import RecordRefused, record_parse, record_replay

pytestmark = pytest.mark.django_db


def client_for(user):
    c = Client()
    c.force_login(user)
    return c


def upload(client, record):
    text = record if isinstance(record, str | bytes) else json.dumps(record)
    return client.post(
        reverse("history:import"),
        {
            **once(client),
            "record": SimpleUploadedFile(
                "game.json", text.encode() if isinstance(text, str) else text
            ),
        },
    )


@pytest.fixture
def finished(play):
    return play("lost-cities", seed=12)


@pytest.fixture
def record(finished, client):
    response = client.get(reverse("history:export", args=[finished.pk]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    return json.loads(response.content)


def test_export_holds_engine_version_options_seed_players_and_timed_moves(
    finished, record
):
    """A finished game's record has everything needed to replay it."""
    assert record["format"] == "tablesite-game-record"
    assert record["engine"] == "lost-cities" and record["engine_version"] == 1
    assert record["seed"] == finished.seed
    assert record["options"] == finished.options
    assert [p["seat"] for p in record["players"]] == [0, 1]
    assert len(record["moves"]) == finished.version
    assert record["moves"][0]["seq"] == 1 and record["moves"][0]["at"]
    assert {(r["seat"], r["rank"]) for r in record["outcome"]} == {
        (s.position, s.rank) for s in finished.seats.all()
    }


def test_export_of_a_game_in_progress_is_refused(play, client):
    """The seed (and the moves, which may carry secret choices) leave only after the end."""
    game = play("lost-cities", seed=12, moves=4)
    assert client.get(reverse("history:export", args=[game.pk])).status_code == 404
    player = client_for(game.seats.get(position=0).user)
    assert player.get(reverse("history:export", args=[game.pk])).status_code == 404


@pytest.mark.parametrize("slug", engines.slugs())
def test_export_then_import_gives_the_same_outcome(slug, play, make_user):
    """Every engine's record replays through the importer to the same outcome."""
    game = play(slug, seed=21)
    user = game.seats.get(position=0).user
    c = client_for(user)
    record = json.loads(c.get(reverse("history:export", args=[game.pk])).content)
    response = upload(c, record)
    assert response.status_code == 302, response.content.decode()[-2000:]
    imported = ImportedRecord.objects.get()
    engine, final = record_replay(imported.record)
    by_seat = {s.position: (s.score, s.rank) for s in game.seats.all()}
    assert {
        r["seat"]: (r["score"], r["rank"]) for r in engine.outcome(final)
    } == by_seat
    page = c.get(response["Location"], {"step": 3})
    assert page.status_code == 200 and 'data-step="3"' in page.content.decode()
    assert client_for(make_user()).get(response["Location"]).status_code == 404


def _broken(record, change):
    out = copy.deepcopy(record)
    change(out)
    return out


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda r: r.update(engine="chess"), "no game"),
        (lambda r: r.update(engine_version=99), "version 99"),
        (lambda r: r.update(seed="abc"), "seed"),
        (lambda r: r.pop("moves"), "moves"),
        (lambda r: r["moves"].pop(), "do not finish"),
        (lambda r: r["moves"][5].update(move={"type": "fly"}), "Move 6"),
        (lambda r: r["moves"][2].update(seq=9), "Move 3"),
        (lambda r: r["outcome"][0].update(score=999), "outcome"),
        (lambda r: r.update(status="active"), "over"),
        (lambda r: r.update(num_players=3), "players"),
        (lambda r: r.update(format="other"), "not a game record"),
    ],
)
def test_a_bad_record_is_refused_with_the_reason(record, finished, change, reason):
    """Malformed, unknown engine or version, or not replaying: refused, nothing kept."""
    user = finished.seats.get(position=0).user
    response = upload(client_for(user), _broken(record, change))
    assert response.status_code == 400
    assert reason in response.content.decode()
    assert not ImportedRecord.objects.exists()


@pytest.mark.parametrize("text", [b"", b"not json", b"[1, 2]", b"\xff\xfe"])
def test_a_file_that_is_not_json_is_refused(text):
    with pytest.raises(RecordRefused):
        record_parse(text)


def test_import_needs_a_login_and_a_csrf_token(record, finished):
    """The import form is for signed-in people and checks CSRF."""
    assert upload(Client(), record).status_code == 302  # to the login page
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(finished.seats.get(position=0).user)
    assert upload(strict, record).status_code == 403
    assert not ImportedRecord.objects.exists()


DEEP = [
    "[" * 100_000 + "]" * 100_000,
    '{"a":' * 100_000 + "1" + "}" * 100_000,
    '{"format": "tablesite-game-record", "options": ' + "[" * 2000 + "]" * 2000 + "}",
]


@pytest.mark.parametrize("text", DEEP, ids=["arrays", "objects", "inside-a-record"])
def test_a_deeply_nested_file_is_refused_with_a_400(text, make_user):
    """JSON nested thousands of levels deep (which makes the parser recurse until
    Python gives up) is refused before parsing, with the reason, nothing kept."""
    response = upload(client_for(make_user()), text)
    assert response.status_code == 400
    assert "nested too deeply" in response.content.decode()
    assert not ImportedRecord.objects.exists()


def test_a_record_of_ordinary_depth_is_not_refused_for_its_depth(record):
    """The bound leaves real records alone, brackets inside strings included."""
    record["players"][0]["name"] = "[[[[" * 100
    assert record_parse(json.dumps(record))["players"][0]["name"] == "[[[[" * 100
