"""Dangerous dog records (dangerous_dog.restrictions, with Minn. Stat. 347.50-347.565 through
incorporation.state_statutes).

One ``DangerousDogCase`` per designation of a dog: the designation with its criteria and the
incidents the Notice of Dangerous Dog must state, the notice and its service, the hearing, the
Hearing Officer's order, what was shown or done pending the hearing, the Certificates of
Registration with their renewals, inspections, revocation, the owner's notices of death,
relocation and transfer, reviews of the designation and the costs ledger (each named by its
concept in ``dangerous_dogs.provisions``). Labels that name a provision cite it when shown
(``provisions.cites``). Every step is a dated ``CaseEvent``, most
with the ``Decision`` that holds the rules core's findings.

The case's ``state`` only moves through ``services.py``; the history of every change names who made
it (django-simple-history). Money is Decimal with two places.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from simple_history.models import HistoricalRecords

from dogtag.dangerous_dogs.provisions import cites
from dogtag.records.jurisdiction import field as jurisdiction_field
from dogtag.records.jurisdiction import unique_per_city


# The choices whose labels cite a provision (``cites``) are given by a function: a migration names
# the function, not the labels as the city in force cites them, so the schema is one in every city.
def event_kinds() -> list[tuple[str, str]]:
    return CaseEvent.Kind.choices


def hearing_kinds() -> list[tuple[str, str]]:
    return Hearing.Kind.choices


def registration_statuses() -> list[tuple[str, str]]:
    return Registration.Status.choices


def owner_notice_kinds() -> list[tuple[str, str]]:
    return OwnerNotice.Kind.choices


def cost_kinds() -> list[tuple[str, str]]:
    return Cost.Kind.choices


def impoundment_reasons() -> list[tuple[str, str]]:
    return Impoundment.Reason.choices


class DangerousDogCase(models.Model):
    class State(models.TextChoices):
        DESIGNATED = "designated", "designated; the Notice of Dangerous Dog is to be issued"
        NOTICE_ISSUED = "notice_issued", "notice issued; to be served on the owner"
        SERVED = "served", "notice served; the owner may request a hearing"
        HEARING_REQUESTED = "hearing_requested", "hearing requested; to be scheduled"
        HEARING_SCHEDULED = "hearing_scheduled", "hearing scheduled"
        HEARING_HELD = "hearing_held", "hearing held; the Hearing Officer's order is due"
        DANGEROUS = "dangerous", "dangerous dog; registration required"
        REGISTERED = "registered", "registered dangerous dog"
        RESCINDED = "rescinded", "designation rescinded"
        DESTRUCTION_ORDERED = "destruction_ordered", "destruction ordered"
        REVOCATION_NOTICED = (
            "revocation_noticed",
            "revocation noticed; the revocation hearing is pending",
        )
        REVOCATION_HEARD = "revocation_heard", "revocation hearing held; the order is due"
        REVOKED = "revoked", "Certificate of Registration revoked"
        CLOSED = "closed", "closed: the dog died, or left the City"

    class Authority(models.TextChoices):
        ANIMAL_CONTROL = "animal_control_authority", "Animal Control Authority"
        HEARING_OFFICER = "hearing_officer", "Hearing Officer"

    class ServiceMethod(models.TextChoices):
        PERSONAL = "personal", "personally served on the owner"
        RESIDENCE = (
            "residence",
            "served on a person of suitable age and discretion at the owner's residence",
        )
        MAIL = "mail", "mailed to the owner"

    jurisdiction = jurisdiction_field()
    number = models.CharField(max_length=20)
    dog = models.ForeignKey(
        "licensing.Dog", on_delete=models.PROTECT, related_name="dangerous_dog_cases"
    )
    owner = models.ForeignKey(
        "licensing.Owner",
        on_delete=models.PROTECT,
        related_name="dangerous_dog_cases",
        help_text="The owner of record at designation (A.1.a: the notice goes to the owner).",
    )
    #: The owner(s) as they were at designation: name, address, phone (a snapshot).
    owners_at_designation = models.JSONField(default=list)
    state = models.CharField(max_length=20, choices=State.choices, default=State.DESIGNATED)

    # ---- designation (dangerous_dog.designation, dangerous_dog.exemption)
    designated_on = models.DateField()
    designated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    authority = models.CharField(max_length=30, choices=Authority.choices)
    #: Keys of ``law.dangerous_dogs.CRITERIA`` found (Minn. Stat. 347.50 subd. 2).
    criteria = models.JSONField(default=list)
    #: Keys of ``law.dangerous_dogs.EXEMPTIONS`` present (none, or the designation was refused).
    exemptions = models.JSONField(default=list)
    factual_basis = models.TextField(help_text="A.1.a(2): the factual basis for the determination.")
    complaints = models.ManyToManyField(
        "complaints.Complaint", blank=True, related_name="dangerous_dog_cases"
    )

    # ---- seizure (A.1.a(4), A.2.b)
    seized = models.BooleanField(default=False)
    kept_at = models.CharField("where the dog is kept", max_length=200, blank=True)
    contact_address = models.CharField(max_length=200, blank=True)
    contact_phone = models.CharField(max_length=20, blank=True)

    # ---- the Notice of Dangerous Dog (A.1) and its service
    notice_issued_on = models.DateField(null=True, blank=True)
    notice_issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    served_on = models.DateField(null=True, blank=True)
    service_method = models.CharField(max_length=10, choices=ServiceMethod.choices, blank=True)
    served_person = models.CharField(
        "person served", max_length=200, blank=True, help_text="Who received it (not for mail)."
    )
    served_address = models.CharField(max_length=200, blank=True)
    served_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: The day the 14 days of A.1.c count from (the date of service, LEGAL-NOTES §6.5).
    notice_date = models.DateField(null=True, blank=True)
    #: Printed on the notice with the web address of the residents' hearing request page: with
    #: the case number it lets the owner request the hearing online (A.1.c, issue 12 item 5).
    #: Unguessable (``codes.new_code``), made when the notice is issued; not public data.
    hearing_request_code = models.CharField(max_length=12, blank=True)

    # ---- the dog deemed dangerous (B.2): when the designation stands or is upheld
    deemed_on = models.DateField(null=True, blank=True)
    closed_on = models.DateField(null=True, blank=True)
    decision = models.ForeignKey(
        "records.Decision", on_delete=models.PROTECT, related_name="+", help_text="Designation"
    )
    created_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-designated_on", "-id"]
        indexes = [models.Index(fields=["state"])]
        constraints = [
            unique_per_city("number", "dangerous_dog_case_number_per_city"),
            models.UniqueConstraint(
                fields=["dog"],
                condition=~Q(state__in=["rescinded"]),
                name="one_standing_dangerous_dog_case_per_dog",
            ),
        ]

    def __str__(self) -> str:
        return f"Case {self.number}"

    @property
    def is_open(self) -> bool:
        return self.state not in (
            self.State.RESCINDED,
            self.State.DESTRUCTION_ORDERED,
            self.State.REVOKED,
            self.State.CLOSED,
        )

    @property
    def designation_hearing(self) -> Hearing | None:
        hearings = [h for h in self.hearings.all() if h.kind == Hearing.Kind.DESIGNATION]
        return hearings[-1] if hearings else None

    @property
    def current_registration(self) -> Registration | None:
        active = [r for r in self.registrations.all() if r.status == Registration.Status.ACTIVE]
        return max(active, key=lambda r: r.expires_on) if active else None


class Incident(models.Model):
    """A.1.a: "the dates, times, places and facts of the incidents which form the basis for the
    determination". The date and the time as the Notice states them, on the clock in Nowthen: an
    incident may be known by its date alone ("sometime on 3 May"), and the Notice does not issue
    until its time is given (``dangerous_dog.notice_incidents``)."""

    case = models.ForeignKey(DangerousDogCase, on_delete=models.PROTECT, related_name="incidents")
    occurred_on = models.DateField()
    #: The local time (the city's time zone); empty while it is not known.
    occurred_time = models.TimeField(null=True, blank=True)
    place = models.CharField(max_length=200)
    facts = models.TextField()
    history = HistoricalRecords()

    class Meta:
        # a day's incident whose time is not known after that day's timed ones, on every database
        ordering = ["occurred_on", models.F("occurred_time").asc(nulls_last=True), "id"]

    def __str__(self) -> str:
        return f"{self.when} at {self.place}"

    @property
    def when(self) -> str:
        """ "2026-05-03 17:45", or "2026-05-03, time not known"."""
        if self.occurred_time is None:
            return f"{self.occurred_on:%Y-%m-%d}, time not known"
        return f"{self.occurred_on:%Y-%m-%d} {self.occurred_time:%H:%M}"


class CaseEvent(models.Model):
    """One dated step of the case: who, what, the details, and the decision behind it."""

    class Kind(models.TextChoices):
        DESIGNATED = "designated", "designated dangerous"
        NOTICE_ISSUED = "notice_issued", "Notice of Dangerous Dog issued"
        SERVED = "served", "notice served"
        HEARING_REQUESTED = "hearing_requested", "written request for a hearing received"
        ORAL_HEARING_REQUEST = (
            "oral_hearing_request",
            cites(
                "request for a hearing not in writing (not a request, "
                "{§dangerous_dog.notice.hearing_request})"
            ),
        )
        LATE_HEARING_REQUEST = (
            "late_hearing_request",
            "written request for a hearing received too late (kept for the Hearing Officer)",
        )
        HEARING_SCHEDULED = "hearing_scheduled", "hearing scheduled"
        PENDING_CONDITIONS = "pending_conditions", "compliance pending the hearing shown"
        SEIZED = "seized", "dog seized pending the hearing"
        HEARING_HELD = "hearing_held", "hearing held"
        ORDER_ISSUED = "order_issued", "Hearing Officer's order issued"
        DESIGNATION_STANDS = "designation_stands", "no hearing requested: the designation stands"
        REQUIREMENTS_MISSING = "requirements_missing", "registration requirements missing"
        REGISTERED = "registered", "Certificate of Registration issued"
        RENEWED = "renewed", "registration renewed"
        INSPECTED = "inspected", "premises inspected"
        INSPECTION_REFUSED = "inspection_refused", "inspection refused"
        INSPECTION_SEIZURE = (
            "inspection_seizure",
            "seized after a refused inspection (E.6)",
        )
        REVOCATION_NOTICE = "revocation_notice", "notice of revocation served"
        REVOCATION_HEARING = "revocation_hearing", "revocation hearing held"
        REVOCATION_ORDER = "revocation_order", "revocation order issued"
        OWNER_NOTICE = "owner_notice", "owner's written notice received"
        AFFIDAVIT = "affidavit", "owner's affidavit"
        REVIEW_REQUESTED = "review_requested", "review of the designation requested"
        REVIEW_DECIDED = "review_decided", "review of the designation decided"
        COST = "cost", "cost recorded"
        PAYMENT = "payment", "payment toward the costs"
        RENTAL_DISCLOSURE = "rental_disclosure", "disclosure to the property owner (E.3)"
        CONDITIONS_REVIEWED = "conditions_reviewed", "conditions for keeping the dog reviewed (E.7)"
        STERILIZATION_SEIZURE = (
            "sterilization_seizure",
            "seized and sterilized at the owner's expense (B.3.g)",
        )
        RELEASED = "released", "released from impoundment (B.4)"
        RELEASE_REFUSED = (
            "release_refused",
            "a person failed or refused to release the dog on demand (A.2.h)",
        )
        CERTIORARI_FILED = "certiorari_filed", "review by writ of certiorari sought (A.4)"
        CERTIORARI_DECIDED = (
            "certiorari_decided",
            "the Court of Appeals decided on the writ of certiorari (A.4)",
        )
        SALE_DISCLOSURE = (
            "sale_disclosure",
            "the owner told a potential buyer or transferee the dog is dangerous (D)",
        )

    case = models.ForeignKey(DangerousDogCase, on_delete=models.PROTECT, related_name="events")
    on = models.DateField(help_text="The legal date of the step.")
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=24, choices=event_kinds)
    summary = models.TextField()
    details = models.JSONField(default=dict, blank=True)
    decision = models.ForeignKey(
        "records.Decision", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["on", "at", "id"]

    def __str__(self) -> str:
        return f"{self.case.number} {self.on}: {self.get_kind_display()}"


class Hearing(models.Model):
    """The hearing before the Hearing Officer on the owner's written request
    (dangerous_dog.hearing.requirements)."""

    class Kind(models.TextChoices):
        DESIGNATION = (
            "designation",
            cites("hearing on the designation ({§dangerous_dog.hearing.requirements})"),
        )

    case = models.ForeignKey(DangerousDogCase, on_delete=models.PROTECT, related_name="hearings")
    kind = models.CharField(max_length=12, choices=hearing_kinds, default=Kind.DESIGNATION)
    requested_on = models.DateField(
        help_text="The day the Animal Control Authority received the written request (A.2.a)."
    )
    request_in_writing = models.BooleanField(default=True)
    #: The date and time of receipt, when known to the minute (a request made online).
    request_received_at = models.DateTimeField(null=True, blank=True)
    request_online = models.BooleanField(default=False)
    request_by = models.CharField("requested by", max_length=200)
    request_note = models.TextField(blank=True)
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    scheduled_at = models.DateTimeField(null=True, blank=True)
    place = models.CharField(max_length=200, blank=True)
    scheduled_on = models.DateField(null=True, blank=True, help_text="When it was scheduled.")
    extension_good_cause = models.TextField(
        blank=True, help_text="A.2.a: the good cause for holding it after the days allowed."
    )
    extension_allowed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    held_on = models.DateField(null=True, blank=True)
    hearing_officer = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    authority_represented_by = models.CharField(max_length=200, blank=True)
    owner_represented_by = models.CharField(
        max_length=200, blank=True, help_text="The owner, or private counsel (A.2.d)."
    )
    witnesses = models.TextField(blank=True)
    evidence = models.TextField(blank=True, help_text="Documents and records received (A.2.c).")
    destruction_sought = models.BooleanField(default=False)
    #: The rules core's standard_of_proof outcome: preponderance or clear_and_convincing.
    standard_of_proof = models.CharField(max_length=24, blank=True)
    burden_of_proof = models.CharField(max_length=60, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["requested_on", "id"]

    def __str__(self) -> str:
        return f"Hearing for {self.case.number}"


class PendingCompliance(models.Model):
    """Pending the hearing the dog is seized unless the owner shows the proof
    (dangerous_dog.hearing.pending)."""

    class Kind(models.TextChoices):
        SHOWN = "shown", "owner showed the proof of A.2.b"
        SEIZED = "seized", "dog seized and kept at animal control"

    case = models.ForeignKey(DangerousDogCase, on_delete=models.PROTECT, related_name="pending")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    on = models.DateField()
    license_number = models.CharField(max_length=20, blank=True)
    rabies_expires_on = models.DateField(null=True, blank=True)
    enclosure_or_leash_and_muzzle = models.BooleanField(default=False)
    no_unreasonable_risk = models.TextField(blank=True)
    kept_at = models.CharField(max_length=200, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["on", "id"]


class Order(models.Model):
    """The Hearing Officer's written order (dangerous_dog.hearing.order, dangerous_dog.destruction)."""

    class Disposition(models.TextChoices):
        UPHELD = "upheld", "designation upheld"
        UPHELD_CUSTODY = (
            "upheld_custody",
            "designation upheld; the Animal Control Authority to take the dog into custody",
        )
        RESCINDED = "rescinded", "designation rescinded"
        DESTRUCTION = "destruction", "designation upheld; the dog to be destroyed (A.3)"

    hearing = models.OneToOneField(Hearing, on_delete=models.PROTECT, related_name="order")
    issued_on = models.DateField()
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    disposition = models.CharField(max_length=16, choices=Disposition.choices)
    findings_of_fact = models.TextField()
    #: A.3 a, b, c: the written finding of fact for each criterion (destruction only).
    destruction_findings = models.JSONField(default=dict, blank=True)
    seizure_not_justified = models.BooleanField(
        default=False,
        help_text="A.1.f, A.5: the seizure or impoundment was not substantially justified by law.",
    )
    received_on = models.DateField(
        null=True, blank=True, help_text="The day the owner received the order (A.1.d)."
    )
    late = models.BooleanField(default=False, help_text="Issued after the days A.2.g allows.")
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["issued_on", "id"]

    def __str__(self) -> str:
        return f"Order in {self.hearing.case.number}"


