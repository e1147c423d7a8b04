"""Store a decision's findings compactly, and give them back whole (issue 14, storage).

``findings_to_store`` turns findings (``Finding`` objects or their ``to_json`` dicts) into the
compact form of ``records.findings_codec``, storing each parameter or reading value it cites in
``CitedValue`` once (get-or-create by content hash); ``expand_findings`` gives back exactly the
``to_json`` list. ``record_decision``, the refusal path and ``Decision(findings=...)`` all go
through them; so can a bulk generator, which calls ``findings_to_store`` without a round trip per
finding: the references it learns are kept for the connection.

The references are kept per database connection: for good once the transaction that created or
read them has committed, and until then only while that transaction (or savepoint) is still
open. A rolled-back transaction takes its new rows with it (SQLite may then give the same id to
another row), so an id it saw is never used again. The cache is dropped when a connection is
opened and after ``migrate``/``flush``, so a database restored or emptied behind a running
process is read afresh. A value met for the first time costs one query per call (and one insert
if it was never stored); after that, storing or reading it costs none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate

from dogtag.law.findings import Finding
from dogtag.records import findings_codec as codec
from dogtag.records.models import CitedValue

_ATTRIBUTE = "_dogtag_cited_values"


class _Known:
    """What one connection knows of the ``CitedValue`` rows: those seen by a transaction that
    has committed, and those seen by the transaction still open (kept while it is)."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}  # digest -> id, committed
        self.values: dict[int, Mapping[str, Any]] = {}  # id -> cited value, committed
        #: seen in the open transaction: digest -> (id, value, the token that vouches for it)
        self.pending: dict[str, tuple[int, Mapping[str, Any], Callable[[], None]]] = {}

    def alive(self) -> set[Callable[[], None]]:
        """The tokens still pending: Django drops a commit hook when the transaction or the
        savepoint it was registered in rolls back, so a row seen there vouches only while its
        hook is still waiting (``run_on_commit``, as ``captureOnCommitCallbacks`` reads it)."""
        connection = transaction.get_connection()
        return {hook for _, hook, _ in connection.run_on_commit}

    def id_of(self, digest: str, alive: set[Callable[[], None]]) -> int | None:
        if digest in self.ids:
            return self.ids[digest]
        seen = self.pending.get(digest)
        return seen[0] if seen is not None and seen[2] in alive else None

    def value_of(self, pk: int, alive: set[Callable[[], None]]) -> Mapping[str, Any] | None:
        if pk in self.values:
            return self.values[pk]
        for seen_pk, value, token in self.pending.values():
            if seen_pk == pk and token in alive:
                return value
        return None


def _known() -> _Known:
    connection = transaction.get_connection()
    # Open it first: opening drops what it knew (``_on_connection``), and must not do so after.
    connection.ensure_connection()
    known = getattr(connection, _ATTRIBUTE, None)
    if known is None:
        known = _Known()
        setattr(connection, _ATTRIBUTE, known)
    return known


def forget(connection: BaseDatabaseWrapper | None = None) -> None:
    """Drop what a connection knows of the cited values (the current one by default)."""
    setattr(connection or transaction.get_connection(), _ATTRIBUTE, None)


def _learn(known: _Known, rows: Iterable[tuple[str, int, Mapping[str, Any]]]) -> None:
    """Keep these rows for the open transaction, and for the connection once it commits."""
    rows = list(rows)
    if not rows:
        return

    def keep() -> None:
        for digest, pk, cited in rows:
            known.ids[digest] = pk
            known.values[pk] = cited
            known.pending.pop(digest, None)

    if transaction.get_connection().in_atomic_block:
        alive = known.alive()
        for digest in [d for d, (_, _, token) in known.pending.items() if token not in alive]:
            del known.pending[digest]  # its transaction rolled back
        for digest, pk, cited in rows:
            known.pending[digest] = (pk, cited, keep)
    transaction.on_commit(keep)  # at once outside a transaction


def _reference(cited: Sequence[Mapping[str, Any]]) -> list[int]:
    """The ``CitedValue`` id of each cited value, storing those not stored yet."""
    known = _known()
    alive = known.alive()
    digests = [codec.digest(c) for c in cited]
    ids: dict[str, int] = {}
    for d in digests:
        pk = known.id_of(d, alive)
        if pk is not None:
            ids[d] = pk
    wanted = {d: c for d, c in zip(digests, cited, strict=True) if d not in ids}
    if wanted:
        found = CitedValue.objects.filter(digest__in=wanted).values_list("digest", "id", "cited")
        seen = [(d, pk, value) for d, pk, value in found]
        ids.update((d, pk) for d, pk, _ in seen)
        for digest, value in wanted.items():
            if digest not in ids:
                ids[digest] = _create(digest, value)
                seen.append((digest, ids[digest], value))
        _learn(known, seen)
    return [ids[d] for d in digests]


def _create(digest: str, cited: Mapping[str, Any]) -> int:
    """Store one cited value; if another process stored it first, use theirs."""
    try:
        with transaction.atomic():
            key, effective = codec.labels(cited)
            row = CitedValue.objects.create(
                key=key,
                effective=effective,
                digest=digest,
                cited=dict(cited),
            )
        return row.pk
    except IntegrityError:
        return CitedValue.objects.values_list("id", flat=True).get(digest=digest)


def _cited(ids: set[int]) -> Mapping[int, Mapping[str, Any]]:
    known = _known()
    alive = known.alive()
    values: dict[int, Mapping[str, Any]] = {}
    for pk in ids:
        value = known.value_of(pk, alive)
        if value is not None:
            values[pk] = value
    missing = ids - values.keys()
    if missing:
        found = list(CitedValue.objects.filter(id__in=missing).values_list("digest", "id", "cited"))
        values.update((pk, value) for _, pk, value in found)
        _learn(known, found)
    return values


def findings_to_store(findings: Sequence[Finding | Mapping[str, Any]]) -> dict[str, Any]:
    """The compact form of ``findings`` for ``Decision.stored_findings`` (see findings_codec)."""
    as_json = [f.to_json() if isinstance(f, Finding) else f for f in findings]
    return codec.encode(as_json, _reference)


def expand_findings(stored: Any) -> list[Any]:
    """Exactly the ``Finding.to_json`` list a decision's findings were stored from."""
    return codec.decode(stored, _cited)


def _on_connection(sender: object, connection: BaseDatabaseWrapper, **kwargs: object) -> None:
    forget(connection)


def _after_migrate(sender: object, using: str = "default", **kwargs: object) -> None:
    from django.db import connections

    forget(connections[using])


connection_created.connect(_on_connection, dispatch_uid="dogtag-cited-values-connection")
post_migrate.connect(_after_migrate, dispatch_uid="dogtag-cited-values-migrate")
