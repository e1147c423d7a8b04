"""The due list's enclosure section: open notices of compliance (3-2-6.C)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from dogtag.licensing.due import due_list
from dogtag.parcels import services
from dogtag.records.roles import CLERK
from dogtag.records.services import city_params
from dogtag.staff.parcels.due import enclosure_sections
from tests.parcels.fixtures_pages import *  # noqa: F403
from tests.parcels.fixtures_pages import D, rect

TODAY = D(2026, 11, 29)


def noticed(site: dict[str, Any], officer: Any, *, x: float, issued_on: Any) -> Any:
    enclosure, _ = services.record_enclosure(
        parcel=site["p1"],
        location=rect(x, 200, 10, 10),
        constructed_on=None,
        label=f"Run {x}",
        actor=officer,
    )
    return services.issue_compliance_notice(
        enclosure=enclosure,
        complaint_received_on=issued_on,
        complaint_summary="Odor.",
        issued_on=issued_on,
        actor=officer,
    ).notice


def test_open_notices_are_due_with_their_count_explained(site, officer):
    late = noticed(site, officer, x=60, issued_on=D(2026, 10, 1))
    current = noticed(site, officer, x=100, issued_on=D(2026, 11, 29))
    done = noticed(site, officer, x=140, issued_on=D(2026, 11, 2))
    services.record_compliance(notice=done, complied_on=D(2026, 11, 20), actor=officer)

    section = due_list(TODAY).section("enclosure_notices")

    assert section.title == "Enclosure notices of compliance"
    assert section.subject_heading == "Enclosure" and section.sections == ("3-2-6.C",)
    assert [row.date for row in section.rows] == [late.comply_by, current.comply_by]
    first, second = section.rows
    assert first.overdue and not second.overdue
    assert first.date == D(2026, 11, 2)
    assert first.summary.startswith("Overdue.") and "from Tue 2026-11-03" in first.summary
    assert first.subject_url == reverse("enclosure_detail", args=[late.enclosure.pk])
    assert first.owner_name == "Erik Hansen"
    assert first.owner_url == reverse("owner_detail", args=[site["erik"].pk])
    assert first.note == f"Notice {late.number}"
    assert any("Sat 2026-10-31" in line for line in first.explanation)
    assert first.sections == ("3-2-6.C",)


def test_without_a_resident_the_owner_of_record_is_named(site, officer):
    noticed(site, officer, x=60, issued_on=D(2026, 11, 2))
    site["erik"].parcel = None
    site["erik"].save()
    (row,) = enclosure_sections(TODAY, city_params())[0].rows
    assert row.owner_name == "HANSEN, ERIK & INGRID (owner of record)" and row.owner_url == ""


def test_a_fixed_number_of_queries(site, officer):
    params = city_params()
    noticed(site, officer, x=60, issued_on=D(2026, 11, 2))
    with CaptureQueriesContext(connection) as one:
        enclosure_sections(TODAY, params)
    noticed(site, officer, x=100, issued_on=D(2026, 11, 3))
    noticed(site, officer, x=140, issued_on=D(2026, 11, 4))
    with CaptureQueriesContext(connection) as three:
        sections = enclosure_sections(TODAY, params)
    assert len(sections[0].rows) == 3
    assert len(three) == len(one) == 2


@pytest.mark.parametrize("who", [CLERK])
def test_the_due_list_page_shows_the_section(as_role, site, officer, who):
    noticed(site, officer, x=60, issued_on=D(2026, 10, 1))
    body = as_role(who).get(reverse("due_list")).content.decode()
    assert 'id="enclosure_notices"' in body and "Comply by" in body
    assert "Run 60, 100 Enclosure St NW" in body
