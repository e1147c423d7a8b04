"""Kennel license services, subsection by subsection (City Code 3-2-5)."""

from __future__ import annotations

import datetime as dt
import time
from decimal import Decimal

import pytest
import time_machine

from dogtag.kennels import services
from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelCondition,
    KennelInspection,
    NoticeRecipient,
    PrivateKennelLicense,
)
from dogtag.licensing.models import Receipt
from dogtag.parcels.models import Parcel, as_shape
from dogtag.records.models import Decision
from dogtag.records.services import decisions_for

from .conftest import TODAY, D, cash, hearing_time, make_parcel, snapshot, square, take_to_council


def issue(owner, parcel, clerk, dogs=7, amount="25.00", **kw):
    return services.issue_private_kennel_license(
        holder=owner,
        parcel=parcel,
        dogs_licensed=dogs,
        on=kw.pop("on", TODAY),
        payment=cash(amount),
        actor=clerk,
        **kw,
    )


# ---------------------------------------------------------------- 3-2-5.A private kennel


def test_a1_a3_private_license_issues_for_one_year_with_the_resolution_fee(owner, parcel, clerk):
    # when a clerk issues a private kennel license for 7 dogs
    issued = issue(owner, parcel, clerk)
    license_ = issued.license
    # then it is numbered, runs one year to the day before the anniversary (A.3) ...
    assert license_.number == "PK2026-0001"
    assert (license_.starts_on, license_.expires_on) == (TODAY, D(2027, 11, 28))
    # ... and the $25 application fee is receipted, citing A.1 and the resolution (1-2-2)
    receipt = issued.receipt
    line = receipt.lines.get()
    assert receipt.total == Decimal("25.00") and receipt.license is None
    assert line.section == "3-2-5.A.1"
    assert line.parameter.endswith("fees.private_kennel.application")
    assert "Resolution 2011-04" in line.source
    assert license_.receipt == receipt
    decision = license_.decision
    assert decision.subject == license_
    assert {"3-2-5.A.1", "3-2-5.A.2", "3-2-5.A.3", "3-2-5.A.5"} <= set(decision.sections)


@pytest.mark.parametrize(
    "dogs, sections",
    [
        (11, {"3-2-5", "3-2-5.A.2"}),  # over ten: a conditional use permit, not a kennel license
        (0, {"3-2-5.A.2"}),  # a set number of dogs, at least one
    ],
)
def test_a2_set_number_of_dogs_is_at_most_ten(owner, parcel, clerk, dogs, sections):
    before = snapshot()
    with pytest.raises(services.Refused) as refused:
        issue(owner, parcel, clerk, dogs=dogs)
    assert set(refused.value.sections) == sections
    assert snapshot() == before


def test_a2_adding_dogs_needs_a_new_license_which_supersedes_the_old(owner, parcel, clerk):
    first = issue(owner, parcel, clerk, dogs=6).license
    # a renewal cannot raise the set number
    with pytest.raises(services.Refused) as refused:
        issue(owner, parcel, clerk, dogs=8, amount="5.00", kind="renewal", previous=first)
    assert refused.value.findings[0].outcome == "new_license_required"
    # a new license to add dogs can, at the application fee
    second = issue(owner, parcel, clerk, dogs=8, kind="add_dogs", previous=first).license
    first.refresh_from_db()
    assert first.status == "superseded" and first.ended_on == TODAY - dt.timedelta(days=1)
    assert (second.previous, second.dogs_licensed, second.fee) == (first, 8, Decimal("25.00"))


def test_a2_add_dogs_must_add(owner, parcel, clerk):
    first = issue(owner, parcel, clerk, dogs=8).license
    with pytest.raises(services.ServiceError, match="more than the 8 dogs"):
        issue(owner, parcel, clerk, dogs=8, kind="add_dogs", previous=first)


