"""The ASGI application: `uvicorn config.asgi:application --workers N` (one
process per core). Needed for server push (games/push.py, docs/architecture.md);
every other page is served as under WSGI.

Django's own ASGI handler runs each request's sync work (the middleware, the
session, the views, the database) in a thread of the request's own, kept until
the response ends. An event stream lasts as long as its page is open: 10,000
open pages would hold 10,000 idle threads, and each ordinary request would open
its own database connection (a persistent one lives in its thread). This
handler leaves that per-request context out: the process's sync work runs in its
one shared sync thread, one request at a time (as in a gunicorn sync worker:
the GIL runs one at a time anyway), keeping its database connection from one
request to the next; an open stream holds no thread at all.

In front of it, `BodyLimitASGI` (config/body_limit.py) answers 413 to a body
larger than the largest legitimate one before it is read.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402
from django.core.handlers.asgi import ASGIHandler  # noqa: E402

from config.body_limit import BodyLimitASGI  # noqa: E402


class SiteHandler(ASGIHandler):
    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(
                f"Django can only handle ASGI/HTTP connections, not {scope['type']}."
            )
        await self.handle(scope, receive, send)


django.setup(set_prefix=False)
application = BodyLimitASGI(SiteHandler())
