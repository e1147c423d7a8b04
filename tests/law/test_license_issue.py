"""3-2-2.A, B, D, E, F, G: may a license issue, and on what terms (fee, penalty, expiry)."""

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest

from dogtag.law.findings import Finding, blocking
from dogtag.law.licensing import (
    LicenseApplication,
    RabiesCertificate,
    application_contents,
    fee_tier_years,
    license_penalty,
    license_term,
    may_issue,
    paid_in_full,
    rabies_current,
)

D = dt.date

RABIES = RabiesCertificate(
    vaccinated_on=D(2026, 10, 1),
    expires_on=D(2027, 10, 1),
    veterinarian="Dr. Ana Lindqvist, DVM",
    clinic="Rum River Animal Hospital",
    certificate_number="RR-2026-0415",
)
APPLICATION = LicenseApplication(
    on=D(2026, 11, 29),
    kind="new",
    owner_name="Pat Gustafson",
    owner_address="7120 Viking Blvd NW, Nowthen MN 55303",
    owner_phone="763-555-0142",
    dog_name="Biscuit",
    breed="Labrador retriever",
    color="Yellow",
    sex="female, spayed",
    born=D(2026, 5, 20),
    rabies=RABIES,
)


def app(**changes) -> LicenseApplication:
    return dataclasses.replace(APPLICATION, **changes)


# ------------------------------------------------------------------------------- 3-2-2.A


@pytest.mark.parametrize(
    "changes, missing, sections",
    [
        ({}, [], ("3-2-2.A",)),
        ({"owner_phone": ""}, ["owner's phone number"], ("3-2-2.A",)),
        (
            {"owner_name": " ", "color": ""},
            ["owner's name", "dog's color"],
            ("3-2-2.A",),
        ),
        ({"born": None}, ["dog's age or date of birth"], ("3-2-2.A",)),
        ({"born": None, "age_years": 4}, [], ("3-2-2.A",)),
        (
            {"kind": "renewal"},
            ["the previous license's expiry date"],
            ("3-2-2.A", "3-2-2.B"),
        ),
        (
            {"kind": "new_resident"},
            ["the date the owner became a resident"],
            ("3-2-2.A", "3-2-2.E"),
        ),
        (
            {"kind": "change_of_ownership"},
            ["the date of the change of ownership"],
            ("3-2-2.A", "3-2-2.F"),
        ),
    ],
)
def test_application_states_what_3_2_2_a_lists(changes, missing, sections):
    finding = application_contents(app(**changes))
    assert finding.sections == sections
    if missing:
        assert (finding.outcome, finding.blocks) == ("incomplete", True)
        assert finding.details["missing"] == missing
        assert finding.message == f"The application does not state: {', '.join(missing)} (3-2-2.A)."
    else:
        assert (finding.outcome, finding.blocks) == ("complete", False)


def test_unknown_kind_is_an_error():
    with pytest.raises(ValueError, match="kind 'gift' is not one of"):
        application_contents(app(kind="gift"))


# ------------------------------------------------------------------------------- 3-2-2.G


@pytest.mark.parametrize(
    "rabies, outcome, message",
    [
        (
            None,
            "no_certificate",
            "No rabies vaccination certificate was presented — 3-2-2.G: no license may issue.",
        ),
        (
            dataclasses.replace(RABIES, veterinarian=""),
            "no_veterinarian",
            "The rabies certificate names no licensed veterinarian — 3-2-2.G: no license may issue.",
        ),
        (
            dataclasses.replace(RABIES, vaccinated_on=D(2023, 1, 10), expires_on=D(2026, 1, 10)),
            "expired",
            "Rabies certificate expired 2026-01-10 — 3-2-2.G: no license may issue.",
        ),
        (
            dataclasses.replace(RABIES, vaccinated_on=D(2026, 12, 1), expires_on=D(2027, 12, 1)),
            "vaccinated_later",
            "The rabies vaccination is dated 2026-12-01, after the application (2026-11-29) — "
            "3-2-2.G: no license may issue.",
        ),
        (
            dataclasses.replace(RABIES, expires_on=D(2026, 10, 1)),
            "certificate_inconsistent",
            "The rabies certificate expires (2026-10-01) no later than it was given (2026-10-01); "
            "check the dates — 3-2-2.G: no license may issue.",
        ),
    ],
)
def test_no_license_without_a_current_certificate(rabies, outcome, message):
    finding = rabies_current(app(rabies=rabies))
    assert (finding.outcome, finding.blocks, finding.sections) == (outcome, True, ("3-2-2.G",))
    assert finding.message == message


