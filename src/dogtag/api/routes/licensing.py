"""Owners, dogs, rabies vaccinations, licenses, tags and receipts: read as the staff pages read
them (``records.view_records``; an owner's contact logged as a view of private data)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import HttpRequest
from ninja import Path, Router

from dogtag.api.auth import require
from dogtag.api.routes.common import MAX_ID, PagingQuery, get, page
from dogtag.api.schemas import (
    DogOut,
    LicenseOut,
    OwnerOut,
    Page,
    ReceiptOut,
    TagOut,
    VaccinationOut,
)
from dogtag.licensing import queries
from dogtag.licensing.models import Dog, License, Owner, Receipt, Tag
from dogtag.records.private_data import Kind, record_view
from dogtag.records.services import today

router = Router(tags=["Licensing"])

NUMBER = Path(..., max_length=20, pattern=r"^[A-Za-z0-9-]+$")
ID = Path(..., ge=1, le=MAX_ID)


def owner_out(owner: Owner) -> dict[str, Any]:
    return {
        **{f: getattr(owner, f) for f in ("id", "name", "street", "city", "state", "postal_code")},
        "phone": owner.phone,
        "email": owner.email,
        "resident_since": owner.resident_since,
        "parcel_pin": owner.parcel.pin if owner.parcel_id else None,
        "dog_ids": [d.pk for d in owner.dogs.all()],
    }


def dog_out(dog: Dog) -> dict[str, Any]:
    fields = ("id", "owner_id", "name", "breed", "color", "sex", "sterilized", "born")
    return {
        **{f: getattr(dog, f) for f in fields},
        "born_estimated": dog.born_estimated,
        "microchip": dog.microchip,
        "status": dog.status,
        "status_changed_on": dog.status_changed_on,
        "license_state": queries.license_state(dog, today()).label,
    }


def license_out(license_: License) -> dict[str, Any]:
    return {
        "number": license_.number,
        "dog_id": license_.dog_id,
        "owner_id": license_.owner_id,
        "kind": license_.kind,
        "issued_on": license_.issued_on,
        "expires_on": license_.expires_on,
        "tier_years": license_.tier_years,
        "fee": license_.fee,
        "penalty": license_.penalty,
        "status": license_.status,
        "state_today": license_.state_on(today()),
        "rabies_id": license_.rabies_id,
        "previous": license_.previous.number if license_.previous_id else None,
        # An imported license (legacy history) has no Decision: no sections were decided.
        "decision_sections": list(license_.decision.sections) if license_.decision else [],
        "imported": license_.imported,
    }


def tag_out(tag: Tag) -> dict[str, Any]:
    return {
        "serial": tag.serial,
        "status": tag.status,
        "license_number": tag.license.number if tag.license_id else None,
        "dog_id": tag.dog_id,
        "issued_on": tag.issued_on,
        "status_changed_on": tag.status_changed_on,
    }


def receipt_out(receipt: Receipt) -> dict[str, Any]:
    return {
        "number": receipt.number,
        "issued_at": receipt.issued_at,
        "payer": receipt.payer,
        "owner_id": receipt.owner_id,
        "method": receipt.method,
        "reference": receipt.reference,
        "total": receipt.total,
        "voids": receipt.voids.number if receipt.voids_id else None,
        "void_reason": receipt.void_reason,
        "license_number": receipt.license.number if receipt.license_id else None,
        "lines": [{"description": x.description, "amount": x.amount} for x in receipt.lines.all()],
    }


def _search_group(key: str, q: str, paging: Any) -> tuple[list[Any], int]:
    """The staff search's group ``key`` (the same matching as the search page)."""
    results = queries.search(q, today(), limit=paging.offset + paging.limit)
    group = next((g for g in results.groups if g.key == key), None)
    if group is None:  # the query was too short to search
        return [], 0
    return group.rows[paging.offset :], group.total


def _log_owners(request: HttpRequest, pks: list[int]) -> None:
    if pks:  # an owner's address, phone and email: logged, as on the search page
        label = ("Owner " if len(pks) == 1 else "Owners ") + ", ".join(f"#{pk}" for pk in pks)
        record_view(request, Kind.OWNER_CONTACT, label[:200])


OWNERS = Owner.objects.select_related("parcel").prefetch_related("dogs")


