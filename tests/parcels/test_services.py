"""Enclosure services (City Code 3-2-6): recording with the placement findings (3-2-6.A), lot
lines, notices of compliance (3-2-6.C). A refusal writes nothing. Today is 2026-11-29."""

from __future__ import annotations

from typing import Any

import pytest

from dogtag.parcels import services
from dogtag.parcels.models import ComplianceNotice, Enclosure, EnclosurePhoto, Parcel
from dogtag.records.models import Decision, NumberSequence
from dogtag.records.versions import version_of
from tests.parcels.fixtures_pages import *  # noqa: F403
from tests.parcels.fixtures_pages import ENCLOSURE, X0, Y0, D, png, rect


def snapshot() -> dict[str, object]:
    return {
        "enclosures": list(Enclosure.objects.values()),
        "enclosure_history": Enclosure.history.count(),
        "notices": list(ComplianceNotice.objects.values()),
        "decisions": Decision.objects.filter(outcome="done").count(),
        "sequences": list(NumberSequence.objects.values()),
        "parcels": list(Parcel.objects.values("pk", "lot_lines_override")),
        "photos": EnclosurePhoto.objects.count(),
    }


def record(site: dict[str, Any], actor: Any, **fields: Any) -> Enclosure:
    values: dict[str, Any] = {
        "parcel": site["p1"],
        "location": ENCLOSURE,
        "constructed_on": None,
        "label": "Kennel run",
        "actor": actor,
    }
    values.update(fields)
    enclosure, _ = services.record_enclosure(**values)
    return enclosure