@pytest.mark.parametrize("expires_on", [D(2026, 11, 29), D(2026, 11, 30), D(2029, 10, 1)])
def test_current_certificate_through_its_expiry_day(expires_on):
    finding = rabies_current(app(rabies=dataclasses.replace(RABIES, expires_on=expires_on)))
    assert (finding.outcome, finding.blocks) == ("current", False)


def test_current_certificate_message():
    assert rabies_current(APPLICATION).message == (
        "Rabies vaccination current until October 1, 2027 (certificate RR-2026-0415), certified "
        "by Dr. Ana Lindqvist, DVM (3-2-2.G)."
    )


# ------------------------------------------------------------------------------- 3-2-2.B


@pytest.mark.parametrize(
    "on, vaccinated_on, expires_on, tier, fee",
    [
        (D(2026, 11, 29), D(2026, 11, 10), D(2027, 11, 10), 1, "3.00"),
        (D(2026, 11, 29), D(2026, 11, 29), D(2027, 11, 29), 1, "3.00"),  # exactly one year
        (D(2026, 11, 29), D(2025, 11, 30), D(2027, 11, 30), 2, "5.00"),  # a day more: rounds up
        (D(2026, 11, 29), D(2026, 11, 29), D(2029, 11, 29), 3, "8.00"),
        (D(2026, 11, 29), D(2026, 11, 29), D(2030, 6, 1), 3, "8.00"),  # capped at the longest tier
        (D(2026, 11, 29), D(2026, 1, 5), D(2026, 11, 29), 1, "3.00"),  # expires the day of issue
        (D(2028, 2, 29), D(2028, 2, 29), D(2029, 2, 28), 1, "3.00"),  # leap day
    ],
)
def test_term_is_the_vaccination_and_the_fee_is_not_prorated(
    nowthen, on, vaccinated_on, expires_on, tier, fee
):
    rabies = dataclasses.replace(RABIES, vaccinated_on=vaccinated_on, expires_on=expires_on)
    finding = license_term(app(on=on, rabies=rabies), nowthen)
    assert finding.sections == ("3-2-2.B", "1-2-2")
    assert finding.details == {
        "issued_on": on,
        "expires_on": expires_on,
        "tier_years": tier,
        "fee": Decimal(fee),
    }
    assert [p.key for p in finding.parameters] == [
        "nowthen.readings.license_term",
        f"nowthen.fees.dog_license.{ {1: 'one_year', 2: 'two_years', 3: 'three_years'}[tier] }",
    ]


def test_term_message(nowthen):
    assert license_term(APPLICATION, nowthen).message == (
        "The license expires October 1, 2027 with the rabies vaccination; fee $3.00 for the "
        "one-year tier (the license's length rounded up to whole years), not prorated (3-2-2.B)."
    )


def test_vaccine_duration_reading_charges_the_vaccine_tier(nowthen, city_reading):
    # given a three-year vaccine given 2024-12-01, licensed on 2026-11-29 with 2 years 2 days left
    rabies = dataclasses.replace(RABIES, vaccinated_on=D(2024, 12, 1), expires_on=D(2027, 12, 1))
    application = app(rabies=rabies)
    # then the adopted reading charges the two-year tier, the alternative the three-year tier
    assert license_term(application, nowthen).details["fee"] == Decimal("5.00")
    alternative = city_reading("readings.license_term", "vaccine_duration")
    finding = license_term(application, alternative)
    assert (finding.details["tier_years"], finding.details["fee"]) == (3, Decimal("8.00"))
    assert finding.to_json()["readings"][0]["value"] == "vaccine_duration"


@pytest.mark.parametrize(
    "issued, expires, longest, years",
    [
        (D(2026, 1, 1), D(2026, 1, 1), 3, 1),
        (D(2026, 1, 1), D(2027, 1, 1), 3, 1),
        (D(2026, 1, 1), D(2027, 1, 2), 3, 2),
        (D(2026, 1, 1), D(2035, 1, 2), 3, 3),
        (D(2026, 1, 1), D(2035, 1, 2), 1, 1),
    ],
)
def test_fee_tier_years(issued, expires, longest, years):
    assert fee_tier_years(issued, expires, longest) == years


# -------------------------------------------------------------------- penalty 3-2-2.B, E, F

RENEWAL = dict(
    kind="renewal",
    previous_license_expires=D(2026, 10, 1),
    rabies=dataclasses.replace(RABIES, vaccinated_on=D(2026, 10, 1), expires_on=D(2027, 10, 1)),
)


