"""Request bodies over the largest legitimate one (a record import) are refused
with 413 before they are read, by the ASGI and WSGI applications and by the
proxy configurations we ship (config/body_limit.py)."""

import asyncio
import io
import re
import threading
from pathlib import Path

import pytest
from asgiref.testing import ApplicationCommunicator
from django.conf import settings

from history.records import MAX_RECORD_BYTES

ROOT = Path(__file__).resolve().parents[1]
MB = 1_000_000


def in_a_thread(coroutine_function):
    """Runs an async test body on an event loop of its own thread (as the ASGI
    test in tests/games/test_push.py: no event loop of another test's)."""
    result = []

    def run():
        result.append(asyncio.run(coroutine_function()))

    runner = threading.Thread(target=run)
    runner.start()
    runner.join(60)
    assert result, "the ASGI exchange did not finish"
    return result[0]


def post_scope(headers=()):
    return {
        "type": "http",
        "method": "POST",
        "path": "/history/import/",
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1"), *headers],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }


async def answer(app):
    start = await app.receive_output(5)
    body = b""
    while True:
        message = await app.receive_output(5)
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    return start["status"], body


@pytest.mark.django_db
def test_a_declared_body_over_the_limit_is_refused_before_it_is_read():
    from config.asgi import application

    async def go():
        scope = post_scope([(b"content-length", b"300000000")])
        app = ApplicationCommunicator(application, scope)
        # Not a byte of the 300 MB is sent: the answer comes without them.
        status, body = await answer(app)
        await app.wait(5)
        return status, body

    status, body = in_a_thread(go)
    assert status == 413 and b"too large" in body


@pytest.mark.django_db
def test_a_chunked_body_is_cut_at_the_limit():
    from config.asgi import application

    sent = []

    async def go():
        app = ApplicationCommunicator(application, post_scope())
        for _ in range(5):  # 5 MB in 1 MB chunks, no Content-Length
            await app.send_input(
                {"type": "http.request", "body": b"x" * MB, "more_body": True}
            )
            sent.append(MB)
        status, _body = await answer(app)
        await app.wait(5)
        return status

    assert in_a_thread(go) == 413


@pytest.mark.django_db
def test_a_body_under_the_limit_reaches_the_site():
    """A chunked body the size of the largest record goes on to Django (which
    refuses this one for its missing CSRF token, as any such post)."""
    from config.asgi import application

    async def go():
        app = ApplicationCommunicator(application, post_scope())
        await app.send_input(
            {"type": "http.request", "body": b"x" * MAX_RECORD_BYTES, "more_body": True}
        )
        await app.send_input({"type": "http.request", "body": b"", "more_body": False})
        status, _body = await answer(app)
        await app.wait(5)
        return status

    assert in_a_thread(go) == 403


def test_the_limit_holds_the_largest_legitimate_body():
    assert MAX_RECORD_BYTES + 100_000 < settings.REQUEST_BODY_MAX_BYTES <= 3 * MB


def test_the_wsgi_application_refuses_a_declared_body_over_the_limit():
    from config.wsgi import application

    class Unread(io.RawIOBase):
        def read(self, *args):
            raise AssertionError("the body was read")

    statuses = []
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/history/import/",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "80",
        "HTTP_HOST": "127.0.0.1",
        "CONTENT_LENGTH": "300000000",
        "wsgi.input": Unread(),
        "wsgi.url_scheme": "http",
    }
    body = b"".join(application(environ, lambda s, h: statuses.append(s)))
    assert statuses == ["413 Content Too Large"] and b"too large" in body


def test_the_shipped_proxies_refuse_large_bodies_too():
    caddy = (ROOT / "deploy/Caddyfile").read_text()
    assert re.search(r"request_body\s*\{\s*max_size 3MB\s*\}", caddy)
    deploy = (ROOT / "docs/deploy.md").read_text()
    assert "client_max_body_size 3m;" in deploy
