"""LOG_FORMAT=json: every log line is one JSON object (time, level, logger,
message and the record's fields), a request's line among them; the default
stays the plain text people read."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import logging, django
django.setup()
from django.test import Client
logging.getLogger("games.notifications").warning("sent %s", 3, extra={"game": 7})
Client().get("/no-such-page/")
"""


def run_site(**env) -> list[str]:
    full = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LOG_FORMAT", "LOG_REQUESTS", "LOG_LEVEL")
    }
    full.update(DJANGO_SETTINGS_MODULE="config.settings", **env)
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=full,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return [line for line in result.stderr.splitlines() if line.strip()]


def test_json_logs_are_one_object_per_line_with_the_records_fields(tmp_path):
    lines = run_site(
        LOG_FORMAT="json",
        LOG_LEVEL="INFO",
        VAR_DIR=str(tmp_path),
        ALLOWED_HOSTS="testserver",
    )
    records = [json.loads(line) for line in lines]  # every line parses
    sent = next(r for r in records if r["logger"] == "games.notifications")
    assert sent["level"] == "WARNING"
    assert sent["message"] == "sent 3"
    assert sent["game"] == 7
    assert "time" in sent
    request = next(r for r in records if r["logger"] == "ops.request")
    assert request["path"] == "/no-such-page/"
    assert request["status"] == 404
    assert request["view"] == "other"
    assert request["method"] == "GET"
    assert isinstance(request["duration_ms"], float)


def test_text_logs_stay_the_default(tmp_path):
    lines = run_site(
        LOG_LEVEL="INFO", VAR_DIR=str(tmp_path), ALLOWED_HOSTS="testserver"
    )
    assert "sent 3" in lines
    assert not any(line.startswith("{") for line in lines)
    assert not any("/no-such-page/ 404" in line for line in lines[:1])
