"""Read-only questions about parcels and enclosures, answered by the rules core (the dog limit, the
enclosures).

Nothing here writes. The placement report measures the enclosure as it stands today with the lot
lines and neighbours on record today (``services.evaluate_placement``); the decision stored when it
was recorded keeps what was found then.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Prefetch, Q, QuerySet
from django.urls import NoReverseMatch, reverse
from shapely.ops import nearest_points

from dogtag.kennels.limits import parcel_dog_limits
from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelApplication,
    KennelLicense,
    PrivateKennelLicense,
)
from dogtag.kennels.shape import inspected_before_issue
from dogtag.law import enclosures as law
from dogtag.law import kennels as kennel_law
from dogtag.law.computation_of_time import DeadlineError
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterError, ParameterSet
from dogtag.law.provisions import cite, cite_mapped
from dogtag.licensing.models import Dog, Owner
from dogtag.parcels import services
from dogtag.parcels.models import ComplianceNotice, Enclosure, Parcel
from dogtag.records.law_parts import law_has
from dogtag.records.services import city_params, today

PARCELS_PER_PAGE = 25

# The provisions cited here, in the ordinance's words (each package maps them)
PLACEMENT = "enclosure.placement"
APPLICABILITY = "enclosure.applicability"
PRIVATE_KENNEL = "private_kennel.license"
COMMERCIAL_KENNEL = "commercial_kennel.license"


def _named(words: str, concept: str) -> str:
    """A record's kind and, where the city in force states the provision, its section (a parcel
    page shows in every city)."""
    return " ".join([words, *(f"({s})" for s in cite_mapped(concept))])


Point2 = tuple[float, float]


def feet(distance: float, required: float | None = None) -> str:
    """A distance to 0.1 ft, or with as many decimals as it takes to show on which side of
    ``required`` it lies (19.96 ft is not shown as 20.0 ft): the rules core's convention."""
    measured = round(distance, law.MEASURE_DECIMALS)
    for places in range(1, law.MEASURE_DECIMALS + 1):
        shown = round(distance, places)
        if required is None or (shown < required) == (measured < required):
            return f"{shown:,.{places}f} ft"
    return f"{distance} ft"


def link(name: str, key: object, fallback: str = "") -> str:
    """The page of a record, or ``fallback`` while the page's URL does not exist yet."""
    try:
        return reverse(name, args=[key])
    except NoReverseMatch:
        return fallback


# ------------------------------------------------------------------------- enclosure placement


@dataclass(frozen=True)
class Measurement:
    """One ``enclosure.placement`` measurement: from the enclosure to the nearest thing the rule
    measures to."""

    key: str  # "dwelling", "side", "rear", "road"
    requirement: str  # what the ordinance asks, in words
    target: str  # what was measured to
    distance: float | None
    shown: str  # "20.0 ft", or why it was not measured
    required: str  # "at least 20 ft"
    complies: bool | None  # None: not measured
    section: str
    finding: Finding
    #: From the enclosure's nearest point to the target's nearest point, in feet.
    line: tuple[Point2, Point2] | None = None
    #: The road rule's reference: from the main structure to the road.
    reference_line: tuple[Point2, Point2] | None = None
    reference_shown: str = ""

    @property
    def verdict(self) -> str:
        if self.complies is None:
            return "not measured"
        return "complies" if self.complies else "too close"


@dataclass(frozen=True)
class PlacementReport:
    enclosure: Enclosure
    on: dt.date
    check: services.PlacementCheck
    measurements: tuple[Measurement, ...]
    applicability: Finding | None
    problem: str = ""

    @property
    def findings(self) -> list[Finding]:
        found = list(self.check.findings)
        return [*found, self.applicability] if self.applicability else found

    @property
    def failures(self) -> list[Measurement]:
        return [m for m in self.measurements if m.complies is False]


def _line(a: object, b: object) -> tuple[Point2, Point2]:
    p, q = nearest_points(a, b)
    return (p.x, p.y), (q.x, q.y)


