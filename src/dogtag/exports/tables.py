"""The tables Dogtag exports (issue 13, item 4): the license register, the due list, complaints
and dangerous-dog cases. Each is a header and rows read in a fixed number of queries (iterated in
chunks, so that the CSV streams); private columns (Minn. Stat. ch. 13; ``licensing.data_practices``)
are in a table only for a user who may see them, and the view logs that it showed them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from dogtag.complaints.models import Complaint
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.licensing.due import due_list
from dogtag.licensing.models import License, Tag
from dogtag.records.private_data import Kind, may_see_complaint_private
from dogtag.records.services import city_params

Row = list[Any]
CHUNK = 500


@dataclass(frozen=True)
class Table:
    header: list[str]
    rows: Iterable[Row]
    #: The kinds of private data the rows show (``PrivateDataView.Kind``): each is logged.
    private: tuple[str, ...] = ()


@dataclass(frozen=True)
class Export:
    name: str  # the file's name and the URL's
    title: str
    build: Callable[[Any, dt.date], Table]
    #: Whether the table is counted as of a day (the due list); the others are the records now.
    as_of: bool = False


OWNER_CONTACT = ["owner street", "owner city", "owner ZIP code", "owner phone", "owner email"]


def _contact(owner: Any) -> Row:
    return [owner.street, owner.city, owner.postal_code, owner.phone, owner.email]


def license_register(user: Any, on: dt.date) -> Table:
    """Every license, newest first: the license (``license.section``) and its
    tag (``tag.section``). The owner's name and
    contact are private (``data_practices``): shown to staff, whose every view is logged."""
    tags = dict(Tag.objects.filter(status=Tag.Status.ISSUED).values_list("license_id", "serial"))
    licenses = License.objects.select_related("dog", "owner").order_by("-issued_on", "-number")

    def rows() -> Iterator[Row]:
        for lic in licenses.iterator(chunk_size=CHUNK):
            yield [
                lic.number,
                lic.dog.name,
                f"{lic.dog.breed}, {lic.dog.color}",
                lic.owner.name,
                *_contact(lic.owner),
                lic.get_kind_display(),
                lic.issued_on,
                lic.expires_on,
                lic.tier_years,
                lic.fee,
                lic.penalty,
                lic.get_status_display(),
                tags.get(lic.pk, ""),
            ]

    header = ["license number", "dog", "breed and color", "owner", *OWNER_CONTACT]
    header += ["kind", "issued", "expires", "tier (years)", "fee", "penalty", "status", "tag"]
    return Table(header, rows(), (Kind.OWNER_CONTACT,))


def due(user: Any, on: dt.date) -> Table:
    """The due list as of ``on``, every section (licenses, kennels, enclosure notices,
    dangerous dogs), one row per entry. Raises ``ParameterError`` or ``DeadlineError`` for a day
    the rules cannot count."""
    listed = due_list(on, city_params())

    def rows() -> Iterator[Row]:
        for section in listed.sections:
            for row in section.rows:
                yield [
                    section.title,
                    " ".join(section.sections),
                    row.subject_name,
                    row.owner_name,
                    row.license_number,
                    row.date,
                    row.overdue,
                    row.summary,
                    row.note,
                ]

    header = ["list", "sections", "subject", "owner", "license number", "date", "overdue"]
    header += ["why", "note"]
    return Table(header, rows(), (Kind.OWNER_CONTACT,))


def complaints(user: Any, on: dt.date) -> Table:
    """Every complaint (``vehicle.animal_left``, ``nuisance.owner_duty``). The complainant's
    identity and the narrative only for holders of ``records.view_complaint_private`` (Minn.
    Stat. 13.44 subd. 1)."""
    private = may_see_complaint_private(user)
    found = Complaint.objects.select_related("owner").order_by("-received_at")

    def rows() -> Iterator[Row]:
        for c in found.iterator(chunk_size=CHUNK):
            row = [
                c.number,
                c.get_kind_display(),
                _local(c.received_at),
                _local(c.occurred_at),
                c.address,
                c.owner.name if c.owner else "",
                c.get_status_display(),
            ]
            if private:
                row += [c.complainant_name, c.complainant_phone, c.complainant_address]
                row += [c.narrative]
            yield row

    header = ["complaint number", "kind", "received", "occurred", "location", "owner", "status"]
    if private:
        header += ["complainant", "complainant phone", "complainant address", "narrative"]
    # the owner complained about is named (private, like every owner's name); the complainant
    # only for investigators
    kinds = (Kind.OWNER_CONTACT, Kind.COMPLAINANT_IDENTITY) if private else (Kind.OWNER_CONTACT,)
    return Table(header, rows(), kinds)


def dangerous_dogs(user: Any, on: dt.date) -> Table:
    """Every dangerous-dog case and registration (``dangerous_dog.restrictions``): its
    state and dates; where the dog is
    kept and the owner's contact are private, shown to staff and logged."""
    cases = (
        DangerousDogCase.objects.select_related("dog", "owner")
        .prefetch_related("registrations")
        .order_by("-designated_on", "-number")
    )

    def rows() -> Iterator[Row]:
        for case in cases.iterator(chunk_size=CHUNK):
            registration = max(case.registrations.all(), key=_issued, default=None)
            yield [
                case.number,
                case.dog.name,
                case.owner.name,
                case.get_state_display(),
                case.get_authority_display(),
                case.designated_on,
                case.notice_issued_on,
                case.served_on,
                case.deemed_on,
                case.closed_on,
                case.kept_at,
                case.contact_address,
                case.contact_phone,
                registration.certificate_number if registration else "",
                registration.issued_on if registration else None,
                registration.expires_on if registration else None,
                registration.get_status_display() if registration else "",
            ]

    header = ["case number", "dog", "owner", "state", "designated by", "designated"]
    header += ["notice issued", "served", "deemed dangerous", "closed", "kept at"]
    header += ["contact address", "contact phone", "registration certificate"]
    header += ["registered", "registration expires", "registration status"]
    return Table(header, rows(), (Kind.OWNER_CONTACT,))


def _issued(registration: Any) -> tuple[dt.date, int]:
    return (registration.issued_on, registration.pk)


def _local(at: dt.datetime | None) -> str:
    return timezone.localtime(at).strftime("%Y-%m-%d %H:%M") if at else ""


EXPORTS: dict[str, Export] = {
    e.name: e
    for e in (
        Export("license-register", "License register", license_register),
        Export("due-list", "Due list", due, as_of=True),
        Export("complaints", "Complaints", complaints),
        Export("dangerous-dogs", "Dangerous dogs", dangerous_dogs),
    )
}
