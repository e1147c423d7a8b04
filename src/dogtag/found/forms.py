"""The found-dog page's forms: the number looked up, the finder's message, a lost report."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from dogtag.found.matching import MAX_TYPED, is_well_formed, normalise
from dogtag.records.bounds import PlausibleDateTimeField
from dogtag.records.office import DeskForm
from dogtag.residents.abuse import HoneypotForm

PHONE = re.compile(r"^\+?[0-9 ().\-]{7,30}$")
MAX_MESSAGE = 2000


class LookupForm(DeskForm):
    number = forms.CharField(
        label=_("Tag, license or microchip number"),
        max_length=MAX_TYPED,
        help_text=_(
            "As it is written on the dog’s tag, license or microchip reader: spaces, dashes and "
            "capital letters do not matter."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )

    def clean_number(self) -> str:
        typed = str(self.cleaned_data["number"]).strip()
        if not is_well_formed(normalise(typed)):
            raise ValidationError(
                _("Type the letters and digits of the number, for example 2026-0001."),
                code="invalid",
            )
        return typed


class RelayForm(HoneypotForm, DeskForm):
    token = forms.CharField(widget=forms.HiddenInput, max_length=200)
    message = forms.CharField(
        label=_("Your message to the owner"),
        max_length=MAX_MESSAGE,
        help_text=_("Where the dog is, how it is, and when you can be reached."),
        widget=forms.Textarea(attrs={"rows": 5}),
    )
    finder_name = forms.CharField(
        label=_("Your name (optional)"),
        max_length=100,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
    )
    finder_phone = forms.CharField(
        label=_("Your phone number"),
        max_length=30,
        required=False,
        help_text=_("A phone number or an e-mail address, so the owner can reach you."),
        widget=forms.TextInput(attrs={"autocomplete": "tel", "type": "tel"}),
    )
    finder_email = forms.EmailField(
        label=_("Your e-mail address"),
        max_length=254,
        required=False,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def clean_finder_phone(self) -> str:
        phone = str(self.cleaned_data.get("finder_phone") or "").strip()
        if phone and not PHONE.match(phone):
            raise ValidationError(
                _("Type a phone number with its digits, for example 763-555-0100."), code="invalid"
            )
        return phone

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.errors and not (cleaned.get("finder_phone") or cleaned.get("finder_email")):
            self.add_error(
                "finder_phone",
                ValidationError(
                    _("Give a phone number or an e-mail address, so the owner can reach you."),
                    code="required",
                ),
            )
        return cleaned


class LostForm(DeskForm):
    last_seen_at = PlausibleDateTimeField(
        label=_("When did you last see your dog?"),
        help_text=_("Date and time, for example 2026-12-03 08:30."),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    last_seen_where = forms.CharField(
        label=_("Where was it last seen?"),
        max_length=200,
        help_text=_("A street, a crossing or a place: for the city and whoever finds your dog."),
    )
    note = forms.CharField(
        label=_("Anything else (optional)"),
        max_length=1000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def clean_last_seen_at(self) -> Any:
        seen = self.cleaned_data["last_seen_at"]
        if seen > timezone.now():
            raise ValidationError(_("That time is still to come."), code="future")
        return seen
