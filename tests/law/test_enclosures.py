"""3-2-6 Dog enclosures/shelters: placement (A), applicability (C), shelter size and shade (D).

The parcels are drawn by hand in feet so that every distance is known exactly: a 300 ft × 400 ft lot
from (0, 0) to (300, 400), the road's centerline along its south edge at y = -33 ft, the house from
(100, 60) to (200, 110) (its nearest point 93 ft from the centerline), a neighbour's house east of
the lot from (320, 200) to (360, 240).
"""

import datetime as dt
import json
import re
from decimal import Decimal

import pytest
from shapely.geometry import LineString, Point, Polygon, box

from dogtag.law import enclosures, questions
from dogtag.law.catalogue import RULES
from dogtag.law.enclosures import (
    applicability,
    classify_lot_lines,
    dwelling_setback,
    placement,
    rear_lot_line_setback,
    road_setback,
    shade_required,
    shelter_size,
    side_lot_line_setback,
)
from dogtag.law.findings import blocking
from dogtag.law.params import default

D = dt.date
ON = D(2026, 11, 29)

LOT = box(0, 0, 300, 400)
ROAD = LineString([(-100, -33), (400, -33)])
HOUSE = box(100, 60, 200, 110)
NEIGHBOUR = box(320, 200, 360, 240)
SIDE_LINES = [LineString([(0, 0), (0, 400)]), LineString([(300, 0), (300, 400)])]
REAR_LINES = [LineString([(0, 400), (300, 400)])]
GOOD_ENCLOSURE = box(150, 200, 170, 220)


def pen_east_edge_at(x: float) -> Polygon:
    """A 10 ft × 10 ft pen whose east edge is at ``x``, level with the neighbour's house."""
    return box(x - 10, 205, x, 215)


def pen_north_edge_at(y: float) -> Polygon:
    return box(150, y - 10, 160, y)


# ------------------------------------------------------------------------------- 3-2-6.D size


@pytest.mark.parametrize(
    "lengths, minimums, total",
    [
        (["36"], ["14.0625"], "14.0625"),
        (["48"], ["25"], "25"),
        (["36", "48"], ["14.0625", "25"], "39.0625"),
        (["24", "24", "24"], ["6.25", "6.25", "6.25"], "18.75"),
    ],
)
def test_shelter_minimum_is_exact(nowthen, lengths, minimums, total):
    # given dogs measured nose tip to tail base, in inches
    # when the minimum floor space is computed
    finding = shelter_size([Decimal(x) for x in lengths], ON, nowthen)
    # then each dog's minimum is ((L × 1.25)²) / 144 exactly, and a shared enclosure needs the sum
    assert finding.outcome == "minimum" and not finding.blocks
    assert finding.details["minimum_square_feet"] == [Decimal(x) for x in minimums]
    assert finding.details["total_square_feet"] == Decimal(total)
    assert finding.sections == ("3-2-6.D",)
    assert [p.key for p in finding.parameters] == [
        "nowthen.shelter.length_allowance_percent",
        "nowthen.shelter.square_inches_per_square_foot",
    ]


def test_shelter_message_lists_each_dog_and_the_total(nowthen):
    finding = shelter_size([Decimal(36), Decimal(48)], ON, nowthen)
    assert finding.message == (
        "Minimum floor space 39.0625 sq ft for 2 dogs sharing the enclosure "
        "(dog 1 (36 in): 14.0625 sq ft; dog 2 (48 in): 25 sq ft) (3-2-6.D)."
    )


def test_shelter_minimum_that_does_not_terminate_is_shown_rounded_up(nowthen):
    # given a 37-inch dog: 46.25² / 144 = 14.8546006944...
    finding = shelter_size([Decimal(37)], ON, nowthen)
    # then the message rounds up to the cent of a square foot and says so, the details keep the
    # full value
    assert finding.message == (
        "Minimum floor space 14.86↑ sq ft (dog 1 (37 in): 14.86↑ sq ft) (3-2-6.D). Figures marked "
        "↑ do not terminate and are shown rounded up to the next 0.01 sq ft; the comparison uses "
        "the exact figure."
    )
    assert finding.details["total_square_feet"] == Decimal("2139.0625") / 144


