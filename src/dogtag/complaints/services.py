"""Every write to a complaint: intake, assignment, evidence, findings, follow-ups, outcome.

Each function runs in one transaction, asks the rules core where a rule applies
(``vehicle.animal_left``, ``nuisance.owner_duty``), stores the findings in a Decision and names the
acting user in the history. What may be recorded next is the rules core's ``complaint_procedure``
(from the complaint's events, ``events_of``): a step it blocks is refused with its findings
(``Refused``). A refused action writes nothing; a plain ``ServiceError`` is only for what is not law
(a missing note, a time without its zone, a bad file).
"""

from __future__ import annotations

import codecs
import datetime as dt
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from dogtag.complaints import reasons
from dogtag.complaints.models import (
    Complaint,
    ComplaintEvent,
    ComplaintFinding,
    Evidence,
    FollowUp,
    Outcome,
    VehicleIncident,
)
from dogtag.complaints.signals import status_changed
from dogtag.evidence import audio, logs
from dogtag.jobs.models import Job
from dogtag.jobs.services import start_job
from dogtag.law import complaint_procedure, nuisance, prohibitions, vehicles
from dogtag.law.findings import Finding
from dogtag.law.procedure import Event, ProcedureState
from dogtag.law.provisions import cite
from dogtag.licensing.models import Dog, Owner, OwnershipChange
from dogtag.licensing.phones import normalise
from dogtag.parcels.models import Parcel
from dogtag.records import uploads
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.records.services import city_params, next_number, record_decision

OWNER_DUTY = "nuisance.owner_duty"  # "The owner of any animal shall prevent it from committing ..."

OPEN = (Complaint.Status.RECEIVED, Complaint.Status.ASSIGNED, Complaint.Status.INVESTIGATING)


class FileRefused(ServiceError):
    """The evidence file itself cannot be used (its size, its header, what it holds); nothing
    was written. A form shows it at the file's field: ``field`` names it where the caller knows
    (the residents' form has one field per file)."""

    field: str | None = None


class AnalysisFailed(ServiceError):
    """A recording accepted from its header turned out unusable when it was analysed (it cannot
    be decoded part-way through, say): the evidence says why, and nothing else was written."""


def _locked(complaint: Complaint) -> Complaint:
    return Complaint.objects.select_for_update(of=("self",)).get(pk=complaint.pk)


def dog_label(dog: Dog) -> str:
    """How the complaint's events name a dog: its name and record number (names repeat)."""
    return f"{dog.name} (dog {dog.pk})"


def owner_of_record(dog: Dog, day: dt.date) -> Owner:
    """``license.required``, ``license.new_owner``: the dog's owner of record on ``day``: the new
    owner from a change of ownership on or before it, else the owner before the first change after
    it, else the dog's owner."""
    changes = list(OwnershipChange.objects.filter(dog=dog).select_related("from_owner", "to_owner"))
    changes.sort(key=lambda c: (c.changed_on, c.pk))
    before = [c for c in changes if c.changed_on <= day]
    if before:
        return before[-1].to_owner
    if changes:
        return changes[0].from_owner
    return dog.owner


def incident_day(complaint: Complaint) -> dt.date:
    """The day of the incident (the day it happened, or began), in the city's time."""
    return _local(complaint.occurred_at)


def _finding_facts(row: ComplaintFinding, stored: dict[str, Any]) -> dict[str, Any]:
    """A stored finding as the facts of its ``finding`` event."""
    facts: dict[str, Any] = {
        "rule": row.rule,
        "outcome": row.outcome,
        "message": row.message,
        "dangerous_dog_referral": bool((stored.get("details") or {}).get("dangerous_dog_referral")),
    }
    if row.dog is not None:
        facts["dog"] = dog_label(row.dog)
    if row.duty:
        facts["duty"] = row.duty
    if row.person:
        facts["person"] = row.person
    if row.owner_of_record is not None:
        facts["owner_of_record"] = row.owner_of_record.name
    return facts


