"""City Code 3-2-6 Dog enclosures/shelters: placement (A), sanitation (B), applicability (C),
shelter size and shade (D).

3-2-6: "It is the purpose of this Section to prevent nuisances created by site, odor, noise and
sanitation due to construction and placement of dog enclosures on private property."

Geometry is in a projected coordinate system whose unit is the FOOT (Minnesota State Plane or the
Anoka County coordinate system), never longitude/latitude degrees: every distance below is a plain
Shapely distance in feet.

3-2-6.B (sanitation) turns on what an inspection finds and on the inspector's judgment whether it
remained "longer than reasonable": the rule takes both as facts and says what the subsection makes
of them; without an inspection it states the requirement (as the notice of compliance does).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from itertools import pairwise

from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import Deadline, long_date
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet, ParameterValue
from dogtag.law.registry import rule
from dogtag.law.wording import fill

MEASURE_DECIMALS = 6
GEOMETRIC_TOLERANCE_FEET = 10.0**-MEASURE_DECIMALS
"""Numerical noise, not law: distances are compared after rounding to a millionth of a foot, so that
floating-point residue (19.999999999999996) does not decide a case measured as 20 feet."""


# ----------------------------------------------------------------------------- 3-2-6.D size


#: Beyond this many decimals a square footage does not terminate (37 in gives 14.8546006944...):
#: the formula's only divisor is 144 = 2⁴·3², so a figure that terminates has at most 4 + the
#: decimals of the length squared, far fewer than this.
EXACT_DECIMALS = 12
ROUNDED_UP_NOTE = (
    "Figures marked ↑ do not terminate and are shown rounded up to the next 0.01 sq ft; the "
    "comparison uses the exact figure."
)


def _exact(value: Decimal) -> bool:
    exponent = value.normalize().as_tuple().exponent
    return isinstance(exponent, int) and exponent >= -EXACT_DECIMALS


def _square_feet(value: Decimal) -> str:
    """The exact figure whenever it terminates (14.0625, 19.140625); else rounded up to 0.01 and
    marked ↑ (14.86↑), so the message never shows a rounded figure as if it were exact."""
    if _exact(value):
        return f"{value.normalize():f}"
    return f"{value.quantize(Decimal('0.01'), rounding=ROUND_CEILING)}↑"


def minimum_floor_space(
    length_inches: Decimal, on: dt.date, params: ParameterSet
) -> tuple[Decimal, tuple[ParameterValue, ...]]:
    """One dog's minimum floor space in square feet per 3-2-6.D, and the parameters used."""
    if length_inches <= 0:
        raise ValueError(f"a dog's length must be positive, not {length_inches} inches")
    allowance = params.get("shelter.length_allowance_percent", on)
    divisor = params.get("shelter.square_inches_per_square_foot", on)
    # "plus 25 percent": the percentage from the parameter file, as a fraction of the length
    allowed_length = length_inches * (1 + Decimal(allowance.integer) / 100)
    return allowed_length * allowed_length / divisor.integer, (allowance, divisor)