def test_shelter_minimum_that_terminates_is_shown_exactly(nowthen):
    # given a 42-inch dog: 52.5² / 144 = 19.140625 exactly (not "19.15")
    finding = shelter_size([Decimal(42)], ON, nowthen, provided_square_feet=Decimal("19.14"))
    # then the message shows the exact figure, and 19.14 provided is short by the exact 0.000625
    assert finding.message == (
        "Minimum floor space 19.140625 sq ft (dog 1 (42 in): 19.140625 sq ft) (3-2-6.D). "
        "The 19.14 sq ft provided is insufficient, 0.000625 sq ft short."
    )
    assert (finding.outcome, finding.blocks) == ("insufficient", True)
    assert finding.details["total_square_feet"] == Decimal("19.140625")


@pytest.mark.parametrize(
    "provided, outcome",
    [("14.85", "insufficient"), ("14.8546", "insufficient"), ("14.86", "sufficient")],
)
def test_rounded_up_figure_is_never_below_what_is_compared(nowthen, provided, outcome):
    # given a 37-inch dog (14.8546006944... sq ft, shown as 14.86↑)
    finding = shelter_size([Decimal(37)], ON, nowthen, provided_square_feet=Decimal(provided))
    # then the exact figure decides: providing the figure shown always suffices
    assert finding.outcome == outcome


@pytest.mark.parametrize(
    "provided, outcome, blocks, shortfall",
    [
        ("39.0625", "sufficient", False, "0"),
        ("40", "sufficient", False, "0"),
        ("39", "insufficient", True, "0.0625"),
        ("25", "insufficient", True, "14.0625"),
    ],
)
def test_shared_shelter_sufficient_or_not(nowthen, provided, outcome, blocks, shortfall):
    # given a 36-inch and a 48-inch dog sharing an enclosure (39.0625 sq ft needed)
    # when the enclosure's floor space is compared
    finding = shelter_size(
        [Decimal(36), Decimal(48)], ON, nowthen, provided_square_feet=Decimal(provided)
    )
    # then it is sufficient exactly when it reaches the sum
    assert (finding.outcome, finding.blocks) == (outcome, blocks)
    assert finding.details["shortfall_square_feet"] == Decimal(shortfall)


def test_insufficient_shelter_message(nowthen):
    finding = shelter_size([Decimal(48)], ON, nowthen, provided_square_feet=Decimal(20))
    assert finding.message == (
        "Minimum floor space 25 sq ft (dog 1 (48 in): 25 sq ft) (3-2-6.D). "
        "The 20 sq ft provided is insufficient, 5 sq ft short."
    )


@pytest.mark.parametrize("lengths", [[], [Decimal(0)], [Decimal(30), Decimal(-1)]])
def test_shelter_needs_positive_lengths(nowthen, lengths):
    with pytest.raises(ValueError):
        shelter_size(lengths, ON, nowthen)


def test_shelter_refuses_floats(nowthen):
    with pytest.raises(TypeError, match="not float"):
        shelter_size([36.3], ON, nowthen)
    with pytest.raises(TypeError, match="not float"):
        shelter_size([Decimal(36)], ON, nowthen, provided_square_feet=14.1)


# ------------------------------------------------------------------------------- 3-2-6.D shade


