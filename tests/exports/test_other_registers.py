"""Exports of complaints (complainant identity only with records.view_complaint_private, Minn.
Stat. 13.44 subd. 1), the due list, and dangerous-dog cases and registrations (3-2-9)."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from dogtag.complaints import services as complaints
from dogtag.dangerous_dogs import services as dangerous
from dogtag.records import roles
from dogtag.records.models import PrivateDataView
from tests.exports.conftest import D, read_csv, read_xlsx, signed_in

CHICAGO = ZoneInfo("America/Chicago")
PRIVATE_COLUMNS = ["complainant", "complainant phone", "complainant address", "narrative"]


@pytest.fixture
def complaint(user_in: Any) -> Any:
    return complaints.receive_complaint(
        kind="barking",
        occurred_at=dt.datetime(2026, 11, 20, 22, 0, tzinfo=CHICAGO),
        narrative="-Barking from the kennel run for most of an hour.",
        address="7120 Viking Blvd NW",
        complainant_name="Lee Anders",
        complainant_phone="+17635550199",
        complainant_address="7150 Viking Blvd NW",
        actor=user_in(roles.CLERK),
    )


@pytest.mark.parametrize(
    ("role", "sees"),
    [
        (roles.CLERK, False),
        (roles.HEARING_OFFICER, False),
        (roles.ANIMAL_CONTROL_OFFICER, True),
        (roles.ADMINISTRATOR, True),
    ],
)
def test_complainant_identity_only_for_investigators(complaint, user_in, role, sees):
    # given a complaint; when a role downloads the complaints
    client = signed_in(user_in(role))
    header, row = read_csv(client.get("/exports/complaints.csv"))
    values = dict(zip(header, row, strict=True))
    # then the public columns are there for everyone
    assert values["complaint number"] == complaint.number
    assert values["occurred"] == "2026-11-20 22:00"
    assert values["location"] == "7120 Viking Blvd NW"
    # and the complainant's identity only for those who investigate, and only then logged
    body = b"".join(client.get("/exports/complaints.csv").streaming_content).decode()
    if sees:
        assert header[-4:] == PRIVATE_COLUMNS
        assert values["complainant"] == "Lee Anders"
        assert values["complainant phone"] == "'+17635550199"  # guarded: it begins with +
        assert values["narrative"].startswith("'-Barking")
        assert PrivateDataView.objects.filter(kind="complainant_identity").count() == 2
    else:
        assert not set(PRIVATE_COLUMNS) & set(header)
        assert "Lee Anders" not in body and "7635550199" not in body
        assert not PrivateDataView.objects.filter(kind="complainant_identity").exists()
    # and the owner complained about is private too: each download is logged
    assert PrivateDataView.objects.filter(kind="owner_contact").count() == 2


def test_complaints_xlsx_without_identity_for_a_clerk(complaint, user_in):
    response = signed_in(user_in(roles.CLERK)).get("/exports/complaints.xlsx")
    header, row = read_xlsx(response)
    assert row[0] == complaint.number
    assert "complainant" not in header
    assert "Lee Anders" not in [str(v) for v in row]


def test_due_list_export_has_the_sections_rows(licensed, user_in):
    # given Biscuit licensed today (expiring in a year: not on the 60-day list) and a dog that
    # has never been licensed; when a clerk downloads the due list
    from dogtag.licensing import services

    clerk = user_in(roles.CLERK)
    services.register_dog(
        owner=licensed.owner,
        actor=clerk,
        name="Pepper",
        breed="Beagle",
        color="Tricolor",
        sex="male",
        born=D(2024, 1, 1),
    )
    header, *rows = read_csv(signed_in(clerk).get("/exports/due-list.csv"))
    assert header == [
        "list",
        "sections",
        "subject",
        "owner",
        "license number",
        "date",
        "overdue",
        "why",
        "note",
    ]
    subjects = [r[2] for r in rows]
    assert any("Pepper" in s for s in subjects)
    assert not any("Biscuit" in s for s in subjects)
    pepper = next(r for r in rows if "Pepper" in r[2])
    assert pepper[3] == "Pat Gustafson"
    assert PrivateDataView.objects.get().record == "Due list export (CSV)"


def test_dangerous_dog_cases_export(licensed, user_in):
    officer = user_in(roles.ANIMAL_CONTROL_OFFICER)
    case = dangerous.designate(
        dog=licensed.dog,
        authority="animal_control_authority",
        criteria=["substantial_or_great_bodily_harm"],
        exemptions=[],
        factual_basis="An unprovoked bite inflicting substantial bodily harm (stitches).",
        incidents=[
            dangerous.IncidentFacts(
                occurred_on=D(2026, 10, 20),
                occurred_time=dt.time(17, 0),
                place="Viking Blvd NW",
                facts="Biscuit bit a jogger; she needed stitches.",
            )
        ],
        on=D(2026, 10, 26),
        actor=officer,
        kept_at="@home kennel",
    )
    header, row = read_xlsx(signed_in(user_in(roles.CLERK)).get("/exports/dangerous-dogs.xlsx"))
    values = dict(zip(header, row, strict=True))
    assert values["case number"] == case.number
    assert values["dog"] == "Biscuit"
    assert values["designated"].date() == D(2026, 10, 26)
    assert values["kept at"] == "'@home kennel"
    assert values["registration certificate"] is None  # not registered yet
    assert PrivateDataView.objects.get().record == "Dangerous dogs export (XLSX)"


def test_due_list_export_as_of_a_day_and_linked_from_the_due_list(licensed, user_in):
    client = signed_in(user_in(roles.CLERK))
    # given Biscuit's license expiring 2027-11-30 (one year)
    expires = licensed.expires_on
    # when the due list is downloaded as of 30 days before it expires
    on = expires - dt.timedelta(days=30)
    response = client.get(f"/exports/due-list.csv?on={on.isoformat()}")
    # then the file is named for that day and Biscuit's renewal is in it
    assert response["Content-Disposition"] == f'attachment; filename="due-list-{on}.csv"'
    _, *rows = read_csv(response)
    assert any(r[2].startswith("Biscuit") and r[4] == licensed.number for r in rows)
    # and the due list page links to its download for the day shown
    page = client.get(f"/due/?on={on.isoformat()}").content.decode()
    assert f'href="/exports/due-list.xlsx?on={on.isoformat()}"' in page


@pytest.mark.parametrize("on", ["not-a-date", "1700-01-01", "9999-12-31"])
def test_due_list_export_on_a_day_out_of_bounds_is_as_of_today(licensed, user_in, on):
    # as the due list page does: a day that is not a plausible date is today
    response = signed_in(user_in(roles.CLERK)).get(f"/exports/due-list.csv?on={on}")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="due-list-2026-11-29.csv"'
