"""games/rows.py reads the game and its seats as plain SQL: the instances must be
the ORM's, field for field, on every database the site runs on."""

from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.db.models import Prefetch
from django.utils import timezone

from accounts.models import User
from games import rows, selectors, services
from games.models import Game, Seat

pytestmark = pytest.mark.django_db


def _fields(instance) -> dict:
    return {
        f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields
    }


@pytest.fixture
def game(ana, ben):
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    # Values of every kind the converters handle: JSON, times, nulls.
    Seat.objects.filter(game=game, position=1).update(
        result_detail={"rounds": [12, -3]},
        deadline=timezone.now() + timedelta(hours=5),
        seen_at=timezone.now(),
    )
    User.objects.filter(pk=ben.pk).update(
        away_from=timezone.now(), away_until=timezone.now() + timedelta(days=2)
    )
    return game


def test_the_game_alone_is_the_orms(game):
    assert _fields(rows.game_alone(game.pk)) == _fields(Game.objects.get(pk=game.pk))
    assert rows.game_alone(game.pk + 1000) is None


def test_a_computer_seat_has_no_user(ana):
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_add_bot(game_id=game.pk, user=ana)
    seats = rows.game_with_seats(game.pk).seat_list()
    assert seats[1].user is None and seats[1].is_bot


def test_the_page_reads_the_game_and_its_seats_in_one_query(
    game, django_assert_num_queries
):
    with django_assert_num_queries(1):
        page = selectors.game_for_page(game_id=game.pk)
        names = [s.name for s in page.seat_list()]
        assert [s.game is page for s in page.seat_list()] == [True, True]
    assert names == ["Ana", "Ben"]


@pytest.mark.parametrize("lock", [False, True])
def test_the_game_with_its_seats_is_the_orms(game, lock):
    """The fast path's objects equal what the ORM returns for the same read:
    the game, its seats by position (`seat_list()`, as `game.seats.all()` of
    the ORM's prefetch) and their users, field for field and type for type."""
    with transaction.atomic():
        both = rows.game_with_seats(game.pk, lock=lock)
    orm_game = Game.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user"))
    ).get(pk=game.pk)
    assert _fields(both) == _fields(orm_game)
    assert both == orm_game and type(both) is type(orm_game)
    assert both.state is not None  # sent once, on the first seat's row
    orm = orm_game.seat_list()
    mine = both.seat_list()
    assert [s.position for s in mine] == [0, 1]
    assert mine[1].result_detail == {"rounds": [12, -3]}
    assert mine[1].deadline.tzinfo is not None
    for a, b in zip(mine, orm, strict=True):
        assert _fields(a) == _fields(b)
        assert _fields(a.user) == _fields(b.user)
        assert {k: type(v) for k, v in _fields(a).items()} == {
            k: type(v) for k, v in _fields(b).items()
        }
        assert a.game is both
    assert rows.game_with_seats(game.pk + 1000) is None


def test_a_game_without_seats_or_without_seat_0_is_read_whole(game):
    Seat.objects.filter(game=game, position=0).update(position=5)
    odd = rows.game_with_seats(game.pk)
    assert _fields(odd) == _fields(Game.objects.get(pk=game.pk))
    assert [s.position for s in odd.seat_list()] == [1, 5]
    Seat.objects.filter(game=game).delete()
    empty = rows.game_with_seats(game.pk)
    assert _fields(empty) == _fields(Game.objects.get(pk=game.pk))
    assert empty.seat_list() == []


@pytest.mark.parametrize("read", [rows.game_alone, rows.game_with_seats])
def test_the_locked_read_locks_where_the_database_can(game, read):
    with transaction.atomic():
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as ctx:
            read(game.pk, lock=True)
    sql = ctx.captured_queries[-1]["sql"]
    assert ("FOR UPDATE" in sql) == connection.features.has_select_for_update


