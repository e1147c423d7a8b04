"""Dog enclosure services (``enclosure.purpose``). Every write about enclosures goes through one of these.

Each runs in one transaction, asks the rules core (``dogtag.law.enclosures``), refuses with a
``ServiceError`` (having written nothing) when the request cannot be carried out, stores a
``records.Decision`` with the findings, and names the acting user in the history rows.

Placement (``enclosure.placement``) is checked when an enclosure is recorded or moved. A placement
that does not comply is still recorded, because the enclosure is a fact on the ground; its decision
holds the failing findings (``blocks`` true), and the parcel page shows them. What is measured:

- the dwellings: the footprints of the residential dwellings and principal structures on OTHER
  parcels whose boundary lies within ``NEIGHBOURHOOD_FEET`` of this parcel
  (``enclosure.placement.dwelling``: "an adjacent residential dwelling or principal structure"; the
  enclosure owner's own house is not adjacent);
- the side and rear lot lines: those the zoning administrator set on the parcel
  (``Parcel.lot_lines_override``, edge indexes) or else those ``classify_lot_lines`` derives from the
  boundary and the road centerline;
- the road: the parcel's road centerline against its main structure (``Structure.main``).

Choice for missing map data (documented, tested): the enclosure is recorded all the same, and each
rule that cannot be applied gives a ``not_checked`` finding saying what is missing (no road
centerline: no derived lot lines and no road rule; no main structure: no road rule). Location errors
are refused: a location that is not a GeoJSON Polygon or Point in feet, or lies wholly outside the
parcel.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import pairwise
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, shape
from shapely.geometry.base import BaseGeometry

from dogtag.law import enclosures as law
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import DeadlineError, long_date
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterError, ParameterSet
from dogtag.parcels.models import ComplianceNotice, Enclosure, EnclosurePhoto, Parcel, Structure
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.refusals import service
from dogtag.records.services import city_params, next_number, record_decision, today
from dogtag.records.versions import Shown, check_version

__all__ = [
    "NEIGHBOURHOOD_FEET",
    "Issued",
    "LotLineSet",
    "Neighbour",
    "PlacementCheck",
    "ServiceError",
    "add_enclosure_photo",
    "adjacent_dwellings",
    "boundary_edges",
    "clear_lot_lines",
    "evaluate_placement",
    "issue_compliance_notice",
    "lot_line_set",
    "main_polygon",
    "move_enclosure",
    "parse_location",
    "record_compliance",
    "record_enclosure",
    "set_lot_lines",
]

#: How far from this parcel a neighbour's dwelling is looked for (``enclosure.placement.dwelling``
#: "adjacent"): a parcel whose boundary lies within this distance of this parcel's boundary is
#: adjacent. Not a number of the ordinance (it needs none: any dwelling farther than this is farther
#: than 40 ft anyway). Reading ``readings.adjacent_dwelling`` (dogtag.law.readings).
NEIGHBOURHOOD_FEET = 500.0

DWELLING_KINDS = (Structure.Kind.DWELLING, Structure.Kind.PRINCIPAL)


def _as(actor: AbstractBaseUser | None, *instances: object) -> None:
    """Name the acting user in the history rows these saves write."""
    for instance in instances:
        instance._history_user = actor  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------- geometry


def parse_location(location: Any) -> Polygon | Point:
    """A GeoJSON Polygon or Point in feet, as Shapely; ``ServiceError`` says what is wrong."""
    if not isinstance(location, dict) or location.get("type") not in ("Polygon", "Point"):
        kind = location.get("type") if isinstance(location, dict) else type(location).__name__
        raise ServiceError(
            f"The enclosure's location must be a GeoJSON Polygon (its footprint) or Point, in feet; "
            f"got {kind!r}."
        )
    try:
        geometry = shape(location)
    except (ValueError, TypeError, IndexError, AttributeError) as exc:
        raise ServiceError(f"The enclosure's location is not valid GeoJSON: {exc}.") from None
    if geometry.is_empty:
        raise ServiceError("The enclosure's location is empty.")
    coords = (
        list(geometry.exterior.coords) if isinstance(geometry, Polygon) else list(geometry.coords)
    )
    if not all(math.isfinite(c) for xy in coords for c in xy):
        raise ServiceError("The enclosure's location has a coordinate that is not a number.")
    if isinstance(geometry, Polygon) and (not geometry.is_valid or geometry.area <= 0):
        raise ServiceError(
            "The enclosure's footprint is not a simple closed polygon with an area (its sides "
            "cross or its corners lie on one line)."
        )
    assert isinstance(geometry, Polygon | Point)
    return geometry


def main_polygon(parcel: Parcel) -> Polygon:
    """The parcel's polygon whose edges are the lot lines: the boundary, or the largest part of a
    multi-part boundary."""
    boundary = parcel.boundary_shape
    if isinstance(boundary, MultiPolygon):
        return max(boundary.geoms, key=lambda part: part.area)
    assert isinstance(boundary, Polygon)
    return boundary


def boundary_edges(parcel: Parcel) -> list[LineString]:
    """The parcel's boundary edges as drawn, vertex to vertex, numbered from 0 as in
    ``law.enclosures.classify_lot_lines`` (the numbers ``Parcel.lot_lines_override`` uses)."""
    coords = list(main_polygon(parcel).exterior.coords)
    return [LineString([a, b]) for a, b in pairwise(coords) if a != b]


@dataclass(frozen=True)
class LotLineSet:
    """Each boundary edge with its kind (front, side, rear or unknown), and where that came from."""

    edges: tuple[LineString, ...]
    kinds: tuple[str, ...]
    source: str  # "derived", "override" or "unknown"
    finding: Finding

    def of(self, kind: str) -> list[LineString]:
        return [e for e, k in zip(self.edges, self.kinds, strict=True) if k == kind]

    def indexes(self, kind: str) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k == kind]


def lot_line_set(parcel: Parcel, on: dt.date | None = None) -> LotLineSet:
    """The parcel's side and rear lot lines for ``enclosure.placement``: the zoning administrator's,
    if set, else derived by ``classify_lot_lines`` from the road centerline, else unknown (its
    finding words the setbacks in force on ``on``, default today)."""
    edges = tuple(boundary_edges(parcel))
    override = parcel.lot_lines_override or None
    if override:
        side, rear = set(override.get("side", [])), set(override.get("rear", []))
        kinds = tuple(
            "side" if i in side else "rear" if i in rear else "front" for i in range(len(edges))
        )
        finding = law.lot_lines_set(side, rear, override.get("reason"))
        return LotLineSet(edges, kinds, "override", finding)
    road = parcel.road_shape
    if road is None:
        finding = law.lot_lines_unknown(on or today(), city_params())
        return LotLineSet(edges, tuple("unknown" for _ in edges), "unknown", finding)
    derived = law.classify_lot_lines(main_polygon(parcel), road)  # type: ignore[arg-type]

    def kind(edge: LineString) -> str:
        for name in ("front", "side", "rear"):
            if any(list(edge.coords) == list(line.coords) for line in getattr(derived, name)):
                return name
        return "unknown"

    return LotLineSet(
        edges, tuple(kind(e) for e in edges), "derived", law.lot_lines_finding(derived)
    )


@dataclass(frozen=True)
class Neighbour:
    structure: Structure
    shape: Polygon


@dataclass
class PlacementCheck:
    """What the placement check measured, for the decision, the report and the map."""

    enclosure: Polygon | Point
    lot_lines: LotLineSet
    dwellings: list[Neighbour]
    main_structure: Structure | None
    road: BaseGeometry | None
    findings: list[Finding] = field(default_factory=list)

    @property
    def failures(self) -> list[Finding]:
        return [f for f in self.findings if f.blocks]


def adjacent_dwellings(parcel: Parcel) -> list[Neighbour]:
    """The dwellings and principal structures on other parcels within ``NEIGHBOURHOOD_FEET`` of
    this parcel's boundary. Two queries (the parcels' boundaries, then their structures)."""
    here = parcel.boundary_shape
    near = [
        pk
        for pk, boundary in Parcel.objects.exclude(pk=parcel.pk).values_list("pk", "boundary")
        if boundary and here.distance(shape(boundary)) <= NEIGHBOURHOOD_FEET
    ]
    structures = Structure.objects.filter(parcel_id__in=near, kind__in=DWELLING_KINDS).order_by(
        "parcel_id", "id"
    )
    found = []
    for structure in structures:
        footprint = structure.footprint_shape
        if isinstance(footprint, Polygon):
            found.append(Neighbour(structure, footprint))
        elif isinstance(footprint, MultiPolygon):
            found.extend(Neighbour(structure, part) for part in footprint.geoms)
    return found


def evaluate_placement(
    parcel: Parcel,
    location: Polygon | Point,
    on: dt.date,
    params: ParameterSet,
    *,
    dwellings: list[Neighbour] | None = None,
) -> PlacementCheck:
    """Every ``enclosure.placement`` finding for an enclosure at ``location`` on ``parcel``. Writes nothing.
    ``dwellings``: the parcel's ``adjacent_dwellings``, when the caller has them already."""
    lot_lines = lot_line_set(parcel, on)
    dwellings = adjacent_dwellings(parcel) if dwellings is None else dwellings
    main = next((s for s in parcel.structures.all() if s.main), None)
    road = parcel.road_shape
    findings = [
        lot_lines.finding,
        law.dwelling_setback(location, [d.shape for d in dwellings], on, params),
        law.side_lot_line_setback(location, lot_lines.of("side"), on, params),
        law.rear_lot_line_setback(location, lot_lines.of("rear"), on, params),
    ]
    main_shape = main.footprint_shape if main is not None else None
    if isinstance(main_shape, MultiPolygon):
        main_shape = max(main_shape.geoms, key=lambda part: part.area)
    missing = [
        what
        for what, value in (("road centerline", road), ("main structure", main_shape))
        if value is None
    ]
    if missing:
        findings.append(law.road_setback_not_checked(missing))
    else:
        findings.append(law.road_setback(location, main_shape, road))  # type: ignore[arg-type]
    return PlacementCheck(location, lot_lines, dwellings, main, road, findings)


