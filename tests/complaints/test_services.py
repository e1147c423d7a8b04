"""Complaint services: intake -> assignment -> evidence -> findings -> outcome (3-2-4, 3-2-7)."""

import datetime as dt
import hashlib
import io

import pytest

from dogtag.complaints import services
from dogtag.complaints.models import Complaint, ComplaintFinding, Evidence, Outcome
from dogtag.evidence import synthetic
from dogtag.law.nuisance import AtLargeFacts
from dogtag.records.errors import ServiceError
from dogtag.records.models import Decision

from .background import analysed
from .conftest import CHICAGO

NIGHT = dt.datetime(2026, 11, 20, 22, 0, tzinfo=CHICAGO)
ON = dt.date(2026, 11, 29)


def receive(clerk, **changes):
    fields = dict(
        kind="barking",
        occurred_at=NIGHT,
        narrative="Barking from the kennel run for most of an hour.",
        address="7120 Viking Blvd NW",
        complainant_name="Lee Anders",
        complainant_phone="763-555-0199",
        actor=clerk,
    )
    fields.update(changes)
    return services.receive_complaint(**fields)


def counts():
    return (
        Complaint.objects.count(),
        Evidence.objects.count(),
        ComplaintFinding.objects.count(),
        Outcome.objects.count(),
        Decision.objects.filter(outcome="done").count(),
    )


# ------------------------------------------------------------------------------------ intake


def test_intake_numbers_the_complaint_and_takes_the_owner_from_the_dog(clerk, dog):
    complaint = receive(clerk, dogs=[dog])
    assert complaint.number == "C2026-0001"
    assert complaint.owner == dog.owner
    assert complaint.status == Complaint.Status.RECEIVED
    assert complaint.complainant_phone == "+17635550199"
    assert list(complaint.dogs.all()) == [dog]
    assert complaint.history.first().history_user == clerk
    assert receive(clerk).number == "C2026-0002"


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"kind": "howling"}, "'howling' is not a kind of complaint"),
        ({"narrative": "  "}, "Say what happened (the narrative)."),
        ({"occurred_at": dt.datetime(2026, 12, 1, tzinfo=CHICAGO)}, "after the complaint was"),
        ({"occurred_at": dt.datetime(2026, 11, 20, 22, 0)}, "Times must carry the time zone."),  # noqa: DTZ001
        ({"address": ""}, "Say where it happened"),
        ({"point": {"type": "Point", "coordinates": [1]}}, "GeoJSON Point in feet"),
        (
            {"occurred_until": NIGHT - dt.timedelta(minutes=1)},
            "It cannot end before it began.",
        ),
    ],
)
def test_bad_intake_is_refused_and_writes_nothing(clerk, changes, message):
    before = counts()
    with pytest.raises(ServiceError) as caught:
        receive(clerk, **changes)
    assert message in str(caught.value)
    assert counts() == before


def test_assignment_needs_an_investigator(clerk, officer):
    complaint = receive(clerk)
    with pytest.raises(ServiceError, match="may not investigate complaints"):
        services.assign(complaint, officer=clerk, on=ON, actor=clerk)
    complaint = services.assign(complaint, officer=officer, on=ON, actor=clerk)
    assert (complaint.status, complaint.assigned_to, complaint.assigned_on) == (
        Complaint.Status.ASSIGNED,
        officer,
        ON,
    )


# ---------------------------------------------------------------------------- barking evidence


def test_typed_noise_times_give_the_barking_finding(clerk, officer):
    complaint = receive(clerk)
    noises = [NIGHT + dt.timedelta(seconds=s) for s in range(0, 301, 30)]
    evidence = services.add_noise_times(
        complaint, noises=noises, description="Heard from the road", on=ON, actor=officer
    )
    complaint.refresh_from_db()
    assert complaint.status == Complaint.Status.INVESTIGATING
    assert evidence.kind == Evidence.Kind.TYPED_TIMES
    assert evidence.noise_times[0] == "2026-11-20T22:00:00-06:00"
    [finding] = complaint.findings.all()
    assert (finding.rule, finding.outcome, finding.sections) == (
        "nuisance.barking",
        "nuisance",
        ["3-2-7.A"],
    )
    assert finding.decision.subject == complaint


def test_a_barking_nuisance_found_allows_a_warning_and_a_short_run_does_not(clerk, officer):
    # regression: the barking finding must count as a violation when it finds a nuisance
    complaint = receive(clerk)
    services.add_noise_times(
        complaint,
        noises=[NIGHT + dt.timedelta(seconds=s) for s in range(0, 271, 30)],
        description="4 min 30 s",
        on=ON,
        actor=officer,
    )
    with pytest.raises(ServiceError, match="needs a finding of a violation first"):
        services.close(complaint, outcome="warning", decided_on=ON, note="", actor=officer)
    services.add_noise_times(
        complaint,
        noises=[NIGHT + dt.timedelta(minutes=10, seconds=s) for s in range(0, 301, 30)],
        description="5 min",
        on=ON,
        actor=officer,
        named=services.Named(duty="keeper", person="Sam Keeper"),
    )
    outcome = services.close(complaint, outcome="warning", decided_on=ON, note="", actor=officer)
    assert outcome.decision.sections == ["3-2-7.A"]


