"""The parcel map: an inline, accessible SVG drawn from the records' geometry (feet), no tiles, no
JavaScript.

It shows the parcel with its lot lines labelled front, side and rear (with their edge numbers, the
numbers the lot-line form uses), the neighbouring parcels in view, road centerlines, structures
(the main structure marked), the enclosures, and for each enclosure its ``enclosure.placement``
measurements: a line from the enclosure to the nearest point of the side and rear lot lines, the
adjacent dwelling and the road, labelled with the distance and drawn solid green when it complies,
dashed red with the words "too close" when not (colour is never the only cue). A parcel with a
commercial kennel application whose hearing notice list was drawn
(``commercial_kennel.hearing_notice``) also shows the 1/4-mile buffer and the notified parcels,
hatched, and the view zooms out to hold the buffer.

State plane north is up: the y axis is flipped. Coordinates are written to 0.1 ft from a local
origin (the view's north-west corner) to keep the SVG small. The page sets a table of the same
measurements beside the map for screen readers (``rows``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from django.utils.safestring import SafeString, mark_safe
from shapely.geometry import (
    GeometryCollection,
    LineString,
    MultiLineString,
    MultiPolygon,
    Point,
    Polygon,
    box,
    shape,
)
from shapely.geometry.base import BaseGeometry

from dogtag.kennels.models import CommercialKennelApplication
from dogtag.law.params import ParameterError, ParameterSet
from dogtag.law.provisions import cite
from dogtag.parcels import services
from dogtag.parcels.models import Parcel, Structure
from dogtag.records.law_parts import law_has
from dogtag.records.services import city_params
from dogtag.staff.parcels.queries import Measurement, PlacementReport, feet

#: "Notice must be given to all affected property owners within one quarter (1/4) mile ..."
HEARING_NOTICE = "commercial_kennel.hearing_notice"

PASS = "#00a91c"
FAIL = "#d83933"
NOT_MEASURED = "#71767a"
LOT_LINE_STYLE = {
    "front": ("#1a4480", ""),
    "side": ("#1b1b1b", ""),
    "rear": ("#1b1b1b", "10 4"),
    "unknown": ("#71767a", "2 3"),
}


@dataclass(frozen=True)
class MapRow:
    """One measurement as the table beside the map gives it."""

    enclosure: str
    requirement: str
    target: str
    distance: str
    required: str
    verdict: str
    complies: bool | None
    section: str


@dataclass(frozen=True)
class ParcelMap:
    svg: SafeString
    title: str
    description: str
    rows: tuple[MapRow, ...]
    #: The notice radius in feet when the 1/4-mile buffer is drawn
    #: (``commercial_kennel.hearing_notice``), else None.
    buffer_feet: int | None
    notified: tuple[str, ...]
    application_number: str
    lot_lines: tuple[tuple[int, str, str], ...]  # (edge, kind, length)


class _View:
    """Feet to SVG user units: a local origin at the view's north-west corner, y down."""

    def __init__(self, bounds: tuple[float, float, float, float]) -> None:
        self.minx, self.miny, self.maxx, self.maxy = bounds
        self.width = self.maxx - self.minx
        self.height = self.maxy - self.miny
        self.font = round(max(self.width, self.height) / 55, 1)

    def xy(self, x: float, y: float) -> str:
        return f"{_n(x - self.minx)} {_n(self.maxy - y)}"

    def x(self, x: float) -> str:
        return _n(x - self.minx)

    def y(self, y: float) -> str:
        return _n(self.maxy - y)

    def path(self, geometry: BaseGeometry) -> str:
        """SVG path data of a polygon, line or a collection of them."""
        parts: list[str] = []
        for g in _parts(geometry):
            if isinstance(g, Polygon):
                for ring in (g.exterior, *g.interiors):
                    coords = list(ring.coords)[:-1]
                    parts.append("M" + " L".join(self.xy(x, y) for x, y in coords) + " Z")
            elif isinstance(g, LineString):
                parts.append("M" + " L".join(self.xy(x, y) for x, y in g.coords))
        return " ".join(parts)