def events_of(complaint: Complaint) -> list[Event]:
    """The complaint's dated events, from its record, for ``complaint_procedure``: in the order
    of their days, and on one day in the order they were recorded (by their decisions)."""
    received = _local(complaint.received_at)
    facts: dict[str, Any] = {"kind": complaint.kind, "number": complaint.number}
    if complaint.pk is not None:
        facts["dogs"] = [dog_label(d) for d in complaint.dogs.order_by("pk")]
    events = [Event("received", received, facts)]
    if complaint.assigned_on is not None:
        events.append(Event("assigned", complaint.assigned_on))
    if complaint.pk is None:
        return events
    # (day, order on the day, event): an event with a decision in the decision's order
    dated: list[tuple[dt.date, tuple[int, int], Event]] = []
    dated += [(f.on, (0, f.pk), Event("follow_up", f.on)) for f in complaint.follow_ups.all()]
    for item in complaint.evidence.all():
        day = max(_local(item.uploaded_at), received)
        dated.append((day, (0, item.pk), Event("evidence", day)))
    rows = complaint.findings.select_related("decision", "dog", "owner_of_record").order_by("pk")
    for row in rows:
        stored = next(
            (
                f
                for f in row.decision.findings
                if f["rule"] == row.rule and f["message"] == row.message
            ),
            {},
        )
        event = Event("finding", row.found_on, _finding_facts(row, stored))
        dated.append((row.found_on, (row.decision_id, row.pk), event))
    if hasattr(complaint, "vehicle_incident"):
        first = next((r for r in rows if r.rule == "vehicle.animal_left"), None)
        day = first.found_on if first is not None else received
        order = (first.decision_id, 0) if first is not None else (0, 0)
        dated.append((day, order, Event("vehicle_incident", day)))
    for logged in complaint.log.all():
        facts = {"note": logged.note}
        if logged.kind == ComplaintEvent.Kind.REOPENED:
            facts["new_evidence"] = logged.note
        dated.append((logged.on, (logged.decision_id, 0), Event(logged.kind, logged.on, facts)))
    for outcome in complaint.outcomes.select_related("dog"):
        facts = {"outcome": outcome.kind}
        if outcome.dog is not None:
            facts["dog"] = dog_label(outcome.dog)
        closed = Event("closed", outcome.decided_on, facts)
        dated.append((outcome.decided_on, (outcome.decision_id, 0), closed))
    dated.sort(key=lambda d: (d[0], d[1]))
    return events + [e for _, _, e in dated]


def procedure_state(complaint: Complaint, on: dt.date) -> ProcedureState:
    """Where the complaint stands on ``on``, as the rules core says: pages and services ask it."""
    return complaint_procedure.complaint(events_of(complaint), on)


def _allowed(complaint: Complaint, step: str, on: dt.date | None = None) -> list[Finding]:
    """The rules core's findings for taking ``step`` on ``on``; refused with them if one
    blocks."""
    findings = complaint_procedure.step_findings(events_of(complaint), step, on)
    if findings[0].blocks:
        raise Refused(findings)
    return findings


def _recordable(complaint: Complaint, event: Event) -> list[Finding]:
    """The rules core's findings for recording ``event`` (its facts too); refused with them if
    one blocks."""
    findings = complaint_procedure.record(events_of(complaint), event)
    if findings[0].blocks:
        raise Refused(findings)
    return findings


def _set_status(complaint: Complaint, status: str, actor: AbstractBaseUser) -> None:
    """Sets and saves the status, and tells the listeners of ``signals.status_changed``."""
    before = complaint.status
    complaint.status = status
    acting_as(actor, complaint)
    complaint.save(update_fields=["status"])
    if before != status:
        status_changed.send(Complaint, complaint=complaint, before=before, after=status)


def _local(moment: dt.datetime) -> dt.date:
    return timezone.localdate(moment)


# ------------------------------------------------------------------------------------- intake


@service
def receive_complaint(
    *,
    kind: str,
    occurred_at: dt.datetime,
    narrative: str,
    actor: AbstractBaseUser,
    occurred_until: dt.datetime | None = None,
    parcel: Parcel | None = None,
    address: str = "",
    point: dict[str, Any] | None = None,
    complainant_name: str = "",
    complainant_phone: str = "",
    complainant_address: str = "",
    complainant_email: str = "",
    dogs: Sequence[Dog] = (),
    owner: Owner | None = None,
    received_at: dt.datetime | None = None,
) -> Complaint:
    """Take a complaint at the desk or in the field. Where it happened may be a parcel, an address
    or a point; the dog(s) and owner if known (the owner follows from the dogs when they share
    one)."""
    received_at = received_at or timezone.now()
    problems = []
    if kind not in Complaint.Kind.values:
        problems.append(f"{kind!r} is not a kind of complaint")
    if not narrative.strip():
        problems.append(gettext("Say what happened (the narrative)."))
    if timezone.is_naive(occurred_at) or (occurred_until and timezone.is_naive(occurred_until)):
        problems.append("Times must carry the time zone.")
    elif occurred_at > received_at:
        problems.append(gettext("It cannot have happened after the complaint was received."))
    elif occurred_until is not None and occurred_until < occurred_at:
        problems.append("It cannot end before it began.")
    if parcel is None and not address.strip() and point is None:
        problems.append(
            gettext("Say where it happened: a parcel, an address or a point on the map.")
        )
    if point is not None and (
        point.get("type") != "Point" or len(point.get("coordinates") or []) != 2
    ):
        problems.append("The point must be a GeoJSON Point in feet.")
    owners = {d.owner_id for d in dogs}
    if owner is None and len(owners) == 1:
        owner = dogs[0].owner
    elif owner is not None and owners - {owner.pk}:
        problems.append("The dogs named belong to another owner than the one named.")
    if problems:
        raise ServiceError(" ".join(problems))
    year = _local(received_at).year
    complaint = Complaint(
        number=f"C{year}-{next_number('complaint', year):04d}",
        kind=kind,
        received_at=received_at,
        received_by=actor,
        occurred_at=occurred_at,
        occurred_until=occurred_until,
        parcel=parcel,
        address=address.strip(),
        point=point,
        complainant_name=complainant_name.strip(),
        complainant_phone=normalise(complainant_phone) if complainant_phone.strip() else "",
        complainant_address=complainant_address.strip(),
        complainant_email=complainant_email.strip(),
        owner=owner,
        narrative=narrative.strip(),
    )
    acting_as(actor, complaint)
    complaint.save()
    if dogs:
        complaint.dogs.set(dogs)
    status_changed.send(Complaint, complaint=complaint, before=None, after=complaint.status)
    return complaint