def test_a2_relocation_needs_a_corrected_license(owner, parcel, other_parcel, clerk):
    first = issue(owner, parcel, clerk).license
    # the same kind of license cannot move: the clerk is told to issue a corrected one
    with pytest.raises(services.ServiceError, match="corrected license"):
        issue(owner, other_parcel, clerk, kind="add_dogs", previous=first, dogs=9)
    corrected = issue(owner, other_parcel, clerk, kind="relocation", previous=first).license
    assert corrected.parcel == other_parcel and corrected.kind == "relocation"
    assert "3-2-5.A.2" in corrected.decision.sections
    first.refresh_from_db()
    assert first.status == "superseded"


def test_a2_licenses_are_not_assignable(owner, neighbour_owner, parcel, clerk):
    first = issue(owner, parcel, clerk).license
    before = snapshot()
    with pytest.raises(services.Refused) as refused:
        issue(neighbour_owner, parcel, clerk, kind="renewal", previous=first, amount="5.00")
    assert "not assignable" in str(refused.value)
    assert snapshot() == before


def test_a3_renewal_runs_from_the_day_after_expiry_at_the_renewal_fee(owner, parcel, clerk):
    first = issue(owner, parcel, clerk, on=D(2025, 12, 15)).license
    assert first.expires_on == D(2026, 12, 14)
    renewed = issue(owner, parcel, clerk, kind="renewal", previous=first, amount="5.00")
    assert (renewed.license.starts_on, renewed.license.expires_on) == (
        D(2026, 12, 15),
        D(2027, 12, 14),
    )
    assert renewed.receipt.lines.get().parameter.endswith("fees.private_kennel.renewal")
    first.refresh_from_db()
    assert first.status == "superseded" and first.ended_on == D(2026, 12, 14)


@pytest.mark.parametrize("same", ["holder", "parcel"])
def test_a5_one_license_per_party_person_or_dwelling(
    owner, neighbour_owner, parcel, other_parcel, clerk, same
):
    issue(owner, parcel, clerk)
    before = snapshot()
    with pytest.raises(services.Refused) as refused:
        if same == "holder":  # the same person, on another parcel
            issue(owner, other_parcel, clerk)
        else:  # another person in the same dwelling
            issue(neighbour_owner, parcel, clerk)
    assert refused.value.sections == ["3-2-5.A.5"]
    assert snapshot() == before


def test_a1_payment_must_match_the_fee(owner, parcel, clerk):
    before = snapshot()
    with pytest.raises(services.ServiceError, match=r"does not match the amount due \(\$25.00\)"):
        issue(owner, parcel, clerk, amount="5.00")
    assert snapshot() == before


def test_a4_inspection_upon_a_complaint(owner, parcel, clerk):
    license_ = issue(owner, parcel, clerk, dogs=6).license
    items = services.checklist(license_, TODAY)
    with pytest.raises(services.ServiceError, match="upon receipt of a complaint"):
        services.record_inspection(
            license_=license_,
            reason="periodic",
            inspected_on=TODAY,
            results=[services.Checked(s, r, True) for s, r, _ in items],
            actor=clerk,
        )
    inspection = services.record_inspection(
        license_=license_,
        reason="complaint",
        complaint_summary="Neighbour reports more dogs than licensed.",
        inspected_on=TODAY,
        results=[services.Checked(s, r, True) for s, r, _ in items],
        dogs_counted=8,
        actor=clerk,
    )
    summary = inspection.decision.findings[0]
    assert summary["outcome"] == "violations"
    assert summary["sections"] == ["3-2-5.A.4", "3-2-5.A.2"]


# ---------------------------------------------------------------- 3-2-5.B commercial kennel


def test_b1_application_takes_both_fees_with_one_receipt(application):
    assert application.number == "CKA2026-001"
    lines = list(application.receipt.lines.order_by("id"))
    assert [(ln.section, ln.amount) for ln in lines] == [
        ("3-2-5.B.1", Decimal("25.00")),
        ("3-2-5.B.2", Decimal("250.00")),
    ]
    assert application.receipt.total == Decimal("275.00")
    decision = decisions_for(application).get()
    assert decision.action == "commercial_kennel.application"


