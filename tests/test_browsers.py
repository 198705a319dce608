"""Without a Chromium the browser tests are skipped, and the run says so at its
start and at its end, instead of failing with a launch error."""

import os
import subprocess
import sys
from pathlib import Path

from tests.browsers import find_chromium

ROOT = Path(__file__).resolve().parents[1]
BROWSER_TESTS = "tests/e2e/test_waiting_count_browser.py"
NOT_RUN = "1 browser test not run: no Chromium; `apt-get install chromium`"


def run_pytest(*args, chromium):
    env = {**os.environ, "CHROMIUM": chromium}
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_chromium_variable_names_the_browser_or_none(tmp_path):
    browser = tmp_path / "chromium"
    browser.write_text("#!/bin/sh\n")
    browser.chmod(0o755)
    assert find_chromium({"CHROMIUM": str(browser)}) == str(browser)
    assert find_chromium({"CHROMIUM": str(tmp_path / "nothing")}) is None
    assert find_chromium({"CHROMIUM": ""}) is None


def test_without_a_chromium_the_run_says_so_at_its_start_and_end():
    result = run_pytest(BROWSER_TESTS, chromium=str(ROOT / "no-such-chromium"))
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    said = [number for number, line in enumerate(lines) if NOT_RUN in line]
    assert len(said) == 2, result.stdout
    progress = next(n for n, line in enumerate(lines) if line.startswith(BROWSER_TESTS))
    assert said[0] < progress < said[1]
    assert "1 skipped" in lines[-1] and "passed" not in lines[-1]
    assert "Error" not in result.stdout


def test_with_xdist_too():
    result = run_pytest(
        "-n", "2", BROWSER_TESTS, chromium=str(ROOT / "no-such-chromium")
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count(NOT_RUN) == 2, result.stdout
    assert "1 skipped" in result.stdout.splitlines()[-1]