def test_a_noise_log_is_kept_with_its_hash(clerk, officer, media):
    complaint = receive(clerk)
    data = (
        "time\n" + "".join(f"22:{s // 60:02d}:{s % 60:02d}\n" for s in range(0, 280, 20))
    ).encode()
    evidence = services.add_noise_log(
        complaint,
        upload=io.BytesIO(data),
        filename="neighbour-log.csv",
        log_date=dt.date(2026, 11, 20),
        on=ON,
        actor=officer,
    )
    assert evidence.sha256 == hashlib.sha256(data).hexdigest()
    assert evidence.file.read() == data
    [finding] = complaint.findings.all()
    assert finding.outcome == "not_a_nuisance"
    assert "longest run 4 min 20 s" in finding.message


def test_a_bad_log_is_refused_and_writes_nothing(clerk, officer, media):
    complaint = receive(clerk)
    before = counts()
    with pytest.raises(ServiceError, match="row 2: 'soon' is not a time"):
        services.add_noise_log(
            complaint,
            upload=io.BytesIO(b"time\nsoon\n"),
            filename="log.csv",
            log_date=dt.date(2026, 11, 20),
            on=ON,
            actor=officer,
        )
    assert counts() == before


@pytest.mark.django_db(transaction=True)
def test_a_recording_is_analysed_and_its_barks_timed_from_its_start(clerk, officer, media):
    complaint = receive(clerk)
    data = synthetic.as_file(synthetic.recording([10 + 25 * i for i in range(13)], seconds=320))
    # when the officer adds a recording
    evidence = services.add_recording(
        complaint,
        upload=io.BytesIO(data),
        filename="yard.wav",
        started_at=NIGHT,
        on=ON,
        actor=officer,
    )
    # then it is kept with its SHA-256, the complaint is under investigation, and the barks are
    # still to be found by the job
    assert evidence.sha256 == hashlib.sha256(data).hexdigest()
    assert Complaint.objects.get().status == Complaint.Status.INVESTIGATING
    assert (evidence.analysis, evidence.job.title) == (
        "analysing",
        "Finding the barks in yard.wav (complaint C2026-0001)",
    )
    assert not complaint.findings.exists()
    # when the worker has run it, then the barks are timed from the recording's start
    evidence = analysed(evidence)
    assert len(evidence.detection["barks"]) == 13
    first = dt.datetime.fromisoformat(evidence.noise_times[0])
    assert abs((first - (NIGHT + dt.timedelta(seconds=10))).total_seconds()) <= 0.03
    [finding] = complaint.findings.all()
    assert (finding.outcome, finding.found_on, finding.by) == ("nuisance", ON, officer)
    assert evidence.decision == finding.decision


def test_an_unreadable_recording_is_refused(clerk, officer, media):
    complaint = receive(clerk)
    before = counts()
    with pytest.raises(ServiceError, match="The recording cannot be used: not a WAV or FLAC"):
        services.add_recording(
            complaint,
            upload=io.BytesIO(b"RIFF-not-really"),
            filename="x.wav",
            started_at=NIGHT,
            on=ON,
            actor=officer,
        )
    assert counts() == before


def test_evidence_of_the_wrong_kind_is_refused(clerk, officer):
    complaint = receive(clerk, kind="at_large")
    with pytest.raises(ServiceError, match="is about running at large"):
        services.add_noise_times(complaint, noises=[NIGHT], description="", on=ON, actor=officer)


# ------------------------------------------------------------------------ other nuisance acts


def test_at_large_and_excrement(clerk, officer):
    complaint = receive(clerk, kind="at_large")
    services.record_at_large(
        complaint,
        facts=AtLargeFacts(off_owner_premises=True, excrement_left=True),
        on=ON,
        actor=officer,
    )
    assert [(f.rule, f.outcome) for f in complaint.findings.all()] == [
        ("nuisance.at_large", "at_large"),
        ("nuisance.excrement", "violation"),
    ]


def test_unleashed_training_in_a_park_is_a_leash_violation_not_at_large(clerk, officer):
    # given a dog in obedience training under its owner's control, unleashed, in a park
    complaint = receive(clerk, kind="at_large")
    services.record_at_large(
        complaint,
        facts=AtLargeFacts(
            off_owner_premises=True,
            obedience_training_under_control=True,
            on_or_next_to_athletic_field_or_park=True,
        ),
        on=ON,
        actor=officer,
    )
    # then the complaint records the D.2.b exception and the D.3 leash violation
    assert [(f.rule, f.outcome, f.sections) for f in complaint.findings.all()] == [
        ("nuisance.at_large_exception", "not_at_large", ["3-2-7.D.2.b"]),
        ("nuisance.park_leash", "violation", ["3-2-7.D.3"]),
        ("nuisance.excrement", "no_violation", ["3-2-7.D.3"]),
    ]


