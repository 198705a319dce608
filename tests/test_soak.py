"""The embedded site as `make run` starts it (runserver, a Celery worker with beat,
SQLite, the filesystem broker) under two people playing over HTTP: no 5xx, and a
quiet console (no line per request or per task at the default log level).

scripts/soak.py does the work; here a short game of it (the done-when of issue 15
is its full run: `python scripts/soak.py --moves 1000`)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "soak.py"


@pytest.mark.slow
def test_two_people_play_the_embedded_site_without_a_server_error():
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--moves", "60", "--tables", "3"],
        capture_output=True,
        text=True,
        timeout=900,
    )
    out = result.stdout + result.stderr
    assert "5xx: 0; failed connections: 0" in out, out
    assert result.returncode == 0, out
    consoles = re.findall(r"console lines of the (\w+): \d+ \((\d+) per", out)
    assert sorted(consoles) == [("web", "0"), ("worker", "0")], out
