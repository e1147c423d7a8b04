"""The forms of the registration and its revocation (dangerous_dog.registration_requirements to
dangerous_dog.revocation, dangerous_dog.inspection): the Certificate of
Registration, inspections, the notice, hearing and order of revocation."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.html import format_html

from dogtag.dangerous_dogs import prose
from dogtag.dangerous_dogs.forms.designation import HoldForm
from dogtag.dangerous_dogs.forms.fields import (
    INSPECTION,
    MONEY,
    RADIO,
    REGISTRATION,
    TIME,
    area_field,
    check_field,
    date_field,
    local_datetime,
    say,
    text_field,
)
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.dangerous_dogs.provisions import (
    INSURANCE,
    REGISTRATION_FEE,
    REVOCATION_DISPOSITION,
    REVOCATION_HEARING,
    cites,
    sec,
)
from dogtag.licensing.models import Receipt
from dogtag.records.bounds import MAX_COVERAGE, AmountField
from dogtag.records.facts import from_fact


class RegistrationForm(forms.Form):
    """The registration requirements (dangerous_dog.registration_requirements), the warning
    symbol and the tag, and the fee paid (dangerous_dog.registration_fee). The license and rabies
    vaccination (dangerous_dog.registration_requirements.license_and_vaccinations) are read from
    the licensing records."""

    on = date_field("Date")
    proper_enclosure = area_field(
        cites(
            "The Proper Enclosure shown ({§dangerous_dog.registration_requirements.proper_enclosure})"
        ),
        "Describe it; leave empty if not shown.",
        required=False,
    )
    signs_on_buildings = check_field(
        **from_fact(REGISTRATION, "signs_front_and_rear_of_all_buildings", as_label=True)
    )
    sign_on_enclosure = check_field(**from_fact(REGISTRATION, "sign_on_enclosure", as_label=True))
    insurer = text_field(
        cites("Insurer ({§dangerous_dog.registration_requirements.insurance})"), required=False
    )
    policy_number = text_field("Policy number", required=False, max_length=60)
    insurance_per_person = AmountField(
        label="Coverage per person ($)",
        maximum=MAX_COVERAGE,
        widget=forms.TextInput(attrs=MONEY),
        **from_fact(REGISTRATION, "insurance_per_person"),
    )
    insurance_per_incident = AmountField(
        label="Coverage per incident ($)",
        maximum=MAX_COVERAGE,
        widget=forms.TextInput(attrs=MONEY),
        **from_fact(REGISTRATION, "insurance_per_incident"),
    )
    insurance_prepaid = check_field(
        "Prepaid in full", **from_fact(REGISTRATION, "insurance_prepaid")
    )
    insurance_expires_on = date_field("Policy expires on", required=False)
    microchip_manufacturer = text_field(
        cites("Microchip manufacturer ({§dangerous_dog.registration_requirements.microchip})"),
        **from_fact(REGISTRATION, "microchip_manufacturer"),
    )
    microchip_number = text_field(
        "Microchip number", max_length=30, **from_fact(REGISTRATION, "microchip_number")
    )
    other_vaccinations_current = check_field(
        cites(
            "Up to date on all vaccinations besides rabies "
            "({§dangerous_dog.registration_requirements.license_and_vaccinations})"
        ),
        "Rabies and the license are read from the dog's licensing records.",
    )
    sterilized_on = date_field(
        cites("Sterilized on ({§dangerous_dog.registration_requirements.sterilization})"),
        "Leave empty if the dog record already says sterilized.",
        required=False,
    )
    warning_symbols = forms.IntegerField(
        label=cites("Warning symbols provided for posting ({§dangerous_dog.warning_symbol})"),
        min_value=0,
        max_value=20,
        initial=0,
        widget=forms.NumberInput(attrs={"class": "usa-input usa-input--small"}),
    )
    tag_number = text_field(
        cites("Dangerous-dog tag number ({§dangerous_dog.tag})"), required=False, max_length=30
    )
    method = forms.ChoiceField(
        label="Fee paid by",
        choices=[("", "not paid"), *Receipt.Method.choices],
        required=False,
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    amount = AmountField(
        label=cites(
            "Amount paid ($): the annual fee ({§dangerous_dog.registration_requirements.fee}, "
            "{§dangerous_dog.registration_fee}), plus the warning symbols "
            "({§dangerous_dog.warning_symbol|within}) once the council has set their fee"
        ),
        widget=forms.TextInput(attrs=MONEY),
        **from_fact(REGISTRATION, "fee_paid"),
    )
    reference = text_field("Check or card reference", required=False, max_length=60)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, key in (
            ("insurance_per_person", "dangerous_dog.insurance.per_person"),
            ("insurance_per_incident", "dangerous_dog.insurance.per_incident"),
        ):
            say(
                self,
                name,
                format_html("At least {} ({}).", prose.value_html(key, "money"), sec(INSURANCE)),
            )
        say(
            self,
            "amount",
            format_html(
                "The annual fee in force is {} ({}).",
                prose.value_html("fees.dangerous_dog.registration"),
                sec(REGISTRATION_FEE),
            ),
        )

    def fee_paid(self) -> Decimal | None:
        d = self.cleaned_data
        return d["amount"] if d.get("method") and d.get("amount") is not None else None


class InspectionForm(forms.Form):
    on = date_field("Date of the inspection")
    permitted = forms.TypedChoiceField(
        label=cites("Entry ({§dangerous_dog.inspection})"),
        choices=[("yes", "The owner permitted the inspection"), ("no", "The owner refused it")],
        coerce=lambda v: v == "yes",
        widget=forms.RadioSelect(attrs=RADIO),
        **from_fact(INSPECTION, "permitted", required=True),
    )
    compliant = forms.TypedChoiceField(
        label="If inspected: the dog was kept",
        choices=[("", "not inspected"), ("yes", "in compliance"), ("no", "not in compliance")],
        coerce=lambda v: {"yes": True, "no": False}.get(v),
        empty_value=None,
        widget=forms.Select(attrs={"class": "usa-select"}),
        **from_fact(INSPECTION, "compliant"),
    )
    notes = area_field("What was inspected and found, or how entry was refused")


class RevocationNoticeForm(forms.Form):
    reasons = area_field(
        cites(
            "The alleged reasons the dog is not kept in conformance "
            "({§dangerous_dog.revocation.hearing})"
        )
    )
    served_on = date_field("Date the notice was served")
    method = forms.ChoiceField(
        label="How it was served",
        choices=DangerousDogCase.ServiceMethod.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    hearing_date = date_field("Hearing date")
    hearing_time = forms.TimeField(label="Hearing time", widget=forms.TimeInput(attrs=TIME))
    place = text_field("Location of the hearing")
    good_cause = area_field("Good cause for a later date", required=False)  # worded in __init__

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        days = prose.period("dangerous_dog.revocation_hearing")
        say(
            self,
            "hearing_date",
            format_html(
                "Within {} of the notice ({}).",
                prose.said(days, "words_unit"),
                sec(REVOCATION_HEARING),
            ),
        )
        self.fields["good_cause"].label = (
            f"Good cause for a date after the {prose.days('dangerous_dog.revocation_hearing')} "
            "(Hearing Officer only)"
        )

    def hearing_at(self) -> dt.datetime:
        d = self.cleaned_data
        return local_datetime(d["hearing_date"], d["hearing_time"])


class RevocationHearingForm(HoldForm):
    pass


class RevocationOrderForm(forms.Form):
    decided_on = date_field("Date of the order")
    outcome = forms.ChoiceField(
        label=cites("Outcome ({§dangerous_dog.revocation.disposition})"),
        choices=[
            ("not_revoked", "not revoked"),
            ("dispose", "revoked; the dog to be disposed of immediately"),
            ("reclaim", "revoked; the owner may obtain the dog within the time allowed"),
        ],
        widget=forms.RadioSelect(attrs=RADIO),
    )
    findings_of_fact = area_field("Findings of fact")
    owner_in_compliance = check_field(
        "The owner is in compliance with all registration requirements (needed to allow time to "
        "obtain the dog)"
    )
    reclaim_by = date_field("Last day to obtain the dog", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        say(
            self,
            "reclaim_by",
            format_html(
                "At most {} ({}); empty for the longest allowed.",
                prose.days_html("dangerous_dog.revocation_reclaim"),
                sec(REVOCATION_DISPOSITION),
            ),
        )
