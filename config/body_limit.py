"""Request bodies larger than the largest legitimate one are refused with 413
before they are read.

Django's ASGI handler reads a request's whole body (spooled to a temporary file
past a megabyte) before any middleware runs, and DATA_UPLOAD_MAX_MEMORY_SIZE
leaves files out: without this, an anonymous 300 MB POST was written to disk
before its 403. The largest legitimate body is a game record's import (at most
`history.records.MAX_RECORD_BYTES`, 2,000,000 bytes) with the form's other
fields and the multipart framing: REQUEST_BODY_MAX_BYTES (3,000,000 by default)
leaves room for that. Both application layers are wrapped:

- ASGI (`BodyLimitASGI`, config/asgi.py): a declared Content-Length over the
  limit is answered at once, nothing read; a body without one (chunked) is
  read here, at most the limit plus one chunk, then handed on, or answered 413.
- WSGI (`BodyLimitWSGI`, config/wsgi.py): a declared Content-Length over the
  limit is answered at once. Django reads no more than the Content-Length under
  WSGI (none without one), so a chunked body is never read past it.

The proxies we ship refuse them first (deploy/Caddyfile `request_body`, the
nginx example in docs/deploy.md `client_max_body_size`).
"""

from __future__ import annotations

from django.conf import settings

MESSAGE = "The request is too large for this site."


def max_bytes() -> int:
    return int(getattr(settings, "REQUEST_BODY_MAX_BYTES", 3_000_000))


def _too_large(length: str | bytes | None) -> bool:
    """Whether a declared Content-Length is over the limit (a malformed one is
    left to the server and Django, which refuse it)."""
    if length is None:
        return False
    try:
        return int(length) > max_bytes()
    except ValueError:
        return False


class BodyLimitASGI:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or ())
        length = headers.get(b"content-length")
        if _too_large(length):
            return await _refuse(send)
        if length is not None or scope.get("method") in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        # No declared length (a chunked body): read it here, bounded.
        messages, size = [], 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break  # the client went away: Django hears it too
            size += len(message.get("body", b""))
            if size > max_bytes():
                return await _refuse(send)
            if not message.get("more_body", False):
                break

        async def replay():
            return messages.pop(0) if messages else await receive()

        return await self.app(scope, replay, send)


async def _refuse(send) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": MESSAGE.encode()})


class BodyLimitWSGI:
    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        if _too_large(environ.get("CONTENT_LENGTH") or None):
            start_response(
                "413 Content Too Large", [("Content-Type", "text/plain; charset=utf-8")]
            )
            return [MESSAGE.encode()]
        return self.app(environ, start_response)