@rule(
    "shelter.size",
    sections=("3-2-6.D",),
    title="Minimum floor space of a dog shelter",
    summary=(
        "Each dog needs ((length + {shelter.length_allowance_percent:number}%) × (length + "
        "{shelter.length_allowance_percent:number}%)) / "
        "{shelter.square_inches_per_square_foot:number} square feet of floor space, its length "
        "measured from the tip of the nose to the base of the tail; a shared enclosure needs the "
        "sum."
    ),
    question="shelter-size",
)
def shelter_size(
    lengths_inches: Sequence[Decimal],
    on: dt.date,
    params: ParameterSet,
    *,
    provided_square_feet: Decimal | None = None,
) -> Finding:
    """3-2-6.D (Minn. Stat. 346.39 subd. 4): "Each confined animal must be provided a minimum square
    footage of floor space as measured from the tip of its nose to the base of its tail, plus 25
    percent, expressed in square feet. The formula for computing minimum square footage is: (length
    of animal plus 25 percent) times (length of animal plus 25 percent), divided by 144."

    Decimal arithmetic throughout: 36 inches gives exactly 14.0625 square feet, 48 inches 25. The
    comparison with ``provided_square_feet`` uses the unrounded minimum; the message shows every figure
    exactly when it terminates (42 inches: 19.140625) and otherwise rounded up to 0.01, marked ↑
    and said so (37 inches: 14.86↑), so what is shown never understates what is compared.
    """
    if not lengths_inches:
        raise ValueError("give the length of at least one dog")
    if any(isinstance(x, float) for x in (*lengths_inches, provided_square_feet)):
        raise TypeError("give lengths and areas as Decimal, not float: the formula is exact")
    minimums: list[Decimal] = []
    used: tuple[ParameterValue, ...] = ()
    for length in lengths_inches:
        minimum, used = minimum_floor_space(Decimal(length), on, params)
        minimums.append(minimum)
    total = sum(minimums, Decimal(0))
    each = "; ".join(
        f"dog {i} ({Decimal(length).normalize():f} in): {_square_feet(minimum)} sq ft"
        for i, (length, minimum) in enumerate(zip(lengths_inches, minimums, strict=True), start=1)
    )
    dogs = len(minimums)
    need = (
        f"Minimum floor space {_square_feet(total)} sq ft"
        + (f" for {dogs} dogs sharing the enclosure" if dogs > 1 else "")
        + f" ({each}) (3-2-6.D)."
    )
    if not all(_exact(m) for m in (*minimums, total)):
        need += f" {ROUNDED_UP_NOTE}"
    facts: dict[str, JSONValue] = {
        "lengths_inches": [Decimal(x) for x in lengths_inches],
        "on": on,
    }
    details: dict[str, JSONValue] = {"minimum_square_feet": minimums, "total_square_feet": total}
    if provided_square_feet is None:
        return Finding(
            rule="shelter.size",
            outcome="minimum",
            sections=("3-2-6.D",),
            message=need,
            facts=facts,
            parameters=used,
            details=details,
        )
    facts["provided_square_feet"] = provided_square_feet
    sufficient = provided_square_feet >= total
    shortfall = max(total - provided_square_feet, Decimal(0))
    details["shortfall_square_feet"] = shortfall
    verdict = (
        f"The {provided_square_feet.normalize():f} sq ft provided is sufficient."
        if sufficient
        else f"The {provided_square_feet.normalize():f} sq ft provided is insufficient, "
        f"{_square_feet(shortfall)} sq ft short."
    )
    if not _exact(shortfall) and ROUNDED_UP_NOTE not in need:
        verdict += f" {ROUNDED_UP_NOTE}"
    return Finding(
        rule="shelter.size",
        outcome="sufficient" if sufficient else "insufficient",
        sections=("3-2-6.D",),
        message=f"{need} {verdict}",
        blocks=not sufficient,
        facts=facts,
        parameters=used,
        details=details,
    )


@rule(
    "shelter.shade",
    sections=("3-2-6.D",),
    title="Shade from {shelter.shade_first_month:month} to {shelter.shade_last_month:month}",
    summary=(
        "A shaded area protecting the dog from direct sun is required in "
        "{shelter.shade_first_month:month} to {shelter.shade_last_month:month}."
    ),
    question="shelter-size",
)
def shade_required(on: dt.date, params: ParameterSet) -> Finding:
    """3-2-6.D: "A shaded area must be provided sufficient to protect the animal from the direct rays
    of the sun at all times during the months of May to October." (months inclusive)

    ``next_date`` is the day the answer next changes.
    """
    first = params.get("shelter.shade_first_month", on)
    last = params.get("shelter.shade_last_month", on)
    required = first.integer <= on.month <= last.integer
    start_year = on.year if on.month < first.integer else on.year + 1
    next_start = dt.date(start_year, first.integer, 1)
    after_last = last.integer + 1
    next_end = dt.date(on.year + 1, 1, 1) if after_last > 12 else dt.date(on.year, after_last, 1)
    months = f"{dt.date(2000, first.integer, 1):%B} to {dt.date(2000, last.integer, 1):%B}"
    if required:
        message = (
            f"Shade required: from {months} a shaded area must protect the dog from the direct "
            f"rays of the sun at all times (3-2-6.D); required until {long_date(next_end)}."
        )
    else:
        message = (
            f"No shade requirement on {long_date(on)}: it applies from {months} (3-2-6.D); next "
            f"required from {long_date(next_start)}."
        )
    return Finding(
        rule="shelter.shade",
        outcome="required" if required else "not_required",
        sections=("3-2-6.D",),
        message=message,
        facts={"on": on},
        parameters=(first, last),
        next_date=next_end if required else next_start,
    )


# ----------------------------------------------------------------------------- 3-2-6.B

#: What 3-2-6.B forbids to remain in an enclosure, in its words.
WASTES: dict[str, str] = {"feces": "feces", "urine": "urine", "food_scraps": "food scraps"}


