"""The event streams (Server-Sent Events, games/push.py): a game page's and a
signed-in person's other pages', each holding its client's slots
(games/stream_slots.py) until it closes. Thin, as the other views."""

from asgiref.sync import sync_to_async
from django.conf import settings
from django.http import HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from . import push, selectors, stream_slots


@require_GET
async def game_events(request, game_id):
    """The game page's event stream (games/push.py): `version` when the game's
    version moves, `mine` when one of the viewer's games changes. Open only to
    who may see the game (the poll's rule); 404 when push is off. The refusals
    are bare statuses: an EventSource shows no page."""
    if not settings.PUSH_ENABLED:
        return HttpResponse(status=404)
    hub = push.hub()
    if hub.down:
        return push_down()
    slots = stream_slots.Slots()
    if not slots.take_address(request):
        return HttpResponse(status=429)
    # Listening before the version is read: no change falls in between.
    listener = push.Listener([push.game_channel(game_id)])
    hub.add(listener)
    user_id, current, session_key = await sync_to_async(stream_check)(
        request, game_id, request.GET.get("invite")
    )
    if current is None or not slots.take_session(session_key):
        hub.remove(listener)
        slots.release()
        return HttpResponse(status=404 if current is None else 429)
    if user_id is not None:
        hub.extend(listener, push.user_channel(user_id))
    since = push.parse_since(
        request.headers.get("Last-Event-ID"), request.GET.get("version")
    )
    events = push.event_stream(hub, listener, since=since, current=current)
    return stream_response(events, slots)


def stream_check(request, game_id, token):
    """(the viewer's id or None, the game's version or None if they may not see
    it, the session's key once checked): the session, the user and the version
    in one trip to the sync thread."""
    user = request.user
    version = selectors.game_version(game_id=game_id, user=user, token=token)
    user_id = user.pk if user.is_authenticated else None
    return user_id, version, request.session.session_key


@require_GET
async def my_events(request):
    """A signed-in person's event stream on pages other than a game's: `mine`
    when one of their games changes (their "My games" and the header's count)."""
    if not settings.PUSH_ENABLED:
        return HttpResponse(status=404)
    slots = stream_slots.Slots()
    if not slots.take_address(request):
        return HttpResponse(status=429)
    user = await request.auser()
    if not user.is_authenticated:
        slots.release()
        return HttpResponse(status=403)
    hub = push.hub()
    if hub.down:
        slots.release()
        return push_down()
    if not slots.take_session(request.session.session_key):
        slots.release()
        return HttpResponse(status=429)
    listener = push.Listener([push.user_channel(user.pk)])
    hub.add(listener)
    events = push.event_stream(hub, listener, since=None, current=0)
    return stream_response(events, slots)


def push_down() -> HttpResponse:
    """While this process's hub has lost Redis no stream is opened: the browser
    stops trying for a while (its SSE extension backs off) and the page polls."""
    return HttpResponse(status=503, headers={"Retry-After": "5"})


class EventStreamResponse(StreamingHttpResponse):
    """An event stream that gives its slots back when it closes, even one
    dropped before its first event."""

    def __init__(self, events, slots):
        super().__init__(
            stream_slots.bounded(events, slots), content_type="text/event-stream"
        )
        self.slots = slots

    def close(self):
        try:
            super().close()
        finally:
            self.slots.release()


def stream_response(events, slots) -> StreamingHttpResponse:
    """The stream's response, at most PUSH_STREAM_MAX_SECONDS long, holding its
    client's slots (games/stream_slots.py) until it closes."""
    response = EventStreamResponse(events, slots)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy passes each event on at once
    return response
