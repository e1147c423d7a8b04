"""3-2-9 dangerous dogs, with Minn. Stat. 347.50-347.565 through 3-2-8: table-driven by
subsection."""

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.law.dangerous_dogs import (
    RegistrationEvidence,
    Restraint,
    criteria,
    destruction,
    exemption,
    inspection,
    microchip_format,
    owner_notice,
    pending_hearing,
    registration,
    relax_conditions,
    restraint,
    review_eligibility,
    standard_of_proof,
    warning_symbol_charge,
)
from dogtag.law.params import Source

D = dt.date
ON = D(2026, 11, 29)

# ----------------------------------------------------------------------------- A.6, A


@pytest.mark.parametrize(
    "circumstances, outcome, sections",
    [
        ([], "not_exempt", ("3-2-9.A.6",)),
        (["trespass_or_tort"], "exempt", ("3-2-9.A.6.a",)),
        (["provoking"], "exempt", ("3-2-9.A.6.b",)),
        (["crime_against_owner"], "exempt", ("3-2-9.A.6.c",)),
        (["crime_against_owner", "provoking"], "exempt", ("3-2-9.A.6.b", "3-2-9.A.6.c")),
    ],
)
def test_exemptions(circumstances, outcome, sections):
    finding = exemption(circumstances)
    assert (finding.outcome, finding.sections, finding.blocks) == (
        outcome,
        sections,
        outcome == "exempt",
    )


@pytest.mark.parametrize(
    "met, circumstances, outcome",
    [
        (["substantial_or_great_bodily_harm"], [], "designate"),
        (["killed_domestic_animal", "after_potentially_dangerous_notice"], [], "designate"),
        ([], [], "criteria_not_met"),
        # the exemptions are checked first: a dog may not be declared dangerous when they apply
        (["substantial_or_great_bodily_harm"], ["provoking"], "designation_barred"),
    ],
)
def test_designation_checks_exemptions_first(met, circumstances, outcome):
    finding = criteria(met, exemption(circumstances))
    assert finding.outcome == outcome
    assert finding.blocks == (outcome != "designate")


def test_designation_message_names_the_statute():
    finding = criteria(["killed_domestic_animal"], exemption([]))
    assert finding.message == (
        "The dog meets the criteria of a dangerous dog: it killed a domestic animal without "
        "provocation while off the owner's property (Minn. Stat. 347.50 subd. 2(2)). Designate "
        "(3-2-9.A)."
    )
    assert finding.sections == ("3-2-9.A", "3-2-8")


@pytest.mark.parametrize(
    "rule, arg", [(exemption, ["fled"]), (lambda m: criteria(m, exemption([])), ["barked"])]
)
def test_unknown_circumstances_are_refused(rule, arg):
    with pytest.raises(ValueError, match="not a"):
        rule(arg)


# ----------------------------------------------------------------------------- A.2.f, A.7


@pytest.mark.parametrize(
    "proceeding, destruction_sought, standard, burden, sections",
    [
        (
            "designation_hearing",
            False,
            "preponderance",
            "the Animal Control Authority",
            ("3-2-9.A.2.f",),
        ),
        (
            "designation_hearing",
            True,
            "clear_and_convincing",
            "the Animal Control Authority",
            ("3-2-9.A.2.f",),
        ),
        (
            "revocation_hearing",
            False,
            "preponderance",
            "the Animal Control Authority",
            ("3-2-9.A.2.f", "3-2-9.B.6.b"),
        ),
        ("review", False, "clear_and_convincing", "the dog's Owner", ("3-2-9.A.7",)),
    ],
)
def test_standard_of_proof(proceeding, destruction_sought, standard, burden, sections):
    finding = standard_of_proof(proceeding, destruction_sought=destruction_sought)
    assert (finding.outcome, finding.details["burden"], finding.sections) == (
        standard,
        burden,
        sections,
    )


def test_standard_of_proof_message():
    assert standard_of_proof("designation_hearing", destruction_sought=True).message == (
        "The burden of proof is on the Animal Control Authority; the standard is clear and "
        "convincing evidence, because the Authority seeks to destroy the dog (3-2-9.A.2.f)."
    )


# ----------------------------------------------------------------------------- A.3


ALL_THREE = {
    "dangerous_by_attack": "Unprovoked attack on a child at the mailbox, 2026-09-03.",
    "owner_cannot_control": "Dog escaped its pen three times after warnings.",
    "no_proof_of_insurance": "Owner refused at hearing to show a policy.",
}


