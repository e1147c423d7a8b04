"""An application for a dog license made on the residents' site (``license.application``).

It keeps what the resident typed (the contents of ``license.application`` and the rabies
certificate's facts), the certificate file, and the findings the rules core gave when the resident
looked before submitting. It is a request, not a record of the city: the owner, dog, vaccination
and license are written by the licensing services the counter uses, when a clerk issues it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from dogtag.licensing.models import city_in_force
from dogtag.records.jurisdiction import field as jurisdiction_field


class OnlineApplication(models.Model):
    class Kind(models.TextChoices):
        NEW = "new", _("New license")
        RENEWAL = "renewal", _("Renewal")
        NEW_RESIDENT = "new_resident", _("New resident")  # license.new_resident
        CHANGE_OF_OWNERSHIP = "change_of_ownership", _("New owner")  # license.new_owner

    class Status(models.TextChoices):
        DRAFT = "draft", _("Not yet submitted")
        RECEIVED = "received", _("Received, waiting for the clerk")
        ISSUED = "issued", _("License issued")
        RETURNED = "returned", _("Returned to you")

    jurisdiction = jurisdiction_field()
    account = models.ForeignKey(
        "residents.ResidentAccount", on_delete=models.PROTECT, related_name="applications"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    # The household and dog on file, for a renewal (or a new dog of a household on file).
    owner = models.ForeignKey(
        "licensing.Owner", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    dog = models.ForeignKey(
        "licensing.Dog", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # license.application: the owner
    owner_name = models.CharField(max_length=200)
    street = models.CharField(max_length=200)
    city = models.CharField(max_length=100, default=city_in_force)
    state = models.CharField(max_length=2, default="MN")
    postal_code = models.CharField(max_length=10, blank=True)
    phone = models.CharField(max_length=20, help_text="Stored in international form (+1…).")
    email_consent = models.BooleanField(default=False)
    # license.application: the dog
    dog_name = models.CharField(max_length=100)
    breed = models.CharField(max_length=100)
    color = models.CharField(max_length=100)
    sex = models.CharField(max_length=6)
    sterilized = models.BooleanField(default=False)
    born = models.DateField(null=True, blank=True)
    born_estimated = models.BooleanField(default=False)
    microchip = models.CharField(max_length=20, blank=True)
    # license.new_resident: a new resident's thirty days run from the day the owner became a resident; one
    # holding another municipality's license says so (it does not replace the city's).
    resident_since = models.DateField(null=True, blank=True)
    licensed_elsewhere = models.BooleanField(default=False)
    # license.new_owner: a new owner's thirty days run from the change of ownership; the previous owner as
    # far as the resident knows (the clerk records the change from them).
    ownership_changed_on = models.DateField(null=True, blank=True)
    previous_owner_name = models.CharField(max_length=200, blank=True)
    previous_owner_street = models.CharField(max_length=200, blank=True)
    previous_owner_city = models.CharField(max_length=100, blank=True)
    previous_owner_phone = models.CharField(max_length=30, blank=True)
    # license.rabies_certificate: the rabies certificate
    vaccinated_on = models.DateField()
    expires_on = models.DateField()
    duration_years = models.PositiveSmallIntegerField(default=1)
    veterinarian = models.CharField(max_length=200)
    clinic = models.CharField(max_length=200, blank=True)
    certificate_number = models.CharField(max_length=60, blank=True)
    certificate_file = models.FileField(upload_to="online-applications/")
    #: The language the resident wrote in: the e-mails about the application are in it.
    language = models.CharField(max_length=10, default="en")
    # What the rules core found when the resident looked (Finding.to_json() each), and when.
    findings = models.JSONField(default=list)
    evaluated_on = models.DateField()
    created_at = models.DateTimeField()
    received_at = models.DateTimeField(null=True, blank=True)
    # The clerk's answer.
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    return_reason = models.TextField(blank=True)
    license = models.ForeignKey(
        "licensing.License", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["-received_at", "-pk"]
        permissions = [("review_online_application", "Review online license applications")]
        indexes = [models.Index(fields=["status", "received_at"], name="online_app_queue")]

    def __str__(self) -> str:
        return f"Online application #{self.pk} ({self.dog_name})"