def _measurements(check: services.PlacementCheck) -> list[Measurement]:
    by_rule = {f.rule: f for f in check.findings}
    rows = []
    here = check.enclosure
    specs = (
        ("dwelling", "enclosure.dwelling_setback", "Adjacent dwelling or principal structure"),
        ("side", "enclosure.side_lot_line_setback", "Side lot line"),
        ("rear", "enclosure.rear_lot_line_setback", "Rear lot line"),
    )
    for key, rule, requirement in specs:
        finding = by_rule[rule]
        required = finding.details.get("required_feet")
        if required is None:
            required = next((p.integer for p in finding.parameters), None)
        if "distance_feet" not in finding.details:
            rows.append(
                Measurement(
                    key,
                    requirement,
                    "none on record",
                    None,
                    "not measured",
                    f"at least {required} ft",
                    None,
                    cite(PLACEMENT),
                    finding,
                )
            )
            continue
        distance = float(finding.details["distance_feet"])  # type: ignore[arg-type]
        index = int(finding.details["nearest_index"])  # type: ignore[arg-type]
        if key == "dwelling":
            neighbour = check.dwellings[index]
            structure = neighbour.structure
            target = f"{structure} on parcel {structure.parcel.pin}"
            geometry = neighbour.shape
        else:
            edge = check.lot_lines.indexes(key)[index]
            target = f"{requirement.lower()} (edge {edge})"
            geometry = check.lot_lines.edges[edge]
        rows.append(
            Measurement(
                key=key,
                requirement=requirement,
                target=target,
                distance=distance,
                shown=feet(distance, float(required)),  # type: ignore[arg-type]
                required=f"at least {required} ft",
                complies=not finding.blocks,
                section=cite(PLACEMENT),
                finding=finding,
                line=_line(here, geometry),
            )
        )
    road = by_rule["enclosure.road_setback"]
    if road.outcome == "not_checked" or check.road is None or check.main_structure is None:
        rows.append(
            Measurement(
                "road",
                "Road centerline, no closer than the main structure",
                "road centerline",
                None,
                "not measured",
                "no closer than the main structure",
                None,
                cite(PLACEMENT),
                road,
            )
        )
    else:
        distance = float(road.details["distance_feet"])  # type: ignore[arg-type]
        house = float(road.details["main_structure_distance_feet"])  # type: ignore[arg-type]
        rows.append(
            Measurement(
                key="road",
                requirement="Road centerline, no closer than the main structure",
                target="road centerline",
                distance=distance,
                shown=feet(distance, house),
                required=f"at least {feet(house, distance)} (the main structure's nearest point)",
                complies=not road.blocks,
                section=cite(PLACEMENT),
                finding=road,
                line=_line(here, check.road),
                reference_line=_line(check.main_structure.footprint_shape, check.road),
                reference_shown=feet(house, distance),
            )
        )
    return rows


def applicability_now(
    enclosure: Enclosure, on: dt.date, params: ParameterSet, notices: Sequence[ComplianceNotice]
) -> Finding:
    """``enclosure.applicability`` as it stands on ``on``: the latest notice of compliance issued by
    then, if any."""
    latest = next((n for n in notices if n.issued_on <= on), None)
    if latest is None:
        return law.applicability(enclosure.constructed_on, on, params)
    complied = latest.complied_on if latest.complied_on and latest.complied_on <= on else None
    return law.applicability(
        enclosure.constructed_on,
        on,
        params,
        complaint_on=latest.complaint_received_on,
        notice_issued_on=latest.issued_on,
        complied_on=complied,
    )


def placement_report(
    enclosure: Enclosure,
    on: dt.date,
    params: ParameterSet | None = None,
    *,
    dwellings: list[services.Neighbour] | None = None,
) -> PlacementReport:
    """``enclosure.placement`` and ``enclosure.applicability`` for one enclosure on ``on``: each
    measured distance with what is required, whether it complies and the section; and whether
    ``enclosure.purpose`` applies to it."""
    params = params if params is not None else city_params()
    check = services.evaluate_placement(
        enclosure.parcel, enclosure.location_shape, on, params, dwellings=dwellings
    )
    notices = sorted(
        enclosure.compliance_notices.all(), key=lambda n: (n.issued_on, n.pk), reverse=True
    )
    problem = ""
    try:
        applies: Finding | None = applicability_now(enclosure, on, params, notices)
    except (ValueError, ParameterError, DeadlineError) as exc:
        applies, problem = None, f"{cite(APPLICABILITY)} not evaluated: {exc}."
    return PlacementReport(
        enclosure, on, check, tuple(_measurements(check)), applies, problem=problem
    )


