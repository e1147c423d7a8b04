"""Rows written straight into tables for the bench generator: SQLite ``executemany``, PostgreSQL
``COPY``. Values are prepared the way Django's backends prepare them (dates, aware datetimes in UTC,
decimals, JSON), which ``city.check`` proves by reading a sample back through the ORM."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from typing import Any

from django.db import connection, models
from django.db.models.fields.files import FieldFile
from django.utils import timezone

Row = tuple[Any, ...]


class Table:
    """One model's table: its columns in order, and each column's default."""

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
            elif isinstance(f, models.CharField | models.TextField):
                self.defaults[f.attname] = ""
        self.rows: list[Row] = []

    def add(self, **values: Any) -> None:
        unknown = set(values) - set(self.attnames)
        assert not unknown, f"{self.name} has no {unknown}"
        try:
            self.rows.append(
                tuple(values[a] if a in values else self.defaults[a] for a in self.attnames)
            )
        except KeyError as missing:
            raise AssertionError(f"{self.name}.{missing} needs a value") from None

    def add_instance(self, instance: models.Model) -> None:
        self.rows.append(tuple(_stored(getattr(instance, a)) for a in self.attnames))

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
                    for row in rows:
                        copy.write_row([_for_postgresql(v) for v in row])
            else:
                marks = ", ".join("?" * len(self.fields))
                cursor.executemany(
                    f"INSERT INTO {table} ({columns}) VALUES ({marks})",
                    [tuple(v if type(v) in PLAIN else _for_sqlite(v) for v in row) for row in rows],
                )
        return len(rows)


PLAIN = {int, str, bool, type(None), float}


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