@pytest.mark.parametrize(
    "on, outcome, next_date",
    [
        (D(2026, 4, 30), "not_required", D(2026, 5, 1)),
        (D(2026, 5, 1), "required", D(2026, 11, 1)),
        (D(2026, 7, 4), "required", D(2026, 11, 1)),
        (D(2026, 10, 31), "required", D(2026, 11, 1)),
        (D(2026, 11, 1), "not_required", D(2027, 5, 1)),
        (D(2026, 1, 15), "not_required", D(2026, 5, 1)),
    ],
)
def test_shade_required_may_to_october(nowthen, on, outcome, next_date):
    # given a day of the year, when shade is asked about, then May to October inclusive need it
    finding = shade_required(on, nowthen)
    assert (finding.outcome, finding.next_date, finding.blocks) == (outcome, next_date, False)
    assert finding.sections == ("3-2-6.D",)


def test_shade_message(nowthen):
    assert shade_required(D(2026, 6, 1), nowthen).message == (
        "Shade required: from May to October a shaded area must protect the dog from the direct "
        "rays of the sun at all times (3-2-6.D); required until November 1, 2026."
    )


# ------------------------------------------------------------------------------- 3-2-6.C


@pytest.mark.parametrize(
    "constructed_on, complaint_on, outcome",
    [
        (D(2004, 1, 2), None, "applies"),
        (D(2020, 6, 1), D(2026, 1, 5), "applies"),
        # "constructed AFTER January 1, 2004": built on that very day is pre-existing
        (D(2004, 1, 1), None, "exempt"),
        (D(2003, 6, 1), None, "exempt"),
        (D(2003, 6, 1), D(2026, 1, 5), "exempt"),
        (None, None, "construction_date_unknown"),
    ],
)
def test_applicability_by_construction_date(nowthen, constructed_on, complaint_on, outcome):
    # given an enclosure's construction date and perhaps a complaint, but no notice of compliance
    finding = applicability(constructed_on, ON, nowthen, complaint_on=complaint_on)
    # then 3-2-6 applies only to enclosures built after 2004-01-01
    assert (finding.outcome, finding.blocks, finding.deadline) == (outcome, False, None)
    assert finding.sections == ("3-2-6.C",)
    assert finding.parameters[0].key == "nowthen.enclosure.section_effective"


def test_enclosure_built_on_the_effective_date_is_pre_existing(nowthen):
    finding = applicability(D(2004, 1, 1), ON, nowthen)
    assert finding.message == (
        "The enclosure was constructed on January 1, 2004, not after January 1, 2004: it is "
        "pre-existing, and no complaint and no notice of compliance, so it need not comply with "
        "3-2-6 until the City Council gives notice of compliance after a complaint (3-2-6.C)."
    )


NOTICE = D(2026, 1, 15)  # a Thursday; day 30 is Saturday 2026-02-14


@pytest.mark.parametrize(
    "on, complied_on, outcome, blocks",
    [
        (D(2026, 1, 20), None, "compliance_due", False),
        (D(2026, 2, 17), None, "compliance_due", False),
        (D(2026, 2, 18), None, "violation", True),
        (D(2026, 3, 1), D(2026, 2, 10), "complied", False),
        (D(2026, 3, 1), D(2026, 2, 20), "complied_late", False),
    ],
)
def test_pre_existing_enclosure_after_notice(nowthen, on, complied_on, outcome, blocks):
    # given a pre-existing enclosure (built on 2004-01-01), a complaint, and a notice on 2026-01-15
    finding = applicability(
        D(2004, 1, 1),
        on,
        nowthen,
        complaint_on=D(2026, 1, 5),
        notice_issued_on=NOTICE,
        complied_on=complied_on,
    )
    # then it has until Tue 2026-02-17 to comply: day 30 (Sat 02-14) rolls over Sunday and
    # Washington's Birthday (Mon 02-16), per Minn. Stat. 645.15
    assert (finding.outcome, finding.blocks) == (outcome, blocks)
    assert finding.deadline is not None
    assert finding.deadline.due == D(2026, 2, 17)
    assert finding.deadline.last_counted_day == D(2026, 2, 14)
    assert [s.day for s in finding.deadline.skipped] == [
        D(2026, 2, 14),
        D(2026, 2, 15),
        D(2026, 2, 16),
    ]
    assert finding.details["due"] == D(2026, 2, 17)
    assert "nowthen.enclosure.compliance_notice_days" in [p.key for p in finding.parameters]


