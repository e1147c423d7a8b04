"""Forms of the staff site: they parse input; the rules core decides.

Django 5.2 marks an invalid input with aria-invalid and ties its error message to it through
aria-describedby (id ``<auto_id>_error``); the templates render the message with that id.
"""

from __future__ import annotations

import datetime as dt

from django import forms
from django.utils.functional import lazy

from dogtag.law.clocks import CLOCKS
from dogtag.law.provisions import cite_mapped, together
from dogtag.records.bounds import PlausibleDateField


def _other_date_help() -> str:
    """The help of the other clock's date, naming the section that says which clock controls
    where the city in force has one (``incorporation.state_statutes``)."""
    controlling = together(cite_mapped("incorporation.state_statutes"))
    return (
        "Two clocks run for registering a dangerous dog"
        + (f" ({controlling})" if controlling else "")
        + ": beside the city's days after it was deemed dangerous, give the date of the Notice; "
        "beside the state's days after the Notice, give the day it was deemed dangerous."
    )


class OnDateForm(forms.Form):
    on = PlausibleDateField(
        label="Parameters in force on",
        widget=forms.DateInput(attrs={"type": "date", "class": "usa-input"}),
    )


class DeadlineForm(forms.Form):
    """Date + days (or an ordinance deadline rule) -> due date (Minn. Stat. 645.15)."""

    trigger_date = PlausibleDateField(
        label="Date of the triggering event",
        help_text="The day the notice was served, the hearing held, the dog moved in… (not counted).",
        widget=forms.DateInput(attrs={"type": "date", "class": "usa-input"}),
    )
    rule = forms.ChoiceField(
        label="Deadline rule",
        required=False,
        help_text="Choose the ordinance's deadline, or leave blank and give a number of days.",
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    days = forms.IntegerField(
        label="Number of days",
        required=False,
        min_value=1,
        max_value=3660,
        help_text="Only when no deadline rule is chosen.",
        widget=forms.NumberInput(
            attrs={"class": "usa-input usa-input--small", "inputmode": "numeric"}
        ),
    )
    other_date = PlausibleDateField(
        label="The other clock's date (dangerous-dog registration only)",
        required=False,
        help_text=lazy(_other_date_help, str)(),
        widget=forms.DateInput(attrs={"type": "date", "class": "usa-input"}),
    )
    event = forms.CharField(
        label="What happened",
        required=False,
        max_length=200,
        widget=forms.TextInput(attrs={"class": "usa-input"}),
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["rule"].choices = [("", "— none: count a number of days —")] + [
            (clock.id, f"{clock.section} — {clock.worded().title}")
            # the clocks the city's law fixes, titled in its words
            for clock in sorted((c for c in CLOCKS.values() if c.in_law()), key=lambda c: c.section)
        ]

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        if not cleaned.get("rule") and cleaned.get("days") is None and not self.errors.get("days"):
            self.add_error("days", "Give the number of days, or choose a deadline rule.")
        return cleaned

    @property
    def trigger(self) -> dt.date:
        value = self.cleaned_data["trigger_date"]
        assert isinstance(value, dt.date)
        return value