@rule(
    "enclosure.sanitation",
    sections=("3-2-6.B",),
    title="No feces, urine or food scraps left in an enclosure",
    summary=(
        "No person may permit feces, urine or food scraps to remain in a dog enclosure for longer "
        "than is reasonable and consistent with health and sanitation and the prevention of odor; "
        "whether they remained that long is the inspector's finding."
    ),
    question="enclosure-sanitation",
)
def sanitation(
    found: Sequence[str] | None = None, *, longer_than_reasonable: bool | None = None
) -> Finding:
    """3-2-6.B: "No person shall permit feces, urine, or food scraps to remain in an enclosure for a
    period that is longer than reasonable and consistent with health and sanitation and the
    prevention of odor."

    ``found`` is what an inspection found in the enclosure (keys of :data:`WASTES`), None when
    there was no inspection (the requirement is stated). When something was found,
    ``longer_than_reasonable`` is the inspector's judgment of the period, which the subsection
    leaves to judgment and the rule does not guess."""
    if found is None:
        return Finding(
            rule="enclosure.sanitation",
            outcome="required",
            sections=("3-2-6.B",),
            message=(
                "Keep the enclosure clean: feces, urine and food scraps may not remain in it "
                "longer than is reasonable and consistent with health and sanitation and the "
                "prevention of odor (3-2-6.B)."
            ),
            facts={},
        )
    unknown = sorted(set(found) - set(WASTES))
    if unknown:
        raise ValueError(f"{', '.join(unknown)}: not one of {', '.join(WASTES)} (3-2-6.B)")
    facts: dict[str, JSONValue] = {
        "found": list(dict.fromkeys(found)),
        "longer_than_reasonable": longer_than_reasonable,
    }
    if not found:
        return Finding(
            rule="enclosure.sanitation",
            outcome="sanitary",
            sections=("3-2-6.B",),
            message="No feces, urine or food scraps were found in the enclosure (3-2-6.B).",
            facts=facts,
        )
    if longer_than_reasonable is None:
        raise ValueError(
            "say whether what was found remained longer than is reasonable and consistent with "
            "health and sanitation and the prevention of odor (3-2-6.B)"
        )
    named = _listed([WASTES[w] for w in dict.fromkeys(found)])
    if longer_than_reasonable:
        return Finding(
            rule="enclosure.sanitation",
            outcome="violation",
            sections=("3-2-6.B",),
            blocks=True,
            message=(
                f"Violation: {named} remained in the enclosure longer than is reasonable and "
                "consistent with health and sanitation and the prevention of odor (3-2-6.B)."
            ),
            facts=facts,
        )
    return Finding(
        rule="enclosure.sanitation",
        outcome="sanitary",
        sections=("3-2-6.B",),
        message=(
            f"{named[:1].upper()}{named[1:]} found in the enclosure had not remained longer than "
            "is reasonable (3-2-6.B): no violation."
        ),
        facts=facts,
    )


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@facts
class SanitationFacts:
    """The facts of the question ``enclosure-sanitation`` (3-2-6.B)."""

    found: tuple[str, ...] = fact(
        "What the inspection found remaining in the enclosure (empty if nothing)",
        unit="choice",
        example=["feces"],
        choices=tuple(WASTES),
    )
    longer_than_reasonable: bool | None = fact(
        "The inspector's judgment: it remained longer than is reasonable and consistent with "
        "health and sanitation and the prevention of odor (needed when something was found)",
        default=None,
        example=True,
    )

    def problems(self) -> list[str]:
        if self.found and self.longer_than_reasonable is None:
            return ["longer_than_reasonable: needed when something was found (3-2-6.B)"]
        return []


# ----------------------------------------------------------------------------- 3-2-6.C


