"""Writes of the history app: replay snapshots, imported records, ratings."""

from __future__ import annotations

from django.db import transaction
from openskill.models import PlackettLuce

from games import engines
from games.engines.replay import replay, replay_from_seed
from games.models import Game, Move, Seat

from . import replay as snapshots
from .models import ImportedRecord, RatedGame, Rating, Snapshot
from .records import record_parse, record_replay

RATING_MODEL = PlackettLuce()


# --- replays ----------------------------------------------------------------------------


def game_moves_count(*, game: Game) -> int:
    """How many moves the game has (its version may count more: a forfeit bumps
    the version without a move)."""
    last = (
        Move.objects.filter(game=game)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    return last or 0


def game_state_at(*, game: Game, step: int, total: int | None = None) -> dict:
    """The state of `game` after its first `step` moves (0 <= step <= moves).

    `total`, when the caller knows it, is the number of moves: the last step is then
    the stored state, with no rebuild.

    Starts from the nearest snapshot at or before `step` (or the set-up), applies the
    moves after it and stores the snapshots it passes: two or three queries whatever
    the length of the game, and at most SNAPSHOT_EVERY moves applied once cached.
    """
    if total is not None and step == total and game.state is not None:
        return game.state
    engine = engines.get(game.engine)
    nearest = (
        Snapshot.objects.filter(game=game, seq__lte=step)
        .order_by("-seq")
        .values_list("seq", "state")
        .first()
    )
    start = nearest[0] if nearest else 0
    rows = (
        Move.objects.filter(game=game, seq__gt=start, seq__lte=step)
        .order_by("seq")
        .values_list("seq", "seat", "move")
    )
    new = []

    def keep(seq, kept):
        if seq % snapshots.SNAPSHOT_EVERY == 0:
            new.append(Snapshot(game=game, seq=seq, state=kept))

    if nearest:
        state = replay(engine, nearest[1], rows, after=keep)
    else:
        state = replay_from_seed(
            engine, game.num_players, game.options, game.seed, rows, after=keep
        )
    if new:
        Snapshot.objects.bulk_create(new, ignore_conflicts=True)
    return state


# --- imports ----------------------------------------------------------------------------


def record_import(*, owner, text: str | bytes) -> ImportedRecord:
    """Checks a record by replaying it and keeps it for its owner; RecordRefused else."""
    record = record_parse(text)
    engine, _final = record_replay(record)
    for row in record["players"]:
        row["name"] = str(row.get("name") or "?")[:40]
    return ImportedRecord.objects.create(owner=owner, engine=engine.slug, record=record)


# --- ratings ----------------------------------------------------------------------------


def placings(*, game: Game, seats: list[Seat]) -> list[tuple[int, int]]:
    """(user id, rank) of the people at a game that is over; lower rank is better.

    Computer players are left out. In an abandoned game the seats marked
    {"forfeit": true} in their result share the last place; the others keep the
    rank they were given, or share the first place when none was.
    """
    people = [s for s in seats if s.user_id and not s.is_bot]
    if game.status == Game.Status.ABANDONED:
        forfeits = {s.pk for s in people if (s.result_detail or {}).get("forfeit")}
        kept = [s.rank or 1 for s in people if s.pk not in forfeits]
        last = max([len(seats), *kept]) + 1
        return [
            (s.user_id, last if s.pk in forfeits else (s.rank or 1)) for s in people
        ]
    return [(s.user_id, s.rank or 1) for s in people]


def game_rate(*, game_id: int) -> bool:
    """Puts a rated game that is over into its players' ratings, once.

    Idempotent: the game row is locked and a RatedGame marker written in the same
    transaction, so a second run (a retried task) finds the marker and does nothing.
    Returns whether this run rated the game.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or not game.rated or not game.is_over:
            return False
        if RatedGame.objects.filter(game=game).exists():
            return False
        seats = game.seat_list()
        places = placings(game=game, seats=seats)
        changes = {}
        if len(places) >= 2:
            changes = _ratings_update(game.engine, places)
        RatedGame.objects.create(game=game, changes=changes)
    return True


def _ratings_update(engine: str, places: list[tuple[int, int]]) -> dict:
    """Caller holds a transaction. Locks the players' ratings, rates, saves."""
    user_ids = sorted(uid for uid, _rank in places)
    start = RATING_MODEL.rating()
    Rating.objects.bulk_create(
        [
            Rating(
                user_id=uid,
                engine=engine,
                mu=start.mu,
                sigma=start.sigma,
                ordinal=start.ordinal(),
            )
            for uid in user_ids
        ],
        ignore_conflicts=True,
    )
    rows = {
        r.user_id: r
        for r in Rating.objects.select_for_update()
        .filter(engine=engine, user_id__in=user_ids)
        .order_by("user_id")
    }
    teams = [
        [RATING_MODEL.rating(mu=rows[uid].mu, sigma=rows[uid].sigma)]
        for uid, _rank in places
    ]
    rated = RATING_MODEL.rate(teams, ranks=[rank for _uid, rank in places])
    changes = {}
    for (uid, _rank), (new,) in zip(places, rated, strict=True):
        row = rows[uid]
        before = row.display
        row.mu, row.sigma, row.ordinal = new.mu, new.sigma, new.ordinal()
        row.games += 1
        changes[str(uid)] = [before, row.display]
    Rating.objects.bulk_update(
        rows.values(), ["mu", "sigma", "ordinal", "games", "updated_at"]
    )
    return changes
