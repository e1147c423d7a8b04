"""3-2-2.A and 3-2-2.D: a license from six months of age (reading LEGAL-NOTES §6.6)."""

import datetime as dt
import shutil

import pytest
import yaml

from dogtag.law import params
from dogtag.law.licensing import license_required

D = dt.date


@pytest.mark.parametrize(
    "born, on, outcome, section, needed_from",
    [
        # LEGAL-NOTES §6.6: born 2026-06-15 needs a license from 2026-12-15.
        (D(2026, 6, 15), D(2026, 12, 14), "exempt", "3-2-2.D", D(2026, 12, 15)),
        (D(2026, 6, 15), D(2026, 12, 15), "required", "3-2-2.A", D(2026, 12, 15)),
        (D(2026, 6, 15), D(2026, 6, 15), "exempt", "3-2-2.D", D(2026, 12, 15)),
        # month-end births round to the last day of the month
        (D(2026, 8, 31), D(2027, 2, 27), "exempt", "3-2-2.D", D(2027, 2, 28)),
        (D(2026, 8, 31), D(2027, 2, 28), "required", "3-2-2.A", D(2027, 2, 28)),
        (D(2027, 8, 31), D(2028, 2, 28), "exempt", "3-2-2.D", D(2028, 2, 29)),
        (D(2027, 8, 31), D(2028, 2, 29), "required", "3-2-2.A", D(2028, 2, 29)),
        # an old dog
        (D(2015, 3, 1), D(2026, 11, 29), "required", "3-2-2.A", D(2015, 9, 1)),
    ],
)
def test_license_required_from_six_months(nowthen, born, on, outcome, section, needed_from):
    finding = license_required(born, on, nowthen)
    assert finding.outcome == outcome
    assert finding.sections == (section,)
    assert finding.next_date == needed_from
    assert finding.blocks is False
    assert [p.key for p in finding.parameters] == [
        "nowthen.license.minimum_age_months",
        "nowthen.readings.six_months_of_age",
    ]
    assert [r.value for r in finding.readings] == ["same_calendar_day"]


def test_exempt_message_says_when_the_license_will_be_needed(nowthen):
    finding = license_required(D(2026, 6, 15), D(2026, 11, 29), nowthen)
    assert finding.message == (
        "No license yet: the dog is under 6 months of age until December 15, 2026, when it must "
        "be licensed (3-2-2.D)."
    )


def test_the_alternative_reading_moves_the_day_by_one(tmp_path):
    # given the city adopts the alternative reading of "six months of age" from 2027
    root = tmp_path / "params"
    shutil.copytree(params.DEFAULT_ROOT, root)
    path = root / "nowthen" / "readings.yaml"
    data = yaml.safe_load(path.read_text())
    data["parameters"]["readings.six_months_of_age"]["values"][D(2027, 1, 1)] = {
        "value": "day_after_anniversary",
        "source": {"instrument": "City Attorney opinion 2026-7", "kind": "decision"},
    }
    path.write_text(yaml.safe_dump(data))
    city = params.load(root, "nowthen")
    # then a dog born 2027-01-10 needs a license from 2027-07-11, and the finding says which reading
    finding = license_required(D(2027, 1, 10), D(2027, 7, 10), city)
    assert (finding.outcome, finding.next_date) == ("exempt", D(2027, 7, 11))
    assert finding.to_json()["readings"][0]["value"] == "day_after_anniversary"
    assert finding.to_json()["readings"][0]["default"] == "same_calendar_day"


def test_birth_after_the_day_asked_is_refused(nowthen):
    with pytest.raises(
        ValueError, match="born 2026-12-01 is after the day asked about, 2026-11-29"
    ):
        license_required(D(2026, 12, 1), D(2026, 11, 29), nowthen)
