"""The import form submits once: a second post of the same form redirects to the
record the first one imported."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from history.models import ImportedRecord

pytestmark = pytest.mark.django_db


def token_of(page) -> str:
    import re

    match = re.search(r'name="once" value="([^"]+)"', page.content.decode())
    assert match, "the form carries its one-time token"
    return match.group(1)


def test_an_import_posted_twice_is_one_record(play):
    game = play("lost-cities", seed=12)
    c = Client()
    c.force_login(game.seats.get(position=0).user)
    record = c.get(reverse("history:export", args=[game.pk])).content
    url = reverse("history:import")
    token = token_of(c.get(url))

    def post():
        upload = SimpleUploadedFile("game.json", record)
        return c.post(url, {"record": upload, "once": token})

    first, second = post(), post()
    imported = ImportedRecord.objects.get()
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert first["Location"] == reverse("history:imported", args=[imported.pk])
    json.loads(record)  # the export itself was a record
