"""The complaint map: complaints by kind over the city's parcels, as one inline SVG.

The parcels are drawn as a light base layer, simplified (about 5 ft) and rounded to whole feet from
a local origin, all in one ``<path>``, so some 1,500 parcels stay small. Each complaint is a marker
at its point, else at its parcel's centroid; a complaint with only an address is not mapped and is
listed under the map. Every kind has its own marker shape AND colour (colour is never the only
cue), explained in the legend. Coordinates are the city's state plane feet, north up: the y axis is
flipped.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from django.urls import reverse
from django.utils import timezone
from shapely.geometry import MultiPolygon, Polygon

from dogtag.complaints.models import Complaint
from dogtag.law import complaint_procedure
from dogtag.parcels.models import Parcel, as_shape

SIMPLIFY_FEET = 5.0
#: kind -> (shape, fill colour, label for the legend). Colours from the USWDS palette, each at
#: least 3:1 against the light base layer.
MARKERS: dict[str, tuple[str, str]] = {
    Complaint.Kind.BARKING: ("circle", "#005ea2"),
    Complaint.Kind.DAMAGE: ("square", "#b50909"),
    Complaint.Kind.AGGRESSION: ("triangle", "#8b0a03"),
    Complaint.Kind.AT_LARGE: ("diamond", "#00712f"),
    Complaint.Kind.CHASING: ("star", "#c05600"),
    Complaint.Kind.VEHICLE: ("cross", "#6b3fa0"),
    Complaint.Kind.ABANDONMENT: ("pentagon", "#565c65"),
    Complaint.Kind.FECES_DEVICE: ("hexagon", "#00687d"),
}
SHAPE_WORDS = {
    "circle": "circle",
    "square": "square",
    "triangle": "triangle",
    "diamond": "diamond",
    "star": "star",
    "cross": "cross",
    "pentagon": "pentagon",
    "hexagon": "hexagon",
}


def marker_path(shape: str, x: float, y: float, r: float) -> str:
    """SVG path data for a marker of radius ``r`` centred on (x, y) in SVG units."""

    def pts(points: Iterable[tuple[float, float]]) -> str:
        return "M" + "L".join(f"{round(x + dx, 1)} {round(y + dy, 1)}" for dx, dy in points) + "Z"

    if shape == "circle":
        return f"M{round(x - r, 1)} {round(y, 1)}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0Z"
    if shape == "square":
        s = r * 0.85
        return pts([(-s, -s), (s, -s), (s, s), (-s, s)])
    if shape == "triangle":
        return pts([(0, -r), (r * 0.95, r * 0.75), (-r * 0.95, r * 0.75)])
    if shape == "diamond":
        return pts([(0, -r), (r, 0), (0, r), (-r, 0)])
    if shape == "star":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = math.pi / 2 + i * math.pi / 5
            points.append((radius * math.cos(angle), -radius * math.sin(angle)))
        return pts(points)
    if shape in ("pentagon", "hexagon"):
        sides = 5 if shape == "pentagon" else 6
        return pts(
            [
                (r * math.cos(math.pi / 2 + i * 2 * math.pi / sides),
                 -r * math.sin(math.pi / 2 + i * 2 * math.pi / sides))
                for i in range(sides)
            ]
        )  # fmt: skip
    if shape == "cross":
        t = r * 0.35
        return pts(
            [(-t, -r), (t, -r), (t, -t), (r, -t), (r, t), (t, t), (t, r), (-t, r), (-t, t),
             (-r, t), (-r, -t), (-t, -t)]
        )  # fmt: skip
    raise ValueError(f"no marker shape {shape!r}")


@dataclass(frozen=True)
class Placed:
    complaint: Complaint
    x: float  # feet, state plane
    y: float
    source: str  # "point" or "parcel"


@dataclass(frozen=True)
class ComplaintMap:
    svg: str
    placed: list[Placed]
    unmapped: list[Complaint]
    counts: list[tuple[str, str, str, str, int, int]]  # kind, label, shape, colour, mapped, all


def _rings(geometry: Polygon | MultiPolygon) -> list[list[tuple[float, float]]]:
    polygons = geometry.geoms if isinstance(geometry, MultiPolygon) else [geometry]
    rings = []
    for polygon in polygons:
        rings.append(list(polygon.exterior.coords))
        rings.extend(list(i.coords) for i in polygon.interiors)
    return rings


def _place(complaint: Complaint) -> Placed | None:
    point = complaint.point or {}
    coordinates = point.get("coordinates") if isinstance(point, dict) else None
    if coordinates and len(coordinates) == 2:
        return Placed(complaint, float(coordinates[0]), float(coordinates[1]), "point")
    if complaint.parcel is not None:
        shape = as_shape(complaint.parcel.boundary)
        if shape is not None and not shape.is_empty:
            centre = shape.representative_point() if not shape.is_valid else shape.centroid
            if not shape.contains(centre):
                centre = shape.representative_point()
            return Placed(complaint, centre.x, centre.y, "parcel")
    return None


def complaint_map(complaints: Sequence[Complaint], parcels: Iterable[Parcel]) -> ComplaintMap:
    """The map of ``complaints`` (with their parcels selected) over ``parcels``."""
    base: list[list[tuple[float, float]]] = []
    for parcel in parcels:
        shape = as_shape(parcel.boundary)
        if shape is None or shape.is_empty or shape.geom_type not in ("Polygon", "MultiPolygon"):
            continue
        simple = shape.simplify(SIMPLIFY_FEET, preserve_topology=True)
        if simple.is_empty:
            continue
        base.extend(_rings(simple))  # type: ignore[arg-type]
    placed: list[Placed] = []
    unmapped: list[Complaint] = []
    for complaint in complaints:
        where = _place(complaint)
        (placed.append(where) if where else unmapped.append(complaint))  # type: ignore[func-returns-value]
    xs = [x for ring in base for x, _ in ring] + [p.x for p in placed]
    ys = [y for ring in base for _, y in ring] + [p.y for p in placed]
    if not xs:
        xs, ys = [0.0, 1000.0], [0.0, 1000.0]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 500.0)
    pad = span * 0.03
    left, top = min(xs) - pad, max(ys) + pad
    width = round(max(xs) - min(xs) + 2 * pad)
    height = round(max(ys) - min(ys) + 2 * pad)

    def sx(x: float) -> int:
        return round(x - left)

    def sy(y: float) -> int:
        return round(top - y)  # north up

    def ring_path(ring: list[tuple[float, float]]) -> str:
        """A closed ring in whole feet: the first point absolute, the rest relative."""
        points = [(sx(x), sy(y)) for x, y in ring[:-1]]
        steps = " ".join(f"{x - px} {y - py}" for (px, py), (x, y) in itertools.pairwise(points))
        return f"M{points[0][0]} {points[0][1]}l{steps}z"

    base_d = "".join(ring_path(ring) for ring in base if len(ring) > 3)
    radius = round(max(span / 90, 20.0))
    stroke = max(round(span / 2500, 1), 1.0)
    parts = [
        f'<path class="parcels" d="{base_d}" fill="#f0f0f0" stroke="#a9aeb1" '
        f'stroke-width="{stroke}" stroke-linejoin="round"/>'
    ]
    for where in sorted(placed, key=lambda p: p.complaint.received_at):
        complaint = where.complaint
        shape, colour = MARKERS[complaint.kind]
        local = timezone.localtime(complaint.received_at)
        place = complaint.parcel.address if complaint.parcel else complaint.address
        label = (
            f"{complaint.number}: {complaint.get_kind_display()}, received {local:%Y-%m-%d}, "
            f"{complaint.get_status_display()}" + (f", {place}" if place else "")
        )
        parts.append(
            f'<a href="{reverse("complaint_detail", args=[complaint.number])}" '
            f'class="marker marker--{complaint.kind}" data-kind="{complaint.kind}">'
            f"<title>{escape(label)}</title>"
            f'<path d="{marker_path(shape, sx(where.x), sy(where.y), radius)}" fill="{colour}" '
            f'stroke="#ffffff" stroke-width="{round(radius / 5, 1)}"/></a>'
        )
    totals: dict[str, list[int]] = {k: [0, 0] for k in Complaint.Kind.values}
    for where in placed:
        totals[where.complaint.kind][0] += 1
    for complaint in complaints:
        totals[complaint.kind][1] += 1
    # the kinds the city's law takes, and any other a complaint on the map was received as
    offered = complaint_procedure.offered_kinds()
    counts = [
        (kind, label, MARKERS[kind][0], MARKERS[kind][1], *totals[kind])
        for kind, label in Complaint.Kind.choices
        if kind in offered or totals[kind][1]
    ]
    description = (
        f"{len(placed)} complaint{'' if len(placed) == 1 else 's'} marked over "
        f"{len(base)} parcel outline{'' if len(base) == 1 else 's'}, north up. "
        + "; ".join(
            f"{label}: {mapped} shown as {SHAPE_WORDS[shape]}s"
            for _, label, shape, _, mapped, _ in counts
            if mapped
        )
        + (f". {len(unmapped)} not mapped (no parcel or point)." if unmapped else ".")
    )
    # A group, not an img: an img's content is presentational, and its markers are links that
    # each name their complaint (WCAG 4.1.2; axe's nested-interactive).
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="group" '
        f'aria-labelledby="complaint-map-title complaint-map-desc" id="complaint-map" '
        f'class="dogtag-map" width="100%" preserveAspectRatio="xMidYMid meet">'
        f'<title id="complaint-map-title">Complaints by kind over the city\'s parcels</title>'
        f'<desc id="complaint-map-desc">{escape(description)}</desc>' + "".join(parts) + "</svg>"
    )
    return ComplaintMap(svg=svg, placed=placed, unmapped=unmapped, counts=counts)


def legend_svg(shape: str, colour: str) -> str:
    """A small marker for the legend (decorative: the legend text names the shape)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" '
        f'aria-hidden="true" focusable="false"><path d="{marker_path(shape, 12, 12, 10)}" '
        f'fill="{colour}" stroke="#1b1b1b" stroke-width="1"/></svg>'
    )
