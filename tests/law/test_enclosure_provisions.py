"""The enclosure rules cite concepts; each city's package cites its own sections (issue 27).

Nowthen states its dog enclosure standards in City Code 3-2-6: A placement (four setbacks), B
sanitation, C applicability (the effective date, and the notice of compliance to a pre-existing
enclosure), D shelter size and shade. Lino Lakes' ch. 503 has no section on dog enclosures: its
§ 503.11 health and maintenance standards ask for a shelter of "suitable size" and protection from
the sun all year, and for wastes managed "in a timely and sanitary manner" after notice, none in the
shape of a rule here, so its package maps no enclosure concept and every enclosure question is
refused there, never answered with Nowthen's section.

The Nowthen answers below are the ones the rules gave before they cited concepts (captured from
the code as it was): each finding's rule, outcome, sections, whether it blocks, and its message.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import json
from decimal import Decimal

import pytest
from shapely.geometry import LineString, box

from dogtag import cli
from dogtag.law import enclosures, provisions
from dogtag.law.catalogue import not_in_law as rules_not_in_law
from dogtag.law.enclosures import ApplicabilityFacts, ShelterSizeFacts
from dogtag.law.facts import FactsError, fields_of
from dogtag.law.questions import QUESTIONS, QuestionNotInLaw, evaluate, not_in_law
from dogtag.law.registry import RULES
from tests.law_of import in_nowthen

ON = dt.date(2026, 11, 29)
QUESTIONS_OF_ENCLOSURES = (
    "shelter-size",
    "enclosure-sanitation",
    "enclosure-applicability",
    "enclosure-placement",
)


# Every concept of the enclosure rules, with Nowthen's section; Lino Lakes maps none (its package
# says why for each)
CONCEPTS = [
    ("enclosure.purpose", "3-2-6"),
    ("enclosure.placement", "3-2-6.A"),
    ("enclosure.placement.dwelling", "3-2-6.A"),
    ("enclosure.placement.side_lot_line", "3-2-6.A"),
    ("enclosure.placement.rear_lot_line", "3-2-6.A"),
    ("enclosure.placement.road", "3-2-6.A"),
    ("enclosure.sanitation", "3-2-6.B"),
    ("enclosure.applicability", "3-2-6.C"),
    ("enclosure.compliance_notice", "3-2-6.C"),
    ("enclosure.shelter_size", "3-2-6.D"),
    ("enclosure.shade", "3-2-6.D"),
]


@pytest.mark.parametrize("concept, nowthen", CONCEPTS)
def test_an_enclosure_concept_is_nowthen_s_section_and_no_section_of_lino_lakes(
    in_force, concept, nowthen
):
    assert provisions.cite(concept, in_force("nowthen")) == nowthen
    with pytest.raises(provisions.UnknownProvision) as caught:
        provisions.cite(concept, in_force("lino-lakes"))
    assert str(caught.value) == (
        f"no section for {concept!r} in the packages of lino-lakes, minnesota"
    )


def test_the_enclosure_rules_cite_nowthen_s_sections_as_before(in_force):
    in_force("nowthen")
    enclosure_rules = {
        r.id: r.sections for r in RULES.values() if r.question in QUESTIONS_OF_ENCLOSURES
    }
    assert enclosure_rules == {
        # the side and rear lot lines are both A: cited once
        "enclosure.lot_lines": ("3-2-6.A",),
        "enclosure.dwelling_setback": ("3-2-6.A",),
        "enclosure.side_lot_line_setback": ("3-2-6.A",),
        "enclosure.rear_lot_line_setback": ("3-2-6.A",),
        "enclosure.road_setback": ("3-2-6.A",),
        "enclosure.sanitation": ("3-2-6.B",),
        # the effective date and the notice of compliance are both C: cited once
        "enclosure.applicability": ("3-2-6.C",),
        "enclosure.compliance_notice_grounds": ("3-2-6.C",),
        "shelter.size": ("3-2-6.D",),
        "shelter.shade": ("3-2-6.D",),
    }
    assert all(RULES[r].cited == () for r in enclosure_rules)  # none writes a section out


def test_the_catalogue_words_the_applicability_rule_with_nowthen_s_section(in_force):
    worded = RULES["enclosure.applicability"].worded(in_force("nowthen"), ON)
    assert worded.title == "Which enclosures 3-2-6 applies to"
    assert worded.summary == (
        "3-2-6 applies to enclosures constructed after January 1, 2004; an older enclosure must "
        "comply only after a complaint and a notice of compliance, within 30 days of the notice."
    )


def test_in_lino_lakes_no_enclosure_rule_is_law_and_each_says_why(in_force):
    says = "City of Lino Lakes's law states no"
    refused = {
        r.id: why
        for r, why in rules_not_in_law(in_force("lino-lakes"), ON)
        if r.question in QUESTIONS_OF_ENCLOSURES
    }
    assert refused == {
        "enclosure.lot_lines": (
            f"{says} enclosure.placement.side_lot_line, enclosure.placement.rear_lot_line"
        ),
        "enclosure.dwelling_setback": f"{says} enclosure.placement.dwelling",
        "enclosure.side_lot_line_setback": f"{says} enclosure.placement.side_lot_line",
        "enclosure.rear_lot_line_setback": f"{says} enclosure.placement.rear_lot_line",
        "enclosure.road_setback": f"{says} enclosure.placement.road",
        "enclosure.sanitation": f"{says} enclosure.sanitation",
        "enclosure.applicability": f"{says} enclosure.applicability, enclosure.compliance_notice",
        "enclosure.compliance_notice_grounds": f"{says} enclosure.compliance_notice",
        "shelter.size": f"{says} enclosure.shelter_size",
        "shelter.shade": f"{says} enclosure.shade",
    }


# ----------------------------------------------------------------------------- the answers


def square(x0: float, y0: float, x1: float, y1: float) -> dict:
    return {
        "type": "Polygon",
        "coordinates": [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]],
    }


def line(*points: tuple[float, float]) -> dict:
    return {"type": "LineString", "coordinates": [list(p) for p in points]}


# A 300 ft × 400 ft lot, the road's centerline 33 ft south of it, the house 93 ft from the road
LOT = square(0, 0, 300, 400)
ROAD = line((-100, -33), (400, -33))
HOUSE = square(100, 60, 180, 110)
DERIVED = (
    "enclosure.lot_lines",
    "derived",
    ["3-2-6.A"],
    False,
    "The parcel's 4 boundary edges, classified by the distance from each edge's midpoint to the "
    "road centerline: front = nearest (1 edge(s), 33.0 ft), rear = the farthest remaining edge "
    "(433.0 ft), side = the other 2 edge(s).",
)
NO_DWELLING = (
    "enclosure.dwelling_setback",
    "not_given",
    ["3-2-6.A"],
    False,
    "No adjacent dwelling or principal structure given: the 40 feet setback was not checked "
    "(3-2-6.A).",
)
ROAD_COMPLIES = (
    "enclosure.road_setback",
    "complies",
    ["3-2-6.A"],
    False,
    "The enclosure is 233.0 ft from the road's centerline, the main structure's nearest point "
    "93.0 ft: the enclosure is not closer to the road (3-2-6.A).",
)
SHADE_REQUIRED = (
    "shelter.shade",
    "required",
    ["3-2-6.D"],
    False,
    "Shade required: from May to October a shaded area must protect the dog from the direct rays "
    "of the sun at all times (3-2-6.D); required until November 1, 2026.",
)
OLD_NOTICE = {
    "constructed_on": "2003-06-01",
    "complaint_on": "2026-01-05",
    "notice_issued_on": "2026-01-15",
}
NOTICE_GIVEN = (
    "The enclosure was constructed on June 1, 2003, not after January 1, 2004: it is "
    "pre-existing; after the complaint of January 5, 2026 notice of compliance was given on "
    "January 15, 2026, so it must comply with 3-2-6 by February 17, 2026 (30 days, 3-2-6.C)."
)

# (question, facts, every finding as (rule, outcome, sections, blocks, message)), in Nowthen
ANSWERS = [
    (
        "shelter-size",
        {"lengths_inches": ["36", "48"], "on": "2026-07-01", "provided_square_feet": "40"},
        [
            (
                "shelter.size",
                "sufficient",
                ["3-2-6.D"],
                False,
                "Minimum floor space 39.0625 sq ft for 2 dogs sharing the enclosure (dog 1 (36 "
                "in): 14.0625 sq ft; dog 2 (48 in): 25 sq ft) (3-2-6.D). The 40 sq ft provided "
                "is sufficient.",
            ),
            SHADE_REQUIRED,
        ],
    ),
    (
        "shelter-size",
        {"lengths_inches": ["36", "48"], "on": "2026-12-01", "provided_square_feet": "30"},
        [
            (
                "shelter.size",
                "insufficient",
                ["3-2-6.D"],
                True,
                "Minimum floor space 39.0625 sq ft for 2 dogs sharing the enclosure (dog 1 (36 "
                "in): 14.0625 sq ft; dog 2 (48 in): 25 sq ft) (3-2-6.D). The 30 sq ft provided "
                "is insufficient, 9.0625 sq ft short.",
            ),
            (
                "shelter.shade",
                "not_required",
                ["3-2-6.D"],
                False,
                "No shade requirement on December 1, 2026: it applies from May to October "
                "(3-2-6.D); next required from May 1, 2027.",
            ),
        ],
    ),
    (
        "shelter-size",
        {"lengths_inches": ["37"], "on": "2026-05-01"},
        [
            (
                "shelter.size",
                "minimum",
                ["3-2-6.D"],
                False,
                "Minimum floor space 14.86↑ sq ft (dog 1 (37 in): 14.86↑ sq ft) (3-2-6.D). "
                "Figures marked ↑ do not terminate and are shown rounded up to the next 0.01 sq "
                "ft; the comparison uses the exact figure.",
            ),
            SHADE_REQUIRED,
        ],
    ),
    (
        "enclosure-sanitation",
        {"found": []},
        [
            (
                "enclosure.sanitation",
                "sanitary",
                ["3-2-6.B"],
                False,
                "No feces, urine or food scraps were found in the enclosure (3-2-6.B).",
            )
        ],
    ),
    (
        "enclosure-sanitation",
        {"found": ["feces", "urine", "food_scraps"], "longer_than_reasonable": True},
        [
            (
                "enclosure.sanitation",
                "violation",
                ["3-2-6.B"],
                True,
                "Violation: feces, urine and food scraps remained in the enclosure longer than "
                "is reasonable and consistent with health and sanitation and the prevention of "
                "odor (3-2-6.B).",
            )
        ],
    ),
    (
        "enclosure-sanitation",
        {"found": ["urine", "feces"], "longer_than_reasonable": False},
        [
            (
                "enclosure.sanitation",
                "sanitary",
                ["3-2-6.B"],
                False,
                "Urine and feces found in the enclosure had not remained longer than is "
                "reasonable (3-2-6.B): no violation.",
            )
        ],
    ),
    (
        "enclosure-applicability",
        {"on": "2026-02-18", "constructed_on": "2010-06-01"},
        [
            (
                "enclosure.applicability",
                "applies",
                ["3-2-6.C"],
                False,
                "3-2-6 applies: the enclosure was constructed on June 1, 2010, after January 1, "
                "2004, the effective date of the section (3-2-6.C).",
            )
        ],
    ),
    (
        "enclosure-applicability",
        {"on": "2026-02-18", "constructed_on": "2004-01-01"},
        [
            (
                "enclosure.applicability",
                "exempt",
                ["3-2-6.C"],
                False,
                "The enclosure was constructed on January 1, 2004, not after January 1, 2004: it "
                "is pre-existing, and no complaint and no notice of compliance, so it need not "
                "comply with 3-2-6 until the City Council gives notice of compliance after a "
                "complaint (3-2-6.C).",
            )
        ],
    ),
    (
        "enclosure-applicability",
        {"on": "2026-02-18", "complaint_on": "2026-01-05"},
        [
            (
                "enclosure.applicability",
                "construction_date_unknown",
                ["3-2-6.C"],
                False,
                "The construction date is not known; 3-2-6 applies if the enclosure was "
                "constructed after January 1, 2004. Treated here as pre-existing, and a "
                "complaint was received on January 5, 2026, but no notice of compliance has been "
                "given, so it need not comply with 3-2-6 until the City Council gives notice of "
                "compliance after a complaint (3-2-6.C).",
            )
        ],
    ),
    (
        "enclosure-applicability",
        {"on": "2026-02-10", **OLD_NOTICE},
        [("enclosure.applicability", "compliance_due", ["3-2-6.C"], False, NOTICE_GIVEN)],
    ),
    (
        "enclosure-applicability",
        {"on": "2026-02-18", **OLD_NOTICE},
        [
            (
                "enclosure.applicability",
                "violation",
                ["3-2-6.C"],
                True,
                f"{NOTICE_GIVEN} It has not complied: failure to comply within the period is a "
                "violation of 3-2-6 (3-2-6.C).",
            )
        ],
    ),
    (
        "enclosure-applicability",
        {"on": "2026-02-18", **OLD_NOTICE, "complied_on": "2026-02-01"},
        [
            (
                "enclosure.applicability",
                "complied",
                ["3-2-6.C"],
                False,
                f"{NOTICE_GIVEN} It complied on February 1, 2026, within the period.",
            )
        ],
    ),
    (
        "enclosure-applicability",
        {"on": "2026-03-18", **OLD_NOTICE, "complied_on": "2026-03-01"},
        [
            (
                "enclosure.applicability",
                "complied_late",
                ["3-2-6.C"],
                False,
                f"{NOTICE_GIVEN} It complied on March 1, 2026, after the period had ended: it "
                "was in violation of 3-2-6 from February 18, 2026 until then (3-2-6.C).",
            )
        ],
    ),
    (
        "enclosure-placement",
        {
            "on": "2026-11-29",
            "parcel": LOT,
            "road_centerline": ROAD,
            "main_structure": HOUSE,
            "enclosure": square(5, 20, 15, 30),
            "dwellings": [square(20, 40, 30, 50)],
        },
        [
            DERIVED,
            (
                "enclosure.dwelling_setback",
                "too_close",
                ["3-2-6.A"],
                True,
                "The enclosure is 11.2 ft from the nearest adjacent dwelling or principal "
                "structure and is closer than the required 40 feet (3-2-6.A).",
            ),
            (
                "enclosure.side_lot_line_setback",
                "too_close",
                ["3-2-6.A"],
                True,
                "The enclosure is 5.0 ft from the nearest side lot line and is closer than the "
                "required 20 feet (3-2-6.A).",
            ),
            (
                "enclosure.rear_lot_line_setback",
                "complies",
                ["3-2-6.A"],
                False,
                "The enclosure is 370.0 ft from the nearest rear lot line and complies with the "
                "required 35 feet (3-2-6.A).",
            ),
            (
                "enclosure.road_setback",
                "too_close",
                ["3-2-6.A"],
                True,
                "The enclosure is 53.0 ft from the road's centerline, the main structure's "
                "nearest point 93.0 ft: the enclosure is closer to the road (3-2-6.A).",
            ),
        ],
    ),
    (
        "enclosure-placement",
        {
            "on": "2026-11-29",
            "road_centerline": ROAD,
            "main_structure": HOUSE,
            "enclosure": square(150, 200, 170, 220),
            "side_lot_lines": [],
            "rear_lot_lines": [],
        },
        [
            NO_DWELLING,
            (
                "enclosure.side_lot_line_setback",
                "not_given",
                ["3-2-6.A"],
                False,
                "No side lot line given: the 20 feet setback was not checked (3-2-6.A).",
            ),
            (
                "enclosure.rear_lot_line_setback",
                "not_given",
                ["3-2-6.A"],
                False,
                "No rear lot line given: the 35 feet setback was not checked (3-2-6.A).",
            ),
            ROAD_COMPLIES,
        ],
    ),
    (
        "enclosure-placement",
        {
            "on": "2026-11-29",
            "road_centerline": ROAD,
            "main_structure": HOUSE,
            "enclosure": square(150, 200, 170, 220),
            "side_lot_lines": [line((0, 0), (0, 400))],
            "rear_lot_lines": [line((0, 400), (300, 400))],
        },
        [
            NO_DWELLING,
            (
                "enclosure.side_lot_line_setback",
                "complies",
                ["3-2-6.A"],
                False,
                "The enclosure is 150.0 ft from the nearest side lot line and complies with the "
                "required 20 feet (3-2-6.A).",
            ),
            (
                "enclosure.rear_lot_line_setback",
                "complies",
                ["3-2-6.A"],
                False,
                "The enclosure is 180.0 ft from the nearest rear lot line and complies with the "
                "required 35 feet (3-2-6.A).",
            ),
            ROAD_COMPLIES,
        ],
    ),
]


@pytest.mark.parametrize("question, facts, findings", ANSWERS)
def test_an_enclosure_question_answers_in_nowthen_as_before(in_force, question, facts, findings):
    # given Nowthen in force, when the question is asked
    answer = evaluate(question, facts, in_force("nowthen"))
    # then each finding cites Nowthen's section, as before the rules cited concepts
    assert answer["jurisdiction"] == "nowthen"
    assert [
        (f["rule"], f["outcome"], f["sections"], f["blocks"], f["message"])
        for f in answer["findings"]
    ] == findings


# (question, facts, the problem reported), in Nowthen: the facts' problems name the section too
PROBLEMS = [
    (
        "enclosure-sanitation",
        {"found": ["feces"]},
        "longer_than_reasonable: needed when something was found (3-2-6.B)",
    ),
    (
        "enclosure-applicability",
        {"on": "2026-02-18", "constructed_on": "2003-06-01", "notice_issued_on": "2026-01-15"},
        "a notice of compliance follows a complaint (3-2-6.C): give its date",
    ),
]


@pytest.mark.parametrize("question, facts, problem", PROBLEMS)
def test_a_problem_with_the_facts_names_nowthen_s_section_as_before(
    in_force, question, facts, problem
):
    with pytest.raises(FactsError) as caught:
        evaluate(question, facts, in_force("nowthen"))
    assert caught.value.problems == [problem]


# The findings the parcel pages and notices make without a question (rule, outcome, sections,
# message), in Nowthen, as before
LOT_BOX = box(0, 0, 300, 400)
ROAD_LINE = LineString([(-100, -33), (400, -33)])
HOUSE_BOX = box(100, 60, 200, 110)
DIRECT = [
    (
        lambda p: enclosures.lot_lines_set([2, 1], [3], "survey"),
        (
            "enclosure.lot_lines",
            "set",
            ("3-2-6.A",),
            "Lot lines set by the zoning administrator: side edges 1, 2, rear edge 3, the other "
            "edges front (reason: survey).",
        ),
    ),
    (
        lambda p: enclosures.lot_lines_unknown(ON, p),
        (
            "enclosure.lot_lines",
            "not_checked",
            ("3-2-6.A",),
            "The side and rear lot lines are not known: the parcel has no road centerline on "
            "record to derive them from and no lot lines set by the zoning administrator, so the "
            "20 ft and 35 ft setbacks cannot be measured (3-2-6.A).",
        ),
    ),
    (
        lambda p: enclosures.road_setback_not_checked(["road centerline", "main structure"]),
        (
            "enclosure.road_setback",
            "not_checked",
            ("3-2-6.A",),
            "Not checked whether the enclosure is closer to the road's centerline than the main "
            "structure: the parcel has no road centerline and no main structure on record "
            "(3-2-6.A).",
        ),
    ),
    (
        lambda p: enclosures.road_setback(box(10, 10, 20, 20), HOUSE_BOX, ROAD_LINE),
        (
            "enclosure.road_setback",
            "too_close",
            ("3-2-6.A",),
            "The enclosure is 43.0 ft from the road's centerline, the main structure's nearest "
            "point 93.0 ft: the enclosure is closer to the road (3-2-6.A).",
        ),
    ),
    (
        lambda p: enclosures.sanitation(None),
        (
            "enclosure.sanitation",
            "required",
            ("3-2-6.B",),
            "Keep the enclosure clean: feces, urine and food scraps may not remain in it longer "
            "than is reasonable and consistent with health and sanitation and the prevention of "
            "odor (3-2-6.B).",
        ),
    ),
    (
        lambda p: enclosures.compliance_notice_grounds(
            dt.date(2026, 1, 10), dt.date(2026, 1, 5), "dogs bark"
        ),
        (
            "enclosure.compliance_notice_grounds",
            "no_complaint_yet",
            ("3-2-6.C",),
            "The complaint (January 10, 2026) must be received on or before the notice is issued "
            "(January 5, 2026): a notice of compliance follows a complaint (3-2-6.C).",
        ),
    ),
    (
        lambda p: enclosures.compliance_notice_grounds(
            dt.date(2026, 1, 5), dt.date(2026, 1, 10), "  "
        ),
        (
            "enclosure.compliance_notice_grounds",
            "complaint_not_stated",
            ("3-2-6.C",),
            "Summarize the complaint: the notice quotes it (3-2-6.C).",
        ),
    ),
    (
        lambda p: enclosures.compliance_notice_grounds(
            dt.date(2026, 1, 5),
            dt.date(2026, 1, 10),
            "odor",
            enclosures.applicability(dt.date(2010, 1, 1), dt.date(2026, 1, 10), p),
        ),
        (
            "enclosure.compliance_notice_grounds",
            "applies",
            ("3-2-6.C",),
            "No notice of compliance: a notice is given only to a pre-existing enclosure "
            "(3-2-6.C). 3-2-6 applies: the enclosure was constructed on January 1, 2010, after "
            "January 1, 2004, the effective date of the section (3-2-6.C). It must comply now; a "
            "failure is a violation of 3-2-6 without notice.",
        ),
    ),
    (
        lambda p: enclosures.shelter_size(
            [Decimal("36")], ON, p, provided_square_feet=Decimal("14.0624")
        ),
        (
            "shelter.size",
            "insufficient",
            ("3-2-6.D",),
            "Minimum floor space 14.0625 sq ft (dog 1 (36 in): 14.0625 sq ft) (3-2-6.D). The "
            "14.0624 sq ft provided is insufficient, 0.0001 sq ft short.",
        ),
    ),
]


@pytest.mark.parametrize("make, expected", DIRECT)
def test_a_finding_made_outside_a_question_cites_nowthen_s_section_as_before(
    in_force, make, expected
):
    found = make(in_force("nowthen"))
    assert (found.rule, found.outcome, found.sections, found.message) == expected


@pytest.mark.parametrize(
    "make, message",
    [
        (
            lambda: enclosures.sanitation(["bones"]),
            "bones: not one of feces, urine, food_scraps (3-2-6.B)",
        ),
        (
            lambda: enclosures.sanitation(["feces"]),
            "say whether what was found remained longer than is reasonable and consistent with "
            "health and sanitation and the prevention of odor (3-2-6.B)",
        ),
    ],
)
def test_a_sanitation_refusal_names_nowthen_s_section_as_before(in_force, make, message):
    in_force("nowthen")
    with pytest.raises(ValueError) as caught:
        make()
    assert str(caught.value) == message


# ----------------------------------------------------------------------------- the questions

SUMMARIES = {
    "shelter-size": (
        "How much floor space must an enclosure give these dogs, and is shade required now? "
        "(3-2-6.D, Minn. Stat. 346.39 subd. 4)"
    ),
    "enclosure-sanitation": (
        "Did feces, urine or food scraps remain in the enclosure longer than is reasonable and "
        "consistent with health, sanitation and the prevention of odor? (3-2-6.B)"
    ),
    "enclosure-applicability": (
        "Does 3-2-6 apply to this enclosure, and if it is pre-existing, when must it comply after "
        "a notice? (3-2-6.C)"
    ),
    "enclosure-placement": (
        "Is this enclosure placed far enough from dwellings, lot lines and the road? (3-2-6.A; "
        "geometry as GeoJSON in feet)"
    ),
}

# (question, the refusal in Lino Lakes)
REFUSALS = [
    (
        "shelter-size",
        "City of Lino Lakes cannot be asked 'shelter-size' yet: shelter.size: City of Lino "
        "Lakes's law states no enclosure.shelter_size; shelter.shade: City of Lino Lakes's law "
        "states no enclosure.shade.",
    ),
    (
        "enclosure-sanitation",
        "City of Lino Lakes cannot be asked 'enclosure-sanitation' yet: enclosure.sanitation: "
        "City of Lino Lakes's law states no enclosure.sanitation.",
    ),
    (
        "enclosure-applicability",
        "City of Lino Lakes cannot be asked 'enclosure-applicability' yet: "
        "enclosure.applicability: City of Lino Lakes's law states no enclosure.applicability, "
        "enclosure.compliance_notice; enclosure.compliance_notice_grounds: City of Lino Lakes's "
        "law states no enclosure.compliance_notice.",
    ),
    (
        "enclosure-placement",
        "City of Lino Lakes cannot be asked 'enclosure-placement' yet: enclosure.lot_lines: City "
        "of Lino Lakes's law states no enclosure.placement.side_lot_line, "
        "enclosure.placement.rear_lot_line; enclosure.dwelling_setback: City of Lino Lakes's law "
        "states no enclosure.placement.dwelling; enclosure.side_lot_line_setback: City of Lino "
        "Lakes's law states no enclosure.placement.side_lot_line; "
        "enclosure.rear_lot_line_setback: City of Lino Lakes's law states no "
        "enclosure.placement.rear_lot_line; enclosure.road_setback: City of Lino Lakes's law "
        "states no enclosure.placement.road.",
    ),
]


@pytest.mark.parametrize("question, summary", SUMMARIES.items())
def test_an_enclosure_question_s_summary_names_nowthen_s_section_as_before(
    in_force, question, summary
):
    nowthen = in_force("nowthen")
    asked = QUESTIONS[question]
    assert asked.worded(nowthen, ON).summary == summary
    assert asked.schema()["description"] == summary


@pytest.mark.parametrize("question, refusal", REFUSALS)
def test_lino_lakes_is_not_asked_an_enclosure_question(in_force, question, refusal):
    # given Lino Lakes, whose law states no enclosure provision in the rules' shape
    lino_lakes = in_force("lino-lakes")
    asked = QUESTIONS[question]
    # when asked, then refused with every rule and the provision it lacks
    with pytest.raises(QuestionNotInLaw) as caught:
        evaluate(question, asked.examples, lino_lakes)
    assert str(caught.value) == refusal
    # and its summary cannot be worded there: it is not listed (below)
    with pytest.raises(provisions.UnknownProvision):
        asked.worded(lino_lakes, ON)


def test_the_question_list_has_nowthen_s_enclosure_questions_and_none_in_lino_lakes(in_force):
    def listed() -> dict[str, str]:
        out = io.StringIO()
        assert cli.main(["evaluate", "--list"], out=out) == 0
        return {q["question"]: q["summary"] for q in json.loads(out.getvalue())}

    in_force("nowthen")
    nowthen = listed()
    # every question of Nowthen's law (not Lino Lakes' own prohibitions, law.prohibitions)
    assert list(nowthen) == in_nowthen()
    assert set(QUESTIONS) - set(nowthen) == {"abandonment", "feces-removal"}
    assert {q: nowthen[q] for q in SUMMARIES} == SUMMARIES
    lino_lakes = in_force("lino-lakes")
    assert list(listed()) == [q for q in QUESTIONS if not not_in_law(QUESTIONS[q], lino_lakes)]
    assert not set(listed()) & set(SUMMARIES)


def test_a_schema_shows_in_lino_lakes_naming_the_provisions_it_lacks(in_force):
    # the facts' schema is a document about the question, shown as a fact's label is
    in_force("lino-lakes")
    assert QUESTIONS["enclosure-applicability"].schema()["description"] == (
        "Does [enclosure.purpose: no section] apply to this enclosure, and if it is pre-existing, "
        "when must it comply after a notice? ([enclosure.applicability: no section], "
        "[enclosure.compliance_notice: no section])"
    )


def test_a_question_whose_summary_names_a_provision_the_city_lacks_is_not_law_there(in_force):
    # given a question whose rules are Lino Lakes' law but whose summary names an enclosure
    # provision (so it could not be worded there)
    barking = dataclasses.replace(
        QUESTIONS["barking"], summary="Barking near an enclosure ({§enclosure.placement})?"
    )
    # then it is not law in Lino Lakes, and is in Nowthen
    assert not_in_law(barking, in_force("lino-lakes")) == [
        "its summary: City of Lino Lakes's law states no enclosure.placement"
    ]
    assert not_in_law(barking, in_force("nowthen")) == []


def test_a_fact_s_label_names_the_city_s_section_or_says_it_has_none(in_force):
    def labels(facts: type) -> dict[str, str]:
        return {f.name: f.description for f in fields_of(facts)}

    in_force("nowthen")
    assert labels(ApplicabilityFacts)["notice_issued_on"] == (
        "When the notice of compliance was issued (3-2-6.C)"
    )
    assert labels(ShelterSizeFacts)["lengths_inches"] == (
        "Each dog's length from the tip of the nose to the base of the tail (3-2-6.D)"
    )
    in_force("lino-lakes")
    assert labels(ApplicabilityFacts)["notice_issued_on"] == (
        "When the notice of compliance was issued ([enclosure.compliance_notice: no section])"
    )
    assert labels(ShelterSizeFacts)["lengths_inches"] == (
        "Each dog's length from the tip of the nose to the base of the tail "
        "([enclosure.shelter_size: no section])"
    )