def test_violation_message_quotes_the_consequence(nowthen):
    finding = applicability(
        D(2003, 6, 1), D(2026, 2, 18), nowthen, complaint_on=D(2026, 1, 5), notice_issued_on=NOTICE
    )
    assert finding.message == (
        "The enclosure was constructed on June 1, 2003, not after January 1, 2004: it is "
        "pre-existing; after the complaint of January 5, 2026 notice of compliance was given on "
        "January 15, 2026, so it must comply with 3-2-6 by February 17, 2026 (30 days, 3-2-6.C). "
        "It has not complied: failure to comply within the period is a violation of 3-2-6 "
        "(3-2-6.C)."
    )


def test_late_compliance_is_recorded_as_late(nowthen):
    finding = applicability(
        D(2003, 6, 1),
        D(2026, 3, 1),
        nowthen,
        complaint_on=D(2026, 1, 5),
        notice_issued_on=NOTICE,
        complied_on=D(2026, 2, 20),
    )
    assert finding.details["complied_within_period"] is False
    assert finding.details["violation_from"] == D(2026, 2, 18)
    assert finding.message.endswith(
        "It complied on February 20, 2026, after the period had ended: it was in violation of "
        "3-2-6 from February 18, 2026 until then (3-2-6.C)."
    )


@pytest.mark.parametrize(
    "complaint_on, notice_issued_on",
    [(None, D(2026, 1, 15)), (D(2026, 1, 20), D(2026, 1, 15)), (D(2026, 12, 1), None)],
)
def test_applicability_refuses_impossible_facts(nowthen, complaint_on, notice_issued_on):
    # a notice without a complaint, a complaint after its notice, a complaint after the day asked
    with pytest.raises(ValueError):
        applicability(
            D(2003, 6, 1),
            ON,
            nowthen,
            complaint_on=complaint_on,
            notice_issued_on=notice_issued_on,
        )


# ------------------------------------------------------------------------------- 3-2-6.A


@pytest.mark.parametrize(
    "east_edge, distance, outcome, shown",
    [
        (280.1, 19.9, "too_close", "19.9 ft"),
        (280, 20, "complies", "20.0 ft"),
        (279.9, 20.1, "complies", "20.1 ft"),
    ],
)
def test_side_lot_line_setback(nowthen, east_edge, distance, outcome, shown):
    # given a pen whose east edge is 19.9, 20 or 20.1 ft from the east side lot line
    finding = side_lot_line_setback(pen_east_edge_at(east_edge), SIDE_LINES, ON, nowthen)
    # then 20 ft or more complies, and the distance is reported to 0.1 ft
    assert (finding.outcome, finding.blocks) == (outcome, outcome == "too_close")
    assert finding.details["distance_feet"] == pytest.approx(distance, abs=1e-9)
    assert finding.details["required_feet"] == 20
    assert finding.sections == ("3-2-6.A",)
    verdict = "complies with" if outcome == "complies" else "is closer than"
    assert finding.message == (
        f"The enclosure is {shown} from the nearest side lot line and {verdict} the required "
        f"20 feet (3-2-6.A)."
    )


def test_distance_just_under_the_setback_is_not_shown_as_equal(nowthen):
    # given a pen 19.96 ft from the side line: "20.0 ft" would hide the failure
    finding = side_lot_line_setback(pen_east_edge_at(280.04), SIDE_LINES, ON, nowthen)
    assert finding.outcome == "too_close"
    assert finding.message.startswith("The enclosure is 19.96 ft from the nearest side lot line")


