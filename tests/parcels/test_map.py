"""The parcel map (parcels/map.py): an accessible SVG with the 3-2-6.A measurements labelled and
the 3-2-5.B.2 notice buffer. The hand-made parcel has known distances (fixtures_pages)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest

from dogtag.kennels.models import CommercialKennelApplication, NoticeRecipient
from dogtag.parcels import services
from dogtag.staff.parcels import queries
from dogtag.staff.parcels.map import parcel_map
from tests.parcels.fixtures_pages import *  # noqa: F403
from tests.parcels.fixtures_pages import ENCLOSURE, X0, Y0, D

TODAY = D(2026, 11, 29)


def view_box(svg: str) -> list[float]:
    match = re.search(r'viewBox="([^"]+)"', svg)
    assert match
    return [float(v) for v in match.group(1).split()]


@pytest.fixture
def enclosure(site: dict[str, Any], officer: Any) -> Any:
    enclosure, _ = services.record_enclosure(
        parcel=site["p1"],
        location=ENCLOSURE,
        constructed_on=None,
        label="Kennel run",
        actor=officer,
    )
    return enclosure


def test_the_map_labels_each_measured_distance_and_says_which_fail(site, enclosure):
    report = queries.placement_report(enclosure, TODAY)
    drawn = parcel_map(site["p1"], [report], TODAY)
    svg = str(drawn.svg)
    # accessible: an image named by its title and description
    assert svg.startswith("<svg ")
    assert 'role="img"' in svg
    assert 'aria-labelledby="parcel-map-title parcel-map-desc"' in svg
    assert '<title id="parcel-map-title">Map of parcel P-1, 100 Enclosure St NW</title>' in svg
    assert '<desc id="parcel-map-desc">' in svg
    # the side line 20.0 ft away complies; the neighbour's house 30.0 ft away is too close
    assert ">20.0 ft</text>" in svg
    assert ">30.0 ft too close</text>" in svg
    assert ">180.0 ft</text>" in svg
    assert ">233.0 ft</text>" in svg
    assert ">main structure 93.0 ft</text>" in svg
    assert svg.count('class="measurement complies"') == 3
    assert svg.count('class="measurement too-close"') == 1
    assert 'stroke="#d83933" stroke-width="2.5" stroke-dasharray="6 3"' in svg
    # lot lines labelled with their kind and edge number
    for label in ("front (0)", "side (1)", "rear (2)", "side (3)"):
        assert f">{label}</text>" in svg
    assert ">main structure</text>" in svg
    assert svg.count('class="neighbour"') == 2
    assert "notice-buffer" not in svg
    # the table beside the map says the same
    rows = {(r.target, r.distance, r.verdict) for r in drawn.rows}
    assert ("side lot line (edge 3)", "20.0 ft", "complies") in rows
    assert ("West house on parcel P-2", "30.0 ft", "too close") in rows
    assert "30.0 ft, at least 40 ft, too close" in drawn.description


def test_north_is_up_and_coordinates_are_local_and_rounded(site, enclosure):
    report = queries.placement_report(enclosure, TODAY)
    svg = str(parcel_map(site["p1"], [report], TODAY).svg)
    _, _, width, height = view_box(svg)
    assert width < 1000 and height < 1000  # a local origin, not state-plane millions
    # the parcel's north-west corner (0, 400) is above its south-west corner (0, 0)
    parcel = re.search(r'class="parcel" d="M([\d.]+) ([\d.]+) L([\d.]+) ([\d.]+)', svg)
    assert parcel
    south_y = float(parcel.group(2))
    edge = re.search(r'data-edge="2" x1="[\d.]+" y1="([\d.]+)"', svg)
    assert edge and float(edge.group(1)) < south_y
    assert not re.search(r"\d\.\d\d", svg.split("</desc>")[1].split("<text")[0])


def test_a_commercial_kennel_application_shows_its_notice_buffer(site, enclosure):
    # given a commercial kennel application on P-1 whose notice list holds P-2
    application = CommercialKennelApplication.objects.create(
        number="CK2026-0001",
        applicant=site["erik"],
        parcel=site["p1"],
        dogs_requested=12,
        applied_on=D(2026, 11, 1),
    )
    NoticeRecipient.objects.create(
        application=application,
        parcel=site["p2"],
        pin="P-2",
        distance_feet=Decimal("0.0"),
        owner_names="WEST, WANDA",
    )
    report = queries.placement_report(enclosure, TODAY)
    drawn = parcel_map(site["p1"], [report], TODAY)
    svg = str(drawn.svg)
    # then the 1,320 ft buffer is drawn, the view holds it, and P-2 is hatched
    assert drawn.buffer_feet == 1320 and drawn.notified == ("P-2",)
    assert 'class="notice-buffer"' in svg and ">1,320 ft notice buffer</text>" in svg
    assert re.search(r'class="neighbour notified" data-pin="P-2"', svg)
    assert re.search(r'class="neighbour" data-pin="P-3"', svg)
    _, _, width, height = view_box(svg)
    assert width >= 300 + 2 * 1320 and height >= 400 + 2 * 1320
    assert "3-2-5.B.2" in drawn.description


def test_a_point_enclosure_and_a_parcel_without_road(site, officer):
    p1 = site["p1"]
    p1.road_centerline = None
    p1.save()
    enclosure, _ = services.record_enclosure(
        parcel=p1,
        location={"type": "Point", "coordinates": [X0 + 150, Y0 + 300]},
        constructed_on=None,
        actor=officer,
    )
    report = queries.placement_report(enclosure, TODAY)
    drawn = parcel_map(p1, [report], TODAY)
    svg = str(drawn.svg)
    assert '<circle class="enclosure"' in svg
    assert ">lot line (0)</text>" in svg  # kinds unknown without a road or lot lines set
    assert {r.verdict for r in drawn.rows if r.target == "none on record"} == {"not measured"}


def test_the_notice_buffer_follows_a_changed_notice_radius(site, enclosure, changed_params):
    # issue 11 item 5: given the council widens the notice radius of 3-2-5.B.2 to 1/2 mile
    changed_params({"nowthen.commercial_kennel.notice_radius_feet": 2640})
    application = CommercialKennelApplication.objects.create(
        number="CK2026-0001",
        applicant=site["erik"],
        parcel=site["p1"],
        dogs_requested=12,
        applied_on=D(2026, 11, 1),
    )
    NoticeRecipient.objects.create(
        application=application,
        parcel=site["p2"],
        pin="P-2",
        distance_feet=Decimal("0.0"),
        owner_names="WEST, WANDA",
    )
    # when the parcel page's map is drawn
    drawn = parcel_map(site["p1"], [queries.placement_report(enclosure, TODAY)], TODAY)
    svg = str(drawn.svg)
    # then the buffer and its words are the radius in force, not the shipped quarter mile
    assert drawn.buffer_feet == 2640
    assert ">2,640 ft notice buffer</text>" in svg and "1,320" not in svg
    _, _, width, height = view_box(svg)
    assert width >= 300 + 2 * 2640 and height >= 400 + 2 * 2640
