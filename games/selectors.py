"""Reads of the platform: lobby, "My games", the game page's context."""

from __future__ import annotations

import functools
import re
from datetime import timedelta

from django.conf import settings
from django.db.models import Exists, OuterRef, Prefetch
from django.utils import translation

from games import engines

from . import rows
from .links import game_urls
from .models import BOT_LEVEL_CHOICES, BOT_LEVEL_DEFAULT, CancelledTable, Game, Seat

LOG_LINES = 40
PLAYER_MARK = re.compile(r"\{p(\d+)\}")


def open_tables(*, limit: int = 50):
    return (
        Game.objects.filter(status=Game.Status.OPEN, visibility=Game.Visibility.PUBLIC)
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("user"))
        )
        .order_by("-created_at")[:limit]
    )


def games_awaiting_count(*, user) -> int:
    return Seat.objects.filter(
        user=user, to_move=True, game__status=Game.Status.ACTIVE
    ).count()


def my_games(*, user, finished_limit: int = 30) -> dict:
    """Waiting for me (oldest deadline first), waiting for others, open, finished."""
    seats = (
        Seat.objects.filter(user=user)
        .select_related("game")
        .defer("game__state")  # a list of games never needs their states
        .prefetch_related(
            Prefetch("game__seats", queryset=Seat.objects.select_related("user"))
        )
        .order_by("-game__created_at")
    )
    mine, others, open_, finished = [], [], [], []
    for seat in seats:
        game = seat.game
        if game.status == Game.Status.ACTIVE:
            (mine if seat.to_move else others).append(seat)
        elif game.status == Game.Status.OPEN:
            open_.append(seat)
        elif len(finished) < finished_limit:
            finished.append(seat)
    # The nearest deadline first, games without one last, then the oldest game:
    # the order of the "next game waiting" a board offers (rows.py).
    mine.sort(key=lambda s: (s.deadline is None, s.deadline or 0, s.game_id))
    return {
        "mine": mine,
        "others": others,
        "open": open_,
        "finished": finished,
        "rematch_offers": rematch_offers(user=user),
    }


def game_for_page(*, game_id: int) -> Game | None:
    return rows.game_with_seats(game_id)


def table_cancelled(*, game_id: int, user) -> CancelledTable | None:
    """The table of that id if its creator cancelled it and `user` had a seat
    there (to anyone else it is a game that does not exist)."""
    if not user.is_authenticated:
        return None
    table = (
        CancelledTable.objects.select_related("created_by").filter(pk=game_id).first()
    )
    return table if table and user.pk in table.players else None


def viewer_seat(game: Game, user) -> Seat | None:
    if not user.is_authenticated:
        return None
    return next((s for s in game.seat_list() if s.user_id == user.pk), None)


def can_see(game: Game, user, *, token: str | None = None) -> bool:
    if game.visibility == Game.Visibility.PUBLIC:
        return True
    if token and token == game.invite_token:
        return True
    return viewer_seat(game, user) is not None


@functools.lru_cache(maxsize=8192)
def _named(text: str, names: tuple[tuple[int, str], ...]) -> str:
    """A log line with its players' names put in (`names`: position, name),
    kept: a board reads the same lines again and again."""
    found = dict(names)
    return PLAYER_MARK.sub(lambda m: found.get(int(m.group(1)), "?"), text)


def name_players(line: str, seats: list[Seat]) -> str:
    names = {s.position: s.name for s in seats}
    return PLAYER_MARK.sub(lambda m: names.get(int(m.group(1)), "?"), line)


# The game page writes Seat.seen_at at most every 30 s while it is open (and polls
# every 4 s), so a move the viewer sent from the page is never much later than it:
# the viewer's own line counts as new only when made well after their last look
# (a move played for them when their time ran out).
OWN_MOVE_GRACE = timedelta(seconds=90)


def _viewer(seat: Seat | None) -> dict:
    """Who reads the log (rows.log_rows' language, key and since)."""
    seen_at = None if seat is None else seat.seen_at
    return {
        "language": (translation.get_language() or "en")[:2],
        "key": "-" if seat is None else str(seat.position),
        "since": (seen_at, seen_at and seen_at + OWN_MOVE_GRACE),
    }


def log_lines(*, game: Game, seat: Seat | None, limit: int = LOG_LINES) -> list[dict]:
    """The latest log lines, newest first, as this viewer may read them.

    Each line is marked `new` when it was added after the viewer's seat last had
    the page open (`Seat.seen_at`, read before this visit marks it); spectators
    have no such mark."""
    found = rows.log_rows(game_id=game.pk, limit=limit, **_viewer(seat))
    return _lines(game, seat, found)


