"""The placement of a dog enclosure (``enclosure.placement``): the setbacks from dwellings
(``enclosure.placement.dwelling``), the side and rear lot lines (``.side_lot_line``,
``.rear_lot_line``) and the road (``.road``), each cited as the city in force numbers it
(``law.provisions``); the quotations are Nowthen's words.

Geometry is in a projected coordinate system whose unit is the FOOT (Minnesota State Plane or the
Anoka County coordinate system), never longitude/latitude degrees: every distance below is a plain
Shapely distance in feet.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet, ParameterValue
from dogtag.law.provisions import cite, cite_each, cite_mapped, together
from dogtag.law.registry import rule
from dogtag.law.wording import fill

MEASURE_DECIMALS = 6
GEOMETRIC_TOLERANCE_FEET = 10.0**-MEASURE_DECIMALS
"""Numerical noise, not law: distances are compared after rounding to a millionth of a foot, so that
floating-point residue (19.999999999999996) does not decide a case measured as 20 feet."""

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
DWELLING = "enclosure.placement.dwelling"
SIDE_LOT_LINE = "enclosure.placement.side_lot_line"
REAR_LOT_LINE = "enclosure.placement.rear_lot_line"
ROAD = "enclosure.placement.road"


# ----------------------------------------------------------------------------- placement


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
    provisions=(SIDE_LOT_LINE, REAR_LOT_LINE),
    title="Which lot lines are side and which rear",
    summary=(
        "Derives the front, side and rear lot lines from the parcel's boundary and its road "
        "frontage, for the {enclosure.side_lot_line_feet:short} and "
        "{enclosure.rear_lot_line_feet:short} setbacks; the clerk may override it."
    ),
    question="enclosure-placement",
)
def lot_lines_finding(lot_lines: LotLines) -> Finding:
    """The setbacks are measured from "the side and ... the rear lot lines": this says which they
    are."""
    return Finding(
        rule="enclosure.lot_lines",
        outcome="derived",
        # lot lines are drawn for every parcel; where no setback is law, they cite nothing
        sections=cite_mapped(SIDE_LOT_LINE, REAR_LOT_LINE),
        message=lot_lines.description,
        details={
            "front": [line.wkt for line in lot_lines.front],
            "side": [line.wkt for line in lot_lines.side],
            "rear": [line.wkt for line in lot_lines.rear],
        },
    )


def lot_lines_set(side: Sequence[int], rear: Sequence[int], reason: str | None) -> Finding:
    """The side and rear lot lines as the zoning administrator set them (edges by their index on
    the parcel boundary), the other edges front."""
    return Finding(
        rule="enclosure.lot_lines",
        outcome="set",
        sections=cite_mapped(SIDE_LOT_LINE, REAR_LOT_LINE),
        message=(
            f"Lot lines set by the zoning administrator: side {edge_list(sorted(side))}, rear "
            f"{edge_list(sorted(rear))}, the other edges front (reason: {reason or 'not given'})."
        ),
        facts={"side": sorted(side), "rear": sorted(rear), "reason": reason},
    )


def lot_lines_unknown(on: dt.date, params: ParameterSet) -> Finding:
    """With no road centerline and no lot lines set, the side and rear lot lines are not known,
    so their setbacks (the values in force on ``on``) cannot be measured."""
    sections = cite_each(SIDE_LOT_LINE, REAR_LOT_LINE, params=params)
    message, used = fill(
        "The side and rear lot lines are not known: the parcel has no road centerline on "
        "record to derive them from and no lot lines set by the zoning administrator, so the "
        "{enclosure.side_lot_line_feet:short} and {enclosure.rear_lot_line_feet:short} "
        f"setbacks cannot be measured ({together(sections)}).",
        params,
        on,
    )
    return Finding(
        rule="enclosure.lot_lines",
        outcome="not_checked",
        sections=sections,
        message=message,
        parameters=used,
    )


def road_setback_not_checked(missing: Sequence[str]) -> Finding:
    """The road setback is measured from the road's centerline and the main structure; without
    either (``missing``: "road centerline", "main structure") it is not checked."""
    section = cite(ROAD)
    return Finding(
        rule="enclosure.road_setback",
        outcome="not_checked",
        sections=(section,),
        message=(
            "Not checked whether the enclosure is closer to the road's centerline than the main "
            f"structure: the parcel has no {' and no '.join(missing)} on record ({section})."
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
    section: str,
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
            sections=(section,),
            message=f"No {what} given: the {parameter.display()} setback was not checked ({section}).",
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
        sections=(section,),
        message=(
            f"The enclosure is {_feet(distance, required)} from the nearest {what} and "
            f"{verdict} the required {parameter.display()} ({section})."
        ),
        blocks=not complies,
        facts=facts,
        parameters=(parameter,),
        details={"distance_feet": distance, "required_feet": required, "nearest_index": index},
    )


@rule(
    "enclosure.dwelling_setback",
    provisions=(DWELLING,),
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
    """``enclosure.placement.dwelling``: "A dog enclosure shall not be placed closer than forty (40)
    feet from an adjacent residential dwelling or principal structure"."""
    return _setback(
        "enclosure.dwelling_setback",
        cite(DWELLING, params),
        "adjacent dwelling or principal structure",
        enclosure,
        dwellings,
        params.get("enclosure.dwelling_setback_feet", on),
    )


