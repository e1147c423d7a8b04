"""The indexes behind staff search (issue 14, item 2): a search by name, address, phone digits,
dog, microchip, license or tag number reads an index, never every row of the city.

Search keeps its meaning from ``queries.search`` (every word matches some field, ``icontains``;
phone digits with ``contains``); this module only makes those questions indexed:

- **PostgreSQL**: ``pg_trgm`` GIN indexes on the very expressions Django's lookups compare
  (``UPPER(name::text)`` for ``icontains``, ``phone`` for ``contains``), so the planner answers
  the unchanged query from the indexes (a bitmap AND of ORs); nothing else changes.
- **SQLite**: an FTS5 table with the ``trigram`` tokenizer per searched table (external content:
  it stores only the index), kept in step by triggers. ``narrowed`` adds a ``MATCH`` on it to the
  query as a superset filter, and the unchanged ``icontains`` conditions still decide, so the
  results are the same on both databases by construction. A word shorter than three characters
  has no trigram and narrows nothing (the conditions then scan, as before).

``install`` creates what is missing on the connection's database, idempotently. The migration
``licensing.0005_search_indexes`` calls it, and so does ``post_migrate`` after every migrate: on
SQLite a later migration that rebuilds a table (Django copies it to a new one) drops its
triggers, and the FTS table is then rebuilt from the records.
"""

from __future__ import annotations

from typing import Any

from django.db import connection as default_connection
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import QuerySet
from django.db.models.expressions import RawSQL

#: The searched tables and columns; on PostgreSQL each column's GIN index compares
#: ``UPPER(column)`` (``icontains``) unless it is compared as is (``contains``).
SEARCHED: dict[str, tuple[str, ...]] = {
    "licensing_owner": ("name", "street", "email", "phone"),
    "licensing_dog": ("name", "breed", "microchip", "color"),
    "licensing_license": ("number",),
    "licensing_tag": ("serial",),
}
#: Columns searched with ``contains`` (case as stored): phone digits.
AS_STORED = {("licensing_owner", "phone")}
#: The shortest text a trigram index can find.
TRIGRAM = 3


def fts_table(table: str) -> str:
    return f"{table}_search"


def trigram_index(table: str, column: str) -> str:
    return f"{table.removeprefix('licensing_')}_{column}_trgm"


# ------------------------------------------------------------------------------ installing


def install(connection: BaseDatabaseWrapper | None = None) -> None:
    """Create the search indexes the database lacks (and on SQLite refill a stale FTS table)."""
    connection = connection or default_connection
    if connection.vendor == "postgresql":
        _install_postgresql(connection)
    elif connection.vendor == "sqlite":
        _install_sqlite(connection)


def uninstall(connection: BaseDatabaseWrapper | None = None) -> None:
    """Drop the search indexes (the migration's reverse)."""
    connection = connection or default_connection
    with connection.cursor() as cursor:
        for table, columns in SEARCHED.items():
            if connection.vendor == "postgresql":
                for column in columns:
                    cursor.execute(f'DROP INDEX IF EXISTS "{trigram_index(table, column)}"')
            elif connection.vendor == "sqlite":
                for event in ("ai", "ad", "au"):
                    cursor.execute(f'DROP TRIGGER IF EXISTS "{fts_table(table)}_{event}"')
                cursor.execute(f'DROP TABLE IF EXISTS "{fts_table(table)}"')


def _install_postgresql(connection: BaseDatabaseWrapper) -> None:
    with connection.cursor() as cursor:
        cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        for table, columns in SEARCHED.items():
            for column in columns:
                compared = column if (table, column) in AS_STORED else f'UPPER("{column}"::text)'
                cursor.execute(
                    f'CREATE INDEX IF NOT EXISTS "{trigram_index(table, column)}" '
                    f'ON "{table}" USING gin (({compared}) gin_trgm_ops)'
                )


def _install_sqlite(connection: BaseDatabaseWrapper) -> None:
    with connection.cursor() as cursor:
        for table, columns in SEARCHED.items():
            fts = fts_table(table)
            names = ", ".join(columns)
            new = ", ".join(f"new.{c}" for c in columns)
            old = ", ".join(f"old.{c}" for c in columns)
            existing = {
                row[0]
                for row in cursor.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = %s",
                    [table],
                ).fetchall()
            }
            cursor.execute(
                f"CREATE VIRTUAL TABLE IF NOT EXISTS {fts} USING fts5({names}, "
                f"content='{table}', content_rowid='id', tokenize='trigram')"
            )
            triggers = {
                f"{fts}_ai": f"AFTER INSERT ON {table} BEGIN "
                f"INSERT INTO {fts}(rowid, {names}) VALUES (new.id, {new}); END",
                f"{fts}_ad": f"AFTER DELETE ON {table} BEGIN "
                f"INSERT INTO {fts}({fts}, rowid, {names}) VALUES ('delete', old.id, {old}); END",
                f"{fts}_au": f"AFTER UPDATE ON {table} BEGIN "
                f"INSERT INTO {fts}({fts}, rowid, {names}) VALUES ('delete', old.id, {old}); "
                f"INSERT INTO {fts}(rowid, {names}) VALUES (new.id, {new}); END",
            }
            missing = [name for name in triggers if name not in existing]
            for name in missing:
                cursor.execute(f"CREATE TRIGGER {name} {triggers[name]}")
            if missing:  # new, or the table was rebuilt without them: index what is there now
                cursor.execute(f"INSERT INTO {fts}({fts}) VALUES ('rebuild')")


def on_post_migrate(sender: Any, using: str = "default", **kwargs: Any) -> None:
    from django.db import connections

    install(connections[using])


# ------------------------------------------------------------------------------- searching


def _phrase(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def match_expression(terms: list[list[str]]) -> str:
    """An FTS5 query that every row matching the terms also matches: each term one of its
    alternatives (a word, or the word's digits), anywhere in any column. Terms none of whose
    alternatives is long enough for a trigram are left out (they narrow nothing); "" when no
    term is left."""
    parts = []
    for alternatives in terms:
        if not alternatives or any(len(a) < TRIGRAM for a in alternatives):
            continue
        parts.append("(" + " OR ".join(_phrase(a) for a in alternatives) + ")")
    return " AND ".join(parts)


def narrowed(queryset: QuerySet[Any], expression: str) -> QuerySet[Any]:
    """On SQLite, ``queryset`` limited to the rows its FTS table matches (a superset of what the
    queryset's own conditions select); elsewhere, and for an empty expression, unchanged."""
    if not expression or queryset.db != "default" or default_connection.vendor != "sqlite":
        return queryset
    fts = fts_table(queryset.model._meta.db_table)
    return queryset.filter(
        pk__in=RawSQL(f"SELECT rowid FROM {fts} WHERE {fts} MATCH %s", (expression,))
    )