def log_and_next_game(
    *, game: Game, seat: Seat, user, limit: int = LOG_LINES
) -> tuple[list[dict], int | None, int]:
    """`log_lines` for this seat, the id of the game that has waited longest for
    its user (None if none), and how many games wait for the user, read in one
    query."""
    found, next_game, waiting = rows.log_rows_and_next_game(
        game_id=game.pk, limit=limit, user_id=user.pk, **_viewer(seat)
    )
    return _lines(game, seat, found), next_game, waiting


def older_lines(
    *, game: Game, seat: Seat | None, positions: list[int], before: int
) -> list[dict]:
    """The last lines (at most LAST_TURN_LINES) of each of these seats before
    move `before`, newest first, as `log_lines` gives them."""
    found = rows.older_log_rows(
        game_id=game.pk,
        positions=positions,
        before=before,
        limit=LAST_TURN_LINES,
        **_viewer(seat),
    )
    return _lines(game, seat, found)


def _lines(game: Game, seat: Seat | None, found: list[tuple]) -> list[dict]:
    """Log rows as lines: the players' names put in, each marked new or not."""
    me = None if seat is None else seat.position
    names = tuple((s.position, s.name) for s in game.seat_list())
    lines = []
    for seq, position, text, after_seen, after_grace in found:
        text = _named(text, names) if text else ""
        new = bool(after_grace if position == me else after_seen)
        # `key`: all the line shows, under which its markup is kept (templating.kept)
        key = (seq, position, new, text)
        lines.append(
            {"seq": seq, "seat": position, "text": text, "new": new, "key": key}
        )
    return lines


LAST_TURN_LINES = 3


def last_moves(lines: list[dict]) -> dict[int, dict]:
    """Each seat's latest turn among `lines` (newest first): its run of consecutive
    lines (a turn of a card played then one drawn is two), at most the last
    three, each line's first line of text (the move, without the events that
    followed) joined in order, and whether any of them is new to the viewer."""
    latest, closed, previous = {}, set(), None
    for line in lines:
        seat = line["seat"]
        if seat != previous and seat in latest:
            closed.add(seat)  # another seat moved in between: that turn is over
        previous = seat
        if seat in closed or not line["text"]:
            continue
        turn = latest.setdefault(seat, {"texts": [], "new": False})
        if len(turn["texts"]) < LAST_TURN_LINES:
            turn["texts"].insert(0, line["text"].split("\n", 1)[0])
            turn["new"] = turn["new"] or line["new"]
    return {
        seat: {"text": " · ".join(turn["texts"]), "new": turn["new"]}
        for seat, turn in latest.items()
    }


def _latest_runs(lines: list[dict]) -> list[dict]:
    """Each seat's newest run of consecutive moves among `lines` (newest first,
    each seat's lines only): its latest turn, ready for `last_moves`."""
    runs: dict[int, list[dict]] = {}
    closed = set()
    for line in lines:
        seat = line["seat"]
        run = runs.setdefault(seat, [])
        if seat in closed:
            continue
        if run and run[-1]["seq"] != line["seq"] + 1:
            closed.add(seat)  # a gap: another seat moved in between
            continue
        run.append(line)
    return [line for run in runs.values() for line in run]


