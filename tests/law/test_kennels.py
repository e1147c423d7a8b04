"""3-2-5 Kennel License: dog limits, private kennels, commercial kennel renewal (LEGAL-NOTES §6.3,
§6.4, §6.6)."""

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.law.computation_of_time import months_before
from dogtag.law.kennels import (
    commercial_kennel_renewal,
    dog_limit,
    dogs_counted,
    private_kennel_change,
    private_kennel_dogs,
    private_kennel_one_per_party,
)

D = dt.date
ON = D(2026, 11, 29)


def keys(finding):
    return [p.key.removeprefix("nowthen.") for p in finding.parameters]


# ----------------------------------------------------------------------------- 3-2-5 (intro)


@pytest.mark.parametrize(
    "acres, dogs, expected",
    [
        ("2.5", 3, "allowed"),
        ("2.5", 4, "private_kennel_license_required"),
        ("2.51", 5, "allowed"),
        ("3", 6, "private_kennel_license_required"),
        ("10", 10, "private_kennel_license_required"),
        ("10", 11, "conditional_use_permit_required"),
        # more boundaries
        ("0.5", 0, "allowed"),
        ("2.51", 4, "allowed"),
        ("2.5", 10, "private_kennel_license_required"),
        ("2.5", 11, "conditional_use_permit_required"),
        ("40", 5, "allowed"),
    ],
)
def test_dog_limit_by_parcel_size(nowthen, acres, dogs, expected):  # 3-2-5
    finding = dog_limit(Decimal(acres), dogs, ON, nowthen)
    assert finding.outcome == expected
    assert finding.blocks is (expected != "allowed")


@pytest.mark.parametrize(
    "acres, dogs, sections, parameters",
    [
        (
            "2.5",
            3,
            ("3-2-5",),
            ["dog_limits.small_parcel_max_acres", "dog_limits.small_parcel_dogs"],
        ),
        (
            "2.51",
            5,
            ("3-2-5",),
            ["dog_limits.small_parcel_max_acres", "dog_limits.large_parcel_dogs"],
        ),
        (
            "2.5",
            4,
            ("3-2-5.A",),
            [
                "dog_limits.small_parcel_max_acres",
                "dog_limits.small_parcel_dogs",
                "readings.small_parcel_kennel",
                "private_kennel.max_dogs",
            ],
        ),
        (
            "3",
            6,
            ("3-2-5.A",),
            [
                "dog_limits.small_parcel_max_acres",
                "dog_limits.large_parcel_dogs",
                "private_kennel.max_dogs",
            ],
        ),
        (
            "10",
            11,
            ("3-2-5", "3-2-5.A.2"),
            [
                "dog_limits.small_parcel_max_acres",
                "dog_limits.large_parcel_dogs",
                "private_kennel.max_dogs",
            ],
        ),
    ],
)
def test_dog_limit_cites_and_lists_what_it_used(nowthen, acres, dogs, sections, parameters):
    finding = dog_limit(Decimal(acres), dogs, ON, nowthen)
    assert finding.sections == sections
    assert keys(finding) == parameters


def test_dog_limit_messages_give_acreage_and_limit(nowthen):
    assert dog_limit(Decimal("2.5"), 3, ON, nowthen).message == (
        "Allowed: 3 dogs over six months on 2.5 acres; a parcel of 2.5 acres or less may keep up "
        "to 3 dogs (3-2-5)."
    )
    assert dog_limit(Decimal("3"), 6, ON, nowthen).message == (
        "Private kennel license required: 6 dogs over six months on 3 acres is over the 5 dogs a "
        "parcel of over 2.5 acres may keep; a private kennel license allows up to 10 dogs "
        "(3-2-5.A)."
    )
    assert dog_limit(Decimal("10"), 11, ON, nowthen).message == (
        "Conditional use permit required: 11 dogs over six months on 10 acres is over the 5 dogs "
        "a parcel of over 2.5 acres may keep and over the 10 dogs a private kennel license allows "
        "(3-2-5, 3-2-5.A.2)."
    )


