"""A dangerous-animal case and its append-only, dated events (``law.dangerous_animal_procedure``).

One ``AnimalCase`` per designation of an animal (any animal, not only a dog: the designation's
provision covers any): the animal (a dog on record, or a description and its kind), its owner,
who opened it and when. Every later step, of the case and of a forfeiture of the animal, is an
``AnimalCaseEvent`` with the facts the procedure reads and the ``Decision`` holding the rules
core's findings. A forfeiture's events are the same case's: the rules core reads one log of both
(``dangerous-dog-case``), and a forfeiture is of the animal the case is about (or, on its
grounds, of the owner's other animals, which the notice states). Events are only added, by
``services.record_event``; none is changed or deleted.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from dogtag.law import dangerous_animal_procedure as procedure
from dogtag.records.jurisdiction import field as jurisdiction_field
from dogtag.records.jurisdiction import unique_per_city

#: every kind of event a case's log holds: the case's, then a forfeiture's
EVENT_KINDS = tuple(dict.fromkeys((*procedure.KINDS, *procedure.FORFEITURE_KINDS)))


def animal_kinds() -> list[tuple[str, str]]:
    return [(a, a) for a in procedure.ANIMALS]


def event_kinds() -> list[tuple[str, str]]:
    return [("designated", "designated"), *((k, k.replace("_", " ")) for k in EVENT_KINDS)]


class AnimalCase(models.Model):
    jurisdiction = jurisdiction_field()
    number = models.CharField(max_length=20)
    animal = models.CharField(
        "kind of animal", max_length=10, choices=animal_kinds, help_text="The conditions differ."
    )
    dog = models.ForeignKey(
        "licensing.Dog",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="dangerous_animal_cases",
    )
    description = models.CharField(
        "description of the animal", max_length=300, help_text="Species, name, color, markings."
    )
    owner = models.ForeignKey(
        "licensing.Owner", on_delete=models.PROTECT, related_name="dangerous_animal_cases"
    )
    designated_on = models.DateField()
    basis = models.TextField("the officer's evidence", max_length=4000)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    opened_at = models.DateTimeField(default=timezone.now)
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["-designated_on", "-id"]
        constraints = [unique_per_city("number", "dangerous_animal_case_number_per_city")]

    def __str__(self) -> str:
        return f"Case {self.number}"


class AnimalCaseEvent(models.Model):
    """One dated step of the case or of a forfeiture: its kind, day and facts, who recorded it
    and when, and the decision behind it."""

    case = models.ForeignKey(AnimalCase, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(max_length=32, choices=event_kinds)
    on = models.DateField(help_text="The legal date of the step.")
    #: the facts the procedure reads (``disposition``, ``method``, ``hearing_on`` ...), as JSON
    details = models.JSONField(default=dict, blank=True)
    note = models.TextField(max_length=2000, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(default=timezone.now)
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["on", "id"]

    def __str__(self) -> str:
        return f"{self.case.number} {self.on}: {self.kind}"

    @property
    def facts_text(self) -> str:
        """The event's facts in words: "disposition: conditions; conditions: enclosure, ..." """

        def said(value: object) -> str:
            if isinstance(value, bool):
                return "yes" if value else "no"
            if isinstance(value, list):
                return ", ".join(str(v).replace("_", " ") for v in value)
            return str(value).replace("_", " ")

        return "; ".join(f"{k.replace('_', ' ')}: {said(v)}" for k, v in self.details.items())
