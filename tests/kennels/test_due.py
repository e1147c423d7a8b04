"""The kennel sections of the due list (3-2-5.A.3, B.2)."""

from __future__ import annotations

import datetime as dt

from dogtag.kennels import services
from dogtag.kennels.due import kennel_sections
from dogtag.licensing.due import due_list
from dogtag.records.services import city_params

from .conftest import TODAY, D, cash, hearing_time, make_parcel, square


def private(owner, parcel, clerk, on):
    return services.issue_private_kennel_license(
        holder=owner, parcel=parcel, dogs_licensed=7, on=on, payment=cash("25.00"), actor=clerk
    ).license


def test_kennel_licenses_expiring_or_expired(owner, neighbour_owner, parcel, other_parcel, clerk):
    # given one license expiring in 30 days and one expired last week
    soon = private(owner, parcel, clerk, D(2025, 12, 29))  # expires 2026-12-28
    lapsed = private(neighbour_owner, other_parcel, clerk, D(2025, 11, 22))  # expired 2026-11-21
    # and one far from expiry
    far = make_parcel("R09-0001", square(9000, 9000))
    from dogtag.licensing import services as desk

    third = desk.register_owner(
        actor=clerk, name="Kim Olson", street="1 Main St", phone="763-555-0111", parcel=far
    )
    private(third, far, clerk, TODAY)
    section = next(s for s in kennel_sections(TODAY, city_params()) if s.key == "kennel_licenses")
    assert section.subject_heading == "Kennel license"
    assert [(r.license_number, r.date, r.overdue) for r in section.rows] == [
        (lapsed.number, D(2026, 11, 21), True),
        (soon.number, D(2026, 12, 28), False),
    ]
    assert section.rows[0].sections == ("3-2-5.A.3",)
    assert section.rows[0].subject_url == f"/kennels/private/{lapsed.number}/"
    assert "expired 2026-11-21 without renewal" in section.rows[0].summary


def test_a_renewed_license_is_not_due(owner, parcel, clerk):
    first = private(owner, parcel, clerk, D(2025, 12, 29))
    services.issue_private_kennel_license(
        holder=owner,
        parcel=parcel,
        dogs_licensed=7,
        on=TODAY,
        payment=cash("5.00"),
        actor=clerk,
        kind="renewal",
        previous=first,
    )
    section = next(s for s in kennel_sections(TODAY, city_params()) if s.key == "kennel_licenses")
    assert section.rows == ()


def test_applications_waiting_on_their_next_step(application, clerk):
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(D(2026, 12, 10)),
        place="City Hall",
        actor=clerk,
    )
    sections = {s.key: s for s in due_list(TODAY).sections}
    row = sections["kennel_applications"].rows[0]
    assert row.date == D(2026, 12, 10)
    assert row.summary == (
        "Next: the list of the affected property owners within one quarter (1/4) mile (3-2-5.B.2)."
    )
    assert not row.overdue


def test_fixed_number_of_queries(application, owner, parcel, clerk, django_assert_max_num_queries):
    for i in range(5):
        p = make_parcel(f"R05-{i:04d}", square(10000 + i * 1000, 0))
        from dogtag.licensing import services as desk

        o = desk.register_owner(
            actor=clerk, name=f"Owner {i}", street=f"{i} Main", phone="763-555-0100", parcel=p
        )
        private(o, p, clerk, TODAY - dt.timedelta(days=340 + i))
    params = city_params()
    # licenses, applications, and the applications' logs (one query for all)
    with django_assert_max_num_queries(4):
        sections = kennel_sections(TODAY, params)
    assert len(sections[0].rows) == 5 and len(sections[1].rows) == 1
