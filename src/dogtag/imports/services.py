"""The legacy import (issue 13 item 3): owners, dogs, rabies vaccinations and licenses with their
history from the city's earlier records, in the layout of ``layout`` (docs/imports/).

``import_licenses`` reads the whole file first, writing nothing: every row is read (``layout``)
and put to the rules core (``checks``); rows that repeat a license number or a tag, or whose
license number or tag Dogtag already holds for something else, are refused too. Each refusal
names its row, column, value and reason, with the sections where the refusal is the ordinance's.
A dry run stops there. Otherwise, in one transaction, the rows not refused are written in bulk
(``bulk``): the owner and the dog once each (found again by the earlier system's identity,
``LegacyKey``), the vaccination, the license marked ``imported`` with no Decision (Dogtag decided
nothing about history), its tag registered as issued (or replaced, for a renewed license), and
the history rows django-simple-history would write, naming who ran the import. A license number
already imported is left as it is, so running the same file again changes nothing. Dogtag's own
numbering is moved past every imported number of its form (``YYYY-NNNNN``), so the next license
Dogtag issues cannot take one.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import connection, models, transaction
from django.db.models.functions import Greatest
from django.utils import timezone

from dogtag.imports.checks import LawCheck
from dogtag.imports.layout import ColumnMapping, LayoutError, Problem, Reader, Row, open_rows
from dogtag.imports.models import LegacyImport, LegacyKey
from dogtag.law import params as law_params
from dogtag.law.provisions import cite
from dogtag.licensing import due_clocks
from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination, Tag
from dogtag.licensing.phones import PhoneError, normalise
from dogtag.records.bulk import History, Table, analyze, prepared
from dogtag.records.models import NumberSequence
from dogtag.records.services import city_params, today

#: A tag is "not transferable": tied to one license and one dog (the package's sections.yaml)
TAG_NOT_MOVED = "tag.not_transferable"

__all__ = ["LayoutError", "Report", "import_licenses"]

Progress = Callable[[str, int, int], None]
BATCH = 5_000  # rows between two writes
LOOKUP = 2_000  # values in one IN (...) query
#: Dogtag's own license numbers: ``2026-00042`` (``licensing.services.issue_license``).
OWN_NUMBER = re.compile(r"^(\d{4})-(\d{1,9})$")
REASON = "legacy import"
TAG_STATUS = {
    License.Status.ACTIVE: Tag.Status.ISSUED,
    License.Status.SUPERSEDED: Tag.Status.REPLACED,
    License.Status.ENDED: Tag.Status.VOID,
    License.Status.VOID: Tag.Status.VOID,
}


@dataclass
class Report:
    """What the import did (or, for a dry run, would do)."""

    filename: str
    sha256: str
    dry_run: bool
    rows: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    record: LegacyImport | None = None
    asked: int = 0  # the rules core, once per distinct set of facts

    @property
    def refused(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "refused"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "warning"]

    @property
    def refused_rows(self) -> set[int]:
        return {p.row for p in self.refused}

    def summary(self) -> str:
        c = self.counts
        verb = "would import" if self.dry_run else "imported"
        return (
            f"{self.filename}: {self.rows:,} rows; {verb} {c.get('licenses', 0):,} licenses, "
            f"{c.get('owners', 0):,} owners, {c.get('dogs', 0):,} dogs, "
            f"{c.get('vaccinations', 0):,} rabies vaccinations, {c.get('tags', 0):,} tags; "
            f"{c.get('unchanged', 0):,} rows already imported (unchanged); "
            f"{len(self.refused_rows):,} rows refused; {len(self.warnings):,} warnings."
        )


@functools.lru_cache(maxsize=65536)
def _phone(text: str) -> str | PhoneError:
    try:
        return normalise(text)
    except PhoneError as exc:
        return exc


@functools.lru_cache(maxsize=65536)
def _email_problem(text: str) -> str | None:
    try:
        validate_email(text)
    except ValidationError:
        return "not an e-mail address"
    return None


def _owner_key(text: dict[str, str]) -> str:
    if text.get("owner_id"):
        return "id:" + text["owner_id"]
    digits = "".join(ch for ch in text.get("owner_phone", "") if ch.isdigit())
    return f"n:{text['owner_name'].casefold()}|{text['owner_street'].casefold()}|{digits}"


def _dog_key(text: dict[str, str], owner: str, born: dt.date | None) -> str:
    if text.get("dog_id"):
        return "id:" + text["dog_id"]
    if text.get("microchip"):
        return "chip:" + text["microchip"]
    return f"{owner}|{text['dog_name'].casefold()}|{born.isoformat() if born else ''}"


@dataclass(slots=True)
class Good:
    """A row that passed every check, with its identities."""

    row: Row
    owner_key: str
    dog_key: str
    phone: str
    tier: int


def _chunks(values: Iterable[str], size: int = LOOKUP) -> Iterator[list[str]]:
    chunk: list[str] = []
    for value in values:
        chunk.append(value)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _matching(
    model: type[models.Model], column: str, values: Iterable[str], *fields: str, **also: str
) -> Iterator[tuple[Any, ...]]:
    """``fields`` of the rows whose ``column`` is one of ``values``: a few thousand values a
    query. On PostgreSQL the values go as one array (``= ANY``): Django's ``IN`` would send each
    as a parameter of its own, which costs more to prepare than the query takes."""
    if connection.vendor != "postgresql":
        for chunk in _chunks(values):
            yield from model._default_manager.filter(
                **{f"{column}__in": chunk}, **also
            ).values_list(*fields)
        return
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(model._meta.get_field(f).column) for f in fields)
    extra = "".join(f" AND {connection.ops.quote_name(k)} = %s" for k in also)
    with connection.cursor() as cursor:
        for chunk in _chunks(values, size=50_000):
            cursor.execute(
                f"SELECT {names} FROM {table} WHERE {connection.ops.quote_name(column)} = ANY(%s)"
                + extra,
                [chunk, *also.values()],
            )
            yield from cursor.fetchall()


def _keys(kind: str, keys: Iterable[str]) -> dict[str, int]:
    found: dict[str, int] = dict(_matching(LegacyKey, "key", keys, "key", "object_id", kind=kind))
    return found


def read(
    data: bytes,
    *,
    filename: str,
    mapping: ColumnMapping | None,
    on: dt.date,
    progress: Progress | None = None,
) -> tuple[Report, list[Good]]:
    """Every row read and checked; writes nothing. Raises ``LayoutError`` for a file that cannot
    be read at all."""
    report = Report(filename=filename, sha256=hashlib.sha256(data).hexdigest(), dry_run=True)
    _, texts = open_rows(data, mapping or ColumnMapping(), filename)
    texts_list = list(texts)
    total = len(texts_list)
    reader = Reader(mapping or ColumnMapping(), on)
    law = LawCheck(city_params())
    candidates: list[Good] = []
    problems = report.problems
    for index, text in enumerate(texts_list):
        number = index + 2  # the header is line 1
        if progress is not None and index % 1000 == 0:
            progress("Checking rows", index, total)
        if not text:
            continue  # a blank line
        report.rows += 1
        found: list[Problem] = []
        row = reader.read(number, text, found)
        phone = ""
        if text.get("owner_phone"):
            answer = _phone(text["owner_phone"])
            if isinstance(answer, PhoneError):
                found.append(Problem(number, "owner_phone", text["owner_phone"], str(answer)))
            else:
                phone = answer
        if text.get("owner_email") and (problem := _email_problem(text["owner_email"])):
            found.append(Problem(number, "owner_email", text["owner_email"], problem))
        tier = 0
        if not found:  # the ordinance is asked about a row read whole, never about a guess
            verdict, tier = law.check(row)
            found += verdict
        problems += found
        if not any(p.level == "refused" for p in found):
            owner = _owner_key(text)
            candidates.append(Good(row, owner, _dog_key(text, owner, row.born), phone, tier))
    if progress is not None:
        progress("Checking rows", total, total)
    report.asked = law.asked
    good = _refuse_repeats(candidates, problems)
    problems.sort(key=lambda p: (p.row, p.level != "refused"))
    return report, good


def _refuse_repeats(candidates: list[Good], problems: list[Problem]) -> list[Good]:
    """A license number or a tag serial on two rows: none of them is imported."""
    refused: set[int] = set()
    for column in ("license_number", "tag_serial"):
        rows_of: dict[str, list[int]] = defaultdict(list)
        for item in candidates:
            value = item.row.text.get(column, "")
            if value:
                rows_of[value].append(item.row.number)
        for value, rows in rows_of.items():
            if len(rows) > 1:
                listed = ", ".join(str(r) for r in rows)
                for r in rows:
                    problems.append(
                        Problem(
                            r,
                            column,
                            value,
                            f"{value} is on rows {listed}; "
                            + (
                                "a license number names one license, so none of them is imported"
                                if column == "license_number"
                                else "a tag is tied to one license and one dog "
                                f"({cite(TAG_NOT_MOVED)}), so none of them is imported"
                            ),
                            (cite(TAG_NOT_MOVED),) if column == "tag_serial" else (),
                        )
                    )
                    refused.add(r)
    return [item for item in candidates if item.row.number not in refused]


class Writer:
    """The tables written, and the history rows the services would have written with them."""

    MODELS: tuple[type[models.Model], ...] = (Owner, Dog, RabiesVaccination, License, Tag)

    def __init__(self, actor: AbstractBaseUser | None, record: LegacyImport | None) -> None:
        self.now = timezone.now()
        self.stamp = prepared(self.now)  # the time stamp of every row, converted once
        self.actor_id = actor.pk if actor is not None and actor.pk else None
        self.record = record
        self.tables = {m: Table(m) for m in self.MODELS}
        self.history = {m: History(m) for m in self.MODELS}
        self.keys = Table(LegacyKey)
        #: The dogs whose licenses or records were written: their due-list clocks are refreshed.
        self.dogs: set[int] = set()

    def add(self, model: type[models.Model], values: dict[str, Any], kind: str = "+") -> int:
        values["id"] = pk = values.get("id") or self.tables[model].take_id()
        if model is Dog:
            self.dogs.add(int(pk))
        elif "dog_id" in values:
            self.dogs.add(int(values["dog_id"]))
        self._history_of(model, self.tables[model].add(**values), kind)
        return int(pk)

    def record_history(self, model: type[models.Model], values: dict[str, Any], kind: str) -> None:
        self._history_of(model, self.tables[model].row(**values), kind)

    def _history_of(self, model: type[models.Model], row: tuple[Any, ...], kind: str) -> None:
        self.history[model].of(row, at=self.stamp, kind=kind, user_id=self.actor_id, reason=REASON)

    def analyze(self) -> None:
        analyze([*self.tables.values(), *self.history.values(), self.keys])

    def reserve(self, **counts: int) -> None:
        """Ids for as many rows as the plan can write, each table's in one round trip."""
        for model in self.MODELS:
            n = counts.get(model._meta.model_name or "", 0)
            self.tables[model].reserve(n)
            self.history[model].reserve(n + (counts["renewed"] if model in (License, Tag) else 0))
        if self.record is not None:
            self.keys.reserve(
                counts.get("owner", 0) + counts.get("dog", 0) + counts.get("rabiesvaccination", 0)
            )

    def key(self, kind: str, key: str, object_id: int) -> None:
        if self.record is None:  # a dry run
            return
        self.keys.add(
            id=self.keys.take_id(),
            kind=kind,
            key=key,
            object_id=object_id,
            legacy_import_id=self.record.pk,
        )

    def flush(self) -> None:
        for model in self.MODELS:
            self.tables[model].flush()
            self.history[model].flush()
        self.keys.flush()