@service
def assign(
    complaint: Complaint, *, officer: AbstractBaseUser, on: dt.date, actor: AbstractBaseUser
) -> Complaint:
    complaint = _locked(complaint)
    _allowed(complaint, "assign")
    if not officer.has_perm("records.investigate_complaint"):  # type: ignore[attr-defined]
        raise ServiceError(f"{officer} may not investigate complaints.")
    complaint.assigned_to = officer
    complaint.assigned_on = on
    before = complaint.status
    if before == Complaint.Status.RECEIVED:
        complaint.status = Complaint.Status.ASSIGNED
    acting_as(actor, complaint)
    complaint.save()
    if complaint.status != before:
        status_changed.send(Complaint, complaint=complaint, before=before, after=complaint.status)
    return complaint


def _investigating(complaint: Complaint, actor: AbstractBaseUser) -> None:
    if complaint.status != Complaint.Status.INVESTIGATING:
        _set_status(complaint, Complaint.Status.INVESTIGATING, actor)


@service
def add_follow_up(
    complaint: Complaint, *, on: dt.date, note: str, actor: AbstractBaseUser
) -> FollowUp:
    complaint = _locked(complaint)
    _allowed(complaint, "follow_up")
    if not note.strip():
        raise ServiceError("Say what was done (the follow-up note).")
    if on < _local(complaint.received_at):
        raise ServiceError("A follow-up cannot be dated before the complaint was received.")
    _investigating(complaint, actor)
    return FollowUp.objects.create(complaint=complaint, on=on, by=actor, note=note.strip())


# ------------------------------------------------------------------------------------ findings


@dataclass(frozen=True)
class Named:
    """What the officer says with a finding: the dog it is about (one of the complaint's) and,
    should it find a violation, whom the duty falls on (``complaint_procedure.BASES``) and their
    name (taken from the record for the owner of record)."""

    dog: Dog | None = None
    duty: str = ""
    person: str = ""


def _named(complaint: Complaint, named: Named) -> tuple[Dog | None, str, Owner | None]:
    """The dog, the person named and the dog's owner of record on the day of the incident."""
    dogs = list(complaint.dogs.order_by("pk"))
    dog = named.dog if named.dog is not None else (dogs[0] if len(dogs) == 1 else None)
    owner = owner_of_record(dog, incident_day(complaint)) if dog is not None else None
    person = named.person.strip()
    if named.duty == "owner_of_record":
        record = owner or complaint.owner
        if record is None:
            raise ServiceError(
                "No owner of record is known: name the dog, or say whom the duty falls on is "
                "not known."
            )
        person, owner = record.name, record
    return dog, person[:200], owner


def _store(
    complaint: Complaint,
    findings: Sequence[Finding],
    *,
    action: str,
    on: dt.date,
    actor: AbstractBaseUser,
    investigate: bool = True,
    named: Named = Named(),
) -> list[ComplaintFinding]:
    """Store the findings of one rule as one Decision, each first checked by the rules core as
    an event of the complaint (its dog, and whom a violation's duty falls on): refused, nothing
    is written."""
    dog, person, owner = _named(complaint, named)
    log = events_of(complaint)
    checks: list[Finding] = []
    rows = []
    for finding in findings:
        violation = complaint_procedure.DUTY_OF_RULE.get(finding.rule) is not None and (
            finding.outcome in complaint_procedure.DUTY_OF_RULE[finding.rule].found
        )
        facts: dict[str, Any] = {
            "rule": finding.rule,
            "outcome": finding.outcome,
            "message": finding.message,
            "dangerous_dog_referral": bool(finding.details.get("dangerous_dog_referral")),
        }
        if dog is not None:
            facts["dog"] = dog_label(dog)
        if owner is not None:
            facts["owner_of_record"] = owner.name
        if violation and named.duty:
            facts["duty"] = named.duty
        if violation and person and named.duty != "unknown":
            facts["person"] = person
        event = Event("finding", on, facts)
        found = complaint_procedure.record(log, event)
        if found[0].blocks:
            raise Refused(found)
        checks += [f for f in found if f.rule == "complaint.finding"]
        log.append(event)
        rows.append((facts.get("duty", ""), facts.get("person", "")))
    decision = record_decision(
        action=action,
        findings=[*findings, *checks],
        decided_on=on,
        actor=actor,
        subject=complaint,
    )
    if investigate:
        _investigating(complaint, actor)
    return [
        ComplaintFinding.objects.create(
            complaint=complaint,
            rule=f.rule,
            outcome=f.outcome,
            sections=list(f.sections),
            message=f.message,
            facts=decision.findings[i]["facts"],
            found_on=on,
            by=actor,
            decision=decision,
            dog=dog,
            duty=rows[i][0],
            person=rows[i][1],
            owner_of_record=owner,
        )
        for i, f in enumerate(findings)
    ]