@pytest.mark.parametrize(
    "north_edge, outcome, shown",
    [(365.1, "too_close", "34.9 ft"), (365, "complies", "35.0 ft"), (300, "complies", "100.0 ft")],
)
def test_rear_lot_line_setback(nowthen, north_edge, outcome, shown):
    finding = rear_lot_line_setback(pen_north_edge_at(north_edge), REAR_LINES, ON, nowthen)
    assert (finding.outcome, finding.blocks) == (outcome, outcome == "too_close")
    assert finding.details["required_feet"] == 35
    assert finding.message.startswith(f"The enclosure is {shown} from the nearest rear lot line")


@pytest.mark.parametrize(
    "east_edge, outcome, shown",
    [(280.1, "too_close", "39.9 ft"), (280, "complies", "40.0 ft")],
)
def test_dwelling_setback_reports_the_nearest(nowthen, east_edge, outcome, shown):
    # given the neighbour's house 39.9 or 40 ft away and another house far off
    far_house = box(-200, 0, -150, 50)
    finding = dwelling_setback(pen_east_edge_at(east_edge), [far_house, NEIGHBOUR], ON, nowthen)
    # then the nearest (the neighbour's, index 1) is measured against 40 ft
    assert (finding.outcome, finding.blocks) == (outcome, outcome == "too_close")
    assert finding.details["nearest_index"] == 1
    assert finding.details["required_feet"] == 40
    assert finding.message == (
        f"The enclosure is {shown} from the nearest adjacent dwelling or principal structure and "
        + ("complies with" if outcome == "complies" else "is closer than")
        + " the required 40 feet (3-2-6.A)."
    )


def test_no_dwellings_given_is_said_not_assumed(nowthen):
    finding = dwelling_setback(GOOD_ENCLOSURE, [], ON, nowthen)
    assert (finding.outcome, finding.blocks) == ("not_given", False)
    assert finding.message == (
        "No adjacent dwelling or principal structure given: the 40 feet setback was not checked "
        "(3-2-6.A)."
    )


@pytest.mark.parametrize(
    "enclosure, outcome, enclosure_feet",
    [
        (box(20, 50, 40, 70), "too_close", 83),  # nearer the road than the house (93 ft)
        (box(20, 60, 40, 80), "complies", 93),  # level with the house's nearest point
        (Point(250, 200), "complies", 233),
        (Point(250, 59.9), "too_close", 92.9),
    ],
)
def test_road_setback_compares_with_the_main_structure(nowthen, enclosure, outcome, enclosure_feet):
    # given the house's nearest point 93 ft from the road's centerline
    finding = road_setback(enclosure, HOUSE, ROAD)
    # then the enclosure may not be nearer the centerline; equally near is not nearer
    assert (finding.outcome, finding.blocks) == (outcome, outcome == "too_close")
    assert finding.details["distance_feet"] == pytest.approx(enclosure_feet, abs=1e-9)
    assert finding.details["main_structure_distance_feet"] == 93


def test_road_setback_message(nowthen):
    finding = road_setback(box(20, 50, 40, 70), HOUSE, ROAD)
    assert finding.message == (
        "The enclosure is 83.0 ft from the road's centerline, the main structure's nearest point "
        "93.0 ft: the enclosure is closer to the road (3-2-6.A)."
    )


def test_placement_gives_one_finding_per_requirement(nowthen):
    # given a pen in the middle of the back yard
    findings = placement(
        GOOD_ENCLOSURE,
        dwellings=[NEIGHBOUR],
        side_lot_lines=SIDE_LINES,
        rear_lot_lines=REAR_LINES,
        road_centerline=ROAD,
        main_structure=HOUSE,
        on=ON,
        params=nowthen,
    )
    # then each requirement of 3-2-6.A is a finding of its own, and none blocks
    assert [(f.rule, f.outcome) for f in findings] == [
        ("enclosure.dwelling_setback", "complies"),
        ("enclosure.side_lot_line_setback", "complies"),
        ("enclosure.rear_lot_line_setback", "complies"),
        ("enclosure.road_setback", "complies"),
    ]
    assert blocking(findings) == []
    assert [f.details["distance_feet"] for f in findings] == [150, 130, 180, 233]


