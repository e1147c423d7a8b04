"""The complaint map: parcels as one simplified base path, a marker per complaint with a shape and a
colour per kind, the legend, the counts and the complaints that cannot be mapped."""

from __future__ import annotations

import datetime as dt
import re

from django.test import Client

from dogtag.complaints import services
from dogtag.complaints.map import MARKERS, complaint_map
from dogtag.complaints.models import Complaint
from dogtag.law import complaint_procedure
from dogtag.parcels.models import Parcel

from .conftest import CHICAGO

NIGHT = dt.datetime(2026, 11, 20, 22, 0, tzinfo=CHICAGO)


def receive(clerk, **changes):
    fields = dict(kind="barking", occurred_at=NIGHT, narrative="Barking for an hour.", actor=clerk)
    fields.update(changes)
    return services.receive_complaint(**fields)


def square(pin, x, y, size=660, jitter=False):
    ring = [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]
    if jitter:  # a vertex 1 ft off the straight edge: simplified away
        ring.insert(1, [x + size / 2, y + 1])
    return Parcel.objects.create(
        pin=pin,
        acres="10",
        owner_names="Someone",
        boundary={"type": "Polygon", "coordinates": [ring]},
    )


def test_markers_legend_and_unmapped(clerk, parcel):
    east = square("R30-32-25-0002", 660, 0, jitter=True)
    receive(clerk, parcel=parcel)  # at the parcel's centroid (330, 330)
    receive(clerk, kind="at_large", point={"type": "Point", "coordinates": [1000.4, 100.6]})
    receive(clerk, kind="vehicle", parcel=east, point={"type": "Point", "coordinates": [700, 50]})
    only_address = receive(clerk, kind="damage", address="Somewhere on Viking Blvd")
    client = Client()
    client.force_login(clerk)
    page = client.get("/complaints/map/").content.decode()

    svg = re.search(r'<svg[^>]*id="complaint-map".*?</svg>', page, re.S).group(0)
    # a named group (its markers are links, which an img would hide)
    assert 'role="group"' in svg
    assert 'aria-labelledby="complaint-map-title complaint-map-desc"' in svg
    assert '<title id="complaint-map-title">' in svg
    assert '<desc id="complaint-map-desc">3 complaints marked over 2 parcel outlines' in svg
    # one base path for every parcel, whole feet, the 1 ft jog simplified away
    [base] = re.findall(r'<path class="parcels" d="([^"]+)"', svg)
    assert base.count("M") == 2
    assert not re.search(r"\d\.\d", base)
    assert base.count("l") == 2 and base.count("z") == 2
    assert len(base.split("l")[1].split("z")[0].split()) == 6  # 4 corners: 3 relative steps
    # markers: one per mapped complaint, linked, titled, the kind's colour
    markers = re.findall(r'<a href="(/complaints/[^"]+/)" class="marker marker--(\w+)"', svg)
    assert sorted(kind for _, kind in markers) == ["at_large", "barking", "vehicle"]
    assert "<title>C2026-0001: barking or other noise (3-2-7.A), received 2026-11-29" in svg
    for kind in ("barking", "at_large", "vehicle"):
        assert f'fill="{MARKERS[kind][1]}"' in svg
    # north up: the point at y 100.6 is drawn below (larger y) the centroid at y 330
    barking_y = float(re.search(r'marker--barking".*?<path d="M[\d.]+ ([\d.]+)', svg, re.S)[1])
    at_large_y = float(re.search(r'marker--at_large".*?<path d="M[\d.-]+ ([\d.-]+)', svg, re.S)[1])
    assert at_large_y > barking_y

    legend = page.split('id="map-legend"')[1].split("</ul>")[0]
    # the legend lists the kinds Nowthen's law takes, not another city's prohibitions
    offered = complaint_procedure.offered_kinds()
    assert "abandonment" not in offered and 'data-kind="abandonment"' not in legend
    for kind, label in Complaint.Kind.choices:
        if kind not in offered:
            continue
        assert f'data-kind="{kind}"' in legend
        assert f"{MARKERS[kind][0].capitalize()}: {label}" in legend  # the shape named, not colour
    counts = page.split('id="map-counts"')[1].split("</table>")[0]
    assert re.search(r'data-kind="damage">.*?<td>0</td><td>1</td>', counts)
    assert re.search(r'data-kind="barking">.*?<td>1</td><td>1</td>', counts)
    unmapped = page.split('id="unmapped"')[1].split("</ul>")[0]
    assert only_address.number in unmapped and "Somewhere on Viking Blvd" in unmapped


def test_filters_by_kind_and_date(clerk, parcel):
    receive(clerk, parcel=parcel)
    receive(
        clerk,
        kind="at_large",
        parcel=parcel,
        occurred_at=dt.datetime(2026, 5, 1, 8, tzinfo=CHICAGO),
        received_at=dt.datetime(2026, 5, 1, 9, tzinfo=CHICAGO),
    )
    client = Client()
    client.force_login(clerk)

    def kinds(**query):
        page = client.get("/complaints/map/", query).content.decode()
        return sorted(re.findall(r'class="marker marker--(\w+)"', page))

    assert kinds() == ["at_large", "barking"]
    assert kinds(kind="at_large") == ["at_large"]
    assert kinds(received_from="2026-11-01") == ["barking"]
    assert kinds(received_to="2026-05-31") == ["at_large"]
    bad = client.get(
        "/complaints/map/", {"received_from": "2026-11-29", "received_to": "2026-11-01"}
    )
    assert "The end of the range is before its start." in bad.content.decode()


def test_every_kind_has_its_own_shape_and_colour():
    shapes = [shape for shape, _ in MARKERS.values()]
    colours = [colour for _, colour in MARKERS.values()]
    assert len(set(shapes)) == len(shapes) == len(Complaint.Kind.values)
    assert len(set(colours)) == len(colours)


def test_a_city_of_parcels_stays_compact(clerk):
    Parcel.objects.bulk_create(
        Parcel(
            pin=f"R{i:05d}",
            acres="2.5",
            owner_names="x",
            boundary={
                "type": "Polygon",
                "coordinates": [
                    [
                        [(i % 40) * 330 + dx, (i // 40) * 330 + dy]
                        for dx, dy in [(0, 0), (329.7, 0.2), (330, 330), (0.3, 329.9), (0, 0)]
                    ]
                ],
            },
        )
        for i in range(1500)
    )
    drawn = complaint_map([], Parcel.objects.all())
    assert drawn.svg.count("<path") == 1
    assert len(drawn.svg) < 1500 * 32