def _barking_evidence(
    complaint: Complaint,
    noises: list[dt.datetime],
    *,
    evidence: Evidence,
    on: dt.date,
    actor: AbstractBaseUser,
    investigate: bool = True,
    named: Named = Named(),
) -> Evidence:
    finding = nuisance.barking(noises, on, city_params())
    stored = _store(
        complaint,
        [finding],
        action="complaint.barking",
        on=on,
        actor=actor,
        investigate=investigate,
        named=named,
    )
    evidence.noise_times = [n.isoformat() for n in sorted(set(noises))]
    evidence.decision = stored[0].decision
    evidence.save()
    return evidence


@service
def add_noise_times(
    complaint: Complaint,
    *,
    noises: Sequence[dt.datetime],
    description: str,
    on: dt.date,
    actor: AbstractBaseUser,
    named: Named = Named(),
    none_heard: bool = False,
) -> Evidence:
    """``nuisance.barking`` from times the officer typed (heard in person, or read off a recording); with
    ``none_heard`` and no times, the officer's finding that no noise was heard (``nuisance.barking`` decided
    the other way: an answer, not a silence)."""
    complaint = _locked(complaint)
    _allowed(complaint, "noise_evidence", on)
    if none_heard and noises:
        raise ServiceError("Either give the noise times heard, or say that none was heard.")
    if not noises and not none_heard:
        raise ServiceError("Give at least one noise time, or say that none was heard.")
    if any(timezone.is_naive(n) for n in noises):
        raise ServiceError("Noise times must carry the time zone.")
    evidence = Evidence(
        complaint=complaint,
        kind=Evidence.Kind.TYPED_TIMES,
        description=description.strip(),
        started_at=min(noises) if noises else None,
        uploaded_by=actor,
    )
    return _barking_evidence(
        complaint, list(noises), evidence=evidence, on=on, actor=actor, named=named
    )


# Evidence files are read, checked and analysed before the write transaction opens, so no lock
# is held while a file is parsed (a concurrent clerk's save is not kept waiting); the transaction
# then only stores the rows, and the file stored with them is deleted if it does not commit. A
# recording is only checked from its header here: decoding it is the work of a background job
# (``analyse_recording``), whose results are stored by a transaction of their own.


def _may_add_evidence(complaint: Complaint, *kinds: str) -> None:
    """The complaint's state, checked before a file is read (and again under the lock)."""
    _allowed(complaint, "noise_evidence" if kinds else "evidence")


def _checked_size(upload: BinaryIO) -> None:
    if problem := uploads.check_size(upload):
        raise FileRefused(problem)


def _lines(upload: BinaryIO) -> Iterator[str]:
    """The upload's text, line by line, decoded as UTF-8 (a byte-order mark is dropped)."""
    upload.seek(0)
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    for raw in upload:
        yield decoder.decode(raw)
    if tail := decoder.decode(b"", final=True):
        yield tail


def add_noise_log(
    complaint: Complaint,
    *,
    upload: BinaryIO,
    filename: str,
    log_date: dt.date | None,
    on: dt.date,
    actor: AbstractBaseUser,
    with_complaint: bool = False,
) -> Evidence:
    """``nuisance.barking`` from a CSV noise log (see ``dogtag.evidence.logs``), of at most
    ``DOGTAG_MAX_LOG_ROWS`` rows; the file is kept with its SHA-256.

    ``with_complaint``: the complainant's own evidence, given with the complaint (the residents'
    form). The rule applies and its Decision is stored as for an officer's evidence, but the
    status stays as it is (received): nobody has investigated yet."""
    _may_add_evidence(complaint, Complaint.Kind.BARKING)
    _checked_size(upload)
    try:
        noises = logs.read_log(
            _lines(upload),
            date=log_date,
            tzinfo=timezone.get_current_timezone(),
            max_rows=settings.DOGTAG_MAX_LOG_ROWS,
        )
    except UnicodeDecodeError:
        raise FileRefused(gettext("The log is not a text (CSV) file in UTF-8.")) from None
    except logs.LogError as exc:
        raise FileRefused(reasons.log(exc)) from None
    digest = audio.sha256_of(upload)
    with uploads.files_removed_on_failure() as keep, transaction.atomic():
        complaint = _locked(complaint)
        _may_add_evidence(complaint, Complaint.Kind.BARKING)
        evidence = Evidence(
            complaint=complaint,
            kind=Evidence.Kind.LOG,
            original_name=filename[:255],
            sha256=digest,
            started_at=min(noises),
            uploaded_by=actor,
        )
        keep(evidence.file, filename, upload)
        return _barking_evidence(
            complaint,
            noises,
            evidence=evidence,
            on=on,
            actor=actor,
            investigate=not with_complaint,
        )


def recording_limits() -> audio.Limits:
    """What a recording may be, read from its header: ``DOGTAG_MAX_RECORDING_HOURS``,
    ``DOGTAG_MAX_SAMPLE_RATE_HZ`` and two channels. Together they bound the analysis's work."""
    return audio.Limits(
        max_seconds=settings.DOGTAG_MAX_RECORDING_HOURS * 3600,
        max_sample_rate=settings.DOGTAG_MAX_SAMPLE_RATE_HZ,
    )


