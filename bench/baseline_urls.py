"""The site's urls plus the bare baseline view: one UPDATE of one row in one
transaction, behind the site's whole middleware stack; and, for `--no-board`,
the site's move without the board it answers with."""

from django.contrib.auth.decorators import login_required
from django.db import connection, transaction
from django.http import HttpResponse
from django.urls import path
from django.views.decorators.http import require_POST

from config.urls import urlpatterns as site_urlpatterns
from games import services
from games.errors import Refused


def bare_update(request, row):
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE bench_counter SET n = n + 1 WHERE id = %s", [row])
    return HttpResponse("ok", content_type="text/plain")


@login_required
@require_POST
def move_without_board(request, game_id):
    """The site's move view (games/views.py: `move`) up to the board it would
    render: the move is parsed, checked, applied, saved and its effects queued,
    and the answer is two bytes. What it costs is what a move costs before any
    board is read or rendered."""
    try:
        move = services.parse_move(request.POST.get("move"))
        services.move_submit(
            game_id=game_id,
            user=request.user,
            move=move,
            expected_version=int(request.POST.get("version", "")),
        )
    except (Refused, ValueError):
        return HttpResponse("no", status=409, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/update/<int:row>", bare_update, name="bench_update"),
    path("bench/move-without-board/<int:game_id>", move_without_board),
    *site_urlpatterns,
]
