"""The legacy file's layout (docs/imports/legacy-licenses.md): its columns, the mapping file that
renames them, and reading each row into typed values, every problem named by row, column and value.

One row is one license of the earlier system, with its owner, dog and rabies vaccination written
out on the row (a dog's history is several rows, an owner's dogs too). Nothing here applies the
ordinance: a value that cannot be read (a date that is no date, an amount that is no amount) is
refused here, without a section; what the ordinance requires of a row is asked of the rules core
by ``checks``.
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import io
import json
import time
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from dogtag.law.licensing import LICENSE_KINDS
from dogtag.law.provisions import cited_in
from dogtag.licensing.models import city_in_force
from dogtag.records.bounds import (
    EARLIEST_DATE,
    MAX_AMOUNT,
    MAX_VACCINATION_YEARS,
    latest_date,
    years_after,
)


@dataclass(frozen=True)
class Column:
    name: str
    #: written once for every city: ``{§concept}`` and ``{city}`` are worded when described
    description: str
    required: bool = True  # the header must have it (a value may still be empty, see ``checks``)


COLUMNS: tuple[Column, ...] = (
    Column("owner_id", "The earlier system's owner number (optional; names the owner)", False),
    Column("owner_name", "Owner's name ({§license.application})"),
    Column("owner_street", "Owner's street address ({§license.application})"),
    Column("owner_city", "City (default {city})", False),
    Column("owner_state", "State, two letters (default MN)", False),
    Column("owner_zip", "ZIP code", False),
    Column("owner_phone", "Owner's phone number ({§license.application})"),
    Column("owner_email", "Owner's e-mail", False),
    Column("dog_id", "The earlier system's dog number (optional; names the dog)", False),
    Column("dog_name", "Dog's name ({§license.application})"),
    Column("breed", "Dog's breed ({§license.application})"),
    Column("color", "Dog's color ({§license.application})"),
    Column("sex", "Dog's sex: male or female, M or F ({§license.application})"),
    Column("sterilized", "Spayed or neutered: yes or no", False),
    Column("born", "Dog's date of birth ({§license.application} age, {§license.minimum_age})"),
    Column("microchip", "Microchip number", False),
    Column(
        "rabies_vaccinated_on", "Date of the rabies vaccination ({§license.rabies_certificate})"
    ),
    Column(
        "rabies_expires_on",
        "Expiry of the rabies vaccination ({§license.term}, {§license.rabies_certificate})",
    ),
    Column(
        "veterinarian", "Licensed veterinarian on the certificate ({§license.rabies_certificate})"
    ),
    Column("clinic", "Clinic on the certificate", False),
    Column("rabies_certificate", "Rabies certificate number", False),
    Column("rabies_tag", "Rabies tag number", False),
    Column("license_number", "The license's number in the earlier system (unique)"),
    Column("kind", "new, renewal, new_resident or change_of_ownership", False),
    Column("issued_on", "Date the license was issued"),
    Column("expires_on", "Date the license expired or expires ({§license.term})"),
    Column("fee_paid", "License fee paid, dollars ({§license.fee}, {§fees.schedule})"),
    Column("penalty_paid", "Penalty paid, dollars (default 0)", False),
    Column("tag_serial", "The tag issued with the license ({§tag.furnished})", False),
    Column(
        "status", "active, superseded, ended or void (default: the dog's latest is active)", False
    ),
)
NAMES = tuple(c.name for c in COLUMNS)
REQUIRED = tuple(c.name for c in COLUMNS if c.required)
STATUSES = ("active", "superseded", "ended", "void")
#: Field lengths, as the records hold them (``licensing.models``).
LENGTHS = {
    "owner_name": 200,
    "owner_street": 200,
    "owner_city": 100,
    "owner_state": 2,
    "owner_zip": 10,
    "owner_email": 254,
    "dog_name": 100,
    "breed": 100,
    "color": 100,
    "microchip": 20,
    "veterinarian": 200,
    "clinic": 200,
    "rabies_certificate": 60,
    "rabies_tag": 60,
    "license_number": 20,
    "tag_serial": 20,
    "owner_id": 100,
    "dog_id": 100,
}
#: The most rows one file may hold (a state's licenses are about a million).
MAX_ROWS = 2_000_000
TRUE = {"yes", "y", "true", "1", "x"}
FALSE = {"no", "n", "false", "0", ""}


def _parse(text: str, date_format: str) -> dt.date:
    """A date written in ``date_format`` (a day, no time of day: no time zone is involved)."""
    parsed = time.strptime(text, date_format)
    return dt.date(parsed.tm_year, parsed.tm_mon, parsed.tm_mday)


class LayoutError(Exception):
    """The file (or mapping) cannot be read at all; nothing is imported."""


@dataclass(frozen=True)
class ColumnMapping:
    """Which column of the file holds each of Dogtag's columns, and how its dates are written."""

    columns: dict[str, str] = field(default_factory=dict)  # Dogtag's name -> the file's
    date_format: str = ""  # strptime format; ISO (YYYY-MM-DD) is always accepted

    def file_name(self, name: str) -> str:
        return self.columns.get(name, name)


