"""Dog licensing records (licenses, ``license.section``; tags, ``tag.section``).

Owners, dogs, rabies vaccinations, licenses, tags and receipts. Every change to an owner, dog,
vaccination, license or tag keeps its history (who, when, before and after) through
django-simple-history. Receipts are never edited or deleted: a void is a new reversing receipt.
Money is Decimal with two places.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.functional import lazy
from simple_history.models import HistoricalRecords

from dogtag.law import params as law_params
from dogtag.law.licensing import LICENSE_KINDS
from dogtag.law.provisions import cited_in
from dogtag.records.jurisdiction import field as jurisdiction_field
from dogtag.records.jurisdiction import unique_per_city


def _word(text: str) -> str:
    return cited_in(text, lenient=True)


#: a help text or choice with ``{§concept}``, worded when shown (the city in force)
_cited = lazy(_word, str)


def city_in_force() -> str:
    """The city's own name ("Nowthen", "Lino Lakes"): an owner's city unless stated (issue 27)."""
    return law_params.default().city.name.removeprefix("City of ")


class Owner(models.Model):
    """``license.application``: "the name, address and phone number of the owner". Which of these fields are
    public is set in ``data_practices.py`` (Minn. Stat. ch. 13, LEGAL-NOTES §5)."""

    jurisdiction = jurisdiction_field()

    name = models.CharField(max_length=200)
    street = models.CharField("street address", max_length=200)
    city = models.CharField(max_length=100, default=city_in_force)
    state = models.CharField(max_length=2, default="MN")
    postal_code = models.CharField("ZIP code", max_length=10, blank=True)
    phone = models.CharField(max_length=20, help_text="Stored in international form (+1…).")
    email = models.EmailField(blank=True)
    #: Notices go by e-mail only with the owner's consent (issue 12 item 6), given at the counter
    #: or online; without it they go by post as before.
    email_consent = models.BooleanField(
        "agrees to notices by email",
        default=False,
        help_text="The owner agrees to receive notices (renewal reminders) at this email address.",
    )
    resident_since = models.DateField(
        null=True,
        blank=True,
        help_text=_cited(
            "For a new resident: the day the owner became a resident ({§license.new_resident})."
        ),
    )
    parcel = models.ForeignKey(
        "parcels.Parcel",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="residents",
        help_text=_cited(
            "The parcel the owner lives on: its dogs count against its limit ({§dog_limit.limit})."
        ),
    )
    created_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["name", "id"]
        indexes = [models.Index(fields=["name"]), models.Index(fields=["street"])]

    def __str__(self) -> str:
        return self.name

    @property
    def address(self) -> str:
        place = f"{self.city}, {self.state} {self.postal_code}".strip()
        return f"{self.street}, {place}"

    @property
    def phone_display(self) -> str:
        from dogtag.licensing.phones import display

        return display(self.phone)


class Dog(models.Model):
    jurisdiction = jurisdiction_field()

    class Sex(models.TextChoices):
        MALE = "male", "male"
        FEMALE = "female", "female"

    class Status(models.TextChoices):
        ACTIVE = "active", "active"
        DECEASED = "deceased", "deceased"
        MOVED_AWAY = "moved_away", "moved away"
        TRANSFERRED = "transferred", "transferred to an owner outside the city"

    owner = models.ForeignKey(Owner, on_delete=models.PROTECT, related_name="dogs")
    name = models.CharField(max_length=100)
    breed = models.CharField(max_length=100)
    color = models.CharField(max_length=100)
    sex = models.CharField(max_length=6, choices=Sex.choices)
    sterilized = models.BooleanField(default=False)
    born = models.DateField(
        "date of birth",
        null=True,
        blank=True,
        help_text="If only the age is known, the birth date is estimated and marked so.",
    )
    born_estimated = models.BooleanField(default=False)
    microchip = models.CharField(max_length=20, blank=True)
    photo = models.FileField(upload_to="dogs/", blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    status_changed_on = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["name", "id"]
        indexes = [models.Index(fields=["name"]), models.Index(fields=["microchip"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.breed}, {self.color})"

    def age_on(self, on: dt.date) -> str:
        if self.born is None:
            return "unknown"
        months = (on.year - self.born.year) * 12 + on.month - self.born.month
        if on.day < self.born.day:
            months -= 1
        if months >= 24:
            text = f"{months // 12} years"
        else:
            text = f"{months} month" if months == 1 else f"{months} months"
        return f"about {text}" if self.born_estimated else text

    def current_license(self, on: dt.date) -> License | None:
        return (
            self.licenses.filter(
                Q(expires_on__isnull=True) | Q(expires_on__gte=on),
                status=License.Status.ACTIVE,
                issued_on__lte=on,
            )
            # A license for the dog's lifetime (no expiry) outlasts any dated one, on
            # PostgreSQL and SQLite alike (their NULLs sort at opposite ends by default).
            .order_by(models.F("expires_on").desc(nulls_first=True))
            .first()
        )

    def current_rabies(self, on: dt.date) -> RabiesVaccination | None:
        return (
            self.rabies_vaccinations.filter(vaccinated_on__lte=on, expires_on__gte=on)
            .order_by("-expires_on")
            .first()
        )


class RabiesVaccination(models.Model):
    """``license.rabies_certificate``: "a certificate of vaccination from a licensed veterinarian"."""

    jurisdiction = jurisdiction_field()

    dog = models.ForeignKey(Dog, on_delete=models.PROTECT, related_name="rabies_vaccinations")
    vaccinated_on = models.DateField()
    expires_on = models.DateField()
    duration_years = models.PositiveSmallIntegerField(
        choices=[(1, "1 year"), (3, "3 years")], default=1
    )
    veterinarian = models.CharField(max_length=200)
    clinic = models.CharField(max_length=200, blank=True)
    certificate_number = models.CharField(max_length=60, blank=True)
    rabies_tag_number = models.CharField(max_length=60, blank=True)
    certificate_file = models.FileField(upload_to="rabies/", blank=True)
    recorded_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-vaccinated_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(expires_on__gt=models.F("vaccinated_on")),
                name="rabies_expires_after_vaccination",
            )
        ]

    def __str__(self) -> str:
        return f"Rabies {self.vaccinated_on} to {self.expires_on} ({self.veterinarian})"


class License(models.Model):
    jurisdiction = jurisdiction_field()

    class Status(models.TextChoices):
        ACTIVE = "active", "active"
        SUPERSEDED = "superseded", "renewed (superseded)"
        ENDED = "ended", "ended (dog died, moved or changed owner)"
        VOID = "void", "void (receipt voided)"

    #: unique within its city (``Meta.constraints``): each city draws its own series
    number = models.CharField(max_length=20)
    dog = models.ForeignKey(Dog, on_delete=models.PROTECT, related_name="licenses")
    owner = models.ForeignKey(Owner, on_delete=models.PROTECT, related_name="licenses")
    kind = models.CharField(
        max_length=20, choices=[(k, k.replace("_", " ")) for k in LICENSE_KINDS]
    )
    issued_on = models.DateField()
    #: empty: the license is for the dog's lifetime (``license.term_basis`` lifetime) and never
    #: expires; a dated license's day is on or after its issue
    expires_on = models.DateField(null=True, blank=True)
    #: the fee tier in whole years where the city's fee is by the term (``license.fee_basis``
    #: term_tier); empty where it is not (by spay/neuter status)
    tier_years = models.PositiveSmallIntegerField(null=True, blank=True)
    fee = models.DecimalField(max_digits=8, decimal_places=2)
    penalty = models.DecimalField(max_digits=8, decimal_places=2, default=Decimal("0.00"))
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    status_changed_on = models.DateField(null=True, blank=True)
    previous = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="renewal"
    )
    rabies = models.ForeignKey(RabiesVaccination, on_delete=models.PROTECT, related_name="licenses")
    #: The Decision the services stored when Dogtag issued it; none for a license brought in from
    #: the city's earlier records (``imported``): no decision is invented for history.
    #: Not indexed: nothing asks which license a decision was for (the decision names its
    #: subject), and a license's rows must stay under 3 KB (issue 14).
    decision = models.ForeignKey(
        "records.Decision",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        db_index=False,
    )
    imported = models.BooleanField(
        default=False,
        help_text="Brought in from the city's earlier records by the legacy import, as history: "
        "Dogtag decided nothing about it.",
    )
    #: A record's history is read by the record's id only (``records.versions``,
    #: ``licensing.queries``); the copies of its other indexes would cost every license about
    #: 200 bytes more on PostgreSQL (issue 14: at most 3 KB per license).
    history = HistoricalRecords(
        no_db_index=["number", "dog", "owner", "previous", "rabies", "decision"]
    )

    class Meta:
        ordering = ["-issued_on", "-id"]
        # The due list asks for licenses by expiry date (issue 14). Not (status, expires_on):
        # SQLite, without statistics, then chose it over the dog's own index when issuing.
        indexes = [models.Index(fields=["expires_on"], name="license_expires_on")]
        constraints = [
            unique_per_city("number", "license_number_per_city"),
            models.CheckConstraint(
                condition=Q(expires_on__isnull=True) | Q(expires_on__gte=models.F("issued_on")),
                name="license_expires_after_issue",
            ),
            models.CheckConstraint(
                condition=Q(fee__gte=0) & Q(penalty__gte=0), name="license_money_not_negative"
            ),
            # Dogtag's own license has its Decision; only an imported one has none.
            models.CheckConstraint(
                condition=(Q(imported=False) & Q(decision__isnull=False))
                | (Q(imported=True) & Q(decision__isnull=True)),
                name="license_decision_unless_imported",
            ),
        ]

    def __str__(self) -> str:
        return f"License {self.number}"

    @property
    def for_lifetime(self) -> bool:
        """A license for the dog's lifetime (``license.term_basis`` lifetime): it never expires."""
        return self.expires_on is None

    def in_force_on(self, on: dt.date) -> bool:
        return (
            self.status == self.Status.ACTIVE
            and self.issued_on <= on
            and (self.expires_on is None or on <= self.expires_on)
        )

    def state_on(self, on: dt.date) -> str:
        if self.status != self.Status.ACTIVE:
            return self.get_status_display()
        if self.expires_on is None or on <= self.expires_on:
            return "in force"
        return f"expired {self.expires_on.isoformat()}"


