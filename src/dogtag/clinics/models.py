"""Rabies certificates sent by veterinary clinics (issue 13 item 2; ``license.rabies_certificate``: "a
certificate of vaccination from a licensed veterinarian").

A certificate is kept as the clinic sent it, once per (clinic, certificate number): posting it
again changes nothing. It is matched to a dog (``clinics.matching``); a certain match is recorded
at once through ``licensing.services.record_rabies_vaccination`` and the certificate points at the
vaccination it became; otherwise it waits in the clerk's queue with its candidates and the reasons
until the clerk picks the dog, or says it is a dog the city has no record of.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from dogtag.licensing.models import RabiesVaccination
from dogtag.records.jurisdiction import field as jurisdiction_field

DURATION_CHOICES = RabiesVaccination._meta.get_field("duration_years").choices


class Certificate(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "waiting for a clerk"
        RECORDED = "recorded", "recorded on the dog"
        NOT_HERE = "not_here", "a dog with no record in the city"

    class Source(models.TextChoices):
        API = "api", "the clinic's API key"
        CSV = "csv", "a CSV file uploaded by staff"

    jurisdiction = jurisdiction_field()
    clinic = models.CharField(max_length=200)
    certificate_number = models.CharField(max_length=60)
    veterinarian = models.CharField(max_length=200)
    vaccinated_on = models.DateField()
    #: As certified: the vaccination's own choices (``licensing.RabiesVaccination``).
    duration_years = models.PositiveSmallIntegerField(choices=DURATION_CHOICES)
    expires_on = models.DateField()
    rabies_tag_number = models.CharField(max_length=60, blank=True)
    microchip = models.CharField(max_length=20, blank=True)
    owner_name = models.CharField(max_length=200, blank=True)
    owner_street = models.CharField(max_length=200, blank=True)
    owner_city = models.CharField(max_length=100, blank=True)
    owner_postal_code = models.CharField(max_length=10, blank=True)
    #: E.164, as the owners' phones are stored (``licensing.phones.normalise``).
    owner_phone = models.CharField(max_length=20, blank=True)
    owner_email = models.EmailField(blank=True)
    dog_name = models.CharField(max_length=100, blank=True)
    breed = models.CharField(max_length=100, blank=True)
    color = models.CharField(max_length=100, blank=True)
    sex = models.CharField(max_length=6, blank=True)
    born = models.DateField(null=True, blank=True)
    pdf = models.FileField(upload_to="clinic-certificates/", blank=True)

    source = models.CharField(max_length=3, choices=Source.choices, default=Source.API)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    #: Why the certificate matched or waits: one line a reason.
    reasons = models.JSONField(default=list, blank=True)
    #: The dogs it may be, each ``{"dog": id, "reasons": [...]}``, best first.
    candidates = models.JSONField(default=list, blank=True)
    dog = models.ForeignKey(
        "licensing.Dog", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    vaccination = models.OneToOneField(
        "licensing.RabiesVaccination",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="clinic_certificate",
    )
    received_at = models.DateTimeField(default=timezone.now)
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["received_at", "id"]
        default_permissions = ("view",)
        permissions = [("resolve_certificate", "Match clinics' rabies certificates to dogs")]
        constraints = [
            models.UniqueConstraint(
                fields=["clinic", "certificate_number"], name="clinic_certificate_once"
            ),
            models.CheckConstraint(
                condition=Q(expires_on__gt=models.F("vaccinated_on")),
                name="clinic_certificate_expires_after_vaccination",
            ),
            models.CheckConstraint(
                condition=~Q(status="recorded") | Q(vaccination__isnull=False, dog__isnull=False),
                name="clinic_certificate_recorded_has_vaccination",
            ),
        ]
        indexes = [models.Index(fields=["status", "received_at"])]

    def __str__(self) -> str:
        return f"{self.clinic} certificate {self.certificate_number}"

    @property
    def owner_address(self) -> str:
        place = " ".join(p for p in (self.owner_city, self.owner_postal_code) if p)
        return ", ".join(p for p in (self.owner_street, place) if p)


class CertificateBatch(models.Model):
    """A clinic's CSV of certificates, uploaded by staff (issue 13 item 4 of item 2): each row
    goes through ``services.receive_certificate`` as a posted certificate does; ``report`` holds
    each row's outcome (``batches.Outcome``) once the rows are done."""

    jurisdiction = jurisdiction_field()
    clinic = models.CharField(max_length=200)
    filename = models.CharField(max_length=200)
    file = models.FileField(upload_to="clinic-batches/")
    rows = models.PositiveIntegerField(default=0)
    report = models.JSONField(default=list, blank=True)
    uploaded_at = models.DateTimeField(default=timezone.now)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    job = models.ForeignKey(
        "jobs.Job", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["-uploaded_at", "-id"]
        default_permissions = ("view",)

    def __str__(self) -> str:
        return f"{self.clinic}: {self.filename}"

    def counts(self) -> dict[str, int]:
        found: dict[str, int] = {}
        for row in self.report:
            found[row["outcome"]] = found.get(row["outcome"], 0) + 1
        return found