def import_licenses(
    data: bytes,
    *,
    filename: str,
    actor: AbstractBaseUser | None,
    mapping: ColumnMapping | None = None,
    dry_run: bool = False,
    keep_report: bool = True,
    progress: Progress | None = None,
    on: dt.date | None = None,
) -> Report:
    """Import a legacy file (see the module docstring). ``dry_run`` writes no record, only (with
    ``keep_report``) the run's report; raises ``LayoutError``, writing nothing, for a file that
    cannot be read."""
    report, good = read(
        data, filename=filename, mapping=mapping, on=on or today(), progress=progress
    )
    report.dry_run = dry_run
    who = actor if actor is not None and actor.pk else None
    with transaction.atomic():
        record = None
        if not dry_run:
            record = LegacyImport.objects.create(
                filename=filename[:255], sha256=report.sha256, imported_by=who, rows=report.rows
            )
        writer = Writer(actor, record)
        _plan(good, report, writer, progress)
        if dry_run:
            transaction.set_rollback(True)  # a dry run keeps nothing it looked at
        else:
            assert record is not None
            writer.flush()
            writer.analyze()
            due_clocks.refresh(writer.dogs)  # the due list's clocks (licensing.due_clocks)
            _move_numbering(good)
            record.counts = report.counts
            record.problems = [p.as_json() for p in report.problems]
            record.save(update_fields=["counts", "problems"])
            report.record = record
    if dry_run and keep_report:
        with transaction.atomic():  # the dry run's report, its only row
            report.record = LegacyImport.objects.create(
                filename=filename[:255],
                sha256=report.sha256,
                dry_run=True,
                imported_by=who,
                rows=report.rows,
                counts=report.counts,
                problems=[p.as_json() for p in report.problems],
            )
    return report


