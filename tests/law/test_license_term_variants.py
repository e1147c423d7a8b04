"""The license term as a variant (issue 27): as long as the rabies vaccination (Nowthen 3-2-2.B,
Lino Lakes 503.09(5)(c)), a year from issue, the calendar year, a fixed date every license
expires on, or the dog's lifetime, or no license at all; with a fee that is one amount
(``flat``), by spay/neuter status or by the term's tier. Each is a third city's package of data
alone (no Python), one row each."""

from __future__ import annotations

import datetime as dt
import shutil
from decimal import Decimal
from pathlib import Path

import pytest

from dogtag.law import licensing, params, provisions
from dogtag.law.licensing import LicenseApplication, RabiesCertificate
from dogtag.law.questions import QUESTIONS, QuestionNotInLaw, evaluate

CERTIFICATE = RabiesCertificate(dt.date(2026, 10, 1), dt.date(2029, 10, 1), "Dr. A")
SOURCE = "{instrument: Thirdtown City Code, kind: ordinance, section: '6.40', adopted: 2019-12-10}"


def _value(name: str, ptype: str, value: str, unit: str = "") -> str:
    unit_line = f"    unit: {unit}\n" if unit else ""
    return (
        f"  {name}:\n    description: {name}\n    type: {ptype}\n{unit_line}"
        f"    values: {{2020-01-01: {{value: {value}, source: {SOURCE}}}}}\n"
    )


@pytest.fixture
def thirdtown(tmp_path: Path, monkeypatch):
    """A third city whose license term and fee are the variants given, and otherwise the state's."""

    def make(term: str, fee: str, **values: tuple[str, str, str]) -> params.ParameterSet:
        root = tmp_path / "params"
        if not root.exists():
            shutil.copytree(params.DEFAULT_ROOT / "minnesota", root / "minnesota")
        town = root / "thirdtown"
        (town / "ordinance").mkdir(parents=True, exist_ok=True)
        (town / "jurisdiction.yaml").write_text(
            "id: thirdtown\nname: City of Thirdtown\nkind: city\nstate: minnesota\n"
        )
        body = _value("license.term_basis", "text", term) + _value("license.fee_basis", "text", fee)
        for name, (ptype, value, unit) in values.items():
            body += _value(name.replace("__", "."), ptype, value, unit)
        (town / "licensing.yaml").write_text("parameters:\n" + body)
        (town / "ordinance" / "sections.yaml").write_text(
            "citation: 'City Code § {section}'\n"
            "provisions:\n"
            "  license.term: '6.40 subd. 4'\n"
            "  license.fee: '6.40 subd. 5'\n"
            "  fees.schedule: '2.10'\n"
        )
        provisions._read.cache_clear()
        monkeypatch.setenv("DOGTAG_PARAMS_DIR", str(root))
        monkeypatch.setenv("DOGTAG_JURISDICTION", "thirdtown")
        return params.default()

    yield make
    provisions._read.cache_clear()


FLAT = {"fees__dog_license": ("money", '"15.00"', "USD")}