def load_mapping(data: bytes, filename: str) -> ColumnMapping:
    """A mapping file, TOML or JSON (by its name's ending, else tried as both):
    ``[columns]`` (Dogtag's column = "the file's column") and an optional ``date_format``."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LayoutError(f"{filename}: the mapping file is not UTF-8 text.") from None
    parsed: Any
    if filename.lower().endswith(".json"):
        try:
            parsed = json.loads(text)
        except ValueError as exc:
            raise LayoutError(f"{filename}: not valid JSON ({exc}).") from None
    else:
        try:
            parsed = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            if filename.lower().endswith(".toml"):
                raise LayoutError(f"{filename}: not valid TOML ({exc}).") from None
            try:
                parsed = json.loads(text)
            except ValueError:
                raise LayoutError(f"{filename}: neither TOML nor JSON.") from None
    if not isinstance(parsed, dict):
        raise LayoutError(f"{filename}: the mapping must be a table of columns.")
    unknown = set(parsed) - {"columns", "date_format"}
    if unknown:
        raise LayoutError(
            f"{filename}: unknown key {', '.join(sorted(unknown))}; "
            "the mapping has [columns] and date_format."
        )
    columns = parsed.get("columns", {})
    if not isinstance(columns, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in columns.items()
    ):
        raise LayoutError(f"{filename}: [columns] maps Dogtag's column names to the file's.")
    wrong = sorted(set(columns) - set(NAMES))
    if wrong:
        raise LayoutError(
            f"{filename}: {', '.join(wrong)} is not one of Dogtag's columns "
            f"(docs/imports/legacy-licenses.md lists them)."
        )
    date_format = parsed.get("date_format", "")
    if not isinstance(date_format, str):
        raise LayoutError(f"{filename}: date_format is a strptime format, such as %m/%d/%Y.")
    if date_format:
        try:
            _parse(dt.date(2024, 12, 31).strftime(date_format), date_format)
        except ValueError:
            raise LayoutError(
                f"{filename}: date_format {date_format!r} cannot read a date."
            ) from None
    return ColumnMapping(columns=dict(columns), date_format=date_format)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one row: refused (the row is not imported) or a warning (imported)."""

    row: int
    column: str
    value: str
    reason: str
    sections: tuple[str, ...] = ()
    level: str = "refused"

    def as_json(self) -> dict[str, Any]:
        return {
            "row": self.row,
            "column": self.column,
            "value": self.value,
            "reason": self.reason,
            "sections": list(self.sections),
            "level": self.level,
        }


@dataclass(slots=True)
class Row:
    """One row as typed values (None where the row leaves a value empty or it cannot be read)."""

    number: int  # its line in the file, the header being line 1
    text: dict[str, str]
    born: dt.date | None = None
    vaccinated_on: dt.date | None = None
    rabies_expires_on: dt.date | None = None
    issued_on: dt.date | None = None
    expires_on: dt.date | None = None
    fee: Decimal | None = None
    penalty: Decimal = Decimal("0.00")
    sex: str = ""
    sterilized: bool = False
    kind: str = ""
    status: str = ""