def _n(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _parts(geometry: BaseGeometry) -> Iterable[BaseGeometry]:
    if isinstance(geometry, MultiPolygon | MultiLineString | GeometryCollection):
        for g in geometry.geoms:
            yield from _parts(g)
    elif not geometry.is_empty:
        yield geometry


def _text(
    view: _View,
    x: float,
    y: float,
    content: str,
    *,
    size: float = 1.0,
    anchor: str = "middle",
    weight: str = "normal",
    fill: str = "#1b1b1b",
    cls: str = "",
) -> str:
    font = _n(view.font * size)
    halo = _n(view.font * size * 0.28)
    return (
        f'<text x="{view.x(x)}" y="{view.y(y)}" font-size="{font}" text-anchor="{anchor}" '
        f'font-weight="{weight}" fill="{fill}" stroke="#fff" stroke-width="{halo}" '
        f'paint-order="stroke"{f" class={quoteattr(cls)}" if cls else ""}>{escape(content)}</text>'
    )


def _kennel_notice(parcel: Parcel, on: dt.date, params: ParameterSet) -> tuple[str, int, list]:
    """The latest commercial kennel application on the parcel that has a notice list: its number,
    the notice radius (``commercial_kennel.hearing_notice``,
    ``commercial_kennel.notice_radius_feet``) and the recipients."""
    application = (
        CommercialKennelApplication.objects.filter(parcel=parcel, notice_recipients__isnull=False)
        .order_by("-applied_on", "-id")
        .first()
    )
    if application is None:
        return "", 0, []
    try:
        radius = params.get("commercial_kennel.notice_radius_feet", on).integer
    except ParameterError:
        return "", 0, []
    recipients = list(application.notice_recipients.all())
    return application.number, radius, recipients


def parcel_map(
    parcel: Parcel,
    reports: Sequence[PlacementReport],
    on: dt.date,
    *,
    params: ParameterSet | None = None,
    dom_id: str = "parcel-map",
) -> ParcelMap:
    """The SVG map of ``parcel`` with the measurements of each report's enclosure."""
    params = params if params is not None else city_params()
    here = parcel.boundary_shape
    if law_has()["enclosures"]:
        lot_lines = services.lot_line_set(parcel)
        edges, kinds = lot_lines.edges, lot_lines.kinds
    else:  # no setback is law here (Lino Lakes): the boundary edge by edge, no side or rear
        edges = tuple(services.boundary_edges(parcel))
        kinds = tuple("unknown" for _ in edges)
    number, radius, recipients = _kennel_notice(parcel, on, params)
    buffer_ = here.buffer(radius) if radius else None

    extent = [here.bounds] + [r.check.enclosure.bounds for r in reports]
    for report in reports:
        for m in report.measurements:
            if m.line:
                extent.append(LineString(m.line).bounds)
    if buffer_ is not None:
        extent.append(buffer_.bounds)
    minx = min(b[0] for b in extent)
    miny = min(b[1] for b in extent)
    maxx = max(b[2] for b in extent)
    maxy = max(b[3] for b in extent)
    pad = max(30.0, 0.08 * max(maxx - minx, maxy - miny))
    frame = box(minx - pad, miny - pad, maxx + pad, maxy + pad)
    view = _View(frame.bounds)

    others = [
        (pk, pin, shape(boundary), road)
        for pk, pin, boundary, road in Parcel.objects.exclude(pk=parcel.pk).values_list(
            "pk", "pin", "boundary", "road_centerline"
        )
        if boundary
    ]
    in_view = [(pk, pin, g, road) for pk, pin, g, road in others if g.intersects(frame)]
    notified_ids = {r.parcel_id for r in recipients}
    structures = list(
        Structure.objects.filter(parcel_id__in=[parcel.pk, *(o[0] for o in in_view)]).order_by(
            "parcel_id", "-main", "id"
        )
    )

    out: list[str] = []
    title = f"Map of parcel {parcel.pin}" + (f", {parcel.address}" if parcel.address else "")
    described = [
        f"Parcel {parcel.pin}, north up, distances in feet.",
        f"{len(in_view)} neighbouring parcel(s) in view.",
        f"{len(reports)} dog enclosure(s).",
    ]
    for report in reports:
        for m in report.measurements:
            described.append(
                f"{report.enclosure.label} to the {m.target}: {m.shown}, {m.required}, {m.verdict}."
            )
    if buffer_ is not None:
        described.append(
            f"The {radius:,} ft hearing-notice buffer of commercial kennel application {number} "
            f"and the {len(notified_ids)} notified parcel(s), hatched ({cite(HEARING_NOTICE)})."
        )
    description = " ".join(described)
    out.append(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(view.width)} {_n(view.height)}" '
        f'role="img" aria-labelledby="{dom_id}-title {dom_id}-desc" class="dogtag-map" '
        f'id="{dom_id}" preserveAspectRatio="xMidYMid meet">'
    )
    out.append(f'<title id="{dom_id}-title">{escape(title)}</title>')
    out.append(f'<desc id="{dom_id}-desc">{escape(description)}</desc>')
    out.append(
        f'<defs><pattern id="{dom_id}-hatch" patternUnits="userSpaceOnUse" '
        f'width="{_n(view.font)}" height="{_n(view.font)}" patternTransform="rotate(45)">'
        f'<rect width="{_n(view.font)}" height="{_n(view.font)}" fill="#d9e8f6"/>'
        f'<line x1="0" y1="0" x2="0" y2="{_n(view.font)}" stroke="#2378c3" '
        f'stroke-width="{_n(view.font / 4)}"/></pattern></defs>'
    )
    out.append(f'<rect width="{_n(view.width)}" height="{_n(view.height)}" fill="#fcfcfc"/>')

    # neighbours, notified parcels hatched
    out.append('<g class="neighbours" fill="#f0f0f0" stroke="#a9aeb1">')
    for pk, pin, g, _road in in_view:
        clipped = g.intersection(frame)
        fill = f' fill="url(#{dom_id}-hatch)"' if pk in notified_ids else ""
        cls = "neighbour notified" if pk in notified_ids else "neighbour"
        out.append(
            f'<path class="{cls}" data-pin={quoteattr(pin)} d="{view.path(clipped)}"{fill} '
            f'vector-effect="non-scaling-stroke" stroke-width="1"/>'
        )
    out.append("</g>")

    # the notice buffer
    if buffer_ is not None:
        out.append(
            f'<path class="notice-buffer" d="{view.path(buffer_.intersection(frame))}" '
            f'fill="none" stroke="#2378c3" stroke-width="2" stroke-dasharray="8 4" '
            f'vector-effect="non-scaling-stroke"/>'
        )
        bx, by = buffer_.bounds[0], buffer_.bounds[3]
        out.append(
            _text(
                view,
                bx + view.font,
                by - 2 * view.font,
                f"{radius:,} ft notice buffer",
                anchor="start",
                fill="#1a4480",
                cls="buffer-label",
            )
        )

    # roads
    roads: list[BaseGeometry] = []
    if parcel.road_centerline:
        roads.append(shape(parcel.road_centerline))
    roads += [shape(road) for _pk, _pin, _g, road in in_view if road]
    drawn: list[BaseGeometry] = []
    for road in roads:
        clipped = road.intersection(frame)
        if clipped.is_empty or any(clipped.equals(d) for d in drawn):
            continue
        drawn.append(clipped)
        out.append(
            f'<path class="road" d="{view.path(clipped)}" fill="none" stroke="#565c65" '
            f'stroke-width="3" stroke-dasharray="12 6" vector-effect="non-scaling-stroke"/>'
        )
    lines = [g for road in drawn for g in _parts(road) if isinstance(g, LineString)]
    if lines:
        longest = max(lines, key=lambda line: line.length)
        label_at = longest.interpolate(0.5, normalized=True)
        out.append(
            _text(view, label_at.x, label_at.y, "road centerline", size=0.85, fill="#3d4551")
        )

    # this parcel, edge by edge
    out.append(
        f'<path class="parcel" d="{view.path(here)}" fill="#fff5d6" fill-opacity="0.6" '
        f'stroke="none"/>'
    )
    centre = here.centroid
    rows_lot: list[tuple[int, str, str]] = []
    for index, (edge, kind) in enumerate(zip(edges, kinds, strict=True)):
        colour, dash = LOT_LINE_STYLE[kind]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        a, b = edge.coords
        out.append(
            f'<line class="lot-line lot-line-{kind}" data-edge="{index}" x1="{view.x(a[0])}" '
            f'y1="{view.y(a[1])}" x2="{view.x(b[0])}" y2="{view.y(b[1])}" stroke="{colour}" '
            f'stroke-width="3"{dash_attr} vector-effect="non-scaling-stroke"/>'
        )
        mid = edge.interpolate(0.5, normalized=True)
        # the label sits just inside the parcel, towards its centre
        dx, dy = centre.x - mid.x, centre.y - mid.y
        length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        inset = 1.6 * view.font
        lx, ly = mid.x + dx / length * inset, mid.y + dy / length * inset
        word = kind if kind != "unknown" else "lot line"
        out.append(
            _text(view, lx, ly, f"{word} ({index})", size=0.9, weight="bold", cls="lot-line-label")
        )
        rows_lot.append((index, kind, feet(edge.length)))

    # structures
    for structure in structures:
        footprint = structure.footprint_shape
        if not footprint.intersects(frame):
            continue
        main = structure.parcel_id == parcel.pk and structure.main
        fill = "#97d4ea" if main else "#dfe1e2"
        out.append(
            f'<path class="structure{" main-structure" if main else ""}" '
            f'd="{view.path(footprint.intersection(frame))}" fill="{fill}" stroke="#3d4551" '
            f'stroke-width="1.5" vector-effect="non-scaling-stroke"/>'
        )
        if main:
            c = footprint.centroid
            out.append(_text(view, c.x, c.y, "main structure", size=0.85, weight="bold"))

    # enclosures and their measurements; ``placed`` keeps the distance labels apart
    rows: list[MapRow] = []
    placed: list[tuple[float, float, float, float]] = []
    for report in reports:
        shape_ = report.check.enclosure
        label = report.enclosure.label
        if isinstance(shape_, Point):
            out.append(
                f'<circle class="enclosure" cx="{view.x(shape_.x)}" cy="{view.y(shape_.y)}" '
                f'r="{_n(view.font * 0.5)}" fill="#fa9441" stroke="#1b1b1b" stroke-width="1.5" '
                f'vector-effect="non-scaling-stroke"/>'
            )
        else:
            out.append(
                f'<path class="enclosure" d="{view.path(shape_)}" fill="#fa9441" '
                f'stroke="#1b1b1b" stroke-width="1.5" vector-effect="non-scaling-stroke"/>'
            )
        c = shape_.centroid
        out.append(_text(view, c.x, c.y - view.font * 1.4, label, size=0.85, cls="enclosure-label"))
        for m in report.measurements:
            out.extend(_measurement(view, m, placed))
            rows.append(
                MapRow(
                    enclosure=label,
                    requirement=m.requirement,
                    target=m.target,
                    distance=m.shown,
                    required=m.required,
                    verdict=m.verdict,
                    complies=m.complies,
                    section=m.section,
                )
            )

    out.extend(_north_and_scale(view))
    out.append("</svg>")
    return ParcelMap(
        svg=mark_safe("".join(out)),
        title=title,
        description=description,
        rows=tuple(rows),
        buffer_feet=radius or None,
        notified=tuple(r.pin for r in recipients),
        application_number=number,
        lot_lines=tuple(rows_lot),
    )


