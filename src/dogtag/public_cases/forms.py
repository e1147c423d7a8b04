"""The residents' complaint form: it parses and checks the shape of the input; the rules and the
records are the complaints app's services (through ``services.submit_complaint``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from dogtag.complaints.models import Complaint
from dogtag.licensing.phones import PhoneError, normalise
from dogtag.public_cases.services import KIND_LABELS, kind_choices
from dogtag.records.bounds import PlausibleDateField
from dogtag.records.uploads import UploadField
from dogtag.residents.abuse import HoneypotForm

INPUT = {"class": "usa-input"}
DATE = forms.DateInput(attrs={"type": "date", "class": "usa-input"})
TIME = forms.TimeInput(attrs={"type": "time", "class": "usa-input"})
FILE = {"class": "usa-file-input"}


def at(day: dt.date, clock: dt.time) -> dt.datetime:
    """A date and clock time in the city's time zone."""
    return dt.datetime.combine(day, clock, tzinfo=timezone.get_current_timezone())


class ComplaintForm(HoneypotForm):
    kind = forms.ChoiceField(
        label=_("What is the complaint about"),
        choices=[("", _("Choose one")), *KIND_LABELS.items()],
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    occurred_on = PlausibleDateField(label=_("Date it happened (or began)"), widget=DATE)
    occurred_time = forms.TimeField(
        label=_("Time it happened (or began)"),
        help_text=_("City time (Central). An approximate time is fine."),
        widget=TIME,
    )
    address = forms.CharField(
        label=_("Where it happened"),
        max_length=200,
        help_text=_("An address, or a description of the place (road, park, landmark)."),
        widget=forms.TextInput(attrs=INPUT),
    )
    narrative = forms.CharField(
        label=_("What happened"),
        max_length=5000,
        help_text=_(
            "What you saw or heard, how long and how often, and the dog or animal (color, size)."
        ),
        widget=forms.Textarea(attrs={"class": "usa-textarea", "rows": 6}),
    )
    recording = UploadField(
        label=_("A sound recording (WAV or FLAC), for barking"),
        required=False,
        widget=forms.ClearableFileInput(
            attrs={**FILE, "accept": ".wav,.flac,audio/wav,audio/flac"}
        ),
    )
    recording_started_on = PlausibleDateField(
        label=_("Date the recording started"), required=False, widget=DATE
    )
    recording_started_time = forms.TimeField(
        label=_("Time the recording started"),
        required=False,
        help_text=_("City time (Central), so each bark can be timed."),
        widget=TIME,
    )
    noise_log = UploadField(
        label=_("A noise log (CSV), for barking"),
        required=False,
        help_text=_(
            "One noise per row: the time in a column named time, timestamp, when or noise, "
            "else the first column."
        ),
        widget=forms.ClearableFileInput(attrs={**FILE, "accept": ".csv,text/csv,text/plain"}),
    )
    log_date = PlausibleDateField(
        label=_("Date of the noises in the log"),
        required=False,
        help_text=_("Needed when the log has clock times only."),
        widget=DATE,
    )
    photo = UploadField(
        label=_("A photo"),
        required=False,
        widget=forms.ClearableFileInput(attrs={**FILE, "accept": "image/*"}),
    )
    complainant_name = forms.CharField(
        label=_("Your name"),
        required=False,
        max_length=200,
        widget=forms.TextInput(attrs={**INPUT, "autocomplete": "name"}),
    )
    complainant_phone = forms.CharField(
        label=_("Your phone"),
        required=False,
        max_length=20,
        widget=forms.TextInput(attrs={**INPUT, "type": "tel", "autocomplete": "tel"}),
    )
    complainant_address = forms.CharField(
        label=_("Your address"),
        required=False,
        max_length=200,
        widget=forms.TextInput(attrs={**INPUT, "autocomplete": "street-address"}),
    )
    complainant_email = forms.EmailField(
        label=_("Your e-mail address"),
        required=False,
        max_length=254,
        help_text=_("We e-mail you the link to follow the complaint, and each change of status."),
        widget=forms.EmailInput(attrs={**INPUT, "autocomplete": "email"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # the kinds the city in force takes, in its law's words
        self.fields["kind"].choices = [("", _("Choose one")), *kind_choices()]

    def clean_complainant_phone(self) -> str:
        phone = self.cleaned_data["complainant_phone"].strip()
        if phone:
            try:
                normalise(phone)
            except PhoneError:
                raise forms.ValidationError(_("This is not a phone number.")) from None
        return phone

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        barking = data.get("kind") == Complaint.Kind.BARKING
        for name in ("recording", "noise_log"):
            if data.get(name) and not barking:
                self.add_error(name, _("A recording or noise log goes with a barking complaint."))
        if data.get("recording"):
            for name in ("recording_started_on", "recording_started_time"):
                if not data.get(name):
                    self.add_error(name, _("Say when the recording started."))
        day, clock = data.get("occurred_on"), data.get("occurred_time")
        if day and clock and at(day, clock) > timezone.now():
            self.add_error("occurred_time", _("This is in the future."))
        return data

    def service_fields(self) -> dict[str, Any]:
        d = self.cleaned_data
        return {
            "kind": d["kind"],
            "occurred_at": at(d["occurred_on"], d["occurred_time"]),
            "address": d["address"],
            "narrative": d["narrative"],
            "complainant_name": d["complainant_name"],
            "complainant_phone": d["complainant_phone"],
            "complainant_address": d["complainant_address"],
            "complainant_email": d["complainant_email"],
        }

    @property
    def recording_started_at(self) -> dt.datetime | None:
        d = self.cleaned_data
        if not d.get("recording"):
            return None
        return at(d["recording_started_on"], d["recording_started_time"])


class HearingRequestForm(HoneypotForm):
    case_number = forms.CharField(
        label=_("Case number"),
        max_length=20,
        help_text=_("On the Notice of Dangerous Dog, for example DD2026-0001."),
        widget=forms.TextInput(attrs={**INPUT, "autocomplete": "off"}),
    )
    code = forms.CharField(
        label=_("Hearing request code"),
        max_length=20,
        help_text=_(
            "Printed on the notice beside this page’s address (twelve letters and digits)."
        ),
        widget=forms.TextInput(attrs={**INPUT, "autocomplete": "off", "spellcheck": "false"}),
    )
    requested_by = forms.CharField(
        label=_("Your name"),
        max_length=200,
        help_text=_("The owner, or the person claiming an interest in the dog."),
        widget=forms.TextInput(attrs={**INPUT, "autocomplete": "name"}),
    )
    phone = forms.CharField(
        label=_("Your phone"),
        required=False,
        max_length=20,
        widget=forms.TextInput(attrs={**INPUT, "type": "tel", "autocomplete": "tel"}),
    )
    email = forms.EmailField(
        label=_("Your e-mail address"),
        required=False,
        max_length=254,
        help_text=_("We e-mail your confirmation (PDF) to this address."),
        widget=forms.EmailInput(attrs={**INPUT, "autocomplete": "email"}),
    )
    represented_by = forms.CharField(
        label=_("Your lawyer, if you have one"),
        required=False,
        max_length=200,
        widget=forms.TextInput(attrs=INPUT),
    )
    reasons = forms.CharField(
        label=_("Why you disagree (optional)"),
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"class": "usa-textarea", "rows": 5}),
    )
    understood = forms.BooleanField(
        label=_(
            "I understand that the owner who requests a hearing is liable for its costs, and that "
            "until the Hearing Officer decides I must comply with Minn. Stat. 347.52 (a) to (c)."
        ),
        widget=forms.CheckboxInput(attrs={"class": "usa-checkbox__input"}),
    )