@pytest.mark.parametrize(
    "given, outcome, missing",
    [
        (ALL_THREE, "destruction_authorized", None),
        (
            {**ALL_THREE, "no_proof_of_insurance": "  "},
            "destruction_not_authorized",
            ["no_proof_of_insurance"],
        ),
        (
            {"dangerous_by_attack": "x"},
            "destruction_not_authorized",
            ["owner_cannot_control", "no_proof_of_insurance"],
        ),
        (
            {},
            "destruction_not_authorized",
            ["dangerous_by_attack", "owner_cannot_control", "no_proof_of_insurance"],
        ),
    ],
)
def test_destruction_needs_written_findings_on_all_three(given, outcome, missing):
    finding = destruction(given)
    assert finding.outcome == outcome
    assert finding.details.get("missing") == missing
    assert finding.blocks == (outcome != "destruction_authorized")


def test_destruction_refusal_names_the_missing_criterion():
    finding = destruction({k: v for k, v in ALL_THREE.items() if k != "owner_cannot_control"})
    assert finding.sections == ("3-2-9.A.3", "3-2-9.A.3.b")
    assert "lacks a finding of fact that the Owner has demonstrated an inability" in (
        finding.message
    )


# ----------------------------------------------------------------------------- microchip


@pytest.mark.parametrize(
    "number, expected",
    [
        ("985112003456789", "iso_11784"),
        ("985 112 003 456 789", "iso_11784"),
        ("900-164001234567", "iso_11784"),
        ("AVID*012*345*678", "avid_9"),
        ("012345678", "avid_9"),
        ("0A12BC34DE", "hex_10"),
        ("0a12bc34de", "hex_10"),
        ("98511200345678", None),  # 14 digits
        ("9851120034567890", None),  # 16 digits
        ("0A12BC34DG", None),  # G is not hexadecimal
        ("", None),
    ],
)
def test_microchip_formats(number, expected):
    assert microchip_format(number) == expected


# ----------------------------------------------------------------------------- B.3

COMPLETE = RegistrationEvidence(
    proper_enclosure=True,
    signs_front_and_rear_of_all_buildings=True,
    sign_on_enclosure=True,
    insurance_per_person=Decimal("500000"),
    insurance_per_incident=Decimal("1000000"),
    insurance_prepaid=True,
    fee_paid=Decimal("500.00"),
    microchip_manufacturer="HomeAgain",
    microchip_number="985112003456789",
    license_current=True,
    vaccinations_current=True,
    sterilized=True,
)
DEEMED = D(2026, 11, 2)


def by_section(findings):
    return {
        f.sections[0]: f for f in findings if f.rule == "dangerous_dog.registration_requirements"
    }


def test_the_certificate_may_issue_when_every_requirement_is_shown(nowthen):
    findings = registration(COMPLETE, DEEMED, ON, nowthen)
    assert findings[-1].outcome == "certificate_may_issue"
    assert [f.outcome for f in findings[:7]] == ["met"] * 7
    # the insurance comparison with the state is shown, and Nowthen controls (3-2-8)
    control = next(f for f in findings if f.rule == "incorporation.controlling_provision")
    assert control.outcome == "city_controls"
    assert "$500,000.00" in control.message and "$300,000.00" in control.message


@pytest.mark.parametrize(
    "change, section, problem",
    [
        ({"proper_enclosure": False}, "3-2-9.B.3.a", "no proper enclosure shown"),
        (
            {"sign_on_enclosure": False},
            "3-2-9.B.3.b",
            "no warning sign shown on the Proper Enclosure",
        ),
        (
            {"insurance_per_person": Decimal("499999.99")},
            "3-2-9.B.3.c",
            "insurance $499,999.99 per person, under $500,000.00",
        ),
        (
            {"insurance_per_incident": Decimal("999999")},
            "3-2-9.B.3.c",
            "insurance $999,999.00 per incident, under $1,000,000.00",
        ),
        ({"insurance_prepaid": False}, "3-2-9.B.3.c", "insurance not shown prepaid in full"),
        ({"fee_paid": Decimal("499.99")}, "3-2-9.B.3.d", "fee paid $499.99"),
        (
            {"microchip_number": "12345"},
            "3-2-9.B.3.e",
            "microchip number '12345' is not 15 digits (ISO 11784/11785), 9 digits (AVID) or 10 "
            "hexadecimal characters",
        ),
        ({"microchip_manufacturer": ""}, "3-2-9.B.3.e", "no microchip manufacturer"),
        ({"license_current": False}, "3-2-9.B.3.f", "license not current"),
        ({"sterilized": False}, "3-2-9.B.3.g", "not sterilized; due by December 2, 2026"),
    ],
)
def test_each_missing_requirement_is_listed_with_its_section(nowthen, change, section, problem):
    evidence = RegistrationEvidence(**{**COMPLETE.__dict__, **change})
    findings = registration(evidence, DEEMED, ON, nowthen)
    rows = by_section(findings)
    assert rows[section].outcome == "missing"
    assert rows[section].details["problem"] == problem
    assert [s for s, f in rows.items() if f.outcome == "missing" and s != "3-2-9.B.3"] == [section]
    assert findings[-1].outcome == "certificate_refused"
    assert findings[-1].details["missing"] == [section]


