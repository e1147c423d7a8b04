"""Rows written straight into tables, in batches: SQLite ``executemany``, PostgreSQL ``COPY``.

The same technique as the scale benchmark's generator (``tools/bench/rows.py``): values prepared
as Django's backends prepare them (dates, aware datetimes in UTC, decimals, JSON), and ids given
out here so that no row needs a round trip. The ids come from the table's own sequence on
PostgreSQL (``nextval`` for a block), so a clerk issuing a license while the import runs takes
another id; on SQLite the import's transaction holds the database's write lock from its first
write, so the largest id read after it stays the largest.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import operator
from decimal import Decimal
from typing import Any

from django.db import connection, models
from django.utils import timezone

Row = tuple[Any, ...]
PLAIN = {int, str, bool, type(None), float}


class Table:
    """One model's table: its columns in order, each column's default, and the rows to write."""

    def __init__(self, model: type[models.Model]) -> None:
        self.model = model
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [f.attname for f in self.fields]
        self.name = model._meta.db_table
        self.defaults: dict[str, Any] = {}
        for f in self.fields:
            if f.has_default() and not callable(f.default):
                self.defaults[f.attname] = f.default
            elif f.null:
                self.defaults[f.attname] = None
            elif isinstance(f, models.CharField | models.TextField | models.FileField):
                self.defaults[f.attname] = ""
        getter = operator.itemgetter(*self.attnames)
        self._row = getter if len(self.attnames) > 1 else lambda v: (getter(v),)
        #: PostgreSQL's COPY adapts every value but JSON itself: only such a table converts.
        self.has_json = any(isinstance(f, models.JSONField) for f in self.fields)
        self.rows: list[Row] = []
        self.written = 0
        self._ids: list[int] = []
        self._next = 0

    def add(self, **values: Any) -> None:
        try:
            self.rows.append(self._row({**self.defaults, **values}))
        except KeyError as missing:
            raise AssertionError(f"{self.name}.{missing} needs a value") from None

    def take_id(self) -> int:
        """The next id of this table, reserved for this import."""
        if not self._ids:
            self._reserve(1000)
        return self._ids.pop()

    def _reserve(self, count: int) -> None:
        pk = self.model._meta.pk
        assert pk is not None
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute(
                    "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                    [self.name, pk.column, count],
                )
                self._ids = sorted((r[0] for r in cursor.fetchall()), reverse=True)
                return
            if not self._next:
                table = connection.ops.quote_name(self.name)
                cursor.execute(f"SELECT MAX({connection.ops.quote_name(pk.column)}) FROM {table}")
                self._next = (cursor.fetchone()[0] or 0) + 1
            self._ids = list(range(self._next + count - 1, self._next - 1, -1))
            self._next += count

    def flush(self) -> int:
        rows, self.rows = self.rows, []
        if not rows:
            return 0
        columns = ", ".join(connection.ops.quote_name(f.column) for f in self.fields)
        table = connection.ops.quote_name(self.name)
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                raw = cursor.cursor  # psycopg's own cursor, for COPY
                with raw.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                    if self.has_json:
                        for row in rows:
                            copy.write_row([_for_postgresql(v) for v in row])
                    else:
                        for row in rows:
                            copy.write_row(row)
            else:
                marks = ", ".join("?" * len(self.fields))
                cursor.executemany(
                    f"INSERT INTO {table} ({columns}) VALUES ({marks})",
                    [
                        tuple(
                            v
                            if type(v) in PLAIN
                            else _repeated(v)
                            if type(v) in REPEATED
                            else _for_sqlite(v)
                            for v in row
                        )
                        for row in rows
                    ],
                )
        self.written += len(rows)
        return len(rows)


#: Values met again and again in an import (its dates, its fees, its one time stamp): converted
#: once each.
REPEATED = {dt.date, dt.datetime, Decimal}


@functools.lru_cache(maxsize=65536)
def _repeated(value: Any) -> Any:
    return _for_sqlite(value)


def prepared(value: Any) -> Any:
    """``value`` as the database takes it, for a value written on many rows (a time stamp)."""
    return _for_sqlite(value) if connection.vendor == "sqlite" else value


def _for_sqlite(value: Any) -> Any:
    # As django.db.backends.sqlite3.operations adapts them.
    if isinstance(value, dt.datetime):
        if timezone.is_aware(value):
            value = timezone.make_naive(value, dt.UTC)
        return str(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict | list):
        return json.dumps(value)
    return value


def _for_postgresql(value: Any) -> Any:
    if isinstance(value, dict | list):
        return json.dumps(value)
    return value
