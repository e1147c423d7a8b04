"""Found dogs (issue 12 item 3): every public lookup of a tag, license or microchip number, the
messages finders ask the city to relay to an owner, and the dogs their owners reported lost.

None of these is a legal record of the ordinance: a lookup and a relayed message are kept as the
city's log (who asked, from which address, what they were told), and a lost report keeps its
history (who reported, when, and when the dog was found again) through django-simple-history.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.functional import lazy
from simple_history.models import HistoricalRecords

from dogtag.law.provisions import cited_in
from dogtag.records.jurisdiction import field as jurisdiction_field


def _word(text: str) -> str:
    return cited_in(text, lenient=True)


#: a choice with ``{§concept}``, worded when shown (the city in force)
_cited = lazy(_word, str)


class Lookup(models.Model):
    """One lookup on the public page: the number as typed, what it matched, what was answered."""

    class MatchedBy(models.TextChoices):
        TAG = "tag", _cited("tag ({§tag.furnished})")
        LICENSE = "license", _cited("license number ({§license.application})")
        MICROCHIP = "microchip", "microchip"
        NOTHING = "", "not found"

    jurisdiction = jurisdiction_field()
    at = models.DateTimeField(default=timezone.now)
    #: The number as typed (bounded by the form), and as compared (trimmed, upper case, no dashes).
    typed = models.CharField(max_length=40)
    normalised = models.CharField(max_length=40)
    #: The client's address, as the accounts app keeps a failed sign-in's (django-axes).
    client_address = models.GenericIPAddressField(null=True, blank=True)
    matched_by = models.CharField(max_length=10, choices=MatchedBy.choices, blank=True)
    dog = models.ForeignKey(
        "licensing.Dog", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: Whether the answer was "licensed in the city now" (a license in force that day).
    licensed = models.BooleanField(default=False)
    #: The dog was reported lost when it was looked up: its owner and staff were told.
    lost = models.ForeignKey(
        "LostReport", null=True, blank=True, on_delete=models.PROTECT, related_name="sightings"
    )

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["-at"], name="found_lookup_at")]
        default_permissions = ()
        permissions = [
            (
                "view_found_reports",
                "See the found-dog lookups, the messages relayed to owners and lost dogs",
            )
        ]

    def __str__(self) -> str:
        return f"Lookup of {self.typed!r} at {self.at:%Y-%m-%d %H:%M}"

    @property
    def found(self) -> bool:
        return self.dog_id is not None


class RelayMessage(models.Model):
    """A finder's message to a dog's owner, relayed by the city: the finder never learns who the
    owner is; the owner gets the finder's message and how to reach them."""

    jurisdiction = jurisdiction_field()
    lookup = models.ForeignKey(Lookup, on_delete=models.PROTECT, related_name="messages")
    dog = models.ForeignKey("licensing.Dog", on_delete=models.PROTECT, related_name="+")
    received_at = models.DateTimeField(default=timezone.now)
    finder_name = models.CharField(max_length=100, blank=True)
    finder_phone = models.CharField(max_length=30, blank=True)
    finder_email = models.EmailField(max_length=254, blank=True)
    message = models.TextField()
    client_address = models.GenericIPAddressField(null=True, blank=True)
    #: Whether an e-mail to the owner was queued; if not, staff phone the owner.
    owner_emailed = models.BooleanField(default=False)

    class Meta:
        ordering = ["-received_at", "-id"]
        default_permissions = ()
        constraints = [
            models.CheckConstraint(
                condition=~Q(finder_phone="") | ~Q(finder_email=""),
                name="found_relay_finder_reachable",
            )
        ]

    def __str__(self) -> str:
        return f"Message about dog {self.dog_id} at {self.received_at:%Y-%m-%d %H:%M}"


class LostReport(models.Model):
    """An owner's report that their dog is lost, and later that it was found again."""

    jurisdiction = jurisdiction_field()
    dog = models.ForeignKey("licensing.Dog", on_delete=models.PROTECT, related_name="lost_reports")
    reported_at = models.DateTimeField(default=timezone.now)
    reported_by = models.ForeignKey(
        "residents.ResidentAccount", on_delete=models.PROTECT, related_name="+"
    )
    last_seen_at = models.DateTimeField()
    last_seen_where = models.CharField(max_length=200)
    note = models.TextField(blank=True)
    found_again_at = models.DateTimeField(null=True, blank=True)
    found_again_by = models.ForeignKey(
        "residents.ResidentAccount",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-reported_at", "-id"]
        default_permissions = ()
        constraints = [
            # one open report per dog: a dog is lost once until it is found again
            models.UniqueConstraint(
                fields=["dog"],
                condition=Q(found_again_at__isnull=True),
                name="found_one_open_lost_report_per_dog",
            )
        ]

    def __str__(self) -> str:
        return f"Dog {self.dog_id} reported lost {self.reported_at:%Y-%m-%d}"

    @property
    def is_open(self) -> bool:
        return self.found_again_at is None