class Tag(models.Model):
    """``tag.furnished``: "a suitable tag" tied to one license and one dog; never moved to another dog."""

    jurisdiction = jurisdiction_field()

    class Status(models.TextChoices):
        IN_STOCK = "in_stock", "in stock"
        ISSUED = "issued", "issued"
        LOST = "lost", "reported lost"
        STOLEN = "stolen", "reported stolen"
        REPLACED = "replaced", "replaced (license renewed)"
        VOID = "void", "void"

    #: unique within its city (``Meta.constraints``): each city numbers the tags it buys
    serial = models.CharField(max_length=20)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.IN_STOCK)
    license = models.ForeignKey(
        License, null=True, blank=True, on_delete=models.PROTECT, related_name="tags"
    )
    dog = models.ForeignKey(
        Dog, null=True, blank=True, on_delete=models.PROTECT, related_name="tags"
    )
    issued_on = models.DateField(null=True, blank=True)
    status_changed_on = models.DateField(null=True, blank=True)
    #: Read by the tag's id only, as the license's history.
    history = HistoricalRecords(no_db_index=["serial", "license", "dog"])

    class Meta:
        ordering = ["serial"]
        # The next tag to issue is the lowest serial in stock: an index walk, not a scan and sort
        # of every tag the city ever bought (issue 14). Partial, so only that question uses it.
        indexes = [
            models.Index(
                fields=["jurisdiction", "serial"],
                condition=Q(status="in_stock"),
                name="tag_in_stock_serial",
            )
        ]
        constraints = [
            unique_per_city("serial", "tag_serial_per_city"),
            # a tag in stock belongs to nobody; any other tag belongs to one license and its dog
            models.CheckConstraint(
                condition=(Q(status="in_stock") & Q(license__isnull=True) & Q(dog__isnull=True))
                | (~Q(status="in_stock") & Q(license__isnull=False) & Q(dog__isnull=False)),
                name="tag_in_stock_or_tied_to_license_and_dog",
            ),
            # one tag being worn per license at a time
            models.UniqueConstraint(
                fields=["license"], condition=Q(status="issued"), name="one_issued_tag_per_license"
            ),
        ]

    def __str__(self) -> str:
        return f"Tag {self.serial}"


