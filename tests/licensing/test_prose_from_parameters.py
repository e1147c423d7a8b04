"""Issue 11 item 5: the licensing due list states the day counts and the age in force."""

import datetime as dt

from dogtag.law import params
from dogtag.licensing.due import due_list

ON = dt.date(2026, 11, 29)


def intros(city) -> dict[str, str]:
    return {s.key: s.intro for s in due_list(ON, city, other_domains=False).sections}


def test_the_due_list_intros_follow_the_parameters(db, changed_params):
    shipped = intros(params.default())
    assert (
        "must be renewed within thirty days after the new vaccination, or the penalty"
        in (shipped["expiring_soon"])
    )
    assert "An owner who becomes a resident has thirty days to obtain" in shipped["new_residents"]
    assert "within thirty days of the change of ownership" in shipped["ownership_changes"]
    assert shipped["six_months"].startswith(
        "No license is required for a dog under six months of age (3-2-2.D)"
    )
    city = changed_params(
        {
            "nowthen.license.renewal_days": 45,
            "nowthen.license.new_resident_days": 60,
            "nowthen.license.change_of_ownership_days": 21,
            "nowthen.license.minimum_age_months": 4,
        }
    )
    changed = intros(city)
    assert (
        "must be renewed within forty-five days after the new vaccination"
        in (changed["expiring_soon"])
    )
    assert "An owner who becomes a resident has sixty days to obtain" in changed["new_residents"]
    assert "within twenty-one days of the change of ownership" in changed["ownership_changes"]
    assert changed["six_months"].startswith(
        "No license is required for a dog under four months of age (3-2-2.D)"
    )
    assert "Never-licensed dogs reaching four months in the next 30 days" in changed["six_months"]