def test_placement_from_classified_lot_lines_blocks_a_pen_in_the_corner(nowthen):
    lines = classify_lot_lines(LOT, ROAD)
    findings = placement(
        Point(295, 390),
        dwellings=[NEIGHBOUR],
        side_lot_lines=list(lines.side),
        rear_lot_lines=list(lines.rear),
        road_centerline=ROAD,
        main_structure=HOUSE,
        on=ON,
        params=nowthen,
    )
    assert [f.rule for f in blocking(findings)] == [
        "enclosure.side_lot_line_setback",
        "enclosure.rear_lot_line_setback",
    ]


def test_placement_needs_a_polygon_or_point(nowthen):
    with pytest.raises(ValueError):
        placement(
            LineString([(0, 0), (1, 1)]),
            dwellings=[],
            side_lot_lines=SIDE_LINES,
            rear_lot_lines=REAR_LINES,
            road_centerline=ROAD,
            main_structure=HOUSE,
            on=ON,
            params=nowthen,
        )


# ------------------------------------------------------------------------------- lot lines


def coordinates(lines):
    return sorted(sorted(line.coords) for line in lines)


def test_rectangle_lot_lines():
    # given the 300 × 400 lot with the road along its south edge
    lines = classify_lot_lines(LOT, ROAD)
    # then the south edge is the front, the north edge the rear, east and west the sides
    assert coordinates(lines.front) == [[(0, 0), (300, 0)]]
    assert coordinates(lines.rear) == [[(0, 400), (300, 400)]]
    assert coordinates(lines.side) == [[(0, 0), (0, 400)], [(300, 0), (300, 400)]]
    assert lines.description == (
        "The parcel's 4 boundary edges, classified by the distance from each edge's midpoint to "
        "the road centerline: front = nearest (1 edge(s), 33.0 ft), rear = the farthest "
        "remaining edge (433.0 ft), side = the other 2 edge(s)."
    )


def test_corner_lot_lines():
    # given the same lot on a corner: one centerline along the south and the west, 33 ft off each
    corner_road = LineString([(-33, 500), (-33, -33), (400, -33)])
    lines = classify_lot_lines(LOT, corner_road)
    # then both frontages are front lines; the east edge (midpoint 233 ft from the south road) is
    # farther than the north edge (183 ft from the west road), so the east edge is the rear and the
    # north edge the only side line
    assert coordinates(lines.front) == [[(0, 0), (0, 400)], [(0, 0), (300, 0)]]
    assert coordinates(lines.rear) == [[(300, 0), (300, 400)]]
    assert coordinates(lines.side) == [[(0, 400), (300, 400)]]


# ------------------------------------------------------------------------------- catalogue


def test_every_finding_is_json(nowthen):
    # given one finding of each rule, when expressed as JSON, then nothing is lost to a float
    findings = [
        shelter_size([Decimal(36)], ON, nowthen, provided_square_feet=Decimal(10)),
        shade_required(ON, nowthen),
        applicability(
            D(2003, 6, 1),
            D(2026, 2, 18),
            nowthen,
            complaint_on=D(2026, 1, 5),
            notice_issued_on=NOTICE,
        ),
        *placement(
            GOOD_ENCLOSURE,
            dwellings=[NEIGHBOUR],
            side_lot_lines=SIDE_LINES,
            rear_lot_lines=REAR_LINES,
            road_centerline=ROAD,
            main_structure=HOUSE,
            on=ON,
            params=nowthen,
        ),
    ]
    data = json.loads(json.dumps([f.to_json() for f in findings]))
    assert data[0]["details"]["total_square_feet"] == "14.0625"
    assert data[2]["deadline"]["due"] == "2026-02-17"
    assert (
        data[3]["facts"]["enclosure"] == "POLYGON ((170 200, 170 220, 150 220, 150 200, 170 200))"
    )