def _plan(good: list[Good], report: Report, writer: Writer, progress: Progress | None) -> None:
    """Decide, row by row, what is new and what was imported before; add the new rows to the
    writer's tables (flushed every ``BATCH`` rows unless this is a dry run)."""
    counts = dict.fromkeys(("owners", "dogs", "vaccinations", "licenses", "tags", "unchanged"), 0)
    report.counts = counts
    numbers = [item.row.text["license_number"] for item in good]
    existing: dict[str, tuple[int, int, bool]] = {}
    for number, pk, dog_id, imported in _matching(
        License, "number", numbers, "number", "id", "dog", "imported"
    ):
        existing[number] = (pk, dog_id, imported)
    owners = _keys(LegacyKey.Kind.OWNER, {item.owner_key for item in good})
    dogs = _keys(LegacyKey.Kind.DOG, {item.dog_key for item in good})
    serials = [item.row.text["tag_serial"] for item in good if item.row.text.get("tag_serial")]
    tags: dict[str, tuple[int, str, int | None]] = {}
    for serial, pk, status, license_id in _matching(
        Tag, "serial", serials, "serial", "id", "status", "license"
    ):
        tags[serial] = (pk, status, license_id)
    rabies_keys = {
        f"{item.dog_key}|{item.row.vaccinated_on}|{item.row.rabies_expires_on}|"
        f"{item.row.text.get('rabies_certificate', '')}"
        for item in good
    }
    vaccinations = _keys(LegacyKey.Kind.RABIES, rabies_keys)
    # The licenses of each dog, oldest first, to chain the renewals and set who is in force.
    by_dog: dict[str, list[Good]] = defaultdict(list)
    total = len(good)
    for done, item in enumerate(good, start=1):
        text = item.row.text
        number = text["license_number"]
        known = existing.get(number)
        if known is not None:
            pk, dog_id, imported = known
            if imported and dogs.get(item.dog_key) == dog_id:
                counts["unchanged"] += 1
            else:
                report.problems.append(
                    Problem(
                        item.row.number,
                        "license_number",
                        number,
                        "Dogtag already holds license "
                        + number
                        + (" for another dog" if imported else ", issued by Dogtag itself")
                        + "; a license number names one license",
                    )
                )
            continue
        serial = text.get("tag_serial", "")
        if serial and serial in tags and tags[serial][1] != Tag.Status.IN_STOCK:
            report.problems.append(
                Problem(
                    item.row.number,
                    "tag_serial",
                    serial,
                    f"tag {serial} is already tied to another license; a tag belongs to one "
                    f"license and one dog and is never moved ({cite(TAG_NOT_MOVED)})",
                    (cite(TAG_NOT_MOVED),),
                )
            )
            continue
        by_dog[item.dog_key].append(item)
        if progress is not None and done % 1000 == 0:
            progress("Planning", done, total)
    licenses = sum(len(items) for items in by_dog.values())
    writer.reserve(
        owner=len({items[-1].owner_key for items in by_dog.values()} - owners.keys()),
        dog=len(by_dog.keys() - dogs.keys()),
        rabiesvaccination=licenses,
        license=licenses,
        tag=sum(1 for items in by_dog.values() for i in items if i.row.text.get("tag_serial")),
        renewed=len(by_dog.keys() & dogs.keys()),
    )
    for n, (dog_key, items) in enumerate(by_dog.items(), start=1):
        items.sort(key=lambda g: (g.row.issued_on, g.row.number))
        # The dog's owner is the owner on its latest license.
        latest = items[-1]
        owner_id = owners.get(latest.owner_key)
        if owner_id is None:
            owner_id = writer.add(Owner, _owner(latest, writer.stamp))
            owners[latest.owner_key] = owner_id
            writer.key(LegacyKey.Kind.OWNER, latest.owner_key, owner_id)
            counts["owners"] += 1
        dog_id = dogs.get(dog_key)
        previous: dict[str, Any] | None = None
        if dog_id is None:
            dog_id = writer.add(Dog, _dog(latest, owner_id, writer.stamp))
            dogs[dog_key] = dog_id
            writer.key(LegacyKey.Kind.DOG, dog_key, dog_id)
            counts["dogs"] += 1
        else:  # a dog imported before: its later licenses renew its latest
            previous = _renewed(writer, dog_id, items[0].row)
        for position, item in enumerate(items):
            row, text = item.row, item.row.text
            rabies_key = (
                f"{dog_key}|{row.vaccinated_on}|{row.rabies_expires_on}|"
                f"{text.get('rabies_certificate', '')}"
            )
            rabies_id = vaccinations.get(rabies_key)
            if rabies_id is None:
                rabies_id = writer.add(RabiesVaccination, _rabies(item, dog_id, writer.stamp))
                vaccinations[rabies_key] = rabies_id
                writer.key(LegacyKey.Kind.RABIES, rabies_key, rabies_id)
                counts["vaccinations"] += 1
            later = items[position + 1] if position + 1 < len(items) else None
            status = row.status or (
                License.Status.SUPERSEDED if later is not None else License.Status.ACTIVE
            )
            ended = later.row.issued_on if status == License.Status.SUPERSEDED and later else None
            license_ = {
                "id": writer.tables[License].take_id(),
                "number": text["license_number"],
                "dog_id": dog_id,
                "owner_id": owner_id,
                "kind": row.kind or ("renewal" if previous is not None else "new"),
                "issued_on": row.issued_on,
                "expires_on": row.expires_on,
                "tier_years": item.tier,
                "fee": row.fee,
                "penalty": row.penalty,
                "status": status,
                "status_changed_on": ended,
                "previous_id": previous["id"] if previous is not None else None,
                "rabies_id": rabies_id,
                "decision_id": None,
                "imported": True,
            }
            writer.add(License, license_)
            counts["licenses"] += 1
            previous = license_
            if text.get("tag_serial"):
                _tag(writer, tags, text["tag_serial"], license_, counts)
        if writer.record is not None and len(writer.tables[License].rows) >= BATCH:
            writer.flush()
        if progress is not None and n % 1000 == 0:
            progress("Writing", n, len(by_dog))
    if progress is not None:
        progress("Writing", len(by_dog), len(by_dog))


