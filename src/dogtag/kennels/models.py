"""Kennel license records (the kennel license: ``private_kennel.license``,
``commercial_kennel.license``).

A private kennel license (A) is issued at the City offices for a set number of dogs, at most ten,
for one year; it is not assignable, and adding dogs or relocating needs a new or corrected license.
A commercial kennel license (B) is issued by the City Council after a Planning & Zoning Commission
hearing noticed to every property owner within 1/4 mile; its conditions are B.3-B.8 plus any the
council adds (B.9). Every change keeps its history; every decision its findings.

A help text or choice naming a provision is worded when shown, as the city in force numbers its
sections (a model is defined at import, before any city's package is read).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.functional import lazy
from simple_history.models import HistoricalRecords

from dogtag.law.provisions import cite, cited_in, span, together
from dogtag.records.jurisdiction import field as jurisdiction_field
from dogtag.records.jurisdiction import unique_per_city


def _word(text: str) -> str:
    return cited_in(text, lenient=True)


#: a help text or choice with ``{§concept}``, worded when shown
_cited = lazy(_word, str)


def _condition_sections() -> str:
    """The sections a condition cites: those of every license, or the council's."""
    every = span("commercial_kennel.outdoor_exercise", "commercial_kennel.waste", " ... ")
    added = together(
        [cite("commercial_kennel.waste"), cite("commercial_kennel.council_conditions")]
    )
    return f"{every}, or {added.split(', ')[-1]} if added"


