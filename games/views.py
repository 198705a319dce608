"""Thin views: parse the request, call one service or selector, render."""

import functools

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from . import boards, events, registry, selectors, services, steps
from .errors import Conflict, Invalid, NotAllowed, NotFound, Refused
from .models import BOT_LEVEL_DEFAULT
from .notifications.presence import presence_mark
from .services import once

# The `#board` section htmx swaps (a Jinja2 template, games/templating.py).
BOARD_TEMPLATE = "games/board.jinja"
# The header's count of games waiting for the viewer (also in base.html).
WAITING_COUNT_TEMPLATE = "games/waiting_count.html"

# Each kind of refusal (games/errors.py) as an HTTP status.
HTTP_STATUS = {NotFound: 404, NotAllowed: 403, Conflict: 409, Invalid: 400}


def http_status(exc: Refused) -> int:
    """The HTTP status that answers a refusal (400 for a kind not listed)."""
    return next((s for kind, s in HTTP_STATUS.items() if isinstance(exc, kind)), 400)


@require_GET
def lobby(request):
    return render(
        request,
        "games/lobby.html",
        {"games": registry.GAMES, "tables": selectors.open_tables()},
    )


@require_GET
def rules(request, slug):
    """A game's rules in our own words (templates/games/rules/<slug>.html), with
    the numbers and lists read from its engine (the spec's `rules_context`)."""
    spec = registry.find(slug)
    if spec is None:
        raise Http404
    context = spec.rules_context(request.user)
    answers = events.rules_page.send(
        sender=registry.GameSpec, spec=spec, user=request.user
    )
    for _receiver, extra in answers:
        context.update(extra or {})
    context["spec"] = spec
    return render(request, f"games/rules/{slug}.html", context)


