"""Reads of the history app: replays, records, profiles, leaderboards, statistics,
search. Every function runs a fixed number of queries, whatever the number of games.
"""

from __future__ import annotations

import datetime
from types import SimpleNamespace

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Avg, Count, Prefetch, Q
from django.utils import translation

from campaigns.selectors import record_options
from games import engines, registry
from games.links import game_urls
from games.models import Game, Move, Seat
from games.selectors import can_see, name_players, viewer_seat

from .models import Rating
from .records import record_of, record_state
from .replay import clamp
from .services import game_moves_count, game_state_at

LOG_LINES = 12
LIST_LIMIT = 20
STATS_GAMES = 1000
STATS_MIN_GAMES = 1
SEARCH_PAGE = 30
# Deeper pages of a search are refused: narrow it down instead.
SEARCH_MAX_PAGE = 1000
OVER = [Game.Status.FINISHED, Game.Status.ABANDONED]
ALL = "all"
SPECTATOR = "-"


def _seats_prefetch():
    return Prefetch("seats", queryset=Seat.objects.select_related("user"))


def board_templates(slug: str) -> list[str]:
    """The game's own board partial, or a plain fallback for a game without one."""
    return [f"games/{slug}/board.jinja", "history/board_fallback.jinja"]


# --- replays ----------------------------------------------------------------------------


def replay_game(*, game_id: int, user, token: str | None = None) -> Game | None:
    """The game if this user may replay it: once over, whoever may see the game;
    while it is played, only the people seated at it."""
    game = Game.objects.filter(pk=game_id).prefetch_related(_seats_prefetch()).first()
    if game is None or game.status == Game.Status.OPEN or game.state is None:
        return None
    if game.is_over:
        return game if can_see(game, user, token=token) else None
    return game if viewer_seat(game, user) is not None else None


def _point_of_view(raw, *, over: bool, own: int | None, num_players: int):
    """Whose eyes the replay uses: during the game always the viewer's own seat;
    after it any seat, a spectator's, or every seat at once ("reveal all")."""
    if not over:
        return own
    if raw == ALL:
        return ALL
    if raw == SPECTATOR:
        return None
    try:
        seat = int(raw)
    except (TypeError, ValueError):
        return own
    return seat if 0 <= seat < num_players else own


def _boards(engine, state, pov, num_players) -> list[dict]:
    seats = range(num_players) if pov == ALL else [pov]
    return [{"position": s, "view": engine.view(state, s)} for s in seats]


def replay_context(*, game: Game, user, step=None, pov=None) -> dict:
    """The board of `game` after `step` moves, as `pov` may see it (see above)."""
    engine = engines.get(game.engine)
    seats = game.seat_list()
    mine = viewer_seat(game, user)
    own = mine.position if mine else None
    total = game_moves_count(game=game)
    step = clamp(step, total)
    pov = _point_of_view(pov, over=game.is_over, own=own, num_players=len(seats))
    state = game_state_at(game=game, step=step, total=total)
    language = (translation.get_language() or "en")[:2]
    rows = list(
        Move.objects.filter(game=game, seq__lte=step)
        .order_by("-seq")
        .values_list("seq", "seat", "log", "created_at")[:LOG_LINES]
    )
    log = []
    for seq, seat, lines, at in rows:
        text = lines.get(language) or lines.get("en") or {}
        key = str(seat) if pov == ALL else SPECTATOR if pov is None else str(pov)
        log.append(
            {
                "seq": seq,
                "seat": seat,
                "text": name_players(text.get(key, ""), seats),
                "at": at,
            }
        )
    return _context(
        engine=engine,
        game=game,
        seats=seats,
        state=state,
        step=step,
        total=total,
        pov=pov,
        log=log,
        can_choose=game.is_over,
    )