def open_rows(
    data: bytes, mapping: ColumnMapping, filename: str
) -> tuple[list[str], Iterator[dict[str, str]]]:
    """The file's header and its rows, each by Dogtag's column names."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LayoutError(
            f"{filename}: not UTF-8 text (byte {exc.start + 1}); save the file as CSV UTF-8."
        ) from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [h.strip() for h in next(reader)]
    except StopIteration:
        raise LayoutError(f"{filename}: the file is empty.") from None
    except csv.Error as exc:
        raise LayoutError(f"{filename}: not a CSV file ({exc}).") from None
    where = {name: i for i, name in enumerate(header)}
    missing = [
        f"{n} (as {mapping.file_name(n)!r})" if mapping.file_name(n) != n else n
        for n in REQUIRED
        if mapping.file_name(n) not in where
    ]
    if missing:
        raise LayoutError(
            f"{filename}: the header has no column {', '.join(missing)}; a mapping file can name "
            "the file's own columns (docs/imports/legacy-licenses.md)."
        )
    index = [(n, where[mapping.file_name(n)]) for n in NAMES if mapping.file_name(n) in where]
    width = len(header)

    def rows() -> Iterator[dict[str, str]]:
        try:
            for count, values in enumerate(reader, start=1):
                if count > MAX_ROWS:
                    raise LayoutError(f"{filename}: more than {MAX_ROWS:,} rows; split the file.")
                if not any(values):
                    yield {}
                    continue
                if len(values) < width:
                    values = values + [""] * (width - len(values))
                yield {n: values[i].strip() for n, i in index}
        except csv.Error as exc:
            raise LayoutError(f"{filename}: line {reader.line_num}: {exc}.") from None

    return header, rows()


class Reader:
    """Reads one row's text into a ``Row``, adding each problem to ``problems``."""

    def __init__(self, mapping: ColumnMapping, today: dt.date) -> None:
        self.date_format = mapping.date_format
        self.today = today
        self.latest = latest_date(today)

    def date(
        self, row: int, text: dict[str, str], name: str, problems: list[Problem], *, past: bool
    ) -> dt.date | None:
        value = text.get(name, "")
        if not value:
            return None
        try:
            day = dt.date.fromisoformat(value)
        except ValueError:
            day = None
            if self.date_format:
                with contextlib.suppress(ValueError):
                    day = _parse(value, self.date_format)
        if day is None:
            expected = "YYYY-MM-DD" + (f" or {self.date_format}" if self.date_format else "")
            problems.append(Problem(row, name, value, f"not a date ({expected})"))
            return None
        last = self.today if past else self.latest
        if not EARLIEST_DATE <= day <= last:
            problems.append(
                Problem(
                    row,
                    name,
                    value,
                    f"outside the plausible window, {EARLIEST_DATE.isoformat()} to "
                    f"{last.isoformat()}" + (" (it cannot lie ahead)" if past else ""),
                )
            )
            return None
        return day

    def money(
        self, row: int, text: dict[str, str], name: str, problems: list[Problem]
    ) -> Decimal | None:
        value = text.get(name, "")
        if not value:
            return None
        try:
            amount = Decimal(value.replace("$", "").replace(",", ""))
        except InvalidOperation:
            problems.append(Problem(row, name, value, "not an amount of dollars (such as 8.00)"))
            return None
        if (
            not amount.is_finite()
            or amount < 0
            or amount > MAX_AMOUNT
            or amount != round(amount, 2)
        ):
            problems.append(
                Problem(row, name, value, f"an amount from 0.00 to {MAX_AMOUNT:,}, in cents")
            )
            return None
        return amount.quantize(Decimal("0.01"))

    def read(self, number: int, text: dict[str, str], problems: list[Problem]) -> Row:
        row = Row(number=number, text=text)
        for name, limit in LENGTHS.items():
            value = text.get(name, "")
            if len(value) > limit:
                problems.append(
                    Problem(number, name, value[:60], f"longer than {limit} characters")
                )
        date = self.date
        row.born = date(number, text, "born", problems, past=True)
        row.vaccinated_on = date(number, text, "rabies_vaccinated_on", problems, past=True)
        row.rabies_expires_on = date(number, text, "rabies_expires_on", problems, past=False)
        row.issued_on = date(number, text, "issued_on", problems, past=True)
        row.expires_on = date(number, text, "expires_on", problems, past=False)
        for name in ("license_number", "issued_on", "expires_on", "fee_paid"):
            if not text.get(name):
                problems.append(Problem(number, name, "", "empty; every license states it"))
        row.fee = self.money(number, text, "fee_paid", problems)
        penalty = self.money(number, text, "penalty_paid", problems)
        row.penalty = penalty if penalty is not None else Decimal("0.00")
        sex = text.get("sex", "").casefold()
        if sex in ("m", "male"):
            row.sex = "male"
        elif sex in ("f", "female"):
            row.sex = "female"
        elif sex:
            problems.append(Problem(number, "sex", text["sex"], "not male or female (M or F)"))
        sterilized = text.get("sterilized", "").casefold()
        if sterilized in TRUE:
            row.sterilized = True
        elif sterilized not in FALSE:
            problems.append(Problem(number, "sterilized", text["sterilized"], "not yes or no"))
        kind = text.get("kind", "").casefold().replace(" ", "_")
        if kind and kind not in LICENSE_KINDS:
            problems.append(
                Problem(number, "kind", text["kind"], f"not one of {', '.join(LICENSE_KINDS)}")
            )
        else:
            row.kind = kind
        status = text.get("status", "").casefold()
        if status and status not in STATUSES:
            problems.append(
                Problem(number, "status", text["status"], f"not one of {', '.join(STATUSES)}")
            )
        else:
            row.status = status
        if row.issued_on and row.expires_on and row.expires_on < row.issued_on:
            problems.append(
                Problem(
                    number,
                    "expires_on",
                    text["expires_on"],
                    f"before the license was issued ({row.issued_on.isoformat()})",
                )
            )
            row.expires_on = None
        given, ends = row.vaccinated_on, row.rabies_expires_on
        if given and ends and ends > years_after(given, MAX_VACCINATION_YEARS):
            problems.append(
                Problem(
                    number,
                    "rabies_expires_on",
                    text["rabies_expires_on"],
                    f"a rabies vaccination lasts at most {MAX_VACCINATION_YEARS} years; one given "
                    f"on {given.isoformat()} cannot expire after "
                    f"{years_after(given, MAX_VACCINATION_YEARS).isoformat()}",
                )
            )
            row.rabies_expires_on = None
        return row


def header_line(mapping: ColumnMapping | None = None) -> str:
    """The header of a file in Dogtag's own layout (the example's first line)."""
    mapping = mapping or ColumnMapping()
    return ",".join(mapping.file_name(n) for n in NAMES)


def describe() -> list[Mapping[str, object]]:
    """The columns, for the page and the documentation: each description with the sections of the
    city in force and its name."""
    city = city_in_force()
    return [
        {
            "name": c.name,
            "description": cited_in(c.description, lenient=True).replace("{city}", city),
            "required": c.required,
        }
        for c in COLUMNS
    ]
