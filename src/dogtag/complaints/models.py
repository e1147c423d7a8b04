"""Complaint and incident records (``vehicle.animal_left``, ``nuisance.owner_duty``).

A complaint is received, assigned to an officer, investigated (evidence, findings, follow-ups) and
closed with a dated outcome. The complainant's identity is not public data (see
``data_practices.py``). Evidence files keep their SHA-256 from the moment they are received, so a
copy can be shown to be the file received. Every change keeps its history.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.functional import lazy
from simple_history.models import HistoricalRecords

from dogtag.law.provisions import cite_mapped
from dogtag.records.jurisdiction import field as jurisdiction_field
from dogtag.records.jurisdiction import unique_per_city


def _labelled(words: str, concept: str) -> str:
    """A kind's words and, where the city in force states the provision, its section."""
    return " ".join([words, *(f"({s})" for s in cite_mapped(concept))])


#: a kind's label, worded when shown (a model is defined before any city's package is read)
_kind = lazy(_labelled, str)


class Complaint(models.Model):
    class Kind(models.TextChoices):
        BARKING = "barking", _kind("barking or other noise", "nuisance.barking")
        DAMAGE = "damage", _kind("damage to person or property", "nuisance.damage")
        AGGRESSION = "aggression", _kind("snarling, biting, vicious tendencies", "nuisance.vicious")
        AT_LARGE = "at_large", _kind("running at large", "nuisance.at_large")
        CHASING = "chasing", _kind("chasing vehicles or people", "nuisance.chasing")
        VEHICLE = "vehicle", _kind("dog or cat left in a motor vehicle", "vehicle.animal_left")
        # prohibitions another city's law states (Lino Lakes' abandonment and feces device)
        ABANDONMENT = "abandonment", _kind("abandoning an animal", "nuisance.abandonment")
        FECES_DEVICE = (
            "feces_device",
            _kind("no device or container for removing feces", "nuisance.feces_removal"),
        )

    class Status(models.TextChoices):
        RECEIVED = "received", "received"
        ASSIGNED = "assigned", "assigned to an officer"
        INVESTIGATING = "investigating", "under investigation"
        CLOSED = "closed", "closed"

    jurisdiction = jurisdiction_field()
    number = models.CharField(max_length=20)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    received_at = models.DateTimeField(default=timezone.now)
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    occurred_at = models.DateTimeField(help_text="When it happened (or began).")
    occurred_until = models.DateTimeField(null=True, blank=True)
    # where: a parcel, an address, or a point in feet (state plane), any of them
    parcel = models.ForeignKey(
        "parcels.Parcel", null=True, blank=True, on_delete=models.PROTECT, related_name="complaints"
    )
    address = models.CharField("location", max_length=200, blank=True)
    point = models.JSONField(null=True, blank=True, help_text="GeoJSON Point in feet")
    complainant_name = models.CharField(max_length=200, blank=True)
    complainant_phone = models.CharField(max_length=20, blank=True)
    complainant_address = models.CharField(max_length=200, blank=True)
    #: Given on the residents' form, for the status e-mails (private, as the rest of the identity).
    complainant_email = models.EmailField(blank=True)
    dogs = models.ManyToManyField("licensing.Dog", blank=True, related_name="complaints")
    owner = models.ForeignKey(
        "licensing.Owner",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="complaints",
    )
    narrative = models.TextField()
    status = models.CharField(max_length=14, choices=Status.choices, default=Status.RECEIVED)
    assigned_to = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="assigned_complaints",
    )
    assigned_on = models.DateField(null=True, blank=True)
    history = HistoricalRecords(m2m_fields=[dogs])

    class Meta:
        ordering = ["-received_at", "-id"]
        indexes = [
            models.Index(fields=["kind", "received_at"]),
            models.Index(fields=["status"]),
        ]
        constraints = [unique_per_city("number", "complaint_number_per_city")]

    def __str__(self) -> str:
        return f"Complaint {self.number}"

    @property
    def is_nuisance(self) -> bool:
        """A nuisance complaint (counts for the commercial kennel renewal, ``commercial_kennel.renewal``)."""
        return self.kind != self.Kind.VEHICLE