def _context(*, engine, game, seats, state, step, total, pov, log, can_choose):
    over_now = engine.is_over(state)
    return {
        "game": game,
        # The boards' links (an imported record has no game of its own).
        "urls": game_urls(game.pk) if game.pk else {},
        "engine": engine,
        "seats": seats,
        "step": step,
        "total": total,
        "previous": max(0, step - 1),
        "next": min(total, step + 1),
        "pov": pov,
        "pov_key": ALL if pov == ALL else SPECTATOR if pov is None else str(pov),
        "can_choose": can_choose,
        "boards": _boards(engine, state, pov, len(seats)),
        "board_templates": board_templates(game.engine),
        "to_move": engine.to_move(state),
        "legal": [],
        "outcome": sorted(engine.outcome(state), key=lambda r: r["rank"])
        if over_now
        else None,
        "log": log,
        "current_line": log[0] if log and log[0]["seq"] == step else None,
    }


def imported_replay_context(*, imported, step=None, pov=None) -> dict:
    """The board of an imported record after `step` moves; it is over, so any
    seat's hand may be shown."""
    record = imported.record
    total = len(record["moves"])
    step = clamp(step, total)
    seats = [
        SimpleNamespace(position=i, name=row["name"], is_bot=bool(row.get("bot")))
        for i, row in enumerate(record["players"])
    ]
    pov = _point_of_view(pov, over=True, own=None, num_players=len(seats))
    engine, state = record_state(record, max(0, step - LOG_LINES))
    log = []
    first = max(0, step - LOG_LINES)
    for row in record["moves"][first:step]:
        viewer = row["seat"] if pov == ALL else pov
        line = engine.describe(state, row["seat"], row["move"], viewer)
        log.append(
            {
                "seq": row["seq"],
                "seat": row["seat"],
                "text": name_players(line, seats),
                "at": row.get("at"),
            }
        )
        state = engine.apply(state, row["seat"], row["move"])
    log.reverse()
    game = SimpleNamespace(
        pk=0,
        engine=record["engine"],
        version=total,
        status=record["status"],
        is_over=True,
        imported=imported,
    )
    return _context(
        engine=engine,
        game=game,
        seats=seats,
        state=state,
        step=step,
        total=total,
        pov=pov,
        log=log,
        can_choose=True,
    )


def game_record(*, game: Game) -> dict:
    """The exportable record of a game that is over (see docs/game-record.md):
    a campaign's chapters only as far as the game's episode reached."""
    moves = (
        Move.objects.filter(game=game)
        .order_by("seq")
        .only("seq", "seat", "move", "created_at")
    )
    return record_of(
        game=game,
        moves=moves,
        seats=game.seat_list(),
        options=record_options(game),
    )


# --- profiles ---------------------------------------------------------------------------


def player_profile(*, user_id: int, viewer) -> dict | None:
    """A player's page: per game counts, ratings, current and recent games.

    Strangers see public games only; the player also sees their private ones.
    """
    player = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if player is None:
        return None
    own = viewer.is_authenticated and viewer.pk == player.pk
    counts = (
        Seat.objects.filter(user=player, game__status__in=OVER)
        .values("game__engine")
        .annotate(
            played=Count("id"),
            won=Count("id", filter=Q(game__status=Game.Status.FINISHED, rank=1)),
            abandoned=Count("id", filter=Q(game__status=Game.Status.ABANDONED)),
            average=Avg("score", filter=Q(game__status=Game.Status.FINISHED)),
        )
    )
    by_engine = {row["game__engine"]: row for row in counts}
    ratings = {r.engine: r for r in Rating.objects.filter(user=player)}
    per_game = []
    for spec in registry.GAMES:
        engine = spec.engine
        row = by_engine.get(engine.slug)
        rating = ratings.get(engine.slug)
        if not row and not rating:
            continue
        row = row or {"played": 0, "won": 0, "abandoned": 0, "average": None}
        per_game.append(
            {
                "engine": engine.slug,
                "played": row["played"],
                "won": row["won"],
                "abandoned": row["abandoned"],
                "average": None if row["average"] is None else round(row["average"], 1),
                "rating": rating,
            }
        )
    games = Game.objects.filter(seats__user=player)
    if not own:
        games = games.filter(visibility=Game.Visibility.PUBLIC)
    current = (
        games.filter(status=Game.Status.ACTIVE)
        .prefetch_related(_seats_prefetch())
        .order_by("-started_at")[:LIST_LIMIT]
    )
    recent = (
        games.filter(status__in=OVER)
        .select_related("rated_marker")
        .prefetch_related(_seats_prefetch())
        .order_by("-finished_at", "-pk")[:LIST_LIMIT]
    )
    recent = list(recent)
    for game in recent:
        game.player_seat = next(s for s in game.seats.all() if s.user_id == player.pk)
        marker = getattr(game, "rated_marker", None)
        game.rating_change = (
            (marker.changes or {}).get(str(player.pk)) if marker else None
        )
    return {
        "player": player,
        "own": own,
        "per_game": per_game,
        "current": list(current),
        "recent": recent,
    }


