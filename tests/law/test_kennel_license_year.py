"""The kennel license year (issue 27), Lino Lakes' 503.10(1)(d): every kennel license, private or
commercial, "will be issued for a maximum of one year and will expire on May 31 of each year";
its fee the yearly one of § 218.01, paid with the application (503.10(1)(a)) and on each yearly
renewal. Table-driven, each case from a stated day."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from dogtag.law import package_wording
from dogtag.law.catalogue import catalogue
from dogtag.law.kennel_license_year import month_day, next_expiry
from dogtag.law.questions import evaluate

D = dt.date

# license, starts on, renewal, the term's message, the fee's message
CASES = [
    (
        "private", "2026-12-07", False,
        "The private kennel license runs from December 7, 2026 through May 31, 2027, when every "
        "kennel license expires (503.10(1)(d)).",
        "Private kennel license: $20.00, as set under 218.01 (503.10(1)(a)).",
    ),
    # the day before the expiry day: a license of one day
    (
        "commercial", "2026-05-30", False,
        "The commercial kennel license runs from May 30, 2026 through May 31, 2026, when every "
        "kennel license expires (503.10(1)(d)).",
        "Commercial kennel license application: $105.00, as set under 218.01 (503.10(1)(a)).",
    ),
    # issued on the expiry day itself: to the next year's (readings.kennel_license_expiry)
    (
        "commercial", "2026-05-31", False,
        "The commercial kennel license runs from May 31, 2026 through May 31, 2027, when every "
        "kennel license expires (503.10(1)(d)).",
        "Commercial kennel license application: $105.00, as set under 218.01 (503.10(1)(a)).",
    ),
    # the yearly renewal, from June 1: the yearly fee again, no public hearing fee
    (
        "commercial", "2026-06-01", True,
        "The commercial kennel license runs from June 1, 2026 through May 31, 2027, when every "
        "kennel license expires (503.10(1)(d)).",
        "Commercial kennel license, yearly renewal: $105.00, as set under 218.01 (503.10(1)(a)).",
    ),
    (
        "private", "2028-02-29", True,
        "The private kennel license runs from February 29, 2028 through May 31, 2028, when every "
        "kennel license expires (503.10(1)(d)).",
        "Private kennel license, yearly renewal: $20.00, as set under 218.01 (503.10(1)(a)).",
    ),
]  # fmt: skip


@pytest.mark.parametrize("kind, starts_on, renewal, term, fee", CASES)
def test_lino_lakes_kennel_license_runs_to_may_31_and_pays_the_yearly_fee(
    in_force, kind, starts_on, renewal, term, fee
):
    # given Lino Lakes in force, when the term of a kennel license starting on a day is asked
    facts = {"license": kind, "starts_on": starts_on, "renewal": renewal}
    answer = evaluate("kennel-license-term", facts, in_force("lino-lakes"))
    # then the term runs to the next May 31 and the one yearly fee is charged, no hearing fee
    assert [(f["rule"], f["message"]) for f in answer["findings"]] == [
        ("kennel.license_term_fixed_date", term),
        ("kennel.fee", fee),
    ]
    assert answer["findings"][0]["parameters"][0]["key"] == (
        "lino-lakes.kennel.license_expiry_month_day"
    )


def test_nowthen_kennel_license_still_runs_a_year_from_its_start_with_its_hearing_fee(in_force):
    answer = evaluate(
        "kennel-license-term",
        {"license": "commercial", "starts_on": "2026-12-07"},
        in_force("nowthen"),
    )
    assert [f["message"] for f in answer["findings"]] == [
        "The commercial kennel license is for 1 year: from December 7, 2026 through December 6, "
        "2027 (3-2-5.B.2).",
        "Commercial kennel license application: $25.00, as set under 1-2-2 (3-2-5.B.1).",
        "Commercial kennel public hearing (Planning & Zoning Commission): $250.00, as set under "
        "1-2-2 (3-2-5.B.2).",
    ]


@pytest.mark.parametrize(
    "value, starts_on, expires_on",
    [
        ("05-31", D(2026, 1, 1), D(2026, 5, 31)),
        ("05-31", D(2026, 5, 31), D(2027, 5, 31)),
        ("12-31", D(2026, 12, 31), D(2027, 12, 31)),
        ("01-01", D(2026, 12, 31), D(2027, 1, 1)),
    ],
)
def test_the_next_expiry_is_the_first_such_day_after_the_start(
    in_force, value, starts_on, expires_on
):
    expiry = _expiry(in_force, value)
    assert next_expiry(starts_on, expiry) == expires_on


@pytest.mark.parametrize("value", ["02-29", "13-01", "May 31", "05/31", ""])
def test_an_expiry_day_that_is_not_a_day_of_every_year_is_an_error(in_force, value):
    with pytest.raises(ValueError) as refused:
        month_day(_expiry(in_force, value))
    assert str(refused.value) == (
        f"lino-lakes.kennel.license_expiry_month_day: {value!r} is not a day of every year as MM-DD"
    )


def _expiry(in_force, value: str):
    """Lino Lakes' expiry day, its value replaced by ``value``."""
    shipped = in_force("lino-lakes").get("kennel.license_expiry_month_day", D(2026, 12, 7))
    return dataclasses.replace(shipped, value=value)


def test_the_catalogue_words_the_kennel_fee_as_each_city_s_law_does(in_force):
    on = D(2026, 12, 7)
    lino = {r.id: r for r in catalogue(in_force("lino-lakes"), on)}
    assert lino["kennel.fee"].summary == (
        "The kennel license fee is the yearly fee set in 218.01 for a private or a commercial "
        "kennel license, paid with the application (503.10(1)(a)) and again on each yearly renewal."
    )
    assert lino["kennel.license_term_fixed_date"].summary == (
        "A kennel license, private or commercial, expires on the next May 31 after it issues, so "
        "it runs a year at most; it is renewed each year."
    )
    nowthen = {r.id: r for r in catalogue(in_force("nowthen"), on)}
    assert nowthen["kennel.fee"].summary.startswith(
        "The kennel license fees are those set in 1-2-2: a private kennel license's application"
    )
    assert "kennel.license_term_fixed_date" not in nowthen


@pytest.mark.parametrize(
    "text, problem",
    [
        ("rules: {kennel.fee: {obligation: x}}\n", "kennel.fee: unknown field(s) obligation"),
        ("rules: {kennel.fee: {summary: 3}}\n", "kennel.fee.summary: must be text"),
        ("clocks: {}\n", "must be a mapping with 'rules'"),
    ],
)
def test_a_malformed_rules_wording_file_is_an_error_naming_it(tmp_path, text, problem):
    (tmp_path / "ordinance").mkdir()
    (tmp_path / "ordinance" / "rules.yaml").write_text(text)
    with pytest.raises(package_wording.WordingFileError) as caught:
        package_wording._read(tmp_path, "thirdtown", "rules.yaml")
    assert str(caught.value) == f"params/thirdtown/ordinance/rules.yaml: {problem}"