class Registration(models.Model):
    """The Certificate of Registration, issued only on evidence of every requirement
    (dangerous_dog.registration_requirements); renewed annually with fresh proof
    (dangerous_dog.registration_requirements.insurance, dangerous_dog.registration_renewal)."""

    class Status(models.TextChoices):
        ACTIVE = "active", "active"
        SUPERSEDED = "superseded", "renewed (superseded)"
        REVOKED = "revoked", cites("revoked ({§dangerous_dog.revocation})")
        ENDED = "ended", "ended (the dog died or left the City)"

    jurisdiction = jurisdiction_field()
    case = models.ForeignKey(
        DangerousDogCase, on_delete=models.PROTECT, related_name="registrations"
    )
    certificate_number = models.CharField(max_length=20)
    issued_on = models.DateField()
    expires_on = models.DateField()
    status = models.CharField(max_length=12, choices=registration_statuses, default=Status.ACTIVE)
    previous = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="renewal"
    )
    # B.3.a, b
    proper_enclosure = models.TextField(help_text="The Proper Enclosure shown (B.3.a).")
    signs_on_buildings = models.BooleanField(default=False)
    sign_on_enclosure = models.BooleanField(default=False)
    # B.3.c
    insurer = models.CharField(max_length=200)
    policy_number = models.CharField(max_length=60)
    insurance_per_person = models.DecimalField(max_digits=12, decimal_places=2)
    insurance_per_incident = models.DecimalField(max_digits=12, decimal_places=2)
    insurance_prepaid = models.BooleanField(default=False)
    insurance_expires_on = models.DateField()
    # B.3.d
    receipt = models.ForeignKey(
        "licensing.Receipt", on_delete=models.PROTECT, related_name="dangerous_dog_registrations"
    )
    fee = models.DecimalField(max_digits=8, decimal_places=2)
    # B.3.e
    microchip_manufacturer = models.CharField(max_length=100)
    microchip_number = models.CharField(max_length=30)
    # B.3.f (read from the licensing records)
    license = models.ForeignKey("licensing.License", on_delete=models.PROTECT, related_name="+")
    rabies = models.ForeignKey(
        "licensing.RabiesVaccination", on_delete=models.PROTECT, related_name="+"
    )
    other_vaccinations_current = models.BooleanField(default=False)
    # B.3.g
    sterilized_on = models.DateField(null=True, blank=True)
    # E.4, E.5
    warning_symbols_issued = models.PositiveSmallIntegerField(default=0)
    tag_number = models.CharField(
        "dangerous dog tag", max_length=30, help_text="The uniform dangerous-dog tag (E.5)."
    )
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")
    history = HistoricalRecords()

    class Meta:
        ordering = ["-issued_on", "-id"]
        constraints = [
            unique_per_city("certificate_number", "dangerous_dog_certificate_number_per_city"),
            models.CheckConstraint(
                condition=Q(expires_on__gt=models.F("issued_on")),
                name="dangerous_dog_registration_expires_after_issue",
            ),
        ]

    def __str__(self) -> str:
        return f"Certificate {self.certificate_number}"