@pytest.mark.parametrize(
    "on, term, fee, values, sterilized, expires, tier, amount, message",
    [
        (
            "2026-11-29",
            "annual",
            "flat",
            FLAT,
            None,
            dt.date(2027, 11, 28),
            None,
            "15.00",
            "The license expires November 28, 2027, a year after it issues; fee $15.00 "
            "(6.40 subd. 4, subd. 5).",
        ),
        (
            "2026-11-29",
            "calendar_year",
            "flat",
            FLAT,
            None,
            dt.date(2026, 12, 31),
            None,
            "15.00",
            "The license expires December 31, 2026, at the end of the calendar year; fee $15.00 "
            "(6.40 subd. 4, subd. 5).",
        ),
        (
            "2026-11-29",
            "fixed_date",
            "flat",
            {**FLAT, "license__expiry_month_day": ("text", '"05-31"', "")},
            None,
            dt.date(2027, 5, 31),
            None,
            "15.00",
            "The license expires May 31, 2027, on May 31, when every license expires; fee $15.00 "
            "(6.40 subd. 4, subd. 5).",
        ),
        (
            "2026-03-02",
            "fixed_date",
            "flat",
            {**FLAT, "license__expiry_month_day": ("text", '"05-31"', "")},
            None,
            dt.date(2026, 5, 31),
            None,
            "15.00",
            "The license expires May 31, 2026, on May 31, when every license expires; fee $15.00 "
            "(6.40 subd. 4, subd. 5).",
        ),
        (
            "2026-11-29",
            "lifetime",
            "sterilization",
            {
                "fees__dog_license__sterilized": ("money", '"20.00"', "USD"),
                "fees__dog_license__not_sterilized": ("money", '"40.00"', "USD"),
            },
            True,
            None,
            None,
            "20.00",
            "The license expires never: it is for the dog's lifetime; fee $20.00 for a dog "
            "spayed or neutered (6.40 subd. 4, subd. 5).",
        ),
        (
            "2026-11-29",
            "annual",
            "term_tier",
            {
                "fees__dog_license__one_year": ("money", '"5.00"', "USD"),
                "fees__dog_license__two_years": ("money", '"8.00"', "USD"),
                "fees__dog_license__three_years": ("money", '"10.00"', "USD"),
            },
            None,
            dt.date(2027, 11, 28),
            1,
            "5.00",
            "The license expires November 28, 2027, a year after it issues; fee $5.00 for the "
            "1-year tier (6.40 subd. 4, subd. 5).",
        ),
    ],
)
def test_each_term_variant_runs_from_its_package_alone(
    thirdtown, on, term, fee, values, sterilized, expires, tier, amount, message
):
    city = thirdtown(term, fee, **values)
    asked = LicenseApplication(
        on=dt.date.fromisoformat(on), rabies=CERTIFICATE, sterilized=sterilized
    )
    found = licensing.license_term(asked, city)
    assert (found.outcome, found.blocks, found.sections) == (
        "term",
        False,
        ("6.40 subd. 4", "6.40 subd. 5", "2.10"),
    )
    assert found.details == {
        "issued_on": dt.date.fromisoformat(on),
        "expires_on": expires,
        "tier_years": tier,
        "fee": Decimal(amount),
    }
    assert found.message == message


def test_a_lifetime_license_has_no_tier_to_charge(thirdtown):
    city = thirdtown(
        "lifetime", "term_tier", fees__dog_license__one_year=("money", '"5.00"', "USD")
    )
    asked = LicenseApplication(on=dt.date(2026, 11, 29), rabies=CERTIFICATE)
    with pytest.raises(ValueError, match="'term_tier' gives no fee for this license term"):
        licensing.license_term(asked, city)


def test_an_unknown_term_basis_is_an_error_naming_the_variants(thirdtown):
    city = thirdtown("biennial", "flat", **FLAT)
    asked = LicenseApplication(on=dt.date(2026, 11, 29), rabies=CERTIFICATE)
    with pytest.raises(ValueError, match="'biennial' is not one of vaccination, annual"):
        licensing.license_term(asked, city)


def test_a_city_with_no_dog_license_is_data_alone_and_is_never_asked_for_one(
    tmp_path: Path, monkeypatch
):
    # given Fourthtown, which licenses no dogs (as Ramsey since 2021): its package maps no
    # licensing provision and states no licensing value
    root = tmp_path / "params"
    shutil.copytree(params.DEFAULT_ROOT / "minnesota", root / "minnesota")
    town = root / "fourthtown"
    (town / "ordinance").mkdir(parents=True)
    (town / "jurisdiction.yaml").write_text(
        "id: fourthtown\nname: City of Fourthtown\nkind: city\nstate: minnesota\n"
    )
    (town / "ordinance" / "sections.yaml").write_text("provisions: {}\n")
    # the two holidays each city chooses (Minn. Stat. 645.44 subd. 5): neither, here
    (town / "calendar.yaml").write_text(
        "parameters:\n"
        + _value("calendar.indigenous_peoples_day_is_holiday", "boolean", "false")
        + _value("calendar.day_after_thanksgiving_is_holiday", "boolean", "false")
    )
    provisions._read.cache_clear()
    monkeypatch.setenv("DOGTAG_PARAMS_DIR", str(root))
    monkeypatch.setenv("DOGTAG_JURISDICTION", "fourthtown")
    try:
        fourthtown = params.default()
        # when a clerk would ask whether a dog needs a license, or what it costs
        for name in ("license-required", "license-issue", "duplicate-tag", "refund"):
            with pytest.raises(QuestionNotInLaw) as refused:
                evaluate(name, dict(QUESTIONS[name].examples), fourthtown)
            # then the question is refused, saying the city's law states no such provision
            assert str(refused.value).startswith(f"City of Fourthtown cannot be asked {name!r}")
            assert "City of Fourthtown's law states no license." in str(refused.value)
        # and what state law alone decides is still answered: a period counted by 645.15
        answer = evaluate("deadline", {"from": "2026-12-07", "days": 14}, fourthtown)
        assert answer["findings"][0]["message"] == (
            "Due Mon 2026-12-21: 14 days after the triggering event on Mon 2026-12-07."
        )
    finally:
        provisions._read.cache_clear()
