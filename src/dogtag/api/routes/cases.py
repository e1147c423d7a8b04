"""Complaints (``vehicle.animal_left``, ``nuisance.owner_duty``), dangerous-dog cases and (where
the city's case is that variant, issue 27) dangerous-animal cases, read as the staff pages read
them: a complainant's identity and what they said only to the roles that may see them
(``records.private_data``, Minn. Stat. 13.44 subd. 1), each showing logged."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import HttpRequest
from ninja import Path, Router

from dogtag.api.auth import require
from dogtag.api.routes.common import PagingQuery, get, page
from dogtag.api.schemas import (
    ComplaintOut,
    DangerousAnimalCaseOut,
    DangerousAnimalCaseRowOut,
    DangerousDogCaseOut,
    Page,
)
from dogtag.complaints.models import Complaint
from dogtag.dangerous_animals import standing
from dogtag.dangerous_animals.models import AnimalCase
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.records.private_data import (
    PRIVATE_COMPLAINT,
    Kind,
    may_see_complaint_private,
    record_view,
)
from dogtag.records.services import city_params, today

router = Router(tags=["Complaints and dangerous dogs"])

NUMBER = Path(..., max_length=20, pattern=r"^[A-Za-z0-9-]+$")
COMPLAINTS = Complaint.objects.select_related("parcel").prefetch_related("dogs")
PRIVATE = ("complainant_name", "complainant_phone", "complainant_address", "narrative")


def complaint_out(complaint: Complaint, shown: bool) -> dict[str, Any]:
    return {
        "number": complaint.number,
        "kind": complaint.kind,
        "status": complaint.status,
        "received_at": complaint.received_at,
        "occurred_at": complaint.occurred_at,
        "occurred_until": complaint.occurred_until,
        "parcel_pin": complaint.parcel.pin if complaint.parcel_id else None,
        "address": complaint.address,
        "owner_id": complaint.owner_id,
        "dog_ids": [d.pk for d in complaint.dogs.all()],
        "private_shown": shown,
        "private_notice": "" if shown else PRIVATE_COMPLAINT,
        **{f: getattr(complaint, f) if shown else None for f in PRIVATE},
    }


def _shown(request: HttpRequest, complaints: list[Complaint]) -> bool:
    shown = may_see_complaint_private(request.user)
    if shown and complaints:
        label = "Complaint " + ", ".join(c.number for c in complaints)
        record_view(request, Kind.COMPLAINANT_IDENTITY, label[:200])
    return shown


@router.get("/complaints", response=Page[ComplaintOut], summary="Search complaints")
def complaints(request: HttpRequest, paging: PagingQuery) -> dict[str, Any]:
    """Newest first; by number, kind, status, address or parcel PIN."""
    require(request)
    found = COMPLAINTS.order_by("-received_at", "-id")
    for word in paging.q.split():
        found = found.filter(
            Q(number__icontains=word)
            | Q(kind__iexact=word)
            | Q(status__iexact=word)
            | Q(address__icontains=word)
            | Q(parcel__pin__icontains=word)
        )
    count = found.count()
    rows = list(found[paging.offset : paging.offset + paging.limit])
    shown = _shown(request, rows)
    return page([complaint_out(c, shown) for c in rows], count, paging)


@router.get("/complaints/{number}", response=ComplaintOut, summary="Read a complaint")
def complaint(request: HttpRequest, number: str = NUMBER) -> dict[str, Any]:
    require(request)
    found = get(COMPLAINTS, number=number)
    return complaint_out(found, _shown(request, [found]))


CASES = DangerousDogCase.objects.all()


def case_out(case: DangerousDogCase) -> dict[str, Any]:
    return {
        "number": case.number,
        "dog_id": case.dog_id,
        "owner_id": case.owner_id,
        "state": case.state,
        "designated_on": case.designated_on,
        "authority": case.authority,
        "notice_issued_on": case.notice_issued_on,
        "served_on": case.served_on,
    }


@router.get(
    "/dangerous-dog-cases", response=Page[DangerousDogCaseOut], summary="Search dangerous-dog cases"
)
def cases(request: HttpRequest, paging: PagingQuery) -> dict[str, Any]:
    """Newest first; by case number, state or the dog's name."""
    require(request)
    found = CASES.order_by("-designated_on", "-id")
    for word in paging.q.split():
        found = found.filter(
            Q(number__icontains=word) | Q(state__iexact=word) | Q(dog__name__icontains=word)
        )
    count = found.count()
    rows = found[paging.offset : paging.offset + paging.limit]
    return page([case_out(c) for c in rows], count, paging)


@router.get("/dangerous-dog-cases/{number}", response=DangerousDogCaseOut, summary="Read a case")
def case(request: HttpRequest, number: str = NUMBER) -> dict[str, Any]:
    require(request)
    return case_out(get(CASES, number=number))


ANIMAL_CASES = AnimalCase.objects.select_related("owner")


def _deadline(finding: Any) -> dict[str, Any]:
    return {
        "due": finding.deadline.due if finding.deadline else None,
        "overdue": finding.outcome == "overdue",
        "message": finding.message,
        "sections": list(finding.sections),
    }


@router.get(
    "/dangerous-animal-cases",
    response=Page[DangerousAnimalCaseRowOut],
    summary="Search dangerous-animal cases",
)
def dangerous_animal_cases(request: HttpRequest, paging: PagingQuery) -> dict[str, Any]:
    """Newest designation first; by case number, kind of animal or its description. Each case
    is read by the rules core on today's date, as the staff list reads it: its state and the
    first deadline running. A 404 problem where the city's case is not the dangerous-animal
    variant."""
    require(request)
    found = ANIMAL_CASES.order_by("-designated_on", "-id")
    for word in paging.q.split():
        found = found.filter(
            Q(number__icontains=word) | Q(animal__iexact=word) | Q(description__icontains=word)
        )
    count = found.count()
    on, city = today(), city_params()
    items = []
    for row in found[paging.offset : paging.offset + paging.limit]:
        now = standing.standing(row, on, city, None)
        ahead = [f for f in now.deadlines if f.deadline is not None]
        items.append(
            {
                "number": row.number,
                "animal": row.animal,
                "description": row.description,
                "dog_id": row.dog_id,
                "owner_id": row.owner_id,
                "designated_on": row.designated_on,
                "state": now.case.state,
                "next_deadline": _deadline(ahead[0]) if ahead else None,
            }
        )
    return page(items, count, paging)


@router.get(
    "/dangerous-animal-cases/{number}",
    response=DangerousAnimalCaseOut,
    summary="Read a dangerous-animal case",
)
def dangerous_animal_case(request: HttpRequest, number: str = NUMBER) -> dict[str, Any]:
    """Where the case stands today as the rules core reads its events (its state and the
    deadlines running), and its events; a 404 problem where the city's case is not the
    dangerous-animal variant."""
    require(request)
    found = get(ANIMAL_CASES, number=number)
    on = today()
    now = standing.standing(found, on, city_params(), None)
    return {
        "number": found.number,
        "animal": found.animal,
        "description": found.description,
        "dog_id": found.dog_id,
        "owner_id": found.owner_id,
        "designated_on": found.designated_on,
        "on": on,
        "state": now.case.state,
        "deadlines": [_deadline(f) for f in now.deadlines],
        "events": [
            {"kind": e.kind, "on": e.on, "facts": e.details}
            for e in found.events.order_by("on", "id")
        ],
    }
