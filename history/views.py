"""Thin views of the history app: parse, call one selector or service, render."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games import engines, registry
from games.errors import Refused
from games.services import once

from . import selectors, services
from .forms import ImportForm, SearchForm
from .models import ImportedRecord
from .records import RecordRefused

MAX_UPLOAD_BYTES = 2_000_000


@require_GET
def replay(request, game_id):
    game = selectors.replay_game(
        game_id=game_id, user=request.user, token=request.GET.get("invite")
    )
    if game is None:
        raise Http404
    context = selectors.replay_context(
        game=game,
        user=request.user,
        step=request.GET.get("step"),
        pov=request.GET.get("seat"),
    )
    context["invite"] = request.GET.get("invite", "")
    return render(request, "history/replay.html", context)


@require_GET
def export(request, game_id):
    game = selectors.replay_game(
        game_id=game_id, user=request.user, token=request.GET.get("invite")
    )
    if game is None or not game.is_over:
        raise Http404
    response = JsonResponse(
        selectors.game_record(game=game), json_dumps_params={"indent": 1}
    )
    response["Content-Disposition"] = (
        f'attachment; filename="{game.engine}-{game.pk}.json"'
    )
    return response


@login_required
def record_import(request):
    form = ImportForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            upload = form.cleaned_data["record"]

            def make() -> str:
                if upload.size > MAX_UPLOAD_BYTES:
                    raise RecordRefused(_("The file is too large for a game record."))
                imported = services.record_import(
                    owner=request.user, text=upload.read()
                )
                return reverse("history:imported", args=[imported.pk])

            try:
                url = once.submit_once(
                    user=request.user, token=request.POST.get(once.FIELD), make=make
                )
            except Refused as exc:
                form.add_error(
                    "record" if isinstance(exc, RecordRefused) else None, exc.message
                )
            else:
                messages.success(request, _("The record replays: here it is."))
                return redirect(url)
        status = 400
    mine = ImportedRecord.objects.filter(owner=request.user).only(
        "pk", "engine", "created_at"
    )[:20]
    context = {"form": form, "imports": mine, "once": once.mint(request.user)}
    return render(request, "history/import.html", context, status=status)


@login_required
@require_GET
def imported(request, record_id):
    record = get_object_or_404(ImportedRecord, pk=record_id, owner=request.user)
    try:
        engines.get(record.engine)
    except KeyError:
        raise Http404 from None
    context = selectors.imported_replay_context(
        imported=record, step=request.GET.get("step"), pov=request.GET.get("seat")
    )
    return render(request, "history/replay.html", context)


@require_GET
def profile(request, user_id):
    context = selectors.player_profile(user_id=user_id, viewer=request.user)
    if context is None:
        raise Http404
    return render(request, "history/profile.html", context)


@require_GET
def leaderboard(request, slug):
    engine = _engine(slug)
    return render(
        request,
        "history/leaderboard.html",
        {
            "engine": engine,
            "engines": [spec.engine for spec in registry.GAMES],
            "ratings": selectors.leaderboard(slug=slug),
        },
    )


@require_GET
def statistics(request, slug):
    engine = _engine(slug)
    return render(
        request,
        "history/statistics.html",
        {
            "engine": engine,
            "engines": [spec.engine for spec in registry.GAMES],
            "stats": selectors.engine_statistics(slug=slug),
        },
    )


@require_GET
def search(request):
    form = SearchForm(request.GET or None)
    results = None
    status = 200
    if form.is_bound and not form.is_valid():
        status = 400
    else:
        data = form.cleaned_data if form.is_bound else {}
        page = _page_number(request.GET.get("page", "1"))
        results = selectors.games_search(
            user=request.user,
            slug=data.get("game") or "",
            player=(data.get("player") or "").strip(),
            since=data.get("since"),
            until=data.get("until"),
            page=page,
        )
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "history/search.html",
        {"form": form, "results": results, "query": query.urlencode()},
        status=status,
    )


def _page_number(raw: str) -> int:
    """A page of the search, from 1 to SEARCH_MAX_PAGE; 404 for anything else (a
    huge number would overflow the database's OFFSET)."""
    try:
        page = int(raw)
    except ValueError:
        raise Http404 from None
    if not 1 <= page <= selectors.SEARCH_MAX_PAGE:
        raise Http404
    return page


def _engine(slug):
    try:
        return engines.get(slug)
    except KeyError:
        raise Http404 from None
