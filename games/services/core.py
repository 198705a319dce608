"""The heart of every write to a game: its row locked, a move applied, what follows.

Rules are the engines' business; these functions only orchestrate: lock the game
row, call the engine, store the result, update the seats, and tell the rest of
the site (`games.events.state_changed`). Neither they nor the public services
that call them (tables, moves, bots, timeouts) queue anything: the receivers of
the event register what follows the commit (`games/events.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.engines import IllegalMove
from games.errors import Invalid, NotFound

from .. import rows
from ..events import state_changed
from ..models import Game, Move, Seat
from .vacations import turn_deadlines


@dataclass(frozen=True)
class Played:
    """What the engine answered about the state a change left, asked once:
    who is to move, whether the game is over, and its outcome then (sorted
    by rank), and whether a computer player is to move."""

    to_move: tuple[int, ...]
    finished: bool
    outcome: list[dict] | None
    bots_next: bool


def game_locked(game_id: int, *, with_seats: bool = False) -> Game:
    """The game, its row locked until the transaction ends (with its seats and
    their users as `game.seat_list()` if `with_seats`); NotFound if none."""
    try:
        # The seats are read with the game (one query), as they would be anyway.
        read = rows.game_with_seats if with_seats else rows.game_alone
        game = read(int(game_id), lock=True)
    except (ValueError, TypeError):
        game = None
    if game is None:
        raise NotFound(_("There is no such game."))
    return game


def move_apply(game, engine, seats, position, move, *, from_bot=False) -> Played:
    """Caller holds the game row lock. Applies the move, appends it, saves the
    game and the seats, and announces the change (`state_changed_after`)."""
    try:
        new_state = engine.apply(game.state, position, move)
    except IllegalMove as exc:
        raise Invalid(exc.reason) from None
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
    over = engine.is_over(new_state)
    if over:
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        changes.update(status=game.status, finished_at=game.finished_at)
    # One statement on PostgreSQL (games/rows.py).
    rows.insert_and_update(Move, move_row, game, changes)
    return state_changed_after(game, engine, seats, from_bot=from_bot, over=over)


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


def state_changed_after(
    game, engine, seats, *, from_bot=False, over: bool | None = None
) -> Played:
    """Caller holds the lock and has saved the game's new state. Updates the
    seats' turn flags, deadlines (`vacations.turn_deadlines`, the one place a
    deadline is computed) and results, then sends `state_changed`.

    Its receivers run here, inside the transaction, in the order
    `games.events.RECEIVERS` lists (the email outbox, server push, the
    computer player's task, campaign episodes, ratings, metrics).

    Returns the engine's answers about the new state (`Played`), so that
    nothing after it asks them again; `over` is the engine's, when the caller
    has asked it already."""
    now = timezone.now()
    order = tuple(engine.to_move(game.state))
    to_move = set(order)
    if over is None:
        over = engine.is_over(game.state)
    newly_to_move = [s for s in seats if s.position in to_move and not s.to_move]
    outcome = engine.outcome(game.state) if over else None
    results = {r["seat"]: r for r in outcome} if outcome else {}
    deadlines = turn_deadlines(newly_to_move, game.time_per_move, now)
    changed = []
    for seat in seats:
        waiting = seat.position in to_move
        deadline = seat.deadline if (waiting and seat.to_move) else None
        if seat.position in deadlines:
            deadline = deadlines[seat.position]
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
        rows.seats_turns_update(changed)
    bots_next = any(s.is_bot and s.position in to_move for s in seats)
    state_changed.send(
        sender=Game,
        game=game,
        engine=engine,
        seats=seats,
        newly_to_move=newly_to_move,
        finished=over,
        by_bot=from_bot,
        bots_next=bots_next,
    )
    return Played(
        to_move=order,
        finished=over,
        outcome=sorted(outcome, key=lambda r: r["rank"]) if outcome else None,
        bots_next=bots_next,
    )


def game_forfeit(game, engine, seats, absent, now) -> None:
    """Caller holds the lock. The game ends abandoned by `absent`; the others'
    results stand (they share first place); the engine is not asked."""
    game.status = Game.Status.ABANDONED
    game.finished_at = now
    game.version += 1  # so that open pages refresh; no Move is appended
    game.save(update_fields=["status", "finished_at", "version"])
    for s in seats:
        s.to_move, s.deadline = False, None
        if s is absent:
            s.forfeited = True
            s.rank = len(seats)
            s.result_detail = {"forfeit": True}
        else:
            s.rank = 1
            s.result_detail = {"forfeit_by": absent.position}
    Seat.objects.bulk_update(
        seats, ["to_move", "deadline", "forfeited", "rank", "result_detail"]
    )
    state_changed.send(
        sender=Game,
        game=game,
        engine=engine,
        seats=seats,
        newly_to_move=[],
        finished=True,
        by_bot=False,
        bots_next=False,
    )
