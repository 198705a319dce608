"""Writes of the platform: creating tables, joining, starting, moves, bot moves.

Rules are the engines' business; this module only orchestrates: it locks the game
row, checks who may act, calls the engine, stores the result and registers what
must happen after the commit.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import engines
from games.engines import IllegalMove, InvalidOptions

from . import json_input, rows
from .events import state_changed
from .models import Game, Move, Seat

MAX_MOVE_BYTES = 4096


@dataclass
class Rejected(Exception):
    """A request the platform refuses; `status` is the HTTP status to answer with."""

    status: int
    message: str

    def __str__(self):
        return self.message


# --- tables ---------------------------------------------------------------------------


def game_create(
    *,
    creator,
    engine_slug: str,
    num_players: int,
    options: dict,
    visibility: str = Game.Visibility.PUBLIC,
    time_per_move=None,
    timeout_policy: str = Game.TimeoutPolicy.BOT,
    rated: bool = True,
) -> Game:
    try:
        engine = engines.get(engine_slug)
    except KeyError:
        raise Rejected(404, _("There is no such game.")) from None
    if not engine.min_players <= num_players <= engine.max_players:
        raise Rejected(400, _("That game is not played with that many players."))
    try:
        options = engine.validate_options(num_players, options)
    except InvalidOptions as exc:
        raise Rejected(400, exc.reason) from None
    with transaction.atomic():
        game = Game.objects.create(
            engine=engine_slug,
            num_players=num_players,
            options=options,
            visibility=visibility,
            time_per_move=time_per_move,
            timeout_policy=timeout_policy,
            rated=rated,
            created_by=creator,
        )
        Seat.objects.create(game=game, position=0, user=creator)
    return game


def seat_join(*, game_id: int, user) -> Game:
    """Takes the next free seat; the game starts when the table is full."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.OPEN:
            raise Rejected(409, _("This table is no longer open."))
        seats = list(game.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise Rejected(409, _("You already have a seat at this table."))
        try:
            with transaction.atomic():
                Seat.objects.create(game=game, position=len(seats), user=user)
        except IntegrityError:
            raise Rejected(409, _("That seat was just taken.")) from None
        if len(seats) + 1 == game.num_players:
            _start(game)
    return game


def seat_add_bot(*, game_id: int, user, level: str = "simple") -> Game:
    """The table's creator fills the next free seat with a computer player."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.created_by_id != user.pk:
            raise Rejected(
                403, _("Only the table's creator can add a computer player.")
            )
        if game.status != Game.Status.OPEN:
            raise Rejected(409, _("This table is no longer open."))
        count = game.seats.count()
        Seat.objects.create(game=game, position=count, bot_level=level)
        if count + 1 == game.num_players:
            _start(game)
    return game


def game_leave(*, game_id: int, user) -> Game | None:
    """Leaves an open table; the creator leaving closes it."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.OPEN:
            raise Rejected(409, _("The game has started: it can no longer be left."))
        if game.created_by_id == user.pk:
            game.delete()
            return None
        deleted, _rows = game.seats.filter(user=user).delete()
        if not deleted:
            raise Rejected(403, _("You have no seat at this table."))
        for position, seat in enumerate(game.seats.order_by("position")):
            if seat.position != position:
                Seat.objects.filter(pk=seat.pk).update(position=position)
    return game


def game_rematch(*, game_id: int, user) -> Game:
    """A new table like a finished one (same game, options and table settings),
    offered to its players: the one who asks sits first, the computer players sit
    again at once, the other people join from the finished game's page or "My
    games". One rematch per game: asking again (a double click, the other player
    asking too) gives the table already offered."""
    with transaction.atomic():
        old = _locked(game_id)
        seats = list(old.seats.select_related("user"))
        if not any(s.user_id == user.pk for s in seats):
            raise Rejected(403, _("Only the players of this game can offer a rematch."))
        if not old.is_over:
            raise Rejected(409, _("The game is not over yet."))
        if old.options.get("mode") == "campaign":
            raise Rejected(
                409, _("A campaign episode is followed by the next one, not a rematch.")
            )
        existing = Game.objects.filter(rematch_of=old).first()
        if existing is not None:
            return existing
        game = Game.objects.create(
            engine=old.engine,
            num_players=old.num_players,
            options=old.options,
            visibility=old.visibility,
            time_per_move=old.time_per_move,
            timeout_policy=old.timeout_policy,
            rated=old.rated,
            created_by=user,
            rematch_of=old,
        )
        bots = [s for s in seats if s.is_bot]
        Seat.objects.bulk_create(
            [
                Seat(game=game, position=0, user=user),
                *(
                    Seat(game=game, position=position, bot_level=bot.bot_level)
                    for position, bot in enumerate(bots, start=1)
                ),
            ]
        )
        from .notifications import rematch_offered

        rematch_offered(game=game, by=user, seats=seats)
        if 1 + len(bots) == game.num_players:
            _start(game)
    return game


def _start(game: Game) -> None:
    """Caller holds the game row lock and every seat is filled."""
    engine = engines.get(game.engine)
    game.state = engine.setup(game.num_players, game.options, game.seed)
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    game.save(update_fields=["state", "status", "started_at"])
    seats = list(game.seats.all())
    _after_state_change(game, engine, seats)


# --- moves ------------------------------------------------------------------------------


def parse_move(raw: str | bytes | None) -> dict:
    """A move from its JSON text, or Rejected(400) with a readable reason."""
    if raw is None or raw == "":
        raise Rejected(400, _("No move was sent."))
    if len(raw) > MAX_MOVE_BYTES:
        raise Rejected(400, _("That move is too large."))
    try:
        move = json_input.loads(raw)
    except json_input.TooDeep:
        raise Rejected(400, _("That move is nested too deeply.")) from None
    except (TypeError, ValueError):
        raise Rejected(400, _("That move is not valid JSON.")) from None
    if not isinstance(move, dict):
        raise Rejected(400, _("A move must be a JSON object."))
    return move


def move_submit(*, game_id: int, user, move: dict, expected_version: int) -> Game:
    """Applies a person's move under the game row lock; effects run after commit.

    The returned game carries its seats (with their users) as a prefetched
    `game.seats.all()`, updated by the move, so a view can render it at once."""
    with transaction.atomic():
        game = _locked(game_id, with_seats=True)
        seats = list(game.seats.all())
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise Rejected(403, _("You have no seat at this table."))
        if game.status == Game.Status.OPEN:
            raise Rejected(409, _("The game has not started yet."))
        if game.is_over:
            raise Rejected(409, _("The game is over."))
        engine = engines.get(game.engine)
        if expected_version != game.version and not _same_simultaneous_round(
            game, engine, seat.position, expected_version
        ):
            raise Rejected(
                409, _("The game has moved on since you last looked: here it is now.")
            )
        if seat.position not in engine.to_move(game.state):
            raise Rejected(409, _("It is not your turn."))
        _apply(game, engine, seats, seat.position, move)
    return game


def _same_simultaneous_round(
    game: Game, engine, position: int, expected_version: int
) -> bool:
    """Whether a decision made on an older version still stands: only in a
    simultaneous round (My City, where every player places at once). Other
    seats' decisions since the version a player saw do not make that player's
    own stale when the player was already to decide then, beside them; the
    engine still checks the move. Any move of this seat since then (a double
    click, a second tab, a timeout) makes it stale, and so does anything in a
    turn-based game: at the version the player saw, someone else was to move.

    Rare (a stale post), so whether the seat was to move then is read from the
    state at that version, replayed from the seed: a few milliseconds."""
    if not 0 <= expected_version < game.version:
        return False
    moves = list(game.moves.order_by("seq").values_list("seq", "seat", "move"))
    if any(seq > expected_version and seat == position for seq, seat, _m in moves):
        return False
    state = engine.setup(game.num_players, game.options, game.seed)
    try:
        for seq, seat, move in moves:
            if seq > expected_version:
                break
            state = engine.apply(state, seat, move)
    except IllegalMove:  # the rules changed under a running game: refuse as stale
        return False
    then = engine.to_move(state)
    return position in then and len(then) > 1


def bots_play(*, game_id: int, max_moves: int = 500) -> int:
    """Plays every pending computer-player move, one transaction each.

    Idempotent: with no computer player to move it does nothing; a move already
    made by another run is simply not there to make again.
    """
    from games.bots import choose_move

    played = 0
    while played < max_moves:
        with transaction.atomic():
            game = _locked(game_id)
            if game.status != Game.Status.ACTIVE:
                return played
            engine = engines.get(game.engine)
            seats = list(game.seats.all())
            bot_positions = {s.position for s in seats if s.is_bot}
            waiting = [p for p in engine.to_move(game.state) if p in bot_positions]
            if not waiting:
                return played
            position = waiting[0]
            move = choose_move(
                engine, game.state, position, seed=game.seed + game.version
            )
            _apply(game, engine, seats, position, move, from_bot=True)
            played += 1
    return played


def _locked(game_id: int, *, with_seats: bool = False) -> Game:
    try:
        # The seats are read with the game (one query), as they would be anyway.
        read = rows.game_with_seats if with_seats else rows.game
        game = read(game_id, lock=True)
    except (ValueError, TypeError):
        game = None
    if game is None:
        raise Rejected(404, _("There is no such game."))
    return game


def _apply(game, engine, seats, position, move, *, from_bot=False) -> None:
    """Caller holds the game row lock. Applies, appends, saves, schedules."""
    try:
        new_state = engine.apply(game.state, position, move)
    except IllegalMove as exc:
        raise Rejected(400, exc.reason) from None
    move_row = {
        "game_id": game.pk,
        "seq": game.version + 1,
        "seat": position,
        "move": move,
        "log": _log_lines(engine, game, position, move),
        "created_at": timezone.now(),
    }
    game.state = new_state
    game.version += 1
    changes = {"state": new_state, "version": game.version}
    if engine.is_over(new_state):
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        changes.update(status=game.status, finished_at=game.finished_at)
    # One statement on PostgreSQL (games/rows.py).
    rows.insert_and_update(Move, move_row, game, changes)
    _after_state_change(game, engine, seats, from_bot=from_bot)


def _log_lines(engine, game, position, move) -> dict:
    """The move's log line in each language, for each seat and for spectators."""
    lines = {}
    viewers = [*range(game.num_players), None]
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            lines[code] = {
                ("-" if v is None else str(v)): engine.describe(
                    game.state, position, move, v
                )
                for v in viewers
            }
    return lines


def _save_turns(seats: list[Seat]) -> None:
    """Saves `to_move` and `deadline` of these seats in one UPDATE.

    This runs on nearly every move; `bulk_update` builds the same CASE statement
    through the ORM's expressions at several times the cost."""
    table = connection.ops.quote_name(Seat._meta.db_table)
    deadline_field = Seat._meta.get_field("deadline")
    # PostgreSQL types a CASE of bare parameters as text, which a timestamp
    # column refuses; SQLite needs no cast (and its CAST would turn text to a number).
    deadline = (
        "CAST(%s AS timestamp with time zone)"
        if connection.vendor == "postgresql"
        else "%s"
    )
    to_move_params, deadline_params = [], []
    for seat in seats:
        to_move_params += [seat.pk, seat.to_move]
        deadline_params += [
            seat.pk,
            deadline_field.get_db_prep_value(seat.deadline, connection),
        ]
    ids = [seat.pk for seat in seats]
    sql = (
        f"UPDATE {table} SET "
        f"to_move = CASE id {' '.join(['WHEN %s THEN %s'] * len(seats))} END, "
        f"deadline = CASE id {' '.join([f'WHEN %s THEN {deadline}'] * len(seats))} END "
        f"WHERE id IN ({', '.join(['%s'] * len(seats))})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*to_move_params, *deadline_params, *ids])


def _after_state_change(game, engine, seats, *, from_bot=False) -> None:
    """Caller holds the lock. Seat flags and deadlines, results, then after-commit work."""
    now = timezone.now()
    to_move = set(engine.to_move(game.state))
    over = engine.is_over(game.state)
    newly_to_move = [s for s in seats if s.position in to_move and not s.to_move]
    results = {r["seat"]: r for r in engine.outcome(game.state)} if over else {}
    changed = []
    for seat in seats:
        waiting = seat.position in to_move
        deadline = seat.deadline if (waiting and seat.to_move) else None
        if waiting and not seat.to_move and game.time_per_move:
            deadline = now + game.time_per_move
        result = results.get(seat.position)
        new = (waiting, deadline)
        if result:
            new += (result["score"], result["rank"], result["detail"])
        old = (seat.to_move, seat.deadline)
        if result:
            old += (seat.score, seat.rank, seat.result_detail)
        if new != old:
            seat.to_move, seat.deadline = waiting, deadline
            if result:
                seat.score, seat.rank = result["score"], result["rank"]
                seat.result_detail = result["detail"]
            changed.append(seat)
    if changed and results:
        Seat.objects.bulk_update(
            changed, ["to_move", "deadline", "score", "rank", "result_detail"]
        )
    elif changed:
        _save_turns(changed)
    state_changed.send(
        sender=Game,
        game=game,
        engine=engine,
        seats=seats,
        newly_to_move=newly_to_move,
        finished=over,
        by_bot=from_bot,
    )
    bot_waiting = any(s.is_bot and s.position in to_move for s in seats)
    if bot_waiting and not from_bot:
        from games.tasks import bots_play_task

        game_id = game.pk
        transaction.on_commit(lambda: bots_play_task.delay(game_id))