def test_b1_payment_must_cover_application_and_hearing(owner, parcel, clerk):
    with pytest.raises(services.ServiceError, match=r"\$275.00"):
        services.apply_for_commercial_kennel(
            applicant=owner,
            parcel=parcel,
            dogs_requested=12,
            on=TODAY,
            payment=cash("25.00"),
            actor=clerk,
        )
    assert not CommercialKennelApplication.objects.exists() and not Receipt.objects.exists()


@pytest.mark.parametrize(
    "step, message",
    [
        ("draw", "before the scheduling of the hearing"),
        ("mail", "before the scheduling of the hearing"),
        ("recommend", "before the scheduling of the hearing"),
        ("council", "before the scheduling of the hearing"),
        ("license", "before the scheduling of the hearing"),
    ],
)
def test_b2_out_of_order_steps_are_refused_and_change_nothing(application, clerk, step, message):
    actions = {
        "draw": lambda: services.draw_notice_list(application=application, on=TODAY, actor=clerk),
        "mail": lambda: services.record_notice_mailed(
            application=application, mailed_on=TODAY, actor=clerk
        ),
        "recommend": lambda: services.record_recommendation(
            application=application, recommendation="approve", on=TODAY, actor=clerk
        ),
        "council": lambda: services.record_council_decision(
            application=application, approved=True, on=TODAY, actor=clerk
        ),
        "license": lambda: services.issue_commercial_kennel_license(
            application=application, on=TODAY, actor=clerk
        ),
    }
    before = snapshot()
    with pytest.raises(services.Refused, match=message) as refused:
        actions[step]()
    assert "3-2-5.B.2" in refused.value.sections
    assert snapshot() == before


def test_b2_council_decision_before_the_recommendation_is_refused(application, clerk):
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(),
        place="City Hall",
        actor=clerk,
        on=D(2026, 10, 5),
    )
    services.draw_notice_list(application=application, on=D(2026, 10, 20), actor=clerk)
    services.record_notice_mailed(application=application, mailed_on=D(2026, 10, 22), actor=clerk)
    before = snapshot()
    with pytest.raises(services.Refused) as refused:
        services.record_council_decision(
            application=application, approved=True, on=TODAY, actor=clerk
        )
    assert str(refused.value) == (
        "Not yet: the City Council's decision cannot be recorded before the hearing before the "
        "Planning & Zoning Commission (3-2-5.B.2)."
    )
    assert snapshot() == before
    # and the notice cannot be mailed twice
    with pytest.raises(services.Refused, match="already recorded"):
        services.record_notice_mailed(application=application, mailed_on=TODAY, actor=clerk)


def test_b2_notice_list_from_geometry_includes_1319_ft_and_excludes_1321_ft(application, clerk):
    # given neighbours east of the kennel parcel (0..660 ft): one 1,319 ft away, one 1,321 ft,
    # one adjoining it and one far off
    make_parcel("R01-0101", square(660 + 1319, 0, 300), owner_names="Near Nyberg")
    make_parcel("R01-0102", square(660 + 1321, 0, 300), owner_names="Far Fredrickson")
    make_parcel(
        "R01-0103",
        square(0, 660, 660, 300),
        owner_names="Adjoining Anderson",
        mailing_street="PO Box 12",
        mailing_city="Anoka",
        mailing_postal_code="55303",
    )
    make_parcel("R01-0104", square(20000, 20000), owner_names="Distant Dahl")
    make_parcel(
        "R01-0105",
        square(-1000, 0, 300),
        owner_names="Site Sandberg",
        address="6900 Viking Blvd NW",
        mailing_street="",
    )
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(),
        place="City Hall",
        actor=clerk,
        on=D(2026, 10, 5),
    )
    # when the clerk draws the notice list
    recipients = services.draw_notice_list(application=application, on=D(2026, 10, 20), actor=clerk)
    # then only the owners within 1,320 ft get notice, nearest first, snapshotted
    assert [(r.pin, r.distance_feet) for r in recipients] == [
        ("R01-0103", Decimal("0.0")),
        ("R01-0105", Decimal("700.0")),
        ("R01-0101", Decimal("1319.0")),
    ]
    # with no mailing address from the county, the notice goes to the site address
    assert (recipients[1].mailing_street, recipients[1].mailing_city) == (
        "6900 Viking Blvd NW",
        "Nowthen",
    )
    assert recipients[0].mailing_city == "Anoka" and recipients[0].owner_names == (
        "Adjoining Anderson"
    )
    decision = decisions_for(application).get(action="commercial_kennel.notice_list")
    notice = decision.findings[1]
    assert notice["rule"] == "kennel.commercial_notice_list"
    assert [n["pin"] for n in notice["details"]["notified"]] == ["R01-0103", "R01-0105", "R01-0101"]
    assert "R01-0102" not in {r.pin for r in recipients}
    # a redraw before mailing replaces the list
    services.draw_notice_list(application=application, on=D(2026, 10, 21), actor=clerk)
    assert NoticeRecipient.objects.count() == 3