@rule(
    "enclosure.applicability",
    sections=("3-2-6.C",),
    title="Which enclosures 3-2-6 applies to",
    summary=(
        "3-2-6 applies to enclosures constructed after {enclosure.section_effective:date}; an "
        "older enclosure must comply only after a complaint and a notice of compliance, within "
        "{enclosure.compliance_notice_days} of the notice."
    ),
    question="enclosure-applicability",
)
def applicability(
    constructed_on: dt.date | None,
    on: dt.date,
    params: ParameterSet,
    *,
    complaint_on: dt.date | None = None,
    notice_issued_on: dt.date | None = None,
    complied_on: dt.date | None = None,
) -> Finding:
    """3-2-6.C: "This Section shall be applicable to all dog enclosures constructed after January 1,
    2004, the effective date of this Section. Any pre-existing dog enclosure that the City Council
    receives a complaint on which is not kept in a clean and sanitary condition or is a nuisance to
    an adjacent property owner shall be required to comply with this Section by notice of compliance
    being given by the City Council or their duly authorized agent. Failure to comply with such
    notice within thirty (30) days of issuance shall be violation of this Section."

    ``constructed_on`` None means the construction date is not known. The 30 days are counted per
    Minn. Stat. 645.15 (``clocks.deadline``, clock ``enclosure.compliance_notice``).
    """
    for name, day in (
        ("constructed_on", constructed_on),
        ("complaint_on", complaint_on),
        ("notice_issued_on", notice_issued_on),
        ("complied_on", complied_on),
    ):
        if day is not None and day > on:
            raise ValueError(f"{name} {day.isoformat()} is after the day asked about, {on}")
    if notice_issued_on is not None:
        if complaint_on is None:
            raise ValueError("a notice of compliance follows a complaint (3-2-6.C): give its date")
        if complaint_on > notice_issued_on:
            raise ValueError(
                f"the complaint ({complaint_on.isoformat()}) is after the notice of compliance "
                f"({notice_issued_on.isoformat()})"
            )
    effective = params.get("enclosure.section_effective", on)
    since: dt.date = effective.value
    facts: dict[str, JSONValue] = {
        "constructed_on": constructed_on,
        "on": on,
        "complaint_on": complaint_on,
        "notice_issued_on": notice_issued_on,
        "complied_on": complied_on,
    }
    facts = {k: v for k, v in facts.items() if v is not None}

    def finding(
        outcome: str,
        message: str,
        used: tuple[ParameterValue, ...],
        *,
        blocks: bool = False,
        due: Deadline | None = None,
        next_date: dt.date | None = None,
        details: dict[str, JSONValue] | None = None,
    ) -> Finding:
        return Finding(
            rule="enclosure.applicability",
            outcome=outcome,
            sections=("3-2-6.C",),
            message=message,
            blocks=blocks,
            facts=facts,
            parameters=used,
            deadline=due,
            next_date=next_date,
            details=details or {},
        )

    # "constructed AFTER January 1, 2004": an enclosure built ON 2004-01-01 is pre-existing.
    if constructed_on is not None and constructed_on > since:
        return finding(
            "applies",
            f"3-2-6 applies: the enclosure was constructed on {long_date(constructed_on)}, after "
            f"{long_date(since)}, the effective date of the section (3-2-6.C).",
            (effective,),
        )
    if constructed_on is None:
        built = (
            "The construction date is not known; 3-2-6 applies if the enclosure was constructed "
            f"after {long_date(since)}. Treated here as pre-existing"
        )
    else:
        built = (
            f"The enclosure was constructed on {long_date(constructed_on)}, not after "
            f"{long_date(since)}: it is pre-existing"
        )
    if notice_issued_on is None:
        complaint = (
            f"a complaint was received on {long_date(complaint_on)}, but no notice of compliance has "
            "been given"
            if complaint_on is not None
            else "no complaint and no notice of compliance"
        )
        return finding(
            "exempt" if constructed_on is not None else "construction_date_unknown",
            f"{built}, and {complaint}, so it need not comply with 3-2-6 until the City Council "
            f"gives notice of compliance after a complaint (3-2-6.C).",
            (effective,),
        )
    assert complaint_on is not None  # checked above: a notice follows a complaint
    clock = deadline(params, notice_issued_on, clock_id="enclosure.compliance_notice")
    assert clock.deadline is not None
    due_on = clock.deadline.due
    used = (effective, *clock.parameters)
    notice = (
        f"{built}; after the complaint of {long_date(complaint_on)} notice of compliance was given on "
        f"{long_date(notice_issued_on)}, so it must comply with 3-2-6 by {long_date(due_on)} "
        f"({clock.deadline.days} days, 3-2-6.C)."
    )
    if complied_on is not None and complied_on <= due_on:
        return finding(
            "complied",
            f"{notice} It complied on {long_date(complied_on)}, within the period.",
            used,
            due=clock.deadline,
            details={"due": due_on, "complied_within_period": True},
        )
    if complied_on is not None:
        violation_from = due_on + dt.timedelta(days=1)
        return finding(
            "complied_late",
            f"{notice} It complied on {long_date(complied_on)}, after the period had ended: it was in "
            f"violation of 3-2-6 from {long_date(violation_from)} until then (3-2-6.C).",
            used,
            due=clock.deadline,
            details={
                "due": due_on,
                "complied_within_period": False,
                "violation_from": violation_from,
            },
        )
    if on > due_on:
        return finding(
            "violation",
            f"{notice} It has not complied: failure to comply within the period is a violation "
            f"of 3-2-6 (3-2-6.C).",
            used,
            blocks=True,
            due=clock.deadline,
            details={"due": due_on, "violation_from": due_on + dt.timedelta(days=1)},
        )
    return finding(
        "compliance_due",
        notice,
        used,
        due=clock.deadline,
        next_date=due_on,
        details={"due": due_on},
    )