def test_sterilization_overdue_means_seizure(nowthen):
    evidence = RegistrationEvidence(**{**COMPLETE.__dict__, "sterilized": False})
    findings = registration(evidence, D(2026, 10, 1), ON, nowthen)
    assert by_section(findings)["3-2-9.B.3.g"].details["problem"] == (
        # 30 days from October 1 end on Saturday, October 31: Minn. Stat. 645.15 rolls to Monday
        "not sterilized by November 2, 2026: the Authority shall seize the dog and have it "
        "sterilized at the owner's expense"
    )
    clock = next(f for f in findings if f.rule == "dangerous_dog.sterilization")
    assert clock.deadline.due == D(2026, 11, 2)


# ----------------------------------------------------------------------------- E.2


@pytest.mark.parametrize(
    "facts, outcome",
    [
        (Restraint(in_proper_enclosure=True), "in_enclosure"),
        (Restraint(False, True, Decimal(6), 18, True), "restrained"),
        (Restraint(False, True, Decimal("6.5"), 18, True), "violation"),
        (Restraint(False, True, Decimal(6), 17, True), "violation"),
        (Restraint(False, False, Decimal(6), 40, True), "violation"),
        (Restraint(False, True, None, 40, True), "violation"),
        (Restraint(False, True, Decimal(4), 40, False), "violation"),
    ],
)
def test_restraint_outside_the_enclosure(nowthen, facts, outcome):
    finding = restraint(facts, ON, nowthen)
    assert (finding.outcome, finding.sections) == (outcome, ("3-2-9.E.2",))


def test_restraint_violation_lists_every_problem(nowthen):
    finding = restraint(Restraint(False, False, Decimal("8"), 16, False), ON, nowthen)
    assert finding.message == (
        "Violation of 3-2-9.E.2 outside the Proper Enclosure: not muzzled; leash 8 ft, longer "
        "than 6 feet; not under a person's physical restraint; handler 16, younger than 18 "
        "years. Grounds for seizure (Minn. Stat. 347.54) and revocation (3-2-9.B.6)."
    )


# ----------------------------------------------------------------------------- A.7, E.7


@pytest.mark.parametrize(
    "declared, last, on, outcome, next_date",
    [
        (D(2025, 11, 29), None, D(2026, 11, 29), "eligible", D(2026, 11, 29)),
        (D(2025, 11, 30), None, D(2026, 11, 29), "not_yet", D(2026, 11, 30)),
        # the state's six months do not apply: Nowthen's year is stricter and controls
        (D(2026, 5, 1), None, D(2026, 11, 29), "not_yet", D(2027, 5, 1)),
        (D(2024, 2, 29), None, D(2025, 2, 28), "eligible", D(2025, 2, 28)),
        (D(2024, 1, 10), D(2026, 3, 1), D(2026, 11, 29), "not_yet", D(2027, 3, 1)),
        (D(2024, 1, 10), D(2025, 3, 1), D(2026, 11, 29), "eligible", D(2026, 3, 1)),
    ],
)
def test_review_eligibility(nowthen, declared, last, on, outcome, next_date):
    finding, control = review_eligibility(declared, on, nowthen, last_review_requested_on=last)
    assert (finding.outcome, finding.next_date) == (outcome, next_date)
    assert control.outcome == "city_controls"


def test_review_requested_too_early_is_an_error(nowthen):
    with pytest.raises(ValueError, match="before the first day one could be"):
        review_eligibility(D(2026, 1, 1), ON, nowthen, last_review_requested_on=D(2026, 6, 1))


@pytest.mark.parametrize(
    "designated, violation, outcome, from_day",
    [
        (D(2024, 11, 29), None, "discretion_available", D(2026, 11, 29)),
        (D(2024, 11, 30), None, "not_yet", D(2026, 11, 30)),
        (D(2020, 1, 1), D(2025, 6, 1), "not_yet", D(2027, 6, 1)),
    ],
)
def test_relaxing_conditions_after_two_years(nowthen, designated, violation, outcome, from_day):
    finding = relax_conditions(designated, ON, nowthen, last_violation_on=violation)
    assert (finding.outcome, finding.next_date) == (outcome, from_day)


# ----------------------------------------------------------------------------- A.2.b, E.6, C, D

SHOWN = dict(
    dog_name="Duke",
    seized=False,
    license_number="2026-00017",
    rabies_expires_on=D(2027, 5, 1),
    enclosure_or_leash_and_muzzle=True,
    no_unreasonable_risk="Locked kennel run with a roof.",
)


