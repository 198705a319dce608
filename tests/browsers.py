"""Where the real-browser tests find a Chromium, and what the run says when there is
none (tests/conftest.py).

Looked for in this order: the CHROMIUM variable (a path; empty or a missing file
means none), Debian's /usr/bin/chromium, `chromium-browser` or `chromium` on the
PATH, then the browsers Playwright downloads (`playwright install chromium`, under
PLAYWRIGHT_BROWSERS_PATH or ~/.cache/ms-playwright)."""

import os
import shutil
from pathlib import Path

NO_CHROMIUM = "no Chromium; `apt-get install chromium`"

# Inside a Playwright browsers folder: the full browser, then the headless shell.
PLAYWRIGHT_EXECUTABLES = [
    "chromium-*/chrome-linux*/chrome",
    "chromium_headless_shell-*/chrome-linux*/headless_shell",
    "chromium_headless_shell-*/chrome-linux*/chrome-headless-shell",
]


def playwright_browsers_folder():
    folder = os.environ.get("PLAYWRIGHT_BROWSERS_PATH", "")
    if folder and folder != "0":
        return Path(folder)
    return Path.home() / ".cache" / "ms-playwright"


def executable(path):
    return path is not None and os.path.isfile(path) and os.access(path, os.X_OK)


def find_chromium(environ=None):
    """The path of a Chromium to launch, or None."""
    environ = os.environ if environ is None else environ
    if "CHROMIUM" in environ:
        chosen = environ["CHROMIUM"]
        return chosen if executable(chosen) else None
    candidates = ["/usr/bin/chromium"]
    candidates += [shutil.which(name) for name in ("chromium-browser", "chromium")]
    folder = playwright_browsers_folder()
    for pattern in PLAYWRIGHT_EXECUTABLES:
        candidates += [str(path) for path in sorted(folder.glob(pattern), reverse=True)]
    return next((path for path in candidates if executable(path)), None)


def not_run_line(count):
    tests = "browser test" if count == 1 else "browser tests"
    return f"{count} {tests} not run: {NO_CHROMIUM}"
