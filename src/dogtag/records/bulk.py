"""Rows written straight into tables, in batches: SQLite ``executemany``, PostgreSQL ``COPY``.

The one bulk writer of the project: the legacy import (``imports.services``), the parcel import
(``parcels.importing``) and the scale benchmark's generator (``tools/bench/city.py``) use it.
Values are prepared as Django's backends prepare them (dates, aware datetimes in UTC, decimals,
JSON); the benchmark proves it by reading a sample back through the ORM and the import tests read
every kind of row back.

Ids are given out here, so that no row needs a round trip. On PostgreSQL they come from the
table's own sequence, a block at a time (``nextval``), so a clerk issuing a license while an import
runs takes another id; on SQLite the writer's transaction holds the database's write lock from its
first write, so the largest id read after it stays the largest.

``History`` is the companion of a table that django-simple-history follows: its rows are the
table's row, columns reordered as the history model orders them, with who, when and why.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import operator
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.db import connection, models
from django.db.models.fields.files import FieldFile
from django.utils import timezone

from dogtag.records import jurisdiction

Row = tuple[Any, ...]
PLAIN = {int, str, bool, type(None), float}
#: Ids reserved in one round trip at first; the block doubles each time up to ``MAX_BLOCK``.
FIRST_BLOCK = 1_000
MAX_BLOCK = 100_000
#: On PostgreSQL a table's rows are sent this many at a time, so that the server inserts one
#: chunk while the next is formatted (psycopg's queued writer sends from its own thread).
COPY_CHUNK = 20_000


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
            elif f.default is jurisdiction.in_force:
                # the city in force when the writer starts: one writer writes one city's rows
                self.defaults[f.attname] = jurisdiction.in_force()
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
        self._block = FIRST_BLOCK
        self._next = 0

    def row(self, **values: Any) -> Row:
        """A row of ``values`` (the defaults for the others), not added."""
        try:
            return self._row({**self.defaults, **values})  # type: ignore[no-any-return]
        except KeyError as missing:
            raise AssertionError(f"{self.name}.{missing} needs a value") from None

    def add(self, **values: Any) -> Row:
        """A row of ``values`` (the defaults for the others); returns it as written."""
        row = self.row(**values)
        self.rows.append(row)
        return row

    def row_of(self, instance: models.Model) -> Row:
        """A model instance's row, as ``save`` would write it, not added."""
        return tuple(_stored(getattr(instance, a)) for a in self.attnames)

    def add_instance(self, instance: models.Model) -> Row:
        """A model instance's row, as ``save`` would write it."""
        row = self.row_of(instance)
        self.rows.append(row)
        return row

    def take_id(self) -> int:
        """The next id of this table, reserved for this writer."""
        if not self._ids:
            self._reserve(self._block)
            self._block = min(self._block * 2, MAX_BLOCK)
        return self._ids.pop()

    def reserve(self, count: int) -> None:
        """Reserve at least ``count`` ids now, in one round trip (a writer that knows how many
        rows it will write)."""
        if count > len(self._ids):
            self._reserve(count - len(self._ids))

    def _reserve(self, count: int) -> None:
        pk = self.model._meta.pk
        assert pk is not None
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute(
                    "SELECT array_agg(nextval(%s::regclass)) FROM generate_series(1, %s)",
                    [_sequence(self.name, pk.column), count],
                )
                # Taken from the end: the smallest id first.
                self._ids = sorted(cursor.fetchone()[0], reverse=True) + self._ids
                return
            if not self._next:
                table = connection.ops.quote_name(self.name)
                cursor.execute(f"SELECT MAX({connection.ops.quote_name(pk.column)}) FROM {table}")
                self._next = (cursor.fetchone()[0] or 0) + 1
            self._ids = list(range(self._next + count - 1, self._next - 1, -1)) + self._ids
            self._next += count

    def flush(self) -> int:
        rows, self.rows = self.rows, []
        if not rows:
            return 0
        write(self.name, [f.column for f in self.fields], rows, json_columns=self.has_json)
        self.written += len(rows)
        return len(rows)


