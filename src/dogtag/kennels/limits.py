"""Dog limits per parcel (``dog_limit.by_parcel_size``), for every parcel at once.

``dog_limit.by_parcel_size``, in Nowthen's words: "The maximum number of dogs over six (6) months of
age allowed on parcels of two and one half (2 1/2) acres or less is three (3). On parcels over two
and one half (2 1/2) acres up to five (5) dogs are allowed. For six (6) to ten (10) dogs a private
kennel license is required. For over ten (10) dogs a Conditional Use Permit must be applied for."

The dogs kept on a parcel are the active dogs of the owners living on it (``Owner.parcel``). Which
of them are over six months is the rules core's ``kennel.dogs_counted``; whether the parcel may keep
them is ``kennel.dog_limit``, given the parcel's acres, the private kennel license in force on the day
(``private_kennel.license``, its set number of dogs) and whether a conditional use permit is held
(not yet recorded in
Dogtag: always False). The facts are built by the rules core's ``parcel_dog_facts`` and gathered
here only: the parcel page (``parcels.queries``) and the list of parcels over their limit both ask
``parcel_dog_limits``. Everything is loaded in a fixed number of queries, whatever the number of
parcels. A parcel whose acreage is not on record (0 or less) has no dog limit (``limit`` None).

Dogs are taken as recorded now (status active); a dog born after the day asked about is left out,
as is a dog with no date of birth on record (its age cannot be known; such dogs are listed apart).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from django.db.models import Q

from dogtag.kennels.models import KennelKind, KennelLicense, PrivateKennelLicense
from dogtag.kennels.shape import inspected_before_issue
from dogtag.law.findings import Finding
from dogtag.law.kennels import dogs_counted, parcel_dog_facts, parcel_dog_findings
from dogtag.law.params import ParameterSet
from dogtag.licensing.models import Dog, Owner
from dogtag.parcels.models import Parcel
from dogtag.records.services import city_params

_License = TypeVar("_License", PrivateKennelLicense, KennelLicense)

#: The parameters of the dogs a parcel may keep without a license (keys end so; the jurisdiction
#: comes first, "nowthen.dog_limits.small_parcel_dogs").
LIMIT_KEYS = (
    ".dog_limits.small_parcel_dogs",
    ".dog_limits.large_parcel_dogs",
    ".dog_limits.per_property_dogs",  # one limit per property (Lino Lakes)
)


@dataclass
class DogOnParcel:
    pk: int
    name: str
    born: dt.date | None
    owner_id: int


@dataclass
class ParcelDogs:
    """One parcel's dogs against its limit on a day (``dog_limit.by_parcel_size``)."""

    parcel: Parcel
    on: dt.date
    residents: list[Owner]
    dogs: list[DogOnParcel]
    counted: Finding  # kennel.dogs_counted
    limit: Finding | None  # kennel.dog_limit; None when the acreage is not on record
    #: the private kennel license in force: Nowthen's, or one inspected before it issued (Lino
    #: Lakes'), each with the dogs it allows (``dogs_licensed``)
    private_kennel_license: PrivateKennelLicense | KennelLicense | None = None
    no_birth_date: list[DogOnParcel] = field(default_factory=list)

    @property
    def dogs_over_six_months(self) -> int:
        return int(self.counted.details["counted"])  # type: ignore[arg-type]

    @property
    def over_limit(self) -> bool:
        """The dog limit finding blocks: more dogs than the parcel may keep without a license or
        permit it does not hold."""
        return self.limit is not None and self.limit.blocks

    @property
    def allowed(self) -> int:
        """The number of dogs over six months the parcel may keep as things stand."""
        used = self.limit.parameters if self.limit is not None else ()
        base = next((p.integer for p in used if p.key.endswith(LIMIT_KEYS)), 0)
        licensed = self.private_kennel_license.dogs_licensed if self.private_kennel_license else 0
        return max(base, licensed)


def private_kennel_licenses_in_force(on: dt.date) -> dict[int, PrivateKennelLicense]:
    """The private kennel license in force on ``on`` per parcel (``private_kennel.term``: a one-year
    term): its term started on or before the day and has not expired, and it was active then (a
    superseded, revoked or surrendered one only until the day it ended)."""
    licenses = PrivateKennelLicense.objects.filter(starts_on__lte=on, expires_on__gte=on).filter(
        Q(status=PrivateKennelLicense.Status.ACTIVE) | Q(ended_on__gt=on)
    )
    return _most_dogs_per_parcel(licenses.order_by("starts_on", "id"))