class Receipt(models.Model):
    """``license.fee_with_application``, ``tag.furnished``: the receipt delivered to the
    applicant. Never edited or deleted."""

    jurisdiction = jurisdiction_field()

    class Method(models.TextChoices):
        CASH = "cash", "cash"
        CHECK = "check", "check"
        CARD = "card", "card"

    #: unique within its city (``Meta.constraints``): each city draws its own series
    number = models.CharField(max_length=20)
    issued_at = models.DateTimeField(default=timezone.now)
    payer = models.CharField(max_length=200)
    owner = models.ForeignKey(
        Owner, null=True, blank=True, on_delete=models.PROTECT, related_name="receipts"
    )
    method = models.CharField(max_length=5, choices=Method.choices)
    reference = models.CharField(max_length=60, blank=True, help_text="Check or card reference")
    cashier = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    total = models.DecimalField(max_digits=10, decimal_places=2)
    voids = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="voided_by"
    )
    void_reason = models.CharField(max_length=200, blank=True)
    license = models.ForeignKey(
        License, null=True, blank=True, on_delete=models.PROTECT, related_name="receipts"
    )

    class Meta:
        ordering = ["-issued_at", "-id"]
        constraints = [unique_per_city("number", "receipt_number_per_city")]

    def __str__(self) -> str:
        return f"Receipt {self.number}"

    def save(self, *args: object, **kwargs: object) -> None:
        if self.pk is not None:
            raise ValidationError("A receipt is never changed; void it with a reversing receipt.")
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    def delete(self, *args: object, **kwargs: object) -> tuple[int, dict[str, int]]:
        raise ValidationError("A receipt is never deleted; void it with a reversing receipt.")

    @property
    def is_void(self) -> bool:
        return hasattr(self, "voided_by")