# ----------------------------------------------------------------------------- 3-2-6.A placement


@dataclass(frozen=True)
class LotLines:
    """A parcel's boundary split into front, side and rear lot lines, and how that was decided."""

    front: tuple[LineString, ...]
    side: tuple[LineString, ...]
    rear: tuple[LineString, ...]
    description: str


def classify_lot_lines(parcel: Polygon, road_centerline: LineString) -> LotLines:
    """Split the parcel's outer boundary into its edges (as drawn, vertex to vertex) and classify them:

    - front: the edge(s) whose midpoint is nearest the road centerline (the road frontage); edges
      tied within ``GEOMETRIC_TOLERANCE_FEET`` are all front;
    - rear: the one remaining edge whose midpoint is farthest from the road centerline (the first
      drawn, on a tie);
    - side: every other edge.

    A corner lot given one centerline that turns the corner (an L along both roads) has two front
    edges when both frontages lie equally far from their roads; the rear is then the remaining edge
    farthest from either road, the other remaining edge a side line. When the two frontages differ
    the nearer one alone is front and the other becomes a side line. Collinear vertices split an edge
    into several. This is a simple reading of the drawing, not of the zoning code's definitions:
    callers may pass their own lot lines to ``placement``.
    """
    coords = list(parcel.exterior.coords)
    edges = [LineString([a, b]) for a, b in pairwise(coords) if a != b]
    if len(edges) < 3:
        raise ValueError("the parcel has fewer than three edges")
    distances = [road_centerline.distance(edge.interpolate(0.5, normalized=True)) for edge in edges]
    nearest = min(distances)
    front = [i for i, d in enumerate(distances) if d - nearest <= GEOMETRIC_TOLERANCE_FEET]
    others = [i for i in range(len(edges)) if i not in front]
    rear = [max(others, key=lambda i: distances[i])] if others else []
    side = [i for i in others if i not in rear]
    description = (
        f"The parcel's {len(edges)} boundary edges, classified by the distance from each edge's "
        f"midpoint to the road centerline: front = nearest ({len(front)} edge(s), "
        f"{nearest:.1f} ft), rear = the farthest remaining edge"
        + (f" ({distances[rear[0]]:.1f} ft)" if rear else " (none)")
        + f", side = the other {len(side)} edge(s)."
    )
    return LotLines(
        front=tuple(edges[i] for i in front),
        side=tuple(edges[i] for i in side),
        rear=tuple(edges[i] for i in rear),
        description=description,
    )


@rule(
    "enclosure.lot_lines",
    sections=("3-2-6.A",),
    title="Which lot lines are side and which rear",
    summary=(
        "Derives the front, side and rear lot lines from the parcel's boundary and its road "
        "frontage, for the {enclosure.side_lot_line_feet:short} and "
        "{enclosure.rear_lot_line_feet:short} setbacks; the clerk may override it."
    ),
    question="enclosure-placement",
)
def lot_lines_finding(lot_lines: LotLines) -> Finding:
    """3-2-6.A measures from "the side and ... the rear lot lines": this says which they are."""
    return Finding(
        rule="enclosure.lot_lines",
        outcome="derived",
        sections=("3-2-6.A",),
        message=lot_lines.description,
        details={
            "front": [line.wkt for line in lot_lines.front],
            "side": [line.wkt for line in lot_lines.side],
            "rear": [line.wkt for line in lot_lines.rear],
        },
    )


def lot_lines_set(side: Sequence[int], rear: Sequence[int], reason: str | None) -> Finding:
    """3-2-6.A: the side and rear lot lines as the zoning administrator set them (edges by their
    index on the parcel boundary), the other edges front."""
    return Finding(
        rule="enclosure.lot_lines",
        outcome="set",
        sections=("3-2-6.A",),
        message=(
            f"Lot lines set by the zoning administrator: side {edge_list(sorted(side))}, rear "
            f"{edge_list(sorted(rear))}, the other edges front (reason: {reason or 'not given'})."
        ),
        facts={"side": sorted(side), "rear": sorted(rear), "reason": reason},
    )