# --- leaderboards and statistics --------------------------------------------------------


def leaderboard(*, slug: str, limit: int = 100) -> list[Rating]:
    return list(
        Rating.objects.filter(engine=slug, games__gt=0)
        .select_related("user")
        .order_by("-ordinal", "user_id")[:limit]
    )


def engine_statistics(*, slug: str) -> dict:
    """Games played, average length and the game's own figures (cached briefly)."""
    last = (
        Game.objects.filter(engine=slug, status=Game.Status.FINISHED)
        .order_by("-finished_at", "-pk")
        .values_list("pk", flat=True)
        .first()
    )
    key = f"history:stats:{slug}:{last}:{translation.get_language()}"
    found = cache.get(key)
    if found is not None:
        return found
    finished = Game.objects.filter(engine=slug, status=Game.Status.FINISHED)
    totals = finished.aggregate(played=Count("id"), moves=Avg("version"))
    latest = list(
        finished.order_by("-finished_at", "-pk").values_list(
            "pk", "started_at", "finished_at"
        )[:STATS_GAMES]
    )
    durations = [
        (end - start).total_seconds() for _pk, start, end in latest if start and end
    ]
    rows = list(
        Seat.objects.filter(game_id__in=[pk for pk, _s, _e in latest]).values(
            "game_id", "rank", "score", "result_detail", "game__options"
        )
    )
    rows = [
        {
            "game": r["game_id"],
            "rank": r["rank"],
            "score": r["score"],
            "detail": r["result_detail"],
            "options": r["game__options"],
        }
        for r in rows
    ]
    spec = registry.find(slug)
    figure = spec.figures if spec else None
    figures = figure(rows) if (figure and len(latest) >= STATS_MIN_GAMES) else None
    result = {
        "played": totals["played"],
        "abandoned": Game.objects.filter(
            engine=slug, status=Game.Status.ABANDONED
        ).count(),
        "average_moves": None if totals["moves"] is None else round(totals["moves"], 1),
        "average_duration": datetime.timedelta(
            seconds=round(sum(durations) / len(durations))
        )
        if durations
        else None,
        "figures": figures,
        "sample": len(latest),
    }
    cache.set(key, result, 600)
    return result


# --- search -----------------------------------------------------------------------------


def games_search(
    *, user, slug: str = "", player: str = "", since=None, until=None, page: int = 1
) -> dict:
    """Finished games, newest first, by game, player name and date; public ones
    plus the viewer's own."""
    games = Game.objects.filter(status__in=OVER)
    visible = Q(visibility=Game.Visibility.PUBLIC)
    if user.is_authenticated:
        visible |= Q(seats__user=user)
    games = games.filter(visible)
    if slug:
        games = games.filter(engine=slug)
    if player:
        games = games.filter(seats__user__display_name__icontains=player)
    if since:
        games = games.filter(finished_at__date__gte=since)
    if until:
        games = games.filter(finished_at__date__lte=until)
    page = min(max(1, page), SEARCH_MAX_PAGE)
    start = (page - 1) * SEARCH_PAGE
    found = list(
        games.distinct()
        .prefetch_related(_seats_prefetch())
        .order_by("-finished_at", "-pk")[start : start + SEARCH_PAGE + 1]
    )
    return {
        "games": found[:SEARCH_PAGE],
        "page": page,
        "has_next": len(found) > SEARCH_PAGE,
    }