def add_recording(
    complaint: Complaint,
    *,
    upload: BinaryIO,
    filename: str,
    started_at: dt.datetime,
    on: dt.date,
    actor: AbstractBaseUser,
    description: str = "",
    with_complaint: bool = False,
) -> Evidence:
    """``nuisance.barking`` from a WAV or FLAC recording. Here, before the write transaction opens, only its
    header is read and checked (``recording_limits``: length, sample rate, channels; a refusal is
    a ``FileRefused`` and nothing is written) and its SHA-256 taken. The transaction stores the
    file and the evidence and starts the job that analyses it in the background
    (``tasks.analyse_recording``, ``analyse_recording`` below): the barks are detected
    (``dogtag.evidence.audio``, whose limits its docstring states), timed from ``started_at``,
    and the rule applied as of ``on`` when it is done. No sample is decoded inside a request.
    ``with_complaint`` as for ``add_noise_log``."""
    from dogtag.complaints import tasks  # the task module imports this one

    _may_add_evidence(complaint, Complaint.Kind.BARKING)
    if timezone.is_naive(started_at):
        raise ServiceError("The recording's start time must carry the time zone.")
    _checked_size(upload)
    try:
        audio.check(upload, recording_limits())
    except audio.RecordingError as exc:
        raise FileRefused(reasons.recording(exc)) from None
    digest = audio.sha256_of(upload)
    with uploads.files_removed_on_failure() as keep, transaction.atomic():
        complaint = _locked(complaint)
        _may_add_evidence(complaint, Complaint.Kind.BARKING)
        evidence = Evidence(
            complaint=complaint,
            kind=Evidence.Kind.RECORDING,
            original_name=filename[:255],
            sha256=digest,
            description=description.strip(),
            started_at=started_at,
            uploaded_by=actor,
        )
        keep(evidence.file, filename, upload)
        evidence.save()
        if not with_complaint:
            _investigating(complaint, actor)
        evidence.job = start_job(
            task=tasks.analyse_recording,
            title=f"Finding the barks in {evidence.original_name} (complaint {complaint.number})",
            actor=actor,
            arguments={
                "evidence_id": evidence.pk,
                "on": on.isoformat(),
                "investigate": not with_complaint,
            },
        )
        evidence.save(update_fields=["job"])
        return evidence


def analyse_recording(
    evidence: Evidence,
    *,
    on: dt.date,
    investigate: bool = True,
    progress: audio.Progress | None = None,
) -> Evidence:
    """The analysis of a recording kept by ``add_recording``: the background job's work, never a
    request's. The stored file is decoded in blocks (``progress`` told after each) with no
    transaction open; then the detection, the noise times and the ``nuisance.barking`` finding as of ``on``
    are stored in one transaction, exactly as they were when the analysis ran inside the upload.
    A file that turns out unusable (it cannot be decoded part-way through) is marked so, with the
    reason, and nothing else is written (``AnalysisFailed``). Run again on evidence already
    analysed or failed (a worker killed after its commit), it changes nothing."""
    if evidence.analysis != Evidence.Analysis.ANALYSING:
        return evidence
    try:
        with evidence.file.open("rb") as stream:
            found = audio.detect_file(stream, limits=recording_limits(), progress=progress)
    except audio.RecordingError as exc:
        problem = reasons.said(exc.template, exc.values)
    except OSError as exc:
        problem = f"the stored file cannot be read ({exc.strerror or exc})"
    else:
        if found.sha256 == evidence.sha256:
            return _store_analysis(evidence, found, on=on, investigate=investigate)
        problem = (
            f"the stored file is not the file received (its SHA-256 is {found.sha256}, "
            f"not {evidence.sha256})"
        )
    _analysis_failed(evidence, problem)
    raise AnalysisFailed(f"The analysis failed: {problem}.")


def _locked_evidence(evidence: Evidence) -> tuple[Complaint, Evidence]:
    """The complaint, then its evidence, locked in that order (as ``add_recording`` and ``close``
    lock the complaint first)."""
    complaint = Complaint.objects.select_for_update(of=("self",)).get(pk=evidence.complaint_id)
    return complaint, Evidence.objects.select_for_update(of=("self",)).get(pk=evidence.pk)


@service
def _store_analysis(
    evidence: Evidence, found: audio.Detection, *, on: dt.date, investigate: bool
) -> Evidence:
    complaint, evidence = _locked_evidence(evidence)
    if evidence.analysis != Evidence.Analysis.ANALYSING:
        return evidence  # stored by an earlier run of the job
    actor = evidence.uploaded_by
    assert evidence.started_at is not None
    evidence.detection = {**found.to_json(), "envelope": [list(p) for p in found.envelope]}
    # in the city's time, as the forms give the start (the database gives it back in UTC, and
    # the finding words its times in their own zone)
    started_at = timezone.localtime(evidence.started_at)
    noises = [started_at + dt.timedelta(seconds=s) for s in found.onsets]
    if not noises:
        evidence.save()
        finding = nuisance.barking([], on, city_params())
        stored = _store(
            complaint,
            [finding],
            action="complaint.barking",
            on=on,
            actor=actor,
            investigate=investigate,
        )
        evidence.decision = stored[0].decision
        evidence.save(update_fields=["decision"])
        return evidence
    return _barking_evidence(
        complaint, noises, evidence=evidence, on=on, actor=actor, investigate=investigate
    )


