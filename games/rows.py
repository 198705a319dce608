"""The site's raw SQL, written from the models' own fields (`_meta`) through
Django's public cursor.

- **The one fast path**: every move and board reads the game with its seats and
  their users (`game_with_seats`, locked for a move), in one query, each row
  made an instance as the ORM makes it (the fields' converters, then
  `Model.from_db`); the seats are the game's `seat_list()`. tests/games/test_rows.py
  compares its objects with the ORM's; `make bench` prints what it saves
  against the ORM's read (docs/benchmarks.md).
- **A move's writes**: the Move insert and the game update (one statement on
  PostgreSQL), the seats' turns in one UPDATE.
- **The log**: only the viewer's line, in the viewer's language, leaves the
  database, with the next game waiting and the count of games waiting.
"""

from __future__ import annotations

from django.db import connection

from accounts.models import User

from .models import Game, Move, Seat


class ModelRows:
    """One model's columns under a table alias, and rows of them made instances."""

    def __init__(self, model, alias: str):
        self.model = model
        self.alias = alias
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [f.attname for f in self.fields]
        self._converters: dict[str, list] = {}

    def columns(self) -> str:
        quote = connection.ops.quote_name
        return ", ".join(f"{self.alias}.{quote(f.column)}" for f in self.fields)

    def _converters_for(self) -> list:
        converters = self._converters.get(connection.vendor)
        if converters is None:
            converters = []
            for field in self.fields:
                col = field.get_col(self.alias)
                converters.append(
                    (
                        col,
                        connection.ops.get_db_converters(col)
                        + col.get_db_converters(connection),
                    )
                )
            self._converters[connection.vendor] = converters
        return converters

    def instance(self, values):
        converted = []
        for value, (col, converters) in zip(
            values, self._converters_for(), strict=True
        ):
            for converter in converters:
                value = converter(value, col, connection)
            converted.append(value)
        return self.model.from_db(connection.alias, self.attnames, converted)


GAMES = ModelRows(Game, "g")
SEATS = ModelRows(Seat, "s")
USERS = ModelRows(User, "u")
SEAT_POSITION = SEATS.attnames.index("position")
GAME_SEATS_SQL: dict[tuple[str, bool], str] = {}


def game_seats_sql(*, lock: bool) -> str:
    """One row per seat (one with NULL seat columns for a game without any):
    the game's columns repeat on each, except its state, sent once, on the row
    of the first seat (see game_with_seats). Written once per database vendor."""
    key = (connection.vendor, lock)
    sql = GAME_SEATS_SQL.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        columns = GAMES.columns().replace(
            f"g.{quote('state')}",
            f"CASE WHEN s.position IS NULL OR s.position = 0 "
            f"THEN g.{quote('state')} END",
        )
        sql = (
            f"SELECT {columns}, {SEATS.columns()}, {USERS.columns()} "
            f"FROM {quote(Game._meta.db_table)} g "
            f"LEFT JOIN {quote(Seat._meta.db_table)} s ON s.game_id = g.id "
            f"LEFT JOIN {quote(User._meta.db_table)} u ON u.id = s.user_id "
            "WHERE g.id = %s ORDER BY s.position"
        )
        if lock and connection.features.has_select_for_update:
            sql += (
                " FOR UPDATE OF g"
                if connection.features.has_select_for_update_of
                else " FOR UPDATE"
            )
        GAME_SEATS_SQL[key] = sql
    return sql


def game_alone(game_id: int, *, lock: bool = False) -> Game | None:
    """The game through the ORM (locked for the transaction if `lock`); None if
    there is no such game."""
    games = Game.objects.select_for_update() if lock else Game.objects.all()
    return games.filter(pk=game_id).first()


def seats_of_rows(rows) -> list[Seat]:
    width = len(SEATS.fields)
    result = []
    for row in rows:
        seat = SEATS.instance(row[:width])
        seat.user = None if row[width] is None else USERS.instance(row[width:])
        result.append(seat)
    return result