@pytest.mark.parametrize(
    "dogs, licensed_for, blocks",
    [(6, None, True), (6, 5, True), (6, 6, False), (8, 10, False), (10, 10, False)],
)
def test_a_private_kennel_license_for_enough_dogs_lifts_the_block(
    nowthen, dogs, licensed_for, blocks
):  # 3-2-5.A
    # given a 5-acre parcel with more than 5 dogs
    # when the holder has a private kennel license for licensed_for dogs
    finding = dog_limit(Decimal("5"), dogs, ON, nowthen, private_kennel_licensed_for=licensed_for)
    # then it blocks unless the license covers every dog
    assert finding.outcome == "private_kennel_license_required"
    assert finding.blocks is blocks


@pytest.mark.parametrize("permit, blocks", [(False, True), (True, False)])
def test_over_ten_dogs_blocks_unless_a_conditional_use_permit(nowthen, permit, blocks):
    finding = dog_limit(Decimal("20"), 15, ON, nowthen, conditional_use_permit=permit)
    assert finding.outcome == "conditional_use_permit_required"
    assert finding.blocks is blocks


@pytest.mark.parametrize(
    "acres, dogs, expected",
    [
        ("2.5", 3, "allowed"),
        ("2.5", 4, "not_allowed"),
        ("1", 12, "not_allowed"),
        ("2.51", 6, "private_kennel_license_required"),
        ("2.51", 11, "conditional_use_permit_required"),
    ],
)
def test_small_parcels_under_the_prohibited_reading(city_reading, acres, dogs, expected):
    # given the city reads 3-2-5 as forbidding 4+ dogs on 2.5 acres or less (LEGAL-NOTES §6.3)
    params = city_reading("readings.small_parcel_kennel", "prohibited")
    # when
    finding = dog_limit(Decimal(acres), dogs, ON, params, private_kennel_licensed_for=10)
    # then
    assert finding.outcome == expected


def test_not_allowed_cites_the_reading(city_reading):
    params = city_reading("readings.small_parcel_kennel", "prohibited")
    finding = dog_limit(Decimal("2.5"), 4, ON, params, private_kennel_licensed_for=4)
    assert finding.blocks is True
    assert finding.sections == ("3-2-5",)
    assert [r.value for r in finding.readings] == ["prohibited"]
    assert finding.message == (
        "Not allowed: 4 dogs over six months on 2.5 acres; a parcel of 2.5 acres or less may keep "
        "at most 3 dogs, and no kennel license allows more there (3-2-5)."
    )


def test_kennel_path_reading_is_default(nowthen):
    finding = dog_limit(Decimal("2.5"), 4, ON, nowthen, private_kennel_licensed_for=4)
    assert finding.blocks is False
    assert [r.value for r in finding.readings] == ["kennel_path_open"]


@pytest.mark.parametrize("acres, dogs", [("0", 1), ("-1", 1), ("2", -1)])
def test_dog_limit_rejects_impossible_facts(nowthen, acres, dogs):
    with pytest.raises(ValueError):
        dog_limit(Decimal(acres), dogs, ON, nowthen)


# ----------------------------------------------------------------------------- dogs counted


@pytest.mark.parametrize(
    "born, counted, next_date",
    [
        # six months reached on 2026-11-29 (= on): not yet *over* six months
        (D(2026, 5, 29), 0, D(2026, 11, 30)),
        # six months reached the day before: counted
        (D(2026, 5, 28), 1, None),
        (D(2026, 6, 15), 0, D(2026, 12, 16)),
        (D(2015, 3, 1), 1, None),
    ],
)
def test_only_dogs_over_six_months_count(nowthen, born, counted, next_date):  # 3-2-5
    finding = dogs_counted([born], ON, nowthen)
    assert finding.details["counted"] == counted
    assert finding.next_date == next_date
    assert finding.sections == ("3-2-5",)
    assert keys(finding) == ["dog_limits.counted_age_months", "readings.six_months_of_age"]


def test_dog_turning_six_months_on_the_day_under_the_alternative_reading(city_reading):
    # given six months are reached the day after the anniversary (LEGAL-NOTES §6.6 alternative)
    params = city_reading("readings.six_months_of_age", "day_after_anniversary")
    # when a dog born 2026-05-28 is counted on 2026-11-29 (reaches six months that day)
    finding = dogs_counted([D(2026, 5, 28), D(2026, 5, 27)], ON, params)
    # then only the older one counts
    assert finding.details["counted"] == 1
    assert finding.details["counted_births"] == [D(2026, 5, 27)]
    assert finding.next_date == D(2026, 11, 30)