@service
def _analysis_failed(evidence: Evidence, problem: str) -> None:
    _complaint, evidence = _locked_evidence(evidence)
    if evidence.analysis == Evidence.Analysis.ANALYSING:
        evidence.analysis_problem = problem[:300]
        evidence.save(update_fields=["analysis_problem"])


def recordings_analysing(complaint: Complaint) -> QuerySet[Evidence]:
    """The complaint's recordings whose analysis is not done yet (a job that stopped on an error
    of its own is not waited for: its page says so)."""
    return (
        complaint.evidence.filter(
            kind=Evidence.Kind.RECORDING, detection__isnull=True, analysis_problem=""
        )
        .exclude(job__status=Job.Status.FAILED)
        .order_by("pk")
    )


#: What a photo may be: the formats phones and cameras write that Pillow can check.
PHOTO_FORMATS = frozenset({"JPEG", "MPO", "PNG", "GIF", "WEBP", "TIFF"})


def add_file(
    complaint: Complaint,
    *,
    kind: str,
    upload: BinaryIO,
    filename: str,
    description: str,
    actor: AbstractBaseUser,
    with_complaint: bool = False,
) -> Evidence:
    """A photo or document, kept with its SHA-256; a photo must be an image that is not a
    decompression bomb (``records.uploads.image_problem``). ``with_complaint`` as for
    ``add_noise_log``: the status stays received."""
    _may_add_evidence(complaint)
    if kind not in (Evidence.Kind.PHOTO, Evidence.Kind.DOCUMENT):
        raise ServiceError(f"{kind!r} is not a photo or a document.")
    _checked_size(upload)
    if kind == Evidence.Kind.PHOTO and (problem := uploads.image_problem(upload, PHOTO_FORMATS)):
        raise FileRefused(problem)
    digest = audio.sha256_of(upload)
    with uploads.files_removed_on_failure() as keep, transaction.atomic():
        complaint = _locked(complaint)
        _may_add_evidence(complaint)
        evidence = Evidence(
            complaint=complaint,
            kind=kind,
            original_name=filename[:255],
            sha256=digest,
            description=description.strip(),
            uploaded_by=actor,
        )
        keep(evidence.file, filename, upload)
        evidence.save()
        if not with_complaint:
            _investigating(complaint, actor)
        return evidence


@service
def record_at_large(
    complaint: Complaint,
    *,
    facts: nuisance.AtLargeFacts,
    on: dt.date,
    actor: AbstractBaseUser,
    named: Named = Named(),
) -> list[ComplaintFinding]:
    """``nuisance.at_large`` from what the officer saw, for the dog named; a violation names whom the duty
    falls on."""
    complaint = _locked(complaint)
    _allowed(complaint, "at_large_findings", on)
    findings = nuisance.at_large_findings(facts)
    return _store(complaint, findings, action="complaint.at_large", on=on, actor=actor, named=named)


@service
def record_damage(
    complaint: Complaint,
    *,
    damaged_owner_own: bool,
    in_defense_of: str,
    on: dt.date,
    actor: AbstractBaseUser,
    damage_done: bool = True,
    named: Named = Named(),
) -> list[ComplaintFinding]:
    """``nuisance.damage`` with its defense exceptions; ``damage_done`` false is the finding that the dog
    did no damage (B decided the other way)."""
    complaint = _locked(complaint)
    _allowed(complaint, "damage_findings", on)
    try:
        # the damage rule the city's law states (with its defenses, or property only)
        finding = nuisance.damage_finding(
            damage_done=damage_done,
            damaged_owner_own=damaged_owner_own,
            in_defense_of=in_defense_of,
        )
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    return _store(complaint, [finding], action="complaint.damage", on=on, actor=actor, named=named)


@service
def record_prohibition(
    complaint: Complaint,
    *,
    facts: Mapping[str, bool],
    on: dt.date,
    actor: AbstractBaseUser,
    named: Named = Named(),
) -> list[ComplaintFinding]:
    """A prohibition another city's law states (``law.prohibitions``): abandonment
    (``nuisance.abandonment``) or a device and a container for removing feces
    (``nuisance.feces_removal``), from what the officer found."""
    complaint = _locked(complaint)
    _allowed(complaint, "prohibition_findings", on)
    try:
        if complaint.kind == Complaint.Kind.ABANDONMENT:
            finding = prohibitions.abandonment(
                prohibitions.AbandonmentFacts(abandoned=bool(facts["abandoned"]))
            )
        else:
            finding = prohibitions.feces_removal(
                prohibitions.FecesRemovalFacts(
                    on_covered_property=bool(facts["on_covered_property"]),
                    had_device=bool(facts["had_device"]),
                    had_container=bool(facts["had_container"]),
                )
            )
    except KeyError as exc:
        raise ServiceError(f"the fact {exc.args[0]} is missing") from None
    return _store(
        complaint, [finding], action="complaint.prohibition", on=on, actor=actor, named=named
    )


