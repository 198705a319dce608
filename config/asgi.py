"""The ASGI application: `uvicorn config.asgi:application` (one process per
core: `--workers N`). Needed for server push (games/push.py); every other page is
served as under WSGI.

Event streams (`games:events`, `games:my_events`) go through `StreamHandler`:
Django's own handler gives each request a thread of its own for its sync work
(the middleware, the session, the database), kept until the response ends, and a
stream lasts as long as its page is open: 10,000 open pages would hold 10,000
idle threads. Without that per-request context, the few milliseconds of sync
work when a stream opens go to the process's one shared sync thread, and an
open stream holds no thread at all.
"""

import os
import re

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.asgi import get_asgi_application  # noqa: E402
from django.core.handlers.asgi import ASGIHandler  # noqa: E402

site = get_asgi_application()

# The paths of games/urls.py's `events` and `my_events` (tests check they agree).
STREAM_PATH = re.compile(r"/(games/\d+/events|my/events)/$")


class StreamHandler(ASGIHandler):
    async def __call__(self, scope, receive, send):
        await self.handle(scope, receive, send)


streams = StreamHandler()


async def application(scope, receive, send):
    if scope["type"] == "http" and STREAM_PATH.search(scope["path"]):
        return await streams(scope, receive, send)
    return await site(scope, receive, send)