def inspected_private_kennels_in_force(on: dt.date) -> dict[int, KennelLicense]:
    """Where a kennel license issues after an inspection (Lino Lakes'): the private kennel license
    in force on ``on`` per parcel (issued, and ``on`` within its term; a renewal is a license of
    its own term), the one allowing the most dogs if there are several."""
    licenses = KennelLicense.objects.filter(
        kind=KennelKind.PRIVATE, starts_on__lte=on, expires_on__gte=on
    ).order_by("starts_on", "id")
    return _most_dogs_per_parcel(licenses)


def _most_dogs_per_parcel(licenses: Iterable[_License]) -> dict[int, _License]:
    """Per parcel, the license allowing the most dogs (``dogs_licensed``); of equals, the later
    in the order given."""
    found: dict[int, _License] = {}
    for license_ in licenses:
        held = found.get(license_.parcel_id)
        if held is None or license_.dogs_licensed >= held.dogs_licensed:
            found[license_.parcel_id] = license_
    return found


def parcel_dog_limits(
    on: dt.date,
    *,
    parcels: list[Parcel] | None = None,
    params: ParameterSet | None = None,
    only_with_dogs: bool = False,
) -> list[ParcelDogs]:
    """Every parcel (or those given) with its dogs counted and its dog limit finding on ``on``
    (``dog_limit.by_parcel_size``), in PIN order. Queries: the parcels, their residents, the dogs,
    the private kennel
    licenses, and the fee resolutions behind ``city_params``; never one per parcel."""
    params = params or city_params()
    if parcels is None:
        parcels = list(Parcel.objects.filter(acres__gt=0).order_by("pin"))
    ids = [p.pk for p in parcels]
    residents: dict[int, list[Owner]] = defaultdict(list)
    for owner in Owner.objects.filter(parcel_id__in=ids).order_by("name", "id"):
        residents[owner.parcel_id].append(owner)  # type: ignore[index]
    dogs: dict[int, list[DogOnParcel]] = defaultdict(list)
    rows = (
        Dog.objects.filter(owner__parcel_id__in=ids, status=Dog.Status.ACTIVE)
        .filter(Q(born__lte=on) | Q(born__isnull=True))
        .order_by("name", "id")
        .values_list("pk", "name", "born", "owner_id", "owner__parcel_id")
    )
    for pk, name, born, owner_id, parcel_id in rows:
        dogs[parcel_id].append(DogOnParcel(pk, name, born, owner_id))
    kennels = private_kennel_licenses_in_force(on)
    inspected = inspected_private_kennels_in_force(on) if inspected_before_issue(params) else {}
    result = []
    for parcel in parcels:
        kept = dogs.get(parcel.pk, [])
        if only_with_dogs and not kept:
            continue
        kennel: PrivateKennelLicense | KennelLicense | None = kennels.get(
            parcel.pk
        ) or inspected.get(parcel.pk)
        births = [d.born for d in kept if d.born is not None]
        facts = parcel_dog_facts(
            parcel.acres,
            births,
            private_kennel_licensed_for=kennel.dogs_licensed if kennel else None,
        )
        if facts is None:  # no acreage on record: the dogs are counted, no limit is found
            counted, limit = dogs_counted(births, on, params), None
        else:
            counted, limit = parcel_dog_findings(facts, on, params)
        result.append(
            ParcelDogs(
                parcel=parcel,
                on=on,
                residents=residents.get(parcel.pk, []),
                dogs=kept,
                counted=counted,
                limit=limit,
                private_kennel_license=kennel,
                no_birth_date=[d for d in kept if d.born is None],
            )
        )
    return result


def parcels_over_limit(on: dt.date, params: ParameterSet | None = None) -> list[ParcelDogs]:
    """The parcels whose dog limit finding blocks on ``on``: more dogs over six months than
    ``dog_limit.by_parcel_size`` allows without a private kennel license or conditional use permit
    they hold."""
    return [
        row for row in parcel_dog_limits(on, params=params, only_with_dogs=True) if row.over_limit
    ]