def test_dogs_counted_message(nowthen):
    finding = dogs_counted([D(2020, 1, 1), D(2021, 1, 1), D(2026, 9, 1)], ON, nowthen)
    assert finding.message == (
        "2 dogs of 3 count against the limit: only dogs over 6 months of age count (3-2-5). The "
        "next dog counts from March 2, 2027."
    )


def test_dogs_counted_rejects_unborn_dogs(nowthen):
    with pytest.raises(ValueError):
        dogs_counted([D(2026, 12, 1)], ON, nowthen)


# ----------------------------------------------------------------------------- 3-2-5.A.2, A.5


@pytest.mark.parametrize(
    "licensed_for, dogs, outcome, blocks",
    [
        (6, 6, "within_license", False),
        (6, 5, "within_license", False),
        (6, 7, "new_license_required", True),
        (10, 10, "within_license", False),
        (11, 11, "refused", True),
        (0, 0, "refused", True),
    ],
)
def test_private_kennel_set_number(nowthen, licensed_for, dogs, outcome, blocks):  # 3-2-5.A.2
    finding = private_kennel_dogs(licensed_for, dogs, ON, nowthen)
    assert finding.outcome == outcome
    assert finding.blocks is blocks
    assert finding.sections == ("3-2-5.A.2",)
    assert keys(finding) == ["private_kennel.max_dogs"]


def test_adding_a_dog_message(nowthen):
    assert private_kennel_dogs(6, 7, ON, nowthen).message == (
        "New private kennel license required: the license is for 6 dogs, which shall not be "
        "exceeded; keeping 7 dogs needs a new license (3-2-5.A.2)."
    )


@pytest.mark.parametrize(
    "change, outcome",
    [("relocation", "corrected_license_required"), ("assignment", "refused")],
)
def test_private_kennel_changes(change, outcome):  # 3-2-5.A.2
    finding = private_kennel_change(change)
    assert finding.outcome == outcome
    assert finding.blocks is True
    assert finding.sections == ("3-2-5.A.2",)


def test_unknown_private_kennel_change():
    with pytest.raises(ValueError):
        private_kennel_change("sale")


@pytest.mark.parametrize("held, outcome, blocks", [(0, "allowed", False), (1, "refused", True)])
def test_one_private_kennel_license_per_party(nowthen, held, outcome, blocks):  # 3-2-5.A.5
    finding = private_kennel_one_per_party(held, ON, nowthen)
    assert finding.outcome == outcome
    assert finding.blocks is blocks
    assert finding.sections == ("3-2-5.A.5",)
    assert keys(finding) == ["private_kennel.licenses_per_party"]


# ----------------------------------------------------------------------------- 3-2-5.B.2


@pytest.mark.parametrize(
    "day, months, expected",
    [
        (D(2027, 6, 30), 12, D(2026, 6, 30)),
        (D(2028, 2, 29), 12, D(2027, 2, 28)),
        (D(2027, 3, 31), 1, D(2027, 2, 28)),
        (D(2027, 1, 15), 1, D(2026, 12, 15)),
        (D(2027, 1, 15), 0, D(2027, 1, 15)),
    ],
)
def test_months_before(day, months, expected):
    assert months_before(day, months) == expected


TERM_ENDS = D(2027, 6, 30)


@pytest.mark.parametrize(
    "complaints, outcome, found",
    [
        ([], "renew_same_terms", []),
        # exactly 12 months before the term ends: inside the window
        ([D(2026, 6, 30)], "council_decides", [D(2026, 6, 30)]),
        # one day earlier: outside
        ([D(2026, 6, 29)], "renew_same_terms", []),
        ([D(2027, 6, 30)], "council_decides", [D(2027, 6, 30)]),
        (
            [D(2027, 1, 5), D(2025, 1, 1), D(2026, 8, 1)],
            "council_decides",
            [D(2026, 8, 1), D(2027, 1, 5)],
        ),
    ],
)
def test_commercial_kennel_renewal(nowthen, complaints, outcome, found):  # 3-2-5.B.2
    finding = commercial_kennel_renewal(TERM_ENDS, complaints, D(2027, 6, 30), nowthen)
    assert finding.outcome == outcome
    assert finding.sections == ("3-2-5.B.2",)
    assert finding.blocks is (outcome != "renew_same_terms")
    assert finding.details["complaints"] == found
    assert finding.details["window_starts"] == D(2026, 6, 30)