# --------------------------------------------------------------------------- shelter size


def shelter_report(
    enclosure: Enclosure, lengths_inches: Sequence[Decimal], on: dt.date
) -> list[Finding]:
    """``enclosure.shelter_size`` for the dogs the officer measured (no dog's length is on record):
    the minimum floor space for them together against the enclosure's recorded floor area, and
    whether shade is required on ``on``. Writes nothing."""
    params = city_params()
    return [
        law.shelter_size(
            [Decimal(x) for x in lengths_inches],
            on,
            params,
            provided_square_feet=enclosure.floor_area_square_feet,
        ),
        law.shade_required(on, params),
    ]


# --------------------------------------------------------------------------------- parcels


def search(text: str) -> QuerySet[Parcel]:
    """Parcels whose PIN, site address or owners of record contain every word of ``text``
    (the PIN also without its punctuation)."""
    parcels = Parcel.objects.annotate(enclosure_count=Count("enclosures")).order_by("pin")
    words = text.split()
    for word in words:
        bare = "".join(c for c in word if c.isalnum())
        match = Q(pin__icontains=word) | Q(address__icontains=word) | Q(owner_names__icontains=word)
        if bare and bare != word:
            match |= Q(pin__icontains=bare)
        parcels = parcels.filter(match)
    return parcels


@dataclass(frozen=True)
class Resident:
    owner: Owner
    url: str
    dogs: tuple[tuple[Dog, str], ...]  # (dog, its page)


@dataclass(frozen=True)
class KennelRow:
    kind: str
    number: str
    url: str
    holder: str
    status: str
    dates: str


@dataclass(frozen=True)
class EnclosureRow:
    enclosure: Enclosure
    url: str
    report: PlacementReport
    notices: tuple[ComplianceNotice, ...]


@dataclass
class ParcelSummary:
    parcel: Parcel
    on: dt.date
    residents: list[Resident]
    dog_findings: list[Finding]
    dog_problem: str
    enclosures: list[EnclosureRow]
    notices: list[ComplianceNotice]
    kennels: list[KennelRow]
    notice_applications: list[object] = field(default_factory=list)


def dog_limit_findings(
    parcel: Parcel, on: dt.date, params: ParameterSet
) -> tuple[list[Finding], str]:
    """``dog_limit.by_parcel_size`` for this parcel on ``on``: which of the residents' active dogs
    count (over six months of age) and whether the parcel may keep them, with its private kennel
    license if any; the facts gathered and built once, by ``limits.parcel_dog_limits``."""
    [row] = parcel_dog_limits(on, parcels=[parcel], params=params)
    if row.limit is None:
        return [row.counted], kennel_law.no_acreage(parcel.acres)
    unknown = [d.name for d in row.no_birth_date]
    note = f"Birth date not recorded, not counted: {', '.join(unknown)}." if unknown else ""
    return [row.counted, row.limit], note


def inspected_kennel_rows(parcel: Parcel) -> list[KennelRow]:
    """The kennel license applications and licenses on the parcel where a kennel license issues
    after an inspection (``kennel.inspection_before_issue``)."""
    rows = [
        KennelRow(
            f"{app.get_kind_display().capitalize()} license application",
            app.number,
            link("kennel_application_detail", app.number),
            app.applicant.name,
            app.get_status_display(),
            f"applied {app.applied_on:%Y-%m-%d}; {app.dogs} dogs",
        )
        for app in KennelApplication.objects.filter(parcel=parcel).select_related("applicant")
    ]
    rows += [
        KennelRow(
            f"{lic.get_kind_display().capitalize()} license",
            lic.number,
            link("kennel_license_detail", lic.number),
            lic.holder.name,
            "expired" if lic.expires_on < today() else "in force",
            f"issued {lic.issued_on:%Y-%m-%d}, expires {lic.expires_on:%Y-%m-%d}; {lic.dogs} dogs",
        )
        for lic in KennelLicense.objects.filter(parcel=parcel).select_related("holder")
    ]
    return rows