def by_rule(findings: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {f["rule"]: f for f in findings}


# ------------------------------------------------------------------------------ placement


def test_recording_measures_each_setback_and_records_a_failing_placement(site, officer):
    # given the hand-made parcel, where the enclosure is 30 ft from the neighbour's house
    # when the officer records the enclosure
    enclosure = record(site, officer, constructed_on=D(2015, 5, 1))
    # then it is recorded, with a decision holding every finding and its measured distance
    decision = enclosure.decision
    assert decision.action == "enclosure.record" and decision.actor == officer
    found = by_rule(decision.findings)
    assert found["enclosure.side_lot_line_setback"]["outcome"] == "complies"
    assert found["enclosure.side_lot_line_setback"]["details"]["distance_feet"] == pytest.approx(20)
    assert (
        "20.0 ft from the nearest side lot line"
        in found["enclosure.side_lot_line_setback"]["message"]
    )
    assert found["enclosure.rear_lot_line_setback"]["details"]["distance_feet"] == pytest.approx(
        180
    )
    dwelling = found["enclosure.dwelling_setback"]
    assert dwelling["outcome"] == "too_close" and dwelling["blocks"] is True
    assert dwelling["details"]["distance_feet"] == pytest.approx(30)
    road = found["enclosure.road_setback"]
    assert road["outcome"] == "complies"
    assert road["details"]["main_structure_distance_feet"] == pytest.approx(93)
    assert found["enclosure.lot_lines"]["outcome"] == "derived"
    assert found["enclosure.applicability"]["outcome"] == "applies"
    assert "3-2-6.A" in decision.sections and "3-2-6.C" in decision.sections
    assert Enclosure.history.filter(id=enclosure.pk).first().history_user == officer


def test_a_point_location_is_measured_too(site, officer):
    point = {"type": "Point", "coordinates": [X0 + 150, Y0 + 300]}
    enclosure = record(site, officer, location=point)
    found = by_rule(enclosure.decision.findings)
    assert found["enclosure.rear_lot_line_setback"]["details"]["distance_feet"] == pytest.approx(
        100
    )
    assert not any(f["blocks"] for f in enclosure.decision.findings)


@pytest.mark.parametrize(
    "location, words",
    [
        (rect(1000, 1000, 10, 10), "outside parcel P-1"),
        ({"type": "LineString", "coordinates": [[X0, Y0], [X0 + 5, Y0 + 5]]}, "Polygon"),
        (
            {
                "type": "Polygon",
                "coordinates": [[[X0, Y0], [X0 + 9, Y0 + 9], [X0 + 9, Y0], [X0, Y0 + 9], [X0, Y0]]],
            },
            "not a simple closed polygon",
        ),
        ("POLYGON((0 0, 1 1))", "GeoJSON Polygon"),
    ],
)
def test_a_bad_location_is_refused_and_changes_nothing(site, officer, location, words):
    before = snapshot()
    with pytest.raises(services.ServiceError) as refused:
        record(site, officer, location=location)
    assert words in str(refused.value)
    assert snapshot() == before


def test_a_future_construction_date_is_refused(site, officer):
    before = snapshot()
    with pytest.raises(services.ServiceError, match="after today"):
        record(site, officer, constructed_on=D(2027, 1, 1))
    assert snapshot() == before


def test_without_road_or_main_structure_the_enclosure_is_recorded_and_says_what_was_not_checked(
    site, officer
):
    # given a parcel with no road centerline and no main structure on record
    p1 = site["p1"]
    p1.road_centerline = None
    p1.save()
    site["house"].delete()
    # when the enclosure is recorded
    enclosure = record(site, officer)
    # then the rules that need them say they were not checked, and why
    found = by_rule(enclosure.decision.findings)
    assert found["enclosure.lot_lines"]["outcome"] == "not_checked"
    assert "no road centerline" in found["enclosure.lot_lines"]["message"]
    assert found["enclosure.side_lot_line_setback"]["outcome"] == "not_given"
    assert found["enclosure.rear_lot_line_setback"]["outcome"] == "not_given"
    road = found["enclosure.road_setback"]
    assert road["outcome"] == "not_checked"
    assert "no road centerline and no main structure" in road["message"]
    # the neighbour's house is still measured
    assert found["enclosure.dwelling_setback"]["outcome"] == "too_close"


def test_moving_an_enclosure_checks_the_placement_again(site, officer):
    enclosure = record(site, officer)
    first = enclosure.decision
    moved, check = services.move_enclosure(
        enclosure=enclosure,
        location=rect(120, 250, 20, 20),
        reason="Moved east",
        actor=officer,
        version=version_of(enclosure),
    )
    assert moved.decision != first and moved.decision.action == "enclosure.move"
    assert not check.failures
    assert "location changed — Moved east" in moved.notes
    assert Enclosure.history.filter(id=enclosure.pk).count() >= 3


def test_a_photo_is_attached(site, officer, settings, tmp_path):
    from django.core.files.uploadedfile import SimpleUploadedFile

    settings.MEDIA_ROOT = tmp_path
    enclosure = record(site, officer)
    photo = services.add_enclosure_photo(
        enclosure=enclosure,
        image=SimpleUploadedFile("run.png", png(), content_type="image/png"),
        taken_on=D(2026, 11, 20),
        caption="East side",
        actor=officer,
    )
    assert photo.image.name.startswith("enclosures/") and photo.uploaded_by == officer


# ------------------------------------------------------------------------------ lot lines


def test_lot_lines_set_by_the_administrator_replace_the_derived_ones(site, officer, user_in):
    admin = user_in("ada2", "Administrator")
    # when the west edge (3) is made the rear lot line
    services.set_lot_lines(
        parcel=site["p1"],
        side=[1],
        rear=[3],
        reason="Survey 2026-14",
        actor=admin,
        version=version_of(site["p1"]),
    )
    # then the enclosure 20 ft from it is too close to the rear lot line (35 ft)
    enclosure = record(site, officer)
    found = by_rule(enclosure.decision.findings)
    assert found["enclosure.lot_lines"]["outcome"] == "set"
    assert found["enclosure.rear_lot_line_setback"]["outcome"] == "too_close"
    assert (
        "20.0 ft from the nearest rear lot line"
        in found["enclosure.rear_lot_line_setback"]["message"]
    )
    assert Decision.objects.filter(action="parcel.set_lot_lines").count() == 1
    # and clearing them goes back to the road frontage
    services.clear_lot_lines(
        parcel=site["p1"], reason="Survey withdrawn", actor=admin, version=version_of(site["p1"])
    )
    site["p1"].refresh_from_db()
    assert site["p1"].lot_lines_override is None


@pytest.mark.parametrize(
    "side, rear, reason, words",
    [
        ([1], [7], "Survey", "there is no edge 7"),
        ([1, 3], [3], "Survey", "not both: edge 3"),
        ([], [], "Survey", "at least one side or rear"),
        ([1, 2, 3], [0], "Survey", "front lot line"),
        ([1], [2], " ", "Give the reason"),
    ],
)
def test_bad_lot_lines_are_refused_and_change_nothing(site, user_in, side, rear, reason, words):
    admin = user_in("ada3", "Administrator")
    before = snapshot()
    with pytest.raises(services.ServiceError) as refused:
        services.set_lot_lines(
            parcel=site["p1"],
            side=side,
            rear=rear,
            reason=reason,
            actor=admin,
            version=version_of(site["p1"]),
        )
    assert words in str(refused.value)
    assert snapshot() == before


# ---------------------------------------------------------------- notices of compliance


def test_a_notice_of_compliance_for_a_pre_existing_enclosure(site, officer):
    # given an enclosure whose construction date is not known (treated as pre-existing)
    enclosure = record(site, officer, constructed_on=None)
    # when a notice of compliance is issued today after a complaint
    issued = services.issue_compliance_notice(
        enclosure=enclosure,
        complaint_received_on=D(2026, 11, 20),
        complaint_summary="Odor and feces piling up along the west fence.",
        issued_on=D(2026, 11, 29),
        actor=officer,
    )
    notice = issued.notice
    # then it is numbered, due in 30 days per Minn. Stat. 645.15, and its decision says so
    assert notice.number == "CN2026-0001"
    assert notice.comply_by == D(2026, 12, 29)
    found = by_rule(notice.decision.findings)
    assert found["enclosure.applicability"]["outcome"] == "compliance_due"
    assert found["enclosure.compliance_notice"]["deadline"]["due"] == "2026-12-29"
    assert found["enclosure.dwelling_setback"]["outcome"] == "too_close"
    assert notice.decision.action == "enclosure.compliance_notice"


def test_an_enclosure_built_after_2004_gets_no_notice(site, officer):
    # given an enclosure built in 2015, to which 3-2-6 applies already
    enclosure = record(site, officer, constructed_on=D(2015, 5, 1))
    before = snapshot()
    # when a notice of compliance is asked for, it is refused with the rules core's finding
    with pytest.raises(services.ServiceError) as refused:
        services.issue_compliance_notice(
            enclosure=enclosure,
            complaint_received_on=D(2026, 11, 20),
            complaint_summary="Barking and odor.",
            issued_on=D(2026, 11, 29),
            actor=officer,
        )
    assert refused.value.sections == ["3-2-6.C"]
    assert refused.value.findings[0].outcome == "applies"
    assert "only to a pre-existing enclosure" in str(refused.value)
    # and nothing was written: no notice, no decision, no number drawn
    assert snapshot() == before


def test_an_enclosure_built_on_the_effective_date_is_pre_existing(site, officer):
    enclosure = record(site, officer, constructed_on=D(2004, 1, 1))
    issued = services.issue_compliance_notice(
        enclosure=enclosure,
        complaint_received_on=D(2026, 11, 2),
        complaint_summary="Not kept clean.",
        issued_on=D(2026, 11, 3),
        actor=officer,
    )
    assert issued.notice.comply_by == D(2026, 12, 3)


@pytest.mark.parametrize(
    "complaint, issued, summary, words",
    [
        (D(2026, 11, 28), D(2026, 11, 30), "x", "after today"),
        (D(2026, 11, 29), D(2026, 11, 28), "x", "on or before the notice"),
        (D(2026, 11, 20), D(2026, 11, 28), "  ", "Summarize the complaint"),
    ],
)
def test_bad_notice_dates_are_refused(site, officer, complaint, issued, summary, words):
    enclosure = record(site, officer)
    before = snapshot()
    with pytest.raises(services.ServiceError) as refused:
        services.issue_compliance_notice(
            enclosure=enclosure,
            complaint_received_on=complaint,
            complaint_summary=summary,
            issued_on=issued,
            actor=officer,
        )
    assert words in str(refused.value)
    assert snapshot() == before


def test_one_open_notice_at_a_time_and_late_compliance(site, officer):
    enclosure = record(site, officer)
    # a notice of October 1: the 30th day, October 31, is a Saturday, so it is due Monday Nov 2
    notice = services.issue_compliance_notice(
        enclosure=enclosure,
        complaint_received_on=D(2026, 9, 25),
        complaint_summary="Not kept clean.",
        issued_on=D(2026, 10, 1),
        actor=officer,
    ).notice
    assert notice.comply_by == D(2026, 11, 2)
    before = snapshot()
    with pytest.raises(services.ServiceError, match="still open"):
        services.issue_compliance_notice(
            enclosure=enclosure,
            complaint_received_on=D(2026, 11, 25),
            complaint_summary="Again.",
            issued_on=D(2026, 11, 29),
            actor=officer,
        )
    assert snapshot() == before
    # compliance recorded on November 20 was late: a violation from November 3
    notice, finding = services.record_compliance(
        notice=notice, complied_on=D(2026, 11, 20), actor=officer
    )
    assert finding.outcome == "complied_late"
    assert "from November 3, 2026" in finding.message
    assert notice.complied_on == D(2026, 11, 20)
    with pytest.raises(services.ServiceError, match="already recorded"):
        services.record_compliance(notice=notice, complied_on=D(2026, 11, 21), actor=officer)


def test_compliance_before_the_notice_is_refused(site, officer):
    enclosure = record(site, officer)
    notice = services.issue_compliance_notice(
        enclosure=enclosure,
        complaint_received_on=D(2026, 11, 1),
        complaint_summary="Odor.",
        issued_on=D(2026, 11, 10),
        actor=officer,
    ).notice
    before = snapshot()
    with pytest.raises(services.ServiceError, match="before the notice was issued"):
        services.record_compliance(notice=notice, complied_on=D(2026, 11, 9), actor=officer)
    assert snapshot() == before