@service
def record_acts(
    complaint: Complaint,
    *,
    acts: Sequence[str],
    on_public_grounds_streets_or_highways: bool = False,
    on: dt.date,
    actor: AbstractBaseUser,
    none_found: bool = False,
    named: Named = Named(),
) -> list[ComplaintFinding]:
    """``nuisance.vicious`` (snarling, biting, vicious tendencies) or ``nuisance.chasing``, recorded
    for the record and for a dangerous-dog referral; ``none_found`` with no act is the finding that
    the dog did none of them (C or E decided the other way)."""
    complaint = _locked(complaint)
    _allowed(complaint, "acts_findings", on)
    if none_found and acts:
        raise ServiceError("Either name the acts found, or say that none was found.")
    if not acts and not none_found:
        raise ServiceError("Name at least one act, or say that none was found.")
    try:
        if complaint.kind == Complaint.Kind.AGGRESSION:
            finding = nuisance.aggression(acts)
        else:
            finding = nuisance.chasing(acts, on_public_grounds_streets_or_highways)
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    return _store(
        complaint,
        [finding],
        action=f"complaint.{complaint.kind}",
        on=on,
        actor=actor,
        named=named,
    )


@service
def record_vehicle_incident(
    complaint: Complaint,
    *,
    on: dt.date,
    actor: AbstractBaseUser,
    named: Named = Named(),
    **fields: Any,
) -> VehicleIncident:
    """``vehicle.animal_left``: the conditions, the entry, the attempts to reach the owner and where
    the animal was taken; the finding notes the misdemeanor, or that there was none, and names the
    person who left the animal (``vehicle.animal_left``: "A person may not leave ...")."""
    complaint = _locked(complaint)
    _allowed(complaint, "vehicle_incident", on)
    attempts = fields.get("owner_contact_attempts") or []
    incident = VehicleIncident(complaint=complaint, **fields)
    try:
        findings = vehicles.animal_in_vehicle(
            vehicles.VehicleIncident(
                animal=incident.animal,
                left_unattended=incident.left_unattended,
                vehicle_standing_or_parked=incident.vehicle_standing_or_parked,
                health_or_safety_endangered=incident.health_or_safety_endangered,
                conditions=incident.conditions,
                forced_entry=incident.forced_entry,
                entered_by_animal_control=incident.entered_by_animal_control,
                owner_contact_attempts=len(attempts),
                owner_reached=incident.owner_reached,
                taken_to_shelter=incident.taken_to_shelter,
            )
        )
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    _store(complaint, findings, action="complaint.vehicle", on=on, actor=actor, named=named)
    incident.save()
    return incident


@service
def name_duty(
    complaint: Complaint, *, named: Named, on: dt.date, actor: AbstractBaseUser
) -> list[ComplaintFinding]:
    """Name whom the duty falls on for the violations standing that name no one (a recording's
    or a log's finding, found in the background): each is recorded again, as a new finding event
    naming them (the earlier one stays on the record)."""
    complaint = _locked(complaint)
    dog, _person, _owner = _named(complaint, named)
    label = dog_label(dog) if dog is not None else ""
    standing = [
        f
        for f in complaint_procedure.decisions(events_of(complaint), on)
        if f.outcome == "violation_found"
        and not f.facts.get("duty_on")
        and (not label or f.facts.get("dog") in (label, None))
    ]
    if not standing:
        raise ServiceError("No violation found on this complaint is waiting for its person.")
    rules = {str(f.facts["rule"]) for f in standing}
    rows = {}
    for row in complaint.findings.filter(rule__in=rules).order_by("pk"):
        rows[row.rule] = row  # the latest of each rule
    findings = [
        Finding(
            rule=row.rule,
            outcome=row.outcome,
            sections=tuple(row.sections),
            message=row.message,
            blocks=True,
            facts=row.facts,
        )
        for row in rows.values()
    ]
    return _store(
        complaint, findings, action="complaint.name_duty", on=on, actor=actor, named=named
    )


@service
def withdraw(
    complaint: Complaint, *, on: dt.date, note: str, actor: AbstractBaseUser
) -> ComplaintEvent:
    """The complainant withdraws the complaint: recorded as an event (``readings.
    complaint_withdrawal``); it does not close the complaint, nor undo a violation found."""
    complaint = _locked(complaint)
    if not note.strip():
        raise ServiceError("Say how the complainant withdrew (the note).")
    findings = _recordable(complaint, Event("withdrawn", on, {"note": note.strip()}))
    decision = record_decision(
        action="complaint.withdraw",
        findings=findings,
        decided_on=on,
        actor=actor,
        subject=complaint,
    )
    return ComplaintEvent.objects.create(
        complaint=complaint,
        kind=ComplaintEvent.Kind.WITHDRAWN,
        on=on,
        note=note.strip(),
        by=actor,
        decision=decision,
    )