def test_a_bite_is_referred_for_a_dangerous_dog_designation(clerk, officer, dog):
    complaint = receive(clerk, kind="aggression", dogs=[dog])
    services.record_acts(complaint, acts=["bit_person"], on=ON, actor=officer)
    outcome = services.close(
        complaint,
        outcome="dangerous_dog_referral",
        decided_on=ON,
        note="Bite to the mail carrier's hand.",
        actor=officer,
    )
    complaint.refresh_from_db()
    assert complaint.status == Complaint.Status.CLOSED
    assert outcome.decision.sections == ["3-2-7.C", "3-2-9.A"]


def test_a_citation_needs_a_violation_found_first(clerk, officer):
    complaint = receive(clerk, kind="damage")
    before = counts()
    with pytest.raises(ServiceError, match="needs a finding of a violation first"):
        services.close(complaint, outcome="citation", decided_on=ON, note="", actor=officer)
    assert counts() == before
    services.record_damage(
        complaint, damaged_owner_own=False, in_defense_of="property", on=ON, actor=officer
    )
    with pytest.raises(ServiceError, match="needs a finding of a violation first"):
        services.close(complaint, outcome="warning", decided_on=ON, note="", actor=officer)
    outcome = services.close(
        complaint, outcome="unfounded", decided_on=ON, note="Defended its yard.", actor=officer
    )
    assert outcome.kind == "unfounded"


def test_a_closed_complaint_takes_nothing_more(clerk, officer):
    complaint = receive(clerk)
    services.add_noise_times(
        complaint, noises=[], none_heard=True, description="", on=ON, actor=officer
    )
    services.close(complaint, outcome="unfounded", decided_on=ON, note="", actor=officer)
    before = counts()
    with pytest.raises(ServiceError, match="is closed: cannot add a follow-up"):
        services.add_follow_up(complaint, on=ON, note="Drove by", actor=officer)
    with pytest.raises(ServiceError, match="is closed: cannot close it again"):
        services.close(complaint, outcome="unfounded", decided_on=ON, note="", actor=officer)
    assert counts() == before


def test_a_vehicle_incident_notes_the_misdemeanor(clerk, officer):
    complaint = receive(clerk, kind="vehicle", address="Nowthen Square parking lot")
    incident = services.record_vehicle_incident(
        complaint,
        on=ON,
        actor=officer,
        animal="dog",
        vehicle="Blue Ford pickup, MN ABC123",
        left_unattended=True,
        vehicle_standing_or_parked=True,
        health_or_safety_endangered=True,
        conditions="86 F, windows up, dog panting and drooling",
        forced_entry=True,
        owner_contact_attempts=[
            {"at": "2026-11-20T13:05:00-06:00", "how": "store PA", "result": "no answer"}
        ],
        taken_to_shelter=True,
        taken_to="Anoka County animal shelter",
    )
    assert incident.taken_to == "Anoka County animal shelter"
    assert [f.outcome for f in complaint.findings.all()] == ["misdemeanor", "removal_lawful"]


# ----------------------------------------------------------------- 12-month nuisance history


def test_nuisance_complaints_about_a_parcel_in_a_window(clerk, dog, parcel):
    def at(day):
        return dt.datetime.combine(day, dt.time(12), tzinfo=CHICAGO)

    inside = receive(
        clerk, dogs=[dog], received_at=at(dt.date(2026, 1, 1)), occurred_at=at(dt.date(2026, 1, 1))
    )
    on_parcel = receive(
        clerk,
        parcel=parcel,
        received_at=at(dt.date(2026, 6, 1)),
        occurred_at=at(dt.date(2026, 6, 1)),
    )
    receive(
        clerk,
        dogs=[dog],
        received_at=at(dt.date(2025, 12, 31)),
        occurred_at=at(dt.date(2025, 12, 31)),
    )
    receive(
        clerk,
        kind="vehicle",
        dogs=[dog],
        received_at=at(dt.date(2026, 3, 1)),
        occurred_at=at(dt.date(2026, 3, 1)),
    )
    found = services.nuisance_complaints_about(
        parcel, start=dt.date(2026, 1, 1), end=dt.date(2026, 12, 31)
    )
    assert list(found) == [inside, on_parcel]


def test_the_kinds_and_outcomes_are_the_complaint_records_own():
    # the rules core's words for the kinds and outcomes are the records' labels
    from dogtag.complaints.models import Complaint, Outcome
    from dogtag.law import complaint_procedure

    # the kinds Nowthen's law takes, each with its section
    offered = complaint_procedure.offered_kinds()
    assert {k: label for k, (_, label) in complaint_procedure.KINDS.items()} == {
        kind: label for kind, label in Complaint.Kind.choices if kind in offered
    }
    # and another city's prohibitions, named without a section here
    assert {kind: label for kind, label in Complaint.Kind.choices if kind not in offered} == {
        kind: complaint_procedure.KIND_PROVISIONS[kind][1]
        for kind in ("abandonment", "feces_device")
    }
    assert dict(Outcome.Kind.choices) == complaint_procedure.OUTCOMES
