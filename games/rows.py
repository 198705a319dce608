"""Hot reads as plain SQL written once from the models' own fields.

Every move and every board reads the game row and its seats with their users.
Composing those queries through the ORM (its compiler walks every field, join and
expression on each call) cost several times running them: 1.45 ms of CPU for the
seats against 0.25 ms for the same rows read here (docs/benchmarks.md). The
SELECTs below are written once per database vendor from `_meta`, and each row
becomes an instance as the ORM makes it: every value through its field's
converters (the backend's, then the field's own `from_db_value`), then
`Model.from_db`. The instances are ordinary model instances.
"""

from __future__ import annotations

from django.db import connection

from accounts.models import User

from .models import Game, Seat


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
_SQL: dict[tuple[str, str], str] = {}


def _sql(name: str) -> str:
    key = (name, connection.vendor)
    sql = _SQL.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        if name == "game":
            sql = (
                f"SELECT {GAMES.columns()} FROM {quote(Game._meta.db_table)} g "
                "WHERE g.id = %s"
            )
        elif name == "game_locked":
            sql = _sql("game")
            if connection.features.has_select_for_update:
                sql += " FOR UPDATE"
        else:  # seats with their users, in seat order (Seat.Meta.ordering)
            sql = (
                f"SELECT {SEATS.columns()}, {USERS.columns()} "
                f"FROM {quote(Seat._meta.db_table)} s "
                f"LEFT JOIN {quote(User._meta.db_table)} u ON u.id = s.user_id "
                "WHERE s.game_id = %s ORDER BY s.position"
            )
        _SQL[key] = sql
    return sql


def game(game_id: int, *, lock: bool = False) -> Game | None:
    """The game (all its fields), locked for the transaction if `lock`; None if
    there is no such game."""
    with connection.cursor() as cursor:
        cursor.execute(_sql("game_locked" if lock else "game"), [int(game_id)])
        row = cursor.fetchone()
    return None if row is None else GAMES.instance(row)


def seats(game_id: int) -> list[Seat]:
    """The game's seats in order, each with its user (None for a computer)."""
    with connection.cursor() as cursor:
        cursor.execute(_sql("seats"), [game_id])
        rows = cursor.fetchall()
    width = len(SEATS.fields)
    result = []
    for row in rows:
        seat = SEATS.instance(row[:width])
        seat.user = None if row[width] is None else USERS.instance(row[width:])
        result.append(seat)
    return result