def lot_lines_unknown(on: dt.date, params: ParameterSet) -> Finding:
    """3-2-6.A: with no road centerline and no lot lines set, the side and rear lot lines are not
    known, so their setbacks (the values in force on ``on``) cannot be measured."""
    message, used = fill(
        "The side and rear lot lines are not known: the parcel has no road centerline on "
        "record to derive them from and no lot lines set by the zoning administrator, so the "
        "{enclosure.side_lot_line_feet:short} and {enclosure.rear_lot_line_feet:short} "
        "setbacks cannot be measured (3-2-6.A).",
        params,
        on,
    )
    return Finding(
        rule="enclosure.lot_lines",
        outcome="not_checked",
        sections=("3-2-6.A",),
        message=message,
        parameters=used,
    )


def road_setback_not_checked(missing: Sequence[str]) -> Finding:
    """3-2-6.A: the road setback is measured from the road's centerline and the main structure;
    without either (``missing``: "road centerline", "main structure") it is not checked."""
    return Finding(
        rule="enclosure.road_setback",
        outcome="not_checked",
        sections=("3-2-6.A",),
        message=(
            "Not checked whether the enclosure is closer to the road's centerline than the main "
            f"structure: the parcel has no {' and no '.join(missing)} on record (3-2-6.A)."
        ),
        facts={"missing": list(missing)},
    )


def edge_list(indexes: Sequence[int]) -> str:
    if not indexes:
        return "none"
    return ("edge " if len(indexes) == 1 else "edges ") + ", ".join(str(i) for i in indexes)


def _feet(distance: float, required: float) -> str:
    """The distance to 0.1 ft, or to as many decimals as needed to show which side of ``required``
    it lies on (19.96 ft is not shown as "20.0")."""
    for places in range(1, MEASURE_DECIMALS + 1):
        shown = round(distance, places)
        if (shown < required) == (_measured(distance) < required):
            return f"{shown:.{places}f} ft"
    return f"{distance} ft"


def _measured(distance: float) -> float:
    return round(distance, MEASURE_DECIMALS)


def _nearest(enclosure: BaseGeometry, others: Sequence[BaseGeometry]) -> tuple[int, float]:
    distances = [enclosure.distance(other) for other in others]
    index = min(range(len(distances)), key=distances.__getitem__)
    return index, float(distances[index])


def _setback(
    rule_id: str,
    what: str,
    enclosure: Polygon | Point,
    others: Sequence[BaseGeometry],
    parameter: ParameterValue,
) -> Finding:
    facts: dict[str, JSONValue] = {"enclosure": enclosure.wkt, what: [o.wkt for o in others]}
    if not others:
        return Finding(
            rule=rule_id,
            outcome="not_given",
            sections=("3-2-6.A",),
            message=f"No {what} given: the {parameter.display()} setback was not checked (3-2-6.A).",
            facts=facts,
            parameters=(parameter,),
        )
    index, distance = _nearest(enclosure, others)
    required = parameter.integer
    complies = _measured(distance) >= required
    verdict = "complies with" if complies else "is closer than"
    return Finding(
        rule=rule_id,
        outcome="complies" if complies else "too_close",
        sections=("3-2-6.A",),
        message=(
            f"The enclosure is {_feet(distance, required)} from the nearest {what} and "
            f"{verdict} the required {parameter.display()} (3-2-6.A)."
        ),
        blocks=not complies,
        facts=facts,
        parameters=(parameter,),
        details={"distance_feet": distance, "required_feet": required, "nearest_index": index},
    )


@rule(
    "enclosure.dwelling_setback",
    sections=("3-2-6.A",),
    title="Enclosure {enclosure.dwelling_setback_feet} from adjacent dwellings",
    summary=(
        "A dog enclosure may not be closer than {enclosure.dwelling_setback_feet} to an adjacent "
        "residential dwelling or principal structure; the nearest one is measured."
    ),
    question="enclosure-placement",
)
def dwelling_setback(
    enclosure: Polygon | Point, dwellings: Sequence[Polygon], on: dt.date, params: ParameterSet
) -> Finding:
    """3-2-6.A: "A dog enclosure shall not be placed closer than forty (40) feet from an adjacent
    residential dwelling or principal structure"."""
    return _setback(
        "enclosure.dwelling_setback",
        "adjacent dwelling or principal structure",
        enclosure,
        dwellings,
        params.get("enclosure.dwelling_setback_feet", on),
    )