class PrivateKennelLicense(models.Model):
    """``private_kennel.license``: a private kennel license, for a set number of dogs
    (``private_kennel.set_number``), for one year (``private_kennel.term``)."""

    class Kind(models.TextChoices):
        NEW = "new", "new license"
        ADD_DOGS = "add_dogs", "new license to add dogs (A.2)"
        RELOCATION = "relocation", "corrected license on relocation (A.2)"
        RENEWAL = "renewal", "yearly renewal (A.3)"

    class Status(models.TextChoices):
        ACTIVE = "active", "active"
        SUPERSEDED = "superseded", "superseded by a new or corrected license"
        REVOKED = "revoked", "revoked"
        SURRENDERED = "surrendered", "surrendered"

    jurisdiction = jurisdiction_field()
    number = models.CharField(max_length=20)
    holder = models.ForeignKey(
        "licensing.Owner", on_delete=models.PROTECT, related_name="private_kennel_licenses"
    )
    parcel = models.ForeignKey(
        "parcels.Parcel", on_delete=models.PROTECT, related_name="private_kennel_licenses"
    )
    dogs_licensed = models.PositiveSmallIntegerField(help_text="The set number of dogs (A.2).")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    issued_on = models.DateField()
    starts_on = models.DateField(
        help_text=_cited("The first day of the one-year term ({§private_kennel.term}).")
    )
    expires_on = models.DateField(help_text="The last day the license is in force.")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    ended_on = models.DateField(null=True, blank=True)
    previous = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    fee = models.DecimalField(max_digits=8, decimal_places=2)
    receipt = models.ForeignKey(
        "licensing.Receipt", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")
    history = HistoricalRecords()

    class Meta:
        ordering = ["-issued_on", "-id"]
        constraints = [unique_per_city("number", "private_kennel_number_per_city")]

    def __str__(self) -> str:
        return f"Private kennel license {self.number}"


class CommercialKennelApplication(models.Model):
    """``commercial_kennel.council_license``: an application to the City Council, through a Planning
    & Zoning hearing."""

    class Status(models.TextChoices):
        RECEIVED = "received", "received"
        HEARING_NOTICED = "hearing_noticed", "hearing noticed"
        RECOMMENDED = "recommended", "recommended by the Planning & Zoning Commission"
        APPROVED = "approved", "approved by the City Council"
        DENIED = "denied", "denied by the City Council"
        WITHDRAWN = "withdrawn", "withdrawn"

    class Recommendation(models.TextChoices):
        APPROVE = "approve", "approve"
        APPROVE_WITH_CONDITIONS = "approve_with_conditions", "approve with conditions"
        DENY = "deny", "deny"

    jurisdiction = jurisdiction_field()
    number = models.CharField(max_length=20)
    applicant = models.ForeignKey(
        "licensing.Owner", on_delete=models.PROTECT, related_name="commercial_kennel_applications"
    )
    parcel = models.ForeignKey(
        "parcels.Parcel", on_delete=models.PROTECT, related_name="commercial_kennel_applications"
    )
    business_name = models.CharField(max_length=200, blank=True)
    dogs_requested = models.PositiveSmallIntegerField()
    description = models.TextField(blank=True, help_text="The operation, buildings and runs.")
    applied_on = models.DateField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RECEIVED)
    # The Planning & Zoning Commission hearing (B.2)
    hearing_at = models.DateTimeField(null=True, blank=True)
    hearing_place = models.CharField(max_length=200, blank=True)
    notice_list_drawn_on = models.DateField(null=True, blank=True)
    notice_mailed_on = models.DateField(null=True, blank=True)
    recommendation = models.CharField(max_length=24, choices=Recommendation.choices, blank=True)
    recommended_on = models.DateField(null=True, blank=True)
    recommendation_notes = models.TextField(blank=True)
    recommendation_conditions = models.JSONField(
        default=list, blank=True, help_text="The conditions the commission recommends (B.2)."
    )
    hearing_held_on = models.DateField(null=True, blank=True)
    withdrawn_on = models.DateField(null=True, blank=True)
    # The City Council's decision (B.1, B.9)
    council_decided_on = models.DateField(null=True, blank=True)
    council_resolution = models.CharField(max_length=40, blank=True)
    council_notes = models.TextField(blank=True)
    receipt = models.ForeignKey(
        "licensing.Receipt", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-applied_on", "-id"]
        constraints = [unique_per_city("number", "commercial_kennel_application_number_per_city")]

    def __str__(self) -> str:
        return f"Commercial kennel application {self.number}"


class ApplicationEvent(models.Model):
    """One dated event of a commercial kennel application's log (``commercial_kennel.license``): the
    log the rules core folds (``kennel_procedure.commercial_application``). Never edited: a
    correction is an event."""

    application = models.ForeignKey(
        CommercialKennelApplication, on_delete=models.PROTECT, related_name="events"
    )
    kind = models.CharField(max_length=24)
    on = models.DateField(help_text="The legal date of the event.")
    #: the event's facts as JSON (days as YYYY-MM-DD)
    details = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decision = models.ForeignKey(
        "records.Decision", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["on", "id"]

    def __str__(self) -> str:
        return f"{self.application.number} {self.on}: {self.kind}"


class NoticeRecipient(models.Model):
    """One property owner on the hearing notice list (B.2), as the county records stood when the
    list was drawn: the labels and letters print from here, not from later parcel edits."""

    application = models.ForeignKey(
        CommercialKennelApplication, on_delete=models.CASCADE, related_name="notice_recipients"
    )
    parcel = models.ForeignKey("parcels.Parcel", on_delete=models.PROTECT, related_name="+")
    pin = models.CharField(max_length=30)
    distance_feet = models.DecimalField(max_digits=10, decimal_places=1)
    owner_names = models.CharField(max_length=300)
    mailing_street = models.CharField(max_length=200, blank=True)
    mailing_city = models.CharField(max_length=100, blank=True)
    mailing_state = models.CharField(max_length=2, blank=True)
    mailing_postal_code = models.CharField(max_length=10, blank=True)

    class Meta:
        ordering = ["distance_feet", "pin"]
        constraints = [
            models.UniqueConstraint(fields=["application", "parcel"], name="one_notice_per_parcel")
        ]

    def __str__(self) -> str:
        return f"{self.owner_names} ({self.pin})"


class CommercialKennelLicense(models.Model):
    """``commercial_kennel.term``: a one-year commercial kennel license granted by the City Council;
    a renewal is on the same terms only if no nuisance complaint came in the previous 12 months
    (reading §6.4)."""

    class Status(models.TextChoices):
        ACTIVE = "active", "active"
        RENEWED = "renewed", "renewed"
        EXPIRED = "expired", "expired"
        REVOKED = "revoked", "revoked"

    jurisdiction = jurisdiction_field()
    number = models.CharField(max_length=20)
    application = models.ForeignKey(
        CommercialKennelApplication, on_delete=models.PROTECT, related_name="licenses"
    )
    holder = models.ForeignKey(
        "licensing.Owner", on_delete=models.PROTECT, related_name="commercial_kennel_licenses"
    )
    parcel = models.ForeignKey(
        "parcels.Parcel", on_delete=models.PROTECT, related_name="commercial_kennel_licenses"
    )
    dogs_licensed = models.PositiveSmallIntegerField()
    issued_on = models.DateField()
    starts_on = models.DateField(
        help_text=_cited("The first day of the one-year term ({§commercial_kennel.term}).")
    )
    expires_on = models.DateField(help_text="The last day the license is in force.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    previous = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    fee = models.DecimalField(max_digits=8, decimal_places=2)
    receipt = models.ForeignKey(
        "licensing.Receipt", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")
    history = HistoricalRecords()

    class Meta:
        ordering = ["-issued_on", "-id"]
        constraints = [unique_per_city("number", "commercial_kennel_number_per_city")]

    def __str__(self) -> str:
        return f"Commercial kennel license {self.number}"


class KennelCondition(models.Model):
    """A condition of a commercial kennel license: B.3-B.8 from the ordinance, or one the City
    Council added (B.9)."""

    application = models.ForeignKey(
        CommercialKennelApplication, on_delete=models.CASCADE, related_name="conditions"
    )
    section = models.CharField(max_length=20, help_text=lazy(_condition_sections, str)())
    text = models.TextField()
    added_by_council = models.BooleanField(default=False)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.section}: {self.text[:60]}"


class KennelInspection(models.Model):
    """An inspection of a kennel: after a complaint (A.4) or periodic (B.7); one result per
    condition checked."""

    class Reason(models.TextChoices):
        COMPLAINT = "complaint", _cited("complaint received ({§private_kennel.inspection})")
        PERIODIC = "periodic", _cited("periodic inspection ({§commercial_kennel.inspection})")

    private_license = models.ForeignKey(
        PrivateKennelLicense,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="inspections",
    )
    commercial_license = models.ForeignKey(
        CommercialKennelLicense,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="inspections",
    )
    reason = models.CharField(max_length=10, choices=Reason.choices)
    complaint_summary = models.TextField(blank=True)
    inspected_on = models.DateField()
    inspector = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    dogs_counted = models.PositiveSmallIntegerField(null=True, blank=True)
    feces_well_distance_feet = models.DecimalField(
        max_digits=8,
        decimal_places=1,
        null=True,
        blank=True,
        help_text=_cited(
            "Measured from the accumulation of feces to the nearest well "
            "({§commercial_kennel.feces_well_setback})."
        ),
    )
    #: [{"section": <the condition's section>, "requirement": "...", "met": true, "note": ""}]
    results = models.JSONField(default=list)
    notes = models.TextField(blank=True)
    recorded_at = models.DateTimeField(default=timezone.now)
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["-inspected_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(private_license__isnull=False, commercial_license__isnull=True)
                    | models.Q(private_license__isnull=True, commercial_license__isnull=False)
                ),
                name="inspection_of_one_kennel",
            )
        ]


# ------------------------------------------------------- a kennel license inspected before issue


class KennelKind(models.TextChoices):
    PRIVATE = "private", "private kennel"
    COMMERCIAL = "commercial", "commercial kennel"


class KennelApplication(models.Model):
    """An application for a private or commercial kennel license where the city's law inspects the
    location before any kennel license issues (``kennel.inspection_before_issue``): made with the
    fee of the fee schedule, then inspected, then issued (``KennelLicense``) or not."""

    class Status(models.TextChoices):
        RECEIVED = "received", "received"
        ISSUED = "issued", "license issued"

    jurisdiction = jurisdiction_field()
    number = models.CharField(max_length=20)
    applicant = models.ForeignKey(
        "licensing.Owner", on_delete=models.PROTECT, related_name="kennel_applications"
    )
    parcel = models.ForeignKey(
        "parcels.Parcel", on_delete=models.PROTECT, related_name="kennel_applications"
    )
    kind = models.CharField(max_length=10, choices=KennelKind.choices)
    dogs = models.PositiveSmallIntegerField(help_text="The dogs to be kept under the license.")
    applied_on = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RECEIVED)
    fee = models.DecimalField(max_digits=8, decimal_places=2)
    receipt = models.ForeignKey(
        "licensing.Receipt", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: the license this application renews (the yearly renewal, ``kennel.license_expiry``); one
    #: renewal a license
    renews = models.OneToOneField(
        "kennels.KennelLicense",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="renewal",
    )
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")
    history = HistoricalRecords()

    class Meta:
        ordering = ["-applied_on", "-id"]
        constraints = [unique_per_city("number", "kennel_application_number_per_city")]

    def __str__(self) -> str:
        return f"Kennel license application {self.number}"


class KennelSiteInspection(models.Model):
    """The inspection of the location made for a kennel license application, before it issues
    (``kennel.inspection_before_issue``): what the city personnel found, and the conditions they
    deem reasonably necessary. Never edited: a new inspection is a new row."""

    application = models.ForeignKey(
        KennelApplication, on_delete=models.PROTECT, related_name="inspections"
    )
    inspected_on = models.DateField()
    inspector = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    safeguards_adequate = models.BooleanField()
    health_standards_met = models.BooleanField()
    #: the health and maintenance standards found not met, in the inspector's words
    not_met = models.JSONField(default=list, blank=True)
    #: the conditions set by authorized city personnel, one text each
    conditions = models.JSONField(default=list, blank=True)
    notes = models.TextField(blank=True)
    recorded_at = models.DateTimeField(default=timezone.now)
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["-inspected_on", "-id"]

    def __str__(self) -> str:
        return f"Inspection of {self.inspected_on} for {self.application.number}"


class KennelLicense(models.Model):
    """A private or commercial kennel license issued after the inspection of its application, to
    the day every kennel license expires (``kennel.license_expiry``), with the conditions set;
    modified by ``KennelModification``."""

    jurisdiction = jurisdiction_field()
    number = models.CharField(max_length=20)
    application = models.OneToOneField(
        KennelApplication, on_delete=models.PROTECT, related_name="license"
    )
    inspection = models.ForeignKey(KennelSiteInspection, on_delete=models.PROTECT, related_name="+")
    holder = models.ForeignKey(
        "licensing.Owner", on_delete=models.PROTECT, related_name="kennel_licenses"
    )
    parcel = models.ForeignKey(
        "parcels.Parcel", on_delete=models.PROTECT, related_name="kennel_licenses"
    )
    kind = models.CharField(max_length=10, choices=KennelKind.choices)
    dogs = models.PositiveSmallIntegerField()
    issued_on = models.DateField()
    starts_on = models.DateField()
    expires_on = models.DateField(help_text="The day every kennel license expires.")
    #: the conditions in force when it issued (a modification records the next ones)
    conditions = models.JSONField(default=list, blank=True)
    fee = models.DecimalField(max_digits=8, decimal_places=2)
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")
    history = HistoricalRecords()

    class Meta:
        ordering = ["-issued_on", "-id"]
        constraints = [unique_per_city("number", "kennel_license_number_per_city")]

    def __str__(self) -> str:
        return f"Kennel license {self.number}"

    @property
    def dogs_licensed(self) -> int:
        """The dogs the license allows (named as a private kennel license's set number is)."""
        return self.dogs


class KennelModification(models.Model):
    """A modification of a kennel license's conditions by authorized city personnel, effective the
    number of days after the certified mailing of written notice to the holder that the clock
    ``kennel.license_modification`` counts."""

    license = models.ForeignKey(
        KennelLicense, on_delete=models.PROTECT, related_name="modifications"
    )
    conditions = models.JSONField(default=list, blank=True)
    reason = models.TextField(help_text="The changed circumstances it responds to.")
    mailed_on = models.DateField(help_text="The day the notice was mailed by certified mail.")
    effective_on = models.DateField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(default=timezone.now)
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["mailed_on", "id"]

    def __str__(self) -> str:
        return f"{self.license.number}: modification mailed {self.mailed_on}"
