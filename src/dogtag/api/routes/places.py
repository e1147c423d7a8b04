"""Parcels and kennel licenses (``kennel.section``), read as the staff pages read them."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import Http404, HttpRequest
from ninja import Path, Router

from dogtag.api.auth import require
from dogtag.api.routes.common import PagingQuery, get, page
from dogtag.api.schemas import KennelLicenseOut, Page, ParcelOut
from dogtag.kennels.models import CommercialKennelLicense, PrivateKennelLicense
from dogtag.parcels.models import Parcel

router = Router(tags=["Parcels and kennels"])

KEY = Path(..., max_length=30, pattern=r"^[A-Za-z0-9.-]+$")

PARCELS = Parcel.objects.prefetch_related("residents")


def parcel_out(parcel: Parcel) -> dict[str, Any]:
    return {
        "pin": parcel.pin,
        "address": parcel.address,
        "acres": parcel.acres,
        "owner_names": parcel.owner_names,
        "mailing_street": parcel.mailing_street,
        "mailing_city": parcel.mailing_city,
        "mailing_state": parcel.mailing_state,
        "mailing_postal_code": parcel.mailing_postal_code,
        "resident_owner_ids": [o.pk for o in parcel.residents.all()],
    }


@router.get("/parcels", response=Page[ParcelOut], summary="Search parcels")
def parcels(request: HttpRequest, paging: PagingQuery) -> dict[str, Any]:
    """By PIN, site address or owner of record, every word matching."""
    require(request)
    found = PARCELS.order_by("pin")
    for word in paging.q.split():
        found = found.filter(
            Q(pin__icontains=word) | Q(address__icontains=word) | Q(owner_names__icontains=word)
        )
    count = found.count()
    rows = found[paging.offset : paging.offset + paging.limit]
    return page([parcel_out(p) for p in rows], count, paging)


@router.get("/parcels/{pin}", response=ParcelOut, summary="Read a parcel")
def parcel(request: HttpRequest, pin: str = KEY) -> dict[str, Any]:
    require(request)
    return parcel_out(get(PARCELS, pin=pin))


def kennel_out(license_: PrivateKennelLicense | CommercialKennelLicense) -> dict[str, Any]:
    private = isinstance(license_, PrivateKennelLicense)
    return {
        "number": license_.number,
        "type": "private" if private else "commercial",
        "kind": license_.kind if isinstance(license_, PrivateKennelLicense) else "commercial",
        "holder_id": license_.holder_id,
        "parcel_pin": license_.parcel.pin,
        "dogs_licensed": license_.dogs_licensed,
        "issued_on": license_.issued_on,
        "starts_on": license_.starts_on,
        "expires_on": license_.expires_on,
        "status": license_.status,
        "fee": license_.fee,
    }


def _kennels(q: str) -> list[PrivateKennelLicense | CommercialKennelLicense]:
    found: list[PrivateKennelLicense | CommercialKennelLicense] = []
    for model in (PrivateKennelLicense, CommercialKennelLicense):
        rows = model.objects.select_related("parcel")  # type: ignore[attr-defined]
        for word in q.split():
            rows = rows.filter(Q(number__icontains=word) | Q(parcel__pin__icontains=word))
        found.extend(rows.order_by("-issued_on", "-id"))
    return sorted(found, key=lambda k: (k.issued_on, k.number), reverse=True)


@router.get(
    "/kennel-licenses",
    response=Page[KennelLicenseOut],
    summary="Search kennel licenses",
    description=(
        "Private ({§private_kennel.license}) and commercial ({§commercial_kennel.license}), "
        "newest first, by number or parcel PIN."
    ),
)
def kennel_licenses(request: HttpRequest, paging: PagingQuery) -> dict[str, Any]:
    """Private and commercial kennel licenses (the operation's description cites them)."""
    require(request)
    found = _kennels(paging.q)
    rows = found[paging.offset : paging.offset + paging.limit]
    return page([kennel_out(k) for k in rows], len(found), paging)


@router.get("/kennel-licenses/{number}", response=KennelLicenseOut, summary="Read a kennel license")
def kennel_license(request: HttpRequest, number: str = KEY) -> dict[str, Any]:
    require(request)
    for model in (PrivateKennelLicense, CommercialKennelLicense):
        found = model.objects.select_related("parcel").filter(number=number).first()  # type: ignore[attr-defined]
        if found is not None:
            return kennel_out(found)
    raise Http404("No such kennel license.")