class History(Table):
    """The history table django-simple-history keeps of ``model``: each row a row of the model's
    table with the history columns (id, date, change reason, type, user) after it."""

    EXTRA = ("history_id", "history_date", "history_change_reason", "history_type")

    def __init__(self, model: type[models.Model]) -> None:
        super().__init__(model.history.model)  # type: ignore[attr-defined]
        own = [f.attname for f in model._meta.concrete_fields]
        tail = self.attnames[len(own) :]
        assert sorted(self.attnames[: len(own)]) == sorted(own), self.name
        assert tail == [*self.EXTRA, "history_user_id"], (self.name, tail)
        order = [own.index(a) for a in self.attnames[: len(own)]]
        self._from = operator.itemgetter(*order)

    def of(self, row: Row, *, at: Any, kind: str, user_id: int | None, reason: str | None) -> None:
        """The history row of ``row`` (a row of the model's table), saved ``at`` by ``user_id``."""
        self.rows.append((*self._from(row), self.take_id(), at, reason, kind, user_id))


def write(table: str, columns: list[str], rows: Iterable[Row], *, json_columns: bool) -> None:
    """``rows`` into ``table``: PostgreSQL ``COPY``, SQLite one ``executemany``."""
    names = ", ".join(connection.ops.quote_name(c) for c in columns)
    quoted = connection.ops.quote_name(table)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            from psycopg.copy import QueuedLibpqWriter

            raw = cursor.cursor  # psycopg's own cursor, for COPY
            with raw.copy(
                f"COPY {quoted} ({names}) FROM STDIN", writer=QueuedLibpqWriter(raw)
            ) as copy:
                if json_columns:
                    for row in rows:
                        copy.write_row([_for_postgresql(v) for v in row])
                else:
                    for row in rows:
                        copy.write_row(row)
            return
        marks = ", ".join("?" * len(columns))
        cursor.executemany(
            f"INSERT INTO {quoted} ({names}) VALUES ({marks})",
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


#: A table that took this many rows in one go has its planner statistics refreshed (``analyze``).
ANALYZE_AFTER = 5_000


def analyze(tables: Iterable[Table]) -> None:
    """PostgreSQL: refresh the planner's statistics of the tables that took many rows. Until
    autovacuum comes by, the planner still thinks them as small as before, and the next lookup
    of thousands of numbers (an import run again) scans the whole table instead of its index."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for table in tables:
            if table.written >= ANALYZE_AFTER:
                cursor.execute(f"ANALYZE {connection.ops.quote_name(table.name)}")


@functools.lru_cache(maxsize=256)
def _sequence(table: str, column: str) -> str:
    """The name of the sequence behind a table's id (asked once a process, not once a row)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", [table, column])
        return str(cursor.fetchone()[0])


def reset_sequences(models_: Iterable[type[models.Model]]) -> None:
    """After ids written by hand (not taken from the sequence): each sequence moved past them."""
    if connection.vendor != "postgresql":
        return
    from django.core.management.color import no_style

    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), list(models_)):
            cursor.execute(sql)


#: Values met again and again in a bulk write (its dates, its fees, its one time stamp):
#: converted once each.
REPEATED = {dt.date, dt.datetime, Decimal}


@functools.lru_cache(maxsize=65536)
def _repeated(value: Any) -> Any:
    return _for_sqlite(value)


def prepared(value: Any) -> Any:
    """``value`` as the database takes it, for a value written on many rows (a time stamp)."""
    return _for_sqlite(value) if connection.vendor == "sqlite" else value


def _stored(value: Any) -> Any:
    # A file field reads back as a FieldFile; its column holds the name ("" when empty).
    return (value.name or "") if isinstance(value, FieldFile) else value


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