def board_context(
    *, game: Game, user, just_ended: bool = False, played=None, live: bool = False
) -> dict:
    """Everything a board template needs; hidden information comes only from `view`.

    `live`: the board refreshes a page the viewer has open (the poll): the moves
    it brings are marked as they arrive, but none counts as "new since your last
    visit" (this is the same visit).

    `played` (a `games.services.moves.MovePlayed`, for the viewer's own move
    just applied to `game`) carries the engine's answers about the new state:
    they are used as they are, not asked again."""
    engine = engines.get(game.engine)
    seat = viewer_seat(game, user)
    seats = game.seat_list()
    position = seat.position if seat else None
    context = {
        "game": game,
        "poll_seconds": settings.GAME_POLL_SECONDS,
        # With push on, the page polls slowly while its event stream is open
        # (static/js/push.js polls at `poll_seconds` while it is not).
        "push": settings.PUSH_ENABLED,
        "push_poll_seconds": settings.GAME_PUSH_POLL_SECONDS,
        "language": translation.get_language(),
        "urls": game_urls(game.pk),
        "engine": engine,
        "seats": seats,
        "seat": seat,
        "position": position,
        "view": None,
        "legal": [],
        "to_move": [],
        "outcome": None,
        "bot_levels": BOT_LEVEL_CHOICES,
        "bot_level_default": BOT_LEVEL_DEFAULT,
    }
    if game.state is None:
        return context
    state = game.state
    if played is not None and played.game is game and played.position == position:
        context["view"] = played.view
        context["to_move"] = list(played.played.to_move)
        context["legal"] = played.legal
        context["outcome"] = played.played.outcome
    else:
        context["view"] = engine.view(state, position)
        context["to_move"] = engine.to_move(state)
        if position is not None and position in context["to_move"]:
            context["legal"] = engine.legal_moves(state, position)
        if engine.is_over(state):
            context["outcome"] = sorted(engine.outcome(state), key=lambda r: r["rank"])
    if seat is not None and position not in context["to_move"]:
        context["log"], context["next_game"], context["waiting_count"] = (
            log_and_next_game(game=game, seat=seat, user=user)
        )
    else:
        context["log"] = log_lines(game=game, seat=seat)
    context["log_new"] = 0 if live else sum(line["new"] for line in context["log"])
    context["last_moves"] = last_moves(context["log"])
    if len(context["log"]) >= LOG_LINES:
        # A seat whose latest turn is older than the lines read (a big table):
        # its turn is read on its own, so that the top bar still shows it.
        missing = [p for p in range(game.num_players) if p not in context["last_moves"]]
        if missing:
            older = older_lines(
                game=game,
                seat=seat,
                positions=missing,
                before=context["log"][-1]["seq"],
            )
            context["last_moves"].update(last_moves(_latest_runs(older)))
    if game.is_over and seat is not None and game.options.get("mode") != "campaign":
        context["can_rematch"] = True
        # A game that ended with this request's move has no rematch yet.
        context["rematch"] = None if just_ended else rematch_of(game=game, user=user)
        context["rematch_mark"] = rematch_mark(context["rematch"])
    return context


def rematch_of(*, game: Game | int, user) -> Game | None:
    """The table offered as this game's rematch (`game` an instance or its id),
    with `mine` (the user is seated)."""
    return (
        Game.objects.filter(rematch_of=game)
        .select_related("created_by")
        .defer("state")
        .annotate(mine=Exists(Seat.objects.filter(game=OuterRef("pk"), user=user)))
        .first()
    )


def rematch_mark(rematch: Game | None) -> str:
    """What a player of the finished game sees of its rematch (`rematch_of`), in
    a few characters: the finished page polls with it and is sent again when it
    changes (offered, joined, started)."""
    if rematch is None:
        return "none"
    return f"{rematch.pk}-{rematch.status}-{int(bool(rematch.mine))}"


def rematch_offers(*, user) -> list[Game]:
    """Open tables offered as the rematch of a game the user played, not joined yet."""
    return list(
        Game.objects.filter(status=Game.Status.OPEN, rematch_of__seats__user=user)
        .exclude(seats__user=user)
        .select_related("created_by")
        .defer("state")
        .order_by("-created_at")
    )


def game_for_page_by_token(*, token: str) -> Game | None:
    return Game.objects.filter(invite_token=token).first()


def open_table_changed(*, game_id: int, seats: str) -> bool:
    """For a page showing an open table with `seats` seats taken: whether the
    table has started (or gone) or its seats changed since. A table's version
    counts its moves, so it does not move when someone sits down."""
    try:
        shown = int(seats)
    except ValueError:
        return True
    status = Game.objects.filter(pk=game_id).values_list("status", flat=True)
    if next(iter(status), None) != Game.Status.OPEN:
        return True
    return Seat.objects.filter(game_id=game_id).count() != shown


def game_version(*, game_id: int, user, token: str | None = None) -> int | None:
    """The game's version if `user` may see the game (the rule of `can_see`: a
    public game, the invitation token, or a seat), else None. A public game (or
    the right token) is one query by primary key; only a private game without
    its token asks for the seat."""
    row = (
        Game.objects.filter(pk=game_id)
        .values_list("version", "visibility", "invite_token")
        .order_by()[:1]
    )
    row = next(iter(row), None)
    if row is None:
        return None
    version, visibility, invite_token = row
    if visibility == Game.Visibility.PUBLIC or (token and token == invite_token):
        return version
    if (
        user.is_authenticated
        and Seat.objects.filter(game_id=game_id, user=user).exists()
    ):
        return version
    return None