def _label_box(
    view: _View, x: float, y: float, text: str, anchor: str
) -> tuple[float, float, float, float]:
    """The label's rough extent in feet (x0, y0, x1, y1), north up: 0.6 em per character, from
    a little under the baseline to the top of the capitals."""
    width = len(text) * view.font * 0.6
    x0 = x - width / 2 if anchor == "middle" else x
    return (x0, y - view.font * 0.3, x0 + width, y + view.font * 0.8)


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _label_spot(
    view: _View,
    line: tuple[tuple[float, float], tuple[float, float]],
    text: str,
    placed: list[tuple[float, float, float, float]],
) -> tuple[float, float, str]:
    """Where a distance label goes: beside the middle of its line, else further along it (or on
    the other side), so that two measurements running the same way do not print over each
    other."""
    (ax, ay), (bx, by) = line
    horizontal = abs(bx - ax) >= abs(by - ay)
    anchor = "middle" if horizontal else "start"
    first = None
    for t in (0.5, 0.75, 0.25, 0.88, 0.12):
        for side in (1, -1):
            x = ax + (bx - ax) * t + (0 if horizontal else side * view.font * 0.4)
            y = ay + (by - ay) * t + (side * view.font * 0.5 if horizontal else 0)
            spot_anchor = anchor if horizontal or side > 0 else "end"
            box = _label_box(view, x, y, text, spot_anchor)
            if spot_anchor == "end":
                box = (box[0] - (box[2] - box[0]), box[1], box[0], box[3])
            first = first or (x, y, spot_anchor, box)
            if not any(_overlaps(box, other) for other in placed):
                placed.append(box)
                return x, y, spot_anchor
    assert first is not None
    placed.append(first[3])
    return first[0], first[1], first[2]