class Evidence(models.Model):
    class Kind(models.TextChoices):
        RECORDING = "recording", "sound recording"
        LOG = "log", "noise log"
        TYPED_TIMES = "typed_times", "noise times typed by the officer"
        PHOTO = "photo", "photo"
        DOCUMENT = "document", "document"

    class Analysis(models.TextChoices):
        """Where a recording's analysis stands (``analysis``); other evidence has none."""

        NONE = "", "no analysis"
        ANALYSING = "analysing", "analysing"
        DONE = "done", "analysed"
        FAILED = "failed", "the analysis failed"

    complaint = models.ForeignKey(Complaint, on_delete=models.PROTECT, related_name="evidence")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    file = models.FileField(upload_to="evidence/%Y/", blank=True)
    original_name = models.CharField(max_length=255, blank=True)
    sha256 = models.CharField(max_length=64, blank=True)
    description = models.CharField(max_length=300, blank=True)
    started_at = models.DateTimeField(
        null=True, blank=True, help_text="When the recording or log began."
    )
    #: The noise times found or typed, ISO 8601, for ``nuisance.barking``.
    noise_times = models.JSONField(default=list, blank=True)
    #: What the bark detector found (barks, sustained sounds, settings, background level).
    detection = models.JSONField(null=True, blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    uploaded_at = models.DateTimeField(default=timezone.now)
    decision = models.ForeignKey(
        "records.Decision", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: A recording's analysis, run in the background (``tasks.analyse_recording``): its progress.
    job = models.ForeignKey(
        "jobs.Job", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: Why a recording's analysis failed (then nothing of it was stored): the detector's reason,
    #: "the recording cannot be decoded (...)".
    analysis_problem = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["uploaded_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.complaint.number}"

    @property
    def analysis(self) -> str:
        """A recording is analysing until its detection is stored (done) or its analysis failed;
        the two are written by one service each, in one transaction."""
        if self.kind != self.Kind.RECORDING:
            return self.Analysis.NONE
        if self.detection is not None:
            return self.Analysis.DONE
        if self.analysis_problem:
            return self.Analysis.FAILED
        return self.Analysis.ANALYSING


class FollowUp(models.Model):
    complaint = models.ForeignKey(Complaint, on_delete=models.PROTECT, related_name="follow_ups")
    on = models.DateField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    note = models.TextField()
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["on", "id"]


class ComplaintFinding(models.Model):
    """A rule applied to the complaint's facts: the stored Decision holds the findings."""

    complaint = models.ForeignKey(Complaint, on_delete=models.PROTECT, related_name="findings")
    rule = models.CharField(max_length=60)
    outcome = models.CharField(max_length=40)
    sections = models.JSONField(default=list)
    message = models.TextField()
    facts = models.JSONField(default=dict)
    found_on = models.DateField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")
    #: The dog the finding is about (one of the complaint's), if it names one.
    dog = models.ForeignKey(
        "licensing.Dog", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: Whom a violation's duty falls on (``complaint_procedure.BASES``): the owner of record, a
    #: keeper, the person who left the animal (``vehicle.animal_left``), or not known; blank for no violation.
    duty = models.CharField(max_length=20, blank=True)
    #: The name of that person, as the finding names them.
    person = models.CharField(max_length=200, blank=True)
    #: The dog's owner of record on the day of the incident (``license.required``), whoever the duty falls on.
    owner_of_record = models.ForeignKey(
        "licensing.Owner", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["found_on", "id"]


class Outcome(models.Model):
    class Kind(models.TextChoices):
        UNFOUNDED = "unfounded", "unfounded"
        WARNING = "warning", "warning"
        COMPLIANCE_NOTICE = "compliance_notice", "compliance notice"
        CITATION = "citation", "citation / misdemeanor referral"
        DANGEROUS_DOG_REFERRAL = "dangerous_dog_referral", "referral for dangerous-dog designation"
        WITHDRAWN = "withdrawn", "withdrawn by the complainant"
        NO_OWNER_IDENTIFIED = "no_owner_identified", "violation found, no owner identified"

    complaint = models.ForeignKey(Complaint, on_delete=models.PROTECT, related_name="outcomes")
    kind = models.CharField(max_length=24, choices=Kind.choices)
    #: The dog a referral is about, where the complaint names several.
    dog = models.ForeignKey(
        "licensing.Dog", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_on = models.DateField()
    note = models.TextField(blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["decided_on", "id"]


class ComplaintEvent(models.Model):
    """An event of the complaint's log that is neither a finding nor an outcome: the
    complainant's withdrawal, or a reopening on new evidence (a correction event: what was
    decided before stays on the record)."""

    class Kind(models.TextChoices):
        WITHDRAWN = "withdrawn", "withdrawn by the complainant"
        REOPENED = "reopened", "reopened on new evidence"

    complaint = models.ForeignKey(Complaint, on_delete=models.PROTECT, related_name="log")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    on = models.DateField()
    note = models.TextField(help_text="The withdrawal as given, or the new evidence.")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(default=timezone.now)
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["on", "id"]


class VehicleIncident(models.Model):
    """``vehicle.animal_left``: the conditions, the entry, the attempts to reach the owner, where
    the animal went."""

    complaint = models.OneToOneField(
        Complaint, on_delete=models.PROTECT, related_name="vehicle_incident"
    )
    animal = models.CharField(max_length=3, choices=[("dog", "dog"), ("cat", "cat")])
    vehicle = models.CharField(max_length=200, help_text="Make, color, plate")
    left_unattended = models.BooleanField()
    vehicle_standing_or_parked = models.BooleanField()
    health_or_safety_endangered = models.BooleanField()
    conditions = models.TextField(help_text="Temperature, windows, the animal's state")
    forced_entry = models.BooleanField(default=False)
    entered_by_animal_control = models.BooleanField(default=True)
    owner_contact_attempts = models.JSONField(
        default=list, help_text='[{"at": ISO datetime, "how": "phone", "result": "no answer"}]'
    )
    owner_reached = models.BooleanField(default=False)
    taken_to = models.CharField(
        max_length=200, blank=True, help_text="The shelter, or 'returned to the owner'"
    )
    taken_to_shelter = models.BooleanField(default=False)