def game_with_seats(game_id: int, *, lock: bool = False) -> Game | None:
    """The game and its seats by position (with their users) in one query, the
    seats as `game.seat_list()`, each seat's `game` that game; the game locked
    for the transaction if `lock`. None if there is no such game.

    Seats are numbered from 0 (services renumber them when one leaves), so the
    state comes on the first row; were a game ever without a seat 0, its row is
    read again on its own."""
    with connection.cursor() as cursor:
        cursor.execute(game_seats_sql(lock=lock), [int(game_id)])
        found = cursor.fetchall()
    if not found:
        return None
    width = len(GAMES.fields)
    first_position = found[0][width + SEAT_POSITION]
    if first_position in (None, 0):
        the_game = GAMES.instance(found[0][:width])
    else:
        the_game = game_alone(game_id, lock=lock)
    seat_rows = [] if first_position is None else [row[width:] for row in found]
    seats = seats_of_rows(seat_rows)
    for seat in seats:
        seat.game = the_game
    the_game.seats_read = seats
    return the_game


def _insert_sql(meta, fields: list) -> str:
    quote = connection.ops.quote_name
    return (
        f"INSERT INTO {quote(meta.db_table)} "
        f"({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )


def _prepared(model, values: dict) -> tuple[list, list]:
    """The fields named in `values` and the values prepared as the ORM saves them."""
    fields = [model._meta.get_field(name) for name in values]
    params = [
        f.get_db_prep_save(v, connection)
        for f, v in zip(fields, values.values(), strict=True)
    ]
    return fields, params


def insert_and_update(model, row: dict, instance, changes: dict) -> None:
    """INSERTs `row` (field names and values) into `model`'s table and UPDATEs
    `instance`'s row with `changes`: on PostgreSQL one statement (the INSERT in
    a WITH clause, which runs whether or not the UPDATE reads it), elsewhere
    two. A move's Move row and game update are written by it."""
    quote = connection.ops.quote_name
    fields, params = _prepared(model, row)
    insert_sql = _insert_sql(model._meta, fields)
    meta = instance._meta
    fields, update_params = _prepared(type(instance), changes)
    update_sql = (
        f"UPDATE {quote(meta.db_table)} SET "
        f"{', '.join(f'{quote(f.column)} = %s' for f in fields)} "
        f"WHERE {quote(meta.pk.column)} = %s"
    )
    update_params.append(instance.pk)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"WITH inserted AS ({insert_sql}) {update_sql}", params + update_params
            )
        else:
            cursor.execute(insert_sql, params)
            cursor.execute(update_sql, update_params)