class Inspection(models.Model):
    """The Authority or Law Enforcement inspects the premises (dangerous_dog.inspection); a refusal
    is by itself a ground to seize the dog (dangerous_dog.seizure) and revoke the registration
    (dangerous_dog.revocation)."""

    case = models.ForeignKey(DangerousDogCase, on_delete=models.PROTECT, related_name="inspections")
    on = models.DateField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    permitted = models.BooleanField()
    compliant = models.BooleanField(null=True, help_text="None when the inspection was refused.")
    notes = models.TextField()
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["on", "id"]


class Revocation(models.Model):
    """Revocation of the Certificate of Registration (dangerous_dog.revocation), following a
    hearing held within twenty days of the notice (extendable for good cause), under the
    requirements of the designation's hearing (dangerous_dog.hearing.requirements)."""

    class Outcome(models.TextChoices):
        NOT_REVOKED = "not_revoked", "not revoked"
        DISPOSE = "dispose", "revoked; the dog to be disposed of immediately"
        RECLAIM = "reclaim", "revoked; the owner may obtain the dog within the time allowed"

    case = models.ForeignKey(DangerousDogCase, on_delete=models.PROTECT, related_name="revocations")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    reasons = models.TextField(help_text="B.6.b: why the dog is not kept in conformance.")
    inspection = models.ForeignKey(
        Inspection, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    served_on = models.DateField()
    service_method = models.CharField(max_length=10, choices=DangerousDogCase.ServiceMethod.choices)
    notice_date = models.DateField(help_text="The day the days to the hearing count from (B.6.b).")
    hearing_at = models.DateTimeField()
    place = models.CharField(max_length=200)
    extension_good_cause = models.TextField(blank=True)
    noticed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    held_on = models.DateField(null=True, blank=True)
    hearing_officer = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    authority_represented_by = models.CharField(max_length=200, blank=True)
    owner_represented_by = models.CharField(max_length=200, blank=True)
    witnesses = models.TextField(blank=True)
    evidence = models.TextField(blank=True)
    standard_of_proof = models.CharField(max_length=24, blank=True)
    decided_on = models.DateField(null=True, blank=True)
    outcome = models.CharField(max_length=12, choices=Outcome.choices, blank=True)
    findings_of_fact = models.TextField(blank=True)
    reclaim_by = models.DateField(null=True, blank=True)
    order_late = models.BooleanField(default=False)
    decision = models.ForeignKey(
        "records.Decision", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["served_on", "id"]


class OwnerNotice(models.Model):
    """The owner's written notices: the dog's death or relocation
    (dangerous_dog.death_or_relocation, within thirty days) and its sale or transfer
    (dangerous_dog.sale_or_transfer, with the new owner's name, address and telephone)."""

    class Kind(models.TextChoices):
        DEATH = "death", cites("death of the dog ({§dangerous_dog.death_or_relocation})")
        RELOCATION = (
            "relocation",
            cites("relocation out of the City ({§dangerous_dog.death_or_relocation})"),
        )
        TRANSFER = "transfer", cites("sale or transfer ({§dangerous_dog.sale_or_transfer})")

    case = models.ForeignKey(
        DangerousDogCase, on_delete=models.PROTECT, related_name="owner_notices"
    )
    kind = models.CharField(max_length=10, choices=owner_notice_kinds)
    occurred_on = models.DateField()
    received_on = models.DateField()
    in_writing = models.BooleanField(default=True)
    circumstances = models.TextField(blank=True)
    new_owner_name = models.CharField(max_length=200, blank=True)
    new_owner_address = models.CharField(max_length=200, blank=True)
    new_owner_phone = models.CharField(max_length=20, blank=True)
    transferee_told = models.BooleanField(
        null=True, help_text="D: the buyer was told before the transaction (None: not a sale)."
    )
    out_of_city = models.BooleanField(default=False)
    late = models.BooleanField(default=False)
    affidavit_requested_on = models.DateField(null=True, blank=True)
    affidavit_received_on = models.DateField(null=True, blank=True)
    #: dangerous_dog.death_or_relocation: the affidavit sets forth "either the circumstances of
    #: the dog's death and disposition; or the complete name, address, and telephone number of
    #: the person to whom the dog was transferred".
    affidavit_circumstances = models.TextField(
        "circumstances of the dog's death and disposition", blank=True
    )
    affidavit_transferee_name = models.CharField(max_length=200, blank=True)
    affidavit_transferee_address = models.CharField(max_length=200, blank=True)
    affidavit_transferee_phone = models.CharField(max_length=20, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["received_on", "id"]


class Review(models.Model):
    """The owner's yearly written request (dangerous_dog.review) to review the designation, from one year
    after it, on evidence that the dog's behavior has changed."""

    class Reviewer(models.TextChoices):
        ANIMAL_CONTROL = "animal_control_authority", "Animal Control Authority"
        HEARING_OFFICER = "hearing_officer", "Hearing Officer"

    class Outcome(models.TextChoices):
        RESCINDED = "rescinded", "designation rescinded"
        STANDS = "stands", "designation stands"

    case = models.ForeignKey(DangerousDogCase, on_delete=models.PROTECT, related_name="reviews")
    requested_on = models.DateField()
    reviewer = models.CharField(max_length=30, choices=Reviewer.choices)
    #: The factors of A.7 the owner relies on: age, sterilization, environment, training, other.
    factors = models.JSONField(default=list)
    evidence = models.TextField()
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decided_on = models.DateField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    outcome = models.CharField(max_length=10, choices=Outcome.choices, blank=True)
    findings = models.TextField(blank=True)
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["requested_on", "id"]


class Cost(models.Model):
    """An actual cost the person claiming an interest in the dog owes (dangerous_dog.notice.costs):
    of the hearing (dangerous_dog.hearing.costs), of care, keeping and disposal
    (dangerous_dog.costs), of a review (dangerous_dog.review)."""

    class Kind(models.TextChoices):
        HEARING = (
            "hearing",
            cites("costs and expenses of the hearing ({§dangerous_dog.hearing.costs})"),
        )
        CARE = "care", cites("care, keeping and disposal of the dog ({§dangerous_dog.costs})")
        REVIEW = "review", cites("costs of the review of the designation ({§dangerous_dog.review})")
        STERILIZATION = (
            "sterilization",
            cites(
                "seizure and sterilization at the owner's expense "
                "({§dangerous_dog.registration_requirements.sterilization})"
            ),
        )

    case = models.ForeignKey(DangerousDogCase, on_delete=models.PROTECT, related_name="costs")
    kind = models.CharField(max_length=16, choices=cost_kinds)
    incurred_on = models.DateField()
    description = models.CharField(max_length=200)
    amount = models.DecimalField(max_digits=10, decimal_places=2)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["incurred_on", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="dangerous_dog_cost_positive")
        ]


class CostPayment(models.Model):
    """A payment toward the case's costs (dangerous_dog.costs: "paid in full, or a mutually satisfactory
    arrangement for payment must be made ... before the dog is returned"), with its receipt."""

    case = models.ForeignKey(
        DangerousDogCase, on_delete=models.PROTECT, related_name="cost_payments"
    )
    paid_on = models.DateField()
    amount = models.DecimalField(max_digits=10, decimal_places=2)
    receipt = models.OneToOneField(
        "licensing.Receipt", on_delete=models.PROTECT, related_name="dangerous_dog_payment"
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["paid_on", "id"]


class RentalDisclosure(models.Model):
    """The owner who rents the property where the dog will reside discloses to the property
    owner (dangerous_dog.rental_disclosure), before the dog begins to reside there or before
    entering the lease, and at each lease renewal, that a Dangerous Dog will reside at the property."""

    class Occasion(models.TextChoices):
        LEASE = "lease", "before entering the lease agreement (or the dog beginning to reside)"
        RENEWAL = "renewal", "at the time of a lease renewal"

    case = models.ForeignKey(
        DangerousDogCase, on_delete=models.PROTECT, related_name="rental_disclosures"
    )
    property_owner = models.CharField("disclosed to (the property owner)", max_length=200)
    property_address = models.CharField(max_length=200)
    occasion = models.CharField(max_length=8, choices=Occasion.choices)
    lease_date = models.DateField(help_text="The day the lease was entered into, or renewed.")
    began_residing_on = models.DateField(null=True, blank=True)
    disclosed_on = models.DateField()
    in_time = models.BooleanField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["disclosed_on", "id"]


class ConditionsReview(models.Model):
    """After two years without ordinance violations the Authority or Hearing Officer
    (dangerous_dog.conditions_review) "may use discretion in determining whether the conditions
    set forth above are still required"."""

    class Outcome(models.TextChoices):
        KEPT = "kept", "conditions still required"
        RELAXED = "relaxed", "conditions relaxed"

    case = models.ForeignKey(
        DangerousDogCase, on_delete=models.PROTECT, related_name="conditions_reviews"
    )
    reviewed_on = models.DateField()
    reviewer = models.CharField(max_length=30, choices=DangerousDogCase.Authority.choices)
    last_violation_on = models.DateField(null=True, blank=True)
    last_violation_source = models.CharField(max_length=200, blank=True)
    outcome = models.CharField(max_length=8, choices=Outcome.choices)
    #: Keys of ``law.dangerous_dogs.CONDITIONS`` no longer required.
    relaxed = models.JSONField(default=list, blank=True)
    reasons = models.TextField()
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["reviewed_on", "id"]


class Impoundment(models.Model):
    """A time the dog is held by the Animal Control Authority: seized at designation or pending
    the hearing, taken into custody on the Hearing Officer's order, seized to be sterilized, or
    seized after the owner refused an inspection (each reason citing its provision). Released only
    under dangerous_dog.release, within thirty days."""

    class Reason(models.TextChoices):
        DESIGNATION = (
            "designation",
            cites("seized at the designation ({§dangerous_dog.notice.seized_contact})"),
        )
        PENDING_HEARING = (
            "pending_hearing",
            cites("seized pending the hearing ({§dangerous_dog.hearing.pending})"),
        )
        CUSTODY = (
            "custody",
            cites(
                "taken into custody on the Hearing Officer's order ({§dangerous_dog.hearing.order})"
            ),
        )
        STERILIZATION = (
            "sterilization",
            cites(
                "seized to be sterilized ({§dangerous_dog.registration_requirements.sterilization})"
            ),
        )
        INSPECTION = (
            "inspection",
            cites(
                "seized after the owner refused an inspection ({§dangerous_dog.inspection}, "
                "through {§dangerous_dog.seizure})"
            ),
        )

    case = models.ForeignKey(
        DangerousDogCase, on_delete=models.PROTECT, related_name="impoundments"
    )
    reason = models.CharField(max_length=16, choices=impoundment_reasons)
    impounded_on = models.DateField()
    kept_at = models.CharField("where the dog is kept", max_length=200)
    sterilized_on = models.DateField(null=True, blank=True)
    veterinarian = models.CharField(max_length=200, blank=True)
    released_on = models.DateField(null=True, blank=True)
    released_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    payment_arrangement = models.TextField(
        blank=True, help_text="A.5: the arrangement for payment made with the City, if not paid."
    )
    release_decision = models.ForeignKey(
        "records.Decision", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["impounded_on", "id"]


class FlaggedHearingRequest(models.Model):
    """A written request for a hearing the procedure did not take as one: received after the
    days to request a hearing (dangerous_dog.notice.hearing_request), or when the case was not
    open to a request. It is kept with the finding that says why, never lost, and flagged on the
    case page: whether it is heard is for the Hearing Officer to decide."""

    case = models.ForeignKey(
        DangerousDogCase, on_delete=models.PROTECT, related_name="flagged_hearing_requests"
    )
    received_at = models.DateTimeField()
    request_by = models.CharField("requested by", max_length=200)
    request_note = models.TextField(blank=True)
    online = models.BooleanField(default=False)
    #: The rules core's finding (``too_late``, or the order of steps), as stored in the Decision.
    outcome = models.CharField(max_length=40)
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["received_at", "id"]

    def __str__(self) -> str:
        return f"{self.case.number}: request for a hearing received {self.received_at}"