@login_required
def game_new(request, slug):
    try:
        game_spec = registry.get(slug)
    except KeyError:
        raise Http404 from None
    engine = game_spec.engine
    # "?against=computer" (the welcome's links) opens the form with the
    # computer players ticked.
    initial = {"against_computer": request.GET.get("against") == "computer"}
    form = game_spec.form(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():

        def make() -> str:
            game = services.game_create(
                creator=request.user,
                engine_slug=slug,
                num_players=form.num_players(),
                options=form.options(),
                **form.table_settings(),
            )
            if form.cleaned_data["against_computer"]:
                for _seat in range(1, game.num_players):
                    services.seat_add_bot(
                        game_id=game.pk,
                        user=request.user,
                        level=form.bot_level_chosen(),
                    )
            return game.get_absolute_url()

        try:
            url = once.submit_once(
                user=request.user, token=request.POST.get(once.FIELD), make=make
            )
        except Refused as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(url)
    players, options = game_spec.form.preset()
    preset = game_spec.describe_options(engine.validate_options(players, options))
    if engine.min_players != engine.max_players:
        preset.insert(
            0, ngettext("%(n)d player", "%(n)d players", players) % {"n": players}
        )
    context = {
        "engine": engine,
        "form": form,
        "preset": preset,
        "once": once.mint(request.user),
    }
    # A form sent back with its errors says so in its status too.
    status = 400 if request.method == "POST" else 200
    return render(request, "games/new.html", context, status=status)


@login_required
@require_GET
def my_games(request):
    context = selectors.my_games(user=request.user)
    context["games"] = registry.GAMES  # the welcome's links, before a first game
    return render(request, "games/my_games.html", context)


def _visible_game(request, game_id, token=None):
    game = selectors.game_for_page(game_id=game_id)
    if game is None or not selectors.can_see(game, request.user, token=token):
        raise Http404
    return game


def _cancelled(request, game_id, *, page=True):
    """A table its creator cancelled, to one of its players: 410 with a page (or,
    for htmx, the board section) that says so and leads on; else a 404."""
    table = selectors.table_cancelled(game_id=game_id, user=request.user)
    if table is None:
        raise Http404
    template = "games/cancelled.html" if page else "games/cancelled_board.html"
    return render(request, template, {"table": table}, status=410)


@require_GET
def game_page(request, game_id):
    game = selectors.game_for_page(game_id=game_id)
    if game is None:
        return _cancelled(request, game_id, page=not request.htmx)
    if not selectors.can_see(game, request.user, token=request.GET.get("invite")):
        raise Http404
    presence_mark(game_id=game.pk, user=request.user, shown=True)
    context = selectors.board_context(game=game, user=request.user)
    return _board(request, context, page=not request.htmx)


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
        return _cancelled(request, game_id, page=False)
    seats = request.GET.get("seats")  # sent by an open table's page
    if (
        current == version
        and not _rematch_changed(request, game_id)
        and not (seats and selectors.open_table_changed(game_id=game_id, seats=seats))
    ):
        presence_mark(game_id=game_id, user=request.user)
        return HttpResponse(status=204)
    game = _visible_game(request, game_id, token=token)
    # Marked after the seats are read: the board marks the moves that arrived
    # since the board the viewer was last shown; none counts as new since the
    # last visit, the page being open (`live`).
    presence_mark(game_id=game_id, user=request.user, shown=True)
    context = selectors.board_context(game=game, user=request.user, live=True)
    return _board(request, context, poll=True)


@login_required
@require_GET
def my_games_link(request):
    """The header's "My games" link with its count, sent again on a `mine` event."""
    return render(request, "games/my_games_link.html")


def _rematch_changed(request, game_id) -> bool:
    """A finished game's page polls with the mark of its rematch (`rematch`): a
    rematch offered, joined or started since then sends the page again."""
    given = request.GET.get("rematch")
    if given is None or not request.user.is_authenticated:
        return False
    rematch = selectors.rematch_of(game=game_id, user=request.user)
    return given != selectors.rematch_mark(rematch)


def _answer(request, game_id, error: Refused | None = None, played=None):
    """After a move: the board partial for htmx, else a redirect to the game's
    page. A refused move gets its status with the error shown, on the board
    partial for htmx and on the whole page without it.

    `played`, when given, is what the move service returned: the game just
    saved, with its seats, and the engine's answers, which the board is drawn
    from without asking the engine again."""
    if error is None and not request.htmx:
        return redirect("games:game", game_id=game_id)
    game = played.game if played is not None else None
    if game is None:
        game = selectors.game_for_page(game_id=game_id)
    if game is None or (
        error
        and isinstance(error, NotAllowed)
        and not selectors.can_see(game, request.user)
    ):
        if not request.htmx:
            raise Http404
        return HttpResponse(error.message if error else "", status=404)
    # A move on a game that was over is refused: a game over here ended with it.
    just_ended = error is None and game.is_over
    context = selectors.board_context(
        game=game, user=request.user, just_ended=just_ended, played=played
    )
    context["error"] = error.message if error else None
    return _board(
        request,
        context,
        page=not request.htmx,
        status=http_status(error) if error else 200,
    )


@functools.lru_cache(maxsize=256)
def _waiting_count_oob(count: int, language: str | None) -> str:
    """The header's count of games waiting, swapped out of band: drawn once per
    count and language (no request: its markup needs no context processor)."""
    with translation.override(language):
        return render_to_string(WAITING_COUNT_TEMPLATE, {"oob": True, "count": count})


def _board(request, context, *, page=False, status=200, poll=False):
    """The board section (the whole game page when `page`); an invitation token
    in the url is kept in the board's links (the poll, the replay) for a guest
    without a seat."""
    context["invite"] = request.GET.get("invite", "")
    slug = context["game"].engine
    # The game's board laid out, and the line under its prompt, once per board.
    context["layout"] = boards.board_layout(registry.find(slug), context, request.GET)
    context["step_line"] = steps.step_help(
        slug, context.get("view"), context.get("legal") or []
    )
    if page:
        return render(request, "games/game.html", context, status=status)
    board = get_template(BOARD_TEMPLATE, using="jinja2").render(context, request)
    # The header's count of games waiting for the viewer, swapped in place by
    # htmx (out of band): read with the log when the viewer has just moved, and
    # on a poll that brings another player's move. (A player still to move after
    # a move of theirs waits for as many games as before.)
    count = context.get("waiting_count")
    if count is None and poll and request.user.is_authenticated:
        count = selectors.games_awaiting_count(user=request.user)
    if count is not None:
        board += _waiting_count_oob(count, context.get("language"))
    return HttpResponse(board, status=status)


@login_required
@require_POST
def move(request, game_id):
    try:
        move = services.parse_move(request.POST.get("move"))
        try:
            version = int(request.POST.get("version", ""))
        except ValueError:
            raise Invalid(_("The game version is missing.")) from None
        played = services.move_submit(
            game_id=game_id, user=request.user, move=move, expected_version=version
        )
    except Refused as exc:
        if isinstance(exc, NotFound):
            raise Http404 from None
        return _answer(request, game_id, exc)
    if any(s.is_bot for s in played.game.seat_list()):
        # Computer players may have moved since: read it afresh.
        return _answer(request, game_id)
    return _answer(request, game_id, played=played)


@login_required
@require_POST
def join(request, game_id):
    game = selectors.game_for_page(game_id=game_id)
    token = request.POST.get("invite")
    if game is None or not selectors.can_see(game, request.user, token=token):
        raise Http404
    try:
        services.seat_join(game_id=game_id, user=request.user)
    except Refused as exc:
        return _refused(request, game_id, exc)
    return redirect("games:game", game_id=game_id)


def _refused(request, game_id, exc: Refused):
    """A table service said no: 404 for no such game, else the refusal's 4xx
    with the reason shown on the game's page (as a refused move)."""
    if isinstance(exc, NotFound):
        raise Http404
    return _answer(request, game_id, exc)


@login_required
@require_POST
def add_bot(request, game_id):
    try:
        services.seat_add_bot(
            game_id=game_id,
            user=request.user,
            level=request.POST.get("level") or BOT_LEVEL_DEFAULT,
        )
    except Refused as exc:
        return _refused(request, game_id, exc)
    return redirect("games:game", game_id=game_id)


@login_required
@require_POST
def leave(request, game_id):
    try:
        game = services.game_leave(game_id=game_id, user=request.user)
    except Refused as exc:
        return _refused(request, game_id, exc)
    return redirect("games:game", game_id=game_id) if game else redirect("games:lobby")


@login_required
@require_POST
def rematch(request, game_id):
    try:
        game = services.game_rematch(game_id=game_id, user=request.user)
    except Refused as exc:
        return _refused(request, game_id, exc)
    url = game.get_absolute_url()
    if game.visibility == game.Visibility.PRIVATE:
        url += f"?invite={game.invite_token}"
    return redirect(url)