def _measurement(
    view: _View, m: Measurement, placed: list[tuple[float, float, float, float]]
) -> list[str]:
    if m.line is None:
        return []
    (ax, ay), (bx, by) = m.line
    out = []
    if m.reference_line is not None:
        (rx, ry), (sx, sy) = m.reference_line
        out.append(
            f'<line class="reference" x1="{view.x(rx)}" y1="{view.y(ry)}" x2="{view.x(sx)}" '
            f'y2="{view.y(sy)}" stroke="#565c65" stroke-width="1.5" stroke-dasharray="2 3" '
            f'vector-effect="non-scaling-stroke"/>'
        )
        out.append(
            _text(
                view,
                (rx + sx) / 2 + view.font * 0.4,
                (ry + sy) / 2,
                f"main structure {m.reference_shown}",
                size=0.8,
                anchor="start",
                fill="#3d4551",
                cls="reference-label",
            )
        )
    colour = PASS if m.complies else FAIL
    dash = "" if m.complies else ' stroke-dasharray="6 3"'
    verdict = "complies" if m.complies else "too-close"
    out.append(
        f'<line class="measurement {verdict}" data-rule="{m.finding.rule}" x1="{view.x(ax)}" '
        f'y1="{view.y(ay)}" x2="{view.x(bx)}" y2="{view.y(by)}" stroke="{colour}" '
        f'stroke-width="2.5"{dash} vector-effect="non-scaling-stroke"/>'
    )
    for x, y in ((ax, ay), (bx, by)):
        out.append(
            f'<circle cx="{view.x(x)}" cy="{view.y(y)}" r="{_n(view.font * 0.18)}" '
            f'fill="{colour}"/>'
        )
    words = m.shown if m.complies else f"{m.shown} too close"
    lx, ly, anchor = _label_spot(view, m.line, words, placed)
    out.append(
        _text(
            view,
            lx,
            ly,
            words,
            size=0.95,
            weight="bold",
            anchor=anchor,
            fill="#1b1b1b" if m.complies else "#b50909",
            cls=f"distance {verdict}",
        )
    )
    return out


def _north_and_scale(view: _View) -> list[str]:
    """A north arrow and a scale bar of a round length, bottom left."""
    target = view.width / 5
    length = next(
        (n for n in (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000) if n >= target),
        5000,
    )
    x0 = view.minx + view.font
    y0 = view.miny + view.font * 1.5
    out = [
        f'<g class="scale-bar"><line x1="{view.x(x0)}" y1="{view.y(y0)}" '
        f'x2="{view.x(x0 + length)}" y2="{view.y(y0)}" stroke="#1b1b1b" stroke-width="3" '
        f'vector-effect="non-scaling-stroke"/>',
        _text(view, x0 + length / 2, y0 + view.font * 0.5, f"{length:,} ft", size=0.85),
        "</g>",
    ]
    nx, ny = view.maxx - view.font * 1.5, view.maxy - view.font * 3.5
    out.append(
        f'<g class="north-arrow"><path d="M{view.xy(nx, ny + view.font * 2)} '
        f'L{view.xy(nx - view.font * 0.6, ny)} L{view.xy(nx + view.font * 0.6, ny)} Z" '
        f'fill="#1b1b1b"/>' + _text(view, nx, ny - view.font * 1.1, "N", weight="bold") + "</g>"
    )
    return out