@router.get("/owners", response=Page[OwnerOut], summary="Search owners")
def owners(request: HttpRequest, paging: PagingQuery) -> dict[str, Any]:
    require(request)
    if paging.q.strip():
        rows, count = _search_group("owners", paging.q, paging)
        found = list(OWNERS.filter(pk__in=[o.pk for o in rows]).order_by("name", "id"))
    else:
        everyone = OWNERS.order_by("name", "id")
        count = everyone.count()
        found = list(everyone[paging.offset : paging.offset + paging.limit])
    _log_owners(request, [o.pk for o in found])
    return page([owner_out(o) for o in found], count, paging)


@router.get("/owners/{owner_id}", response=OwnerOut, summary="Read an owner")
def owner(request: HttpRequest, owner_id: int = ID) -> dict[str, Any]:
    require(request)
    found = get(OWNERS, pk=owner_id)
    _log_owners(request, [found.pk])
    return owner_out(found)


DOGS = Dog.objects.all()


@router.get("/dogs", response=Page[DogOut], summary="Search dogs")
def dogs(request: HttpRequest, paging: PagingQuery) -> dict[str, Any]:
    require(request)
    if paging.q.strip():
        rows, count = _search_group("dogs", paging.q, paging)
    else:
        everyone = DOGS.order_by("name", "id")
        count = everyone.count()
        rows = list(everyone[paging.offset : paging.offset + paging.limit])
    return page([dog_out(d) for d in rows], count, paging)


@router.get("/dogs/{dog_id}", response=DogOut, summary="Read a dog")
def dog(request: HttpRequest, dog_id: int = ID) -> dict[str, Any]:
    require(request)
    return dog_out(get(DOGS, pk=dog_id))


@router.get(
    "/dogs/{dog_id}/rabies-vaccinations",
    response=list[VaccinationOut],
    summary="A dog's rabies vaccinations, newest first",
)
def vaccinations(request: HttpRequest, dog_id: int = ID) -> list[Any]:
    require(request)
    found = get(DOGS, pk=dog_id)
    return list(found.rabies_vaccinations.order_by("-vaccinated_on", "-id"))


LICENSES = License.objects.select_related("previous", "decision")


@router.get("/licenses", response=Page[LicenseOut], summary="Search licenses")
def licenses(request: HttpRequest, paging: PagingQuery) -> dict[str, Any]:
    require(request)
    if paging.q.strip():
        rows, count = _search_group("licenses", paging.q, paging)
        numbers = [row[0].number for row in rows]
        found = sorted(LICENSES.filter(number__in=numbers), key=lambda x: numbers.index(x.number))
    else:
        everyone = LICENSES.order_by("-issued_on", "-id")
        count = everyone.count()
        found = list(everyone[paging.offset : paging.offset + paging.limit])
    return page([license_out(x) for x in found], count, paging)


@router.get("/licenses/{number}", response=LicenseOut, summary="Read a license")
def license_detail(request: HttpRequest, number: str = NUMBER) -> dict[str, Any]:
    require(request)
    return license_out(get(LICENSES, number=number))


TAGS = Tag.objects.select_related("license")


@router.get("/tags", response=Page[TagOut], summary="Search tags")
def tags(request: HttpRequest, paging: PagingQuery) -> dict[str, Any]:
    require(request)
    if paging.q.strip():
        rows, count = _search_group("tags", paging.q, paging)
    else:
        everyone = TAGS.exclude(status=Tag.Status.IN_STOCK).order_by("serial")
        count = everyone.count()
        rows = list(everyone[paging.offset : paging.offset + paging.limit])
    return page([tag_out(t) for t in rows], count, paging)


@router.get("/tags/{serial}", response=TagOut, summary="Read a tag")
def tag(request: HttpRequest, serial: str = NUMBER) -> dict[str, Any]:
    require(request)
    return tag_out(get(TAGS, serial=serial))


RECEIPTS = Receipt.objects.select_related("voids", "license").prefetch_related("lines")


@router.get("/receipts", response=Page[ReceiptOut], summary="Search receipts")
def receipts(request: HttpRequest, paging: PagingQuery) -> dict[str, Any]:
    require(request)
    found = RECEIPTS.order_by("-issued_at", "-id")
    if words := paging.q.split():
        for word in words:
            found = found.filter(Q(number__icontains=word) | Q(payer__icontains=word))
    count = found.count()
    rows = found[paging.offset : paging.offset + paging.limit]
    return page([receipt_out(r) for r in rows], count, paging)


@router.get("/receipts/{number}", response=ReceiptOut, summary="Read a receipt")
def receipt(request: HttpRequest, number: str = NUMBER) -> dict[str, Any]:
    require(request)
    return receipt_out(get(RECEIPTS, number=number))