def test_renewal_on_the_same_terms(nowthen):
    finding = commercial_kennel_renewal(TERM_ENDS, [D(2026, 6, 29)], D(2027, 6, 1), nowthen)
    assert finding.next_date == D(2028, 6, 30)
    assert keys(finding) == [
        "commercial_kennel.complaint_lookback_months",
        "commercial_kennel.term_years",
    ]
    assert finding.message == (
        "Renew on the same terms for 1 year, to June 30, 2028: no nuisance complaint was received "
        "in the previous 12 months (June 30, 2026 to June 30, 2027) (3-2-5.B.2)."
    )


def test_complaint_sends_renewal_to_council(nowthen):
    finding = commercial_kennel_renewal(TERM_ENDS, [D(2026, 6, 30)], D(2027, 6, 1), nowthen)
    assert [r.value for r in finding.readings] == ["council_decides"]
    assert finding.message == (
        "Renewal goes to the City Council, not on the same terms: 1 nuisance complaint(s) received "
        "in the previous 12 months (June 30, 2026 to June 30, 2027): June 30, 2026 (3-2-5.B.2)."
    )


def test_complaint_under_the_new_application_reading(city_reading):
    # given the city reads a complaint as ending the license (LEGAL-NOTES §6.4 alternative)
    params = city_reading("readings.commercial_kennel_renewal", "new_application")
    # when a complaint falls in the look-back
    finding = commercial_kennel_renewal(TERM_ENDS, [D(2027, 2, 1)], D(2027, 6, 1), params)
    # then the kennel must apply anew
    assert finding.outcome == "new_application"
    assert finding.blocks is True
    assert [r.value for r in finding.readings] == ["new_application"]
    assert finding.message.startswith(
        "Not renewed: the kennel must apply anew, with a Planning & Zoning hearing"
    )


def test_leap_day_term_end(nowthen):
    # the term ends 2028-02-29; 12 months earlier is 2027-02-28 (month-end clamping)
    finding = commercial_kennel_renewal(D(2028, 2, 29), [D(2027, 2, 28)], D(2028, 2, 1), nowthen)
    assert finding.outcome == "council_decides"
    assert finding.details["window_starts"] == D(2027, 2, 28)


def test_complaint_after_the_day_asked_about_is_refused(nowthen):
    with pytest.raises(ValueError):
        commercial_kennel_renewal(TERM_ENDS, [D(2027, 7, 1)], D(2027, 6, 1), nowthen)


# ----------------------------------------------------------------------------- 3-2-5 facts, once


@pytest.mark.parametrize("acres", [Decimal(0), Decimal("-1"), Decimal("0.000")])
def test_a_parcel_without_acreage_has_no_dog_limit_facts(acres):
    # 3-2-5's size classes cannot be applied to a parcel whose acreage is not on record: no limit
    # is found for it, never a limit of zero
    from dogtag.law.kennels import parcel_dog_facts

    assert parcel_dog_facts(acres, [], private_kennel_licensed_for=None) is None


def test_parcel_facts_state_that_no_conditional_use_permit_is_held(nowthen):
    # given eleven grown dogs on a 20-acre parcel (conditional use permits are not recorded)
    from dogtag.law.kennels import parcel_dog_facts, parcel_dog_findings

    facts = parcel_dog_facts(
        Decimal(20), [dt.date(2020, 1, 1)] * 11, private_kennel_licensed_for=10
    )
    assert facts is not None
    assert (facts.acres, facts.conditional_use_permit) == (Decimal(20), False)
    counted, limit = parcel_dog_findings(facts, dt.date(2026, 11, 29), nowthen)
    # then the permit is required, blocks, and the finding's facts say none is held
    assert (counted.details["counted"], limit.outcome, limit.blocks) == (
        11,
        "conditional_use_permit_required",
        True,
    )
    assert limit.facts["conditional_use_permit"] is False
    assert limit.facts["private_kennel_licensed_for"] == 10
