"""3-2-5.B.2: notice to every property owner within 1/4 mile of the kennel parcel's outside
dimensions, computed from hand-made parcels whose distances are known exactly (feet)."""

import datetime as dt

import pytest
from shapely.geometry import MultiPolygon, Polygon, box

from dogtag.law.kennels import notice_list
from dogtag.law.questions import FactsError, question

ON = dt.date(2026, 11, 29)
KENNEL = box(0, 0, 660, 660)  # a 10-acre square


def east_of_kennel(gap: float) -> Polygon:
    """A parcel whose west edge lies ``gap`` feet east of the kennel parcel's east edge."""
    return box(660 + gap, 0, 660 + gap + 300, 660)


def corner_parcel(gap: float) -> Polygon:
    """A parcel off the north-east corner: nearest point is the corner, at exactly ``gap`` feet
    (3-4-5 triangle: 0.6 gap east, 0.8 gap north)."""
    x, y = 660 + 0.6 * gap, 660 + 0.8 * gap
    return box(x, y, x + 200, y + 200)


@pytest.mark.parametrize(
    "gap, notified",
    [
        (0, True),  # adjoining
        (1319, True),
        (1320, True),  # exactly 1/4 mile: "within" is inclusive
        (1320.0000001, True),  # floating-point residue, not law
        (1320.01, False),
        (1321, False),
    ],
)
def test_a_parcel_is_notified_when_within_a_quarter_mile(nowthen, gap, notified):  # 3-2-5.B.2
    finding = notice_list(KENNEL, {"P": east_of_kennel(gap)}, ON, nowthen)
    pins = [row["pin"] for row in finding.details["notified"]]
    assert pins == (["P"] if notified else [])
    assert finding.sections == ("3-2-5.B.2",)
    assert finding.blocks is False


def test_distance_is_from_the_outside_dimensions_not_the_centre(nowthen):
    # Given a corner parcel whose nearest corner is 1,319 ft away and one 1,321 ft away,
    # when the notice list is computed, then only the first is notified, with its distance.
    finding = notice_list(
        KENNEL, {"NEAR": corner_parcel(1319), "FAR": corner_parcel(1321)}, ON, nowthen
    )
    assert finding.details["notified"] == [{"pin": "NEAR", "distance_feet": 1319.0}]
    assert finding.details["nearest_not_notified"] == {"pin": "FAR", "distance_feet": 1321.0}
    assert finding.details["radius_feet"] == 1320
    assert finding.message == (
        "Notice to the owners of 1 parcel(s) within 1,320 feet of the outside dimensions of the "
        "kennel parcel (3-2-5.B.2). The farthest notified lies 1,319.0 ft away. The nearest "
        "parcel not notified lies 1,321.0 ft away."
    )
    assert [p.key for p in finding.parameters] == ["nowthen.commercial_kennel.notice_radius_feet"]


def test_notified_parcels_are_listed_nearest_first_then_by_pin(nowthen):
    neighbours = {
        "C": east_of_kennel(500),
        "B": east_of_kennel(0),
        "A": box(-300, 0, 0, 660),  # adjoining on the west
        "D": MultiPolygon([box(0, 2000, 10, 2010), box(0, 700, 10, 710)]),  # one part is 40 ft off
    }
    finding = notice_list(KENNEL, neighbours, ON, nowthen)
    assert [(r["pin"], r["distance_feet"]) for r in finding.details["notified"]] == [
        ("A", 0.0),
        ("B", 0.0),
        ("D", 40.0),
        ("C", 500.0),
    ]
    assert finding.details["nearest_not_notified"] is None


def test_no_neighbours_gives_an_empty_list(nowthen):
    finding = notice_list(KENNEL, {}, ON, nowthen)
    assert finding.details["notified"] == []
    assert finding.message == (
        "Notice to the owners of 0 parcel(s) within 1,320 feet of the outside dimensions of the "
        "kennel parcel (3-2-5.B.2)."
    )


def test_the_question_answers_from_geojson(nowthen):
    asked = question("commercial-kennel-notice-list")
    findings = asked.evaluate(asked.example, nowthen)
    assert [r["pin"] for r in findings[0].details["notified"]] == ["R01-0001"]
    assert findings[0].details["nearest_not_notified"] == {
        "pin": "R01-0002",
        "distance_feet": 1321.0,
    }


def test_the_question_names_each_bad_fact(nowthen):
    asked = question("commercial-kennel-notice-list")
    with pytest.raises(FactsError) as caught:
        asked.evaluate(
            {
                "on": "2026-11-29",
                "parcel": {"type": "Point", "coordinates": [0, 0]},
                "neighbours": [{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}],
                "neighbour_pins": ["A", "B"],
            },
            nowthen,
        )
    assert caught.value.problems == [
        "parcel: must be a Polygon or MultiPolygon, not a Point",
        "neighbours[0]: must be a Polygon or MultiPolygon, not a LineString",
        "neighbour_pins: 2 given for 1 neighbours",
    ]
    assert caught.value.question == "commercial-kennel-notice-list"