@rule(
    "enclosure.side_lot_line_setback",
    sections=("3-2-6.A",),
    title="Enclosure {enclosure.side_lot_line_feet} from side lot lines",
    summary="A dog enclosure must be at least {enclosure.side_lot_line_feet} from the side lot lines.",
    question="enclosure-placement",
)
def side_lot_line_setback(
    enclosure: Polygon | Point,
    side_lot_lines: Sequence[LineString],
    on: dt.date,
    params: ParameterSet,
) -> Finding:
    """3-2-6.A: a dog enclosure shall be placed "at least twenty (20) feet from the side ... lot
    lines"."""
    return _setback(
        "enclosure.side_lot_line_setback",
        "side lot line",
        enclosure,
        side_lot_lines,
        params.get("enclosure.side_lot_line_feet", on),
    )


@rule(
    "enclosure.rear_lot_line_setback",
    sections=("3-2-6.A",),
    title="Enclosure {enclosure.rear_lot_line_feet} from the rear lot line",
    summary="A dog enclosure must be at least {enclosure.rear_lot_line_feet} from the rear lot line.",
    question="enclosure-placement",
)
def rear_lot_line_setback(
    enclosure: Polygon | Point,
    rear_lot_lines: Sequence[LineString],
    on: dt.date,
    params: ParameterSet,
) -> Finding:
    """3-2-6.A: a dog enclosure shall be placed "at least ... thirty-five (35) feet from the rear lot
    lines"."""
    return _setback(
        "enclosure.rear_lot_line_setback",
        "rear lot line",
        enclosure,
        rear_lot_lines,
        params.get("enclosure.rear_lot_line_feet", on),
    )


@rule(
    "enclosure.road_setback",
    sections=("3-2-6.A",),
    title="Enclosure no nearer the road than the main structure",
    summary=(
        "A dog enclosure may not be closer to the road's centerline than the nearest point of the "
        "main structure."
    ),
    question="enclosure-placement",
)
def road_setback(
    enclosure: Polygon | Point, main_structure: Polygon, road_centerline: LineString
) -> Finding:
    """3-2-6.A: "No dog enclosure shall be placed closer to the centerline of the road than the
    nearest point of the main structure." (Equally close is not closer, and complies.)"""
    enclosure_distance = float(enclosure.distance(road_centerline))
    house_distance = float(main_structure.distance(road_centerline))
    complies = _measured(enclosure_distance) >= _measured(house_distance)
    return Finding(
        rule="enclosure.road_setback",
        outcome="complies" if complies else "too_close",
        sections=("3-2-6.A",),
        message=(
            f"The enclosure is {_feet(enclosure_distance, house_distance)} from the road's "
            f"centerline, the main structure's nearest point "
            f"{_feet(house_distance, enclosure_distance)}: the enclosure "
            + ("is not closer to the road" if complies else "is closer to the road")
            + " (3-2-6.A)."
        ),
        blocks=not complies,
        facts={
            "enclosure": enclosure.wkt,
            "main_structure": main_structure.wkt,
            "road_centerline": road_centerline.wkt,
        },
        details={
            "distance_feet": enclosure_distance,
            "required_feet": house_distance,
            "main_structure_distance_feet": house_distance,
        },
    )


def placement(
    enclosure: Polygon | Point,
    *,
    dwellings: Sequence[Polygon],
    side_lot_lines: Sequence[LineString],
    rear_lot_lines: Sequence[LineString],
    road_centerline: LineString,
    main_structure: Polygon,
    on: dt.date,
    params: ParameterSet,
) -> list[Finding]:
    """Every 3-2-6.A requirement, one finding each: dwellings, side lot lines, rear lot line, road.

    3-2-6.A: "A dog enclosure shall not be placed closer than forty (40) feet from an adjacent
    residential dwelling or principal structure and at least twenty (20) feet from the side and
    thirty-five (35) feet from the rear lot lines. No dog enclosure shall be placed closer to the
    centerline of the road than the nearest point of the main structure."

    The enclosure is its footprint (Polygon) or a single surveyed point (Point), in feet.

    The enclosure is placed as the ordinance wants if none of the findings blocks. Lot lines may
    come from ``classify_lot_lines`` or from the caller (a survey, the zoning administrator).
    """
    if not isinstance(enclosure, Polygon | Point) or enclosure.is_empty:
        raise ValueError("the enclosure must be a non-empty Shapely Polygon or Point (in feet)")
    return [
        dwelling_setback(enclosure, dwellings, on, params),
        side_lot_line_setback(enclosure, side_lot_lines, on, params),
        rear_lot_line_setback(enclosure, rear_lot_lines, on, params),
        road_setback(enclosure, main_structure, road_centerline),
    ]