def test_the_log_gives_each_viewer_its_line_in_its_language(game, ana):
    from django.utils import translation

    from games import engines

    engine = engines.get("lost-cities")
    fresh = selectors.game_for_page(game_id=game.pk)
    seat = engine.to_move(fresh.state)[0]
    card = fresh.state["hands"][seat][0]
    player = [s.user for s in fresh.seat_list()][seat]
    services.move_submit(
        game_id=game.pk,
        user=player,
        move={"type": "discard", "card": card},
        expected_version=fresh.version,
    )
    page = selectors.game_for_page(game_id=game.pk)
    mine = page.seat_list()[seat]
    with translation.override("fr"):
        (line,) = selectors.log_lines(game=page, seat=mine)
        assert line["text"].startswith(f"{player.name} a défaussé"), line
    with translation.override("en"):
        (spectator,) = selectors.log_lines(game=page, seat=None)
    assert spectator["text"].startswith(f"{player.name} discarded"), spectator
    assert spectator["seq"] == 1 and spectator["seat"] == seat


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks need PostgreSQL (CI sets DATABASE_URL)",
)
@pytest.mark.django_db(transaction=True)
def test_the_game_read_with_its_seats_holds_the_games_row_lock(ana, ben):
    """While one transaction holds the game read by `game_with_seats(lock=True)`,
    another connection cannot lock the game row; the seats' rows stay free."""
    import threading

    from django.db import OperationalError

    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    locked, release = threading.Event(), threading.Event()

    def holder():
        try:
            with transaction.atomic():
                rows.game_with_seats(game.pk, lock=True)
                locked.set()
                release.wait(10)
        finally:
            connection.close()

    thread = threading.Thread(target=holder)
    thread.start()
    try:
        assert locked.wait(10)
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT id FROM games_seat WHERE game_id = %s FOR UPDATE NOWAIT",
                [game.pk],
            )
        with pytest.raises(OperationalError), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT id FROM games_game WHERE id = %s FOR UPDATE NOWAIT",
                    [game.pk],
                )
    finally:
        release.set()
        thread.join(10)


# --- every statement of rows.py against the ORM's result ---------------------------
# Run on SQLite (the default) and on PostgreSQL (DATABASE_URL=postgres://...).


def _play(game, moves: int):
    """`moves` moves of the game, each the mover's first legal one."""
    from games import engines

    engine = engines.get(game.engine)
    for _ in range(moves):
        fresh = selectors.game_for_page(game_id=game.pk)
        seat = engine.to_move(fresh.state)[0]
        user = [s.user for s in fresh.seat_list()][seat]
        move = engine.legal_moves(fresh.state, seat)[0]
        services.move_submit(
            game_id=game.pk, user=user, move=move, expected_version=fresh.version
        )


def test_the_move_insert_and_the_game_update_write_what_the_orm_would(game):
    from games.models import Move

    row = {
        "game_id": game.pk,
        "seq": 1,
        "seat": 0,
        "move": {"type": "discard", "card": "x", "nested": [1, None]},
        "log": {"en": {"0": "a line", "-": "é"}},
        "created_at": timezone.now(),
    }
    game = Game.objects.get(pk=game.pk)
    game.version, game.status = 1, Game.Status.FINISHED
    game.finished_at = timezone.now()
    changes = {
        "state": {"any": ["state", 1]},
        "version": 1,
        "status": game.status,
        "finished_at": game.finished_at,
    }
    rows.insert_and_update(Move, row, game, changes)
    written = Move.objects.get(game=game, seq=1)
    expected = Move(pk=written.pk, **row)
    assert _fields(written) == _fields(expected)
    saved = Game.objects.get(pk=game.pk)
    for name, value in changes.items():
        assert getattr(saved, name) == value, name
    assert saved.options == game.options  # the rest untouched