class ReceiptLine(models.Model):
    receipt = models.ForeignKey(Receipt, on_delete=models.PROTECT, related_name="lines")
    description = models.CharField(max_length=200)
    parameter = models.CharField(max_length=100, help_text="The fee parameter the amount came from")
    section = models.CharField(max_length=40)
    source = models.CharField(max_length=200, help_text="The resolution that set the amount")
    amount = models.DecimalField(max_digits=10, decimal_places=2)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.description}: ${self.amount}"


class OwnershipChange(models.Model):
    """``license.new_owner``: the new owner "must apply within thirty (30) days for a new license"."""

    dog = models.ForeignKey(Dog, on_delete=models.PROTECT, related_name="ownership_changes")
    from_owner = models.ForeignKey(Owner, on_delete=models.PROTECT, related_name="+")
    to_owner = models.ForeignKey(Owner, on_delete=models.PROTECT, related_name="+")
    changed_on = models.DateField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-changed_on", "-id"]


class TagViolation(models.Model):
    """``tag.counterfeit``: a report of a counterfeit, removed or swapped tag."""

    kind = models.CharField(max_length=30)
    observed_on = models.DateField()
    tag = models.ForeignKey(
        Tag, null=True, blank=True, on_delete=models.PROTECT, related_name="violations"
    )
    dog = models.ForeignKey(
        Dog, null=True, blank=True, on_delete=models.PROTECT, related_name="tag_violations"
    )
    narrative = models.TextField(blank=True)
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-observed_on", "-id"]


class DueClock(models.Model):
    """One clock of a dog on the due list (``license.required``, ``.term``,
    ``.minimum_age``, ``.new_resident``, ``.new_owner``), kept so that each
    section of the list is an indexed range with an indexed count (issue 14, item 2).

    Not a record: an index of the records, written by ``licensing.due_clocks.refresh`` in the
    transaction of every change to what it depends on (a license, a dog, its owner's arrival, a
    change of ownership) and rebuilt whole when the parameters it was computed with change
    (``DueClockState``). The rows of the list are still computed from the records by the rules
    core when shown; this table only says which dogs are on which section, in which order."""

    class Kind(models.TextChoices):
        LICENSE = "license", _cited("the license in force ({§license.required}, {§license.term})")
        NEW_RESIDENT = "new_resident", _cited("new resident ({§license.new_resident})")
        OWNERSHIP_CHANGE = "ownership_change", _cited("change of ownership ({§license.new_owner})")
        SIX_MONTHS = "six_months", _cited("the minimum age reached ({§license.minimum_age})")

    dog = models.ForeignKey(Dog, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    #: The date the section is ordered by: the expiry date, the due date, the day a license is
    #: needed from (``NO_DATE`` when the rules core could not compute one: listed last).
    date = models.DateField()
    dog_name = models.CharField(max_length=100)
    #: The last key of the order: the license's id for a license, else the dog's.
    tiebreak = models.BigIntegerField()
    #: The first "as of" date the dog is listed in the section, and the first it no longer is.
    enters_on = models.DateField(null=True)
    leaves_on = models.DateField(null=True)
    #: The first "as of" date the row counts as overdue (None: never, e.g. no due date).
    overdue_from = models.DateField(null=True)
    license = models.ForeignKey(License, null=True, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["dog", "kind"], name="due_clock_one_per_kind"),
        ]
        indexes = [
            models.Index(
                fields=["kind", "date", "dog_name", "tiebreak", "id"], name="due_clock_order"
            ),
            models.Index(fields=["kind", "enters_on"], name="due_clock_enters"),
        ]


class DueClockState(models.Model):
    """Which parameters the stored clocks (``DueClock``) were computed with: the due list reads
    them only while the parameters in force on its date are the same (``fingerprint``); else it
    computes every row, and the periodic task rebuilds the table."""

    fingerprint = models.CharField(max_length=64)
    refreshed_at = models.DateTimeField(default=timezone.now)