@rule(
    "enclosure.side_lot_line_setback",
    provisions=(SIDE_LOT_LINE,),
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
    """``enclosure.placement.side_lot_line``: a dog enclosure shall be placed "at least twenty (20)
    feet from the side ... lot lines"."""
    return _setback(
        "enclosure.side_lot_line_setback",
        cite(SIDE_LOT_LINE, params),
        "side lot line",
        enclosure,
        side_lot_lines,
        params.get("enclosure.side_lot_line_feet", on),
    )


@rule(
    "enclosure.rear_lot_line_setback",
    provisions=(REAR_LOT_LINE,),
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
    """``enclosure.placement.rear_lot_line``: a dog enclosure shall be placed "at least ...
    thirty-five (35) feet from the rear lot lines"."""
    return _setback(
        "enclosure.rear_lot_line_setback",
        cite(REAR_LOT_LINE, params),
        "rear lot line",
        enclosure,
        rear_lot_lines,
        params.get("enclosure.rear_lot_line_feet", on),
    )


@rule(
    "enclosure.road_setback",
    provisions=(ROAD,),
    title="Enclosure no nearer the road than the main structure",
    summary=(
        "A dog enclosure may not be closer to the road's centerline than the nearest point of the "
        "main structure."
    ),
    question="enclosure-placement",
)
def road_setback(
    enclosure: Polygon | Point,
    main_structure: Polygon,
    road_centerline: LineString,
    params: ParameterSet | None = None,
) -> Finding:
    """``enclosure.placement.road``: "No dog enclosure shall be placed closer to the centerline of
    the road than the nearest point of the main structure." (Equally close is not closer, and
    complies.) Cited as the city of ``params`` (else the city in force) numbers it."""
    section = cite(ROAD, params)
    enclosure_distance = float(enclosure.distance(road_centerline))
    house_distance = float(main_structure.distance(road_centerline))
    complies = _measured(enclosure_distance) >= _measured(house_distance)
    return Finding(
        rule="enclosure.road_setback",
        outcome="complies" if complies else "too_close",
        sections=(section,),
        message=(
            f"The enclosure is {_feet(enclosure_distance, house_distance)} from the road's "
            f"centerline, the main structure's nearest point "
            f"{_feet(house_distance, enclosure_distance)}: the enclosure "
            + ("is not closer to the road" if complies else "is closer to the road")
            + f" ({section})."
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
    """Every placement requirement (``enclosure.placement``), one finding each: dwellings, side lot
    lines, rear lot line, road.

    In Nowthen's words: "A dog enclosure shall not be placed closer than forty (40) feet from an adjacent
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
        road_setback(enclosure, main_structure, road_centerline, params),
    ]


@facts
class PlacementFacts:
    """The facts of the question ``enclosure-placement`` (``enclosure.placement``; GeoJSON in
    feet)."""

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