def test_every_enclosure_rule_is_catalogued_under_3_2_6():
    expected = {
        "shelter.size": ("3-2-6.D", "shelter-size"),
        "shelter.shade": ("3-2-6.D", "shelter-size"),
        "enclosure.lot_lines": ("3-2-6.A", "enclosure-placement"),
        "enclosure.applicability": ("3-2-6.C", "enclosure-applicability"),
        "enclosure.dwelling_setback": ("3-2-6.A", "enclosure-placement"),
        "enclosure.side_lot_line_setback": ("3-2-6.A", "enclosure-placement"),
        "enclosure.rear_lot_line_setback": ("3-2-6.A", "enclosure-placement"),
        "enclosure.road_setback": ("3-2-6.A", "enclosure-placement"),
    }
    assert {k: (RULES[k].section, RULES[k].question) for k in expected} == expected


# ----------------------------------------------------------------------------- 3-2-6.B


@pytest.mark.parametrize(
    "found, longer, outcome, blocks, message",
    [
        (
            None,
            None,
            "required",
            False,
            "Keep the enclosure clean: feces, urine and food scraps may not remain in it longer "
            "than is reasonable and consistent with health and sanitation and the prevention of "
            "odor (3-2-6.B).",
        ),
        (
            [],
            None,
            "sanitary",
            False,
            "No feces, urine or food scraps were found in the enclosure (3-2-6.B).",
        ),
        (
            ["feces"],
            True,
            "violation",
            True,
            "Violation: feces remained in the enclosure longer than is reasonable and consistent "
            "with health and sanitation and the prevention of odor (3-2-6.B).",
        ),
        (
            ["feces", "urine", "food_scraps", "feces"],
            True,
            "violation",
            True,
            "Violation: feces, urine and food scraps remained in the enclosure longer than is "
            "reasonable and consistent with health and sanitation and the prevention of odor "
            "(3-2-6.B).",
        ),
        (
            ["food_scraps"],
            False,
            "sanitary",
            False,
            "Food scraps found in the enclosure had not remained longer than is reasonable "
            "(3-2-6.B): no violation.",
        ),
    ],
)
def test_3_2_6_B_sanitation(found, longer, outcome, blocks, message):
    finding = enclosures.sanitation(found, longer_than_reasonable=longer)
    assert (finding.rule, finding.sections) == ("enclosure.sanitation", ("3-2-6.B",))
    assert (finding.outcome, finding.blocks, finding.message) == (outcome, blocks, message)


@pytest.mark.parametrize(
    "found, longer, problem",
    [
        (["feces"], None, "say whether what was found remained longer than is reasonable"),
        (["bones"], True, "bones: not one of feces, urine, food_scraps (3-2-6.B)"),
    ],
)
def test_3_2_6_B_sanitation_needs_the_inspectors_judgment(found, longer, problem):
    with pytest.raises(ValueError, match=re.escape(problem)):
        enclosures.sanitation(found, longer_than_reasonable=longer)


@pytest.mark.parametrize(
    "facts, answer",
    [
        ({"found": ["urine"], "longer_than_reasonable": True}, ("violation", True)),
        ({"found": []}, ("sanitary", False)),
    ],
)
def test_3_2_6_B_the_question_enclosure_sanitation(facts, answer):
    found = questions.evaluate("enclosure-sanitation", facts, default())["findings"]
    assert [(f["rule"], f["outcome"], f["blocks"]) for f in found] == [
        ("enclosure.sanitation", *answer)
    ]


def test_3_2_6_B_the_question_wants_the_judgment_when_something_was_found():
    with pytest.raises(questions.FactsError, match="longer_than_reasonable: needed"):
        questions.evaluate("enclosure-sanitation", {"found": ["feces"]}, default())