def _renewed(writer: Writer, dog_id: int, first: Row) -> dict[str, Any] | None:
    """The license of a dog imported before that a newer imported license renews: its latest,
    if imported, in force and not yet renewed; it is superseded (and its tag replaced)."""
    latest = License.objects.filter(dog_id=dog_id).order_by("-issued_on", "-id").first()
    if (
        latest is None
        or not latest.imported
        or latest.status != License.Status.ACTIVE
        or first.issued_on is None
        or latest.issued_on >= first.issued_on
        or License.objects.filter(previous=latest).exists()
    ):
        return None
    if writer.record is not None:
        License.objects.filter(pk=latest.pk).update(
            status=License.Status.SUPERSEDED, status_changed_on=first.issued_on
        )
        latest.refresh_from_db()
        writer.record_history(
            License, {a: getattr(latest, a) for a in writer.tables[License].attnames}, "~"
        )
        for tag in Tag.objects.filter(license=latest, status=Tag.Status.ISSUED):
            Tag.objects.filter(pk=tag.pk).update(
                status=Tag.Status.REPLACED, status_changed_on=first.issued_on
            )
            tag.refresh_from_db()
            writer.record_history(
                Tag, {a: getattr(tag, a) for a in writer.tables[Tag].attnames}, "~"
            )
    return {"id": latest.pk}