def seats_turns_update(seats: list[Seat]) -> None:
    """Saves `to_move` and `deadline` of these seats in one UPDATE.

    This runs on nearly every move; `bulk_update` builds the same CASE statement
    through the ORM's expressions at several times the cost."""
    quote = connection.ops.quote_name
    meta = Seat._meta
    pk = quote(meta.pk.column)
    to_move_field = meta.get_field("to_move")
    deadline_field = meta.get_field("deadline")
    # PostgreSQL types a CASE of bare parameters as text, which a timestamp
    # column refuses; SQLite needs no cast (and its CAST would turn text to a number).
    deadline = (
        "CAST(%s AS timestamp with time zone)"
        if connection.vendor == "postgresql"
        else "%s"
    )
    to_move_params, deadline_params = [], []
    for seat in seats:
        to_move_params += [
            seat.pk,
            to_move_field.get_db_prep_save(seat.to_move, connection),
        ]
        deadline_params += [
            seat.pk,
            deadline_field.get_db_prep_save(seat.deadline, connection),
        ]
    ids = [seat.pk for seat in seats]
    whens = " ".join(["WHEN %s THEN %s"] * len(seats))
    deadline_whens = " ".join([f"WHEN %s THEN {deadline}"] * len(seats))
    sql = (
        f"UPDATE {quote(meta.db_table)} SET "
        f"{quote(to_move_field.column)} = CASE {pk} {whens} END, "
        f"{quote(deadline_field.column)} = CASE {pk} {deadline_whens} END "
        f"WHERE {pk} IN ({', '.join(['%s'] * len(seats))})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*to_move_params, *deadline_params, *ids])


# --- the log ------------------------------------------------------------------------
# Only the viewer's line in the viewer's language (else English) leaves the
# database; through the ORM, reading a board's log cost ten times the query
# (docs/benchmarks.md). A row: (seq, seat, text, after seen_at, after grace).


def _column(model, name: str, alias: str = "") -> str:
    """A field's column, quoted, under a table alias."""
    column = connection.ops.quote_name(model._meta.get_field(name).column)
    return f"{alias}.{column}" if alias else column


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _log_text(language: str, key: str) -> tuple[str, list]:
    """The SQL of the viewer's line of a row's log, and its parameters (the
    site runs on PostgreSQL or SQLite)."""
    log = _column(Move, "log")
    if connection.vendor == "postgresql":
        sql = f"COALESCE({log} -> %s ->> %s, {log} -> 'en' ->> %s)"
        return sql, [language, key, key]
    return f"COALESCE(json_extract({log}, %s), json_extract({log}, %s))", [
        f'$."{language}"."{key}"',
        f'$."en"."{key}"',
    ]


def _log_select(text: str) -> str:
    created = _column(Move, "created_at")
    return (
        f"SELECT {_column(Move, 'seq')}, {_column(Move, 'seat')}, {text}, "
        f"{created} > %s, {created} > %s FROM {_table(Move)} "
        f"WHERE {_column(Move, 'game')} = %s"
    )


def _times(since) -> list:
    field = Move._meta.get_field("created_at")
    return [field.get_db_prep_value(t, connection) for t in since]


def _fetch(sql: str, params: list) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def log_rows(*, game_id, language, key, since, limit) -> list[tuple]:
    """The latest `limit` rows of a game's log, newest first, as the viewer
    `key` ("-" for a spectator) reads them in `language`; `since` is the two
    times a line must be later than to be new (None: never)."""
    text, text_params = _log_text(language, key)
    sql = f"{_log_select(text)} ORDER BY {_column(Move, 'seq')} DESC LIMIT %s"
    return _fetch(sql, [*text_params, *_times(since), game_id, limit])


def log_rows_and_next_game(
    *, game_id, language, key, since, limit, user_id
) -> tuple[list[tuple], int | None, int]:
    """`log_rows`, the game other than this one that has waited longest for
    `user_id` (the nearest deadline first, games without one last, then the
    oldest game: the order of "My games"), and how many games wait for that user
    (the header's count), in one query: a board sent to a player who has just
    moved shows all three, and a round trip cost more than any of the queries.
    The next game and the count come as rows of their own, marked by a `seq` no
    move has (-1, -2), the id or the count in the `seat` column."""
    text, text_params = _log_text(language, key)
    log = f"{_log_select(text)} ORDER BY {_column(Move, 'seq')} DESC LIMIT %s"
    deadline = _column(Seat, "deadline", "s")
    seat_game = _column(Seat, "game", "s")
    nulls = "CAST(NULL AS text), CAST(NULL AS boolean), CAST(NULL AS boolean)"
    waiting = (  # the user's seats to move in active games
        f"FROM {_table(Seat)} s "
        f"JOIN {_table(Game)} g ON {_column(Game, 'id', 'g')} = {seat_game} "
        f"WHERE {_column(Seat, 'user', 's')} = %s "
        f"AND {_column(Seat, 'to_move', 's')} = %s "
        f"AND {_column(Game, 'status', 'g')} = %s"
    )
    sql = (
        f"SELECT * FROM ({log}) l UNION ALL SELECT * FROM "
        f"(SELECT -1, {seat_game}, {nulls} {waiting} AND {seat_game} <> %s "
        f"ORDER BY {deadline} IS NULL, {deadline}, {seat_game} LIMIT 1) n "
        f"UNION ALL SELECT -2, COUNT(*), {nulls} {waiting}"
    )
    params = [*text_params, *_times(since), game_id, limit]
    params += [user_id, True, Game.Status.ACTIVE.value, game_id]
    params += [user_id, True, Game.Status.ACTIVE.value]
    found = _fetch(sql, params)
    lines = sorted((r for r in found if r[0] >= 0), key=lambda r: -r[0])
    nxt = next((r[1] for r in found if r[0] == -1), None)
    waiting = next((r[1] for r in found if r[0] == -2), 0)
    return lines, nxt, waiting


def older_log_rows(
    *, game_id, language, key, since, positions, before, limit
) -> list[tuple]:
    """Each of these seats' last `limit` rows before move `before`, newest
    first: one LIMITed subquery per seat (the index on game and seq, read
    backwards), in one query."""
    if not positions:
        return []
    text, text_params = _log_text(language, key)
    seq = _column(Move, "seq")
    one = (
        f"SELECT * FROM ({_log_select(text)} AND {_column(Move, 'seat')} = %s "
        f"AND {seq} < %s ORDER BY {seq} DESC LIMIT %s) m"
    )
    sql = " UNION ALL ".join([one] * len(positions)) + " ORDER BY 1 DESC"
    params = []
    for position in positions:
        params += [*text_params, *_times(since), game_id, position, before, limit]
    return _fetch(sql, params)
