"""The dangerous-dog rules cite concepts; each city's package cites its own sections (issue 27).

Nowthen states its dangerous-dog rules in City Code 3-2-9 (E keeping the dog: E.2 restraint, E.3
the rental disclosure, E.4 the warning symbols, E.6 inspection; B.4 release, B.6 revocation) and
seizes dogs under 3-2-12. Lino Lakes' § 503.19 states requirements a hearing officer may order for
a dangerous *animal*, not the duties of every dangerous dog's owner: none of these concepts is
mapped there, and each rule applying one is refused, never answered with Nowthen's section.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.law import params, provisions
from dogtag.law.catalogue import not_in_law
from dogtag.law.dangerous_dogs import keeping
from dogtag.law.dangerous_dogs.custody import release_on_demand
from dogtag.law.dangerous_dogs.designation import (
    DESTRUCTION_CRITERIA,
    EXEMPTIONS,
    HearingFacts,
    criteria,
    destruction,
    exemption,
    pending_hearing,
    standard_of_proof,
)
from dogtag.law.dangerous_dogs.notice import (
    NoticeContents,
    StatedIncident,
    notice_contents,
    notice_incidents,
    notice_service,
)
from dogtag.law.dangerous_dogs.notices import OwnerNoticeFacts, owner_notice
from dogtag.law.dangerous_dogs.registration import (
    RegistrationEvidence,
    ReleaseFacts,
    registration,
    release,
    sterilization_seizure,
)
from dogtag.law.dangerous_dogs.review import (
    CONDITIONS,
    relax_conditions,
    review_eligibility,
)
from dogtag.law.dangerous_dogs.revocation import RevocationFacts, revocation
from dogtag.law.facts import fields_of
from dogtag.law.questions import QuestionNotInLaw, evaluate
from dogtag.law.registry import RULES

ON = dt.date(2026, 11, 29)


# Every concept of the dangerous-dog rules converted so far, with Nowthen's section
NOWTHEN = [
    ("dangerous_dog.keeping", "3-2-9.E"),
    ("dangerous_dog.restraint", "3-2-9.E.2"),
    ("dangerous_dog.rental_disclosure", "3-2-9.E.3"),
    ("dangerous_dog.warning_symbol", "3-2-9.E.4"),
    ("dangerous_dog.inspection", "3-2-9.E.6"),
    ("dangerous_dog.release", "3-2-9.B.4"),
    ("dangerous_dog.revocation", "3-2-9.B.6"),
    ("dangerous_dog.seizure", "3-2-12"),
    ("dangerous_dog.registration_requirements", "3-2-9.B.3"),
    ("dangerous_dog.registration_requirements.proper_enclosure", "3-2-9.B.3.a"),
    ("dangerous_dog.registration_requirements.warning_signs", "3-2-9.B.3.b"),
    ("dangerous_dog.registration_requirements.insurance", "3-2-9.B.3.c"),
    ("dangerous_dog.registration_requirements.fee", "3-2-9.B.3.d"),
    ("dangerous_dog.registration_requirements.microchip", "3-2-9.B.3.e"),
    ("dangerous_dog.registration_requirements.license_and_vaccinations", "3-2-9.B.3.f"),
    ("dangerous_dog.registration_requirements.sterilization", "3-2-9.B.3.g"),
    ("dangerous_dog.costs", "3-2-9.A.5"),
    ("dangerous_dog.restrictions", "3-2-9"),
    ("dangerous_dog.notice.contents", "3-2-9.A.1"),
    ("dangerous_dog.notice", "3-2-9.A.1.a"),
    ("dangerous_dog.notice.dog_description", "3-2-9.A.1.a(1)"),
    ("dangerous_dog.notice.factual_basis", "3-2-9.A.1.a(2)"),
    ("dangerous_dog.notice.official", "3-2-9.A.1.a(3)"),
    ("dangerous_dog.notice.seized_contact", "3-2-9.A.1.a(4)"),
    ("dangerous_dog.notice.restrictions", "3-2-9.A.1.b"),
    # dangerous_dog.notice.hearing_request: Lino Lakes states the period alone (503.16(2)(c),
    # tests/law/test_lino_lakes_deadlines.py)
    ("dangerous_dog.notice.interim_compliance", "3-2-9.A.1.d"),
    ("dangerous_dog.notice.designation_stands", "3-2-9.A.1.e"),
    ("dangerous_dog.notice.costs", "3-2-9.A.1.f"),
    ("dangerous_dog.exemption", "3-2-9.A.6"),
    ("dangerous_dog.exemption.trespass_or_tort", "3-2-9.A.6.a"),
    ("dangerous_dog.exemption.provoking", "3-2-9.A.6.b"),
    ("dangerous_dog.exemption.crime_against_owner", "3-2-9.A.6.c"),
    ("dangerous_dog.hearing.pending", "3-2-9.A.2.b"),
    ("dangerous_dog.hearing.standard_of_proof", "3-2-9.A.2.f"),
    ("dangerous_dog.destruction", "3-2-9.A.3"),
    ("dangerous_dog.destruction.dangerous_by_attack", "3-2-9.A.3.a"),
    ("dangerous_dog.destruction.owner_cannot_control", "3-2-9.A.3.b"),
    ("dangerous_dog.destruction.no_proof_of_insurance", "3-2-9.A.3.c"),
    ("dangerous_dog.review", "3-2-9.A.7"),
    ("dangerous_dog.revocation.hearing", "3-2-9.B.6.b"),
    ("incorporation.state_statutes", "3-2-8"),
    ("dangerous_dog.designation", "3-2-9.A"),
    ("dangerous_dog.proper_enclosure", "3-2-9.E.2"),
    ("dangerous_dog.tag", "3-2-9.E.5"),
    ("dangerous_dog.conditions_review", "3-2-9.E.7"),
    ("dangerous_dog.revocation.grounds", "3-2-9.B.6.a"),
    ("dangerous_dog.release_on_demand", "3-2-9.A.2.h"),
    ("dangerous_dog.death_or_relocation", "3-2-9.C"),
    ("dangerous_dog.sale_or_transfer", "3-2-9.D"),
]


@pytest.mark.parametrize("concept, nowthen", NOWTHEN)
def test_a_dangerous_dog_concept_is_nowthen_s_section_and_lino_lakes_states_none(
    in_force, concept, nowthen
):
    assert provisions.cite(concept, in_force("nowthen")) == nowthen
    with pytest.raises(provisions.UnknownProvision) as caught:
        provisions.cite(concept, in_force("lino-lakes"))
    assert str(caught.value) == (
        f"no section for {concept!r} in the packages of lino-lakes, minnesota"
    )


# Each converted rule with the sections it cited when they were written out
CONVERTED = {
    "dangerous_dog.restraint": ("3-2-9.E.2",),
    "dangerous_dog.rental_disclosure": ("3-2-9.E.3",),
    "dangerous_dog.warning_symbol_charge": ("3-2-9.E.4",),
    "dangerous_dog.inspection": ("3-2-9.E.6",),
    "dangerous_dog.inspection_seizure": ("3-2-9.E.6",),
    "dangerous_dog.registration_requirements": ("3-2-9.B.3",),
    "dangerous_dog.sterilization_seizure": ("3-2-9.B.3.g",),
    "dangerous_dog.release": ("3-2-9.B.4", "3-2-9.A.5"),
    "dangerous_dog.notice_service": ("3-2-9.A.1.a",),
    "dangerous_dog.notice_incidents": ("3-2-9.A.1.a",),
    "dangerous_dog.notice_contents": (
        "3-2-9.A.1.a",
        "3-2-9.A.1.b",
        "3-2-9.A.1.c",
        "3-2-9.A.1.d",
        "3-2-9.A.1.e",
        "3-2-9.A.1.f",
    ),
    "dangerous_dog.exemption": ("3-2-9.A.6",),
    "dangerous_dog.criteria": ("3-2-9.A", "3-2-8"),
    "dangerous_dog.standard_of_proof": ("3-2-9.A.2.f", "3-2-9.A.7"),
    "dangerous_dog.destruction": ("3-2-9.A.3",),
    "dangerous_dog.pending_hearing": ("3-2-9.A.2.b", "3-2-9.A.1.d"),
    "dangerous_dog.review_eligibility": ("3-2-9.A.7", "3-2-8"),
    "dangerous_dog.relax_conditions": ("3-2-9.E.7",),
    "dangerous_dog.revocation": ("3-2-9.B.6.a", "3-2-9.E.6"),
    "dangerous_dog.release_on_demand": ("3-2-9.A.2.h",),
    "dangerous_dog.owner_notice": ("3-2-9.C", "3-2-9.D"),
}


def test_the_converted_rules_cite_nowthen_s_sections_as_before(in_force):
    in_force("nowthen")
    assert {rule: RULES[rule].sections for rule in CONVERTED} == CONVERTED
    assert all(RULES[rule].provisions for rule in CONVERTED)


def test_in_lino_lakes_each_converted_rule_is_refused_and_says_why(in_force):
    refused = {r.id: why for r, why in not_in_law(in_force("lino-lakes"), ON) if r.id in CONVERTED}
    says = "City of Lino Lakes's law states no"
    assert refused == {
        "dangerous_dog.restraint": f"{says} dangerous_dog.restraint",
        "dangerous_dog.rental_disclosure": f"{says} dangerous_dog.rental_disclosure",
        "dangerous_dog.warning_symbol_charge": f"{says} dangerous_dog.warning_symbol",
        "dangerous_dog.inspection": f"{says} dangerous_dog.inspection",
        "dangerous_dog.inspection_seizure": f"{says} dangerous_dog.inspection",
        "dangerous_dog.registration_requirements": f"{says} dangerous_dog.registration_requirements",
        "dangerous_dog.sterilization_seizure": (
            f"{says} dangerous_dog.registration_requirements.sterilization"
        ),
        "dangerous_dog.release": f"{says} dangerous_dog.release, dangerous_dog.costs",
        "dangerous_dog.notice_service": f"{says} dangerous_dog.notice",
        "dangerous_dog.notice_incidents": f"{says} dangerous_dog.notice",
        "dangerous_dog.notice_contents": (
            f"{says} dangerous_dog.notice, dangerous_dog.notice.restrictions, "
            "dangerous_dog.notice.interim_compliance, "
            "dangerous_dog.notice.designation_stands, dangerous_dog.notice.costs"
        ),
        "dangerous_dog.exemption": f"{says} dangerous_dog.exemption",
        "dangerous_dog.criteria": (
            f"{says} dangerous_dog.designation, incorporation.state_statutes"
        ),
        "dangerous_dog.standard_of_proof": (
            f"{says} dangerous_dog.hearing.standard_of_proof, dangerous_dog.review"
        ),
        "dangerous_dog.destruction": f"{says} dangerous_dog.destruction",
        "dangerous_dog.pending_hearing": (
            f"{says} dangerous_dog.hearing.pending, dangerous_dog.notice.interim_compliance"
        ),
        "dangerous_dog.review_eligibility": (
            f"{says} dangerous_dog.review, incorporation.state_statutes"
        ),
        "dangerous_dog.relax_conditions": f"{says} dangerous_dog.conditions_review",
        "dangerous_dog.revocation": (
            f"{says} dangerous_dog.revocation.grounds, dangerous_dog.inspection"
        ),
        "dangerous_dog.release_on_demand": f"{says} dangerous_dog.release_on_demand",
        "dangerous_dog.owner_notice": (
            f"{says} dangerous_dog.death_or_relocation, dangerous_dog.sale_or_transfer"
        ),
    }


@pytest.mark.parametrize(
    "question, facts, why",
    [
        # 503.19(1)(d) has the rule's elements (a handler 16 or older there) but binds only where
        # the hearing officer ordered it, and Lino Lakes sets no leash length: refused
        (
            "dangerous-dog-restraint",
            {
                "on": "2026-11-29",
                "in_proper_enclosure": False,
                "muzzled": True,
                "leash_length_feet": "6",
                "handler_age_years": 16,
                "under_physical_restraint": True,
            },
            "dangerous_dog.restraint: City of Lino Lakes's law states no dangerous_dog.restraint",
        ),
        (
            "dangerous-dog-inspection",
            {"permitted": False},
            "dangerous_dog.inspection: City of Lino Lakes's law states no dangerous_dog.inspection",
        ),
        (
            "dangerous-dog-rental-disclosure",
            {"occasion": "lease", "disclosed_on": "2026-11-01", "lease_date": "2026-11-02"},
            "dangerous_dog.rental_disclosure: City of Lino Lakes's law states no "
            "dangerous_dog.rental_disclosure",
        ),
        (
            "dangerous-dog-warning-symbols",
            {"symbols": 2, "on": "2026-11-29"},
            "dangerous_dog.warning_symbol_charge: City of Lino Lakes's law states no "
            "dangerous_dog.warning_symbol",
        ),
    ],
)
def test_lino_lakes_is_not_asked_a_dangerous_dog_keeping_question(in_force, question, facts, why):
    with pytest.raises(QuestionNotInLaw) as caught:
        evaluate(question, facts, in_force("lino-lakes"))
    assert str(caught.value) == f"City of Lino Lakes cannot be asked {question!r} yet: {why}."


def test_lino_lakes_has_the_handler_s_age_but_no_leash_length_to_apply_the_rule_with(in_force):
    lino_lakes = in_force("lino-lakes")
    assert lino_lakes.get("dangerous_dog.restraint.handler_min_age_years", ON).value == 16
    with pytest.raises(params.UnknownParameter):
        lino_lakes.get("dangerous_dog.restraint.leash_max_feet", ON)


# ----------------------------------------------------------------------------- Nowthen, as before


def test_nowthen_s_restraint_violation_cites_e2_and_the_revocation(in_force):
    nowthen = in_force("nowthen")
    found = keeping.restraint(
        keeping.Restraint(
            in_proper_enclosure=False,
            muzzled=True,
            leash_length_feet=Decimal(7),
            handler_age_years=17,
            under_physical_restraint=True,
        ),
        ON,
        nowthen,
    )
    assert (found.outcome, found.sections) == ("violation", ("3-2-9.E.2",))
    assert found.message == (
        "Violation of 3-2-9.E.2 outside the Proper Enclosure: leash 7 ft, longer than 6 feet; "
        "handler 17, younger than 18 years. Grounds for seizure (Minn. Stat. 347.54) and "
        "revocation (3-2-9.B.6)."
    )


def test_nowthen_s_restraint_facts_name_e2_for_what_is_missing(in_force):
    in_force("nowthen")
    facts = keeping.RestraintFacts(on=ON, in_proper_enclosure=False)
    assert facts.problems() == [
        "muzzled: missing (the dog is outside its Proper Enclosure, 3-2-9.E.2)",
        "under_physical_restraint: missing (the dog is outside its Proper Enclosure, 3-2-9.E.2)",
    ]


@pytest.mark.parametrize(
    "disclosed_on, outcome, message",
    [
        (
            dt.date(2026, 11, 2),
            "in_time",
            "Disclosed in time on November 2, 2026: the owner told the property owner at the "
            "lease renewal of November 2, 2026 that a Dangerous Dog will reside at the property "
            "(3-2-9.E.3).",
        ),
        (
            dt.date(2026, 11, 3),
            "late",
            "Disclosed late on November 3, 2026: the owner had to tell the property owner at the "
            "lease renewal of November 2, 2026 that a Dangerous Dog will reside at the property. "
            "A violation of 3-2-9.E.3.",
        ),
    ],
)
def test_nowthen_s_rental_disclosure_cites_e3(in_force, disclosed_on, outcome, message):
    in_force("nowthen")
    found = keeping.rental_disclosure("renewal", disclosed_on, dt.date(2026, 11, 2))
    assert (found.outcome, found.sections, found.message) == (outcome, ("3-2-9.E.3",), message)


def test_nowthen_s_warning_symbols_cite_e4_while_no_fee_is_set(in_force):
    found = keeping.warning_symbol_charge(2, ON, in_force("nowthen"))
    assert (found.outcome, found.sections) == ("no_fee_set", ("3-2-9.E.4",))
    assert found.message.startswith("2 warning symbol(s) provided (3-2-9.E.4); no charge: ")


def test_nowthen_s_refused_inspection_cites_e6_the_seizure_and_the_revocation(in_force):
    in_force("nowthen")
    found = keeping.inspection(permitted=False, compliant=None)
    assert found.sections == ("3-2-9.E.6", "3-2-9.B.6")
    assert found.message == (
        "Inspection refused (3-2-9.E.6): by itself a ground to seize the dog immediately "
        "(3-2-12) and to revoke the Dangerous Dog registration (3-2-9.B.6)."
    )


@pytest.mark.parametrize(
    "held, outcome, message",
    [
        (
            False,
            "may_seize",
            "The owner refused the inspection of November 29, 2026: that is by itself a ground "
            "to seize the dog immediately (3-2-9.E.6, through 3-2-12). The seized dog is released "
            "only under 3-2-9.B.4, and the registration may be revoked after notice and hearing "
            "(3-2-9.B.6).",
        ),
        (
            True,
            "already_held",
            "The dog is already held by the Animal Control Authority; it is released only under "
            "3-2-9.B.4.",
        ),
    ],
)
def test_nowthen_s_seizure_after_a_refused_inspection_cites_its_sections(
    in_force, held, outcome, message
):
    in_force("nowthen")
    found = keeping.inspection_seizure(ON, ON, held=held)
    assert (found.outcome, found.sections, found.message) == (outcome, ("3-2-9.E.6",), message)


def test_nowthen_s_inspection_seizure_summary_cites_the_seizure_release_and_revocation(in_force):
    nowthen = in_force("nowthen")
    assert RULES["dangerous_dog.inspection_seizure"].worded(nowthen, ON).summary == (
        "A refused inspection is by itself a ground to seize the dog immediately, through "
        "3-2-12, until the owner permits an inspection; the dog is then released only under "
        "3-2-9.B.4, and the registration may be revoked after notice and hearing (3-2-9.B.6)."
    )


@pytest.mark.parametrize(
    "question, why",
    [
        (
            "dangerous-dog-registration",
            "dangerous_dog.registration_requirements: City of Lino Lakes's law states no "
            "dangerous_dog.registration_requirements",
        ),
        (
            "dangerous-dog-sterilization-seizure",
            "dangerous_dog.sterilization_seizure: City of Lino Lakes's law states no "
            "dangerous_dog.registration_requirements.sterilization",
        ),
        (
            "dangerous-dog-release",
            "dangerous_dog.release: City of Lino Lakes's law states no dangerous_dog.release, "
            "dangerous_dog.costs",
        ),
    ],
)
def test_lino_lakes_is_not_asked_a_registration_question(in_force, question, why):
    # the question's other rules (its clocks, not converted here) add their own reasons after
    with pytest.raises(QuestionNotInLaw) as caught:
        evaluate(question, {}, in_force("lino-lakes"))
    said = str(caught.value)
    prefix = f"City of Lino Lakes cannot be asked {question!r} yet: "
    assert said.startswith(prefix)
    assert said.removeprefix(prefix).split("; ")[0].removesuffix(".") == why


DEEMED = dt.date(2026, 11, 1)
NOTHING_SHOWN = RegistrationEvidence(microchip_number="xyz")


def test_nowthen_s_registration_names_each_missing_requirement_s_section(in_force):
    found = registration(NOTHING_SHOWN, DEEMED, DEEMED, in_force("nowthen"))
    requirements = [f for f in found if f.rule == "dangerous_dog.registration_requirements"]
    assert [f.sections for f in requirements] == [
        ("3-2-9.B.3.a",),
        ("3-2-9.B.3.b",),
        ("3-2-9.B.3.c",),
        ("3-2-9.B.3.d",),
        ("3-2-9.B.3.e",),
        ("3-2-9.B.3.f",),
        ("3-2-9.B.3.g",),
        ("3-2-9.B.3", *(f"3-2-9.B.3.{letter}" for letter in "abcdefg")),
    ]
    assert requirements[0].message == (
        "Missing: a Proper Enclosure (3-2-9.B.3.a): no proper enclosure shown."
    )
    assert requirements[-1].message == (
        "No Certificate of Registration yet: 7 requirement(s) of 3-2-9.B.3 not shown: "
        "3-2-9.B.3.a, 3-2-9.B.3.b, 3-2-9.B.3.c, 3-2-9.B.3.d, 3-2-9.B.3.e, 3-2-9.B.3.f, "
        "3-2-9.B.3.g."
    )


@pytest.mark.parametrize(
    "on, sterilized, outcome, ends",
    [
        (DEEMED, True, "sterilized", "there is no seizure for sterilization (3-2-9.B.3.g)."),
        (
            dt.date(2026, 12, 31),
            False,
            "seize",
            "shall seize the dog and have it sterilized at the owner's expense (3-2-9.B.3.g).",
        ),
    ],
)
def test_nowthen_s_sterilization_seizure_cites_b3g(in_force, on, sterilized, outcome, ends):
    finding, _clock = sterilization_seizure(DEEMED, on, in_force("nowthen"), sterilized=sterilized)
    assert (finding.outcome, finding.sections) == (outcome, ("3-2-9.B.3.g",))
    assert finding.message.endswith(ends)


def test_nowthen_s_release_cites_b4_and_the_costs_as_one_list(in_force):
    nowthen = in_force("nowthen")
    shown = registration(NOTHING_SHOWN, DEEMED, DEEMED, nowthen)
    finding, _clock = release(
        DEEMED, DEEMED, nowthen, registration_findings=shown, balance=Decimal("50.00")
    )
    assert (finding.outcome, finding.sections) == ("not_released", ("3-2-9.B.4", "3-2-9.A.5"))
    assert (
        "Missing: payment of the costs of seizure and boarding (3-2-9.B.4, A.5): $50.00 unpaid, "
        "and no mutually satisfactory arrangement for payment is recorded." in finding.message
    )
    assert finding.message.endswith(" to comply (3-2-9.B.4).")


def test_a_registration_fact_s_label_is_as_before_in_nowthen(in_force):
    # the labels name Nowthen's subsections by their letters, as its answers' problems quote them
    in_force("nowthen")
    labels = {f.name: f.description for f in fields_of(ReleaseFacts)}
    assert labels["proper_enclosure"] == "A Proper Enclosure is provided (B.3.a)"
    assert labels["fee_paid"] == "The registration fee paid under B.3.d"
    assert labels["payment_arrangement"] == (
        "The arrangement for payment of the costs made with the City, if they are not paid in "
        "full (A.5)"
    )


def test_lino_lakes_is_not_asked_about_the_notice_of_dangerous_dog(in_force):
    # 503.16(2)(c) notifies one owner "in writing or in person" of the "parties bitten": not the
    # rules' service, incidents or contents
    with pytest.raises(QuestionNotInLaw) as caught:
        evaluate("dangerous-dog-notice", {}, in_force("lino-lakes"))
    says = "City of Lino Lakes's law states no"
    assert str(caught.value) == (
        "City of Lino Lakes cannot be asked 'dangerous-dog-notice' yet: "
        f"dangerous_dog.notice_service: {says} dangerous_dog.notice; "
        f"dangerous_dog.notice_incidents: {says} dangerous_dog.notice; "
        f"dangerous_dog.notice_contents: {says} dangerous_dog.notice, "
        "dangerous_dog.notice.restrictions, "
        "dangerous_dog.notice.interim_compliance, dangerous_dog.notice.designation_stands, "
        "dangerous_dog.notice.costs."
    )


def test_nowthen_s_notice_service_and_incidents_cite_a1a(in_force):
    in_force("nowthen")
    served = notice_service("residence")
    assert (served.outcome, served.sections, served.message) == (
        "not_served",
        ("3-2-9.A.1.a",),
        "Name the person the notice was handed to (3-2-9.A.1.a). Give the address of the "
        "residence or the mailing address (3-2-9.A.1.a).",
    )
    stated = notice_incidents([StatedIncident(DEEMED, None, "Viking Blvd", "")])
    assert (stated.outcome, stated.sections, stated.message) == (
        "not_stated",
        ("3-2-9.A.1.a",),
        "Incident 1: give its time and facts (3-2-9.A.1.a).",
    )


def test_nowthen_s_incomplete_notice_names_each_content_by_its_subdivision(in_force):
    found = notice_contents(
        NoticeContents(dog_description="Rex", seized=True, contact_phone="763-555-0100"),
        in_force("nowthen"),
        DEEMED,
    )
    assert found.outcome == "incomplete"
    assert found.sections == (
        "3-2-9.A.1.a",
        "3-2-9.A.1.b",
        "3-2-9.A.1.c",
        "3-2-9.A.1.d",
        "3-2-9.A.1.e",
        "3-2-9.A.1.f",
    )
    assert found.facts["missing"] == [
        "3-2-9.A.1.a(2)",
        "3-2-9.A.1.a(3)",
        "3-2-9.A.1.a(4)",
        "3-2-9.A.1.b",
        "3-2-9.A.1.c",
        "3-2-9.A.1.d",
        "3-2-9.A.1.e",
        "3-2-9.A.1.f",
    ]
    assert found.message.startswith(
        "The Notice of Dangerous Dog cannot issue without every content of 3-2-9.A.1. "
        "3-2-9.A.1.a(2): state the factual basis for the determination. "
        "3-2-9.A.1.a(3): name the official who made the determination and state the authority "
        "by which it was made. "
        "3-2-9.A.1.a(4): the dog was seized: give the address of the contact person where it is "
        "kept. "
        "3-2-9.A.1.b: set forth the registration requirements and other restrictions imposed on "
        "a Dangerous Dog by 3-2-9 or Minnesota Statutes chapter 347. "
    )


def test_nowthen_s_undated_notice_cites_c_and_d(in_force):
    in_force("nowthen")
    found = notice_contents(NoticeContents(), params.default(), None)
    assert (found.outcome, found.sections) == ("undated", ("3-2-9.A.1.c", "3-2-9.A.1.d"))
    assert found.message == (
        "Give the date of the Notice: the days it must give to request a hearing (3-2-9.A.1.c) "
        "and to comply after a confirming decision (3-2-9.A.1.d) are those in force on that date."
    )


def test_nowthen_s_notice_contents_title_names_a1(in_force):
    nowthen = in_force("nowthen")
    worded = RULES["dangerous_dog.notice_contents"].worded(nowthen, DEEMED)
    assert worded.title == "The notice includes every content of 3-2-9.A.1"


def test_a_subdivision_in_parentheses_is_one_nowthen_citation():
    nowthen = provisions.sections_of(params.load(params.DEFAULT_ROOT, "nowthen").city)
    assert nowthen.cited("(3-2-9.A.1.a(4)) and 3-2-9.A.1.b") == ["3-2-9.A.1.a(4)", "3-2-9.A.1.b"]


def test_nowthen_s_exemptions_and_criteria_cite_a6_a_and_3_2_8(in_force):
    in_force("nowthen")
    exempt = exemption(["provoking", "crime_against_owner"])
    assert exempt.sections == ("3-2-9.A.6.b", "3-2-9.A.6.c")
    barred = criteria(["killed_domestic_animal"], exempt)
    assert (barred.outcome, barred.sections) == (
        "designation_barred",
        ("3-2-9.A", "3-2-9.A.6.b", "3-2-9.A.6.c"),
    )
    none = criteria([], exemption([]))
    assert (none.sections, none.message) == (
        ("3-2-9.A", "3-2-8"),
        "No designation: the evidence meets none of the criteria of Minn. Stat. 347.50 subd. 2 "
        "(3-2-9.A, through 3-2-8).",
    )


@pytest.mark.parametrize(
    "proceeding, destroy, sections",
    [
        ("designation_hearing", True, ("3-2-9.A.2.f",)),
        ("revocation_hearing", False, ("3-2-9.A.2.f", "3-2-9.B.6.b")),
        ("review", False, ("3-2-9.A.7",)),
    ],
)
def test_nowthen_s_standard_of_proof_cites_the_proceeding_s_section(
    in_force, proceeding, destroy, sections
):
    in_force("nowthen")
    found = standard_of_proof(proceeding, destruction_sought=destroy)
    assert found.sections == sections
    assert found.message.endswith(f" ({sections[0]}).")


def test_nowthen_s_destruction_names_each_criterion_lacking(in_force):
    in_force("nowthen")
    found = destruction({"dangerous_by_attack": "Bit twice."})
    assert found.sections == ("3-2-9.A.3", "3-2-9.A.3.b", "3-2-9.A.3.c")
    assert found.message.endswith(
        "or otherwise refuses to provide proof of the liability insurance required by "
        "3-2-9.B.3.c (3-2-9.A.3.c). All three criteria must be found (3-2-9.A.3), by clear and "
        "convincing evidence (3-2-9.A.2.f)."
    )


def test_nowthen_s_dog_pending_the_hearing_cites_a2b_and_the_license_sections(in_force):
    in_force("nowthen")
    found = pending_hearing(dog_name="Rex", seized=False)
    assert found.sections == ("3-2-9.A.2.b", "3-2-9.A.1.d")
    assert found.details["missing"] == [
        "no dog license in force (3-2-2.A)",
        "no current rabies vaccination (3-2-2.G)",
        "not kept only in a Proper Enclosure or leashed and muzzled",
        "nothing shown that the dog presents no unreasonable risk of harm",
    ]


def test_the_exemptions_and_destruction_criteria_read_as_each_city_numbers_them(in_force):
    # the forms and the order read them as (section, words): never another city's section
    in_force("nowthen")
    assert EXEMPTIONS["provoking"][0] == "3-2-9.A.6.b"
    assert DESTRUCTION_CRITERIA["no_proof_of_insurance"] == (
        "3-2-9.A.3.c",
        "the Owner cannot, will not, does not, or otherwise refuses to provide proof of the "
        "liability insurance required by 3-2-9.B.3.c",
    )
    in_force("lino-lakes")
    assert EXEMPTIONS["provoking"][0] == "[dangerous_dog.exemption.provoking: no section]"
    assert DESTRUCTION_CRITERIA["no_proof_of_insurance"][1].endswith(
        "required by [dangerous_dog.registration_requirements.insurance: no section]"
    )


def test_a_destruction_finding_s_label_names_nowthen_s_section(in_force):
    in_force("nowthen")
    labels = {f.name: f.description for f in fields_of(HearingFacts)}
    assert labels["finding_no_proof_of_insurance"] == (
        "The written finding of fact that the Owner cannot, will not, does not, or otherwise "
        "refuses to provide proof of the liability insurance required by 3-2-9.B.3.c (3-2-9.A.3.c)"
    )
    assert labels["destruction_sought"] == (
        "The Authority seeks to destroy the dog: the standard of proof is then clear and "
        "convincing evidence (3-2-9.A.2.f)"
    )


def test_nowthen_s_reviews_cite_a7_and_e7(in_force):
    nowthen = in_force("nowthen")
    declared = dt.date(2024, 10, 26)
    review, _control = review_eligibility(declared, dt.date(2025, 11, 1), nowthen)
    assert (review.outcome, review.sections) == ("eligible", ("3-2-9.A.7",))
    assert review.message == (
        "A review may be requested now: October 26, 2025 has come, 12 months after the designation "
        "on October 26, 2024 (3-2-9.A.7). At a review the owner bears the burden, by clear and "
        "convincing evidence, and pays the actual costs."
    )
    relaxed = relax_conditions(declared, declared, nowthen)
    assert (relaxed.outcome, relaxed.sections) == ("not_yet", ("3-2-9.E.7",))
    assert relaxed.message.endswith("end on October 26, 2026 (3-2-9.E.7).")


def test_the_conditions_a_review_may_relax_read_as_each_city_numbers_them(in_force):
    in_force("nowthen")
    assert {key: section for key, (section, _words) in CONDITIONS.items()} == {
        "proper_enclosure": "3-2-9.E.2",
        "muzzle_and_leash": "3-2-9.E.2",
        "rental_disclosure": "3-2-9.E.3",
        "warning_symbol": "3-2-9.E.4",
        "tag": "3-2-9.E.5",
        "inspection": "3-2-9.E.6",
    }
    in_force("lino-lakes")
    assert CONDITIONS["tag"] == (
        "[dangerous_dog.tag: no section]",
        "the dangerous-dog tag affixed to the collar at all times",
    )


@pytest.mark.parametrize(
    "heard, refused, reasons, sections, message",
    [
        (
            False,
            False,
            "Gate open.",
            ("3-2-9.B.6.a",),
            "The revocation hearing has not been held: a Certificate of Registration is revoked "
            "only following hearing (3-2-9.B.6.a).",
        ),
        (
            True,
            False,
            "",
            ("3-2-9.B.6.a",),
            "No failure is alleged: a certificate is revoked only if the owner fails to maintain "
            "a registration requirement or to keep the dog as 3-2-9 or state law requires "
            "(3-2-9.B.6.a).",
        ),
        (
            True,
            True,
            "Gate open.",
            ("3-2-9.B.6.a", "3-2-9.E.6"),
            "Revoked following hearing (3-2-9.B.6.a), because the owner did not permit an "
            "inspection, by itself a ground (3-2-9.E.6); and the Hearing Officer found the failure "
            "the notice of revocation alleged (3-2-9.B.6.b): Gate open.",
        ),
    ],
)
def test_nowthen_s_revocation_cites_b6a_its_hearing_and_the_inspection(
    in_force, heard, refused, reasons, sections, message
):
    in_force("nowthen")
    found = revocation(
        heard=heard, revoked=True, alleged_reasons=reasons, inspection_refused=refused
    )
    assert (found.sections, found.message) == (sections, message)


def test_nowthen_s_revocation_facts_and_summary_name_its_sections(in_force):
    nowthen = in_force("nowthen")
    labels = {f.name: f.description for f in fields_of(RevocationFacts)}
    assert labels["inspection_refused"] == "The owner did not permit an inspection (3-2-9.E.6)"
    assert labels["alleged_reasons"] == (
        "The reasons the notice of revocation alleged the dog is not kept in conformance "
        "(3-2-9.B.6.b); empty if none"
    )
    assert (
        RULES["dangerous_dog.revocation"]
        .worded(nowthen, ON)
        .summary.endswith(
            "to keep the dog as 3-2-9 or state law requires (the reasons the notice alleged), or did "
            "not permit an inspection (3-2-9.E.6)."
        )
    )


def test_nowthen_s_refusal_to_release_the_dog_cites_a2h(in_force):
    in_force("nowthen")
    found = release_on_demand(demanded=True, ordered_into_custody=False, released=False)
    assert (found.outcome, found.sections, found.message) == (
        "misdemeanor",
        ("3-2-9.A.2.h",),
        "Misdemeanor: the dog was not released upon the demand of the Animal Control Authority "
        "or a law enforcement agent; a person who fails or refuses to release it is guilty of a "
        "misdemeanor (3-2-9.A.2.h).",
    )


@pytest.mark.parametrize(
    "kind, sections, ends",
    [
        ("death", ("3-2-9.C",), "Received late: the notice was due by Wed 2026-04-01 (3-2-9.C)."),
        (
            "transfer",
            ("3-2-9.D",),
            "The buyer was not told beforehand that the dog was designated Dangerous: a violation "
            "of 3-2-9.D.",
        ),
    ],
)
def test_nowthen_s_owner_notices_cite_c_and_d(in_force, kind, sections, ends):
    nowthen = in_force("nowthen")
    [found, *_clock] = owner_notice(
        kind, dt.date(2026, 3, 2), dt.date(2026, 5, 1), nowthen, transferee_told=False
    )
    assert found.sections == sections
    assert found.message.endswith(ends)


def test_nowthen_s_owner_notice_kind_names_c_and_d_as_one_list(in_force):
    in_force("nowthen")
    labels = {f.name: f.description for f in fields_of(OwnerNoticeFacts)}
    assert labels["kind"] == (
        "What the owner's written notice is of: death, relocation or transfer (3-2-9.C, D)"
    )
    with pytest.raises(ValueError) as caught:
        owner_notice("gift", dt.date(2026, 3, 2), dt.date(2026, 3, 2), params.default())
    assert str(caught.value) == "'gift' is not a notice of 3-2-9.C or D"