def _tag(
    writer: Writer,
    tags: dict[str, tuple[int, str, int | None]],
    serial: str,
    license_: dict[str, Any],
    counts: dict[str, int],
) -> None:
    """``tag.furnished``: the tag issued with the license, registered as issued (replaced once renewed)."""
    status = TAG_STATUS[License.Status(license_["status"])]
    values = {
        "serial": serial,
        "status": status,
        "license_id": license_["id"],
        "dog_id": license_["dog_id"],
        "issued_on": license_["issued_on"],
        "status_changed_on": license_["status_changed_on"] or license_["issued_on"],
    }
    counts["tags"] += 1
    if serial in tags:  # a tag Dogtag holds in stock: given out with this license
        pk = tags[serial][0]
        if writer.record is not None:
            Tag.objects.filter(pk=pk, status=Tag.Status.IN_STOCK).update(**values)
        writer.record_history(Tag, {"id": pk, **values}, "~")
        return
    writer.add(Tag, values)


def _owner(item: Good, now: Any) -> dict[str, Any]:
    text = item.row.text
    return {
        "name": text["owner_name"],
        "street": text["owner_street"],
        "city": text.get("owner_city") or "Nowthen",
        "state": (text.get("owner_state") or "MN").upper(),
        "postal_code": text.get("owner_zip", ""),
        "phone": item.phone,
        "email": text.get("owner_email", ""),
        "email_consent": False,
        "resident_since": None,
        "parcel_id": None,
        "created_at": now,
    }


