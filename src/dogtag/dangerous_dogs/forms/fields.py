"""What the dangerous-dog forms share: the questions whose facts they ask, the USWDS widget
attributes, the field makers, and the sentence that words a parameter in a help text."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString

from dogtag.records.bounds import PlausibleDateField

# The questions whose facts the forms ask (``dogtag evaluate QUESTION --schema``).
CASE = "dangerous-dog-case"
DESIGNATION = "dangerous-dog-designation"
HEARING = "dangerous-dog-hearing"
PENDING = "dangerous-dog-pending-hearing"
REGISTRATION = "dangerous-dog-registration"
INSPECTION = "dangerous-dog-inspection"
OWNER_NOTICE = "dangerous-dog-owner-notice"
RENTAL = "dangerous-dog-rental-disclosure"
RELEASE = "dangerous-dog-release"

DATE = {"type": "date", "class": "usa-input"}
TIME = {"type": "time", "class": "usa-input usa-input--small"}
TEXT = {"class": "usa-input"}
AREA = {"class": "usa-textarea", "rows": 3}
CHECK = {"class": "usa-checkbox__input"}
RADIO = {"class": "usa-radio__input"}
MONEY = {"class": "usa-input usa-input--medium", "inputmode": "decimal"}


def date_field(label: str, help_text: str = "", required: bool = True) -> forms.DateField:
    return PlausibleDateField(
        label=label, help_text=help_text, required=required, widget=forms.DateInput(attrs=DATE)
    )


def text_field(
    label: str, help_text: str = "", required: bool = True, max_length: int = 200
) -> forms.CharField:
    return forms.CharField(
        label=label,
        help_text=help_text,
        required=required,
        widget=forms.TextInput(attrs=TEXT),
        max_length=max_length,
    )


def area_field(label: str, help_text: str = "", required: bool = True) -> forms.CharField:
    return forms.CharField(
        label=label, help_text=help_text, required=required, widget=forms.Textarea(attrs=AREA)
    )


def check_field(label: str, help_text: str = "", required: bool = False) -> forms.BooleanField:
    return forms.BooleanField(
        label=label,
        help_text=help_text,
        required=required,
        widget=forms.CheckboxInput(attrs=CHECK),
    )


def say(form: forms.BaseForm, name: str, words: SafeString) -> None:
    """Add to a field's help text a sentence that words a parameter in force, after the fact's
    description: done when the form is made, so it says the values in force then."""
    field = form.fields[name]
    described = str(field.help_text or "").rstrip(".")
    field.help_text = format_html("{}. {}", described, words) if described else words


def local_datetime(day: dt.date, time: dt.time) -> dt.datetime:
    """A date and time typed at the desk, in the city's time zone."""
    return timezone.make_aware(dt.datetime.combine(day, time))
