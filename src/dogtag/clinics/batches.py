"""A clinic's certificates as a CSV file, uploaded on the staff site: the columns, their bounds,
and each row through ``services.receive_certificate`` (its own transaction and Decision), with
an outcome a row: recorded, queued, already sent, or refused with the reasons.

Columns (a header row first; UTF-8; order free; unknown columns refused; a blank cell is an
empty value): ``certificate_number``, ``veterinarian``, ``vaccinated_on`` and ``expires_on``
(YYYY-MM-DD), ``duration_years`` (as certified), required; ``rabies_tag_number``, ``microchip``,
``owner_name``, ``owner_street``, ``owner_city``, ``owner_postal_code``, ``owner_phone``,
``owner_email``, ``dog_name``, ``breed``, ``color``, ``sex`` (male or female), ``born``
(YYYY-MM-DD) and ``clinic`` (if given, the batch's clinic), optional: the API's fields.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Callable, Iterator
from typing import IO, Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from dogtag.clinics import services
from dogtag.clinics.models import Certificate, CertificateBatch
from dogtag.jobs.services import start_job
from dogtag.law.findings import Finding
from dogtag.law.provisions import cite
from dogtag.records.errors import ServiceError
from dogtag.records.refusals import service
from dogtag.records.services import record_decision, today

REQUIRED = ("certificate_number", "veterinarian", "vaccinated_on", "expires_on", "duration_years")
OPTIONAL = (*services.TEXT_FIELDS, "born", "clinic")
COLUMNS = REQUIRED + tuple(c for c in OPTIONAL if c not in REQUIRED)
DATES = ("vaccinated_on", "expires_on", "born")
#: The most rows a file may hold, and the longest cell: a clinic's month, many times over.
MAX_ROWS = 5_000
MAX_CELL = 300
#: Files with more rows than this run as a background job (``dogtag.jobs``), with progress.
INLINE_ROWS = 50


class BatchRefused(ValueError):
    """The file as a whole cannot be read: its header, its size or its encoding."""


def read(upload: IO[bytes]) -> list[dict[str, str]]:
    """The rows of the file, checked for shape only (header, row count, cell length)."""
    text = io.TextIOWrapper(upload, encoding="utf-8-sig", newline="")
    try:
        reader = csv.DictReader(text)
        header = [h.strip() for h in reader.fieldnames or []]
        missing = [c for c in REQUIRED if c not in header]
        unknown = [c for c in header if c not in COLUMNS]
        if not header:
            raise BatchRefused("The file is empty: the first row names the columns.")
        if unknown:
            raise BatchRefused(f"Unknown columns: {', '.join(unknown[:10])}.")
        if missing:
            raise BatchRefused(f"Missing columns: {', '.join(missing)}.")
        reader.fieldnames = header
        rows = []
        for row in reader:
            if len(rows) >= MAX_ROWS:
                raise BatchRefused(f"The file has more than {MAX_ROWS:,} rows.")
            if None in row or any(len(v or "") > MAX_CELL for v in row.values()):
                raise BatchRefused(
                    f"Row {len(rows) + 2} has more cells than columns, or a cell longer than "
                    f"{MAX_CELL} characters."
                )
            rows.append({k: (v or "").strip() for k, v in row.items()})
    except UnicodeDecodeError:
        raise BatchRefused("The file is not UTF-8 text.") from None
    except csv.Error as exc:
        raise BatchRefused(f"The file is not CSV: {exc}.") from None
    finally:
        text.detach()  # the upload stays open for the caller
    if not rows:
        raise BatchRefused("The file has a header and no rows.")
    return rows


def values_of(row: dict[str, str]) -> tuple[dict[str, Any], list[str]]:
    """A row as ``receive_certificate`` takes it, and what in it cannot be read."""
    values: dict[str, Any] = {k: v for k, v in row.items() if k != "clinic"}
    problems = []
    for name in DATES:
        text = values.get(name, "")
        if name == "born" and not text:
            values.pop("born", None)
            continue
        try:
            values[name] = dt.date.fromisoformat(text)
        except ValueError:
            problems.append(f"{name}: {text!r} is not a date (YYYY-MM-DD).")
            values[name] = None
    try:
        values["duration_years"] = int(values.get("duration_years", ""))
    except ValueError:
        problems.append("duration_years: not a whole number of years.")
    return values, problems


def outcome(number: int, row: dict[str, str], **fields: Any) -> dict[str, Any]:
    return {
        "row": number,
        "certificate_number": row.get("certificate_number", "")[:60],
        "certificate": None,
        "reasons": [],
        **fields,
    }


def process(
    batch: CertificateBatch,
    actor: AbstractBaseUser,
    report: Callable[[int, int], None] | None = None,
) -> CertificateBatch:
    """Each row through the service, in order; the report stored on the batch."""
    with batch.file.open("rb") as stored:
        rows = read(stored)
    results = [result for result in _each(batch, rows, actor, report)]
    with transaction.atomic():  # the report is written whole, or not at all
        CertificateBatch.objects.filter(pk=batch.pk).update(
            report=results, finished_at=timezone.now()
        )
    batch.refresh_from_db()
    return batch


def _each(
    batch: CertificateBatch,
    rows: list[dict[str, str]],
    actor: AbstractBaseUser,
    report: Callable[[int, int], None] | None,
) -> Iterator[dict[str, Any]]:
    for index, row in enumerate(rows, start=2):  # row 1 is the header
        if report is not None and (index - 2) % 25 == 0:
            report(index - 2, len(rows))
        if row.get("clinic") and row["clinic"] != batch.clinic:
            yield outcome(index, row, outcome="refused", reasons=["clinic: another clinic's row."])
            continue
        values, problems = values_of(row)
        if problems:
            yield outcome(index, row, outcome="refused", reasons=problems)
            continue
        try:
            received = services.receive_certificate(
                clinic=batch.clinic, values=values, source=Certificate.Source.CSV, actor=actor
            )
        except services.CertificateInvalid as exc:
            reasons = [f"{field}: {message}" if field else message for field, message in exc.errors]
            yield outcome(index, row, outcome="refused", reasons=reasons)
            continue
        except ServiceError as exc:
            yield outcome(index, row, outcome="refused", reasons=[str(exc)])
            continue
        certificate = received.certificate
        yield outcome(
            index,
            row,
            outcome=certificate.status if received.created else "already sent",
            certificate=certificate.pk,
            reasons=list(certificate.reasons) if received.created else [],
        )
    if report is not None:
        report(len(rows), len(rows))


@service
def store_batch(
    *, clinic: str, upload: Any, rows: int, actor: AbstractBaseUser
) -> CertificateBatch:
    """Keep the uploaded file and its Decision; a file of more than ``INLINE_ROWS`` rows is
    handed to a background job (started once this transaction commits), the others are
    processed by the caller at once (``process``), each row in its own transaction."""
    clinic = clinic.strip()
    if not clinic:
        raise ServiceError("Name the clinic the certificates are from.")
    batch = CertificateBatch(
        clinic=clinic,
        filename=str(getattr(upload, "name", "certificates.csv"))[:200],
        rows=rows,
        uploaded_by=actor,
    )
    batch.file.save("certificates.csv", upload, save=False)
    batch.save()
    if rows > INLINE_ROWS:
        from dogtag.clinics.tasks import process_batch

        batch.job = start_job(
            task=process_batch,
            title=f"Certificates from {clinic}: {batch.filename}",
            actor=actor,
            arguments={"batch_id": batch.pk},
        )
        batch.save(update_fields=["job"])
    record_decision(
        action="clinics.upload_batch",
        findings=[
            Finding(
                rule="clinics.batch_received",
                outcome="done",
                sections=(cite(services.CERTIFICATE),),
                message=f"{rows} rabies certificates from {clinic} received in {batch.filename}.",
                facts={"clinic": clinic, "rows": rows, "file": batch.filename},
            )
        ],
        decided_on=today(),
        actor=actor,
        subject=batch,
    )
    return batch