@pytest.mark.parametrize(
    "change, outcome, missing",
    [
        ({}, "proof_shown", None),
        ({"seized": True, "kept_at": "Anoka County shelter"}, "seized", None),
        ({"license_number": None}, "proof_not_shown", ["no dog license in force (3-2-2.A)"]),
        (
            {"rabies_expires_on": None},
            "proof_not_shown",
            ["no current rabies vaccination (3-2-2.G)"],
        ),
        (
            {"enclosure_or_leash_and_muzzle": False},
            "proof_not_shown",
            ["not kept only in a Proper Enclosure or leashed and muzzled"],
        ),
        (
            {"no_unreasonable_risk": " "},
            "proof_not_shown",
            ["nothing shown that the dog presents no unreasonable risk of harm"],
        ),
    ],
)
def test_pending_hearing(change, outcome, missing):
    finding = pending_hearing(**{**SHOWN, **change})
    assert (finding.outcome, finding.blocks) == (outcome, outcome == "proof_not_shown")
    assert finding.details.get("missing") == missing
    assert finding.sections == ("3-2-9.A.2.b", "3-2-9.A.1.d")


@pytest.mark.parametrize(
    "permitted, compliant, outcome, sections",
    [
        (True, True, "compliant", ("3-2-9.E.6",)),
        (True, False, "not_compliant", ("3-2-9.E.6",)),
        (False, None, "refused", ("3-2-9.E.6", "3-2-9.B.6")),
    ],
)
def test_inspection(permitted, compliant, outcome, sections):
    finding = inspection(permitted=permitted, compliant=compliant)
    assert (finding.outcome, finding.sections, finding.blocks) == (
        outcome,
        sections,
        outcome != "compliant",
    )


def test_a_permitted_inspection_must_say_whether_compliant():
    with pytest.raises(ValueError, match="say whether the dog was kept in compliance"):
        inspection(permitted=True, compliant=None)


@pytest.mark.parametrize(
    "kind, occurred, received, told, late, blocks",
    [
        # 30 days from 2026-10-01 end Saturday 2026-10-31: due Monday 2026-11-02
        ("death", D(2026, 10, 1), D(2026, 11, 2), None, False, False),
        ("death", D(2026, 10, 1), D(2026, 11, 3), None, True, True),
        ("relocation", D(2026, 11, 1), D(2026, 11, 20), None, False, False),
        ("transfer", D(2026, 11, 1), D(2026, 11, 20), True, False, False),
        ("transfer", D(2026, 11, 1), D(2026, 11, 20), False, False, True),
    ],
)
def test_owner_notices(nowthen, kind, occurred, received, told, late, blocks):
    findings = owner_notice(kind, occurred, received, nowthen, transferee_told=told)
    assert findings[0].facts["late"] == late
    assert findings[0].blocks == blocks
    assert findings[0].sections == (("3-2-9.D",) if kind == "transfer" else ("3-2-9.C",))


def test_a_late_death_notice_says_when_it_was_due(nowthen):
    [notice, clock] = owner_notice("death", D(2026, 10, 1), D(2026, 11, 3), nowthen)
    assert notice.message == (
        "Written notice of the death of the dog received Tue 2026-11-03. Received late: the "
        "notice was due by Mon 2026-11-02 (3-2-9.C)."
    )
    assert clock.deadline.due == D(2026, 11, 2)


# ----------------------------------------------------------------------------- E.4 charge


def test_no_charge_for_warning_symbols_until_the_council_sets_a_fee(nowthen):
    finding = warning_symbol_charge(3, ON, nowthen)
    assert (finding.outcome, finding.details["amount"]) == ("no_fee_set", "0.00")
    assert finding.message.startswith(
        "3 warning symbol(s) provided (3-2-9.E.4); no charge: the fee awaits the City Council, "
        "by resolution (1-2-2)"
    )


def test_warning_symbols_are_charged_at_the_fee_a_resolution_set(nowthen):
    source = Source("Nowthen Resolution 2027-03", "resolution", "1-2-2", D(2027, 1, 11))
    city = nowthen.with_values(
        [("fees.dangerous_dog.warning_symbol", D(2027, 2, 1), "15.00", source)], file="entered"
    )
    before = warning_symbol_charge(2, D(2027, 1, 31), city)
    assert before.outcome == "no_fee_set"
    assert before.message.endswith("the council's fee takes effect February 1, 2027.")
    after = warning_symbol_charge(2, D(2027, 2, 1), city)
    assert (after.outcome, after.details["amount"]) == ("charged", Decimal("30.00"))
    assert after.message == (
        "2 warning symbol(s) provided (3-2-9.E.4) at $15.00 each: $30.00 (Nowthen Resolution "
        "2027-03, § 1-2-2, adopted 2027-01-11)."
    )