def test_b2_to_b9_approval_adds_the_conditions_and_the_license_issues(application, clerk):
    take_to_council(application, clerk, conditions=["No more than 20 dogs outdoors at once."])
    conditions = list(KennelCondition.objects.filter(application=application))
    assert [c.section for c in conditions] == [
        "3-2-5.B.3",
        "3-2-5.B.4",
        "3-2-5.B.5",
        "3-2-5.B.6",
        "3-2-5.B.7",
        "3-2-5.B.8",
        "3-2-5.B.9",
    ]
    assert "9:00 p.m. to 7:00 a.m." in conditions[2].text
    assert "200 feet from any well" in conditions[5].text
    assert conditions[-1].added_by_council
    issued = services.issue_commercial_kennel_license(
        application=application, on=TODAY, actor=clerk
    )
    license_ = issued.license
    assert license_.number == "CK2026-001"
    assert (license_.starts_on, license_.expires_on) == (TODAY, D(2027, 11, 28))
    assert license_.receipt == application.receipt
    assert services.next_step(application) is None
    with pytest.raises(services.Refused, match="already recorded"):
        services.issue_commercial_kennel_license(application=application, on=TODAY, actor=clerk)


def test_b1_a_denied_request_gets_no_license(application, clerk):
    take_to_council(application, clerk, approved=False)
    assert application.status == "denied" and not application.conditions.exists()
    before = snapshot()
    with pytest.raises(services.Refused, match="denied"):
        services.issue_commercial_kennel_license(application=application, on=TODAY, actor=clerk)
    assert snapshot() == before


@pytest.fixture
def commercial(application, clerk):
    take_to_council(application, clerk)
    return services.issue_commercial_kennel_license(
        application=application, on=D(2026, 11, 25), actor=clerk
    ).license


@pytest.mark.parametrize(
    "complaints, renews",
    [
        ([], True),
        ([D(2026, 11, 1)], True),  # before the previous twelve months
        ([D(2027, 3, 1)], False),  # within the previous twelve months
    ],
)
def test_b2_renewal_depends_on_nuisance_complaints(commercial, clerk, complaints, renews):
    # a week before the license expires on 2027-11-24
    travel = time_machine.travel(dt.datetime(2027, 11, 17, 16, 0, tzinfo=dt.UTC), tick=False)
    travel.start()
    before = snapshot()
    renew = lambda: services.renew_commercial_kennel_license(  # noqa: E731
        license_=commercial,
        on=D(2027, 11, 17),
        nuisance_complaints=complaints,
        payment=cash("5.00"),
        actor=clerk,
    )
    if renews:
        new = renew().license
        assert (new.starts_on, new.expires_on) == (D(2027, 11, 25), D(2028, 11, 24))
        assert new.previous == commercial
        commercial.refresh_from_db()
        assert commercial.status == "renewed"
        stored = new.decision.findings[0]["facts"]["nuisance_complaints"]
        assert stored == [d.isoformat() for d in complaints]
    else:
        with pytest.raises(services.Refused) as refused:
            renew()
        assert refused.value.sections == ["3-2-5.B.2"]
        assert "March 1, 2027" in str(refused.value)
        assert snapshot() == before
    travel.stop()


