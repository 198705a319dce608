"""Thin views: parse the request, call one service or selector, render."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import engines

from . import notifications, selectors, services
from .forms import form_for
from .services import Rejected

BOARD_TEMPLATE = "games/game.html#board"


@require_GET
def lobby(request):
    return render(
        request,
        "games/lobby.html",
        {"engines": engines.all(), "tables": selectors.open_tables()},
    )


@login_required
def game_new(request, slug):
    try:
        engine = engines.get(slug)
    except KeyError:
        raise Http404 from None
    form = form_for(slug)(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_create(
                creator=request.user,
                engine_slug=slug,
                num_players=form.num_players(),
                options=form.options(),
                **form.table_settings(),
            )
        except Rejected as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(game)
    return render(request, "games/new.html", {"engine": engine, "form": form})


@login_required
def my_games(request):
    return render(request, "games/my_games.html", selectors.my_games(user=request.user))


def _visible_game(request, game_id, token=None):
    game = selectors.game_for_page(game_id=game_id)
    if game is None or not selectors.can_see(game, request.user, token=token):
        raise Http404
    return game


@require_GET
def game_page(request, game_id):
    game = _visible_game(request, game_id, token=request.GET.get("invite"))
    notifications.presence_mark(game_id=game.pk, user=request.user)
    context = selectors.board_context(game=game, user=request.user)
    template = BOARD_TEMPLATE if request.htmx else "games/game.html"
    return _board(request, template, context)


@require_GET
def invitation(request, token):
    game = selectors.game_for_page_by_token(token=token)
    if game is None:
        raise Http404
    return redirect(reverse("games:game", args=[game.pk]) + f"?invite={token}")


@require_GET
def poll(request, game_id):
    """204 while nothing changed; the fresh board when the version moved. A game
    the viewer may not see is a 404 whatever the version: the 204 would tell a
    stranger that it exists and how far it is."""
    try:
        version = int(request.GET.get("version", ""))
    except ValueError:
        return HttpResponse(status=400)
    token = request.GET.get("invite")
    current = selectors.game_version(game_id=game_id, user=request.user, token=token)
    if current is None:
        raise Http404
    if current == version and not _rematch_changed(request, game_id):
        notifications.presence_mark(game_id=game_id, user=request.user)
        return HttpResponse(status=204)
    game = _visible_game(request, game_id, token=token)
    # Marked after the seats are read: the board marks what is new since the
    # viewer's previous look, not since this one.
    notifications.presence_mark(game_id=game_id, user=request.user)
    return _board(
        request, BOARD_TEMPLATE, selectors.board_context(game=game, user=request.user)
    )


def _rematch_changed(request, game_id) -> bool:
    """A finished game's page polls with the mark of its rematch (`rematch`): a
    rematch offered, joined or started since then sends the page again."""
    given = request.GET.get("rematch")
    if given is None or not request.user.is_authenticated:
        return False
    rematch = selectors.rematch_of(game=game_id, user=request.user)
    return given != selectors.rematch_mark(rematch)


def _answer(request, game_id, error: Rejected | None = None, game=None):
    """After a move: the board partial for htmx, else a redirect to the game's
    page. A refused move gets its status with the error shown, on the board
    partial for htmx and on the whole page without it.

    `game`, when given, is the game just saved by the move, with its seats."""
    if error is None and not request.htmx:
        return redirect("games:game", game_id=game_id)
    if game is None:
        game = selectors.game_for_page(game_id=game_id)
    if game is None or (
        error and error.status == 403 and not selectors.can_see(game, request.user)
    ):
        if not request.htmx:
            raise Http404
        return HttpResponse(error.message if error else "", status=404)
    # A move on a game that was over is refused: a game over here ended with it.
    just_ended = error is None and game.is_over
    context = selectors.board_context(
        game=game, user=request.user, just_ended=just_ended
    )
    context["error"] = error.message if error else None
    template = BOARD_TEMPLATE if request.htmx else "games/game.html"
    return _board(request, template, context, status=error.status if error else 200)


def _board(request, template, context, status=200):
    """Renders a game page or its board; an invitation token in the url is kept
    in the board's links (the poll, the replay) for a guest without a seat."""
    context["invite"] = request.GET.get("invite", "")
    return render(request, template, context, status=status)


@login_required
@require_POST
def move(request, game_id):
    try:
        move = services.parse_move(request.POST.get("move"))
        try:
            version = int(request.POST.get("version", ""))
        except ValueError:
            raise Rejected(400, _("The game version is missing.")) from None
        game = services.move_submit(
            game_id=game_id, user=request.user, move=move, expected_version=version
        )
    except Rejected as exc:
        if exc.status == 404:
            raise Http404 from None
        return _answer(request, game_id, exc)
    if any(s.is_bot for s in game.seats.all()):
        game = None  # computer players may have moved since: read it afresh
    return _answer(request, game_id, game=game)


@login_required
@require_POST
def join(request, game_id):
    game = selectors.game_for_page(game_id=game_id)
    token = request.POST.get("invite")
    if game is None or not selectors.can_see(game, request.user, token=token):
        raise Http404
    try:
        services.seat_join(game_id=game_id, user=request.user)
    except Rejected as exc:
        messages.error(request, exc.message)
    return redirect("games:game", game_id=game_id)


def _refused(request, game_id, exc: Rejected):
    """A table service said no: 404 for no such game, else the reason shown on
    the game's page."""
    if exc.status == 404:
        raise Http404
    messages.error(request, exc.message)
    return redirect("games:game", game_id=game_id)


@login_required
@require_POST
def add_bot(request, game_id):
    try:
        services.seat_add_bot(game_id=game_id, user=request.user)
    except Rejected as exc:
        return _refused(request, game_id, exc)
    return redirect("games:game", game_id=game_id)


@login_required
@require_POST
def leave(request, game_id):
    try:
        game = services.game_leave(game_id=game_id, user=request.user)
    except Rejected as exc:
        return _refused(request, game_id, exc)
    return redirect("games:game", game_id=game_id) if game else redirect("games:lobby")


@login_required
@require_POST
def rematch(request, game_id):
    try:
        game = services.game_rematch(game_id=game_id, user=request.user)
    except Rejected as exc:
        return _refused(request, game_id, exc)
    url = game.get_absolute_url()
    if game.visibility == game.Visibility.PRIVATE:
        url += f"?invite={game.invite_token}"
    return redirect(url)
