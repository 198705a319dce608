"""Game records: export a stored game as JSON, check and replay an imported one.

The format is described in docs/game-record.md. Checking a record only needs the
engine contract: it is replayed move by move and must end as the record says.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games import engines, json_input
from games.engines import InvalidOptions
from games.engines.replay import MoveDoesNotReplay, replay, replay_from_seed
from games.errors import Invalid
from games.models import Game

from .replay import engine_version

FORMAT = "tablesite-game-record"
FORMAT_VERSION = 1
MAX_RECORD_BYTES = 2_000_000
MAX_MOVES = 20_000


class RecordRefused(Invalid):
    """A record that cannot be imported; the message says why, for a player."""


def record_of(*, game: Game, moves, seats, options: dict | None = None) -> dict:
    """The record of a game that is over (the seed is part of it only then);
    `options` as given out when not all of the game's (sealed chapters)."""
    engine = engines.get(game.engine)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engine": game.engine,
        "engine_version": engine_version(engine),
        "game": game.pk,
        "num_players": game.num_players,
        "options": game.options if options is None else options,
        "seed": game.seed if game.is_over else None,
        "status": game.status,
        "rated": game.rated,
        "created_at": _iso(game.created_at),
        "started_at": _iso(game.started_at),
        "finished_at": _iso(game.finished_at),
        "players": [
            {"seat": s.position, "name": s.name, "bot": s.is_bot} for s in seats
        ],
        "moves": [
            {"seq": m.seq, "seat": m.seat, "move": m.move, "at": _iso(m.created_at)}
            for m in moves
        ],
        "outcome": [
            {
                "seat": s.position,
                "score": s.score,
                "rank": s.rank,
                "detail": s.result_detail,
            }
            for s in seats
        ],
    }


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def record_parse(text: str | bytes) -> dict:
    """The record as a dict, its shape checked; RecordRefused otherwise."""
    if not text:
        raise RecordRefused(_("The file is empty."))
    if len(text) > MAX_RECORD_BYTES:
        raise RecordRefused(_("The file is too large for a game record."))
    try:
        record = json_input.loads(text)
    except json_input.TooDeep:
        raise RecordRefused(
            _("The file is nested too deeply for a game record.")
        ) from None
    except (TypeError, ValueError, UnicodeDecodeError):
        raise RecordRefused(_("The file is not valid JSON.")) from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordRefused(_("The file is not a game record of this site."))
    if record.get("format_version") != FORMAT_VERSION:
        raise RecordRefused(_("This version of the record format is not supported."))
    checks = [
        ("engine", str),
        ("engine_version", int),
        ("num_players", int),
        ("options", dict),
        ("seed", int),
        ("status", str),
        ("players", list),
        ("moves", list),
        ("outcome", list),
    ]
    for key, kind in checks:
        value = record.get(key)
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
            raise RecordRefused(
                _("The record's field “%(field)s” is missing or malformed.")
                % {"field": key}
            )
    if record["status"] not in (Game.Status.FINISHED, Game.Status.ABANDONED):
        raise RecordRefused(_("Only games that are over can be imported."))
    if len(record["moves"]) > MAX_MOVES:
        raise RecordRefused(_("The record has too many moves."))
    for index, row in enumerate(record["moves"], start=1):
        if (
            not isinstance(row, dict)
            or row.get("seq") != index
            or not isinstance(row.get("seat"), int)
            or isinstance(row.get("seat"), bool)
            or not isinstance(row.get("move"), dict)
        ):
            raise RecordRefused(
                _("Move %(seq)s of the record is malformed.") % {"seq": index}
            )
    n = record["num_players"]
    for row in record["players"]:
        if not isinstance(row, dict) or not isinstance(row.get("name", ""), str):
            raise RecordRefused(_("The record's players are malformed."))
    if len(record["players"]) != n:
        raise RecordRefused(_("The record's players do not match its player count."))
    for row in record["outcome"]:
        if not isinstance(row, dict) or row.get("seat") not in range(n):
            raise RecordRefused(_("The record's outcome is malformed."))
    return record


def record_replay(record: dict) -> tuple[object, dict]:
    """Replays a parsed record through its engine; returns (engine, final state).

    Refuses a record from an unknown
    engine or engine version, with an illegal move, or that does not end as it says.
    """
    try:
        engine = engines.get(record["engine"])
    except KeyError:
        raise RecordRefused(
            _("This site has no game “%(engine)s”.") % {"engine": record["engine"]}
        ) from None
    if record["engine_version"] != engine_version(engine):
        raise RecordRefused(
            _(
                "The record was played with version %(theirs)s of these rules; "
                "this site has version %(ours)s."
            )
            % {"theirs": record["engine_version"], "ours": engine_version(engine)}
        )
    n = record["num_players"]
    if not engine.min_players <= n <= engine.max_players:
        raise RecordRefused(_("That game is not played with that many players."))
    try:
        options = engine.validate_options(n, record["options"])
        state = engine.setup(n, options, record["seed"])
    except InvalidOptions as exc:
        raise RecordRefused(exc.reason) from None
    except Exception:
        raise RecordRefused(_("The record's options cannot set up a game.")) from None
    try:
        state = replay(engine, state, _moves(record))
    except MoveDoesNotReplay as exc:
        if exc.not_to_move:
            text = _("Move %(seq)s is played by a seat that was not to move.")
        elif exc.reason is not None:
            text = _("Move %(seq)s does not replay: %(reason)s")
        else:
            text = _("Move %(seq)s does not replay.")
        raise RecordRefused(text % {"seq": exc.seq, "reason": exc.reason}) from None
    over = engine.is_over(state)
    if record["status"] == Game.Status.FINISHED:
        if not over:
            raise RecordRefused(_("The record's moves do not finish the game."))
        ours = {(r["seat"], r["score"], r["rank"]) for r in engine.outcome(state)}
        theirs = {(r["seat"], r.get("score"), r.get("rank")) for r in record["outcome"]}
        if ours != theirs:
            raise RecordRefused(
                _("The record does not replay to the outcome it states.")
            )
    elif over:
        raise RecordRefused(
            _("The record says the game was abandoned, but its moves finish it.")
        )
    return engine, state


def record_state(record: dict, step: int) -> tuple[object, dict]:
    """The state of a stored (already checked) record after its first `step` moves."""
    engine = engines.get(record["engine"])
    n = record["num_players"]
    options = engine.validate_options(n, record["options"])
    moves = _moves({"moves": record["moves"][:step]})
    return engine, replay_from_seed(engine, n, options, record["seed"], moves)


def _moves(record: dict):
    """A record's moves as (seq, seat, move)."""
    return ((row["seq"], row["seat"], row["move"]) for row in record["moves"])
