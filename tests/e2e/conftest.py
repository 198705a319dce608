"""The browser tests' own fixtures."""

import threading
import time

import pytest


@pytest.fixture(autouse=True)
def browsers_closed_after_each_test(transactional_db, live_server, browser):
    """Every browser context a test opened is closed when it ends, passed or not,
    and the live server has answered its last request before the database is
    emptied for the next test.

    A page left open (`logged_in` pages were never closed, others only when the
    test passed) kept polling the live server every few seconds: through the next
    tests (their setup answered its polls 404, its game gone) and into the end of
    the session, where its requests broke against the closing server and database
    (PostgreSQL refused to drop a test database still in use)."""
    yield
    for context in list(browser.contexts):
        context.close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(
        "process_request_thread" in thread.name for thread in threading.enumerate()
    ):
        time.sleep(0.05)