def _inside(parcel: Parcel, location: Polygon | Point) -> None:
    boundary = parcel.boundary_shape
    if boundary.distance(location) > law.GEOMETRIC_TOLERANCE_FEET:
        raise ServiceError(
            f"The location lies outside parcel {parcel.pin}, "
            f"{boundary.distance(location):,.1f} ft from its boundary: check the coordinates "
            f"(feet, Minnesota South state plane) and the parcel."
        )


def _applicability(
    enclosure: Enclosure, on: dt.date, params: ParameterSet, **dates: dt.date | None
) -> Finding:
    try:
        return law.applicability(enclosure.constructed_on, on, params, **dates)
    except (ValueError, ParameterError, DeadlineError) as exc:
        raise ServiceError(f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None


# ------------------------------------------------------------------------------ enclosures


@service
def record_enclosure(
    *,
    parcel: Parcel,
    location: dict[str, Any],
    constructed_on: dt.date | None,
    label: str = "Dog enclosure",
    floor_area: Decimal | None = None,
    shaded: bool = False,
    notes: str = "",
    actor: AbstractBaseUser,
    on: dt.date | None = None,
) -> tuple[Enclosure, PlacementCheck]:
    """Record a dog enclosure where it stands, with its ``enclosure.placement`` findings and its
    ``enclosure.applicability``. A non-compliant placement is recorded (the decision shows why)."""
    on = on or today()
    # read the parcel as it stands now (lot lines, road), locked against a lot-line change
    parcel = Parcel.objects.select_for_update().get(pk=parcel.pk)
    shape_ = parse_location(location)
    _inside(parcel, shape_)
    if constructed_on is not None and constructed_on > on:
        raise ServiceError(
            f"The construction date {long_date(constructed_on)} is after today, {long_date(on)}."
        )
    if floor_area is not None and floor_area <= 0:
        raise ServiceError("The floor area must be more than 0 square feet.")
    params = city_params()
    check = evaluate_placement(parcel, shape_, on, params)
    enclosure = Enclosure(
        parcel=parcel,
        label=label.strip() or "Dog enclosure",
        location=location,
        constructed_on=constructed_on,
        floor_area_square_feet=floor_area,
        shaded=shaded,
        notes=notes,
        recorded_by=actor,
    )
    applies = _applicability(enclosure, on, params)
    check.findings.append(applies)
    _as(actor, enclosure)
    enclosure.save()
    enclosure.decision = record_decision(
        action="enclosure.record",
        findings=check.findings,
        decided_on=on,
        actor=actor,
        subject=enclosure,
    )
    _as(actor, enclosure)
    enclosure.save(update_fields=["decision"])
    return enclosure, check


def _outline(value: object) -> str:
    """A drawn location, for a message: its kind and corners, not pages of coordinates."""
    if isinstance(value, dict) and value.get("type") == "Point":
        return "a point"
    try:
        outline = shape(value)  # type: ignore[arg-type]
        corners = len(outline.exterior.coords) - 1
    except Exception:  # not a polygon
        return "an outline"
    centre = outline.centroid
    return f"{corners} corners around {centre.x:,.1f}, {centre.y:,.1f} ft"


def _lot_lines(value: object) -> str:
    if not isinstance(value, dict):
        return str(value)
    side = ", ".join(str(i) for i in value.get("side", [])) or "none"
    rear = ", ".join(str(i) for i in value.get("rear", [])) or "none"
    return f"side edges {side}, rear edges {rear} ({value.get('reason', '')})"


#: How a changed location or lot-line override reads in an edit conflict's message.
SHOWN: dict[str, Shown] = {
    "location": _outline,
    "boundary": _outline,
    "lot_lines_override": _lot_lines,
    "decision": None,  # the stored decision follows the location; it was not edited
}


@service
def move_enclosure(
    *,
    enclosure: Enclosure,
    location: dict[str, Any],
    reason: str,
    actor: AbstractBaseUser,
    version: int,
    on: dt.date | None = None,
) -> tuple[Enclosure, PlacementCheck]:
    """Record that an enclosure now stands elsewhere (moved, or surveyed more precisely); the
    placement is checked again (``enclosure.placement``) and the new decision replaces the old on
    the enclosure. The history keeps where it stood before. ``version`` is the enclosure's version
    the form was opened on: a move over a newer change is refused
    (``records.versions.EditConflict``)."""
    on = on or today()
    enclosure = Enclosure.objects.select_for_update().select_related("parcel").get(pk=enclosure.pk)
    check_version(enclosure, version, shown=SHOWN)
    if enclosure.removed_on is not None:
        raise ServiceError(f"The enclosure was removed on {long_date(enclosure.removed_on)}.")
    if not reason.strip():
        raise ServiceError("Say why the location changes (moved, resurveyed, corrected).")
    shape_ = parse_location(location)
    _inside(enclosure.parcel, shape_)
    params = city_params()
    check = evaluate_placement(enclosure.parcel, shape_, on, params)
    check.findings.append(_applicability(enclosure, on, params))
    enclosure.location = location
    enclosure.notes = (
        f"{enclosure.notes}\n" if enclosure.notes else ""
    ) + f"{on.isoformat()}: location changed — {reason.strip()}"
    enclosure.decision = record_decision(
        action="enclosure.move",
        findings=check.findings,
        decided_on=on,
        actor=actor,
        subject=enclosure,
    )
    _as(actor, enclosure)
    enclosure.save()
    return enclosure, check


@service
def add_enclosure_photo(
    *,
    enclosure: Enclosure,
    image: Any,
    taken_on: dt.date | None,
    caption: str,
    actor: AbstractBaseUser,
) -> EnclosurePhoto:
    """Attach a photo of the enclosure (evidence for ``enclosure.sanitation`` or a placement)."""
    if taken_on is not None and taken_on > today():
        raise ServiceError(f"The photo cannot be taken after today ({long_date(today())}).")
    if not image:
        raise ServiceError("Choose a photo to upload.")
    return EnclosurePhoto.objects.create(
        enclosure=enclosure, image=image, taken_on=taken_on, caption=caption, uploaded_by=actor
    )


# ------------------------------------------------------------------------------- lot lines


@service
def set_lot_lines(
    *,
    parcel: Parcel,
    side: Sequence[int],
    rear: Sequence[int],
    reason: str,
    actor: AbstractBaseUser,
    version: int,
    on: dt.date | None = None,
) -> Parcel:
    """The zoning administrator says which boundary edges are the side and the rear lot lines
    (``enclosure.placement`` measures 20 ft from the side and 35 ft from the rear lot lines); the
    other edges are front. Overrides what ``classify_lot_lines`` derives from the road frontage.
    ``version`` is the parcel's version the form was opened on (``records.versions``)."""
    on = on or today()
    parcel = Parcel.objects.select_for_update().get(pk=parcel.pk)
    check_version(parcel, version, shown=SHOWN)
    count = len(boundary_edges(parcel))
    side, rear = sorted(set(side)), sorted(set(rear))
    unknown = [i for i in (*side, *rear) if not 0 <= i < count]
    if unknown:
        raise ServiceError(
            f"Parcel {parcel.pin} has edges 0 to {count - 1}; there is no edge "
            f"{', '.join(str(i) for i in unknown)}."
        )
    both = sorted(set(side) & set(rear))
    if both:
        raise ServiceError(
            f"An edge is either a side or a rear lot line, not both: {law.edge_list(both)}."
        )
    if not side and not rear:
        raise ServiceError("Give at least one side or rear lot line.")
    if len(side) + len(rear) >= count:
        raise ServiceError("At least one edge must remain a front lot line (the road frontage).")
    if not reason.strip():
        raise ServiceError("Give the reason (the survey, the zoning decision) for the lot lines.")
    parcel.lot_lines_override = {"side": side, "rear": rear, "reason": reason.strip()}
    _as(actor, parcel)
    parcel.save(update_fields=["lot_lines_override"])
    record_decision(
        action="parcel.set_lot_lines",
        findings=[lot_line_set(parcel).finding],
        decided_on=on,
        actor=actor,
        subject=parcel,
    )
    return parcel


@service
def clear_lot_lines(
    *,
    parcel: Parcel,
    reason: str,
    actor: AbstractBaseUser,
    version: int,
    on: dt.date | None = None,
) -> Parcel:
    """Go back to the lot lines derived from the road frontage (``enclosure.placement``); ``version`` as for
    ``set_lot_lines``."""
    on = on or today()
    parcel = Parcel.objects.select_for_update().get(pk=parcel.pk)
    check_version(parcel, version, shown=SHOWN)
    if not parcel.lot_lines_override:
        raise ServiceError(f"Parcel {parcel.pin} has no lot lines set to clear.")
    if not reason.strip():
        raise ServiceError("Give the reason for going back to the derived lot lines.")
    parcel.lot_lines_override = None
    _as(actor, parcel)
    parcel.save(update_fields=["lot_lines_override"])
    record_decision(
        action="parcel.clear_lot_lines",
        findings=[lot_line_set(parcel).finding],
        decided_on=on,
        actor=actor,
        subject=parcel,
    )
    return parcel


# ----------------------------------------------------------------- notices of compliance


@dataclass(frozen=True)
class Issued:
    notice: ComplianceNotice
    findings: list[Finding]


@service
def issue_compliance_notice(
    *,
    enclosure: Enclosure,
    complaint_received_on: dt.date,
    complaint_summary: str,
    issued_on: dt.date,
    actor: AbstractBaseUser,
) -> Issued:
    """``enclosure.compliance_notice``: "Any pre-existing dog enclosure that the City Council
    receives a complaint on which is not kept in a clean and sanitary condition or is a nuisance to
    an adjacent property owner shall be required to comply with this Section by notice of compliance
    being given by the City Council or their duly authorized agent. Failure to comply with such
    notice within thirty (30) days of issuance shall be violation of this Section."

    Only for a pre-existing enclosure (constructed on or before January 1, 2004, or on an unknown
    date): one built later must comply already, and the refusal cites the rules core's finding.
    The comply-by date is counted per Minn. Stat. 645.15 (clock ``enclosure.compliance_notice``).
    """
    enclosure = Enclosure.objects.select_for_update().select_related("parcel").get(pk=enclosure.pk)
    on = today()
    if issued_on > on:
        raise ServiceError(f"The notice cannot be issued after today ({long_date(on)}).")
    grounds = law.compliance_notice_grounds(complaint_received_on, issued_on, complaint_summary)
    if grounds is not None:
        raise Refused([grounds])
    if enclosure.removed_on is not None and enclosure.removed_on <= issued_on:
        raise ServiceError(f"The enclosure was removed on {long_date(enclosure.removed_on)}.")
    open_notice = enclosure.compliance_notices.filter(complied_on__isnull=True).first()
    if open_notice is not None:
        raise ServiceError(
            f"Notice of compliance {open_notice.number} on this enclosure is still open (comply by "
            f"{long_date(open_notice.comply_by)}): record its compliance first."
        )
    params = city_params()
    before = _applicability(enclosure, issued_on, params)
    grounds = law.compliance_notice_grounds(
        complaint_received_on, issued_on, complaint_summary, before
    )
    if grounds is not None:
        raise Refused([grounds, before])
    applies = _applicability(
        enclosure, issued_on, params, complaint_on=complaint_received_on, notice_issued_on=issued_on
    )
    clock = deadline(params, issued_on, clock_id="enclosure.compliance_notice")
    assert clock.deadline is not None
    check = evaluate_placement(enclosure.parcel, enclosure.location_shape, issued_on, params)
    # what the enclosure must meet to comply: the placement (``enclosure.placement``) and sanitation
    # (``enclosure.sanitation``)
    findings = [applies, clock, *check.findings, law.sanitation()]
    number = f"CN{issued_on.year}-{next_number('compliance_notice', issued_on.year):04d}"
    notice = ComplianceNotice(
        number=number,
        enclosure=enclosure,
        complaint_received_on=complaint_received_on,
        complaint_summary=complaint_summary.strip(),
        issued_on=issued_on,
        comply_by=clock.deadline.due,
        issued_by=actor,
        decision=record_decision(
            action="enclosure.compliance_notice",
            findings=findings,
            decided_on=issued_on,
            actor=actor,
            subject=enclosure,
        ),
    )
    _as(actor, notice)
    notice.save()
    return Issued(notice, findings)


@service
def record_compliance(
    *, notice: ComplianceNotice, complied_on: dt.date, actor: AbstractBaseUser
) -> tuple[ComplianceNotice, Finding]:
    """The enclosure complied with the notice on ``complied_on``: within the 30 days, or late, in
    which case it was in violation of ``enclosure.purpose`` from the day after the comply-by date
    (``enclosure.compliance_notice``)."""
    notice = (
        ComplianceNotice.objects.select_for_update().select_related("enclosure").get(pk=notice.pk)
    )
    on = today()
    if notice.complied_on is not None:
        raise ServiceError(
            f"Compliance with notice {notice.number} was already recorded on "
            f"{long_date(notice.complied_on)}."
        )
    if complied_on > on:
        raise ServiceError(f"Compliance cannot be recorded after today ({long_date(on)}).")
    if complied_on < notice.issued_on:
        raise ServiceError(
            f"Compliance on {long_date(complied_on)} is before the notice was issued "
            f"({long_date(notice.issued_on)})."
        )
    finding = _applicability(
        notice.enclosure,
        on,
        city_params(),
        complaint_on=notice.complaint_received_on,
        notice_issued_on=notice.issued_on,
        complied_on=complied_on,
    )
    notice.complied_on = complied_on
    _as(actor, notice)
    notice.save(update_fields=["complied_on"])
    record_decision(
        action="enclosure.compliance_recorded",
        findings=[finding],
        decided_on=complied_on,
        actor=actor,
        subject=notice.enclosure,
    )
    return notice, finding