@rule(
    "enclosure.compliance_notice_grounds",
    sections=("3-2-6.C",),
    title="When a notice of compliance may be given",
    summary=(
        "A notice of compliance follows a complaint the City Council received, says what it was, "
        "and is given only to a pre-existing enclosure: a newer one must comply already."
    ),
    question="enclosure-applicability",
)
def compliance_notice_grounds(
    complaint_received_on: dt.date,
    issued_on: dt.date,
    complaint_summary: str,
    applicability: Finding | None = None,
) -> Finding | None:
    """3-2-6.C: "Any pre-existing dog enclosure that the City Council receives a complaint on
    which is not kept in a clean and sanitary condition or is a nuisance to an adjacent property
    owner shall be required to comply with this Section by notice of compliance being given".

    None when a notice may be given. ``applicability`` is ``enclosure.applicability`` on the day of
    the notice, before it (its outcome "applies": the enclosure is not pre-existing)."""
    facts: dict[str, JSONValue] = {
        "complaint_received_on": complaint_received_on,
        "issued_on": issued_on,
        "complaint_summary": complaint_summary,
    }

    def refused(outcome: str, message: str) -> Finding:
        return Finding(
            rule="enclosure.compliance_notice_grounds",
            outcome=outcome,
            sections=("3-2-6.C",),
            blocks=True,
            message=message,
            facts=facts,
        )

    if complaint_received_on > issued_on:
        return refused(
            "no_complaint_yet",
            f"The complaint ({long_date(complaint_received_on)}) must be received on or before the "
            f"notice is issued ({long_date(issued_on)}): a notice of compliance follows a complaint "
            f"(3-2-6.C).",
        )
    if not complaint_summary.strip():
        return refused(
            "complaint_not_stated", "Summarize the complaint: the notice quotes it (3-2-6.C)."
        )
    if applicability is not None and applicability.outcome == "applies":
        return refused(
            "applies",
            "No notice of compliance: a notice is given only to a pre-existing enclosure "
            "(3-2-6.C). " + applicability.message + " It must comply now; a failure is a "
            "violation of 3-2-6 without notice.",
        )
    return None


# ----------------------------------------------------------------------------- question facts


@facts
class ShelterSizeFacts:
    """The facts of the question ``shelter-size`` (3-2-6.D)."""

    lengths_inches: tuple[Decimal, ...] = fact(
        "Each dog's length from the tip of the nose to the base of the tail (3-2-6.D)",
        unit="inches",
    )
    on: dt.date = fact("The day asked about")
    provided_square_feet: Decimal | None = fact(
        "The shelter's floor space, for the shelter-size check (3-2-6.D); left out, not compared",
        default=None,
        unit="square feet",
        minimum=0,
    )


@facts
class ApplicabilityFacts:
    """The facts of the question ``enclosure-applicability`` (3-2-6.C)."""

    on: dt.date = fact("The day asked about")
    constructed_on: dt.date | None = fact(
        "When the enclosure was built; left out, not known, and it is treated as pre-existing "
        "(3-2-6.C)",
        default=None,
    )
    complaint_on: dt.date | None = fact(
        "When the City Council received a complaint on the enclosure (3-2-6.C)", default=None
    )
    notice_issued_on: dt.date | None = fact(
        "When the notice of compliance was issued (3-2-6.C)", default=None
    )
    complied_on: dt.date | None = fact(
        "When the enclosure was brought into compliance (3-2-6.C)", default=None
    )


@facts
class PlacementFacts:
    """The facts of the question ``enclosure-placement`` (3-2-6.A; GeoJSON in feet)."""

    on: dt.date = fact("The day asked about")
    enclosure: BaseGeometry = fact("The enclosure: a Polygon or a Point")
    main_structure: BaseGeometry = fact("The main structure on the parcel: a Polygon")
    road_centerline: BaseGeometry = fact("The road's centerline: a LineString")
    dwellings: tuple[BaseGeometry, ...] = fact(
        "Adjacent residential dwellings or principal structures: Polygons", default=()
    )
    parcel: BaseGeometry | None = fact(
        "The parcel: a Polygon (its side and rear lot lines are derived)", default=None
    )
    side_lot_lines: tuple[BaseGeometry, ...] | None = fact(
        "Side lot lines, to override: LineStrings", default=None
    )
    rear_lot_lines: tuple[BaseGeometry, ...] | None = fact(
        "Rear lot lines, to override: LineStrings", default=None
    )