@pytest.mark.parametrize(
    "on, outcome, penalty, due",
    [
        # 30 days after the new vaccination (2026-10-01) end Sat 2026-10-31 -> Mon 2026-11-02
        (D(2026, 10, 1), "no_penalty", "0.00", D(2026, 11, 2)),
        (D(2026, 11, 2), "no_penalty", "0.00", D(2026, 11, 2)),
        (D(2026, 11, 3), "penalty", "6.00", D(2026, 11, 2)),
    ],
)
def test_renewal_penalty_after_the_new_vaccination(nowthen, on, outcome, penalty, due):
    finding = license_penalty(app(on=on, **RENEWAL), nowthen)
    assert (finding.outcome, finding.details["penalty"]) == (outcome, Decimal(penalty))
    assert finding.deadline.due == due
    assert finding.deadline.skipped and finding.deadline.skipped[0].day == D(2026, 10, 31)
    assert finding.sections == (("3-2-2.B", "1-2-2") if penalty != "0.00" else ("3-2-2.B",))
    assert [r.value for r in finding.readings] == ["after_new_vaccination"]


def test_renewal_penalty_message_says_the_dog_was_unlicensed_meanwhile(nowthen):
    finding = license_penalty(app(on=D(2026, 11, 3), **RENEWAL), nowthen)
    assert finding.message == (
        "Renewed more than 30 days after the new rabies vaccination; the period ended November "
        "2, 2026 (3-2-2.B). The dog has been unlicensed since its license expired on October 1, "
        "2026 (3-2-2.A). Penalty $6.00."
    )


@pytest.mark.parametrize(
    "on, outcome",
    [
        # 30 days after the previous expiry (2026-09-15) end Thu 2026-10-15
        (D(2026, 10, 15), "no_penalty"),
        (D(2026, 10, 16), "penalty"),
    ],
)
def test_renewal_penalty_under_the_alternative_reading(city_reading, on, outcome):
    city = city_reading("readings.renewal_window", "after_previous_expiry")
    renewal = dict(RENEWAL, previous_license_expires=D(2026, 9, 15))
    # the new vaccination is late (2026-10-10) but only the expiry counts under this reading
    renewal["rabies"] = dataclasses.replace(
        RABIES, vaccinated_on=D(2026, 10, 10), expires_on=D(2027, 10, 10)
    )
    finding = license_penalty(app(on=on, **renewal), city)
    assert finding.outcome == outcome
    assert finding.deadline.due == D(2026, 10, 15)
    assert [r.value for r in finding.readings] == ["after_previous_expiry"]


@pytest.mark.parametrize(
    "kind, start_field, section",
    [
        ("new_resident", "resident_since", "3-2-2.E"),
        ("change_of_ownership", "ownership_changed_on", "3-2-2.F"),
    ],
)
@pytest.mark.parametrize(
    "on, outcome",
    [
        # 30 days after 2026-11-02 end Wed 2026-12-02
        (D(2026, 12, 2), "no_penalty"),
        (D(2026, 12, 3), "penalty"),
    ],
)
def test_new_resident_and_new_owner_have_thirty_days(
    nowthen, kind, start_field, section, on, outcome
):
    finding = license_penalty(app(on=on, kind=kind, **{start_field: D(2026, 11, 2)}), nowthen)
    assert finding.outcome == outcome
    assert finding.sections[0] == section
    assert finding.deadline.due == D(2026, 12, 2)
    assert finding.deadline.days == 30
    assert [r.value for r in finding.readings] == ["after_grace_period"]


def test_a_license_from_another_municipality_does_not_replace_the_citys(nowthen):
    finding = license_penalty(
        app(kind="new_resident", resident_since=D(2026, 11, 20), licensed_elsewhere=True), nowthen
    )
    assert finding.message == (
        "Applied within 30 days after the owner became a resident; the period ends December 21, "
        "2026 (3-2-2.E). A license from another municipality does not replace the city's "
        "(3-2-2.E). No penalty."
    )


def test_never_reading_waives_the_late_first_license_penalty(city_reading):
    city = city_reading("readings.non_license_penalty", "never")
    finding = license_penalty(
        app(on=D(2027, 3, 1), kind="new_resident", resident_since=D(2026, 11, 2)), city
    )
    assert finding.outcome == "no_penalty"
    assert finding.message.startswith("Applied more than 30 days after the owner became a resident")