@service
def reopen(
    complaint: Complaint, *, on: dt.date, new_evidence: str, actor: AbstractBaseUser
) -> ComplaintEvent:
    """Reopen a closed complaint on new evidence: an event of its own (``readings.
    complaint_reopening``), never an edit; the earlier outcome stays on the record."""
    complaint = _locked(complaint)
    event = Event("reopened", on, {"new_evidence": new_evidence.strip()})
    findings = _recordable(complaint, event)
    decision = record_decision(
        action="complaint.reopen", findings=findings, decided_on=on, actor=actor, subject=complaint
    )
    logged = ComplaintEvent.objects.create(
        complaint=complaint,
        kind=ComplaintEvent.Kind.REOPENED,
        on=on,
        note=new_evidence.strip(),
        by=actor,
        decision=decision,
    )
    _set_status(complaint, Complaint.Status.INVESTIGATING, actor)
    return logged


# ------------------------------------------------------------------------------------- outcome


@service
def close(
    complaint: Complaint,
    *,
    outcome: str,
    decided_on: dt.date,
    note: str,
    actor: AbstractBaseUser,
    dog: Dog | None = None,
) -> Outcome:
    """Close the complaint with its outcome, resting on the findings standing on ``decided_on``
    (``complaint_procedure.outcome_grounds``): unfounded on a finding of no violation under the
    complaint's subsection, a warning, compliance notice or citation on a violation that names
    the person it is addressed to, a referral on a bite, vicious tendencies or damage (``dog``:
    the dog referred, where the complaint names several)."""
    complaint = _locked(complaint)
    # closed already: nothing more is recorded (the step alone; the grounds come below)
    closing = complaint_procedure.step_allowed(events_of(complaint), "close.unfounded", decided_on)
    if closing.blocks:
        raise Refused([closing])
    if outcome not in Outcome.Kind.values:
        raise ServiceError(f"{outcome!r} is not an outcome.")
    if decided_on < _local(complaint.received_at):
        raise ServiceError("The outcome cannot be dated before the complaint was received.")
    if recordings_analysing(complaint).exists():
        raise ServiceError(
            "A recording of this complaint is still being analysed: close the complaint once "
            "its barks are found and its finding is stored (see Evidence)."
        )
    facts: dict[str, Any] = {"outcome": outcome}
    if dog is not None:
        facts["dog"] = dog_label(dog)
    grounds = _recordable(complaint, Event("closed", decided_on, facts))
    standing = [
        f
        for f in complaint_procedure.decisions(events_of(complaint), decided_on)
        if f.outcome == "violation_found"
    ]
    message = f"Complaint closed: {Outcome.Kind(outcome).label}."
    sections = sorted({s for f in standing for s in f.sections}) or [
        cite(vehicles.ANIMAL_LEFT if complaint.kind == Complaint.Kind.VEHICLE else OWNER_DUTY)
    ]
    outcome_finding = Finding(
        rule="complaint.outcome",
        outcome=outcome,
        sections=tuple(sections),
        message=message + (f" {note.strip()}" if note.strip() else ""),
        facts={"violations": [f.message for f in standing]},
    )
    decision = record_decision(
        action="complaint.close",
        findings=[outcome_finding, *grounds],
        decided_on=decided_on,
        actor=actor,
        subject=complaint,
    )
    outcome_row = Outcome.objects.create(
        complaint=complaint,
        kind=outcome,
        decided_on=decided_on,
        note=note.strip(),
        by=actor,
        decision=decision,
        dog=dog,
    )
    _set_status(complaint, Complaint.Status.CLOSED, actor)
    return outcome_row


def subsections(complaint: Complaint, on: dt.date) -> list[Finding]:
    """Where each subsection of the complaint stands on ``on``, for each dog: a violation found
    (whom the duty falls on), none found, or not decided yet (``complaint_procedure.decisions``)."""
    return complaint_procedure.decisions(events_of(complaint), on)


# ------------------------------------------------------------------------------------ history


def nuisance_complaints_about(
    parcel: Parcel, *, start: dt.date, end: dt.date
) -> QuerySet[Complaint]:
    """``commercial_kennel.renewal``: nuisance complaints "received at the City within the previous
    twelve (12) months relating to the dogs being kept on the property": nuisance complaints about
    the parcel, its residents or their dogs, received from ``start`` to ``end`` inclusive (city
    dates). Every complaint received counts, whatever its outcome
    (``readings.renewal_complaints_counted``): the ordinance speaks of complaints received; the list
    shows each outcome for the council."""
    zone = timezone.get_current_timezone()
    since = dt.datetime.combine(start, dt.time.min, tzinfo=zone)
    until = dt.datetime.combine(end + dt.timedelta(days=1), dt.time.min, tzinfo=zone)
    return (
        Complaint.objects.exclude(kind=Complaint.Kind.VEHICLE)
        .filter(received_at__gte=since, received_at__lt=until)
        .filter(Q(parcel=parcel) | Q(owner__parcel=parcel) | Q(dogs__owner__parcel=parcel))
        .distinct()
        .order_by("received_at")
    )
