"""The questions of enclosures: placement, sanitation, pre-existing enclosures, shelter size and
shade. Each summary names the provisions it asks about as concepts (``{§enclosure.placement}``),
cited as the city in force numbers them (``Question.worded``); a city whose law does not state them
is not asked (``questions.not_in_law``)."""

from __future__ import annotations

from typing import Any

from dogtag.law import enclosures
from dogtag.law.enclosures import (
    ApplicabilityFacts,
    PlacementFacts,
    SanitationFacts,
    ShelterSizeFacts,
)
from dogtag.law.facts import FactsError, Question
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet


def _shelter(facts: ShelterSizeFacts, params: ParameterSet) -> list[Finding]:
    return [
        enclosures.shelter_size(
            list(facts.lengths_inches),
            facts.on,
            params,
            provided_square_feet=facts.provided_square_feet,
        ),
        enclosures.shade_required(facts.on, params),
    ]


def _applicability(facts: ApplicabilityFacts, params: ParameterSet) -> list[Finding]:
    try:
        return [
            enclosures.applicability(
                facts.constructed_on,
                facts.on,
                params,
                complaint_on=facts.complaint_on,
                notice_issued_on=facts.notice_issued_on,
                complied_on=facts.complied_on,
            )
        ]
    except ValueError as exc:
        raise FactsError("enclosure-applicability", [str(exc)]) from None


def _sanitation(facts: SanitationFacts, params: ParameterSet) -> list[Finding]:
    try:
        return [
            enclosures.sanitation(
                list(facts.found), longer_than_reasonable=facts.longer_than_reasonable
            )
        ]
    except ValueError as exc:
        raise FactsError("enclosure-sanitation", [str(exc)]) from None


_SHAPES = {
    "enclosure": ("Polygon", "Point"),
    "main_structure": ("Polygon",),
    "road_centerline": ("LineString",),
    "parcel": ("Polygon",),
}
_SHAPE_LISTS = {
    "dwellings": "Polygon",
    "side_lot_lines": "LineString",
    "rear_lot_lines": "LineString",
}


def _placement(facts: PlacementFacts, params: ParameterSet) -> list[Finding]:
    problems = []
    for name, kinds in _SHAPES.items():
        shape = getattr(facts, name)
        if shape is not None and shape.geom_type not in kinds:
            problems.append(f"{name}: must be a {' or '.join(kinds)}, not a {shape.geom_type}")
    for name, kind in _SHAPE_LISTS.items():
        for index, shape in enumerate(getattr(facts, name) or ()):
            if shape.geom_type != kind:
                problems.append(f"{name}[{index}]: must be a {kind}, not a {shape.geom_type}")
    given_lines = facts.side_lot_lines is not None and facts.rear_lot_lines is not None
    if not given_lines and facts.parcel is None:
        problems.append("give the parcel, or both side_lot_lines and rear_lot_lines")
    if problems:
        raise FactsError("enclosure-placement", problems)
    findings: list[Finding] = []
    if facts.side_lot_lines is not None and facts.rear_lot_lines is not None:
        side, rear = list(facts.side_lot_lines), list(facts.rear_lot_lines)
    else:
        assert facts.parcel is not None  # checked above
        lot_lines = enclosures.classify_lot_lines(facts.parcel, facts.road_centerline)
        side, rear = list(lot_lines.side), list(lot_lines.rear)
        findings.append(enclosures.lot_lines_finding(lot_lines))
    findings += enclosures.placement(
        facts.enclosure,
        dwellings=list(facts.dwellings),
        side_lot_lines=side,
        rear_lot_lines=rear,
        road_centerline=facts.road_centerline,
        main_structure=facts.main_structure,
        on=facts.on,
        params=params,
    )
    return findings


QUESTIONS: tuple[Question[Any], ...] = (
    Question(
        name="shelter-size",
        summary=(
            "How much floor space must an enclosure give these dogs, and is shade required "
            "now? ({§enclosure.shelter_size}, {§enclosure.shade}, Minn. Stat. 346.39 subd. 4)"
        ),
        rules=("shelter.size", "shelter.shade"),
        facts=ShelterSizeFacts,
        answer=_shelter,
        example={"lengths_inches": ["36", "48"], "on": "2026-07-01", "provided_square_feet": "40"},
    ),
    Question(
        name="enclosure-sanitation",
        summary=(
            "Did feces, urine or food scraps remain in the enclosure longer than is reasonable "
            "and consistent with health, sanitation and the prevention of odor? "
            "({§enclosure.sanitation})"
        ),
        rules=("enclosure.sanitation",),
        facts=SanitationFacts,
        answer=_sanitation,
        example={"found": ["feces", "food_scraps"], "longer_than_reasonable": True},
    ),
    Question(
        name="enclosure-applicability",
        summary=(
            "Does {§enclosure.purpose} apply to this enclosure, and if it is pre-existing, when "
            "must it comply after a notice? ({§enclosure.applicability}, "
            "{§enclosure.compliance_notice})"
        ),
        rules=("enclosure.applicability", "enclosure.compliance_notice_grounds"),
        facts=ApplicabilityFacts,
        answer=_applicability,
        example={
            "constructed_on": "2003-06-01",
            "complaint_on": "2026-01-05",
            "notice_issued_on": "2026-01-15",
            "on": "2026-02-18",
        },
    ),
    Question(
        name="enclosure-placement",
        summary=(
            "Is this enclosure placed far enough from dwellings, lot lines and the road? "
            "({§enclosure.placement}; geometry as GeoJSON in feet)"
        ),
        rules=(
            "enclosure.lot_lines",
            "enclosure.dwelling_setback",
            "enclosure.side_lot_line_setback",
            "enclosure.rear_lot_line_setback",
            "enclosure.road_setback",
        ),
        facts=PlacementFacts,
        answer=_placement,
        example={
            "on": "2026-11-29",
            "parcel": {
                "type": "Polygon",
                "coordinates": [[[0, 0], [300, 0], [300, 400], [0, 400], [0, 0]]],
            },
            "road_centerline": {"type": "LineString", "coordinates": [[-100, -33], [400, -33]]},
            "main_structure": {
                "type": "Polygon",
                "coordinates": [[[100, 60], [180, 60], [180, 110], [100, 110], [100, 60]]],
            },
            "enclosure": {
                "type": "Polygon",
                "coordinates": [[[200, 300], [230, 300], [230, 330], [200, 330], [200, 300]]],
            },
            "dwellings": [
                {
                    "type": "Polygon",
                    "coordinates": [[[320, 320], [380, 320], [380, 370], [320, 370], [320, 320]]],
                }
            ],
        },
    ),
)
