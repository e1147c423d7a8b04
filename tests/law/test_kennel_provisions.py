"""The kennel rules cite concepts; each city's package cites its own sections (issue 27).

Nowthen states its dog limits and kennel licenses in one section of its City Code: the opening
paragraph (the limits by parcel size, the private kennel range, the conditional use permit above
ten dogs), A (the private kennel license) and B (the commercial kennel license). Lino Lakes states
at most three dogs over six months per property (§ 503.09(2)) and its kennel licenses in § 503.10:
(1) general, (2) the private kennel; (3), the commercial kennel, is not found. Its package maps
the dogs that count (over six months) and the private kennel's maximum of dogs, the provisions it
states in the rules' shape, and the variants of its own (the kennel license year, the inspection
before a license issues); every other is left unmapped, so each kennel question none of whose
variants is its law is refused there with why, never answered with Nowthen's section.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest

from dogtag.law import (
    kennel_conditions,
    kennel_license_issue,
    kennel_license_year,
    kennels,
    params,
    provisions,
)
from dogtag.law.clocks import CLOCKS
from dogtag.law.facts import FactsError, fields_of
from dogtag.law.questions import QUESTIONS, QuestionNotInLaw, evaluate, not_in_law
from dogtag.law.registry import RULES, unavailable

ON = dt.date(2026, 11, 29)
LINO_LAKES_LACKS = "no section for {!r} in the packages of lino-lakes, minnesota"


# ------------------------------------------------------------------------ the concepts, mapped

#: concept, Nowthen's section, Lino Lakes' (None: its text does not state the provision in the
#: shape of the rule applying it; its sections.yaml says why)
CONCEPTS = [
    ("dog_limit.limit", "3-2-5", "503.09(2)"),
    ("dog_limit.counted_age", "3-2-5", "503.09(2)"),
    # the variant of one limit per property (Lino Lakes'; Nowthen's limit is by acreage)
    ("dog_limit.per_property", None, "503.09(2)"),
    ("private_kennel.minimum_parcel", None, "503.10(2)"),
    ("dog_limit.by_parcel_size", "3-2-5", None),
    ("dog_limit.private_kennel_range", "3-2-5", None),
    ("dog_limit.conditional_use_permit", "3-2-5", None),
    ("private_kennel.license", "3-2-5.A", None),
    ("private_kennel.fee", "3-2-5.A.1", "503.10(1)(a)"),
    ("private_kennel.set_number", "3-2-5.A.2", None),
    ("private_kennel.max_dogs", "3-2-5.A.2", "503.10(2)"),
    ("private_kennel.relocation", "3-2-5.A.2", None),
    ("private_kennel.not_assignable", "3-2-5.A.2", None),
    ("private_kennel.term", "3-2-5.A.3", None),
    # the kennel license year (Lino Lakes; Nowthen's terms run years from their start)
    ("kennel.license_expiry", None, "503.10(1)(d)"),
    ("private_kennel.inspection", "3-2-5.A.4", None),
    ("private_kennel.one_per_party", "3-2-5.A.5", None),
    ("commercial_kennel.license", "3-2-5.B", None),
    ("commercial_kennel.council_license", "3-2-5.B.1", None),
    ("commercial_kennel.fee", "3-2-5.B.1", "503.10(1)(a)"),
    ("commercial_kennel.hearing", "3-2-5.B.2", None),
    ("commercial_kennel.hearing_notice", "3-2-5.B.2", None),
    ("commercial_kennel.recommendation", "3-2-5.B.2", None),
    ("commercial_kennel.term", "3-2-5.B.2", None),
    ("commercial_kennel.renewal", "3-2-5.B.2", None),
    ("commercial_kennel.outdoor_exercise", "3-2-5.B.3", None),
    ("commercial_kennel.indoor_housing", "3-2-5.B.4", None),
    ("commercial_kennel.shelter", "3-2-5.B.5", None),
    ("commercial_kennel.enclosure_size", "3-2-5.B.6", None),
    ("commercial_kennel.inspection", "3-2-5.B.7", None),
    ("commercial_kennel.waste", "3-2-5.B.8", None),
    ("commercial_kennel.feces_well_setback", "3-2-5.B.8", None),
    ("commercial_kennel.council_conditions", "3-2-5.B.9", None),
    # the inspection before a kennel license issues, the standards it checks, and the ten days
    # after which a modification of the license takes effect (Lino Lakes; Nowthen inspects after)
    ("kennel.inspection_before_issue", None, "503.10(1)(b)"),
    ("kennel.health_standards", None, "503.11"),
    ("kennel.license_modification", None, "503.10(1)(b)"),
]


@pytest.mark.parametrize("concept, nowthen, lino_lakes", CONCEPTS)
def test_each_kennel_concept_is_cited_as_each_city_numbers_it(
    in_force, concept, nowthen, lino_lakes
):
    if nowthen is None:
        with pytest.raises(provisions.UnknownProvision):
            provisions.cite(concept, in_force("nowthen"))
    else:
        assert provisions.cite(concept, in_force("nowthen")) == nowthen
    lino = in_force("lino-lakes")
    if lino_lakes is None:
        with pytest.raises(provisions.UnknownProvision) as caught:
            provisions.cite(concept, lino)
        assert str(caught.value) == LINO_LAKES_LACKS.format(concept)
    else:
        assert provisions.cite(concept, lino) == lino_lakes


def test_the_table_holds_every_concept_the_kennel_rules_name():
    # each provision the two modules apply is a constant of theirs (BY_PARCEL_SIZE, ...)
    named = {
        value
        for module in (kennels, kennel_conditions, kennel_license_year, kennel_license_issue)
        for name, value in vars(module).items()
        if name.isupper()
        and isinstance(value, str)
        and (
            value.startswith(("dog_limit.", "private_kennel.", "commercial_kennel."))
            or value == kennel_license_year.LICENSE_EXPIRY
            or (module is kennel_license_issue and value.startswith("kennel."))
        )
    }
    # and the clock of a modification of a kennel license (law/clocks.py)
    named |= {c.provision for c in CLOCKS.values() if c.provision.startswith("kennel.")}
    assert named == {concept for concept, _, _ in CONCEPTS}


# ------------------------------------------------------------------------ the rules' sections

#: rule, its sections in Nowthen (as before the conversion), in Lino Lakes (None: not law
#: there), and why it is not law in Lino Lakes
SAYS = "City of Lino Lakes's law states no"
RULE_SECTIONS = [
    (
        "kennel.dogs_counted",
        ("3-2-5",),
        ("503.09(2)",),
        None,  # law there: 503.09(2)'s dogs "over six months of age"
    ),
    (
        "kennel.dog_limit",
        ("3-2-5", "3-2-5.A", "3-2-5.A.2"),
        None,
        f"{SAYS} dog_limit.by_parcel_size, dog_limit.private_kennel_range, "
        "dog_limit.conditional_use_permit, private_kennel.license",
    ),
    ("kennel.private_set_number", ("3-2-5.A.2",), None, f"{SAYS} private_kennel.set_number"),
    (
        "kennel.private_not_assignable",
        ("3-2-5.A.2",),
        None,
        f"{SAYS} private_kennel.relocation, private_kennel.not_assignable",
    ),
    ("kennel.private_one_per_party", ("3-2-5.A.5",), None, f"{SAYS} private_kennel.one_per_party"),
    ("kennel.commercial_renewal", ("3-2-5.B.2",), None, f"{SAYS} commercial_kennel.renewal"),
    (
        "kennel.commercial_notice_list",
        ("3-2-5.B.2",),
        None,
        f"{SAYS} commercial_kennel.hearing_notice",
    ),
    (
        "kennel.license_term",
        ("3-2-5.A.3", "3-2-5.B.2"),
        None,
        f"{SAYS} private_kennel.term, commercial_kennel.term",
    ),
    (
        "kennel.fee",
        ("3-2-5.A.1", "3-2-5.B.1", "3-2-5.B.2"),
        # Lino Lakes' one yearly fee; no public hearing fee where its law holds no hearing
        ("503.10(1)(a)",),
        None,
    ),
    (
        "kennel.condition",
        (
            "3-2-5.B.3",
            "3-2-5.A.2",
            "3-2-5.B.4",
            "3-2-5.B.5",
            "3-2-5.B.6",
            "3-2-5.B.7",
            "3-2-5.B.8",
            "3-2-5.B.9",
        ),
        None,
        f"{SAYS} commercial_kennel.outdoor_exercise, private_kennel.set_number, "
        "private_kennel.relocation, commercial_kennel.indoor_housing, commercial_kennel.shelter, "
        "commercial_kennel.enclosure_size, commercial_kennel.inspection, commercial_kennel.waste, "
        "commercial_kennel.council_conditions",
    ),
    (
        "kennel.feces_well_setback",
        ("3-2-5.B.8",),
        None,
        f"{SAYS} commercial_kennel.feces_well_setback",
    ),
    (
        "kennel.inspection",
        ("3-2-5.A.4", "3-2-5.B.7"),
        None,
        f"{SAYS} private_kennel.inspection, commercial_kennel.inspection",
    ),
    (
        "kennel.commercial_procedure",
        ("3-2-5.B.2", "3-2-5.B.1"),
        None,
        f"{SAYS} commercial_kennel.hearing, commercial_kennel.hearing_notice, "
        "commercial_kennel.recommendation, commercial_kennel.council_license",
    ),
    (
        "kennel.license_conditions",
        ("3-2-5.B.3", "3-2-5.B.9"),
        None,
        f"{SAYS} commercial_kennel.outdoor_exercise, commercial_kennel.council_conditions",
    ),
]


@pytest.mark.parametrize("rule, nowthen, lino_lakes, why", RULE_SECTIONS)
def test_each_kennel_rule_cites_the_city_s_sections(in_force, rule, nowthen, lino_lakes, why):
    in_force("nowthen")
    assert RULES[rule].sections == nowthen
    lino = in_force("lino-lakes")
    if lino_lakes is None:
        with pytest.raises(provisions.UnknownProvision):
            _ = RULES[rule].sections
    else:
        assert RULES[rule].sections == lino_lakes
    assert unavailable(RULES[rule], lino, ON) == why


def test_every_kennel_rule_is_law_in_nowthen(in_force):
    nowthen = in_force("nowthen")
    assert [r for r, *_ in RULE_SECTIONS if unavailable(RULES[r], nowthen, ON)] == []


# ------------------------------------------------------------------------ the questions answered

#: Each kennel question's answer in Nowthen, as given before the rules cited concepts:
#: (question, facts, [(outcome, sections, message), ...])
NOWTHEN_ANSWERS = [
    (
        "kennel-dogs-counted",
        {"births": ["2020-04-01", "2026-07-15"], "on": "2026-11-29"},
        [
            (
                "counted",
                ["3-2-5"],
                (
                    "1 dog of 2 count against the limit: only dogs over 6 months of age count (3-2-5). The "
                    "next dog counts from January 16, 2027."
                ),
            ),
        ],
    ),
    (
        "kennel-dog-limit",
        {"acres": "5", "dogs_over_six_months": 2, "on": "2026-11-29"},
        [
            (
                "allowed",
                ["3-2-5"],
                (
                    "Allowed: 2 dogs over six months on 5 acres; a parcel of over 2.5 acres may keep up to 5 "
                    "dogs (3-2-5)."
                ),
            ),
        ],
    ),
    (
        "kennel-dog-limit",
        {"acres": "2.5", "dogs_over_six_months": 4, "on": "2026-11-29"},
        [
            (
                "private_kennel_license_required",
                ["3-2-5.A"],
                (
                    "Private kennel license required: 4 dogs over six months on 2.5 acres is over the 3 dogs "
                    "a parcel of 2.5 acres or less may keep; a private kennel license allows up to 10 dogs "
                    "(3-2-5.A)."
                ),
            ),
        ],
    ),
    (
        "kennel-dog-limit",
        {
            "acres": "5",
            "dogs_over_six_months": 7,
            "on": "2026-11-29",
            "private_kennel_licensed_for": 8,
        },
        [
            (
                "private_kennel_license_required",
                ["3-2-5.A"],
                (
                    "Private kennel license required: 7 dogs over six months on 5 acres is over the 5 dogs a "
                    "parcel of over 2.5 acres may keep; a private kennel license allows up to 10 dogs "
                    "(3-2-5.A). A private kennel license for 8 dogs is held."
                ),
            ),
        ],
    ),
    (
        "kennel-dog-limit",
        {
            "acres": "2.5",
            "dogs_over_six_months": 11,
            "on": "2026-11-29",
            "conditional_use_permit": True,
        },
        [
            (
                "conditional_use_permit_required",
                ["3-2-5", "3-2-5.A.2"],
                (
                    "Conditional use permit required: 11 dogs over six months on 2.5 acres is over the 3 "
                    "dogs a parcel of 2.5 acres or less may keep and over the 10 dogs a private kennel "
                    "license allows (3-2-5, 3-2-5.A.2). A conditional use permit is held."
                ),
            ),
        ],
    ),
    (
        "private-kennel-terms",
        {"on": "2026-11-29", "licensed_for": 6, "dogs": 7},
        [
            (
                "new_license_required",
                ["3-2-5.A.2"],
                (
                    "New private kennel license required: the license is for 6 dogs, which shall not be "
                    "exceeded; keeping 7 dogs needs a new license (3-2-5.A.2)."
                ),
            ),
        ],
    ),
    (
        "private-kennel-terms",
        {
            "on": "2026-11-29",
            "licensed_for": 6,
            "dogs": 6,
            "change": "relocation",
            "licenses_held": 1,
        },
        [
            (
                "within_license",
                ["3-2-5.A.2"],
                "Within the license: 6 dogs kept under a private kennel license for 6 dogs (3-2-5.A.2).",
            ),
            (
                "corrected_license_required",
                ["3-2-5.A.2"],
                (
                    "Corrected private kennel license required: the licensee relocates to another area of "
                    "the City (3-2-5.A.2)."
                ),
            ),
            (
                "refused",
                ["3-2-5.A.5"],
                (
                    "Refused: the party, person, dwelling or entity already holds 1 private kennel "
                    "license(s); at most 1 license (3-2-5.A.5)."
                ),
            ),
        ],
    ),
    (
        "private-kennel-terms",
        {
            "on": "2026-11-29",
            "licensed_for": 12,
            "dogs": 6,
            "change": "assignment",
            "licenses_held": 0,
        },
        [
            (
                "refused",
                ["3-2-5.A.2"],
                (
                    "Refused: a private kennel license is for a set number of dogs, at most 10 dogs; not 12 "
                    "dogs (3-2-5.A.2)."
                ),
            ),
            (
                "refused",
                ["3-2-5.A.2"],
                "Refused: private kennel licenses are not assignable to other parties (3-2-5.A.2).",
            ),
            (
                "allowed",
                ["3-2-5.A.5"],
                (
                    "Allowed: the party, person, dwelling or entity holds 0 private kennel license(s); at "
                    "most 1 license (3-2-5.A.5)."
                ),
            ),
        ],
    ),
    (
        "commercial-kennel-renewal",
        {"term_ends": "2027-03-31", "nuisance_complaints": [], "on": "2026-11-29"},
        [
            (
                "renew_same_terms",
                ["3-2-5.B.2"],
                (
                    "Renew on the same terms for 1 year, to March 31, 2028: no nuisance complaint was "
                    "received in the previous 12 months (March 31, 2026 to March 31, 2027) (3-2-5.B.2)."
                ),
            ),
        ],
    ),
    (
        "commercial-kennel-renewal",
        {"term_ends": "2027-03-31", "nuisance_complaints": ["2026-08-14"], "on": "2026-11-29"},
        [
            (
                "council_decides",
                ["3-2-5.B.2"],
                (
                    "Renewal goes to the City Council, not on the same terms: 1 nuisance complaint(s) "
                    "received in the previous 12 months (March 31, 2026 to March 31, 2027): August 14, 2026 "
                    "(3-2-5.B.2)."
                ),
            ),
        ],
    ),
    (
        "commercial-kennel-notice-list",
        {
            "on": "2026-11-29",
            "parcel": {
                "type": "Polygon",
                "coordinates": [[[0, 0], [660, 0], [660, 660], [0, 660], [0, 0]]],
            },
            "neighbours": [
                {
                    "type": "Polygon",
                    "coordinates": [[[1979, 0], [2300, 0], [2300, 660], [1979, 660], [1979, 0]]],
                },
                {
                    "type": "Polygon",
                    "coordinates": [
                        [[1981, 660], [2300, 660], [2300, 900], [1981, 900], [1981, 660]]
                    ],
                },
            ],
            "neighbour_pins": ["R01-0001", "R01-0002"],
        },
        [
            (
                "notice_list",
                ["3-2-5.B.2"],
                (
                    "Notice to the owners of 1 parcel(s) within 1,320 feet of the outside dimensions of the "
                    "kennel parcel (3-2-5.B.2). The farthest notified lies 1,319.0 ft away. The nearest "
                    "parcel not notified lies 1,321.0 ft away."
                ),
            ),
        ],
    ),
    (
        "kennel-license-term",
        {"license": "private", "starts_on": "2026-11-29"},
        [
            (
                "term",
                ["3-2-5.A.3"],
                (
                    "The private kennel license is for 1 year: from November 29, 2026 through November 28, "
                    "2027 (3-2-5.A.3)."
                ),
            ),
            (
                "fee",
                ["3-2-5.A.1", "1-2-2"],
                "Private kennel license: $25.00, as set under 1-2-2 (3-2-5.A.1).",
            ),
        ],
    ),
    (
        "kennel-license-term",
        {"license": "private", "starts_on": "2028-02-29", "renewal": True},
        [
            (
                "term",
                ["3-2-5.A.3"],
                (
                    "The private kennel license is for 1 year: from February 29, 2028 through February 27, "
                    "2029 (3-2-5.A.3)."
                ),
            ),
            (
                "fee",
                ["3-2-5.A.1", "1-2-2"],
                "Private kennel license, yearly renewal: $5.00, as set under 1-2-2 (3-2-5.A.1).",
            ),
        ],
    ),
    (
        "kennel-license-term",
        {"license": "commercial", "starts_on": "2026-11-29"},
        [
            (
                "term",
                ["3-2-5.B.2"],
                (
                    "The commercial kennel license is for 1 year: from November 29, 2026 through November "
                    "28, 2027 (3-2-5.B.2)."
                ),
            ),
            (
                "fee",
                ["3-2-5.B.1", "1-2-2"],
                "Commercial kennel license application: $25.00, as set under 1-2-2 (3-2-5.B.1).",
            ),
            (
                "fee",
                ["3-2-5.B.2", "1-2-2"],
                (
                    "Commercial kennel public hearing (Planning & Zoning Commission): $250.00, as set under "
                    "1-2-2 (3-2-5.B.2)."
                ),
            ),
        ],
    ),
    (
        "kennel-license-term",
        {"license": "commercial", "starts_on": "2026-11-29", "renewal": True},
        [
            (
                "term",
                ["3-2-5.B.2"],
                (
                    "The commercial kennel license is for 1 year: from November 29, 2026 through November "
                    "28, 2027 (3-2-5.B.2)."
                ),
            ),
            (
                "fee",
                ["3-2-5.B.1", "1-2-2"],
                "Commercial kennel license, yearly renewal: $5.00, as set under 1-2-2 (3-2-5.B.1).",
            ),
        ],
    ),
    (
        "kennel-inspection",
        {"on": "2026-11-29"},
        [
            (
                "compliant",
                ["3-2-5.B.7"],
                (
                    "In compliance on November 29, 2026: all 6 condition(s) checked were met; inspected "
                    "under 3-2-5.B.7."
                ),
            ),
            (
                "met",
                ["3-2-5.B.3"],
                (
                    "Met: Outdoor exercise within the property, supervised by the owners or kennel staff "
                    "(3-2-5.B.3)."
                ),
            ),
            (
                "met",
                ["3-2-5.B.4"],
                (
                    "Met: Indoor housing structurally sound, with ample heat, light, ventilation and sound "
                    "control (3-2-5.B.4)."
                ),
            ),
            (
                "met",
                ["3-2-5.B.5"],
                (
                    "Met: Shelter for dogs kept outside; all dogs have indoor access from 9:00 p.m. to 7:00 "
                    "a.m. (3-2-5.B.5)."
                ),
            ),
            (
                "met",
                ["3-2-5.B.6"],
                (
                    "Met: Each enclosure lets every dog turn around fully, stand, sit and lie comfortably "
                    "(3-2-5.B.6)."
                ),
            ),
            (
                "met",
                ["3-2-5.B.7"],
                "Met: City staff were allowed to inspect the kennel (3-2-5.B.7).",
            ),
            (
                "met",
                ["3-2-5.B.8"],
                (
                    "Met: Wastes disposed of properly; feces at least 200 feet from any well; no leaching, "
                    "objectionable odors or unsightly premises (3-2-5.B.8)."
                ),
            ),
        ],
    ),
    (
        "kennel-inspection",
        {
            "on": "2026-11-29",
            "not_met": ["3-2-5.B.3", "3-2-5.B.8"],
            "feces_well_distance_feet": 150,
        },
        [
            (
                "violations",
                ["3-2-5.B.7", "3-2-5.B.3", "3-2-5.B.8"],
                (
                    "Not in compliance on November 29, 2026: 3 of 7 condition(s) checked not met (3-2-5.B.3, "
                    "3-2-5.B.8); inspected under 3-2-5.B.7."
                ),
            ),
            (
                "violation",
                ["3-2-5.B.3"],
                (
                    "Violation: Outdoor exercise within the property, supervised by the owners or kennel "
                    "staff — not met (3-2-5.B.3)."
                ),
            ),
            (
                "met",
                ["3-2-5.B.4"],
                (
                    "Met: Indoor housing structurally sound, with ample heat, light, ventilation and sound "
                    "control (3-2-5.B.4)."
                ),
            ),
            (
                "met",
                ["3-2-5.B.5"],
                (
                    "Met: Shelter for dogs kept outside; all dogs have indoor access from 9:00 p.m. to 7:00 "
                    "a.m. (3-2-5.B.5)."
                ),
            ),
            (
                "met",
                ["3-2-5.B.6"],
                (
                    "Met: Each enclosure lets every dog turn around fully, stand, sit and lie comfortably "
                    "(3-2-5.B.6)."
                ),
            ),
            (
                "met",
                ["3-2-5.B.7"],
                "Met: City staff were allowed to inspect the kennel (3-2-5.B.7).",
            ),
            (
                "violation",
                ["3-2-5.B.8"],
                (
                    "Violation: Wastes disposed of properly; feces at least 200 feet from any well; no "
                    "leaching, objectionable odors or unsightly premises — not met (3-2-5.B.8)."
                ),
            ),
            (
                "violation",
                ["3-2-5.B.8"],
                (
                    "Violation: the accumulation of feces lies 150 ft from the nearest well; it must be at "
                    "least 200 feet (3-2-5.B.8)."
                ),
            ),
        ],
    ),
    (
        "commercial-kennel-step",
        {
            "on": "2026-11-29",
            "step": "council_decision",
            "completed": ["application", "hearing_scheduled", "notice_list", "notice_mailed"],
        },
        [
            (
                "out_of_order",
                ["3-2-5.B.2", "3-2-5.B.1"],
                (
                    "Not yet: the City Council's decision cannot be recorded before the hearing before the "
                    "Planning & Zoning Commission (3-2-5.B.2)."
                ),
            ),
            (
                "conditions",
                ["3-2-5.B.3", "3-2-5.B.4", "3-2-5.B.5", "3-2-5.B.6", "3-2-5.B.7", "3-2-5.B.8"],
                (
                    "The license carries the conditions 3-2-5.B.3 to 3-2-5.B.8; the City Council added none "
                    "(3-2-5.B.9)."
                ),
            ),
        ],
    ),
    (
        "commercial-kennel-step",
        {
            "on": "2026-11-29",
            "step": "notice_list",
            "completed": ["application", "hearing_scheduled", "notice_list"],
        },
        [
            (
                "in_order",
                ["3-2-5.B.2"],
                (
                    "In order: the list of the affected property owners within one quarter (1/4) mile "
                    "(3-2-5.B.2)."
                ),
            ),
        ],
    ),
    (
        "commercial-kennel-step",
        {"on": "2026-11-29", "step": "application", "completed": ["application"]},
        [
            (
                "already_done",
                ["3-2-5.B.1"],
                (
                    "Not done: the application to the City Council, with its fees paid is already recorded "
                    "(3-2-5.B.1)."
                ),
            ),
        ],
    ),
    (
        "commercial-kennel-step",
        {
            "on": "2026-11-29",
            "step": "license",
            "completed": [
                "application",
                "hearing_scheduled",
                "notice_list",
                "notice_mailed",
                "hearing_held",
                "recommendation",
                "council_decision",
            ],
            "council_approved": False,
        },
        [
            (
                "refused",
                ["3-2-5.B.1"],
                (
                    "Refused: the City Council denied the request; no commercial kennel license may issue "
                    "without the council's approval (3-2-5.B.1)."
                ),
            ),
        ],
    ),
    (
        "commercial-kennel-step",
        {
            "on": "2026-11-29",
            "step": "license",
            "completed": [
                "application",
                "hearing_scheduled",
                "notice_list",
                "notice_mailed",
                "hearing_held",
                "recommendation",
                "council_decision",
            ],
            "council_approved": True,
            "council_conditions": ["No outdoor runs after 8:00 p.m."],
        },
        [
            (
                "in_order",
                ["3-2-5.B.1"],
                "In order: the license from the City Council (3-2-5.B.1).",
            ),
            (
                "conditions",
                [
                    "3-2-5.B.3",
                    "3-2-5.B.4",
                    "3-2-5.B.5",
                    "3-2-5.B.6",
                    "3-2-5.B.7",
                    "3-2-5.B.8",
                    "3-2-5.B.9",
                ],
                (
                    "The license carries the conditions 3-2-5.B.3 to 3-2-5.B.8 and 1 condition(s) the City "
                    "Council added (3-2-5.B.9)."
                ),
            ),
        ],
    ),
    (
        "commercial-kennel-application",
        {
            "on": "2026-11-02",
            "applied_on": "2026-10-01",
            "hearing_on": "2026-11-20",
            "notice_list_drawn_on": "2026-10-20",
        },
        [
            (
                "state",
                ["3-2-5.B.2", "3-2-5.B.1"],
                (
                    "On 2026-11-02 the commercial kennel application is received; it waits on notice mailed. "
                    "Steps that may be recorded: hearing_scheduled, notice_list, notice_mailed, "
                    "owner_omitted, withdrawn."
                ),
            ),
            (
                "in_order",
                ["3-2-5.B.2"],
                (
                    "In order: the scheduling of the hearing before the Planning & Zoning Commission "
                    "(3-2-5.B.2)."
                ),
            ),
            (
                "in_order",
                ["3-2-5.B.2"],
                (
                    "In order: the list of the affected property owners within one quarter (1/4) mile "
                    "(3-2-5.B.2)."
                ),
            ),
            (
                "in_order",
                ["3-2-5.B.2"],
                "In order: the notice to all affected property owners (3-2-5.B.2).",
            ),
            (
                "in_order",
                ["3-2-5.B.2"],
                (
                    "In order: an affected property owner within one quarter (1/4) mile found missing from "
                    "the notice list (3-2-5.B.2)."
                ),
            ),
            (
                "in_order",
                ["3-2-5.B.1"],
                "In order: the application withdrawn (3-2-5.B.1).",
            ),
            (
                "notice_due",
                ["3-2-5.B.2"],
                (
                    "The notice to all affected property owners must be mailed before the hearing of "
                    "November 20, 2026: on November 19, 2026 at the latest (3-2-5.B.2)."
                ),
            ),
            (
                "already_done",
                ["3-2-5.B.1"],
                (
                    "Not done: the application to the City Council, with its fees paid is already recorded "
                    "(3-2-5.B.1)."
                ),
            ),
            (
                "out_of_order",
                ["3-2-5.B.2"],
                (
                    "Not yet: the hearing before the Planning & Zoning Commission cannot be recorded before "
                    "the notice to all affected property owners (3-2-5.B.2)."
                ),
            ),
            (
                "out_of_order",
                ["3-2-5.B.2"],
                (
                    "Not yet: the Planning & Zoning Commission's recommendation to the City Council cannot "
                    "be recorded before the notice to all affected property owners (3-2-5.B.2)."
                ),
            ),
            (
                "out_of_order",
                ["3-2-5.B.2", "3-2-5.B.1"],
                (
                    "Not yet: the City Council's decision cannot be recorded before the notice to all "
                    "affected property owners (3-2-5.B.2)."
                ),
            ),
            (
                "out_of_order",
                ["3-2-5.B.2", "3-2-5.B.1"],
                (
                    "Not yet: the license from the City Council cannot be recorded before the notice to all "
                    "affected property owners (3-2-5.B.2)."
                ),
            ),
            (
                "nobody_missing",
                ["3-2-5.B.2"],
                "No owner found missing from the notice list awaits notice (3-2-5.B.2).",
            ),
            (
                "not_licensed",
                ["3-2-5.B.2"],
                (
                    "Not yet: a nuisance complaint received at the City relating to the dogs kept on the "
                    "property follows the license from the City Council (3-2-5.B.2)."
                ),
            ),
            (
                "not_licensed",
                ["3-2-5.B.2"],
                (
                    "Not yet: a subsequent license for one (1) year, with no nuisance complaint follows the "
                    "license from the City Council (3-2-5.B.2)."
                ),
            ),
            (
                "not_licensed",
                ["3-2-5.B.2"],
                (
                    "Not yet: the City Council's decision whether a subsequent license is granted after "
                    "nuisance complaints follows the license from the City Council (3-2-5.B.2)."
                ),
            ),
        ],
    ),
    (
        "private-kennel-license",
        {
            "on": "2026-11-29",
            "events": [
                {"kind": "private_license", "on": "2026-03-02", "facts": {"dogs": 8}},
                {"kind": "private_complaint", "on": "2026-11-20"},
                {"kind": "private_inspection", "on": "2026-11-24", "facts": {"dogs_counted": 9}},
            ],
        },
        [
            (
                "state",
                ["3-2-5.A.3", "3-2-5.A.4"],
                (
                    "On 2026-11-29 the private kennel license is licensed. Steps that may be recorded: "
                    "private_renewal, private_complaint."
                ),
            ),
            (
                "new_license_required",
                ["3-2-5.A.2"],
                (
                    "New private kennel license required: the license is for 8 dogs, which shall not be "
                    "exceeded; keeping 9 dogs needs a new license (3-2-5.A.2)."
                ),
            ),
            (
                "in_order",
                ["3-2-5.A.3"],
                "In order: the license for a further term of one (1) year (3-2-5.A.3).",
            ),
            (
                "in_order",
                ["3-2-5.A.4"],
                "In order: a complaint against the kennel licensee received (3-2-5.A.4).",
            ),
            (
                "term",
                ["3-2-5.A.3"],
                (
                    "The private kennel license is for 1 year: from March 2, 2026 through March 1, 2027 "
                    "(3-2-5.A.3)."
                ),
            ),
            (
                "in_force",
                ["3-2-5.A.1"],
                (
                    "A license is in force through March 1, 2027: renew it, or a new or corrected license "
                    "replaces it at the desk (3-2-5.A.2)."
                ),
            ),
            (
                "no_complaint",
                ["3-2-5.A.4"],
                (
                    "A private kennel is inspected upon receipt of a complaint against the licensee "
                    "(3-2-5.A.4): record the complaint."
                ),
            ),
        ],
    ),
]


def answered(question: str, facts: dict, found: params.ParameterSet) -> list[tuple]:
    return [
        (f["outcome"], f["sections"], f["message"])
        for f in evaluate(question, facts, found)["findings"]
    ]


@pytest.mark.parametrize("question, facts, answer", NOWTHEN_ANSWERS)
def test_each_kennel_question_answers_in_nowthen_as_before(in_force, question, facts, answer):
    # given the facts of a question on 2026-11-29 (or the day they name), when Nowthen is asked
    # then its answer is, byte for byte, the one given before the rules cited concepts
    assert answered(question, facts, in_force("nowthen")) == answer


def test_a_small_parcel_read_as_closed_to_kennels_cites_the_limit_and_the_range(city_reading):
    # given Nowthen under the reading that no kennel license allows more dogs on 2.5 acres or less
    prohibited = city_reading("readings.small_parcel_kennel", "prohibited")
    # when 4 dogs are kept on 2.5 acres
    found = kennels.dog_limit(Decimal("2.5"), 4, ON, prohibited)
    # then the limit and the private kennel range, both in the opening paragraph, are cited once
    assert (found.outcome, found.sections, found.message) == (
        "not_allowed",
        ("3-2-5",),
        "Not allowed: 4 dogs over six months on 2.5 acres; a parcel of 2.5 acres or less may "
        "keep at most 3 dogs, and no kennel license allows more there (3-2-5).",
    )


def test_a_license_over_the_maximum_is_refused_citing_the_set_number_once(in_force):
    found = kennels.private_kennel_dogs(11, 3, ON, in_force("nowthen"))
    assert (found.outcome, found.sections, found.message) == (
        "refused",
        ("3-2-5.A.2",),
        "Refused: a private kennel license is for a set number of dogs, at most 10 dogs; not 11 "
        "dogs (3-2-5.A.2).",
    )


#: Lino Lakes' refusal of each kennel question whose rules are all converted: every rule not law
#: there, with why
LINO_LAKES_REFUSALS = [
    (
        "private-kennel-terms",
        f"kennel.private_set_number: {SAYS} private_kennel.set_number; "
        f"kennel.private_not_assignable: {SAYS} private_kennel.relocation, "
        f"private_kennel.not_assignable; kennel.private_one_per_party: {SAYS} "
        "private_kennel.one_per_party",
    ),
    ("commercial-kennel-renewal", f"kennel.commercial_renewal: {SAYS} commercial_kennel.renewal"),
    (
        "commercial-kennel-notice-list",
        f"kennel.commercial_notice_list: {SAYS} commercial_kennel.hearing_notice",
    ),
    # kennel-license-term: answered with the kennel license year (test_kennel_license_year.py);
    # kennel-inspection: with the inspection before issue (test_kennel_inspection_before_issue.py)
    (
        "commercial-kennel-step",
        f"kennel.commercial_procedure: {SAYS} commercial_kennel.hearing, "
        "commercial_kennel.hearing_notice, commercial_kennel.recommendation, "
        f"commercial_kennel.council_license; kennel.license_conditions: {SAYS} "
        "commercial_kennel.outdoor_exercise, commercial_kennel.council_conditions",
    ),
]


@pytest.mark.parametrize("question, reasons", LINO_LAKES_REFUSALS)
def test_each_kennel_question_is_refused_in_lino_lakes_saying_why(in_force, question, reasons):
    lino = in_force("lino-lakes")
    with pytest.raises(QuestionNotInLaw) as refused:
        evaluate(question, dict(QUESTIONS[question].examples), lino)
    assert str(refused.value) == (
        f"City of Lino Lakes cannot be asked {question!r} yet: {reasons}."
    )


@pytest.mark.parametrize("question", ["commercial-kennel-application", "private-kennel-license"])
def test_the_kennel_procedures_are_refused_in_lino_lakes_with_the_converted_rules_reasons(
    in_force, question
):
    # the procedures' own rules are converted later; those of these modules already say why
    lino = in_force("lino-lakes")
    ours = {rule: f"{rule}: {why}" for rule, _, _, why in RULE_SECTIONS}
    reasons = not_in_law(QUESTIONS[question], lino)
    assert [r for r in reasons if r.split(":")[0] in ours] == [
        ours[rule] for rule in QUESTIONS[question].rules if rule in ours
    ]
    with pytest.raises(QuestionNotInLaw, match=re.escape(f"cannot be asked {question!r} yet")):
        evaluate(question, dict(QUESTIONS[question].examples), lino)


def test_lino_lakes_is_not_told_nowthen_s_set_number_with_its_own_maximum(in_force):
    # before, Lino Lakes' four dogs came back as "at most 4 dogs ... (3-2-5.A.2)"; its license
    # is for no set number, so asking is the error naming the provision
    lino = in_force("lino-lakes")
    with pytest.raises(provisions.UnknownProvision) as caught:
        kennels.private_kennel_dogs(6, 7, ON, lino)
    assert str(caught.value) == LINO_LAKES_LACKS.format("private_kennel.set_number")


# ------------------------------------------------------------------------ facts and steps


@pytest.mark.parametrize(
    "city, described",
    [
        (
            "nowthen",
            {
                (kennels.DogLimitFacts, "dogs_over_six_months"): (
                    "Dogs kept there old enough to count against the limit (3-2-5)"
                ),
                (kennels.PrivateKennelTermsFacts, "licensed_for"): (
                    "The set number of dogs the license allows (3-2-5.A.2)"
                ),
                (kennel_conditions.KennelInspectionFacts, "not_met"): (
                    "The sections of the conditions not met (3-2-5.B.3 ... 3-2-5.B.8)"
                ),
                (kennel_conditions.KennelInspectionFacts, "feces_well_distance_feet"): (
                    "Distance from the accumulation of feces to the nearest well (3-2-5.B.8)"
                ),
                (kennel_conditions.CommercialStepFacts, "council_conditions"): (
                    "Conditions the City Council added (3-2-5.B.9)"
                ),
            },
        ),
        (
            "lino-lakes",
            {
                (kennels.DogLimitFacts, "dogs_over_six_months"): (
                    "Dogs kept there old enough to count against the limit (503.09(2))"
                ),
                (kennels.PrivateKennelTermsFacts, "licensed_for"): (
                    "The set number of dogs the license allows "
                    "([private_kennel.set_number: no section])"
                ),
                (kennel_conditions.KennelInspectionFacts, "not_met"): (
                    "The sections of the conditions not met "
                    "([commercial_kennel.outdoor_exercise: no section] ... "
                    "[commercial_kennel.waste: no section])"
                ),
                (kennel_conditions.KennelInspectionFacts, "feces_well_distance_feet"): (
                    "Distance from the accumulation of feces to the nearest well "
                    "([commercial_kennel.feces_well_setback: no section])"
                ),
                (kennel_conditions.CommercialStepFacts, "council_conditions"): (
                    "Conditions the City Council added "
                    "([commercial_kennel.council_conditions: no section])"
                ),
            },
        ),
    ],
)
def test_a_fact_s_description_cites_the_city_in_force(in_force, city, described):
    in_force(city)
    found = {
        (cls, field.name): field.description for cls, _ in described for field in fields_of(cls)
    }
    assert {key: found[key] for key in described} == described


@pytest.mark.parametrize(
    "city, sections",
    [
        (
            "nowthen",
            [
                "3-2-5.B.1",
                "3-2-5.B.2",
                "3-2-5.B.2",
                "3-2-5.B.2",
                "3-2-5.B.2",
                "3-2-5.B.2",
                "3-2-5.B.1",
                "3-2-5.B.1",
            ],
        ),
        (
            "lino-lakes",
            [
                "[commercial_kennel.council_license: no section]",
                "[commercial_kennel.hearing: no section]",
                "[commercial_kennel.hearing_notice: no section]",
                "[commercial_kennel.hearing_notice: no section]",
                "[commercial_kennel.hearing: no section]",
                "[commercial_kennel.recommendation: no section]",
                "[commercial_kennel.council_license: no section]",
                "[commercial_kennel.council_license: no section]",
            ],
        ),
    ],
)
def test_the_steps_listed_name_the_city_s_sections_or_the_provision_it_lacks(
    in_force, city, sections
):
    # the pages, the due list and the kennel procedure list the steps as (name, section, what)
    in_force(city)
    steps = list(kennel_conditions.COMMERCIAL_STEPS)
    assert [name for name, _, _ in steps] == list(kennel_conditions.STEP_NAMES)
    assert [section for _, section, _ in steps] == sections
    assert kennel_conditions.COMMERCIAL_STEPS[1:3] == tuple(steps[1:3])
    assert len(kennel_conditions.COMMERCIAL_STEPS) == 8


def test_the_steps_listed_at_import_survive_a_misnamed_jurisdiction(monkeypatch):
    # the kennel procedure reads the list when imported: the error is reported where the law is
    # asked, not at import
    monkeypatch.setenv("DOGTAG_JURISDICTION", "no-such-city")
    assert kennel_conditions.COMMERCIAL_STEPS[0] == (
        "application",
        "[commercial_kennel.council_license: no section]",
        "the application to the City Council, with its fees paid",
    )


# ------------------------------------------------------------------------ the questions' summaries

#: Each kennel question's summary in Nowthen on 2026-11-29. Those that wrote a span of conditions
#: ("B.3-B.8") now cite its ends ("3-2-5.B.3 to 3-2-5.B.8"); the rest are as before.
NOWTHEN_SUMMARIES = [
    (
        "kennel-dogs-counted",
        "Which dogs count against a parcel's limit: those over six months (3-2-5)",
    ),
    (
        "kennel-dog-limit",
        "May this many dogs over six months live on a parcel of this size, or is a kennel license "
        "or a permit needed? (3-2-5)",
    ),
    (
        "private-kennel-terms",
        "A private kennel license's set number of dogs, relocation and assignment, and one "
        "license per party (3-2-5.A.2, A.5)",
    ),
    (
        "commercial-kennel-renewal",
        "May a commercial kennel license renew on the same terms, given the nuisance complaints "
        "of the last twelve months? (3-2-5.B.2, reading §6.4)",
    ),
    (
        "commercial-kennel-notice-list",
        "Which property owners get notice of a commercial kennel hearing: every parcel within "
        "1/4 mile of the kennel parcel's outside dimensions (3-2-5.B.2; GeoJSON in feet)",
    ),
    (
        "kennel-license-term",
        "The term of a private or commercial kennel license starting on a day, and the fees paid "
        "for it (3-2-5.A.1, B.1; 1-2-2)",
    ),
    (
        "kennel-inspection",
        "A periodic inspection of a commercial kennel against its conditions 3-2-5.B.3 to "
        "3-2-5.B.8 (3-2-5.B.7): the conditions not met, and the feces-to-well distance measured",
    ),
    (
        "commercial-kennel-step",
        "Is this step toward a commercial kennel license in order, given the steps taken; and "
        "the conditions the license carries (3-2-5.B.1, B.2; 3-2-5.B.3 to 3-2-5.B.9)",
    ),
    (
        "commercial-kennel-application",
        "Where does a commercial kennel application stand on a day, given its events so far (the "
        "hearing noticed and held, owners missing from the notice list, the recommendation, the "
        "council's decision, the license, complaints and renewals)? Its state, the steps allowed "
        "next, the clocks running, what blocks each other step, and the events not counted "
        "(3-2-5.B.1, B.2, B.9).",
    ),
    (
        "private-kennel-license",
        "Where does a private kennel license stand on a day, given its events: the license and "
        "its renewals (3-2-5.A.1, A.3), complaints against the licensee and the inspections they "
        "authorize (3-2-5.A.4), with the dogs counted against the set number (3-2-5.A.2)?",
    ),
]


@pytest.mark.parametrize("question, summary", NOWTHEN_SUMMARIES)
def test_each_kennel_question_s_summary_cites_nowthen_s_sections(in_force, question, summary):
    assert QUESTIONS[question].worded(in_force("nowthen"), ON).summary == summary


def test_a_kennel_question_s_schema_names_what_lino_lakes_does_not_state(in_force):
    # the schema shows in any city, the provision its law lacks named by its concept
    in_force("lino-lakes")
    assert QUESTIONS["kennel-dogs-counted"].schema()["description"] == (
        "Which dogs count against a parcel's limit: those over "
        "[dog_limits.counted_age_months] (503.09(2))"
    )
    assert QUESTIONS["commercial-kennel-renewal"].schema()["description"] == (
        "May a commercial kennel license renew on the same terms, given the nuisance complaints "
        "of the last [commercial_kennel.complaint_lookback_months]? "
        "([commercial_kennel.renewal: no section], reading §6.4)"
    )


def test_an_unknown_condition_is_refused_naming_the_span_of_nowthen_s_conditions(in_force):
    facts = {"on": "2026-11-29", "not_met": ["3-2-5.B.9"]}
    with pytest.raises(FactsError) as refused:
        evaluate("kennel-inspection", facts, in_force("nowthen"))
    assert refused.value.problems == ["not_met: 3-2-5.B.9 is not a condition 3-2-5.B.3-B.8"]