def _dog(item: Good, owner_id: int, now: Any) -> dict[str, Any]:
    row, text = item.row, item.row.text
    return {
        "owner_id": owner_id,
        "name": text["dog_name"],
        "breed": text["breed"],
        "color": text["color"],
        "sex": row.sex,
        "sterilized": row.sterilized,
        "born": row.born,
        "born_estimated": False,
        "microchip": text.get("microchip", ""),
        "photo": "",
        "status": Dog.Status.ACTIVE,
        "status_changed_on": None,
        "created_at": now,
    }


def _rabies(item: Good, dog_id: int, now: Any) -> dict[str, Any]:
    row, text = item.row, item.row.text
    assert row.vaccinated_on is not None and row.rabies_expires_on is not None
    years = (
        1
        if row.rabies_expires_on
        <= row.vaccinated_on.replace(
            year=row.vaccinated_on.year + 1, day=min(row.vaccinated_on.day, 28)
        )
        + dt.timedelta(days=31)
        else 3
    )
    return {
        "dog_id": dog_id,
        "vaccinated_on": row.vaccinated_on,
        "expires_on": row.rabies_expires_on,
        "duration_years": years,
        "veterinarian": text["veterinarian"],
        "clinic": text.get("clinic", ""),
        "certificate_number": text.get("rabies_certificate", ""),
        "rabies_tag_number": text.get("rabies_tag", ""),
        "certificate_file": "",
        "recorded_at": now,
    }


def _move_numbering(good: list[Good]) -> None:
    """Dogtag numbers its licenses ``YYYY-NNNNN`` from a yearly sequence; an imported number of
    that form moves the year's sequence past it, so the next license Dogtag issues cannot be
    given a number already imported."""
    highest: dict[int, int] = {}
    for item in good:
        match = OWN_NUMBER.match(item.row.text["license_number"])
        if match:
            year, n = int(match[1]), int(match[2])
            highest[year] = max(highest.get(year, 0), n)
    city = law_params.default().city.id
    for year, n in highest.items():
        NumberSequence.objects.get_or_create(
            jurisdiction=city, name="license", year=year, defaults={"last": 0}
        )
        NumberSequence.objects.filter(jurisdiction=city, name="license", year=year).update(
            last=Greatest(models.F("last"), n)
        )