@pytest.mark.parametrize(
    "reading, on, outcome",
    [
        # born 2026-03-10: six months on 2026-09-10; 30 days later Sat 2026-10-10 -> Mon 10-12
        ("after_grace_period", D(2026, 10, 12), "no_penalty"),
        ("after_grace_period", D(2026, 10, 13), "penalty"),
        ("after_requirement", D(2026, 9, 10), "no_penalty"),
        ("after_requirement", D(2026, 9, 11), "penalty"),
        ("never", D(2027, 9, 11), "no_penalty"),
        ("after_grace_period", D(2026, 9, 9), "no_penalty"),  # still under six months
    ],
)
def test_first_license_of_a_residents_dog(city_reading, reading, on, outcome):
    city = city_reading("readings.non_license_penalty", reading)
    finding = license_penalty(app(on=on, born=D(2026, 3, 10)), city)
    assert finding.outcome == outcome


def test_first_license_with_unknown_birth_date_pays_no_penalty(nowthen):
    finding = license_penalty(app(born=None, age_years=5), nowthen)
    assert finding.outcome == "no_penalty"
    assert finding.message == (
        "The date of birth is not known, so no non-license penalty can be computed. No penalty."
    )


# ------------------------------------------------------------------------------ may_issue


def test_a_complete_application_may_issue_with_its_total(nowthen):
    findings = may_issue(APPLICATION, nowthen)
    assert [f.rule for f in findings] == [
        "license.application_contents",
        "license.required",
        "license.rabies_current",
        "license.term",
        "license.penalty",
        "license.amount_due",
    ]
    assert blocking(findings) == []
    total = findings[-1]
    assert total.details == {
        "fee": Decimal("3.00"),
        "penalty": Decimal("0.00"),
        "total": Decimal("3.00"),
    }
    assert total.message == (
        "Due now: fee $3.00 = $3.00, paid with the application; the receipt goes to the "
        "applicant (3-2-2.A)."
    )


def test_a_late_renewal_totals_fee_and_penalty(nowthen):
    findings = may_issue(app(on=D(2026, 11, 3), **RENEWAL), nowthen)
    assert findings[-1].details["total"] == Decimal("9.00")
    assert findings[-1].message.startswith("Due now: fee $3.00 + penalty $6.00 = $9.00")


def test_expired_rabies_blocks_and_stops_before_the_fee(nowthen):
    expired = dataclasses.replace(RABIES, vaccinated_on=D(2023, 1, 10), expires_on=D(2026, 1, 10))
    findings = may_issue(app(rabies=expired), nowthen)
    assert [f.rule for f in blocking(findings)] == ["license.rabies_current"]
    assert [f.rule for f in findings][-1] == "license.rabies_current"


def test_incomplete_application_blocks_but_still_shows_the_term(nowthen):
    findings = may_issue(app(owner_phone=""), nowthen)
    assert [f.rule for f in blocking(findings)] == ["license.application_contents"]
    assert [f.rule for f in findings][-1] == "license.term"


def test_a_puppy_may_be_licensed_before_it_must_be(nowthen):
    findings = may_issue(app(born=D(2026, 8, 1)), nowthen)
    required = next(f for f in findings if f.rule == "license.required")
    assert required.outcome == "exempt"
    assert blocking(findings) == []


# ---------------------------------------------------------------- 3-2-2.A: paid in full (issue 11)


def _due(total: str) -> Finding:
    return Finding(
        rule="license.amount_due",
        outcome="due",
        sections=("3-2-2.A", "3-2-2.B"),
        message="Due now.",
        details={"fee": Decimal(total), "penalty": Decimal("0"), "total": Decimal(total)},
    )


@pytest.mark.parametrize(
    "paid, due, outcome, blocks, message",
    [
        ("3.00", "3.00", "paid", False, "Paid in full with the application: $3.00 (3-2-2.A)."),
        (
            "2.00",
            "3.00",
            "wrong_amount",
            True,
            "The payment ($2.00) does not match the amount due ($3.00); the fee is paid in full "
            "with the application (3-2-2.A).",
        ),
        (
            "1000.00",
            "8.00",
            "wrong_amount",
            True,
            "The payment ($1,000.00) does not match the amount due ($8.00); the fee is paid in "
            "full with the application (3-2-2.A).",
        ),
    ],
)
def test_3_2_2_A_the_fee_is_paid_in_full_with_the_application(paid, due, outcome, blocks, message):
    # given the amount due and a payment, when the rule is asked, then it finds exactly
    finding = paid_in_full(Decimal(paid), _due(due))
    assert (finding.rule, finding.outcome, finding.blocks, finding.sections) == (
        "license.paid_in_full",
        outcome,
        blocks,
        ("3-2-2.A",),
    )
    assert finding.message == message
    assert finding.facts == {"paid": Decimal(paid), "due": Decimal(due)}