def kennel_rows(parcel: Parcel) -> list[KennelRow]:
    """Kennel licenses and applications on the parcel (``private_kennel.license``,
    ``commercial_kennel.license``)."""
    rows = [
        KennelRow(
            _named("Private kennel license", PRIVATE_KENNEL),
            lic.number,
            link("kennel_private_detail", lic.number),
            lic.holder.name,
            lic.get_status_display(),
            f"issued {lic.issued_on:%Y-%m-%d}, expires {lic.expires_on:%Y-%m-%d}; "
            f"{lic.dogs_licensed} dogs",
        )
        for lic in PrivateKennelLicense.objects.filter(parcel=parcel).select_related("holder")
    ]
    rows += [
        KennelRow(
            _named("Commercial kennel application", COMMERCIAL_KENNEL),
            app.number,
            link("kennel_commercial_detail", app.number),
            app.applicant.name,
            app.get_status_display(),
            f"applied {app.applied_on:%Y-%m-%d}"
            + (f"; notice mailed {app.notice_mailed_on:%Y-%m-%d}" if app.notice_mailed_on else "")
            + f"; {app.dogs_requested} dogs requested",
        )
        for app in CommercialKennelApplication.objects.filter(parcel=parcel).select_related(
            "applicant"
        )
    ]
    rows += [
        KennelRow(
            _named("Commercial kennel license", COMMERCIAL_KENNEL),
            lic.number,
            # a license is shown on its application's page
            link("kennel_commercial_detail", lic.application.number),
            lic.holder.name,
            lic.get_status_display(),
            f"issued {lic.issued_on:%Y-%m-%d}, expires {lic.expires_on:%Y-%m-%d}; "
            f"{lic.dogs_licensed} dogs",
        )
        for lic in CommercialKennelLicense.objects.filter(parcel=parcel).select_related(
            "holder", "application"
        )
    ]
    if inspected_before_issue():  # a kennel license inspected before it issues (Lino Lakes')
        rows += inspected_kennel_rows(parcel)
    return rows


def enclosures_of(parcel: Parcel) -> QuerySet[Enclosure]:
    return (
        Enclosure.objects.filter(parcel=parcel)
        .select_related("parcel", "decision")
        .prefetch_related("compliance_notices", "photos")
        .order_by("removed_on", "id")
    )


def parcel_summary(parcel: Parcel, on: dt.date) -> ParcelSummary:
    """Everything the parcel page shows: residents and their dogs, the dog limit, the
    enclosures with their placement (``enclosure.placement``) and applicability
    (``enclosure.applicability``), the notices of compliance, and the kennel licenses and
    applications."""
    params = city_params()
    owners = Owner.objects.filter(parcel=parcel).prefetch_related(
        Prefetch("dogs", queryset=Dog.objects.order_by("name", "id"))
    )
    residents = [
        Resident(
            owner,
            link("owner_detail", owner.pk, f"/owners/{owner.pk}/"),
            tuple((d, link("dog_detail", d.pk, f"/dogs/{d.pk}/")) for d in owner.dogs.all()),
        )
        for owner in owners
    ]
    has = law_has()  # the parts the city's law has (Lino Lakes: no dog limit by parcel or setback)
    dog_findings: list[Finding] = []
    dog_problem = ""
    if has["dog_limits"]:
        try:
            dog_findings, dog_problem = dog_limit_findings(parcel, on, params)
        except (ValueError, ParameterError) as exc:
            dog_findings, dog_problem = [], f"The dog limit could not be evaluated: {exc}."
    enclosures: list[EnclosureRow] = []
    if has["enclosures"]:
        dwellings = services.adjacent_dwellings(parcel)
        enclosures = [
            EnclosureRow(
                e,
                reverse("enclosure_detail", args=[e.pk]),
                placement_report(e, on, params, dwellings=dwellings),
                tuple(e.compliance_notices.all()),
            )
            for e in enclosures_of(parcel)
        ]
    notices = [n for row in enclosures for n in row.notices]
    return ParcelSummary(
        parcel=parcel,
        on=on,
        residents=residents,
        dog_findings=dog_findings,
        dog_problem=dog_problem,
        enclosures=enclosures,
        notices=sorted(notices, key=lambda n: (n.issued_on, n.pk), reverse=True),
        kennels=kennel_rows(parcel),
    )