def test_b2_renewal_counts_the_complaints_recorded_in_dogtag(commercial, clerk, owner):
    # Given a barking complaint recorded in Dogtag about the kennel owner's dogs in the window,
    from dogtag.complaints import services as complaints

    travel = time_machine.travel(dt.datetime(2027, 11, 17, 16, 0, tzinfo=dt.UTC), tick=False)
    travel.start()
    received = dt.datetime(2027, 3, 1, 20, 0, tzinfo=dt.UTC)
    complaints.receive_complaint(
        kind="barking",
        occurred_at=received,
        received_at=received,
        narrative="Barking all evening.",
        address=owner.street,
        owner=owner,
        actor=clerk,
    )
    assert services.recorded_nuisance_complaints(commercial, D(2027, 11, 17)) == [D(2027, 3, 1)]
    before = snapshot()
    # when the clerk renews without typing any date, then the renewal is refused (3-2-5.B.2).
    with pytest.raises(services.Refused) as refused:
        services.renew_commercial_kennel_license(
            license_=commercial, on=D(2027, 11, 17), payment=cash("5.00"), actor=clerk
        )
    assert "March 1, 2027" in str(refused.value)
    assert snapshot() == before
    travel.stop()


def test_b7_periodic_inspection_finds_each_condition(commercial, clerk):
    items = services.checklist(commercial, TODAY)
    assert [s for s, _, _ in items][-1] == "3-2-5.B.8"
    results = [
        services.Checked(s, r, s != "3-2-5.B.5", "" if s != "3-2-5.B.5" else "Dogs out at 10 pm")
        for s, r, _ in items
    ]
    inspection = services.record_inspection(
        license_=commercial,
        reason="periodic",
        inspected_on=TODAY,
        results=results,
        feces_well_distance_feet=Decimal("150"),
        actor=clerk,
    )
    findings = inspection.decision.findings
    assert findings[0]["outcome"] == "violations"
    assert findings[0]["sections"] == ["3-2-5.B.7", "3-2-5.B.5", "3-2-5.B.8"]
    assert len(findings) == 1 + 6 + 1
    assert KennelInspection.objects.get() == inspection
    # an incomplete checklist is refused
    with pytest.raises(services.ServiceError, match="Answer every condition"):
        services.record_inspection(
            license_=commercial,
            reason="periodic",
            inspected_on=TODAY,
            results=results[:2],
            actor=clerk,
        )


def test_decisions_cite_sections(commercial):
    for decision in Decision.objects.all():
        assert decision.sections, decision.action
    assert CommercialKennelLicense.objects.count() == 1
    assert PrivateKennelLicense.objects.count() == 0


def test_b2_notice_list_among_1500_parcels_is_fast(application, clerk):
    # given a town of 1,500 parcels of 330 ft x 330 ft (2.5 acres) around the kennel parcel
    parcels = []
    for i in range(1500):
        row, column = divmod(i, 40)
        x, y = (column - 20) * 330 - 5000, (row - 20) * 330 + 1000
        parcels.append(
            Parcel(
                pin=f"R30-{i:05d}",
                address=f"{i} Town Rd",
                acres=Decimal("2.5"),
                owner_names=f"Owner {i}",
                boundary=square(x, y, 330),
            )
        )
    Parcel.objects.bulk_create(parcels)
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(),
        place="City Hall",
        actor=clerk,
        on=D(2026, 10, 5),
    )
    started = time.perf_counter()
    recipients = services.draw_notice_list(application=application, on=D(2026, 10, 20), actor=clerk)
    elapsed = time.perf_counter() - started
    # then every parcel within 1,320 ft, and only those, is on the list, quickly
    kennel = application.parcel.boundary_shape
    expected = {p.pin for p in parcels if round(kennel.distance(as_shape(p.boundary)), 6) <= 1320}
    assert {r.pin for r in recipients} == expected and len(expected) > 20
    assert elapsed < 5, f"{elapsed:.2f} s"