def test_the_seats_turns_update_writes_what_bulk_update_would(ana, ben):
    from game_helpers import timed_game

    ours, theirs = timed_game(ana, ben), timed_game(ana, ben)
    when = timezone.now() + timedelta(days=2, microseconds=123)
    wanted = {0: (False, None), 1: (True, when)}

    def turned(game):
        seats = list(Seat.objects.filter(game=game).order_by("position"))
        for seat in seats:
            seat.to_move, seat.deadline = wanted[seat.position]
        return seats

    rows.seats_turns_update(turned(ours))
    Seat.objects.bulk_update(turned(theirs), ["to_move", "deadline"])

    def read(game):
        return list(
            Seat.objects.filter(game=game)
            .order_by("position")
            .values_list("position", "to_move", "deadline")
        )

    assert read(ours) == read(theirs) == [(0, False, None), (1, True, when)]


def _orm_log(game, language, key, since, moves):
    out = []
    for move in moves:
        text = (move.log.get(language) or {}).get(key) or move.log["en"][key]
        flags = [bool(t is not None and move.created_at > t) for t in since]
        out.append((move.seq, move.seat, text, *flags))
    return out


def _bools(found):
    return [(*r[:3], bool(r[3]), bool(r[4])) for r in found]


@pytest.mark.parametrize(("language", "key"), [("en", "-"), ("fr", "0"), ("de", "1")])
def test_the_log_rows_are_the_orms(game, language, key):
    from games.models import Move

    _play(game, 7)
    first = Move.objects.get(game=game, seq=3).created_at
    for since in [(None, None), (first, first + timedelta(seconds=90))]:
        found = rows.log_rows(
            game_id=game.pk, language=language, key=key, since=since, limit=5
        )
        moves = Move.objects.filter(game=game).order_by("-seq")[:5]
        assert _bools(found) == _orm_log(game, language, key, since, moves)
        older = rows.older_log_rows(
            game_id=game.pk,
            language=language,
            key=key,
            since=since,
            positions=[0, 1],
            before=6,
            limit=2,
        )
        expected = []
        for position in (0, 1):
            expected += list(
                Move.objects.filter(game=game, seat=position, seq__lt=6).order_by(
                    "-seq"
                )[:2]
            )
        expected.sort(key=lambda m: -m.seq)
        assert _bools(older) == _orm_log(game, language, key, since, expected)


def test_the_next_game_waiting_is_the_orms_and_my_games_first(ana, ben, make_user):
    """Nearest deadline first, games without one last, then the oldest game: on
    SQLite (NULLs first unless told) as on PostgreSQL (NULLs last)."""
    from django.db.models import F
    from game_helpers import timed_game

    here = timed_game(ana, ben)
    untimed = [
        services.game_create(
            creator=make_user(), engine_slug="lost-cities", num_players=2, options={}
        )
        for _ in range(2)
    ]
    for other in untimed:
        services.seat_join(game_id=other.pk, user=ana)
    timed = [timed_game(make_user(), ana, days=d) for d in (5, 2)]
    Seat.objects.filter(user=ana).update(to_move=True)
    now = timezone.now()
    for game, days in [(here, 3), (timed[0], 5), (timed[1], 2)]:
        Seat.objects.filter(user=ana, game=game).update(
            deadline=now + timedelta(days=days)
        )
    Game.objects.update(status=Game.Status.ACTIVE)

    def orm_next(exclude):
        return (
            Seat.objects.filter(user=ana, to_move=True, game__status=Game.Status.ACTIVE)
            .exclude(game_id=exclude)
            .order_by(F("deadline").asc(nulls_last=True), "game_id")
            .values_list("game_id", flat=True)
            .first()
        )

    for current in [here, timed[1], *untimed]:
        _lines, found, waiting = rows.log_rows_and_next_game(
            game_id=current.pk,
            language="en",
            key="0",
            since=(None, None),
            limit=5,
            user_id=ana.pk,
        )
        assert found == orm_next(current.pk)
        assert waiting == selectors.games_awaiting_count(user=ana)
        mine = [s.game_id for s in selectors.my_games(user=ana)["mine"]]
        assert found == next(g for g in mine if g != current.pk)
    assert orm_next(here.pk) == timed[1].pk  # the 2-day game, not an untimed one
