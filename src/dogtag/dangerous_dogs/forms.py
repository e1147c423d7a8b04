"""The forms of the dangerous-dog case: each parses one step's input for one service.

They hold no rules: whether a step may happen, and what the law finds, is the service's and the
rules core's. Labels use the ordinance's words and cite the subsection the field serves.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django import forms
from django.utils import timezone

from dogtag.complaints.models import Complaint
from dogtag.dangerous_dogs.models import (
    ConditionsReview,
    DangerousDogCase,
    Order,
    RentalDisclosure,
)
from dogtag.law.dangerous_dogs import CONDITIONS, CRITERIA, DESTRUCTION_CRITERIA, EXEMPTIONS
from dogtag.licensing.models import Receipt
from dogtag.records.bounds import MAX_COVERAGE, AmountField, PlausibleDateField

DATE = {"type": "date", "class": "usa-input"}
TIME = {"type": "time", "class": "usa-input usa-input--small"}
TEXT = {"class": "usa-input"}
AREA = {"class": "usa-textarea", "rows": 3}
CHECK = {"class": "usa-checkbox__input"}
RADIO = {"class": "usa-radio__input"}
MONEY = {"class": "usa-input usa-input--medium", "inputmode": "decimal"}


def _date(label: str, help_text: str = "", required: bool = True) -> forms.DateField:
    return PlausibleDateField(
        label=label, help_text=help_text, required=required, widget=forms.DateInput(attrs=DATE)
    )


def _text(label: str, help_text: str = "", required: bool = True, **kw: Any) -> forms.CharField:
    return forms.CharField(
        label=label,
        help_text=help_text,
        required=required,
        widget=forms.TextInput(attrs=TEXT),
        max_length=kw.get("max_length", 200),
    )


def _area(label: str, help_text: str = "", required: bool = True) -> forms.CharField:
    return forms.CharField(
        label=label, help_text=help_text, required=required, widget=forms.Textarea(attrs=AREA)
    )


def _check(label: str, help_text: str = "") -> forms.BooleanField:
    return forms.BooleanField(
        label=label, help_text=help_text, required=False, widget=forms.CheckboxInput(attrs=CHECK)
    )


def local_datetime(day: dt.date, time: dt.time) -> dt.datetime:
    """A date and time typed at the desk, in the city's time zone."""
    return timezone.make_aware(dt.datetime.combine(day, time))


class DesignationForm(forms.Form):
    """3-2-9.A, A.1.a, A.6: who designates, on what criteria, the incidents, any seizure."""

    on = _date("Date of the designation")
    authority = forms.ChoiceField(
        label="Designated by",
        choices=DangerousDogCase.Authority.choices,
        initial=DangerousDogCase.Authority.ANIMAL_CONTROL,
        widget=forms.RadioSelect(attrs=RADIO),
        help_text="3-2-9.A: the Animal Control Authority or the Hearing Officer.",
    )
    exemptions = forms.MultipleChoiceField(
        label="Exemptions present (3-2-9.A.6): the person who sustained the threat, injury or "
        "damage…",
        choices=[(k, f"{text} ({section})") for k, (section, text) in EXEMPTIONS.items()],
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs=CHECK),
        help_text="Checked first: if any is present, the dog may not be declared dangerous.",
    )
    criteria = forms.MultipleChoiceField(
        label="Criteria met (Minn. Stat. 347.50 subd. 2, through 3-2-8): the dog…",
        choices=[(k, f"{text} ({section})") for k, (section, text) in CRITERIA.items()],
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs=CHECK),
    )
    factual_basis = _area("The factual basis for the determination (3-2-9.A.1.a(2))")
    incident_date = _date("Incident: date (3-2-9.A.1.a)")
    incident_time = forms.TimeField(label="Incident: time", widget=forms.TimeInput(attrs=TIME))
    incident_place = _text("Incident: place")
    incident_facts = _area("Incident: facts")
    incident2_date = _date("Second incident: date", required=False)
    incident2_time = forms.TimeField(
        label="Second incident: time", required=False, widget=forms.TimeInput(attrs=TIME)
    )
    incident2_place = _text("Second incident: place", required=False)
    incident2_facts = _area("Second incident: facts", required=False)
    complaints = forms.ModelMultipleChoiceField(
        label="Complaints that are evidence",
        queryset=Complaint.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs=CHECK),
    )
    seized = _check("The dog was seized (3-2-9.A.1.a(4))")
    kept_at = _text("Where the dog is kept", required=False)
    contact_address = _text("Contact person's address", required=False)
    contact_phone = _text("Contact person's telephone", required=False, max_length=20)

    def __init__(self, *args: Any, dog: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if dog is not None:
            self.fields["complaints"].queryset = Complaint.objects.filter(dogs=dog).order_by(
                "-received_at"
            )
            self.fields["complaints"].label_from_instance = lambda c: (  # type: ignore[attr-defined]
                f"{c.number}: {c.get_kind_display()}, {timezone.localtime(c.occurred_at):%Y-%m-%d}"
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        second = [data.get(f"incident2_{k}") for k in ("date", "time", "place", "facts")]
        if any(second) and not all(second):
            raise forms.ValidationError(
                "Give the second incident's date, time, place and facts, or none of them."
            )
        return data

    def incidents(self) -> list[tuple[dt.datetime, str, str]]:
        d = self.cleaned_data
        found = [
            (
                local_datetime(d["incident_date"], d["incident_time"]),
                d["incident_place"],
                d["incident_facts"],
            )
        ]
        if d.get("incident2_date"):
            found.append(
                (
                    local_datetime(d["incident2_date"], d["incident2_time"]),
                    d["incident2_place"],
                    d["incident2_facts"],
                )
            )
        return found


class DateForm(forms.Form):
    on = _date("Date")


class ServiceForm(forms.Form):
    served_on = _date(
        "Date of service",
        "The fourteen days to request a hearing count from this day (3-2-9.A.1.c; LEGAL-NOTES "
        "§6.5).",
    )
    method = forms.ChoiceField(
        label="How the notice was served (3-2-9.A.1.a)",
        choices=DangerousDogCase.ServiceMethod.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    served_person = _text("Person served", "Not needed for mail.", required=False)
    served_address = _text("Address (residence or mailing)", required=False)


class HearingRequestForm(forms.Form):
    received_on = _date(
        "Day the Animal Control Authority received the request",
        "The hearing must be held within fourteen days after this day (3-2-9.A.2.a).",
    )
    requested_by = _text("Requested by")
    in_writing = _check(
        "The request was submitted in writing (3-2-9.A.1.c)",
        "A spoken request is not a request for a hearing.",
    )
    note = _area("Note", required=False)


class ScheduleForm(forms.Form):
    on = _date("Date scheduled")
    hearing_date = _date("Hearing date")
    hearing_time = forms.TimeField(label="Hearing time", widget=forms.TimeInput(attrs=TIME))
    place = _text("Place")
    good_cause = _area(
        "Good cause for a date after the fourteen days (Hearing Officer only, 3-2-9.A.2.a)",
        required=False,
    )

    def scheduled_at(self) -> dt.datetime:
        d = self.cleaned_data
        return local_datetime(d["hearing_date"], d["hearing_time"])


class PendingForm(forms.Form):
    on = _date("Date")
    seized = forms.TypedChoiceField(
        label="Pending the hearing (3-2-9.A.2.b)",
        choices=[("no", "The owner showed the proof"), ("yes", "The dog was seized")],
        coerce=lambda v: v == "yes",
        widget=forms.RadioSelect(attrs=RADIO),
    )
    enclosure_or_leash_and_muzzle = _check(
        "Kept only in a Proper Enclosure unless restrained on a leash with a muzzle"
    )
    no_unreasonable_risk = _area(
        "What shows the dog presents no unreasonable risk of harm", required=False
    )
    kept_at = _text("If seized: where the dog is kept", required=False)
    contact_address = _text("If seized: contact address", required=False)
    contact_phone = _text("If seized: contact telephone", required=False, max_length=20)


class HoldForm(forms.Form):
    held_on = _date("Date the hearing was held")
    authority_represented_by = _text("The Animal Control Authority represented by (3-2-9.A.2.d)")
    owner_represented_by = _text(
        "The owner represented by", "The owner in person, or private counsel (3-2-9.A.2.d)."
    )
    witnesses = _area("Witnesses (3-2-9.A.2.e)", required=False)
    evidence = _area("Documentary evidence received (3-2-9.A.2.c, e)", required=False)
    destruction_sought = _check(
        "The Authority seeks to destroy the dog",
        "Sets the standard: clear and convincing evidence (3-2-9.A.2.f).",
    )


class OrderForm(forms.Form):
    issued_on = _date("Date of the order", "Due within ten days after the hearing (3-2-9.A.2.g).")
    disposition = forms.ChoiceField(
        label="Disposition",
        choices=Order.Disposition.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    findings_of_fact = _area("Findings of fact")
    received_on = _date(
        "Day the owner received the order",
        "Starts the fourteen days to comply (3-2-9.A.1.d), if known.",
        required=False,
    )
    seizure_not_justified = _check(
        "The seizure or impoundment was not substantially justified by law (3-2-9.A.1.f, A.5)"
    )
    kept_at = _text(
        "For custody only — where the dog will be kept (3-2-9.A.2.g, A.1.a(4))", required=False
    )
    contact_address = _text("For custody only — the contact person's address", required=False)
    contact_phone = _text(
        "For custody only — the contact person's telephone", required=False, max_length=20
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key, (section, text) in DESTRUCTION_CRITERIA.items():
            self.fields[f"destruction_{key}"] = _area(
                f"For destruction only — finding of fact that {text} ({section})", required=False
            )

    def destruction_findings(self) -> dict[str, str]:
        return {k: self.cleaned_data.get(f"destruction_{k}", "") for k in DESTRUCTION_CRITERIA}


class RegistrationForm(forms.Form):
    """3-2-9.B.3 a-g, E.4, E.5, and the fee paid (B.5). The license and rabies vaccination
    (B.3.f) are read from the licensing records."""

    on = _date("Date")
    proper_enclosure = _area(
        "The Proper Enclosure shown (3-2-9.B.3.a)",
        "Describe it; leave empty if not shown.",
        required=False,
    )
    signs_on_buildings = _check("Warning signs on the front and rear of all buildings (B.3.b)")
    sign_on_enclosure = _check("Warning sign on the Proper Enclosure (B.3.b)")
    insurer = _text("Insurer (3-2-9.B.3.c)", required=False)
    policy_number = _text("Policy number", required=False, max_length=60)
    insurance_per_person = AmountField(
        label="Coverage per person ($)",
        required=False,
        maximum=MAX_COVERAGE,
        widget=forms.TextInput(attrs=MONEY),
    )
    insurance_per_incident = AmountField(
        label="Coverage per incident ($)",
        required=False,
        maximum=MAX_COVERAGE,
        widget=forms.TextInput(attrs=MONEY),
    )
    insurance_prepaid = _check("Prepaid in full")
    insurance_expires_on = _date("Policy expires on", required=False)
    microchip_manufacturer = _text("Microchip manufacturer (3-2-9.B.3.e)", required=False)
    microchip_number = _text("Microchip number", required=False, max_length=30)
    other_vaccinations_current = _check(
        "Up to date on all vaccinations besides rabies (3-2-9.B.3.f)",
        "Rabies and the license are read from the dog's licensing records.",
    )
    sterilized_on = _date(
        "Sterilized on (3-2-9.B.3.g)",
        "Leave empty if the dog record already says sterilized.",
        required=False,
    )
    warning_symbols = forms.IntegerField(
        label="Warning symbols provided for posting (3-2-9.E.4)",
        min_value=0,
        max_value=20,
        initial=0,
        widget=forms.NumberInput(attrs={"class": "usa-input usa-input--small"}),
    )
    tag_number = _text("Dangerous-dog tag number (3-2-9.E.5)", required=False, max_length=30)
    method = forms.ChoiceField(
        label="Fee paid by",
        choices=[("", "not paid"), *Receipt.Method.choices],
        required=False,
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    amount = AmountField(
        label=(
            "Amount paid ($): the annual fee (3-2-9.B.3.d, B.5), plus the warning symbols (E.4) "
            "once the council has set their fee"
        ),
        required=False,
        widget=forms.TextInput(attrs=MONEY),
    )
    reference = _text("Check or card reference", required=False, max_length=60)

    def fee_paid(self) -> Decimal | None:
        d = self.cleaned_data
        return d["amount"] if d.get("method") and d.get("amount") is not None else None


class InspectionForm(forms.Form):
    on = _date("Date of the inspection")
    permitted = forms.TypedChoiceField(
        label="Entry (3-2-9.E.6)",
        choices=[("yes", "The owner permitted the inspection"), ("no", "The owner refused it")],
        coerce=lambda v: v == "yes",
        widget=forms.RadioSelect(attrs=RADIO),
    )
    compliant = forms.TypedChoiceField(
        label="If inspected: the dog was kept",
        choices=[("", "not inspected"), ("yes", "in compliance"), ("no", "not in compliance")],
        coerce=lambda v: {"yes": True, "no": False}.get(v),
        empty_value=None,
        required=False,
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    notes = _area("What was inspected and found, or how entry was refused")


class RevocationNoticeForm(forms.Form):
    reasons = _area("The alleged reasons the dog is not kept in conformance (3-2-9.B.6.b)")
    served_on = _date("Date the notice was served")
    method = forms.ChoiceField(
        label="How it was served",
        choices=DangerousDogCase.ServiceMethod.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    hearing_date = _date("Hearing date", "Within twenty days of the notice (3-2-9.B.6.b).")
    hearing_time = forms.TimeField(label="Hearing time", widget=forms.TimeInput(attrs=TIME))
    place = _text("Location of the hearing")
    good_cause = _area(
        "Good cause for a date after the twenty days (Hearing Officer only)", required=False
    )

    def hearing_at(self) -> dt.datetime:
        d = self.cleaned_data
        return local_datetime(d["hearing_date"], d["hearing_time"])


class RevocationHearingForm(HoldForm):
    pass


class RevocationOrderForm(forms.Form):
    decided_on = _date("Date of the order")
    outcome = forms.ChoiceField(
        label="Outcome (3-2-9.B.6.c)",
        choices=[
            ("not_revoked", "not revoked"),
            ("dispose", "revoked; the dog to be disposed of immediately"),
            ("reclaim", "revoked; the owner may obtain the dog within the time allowed"),
        ],
        widget=forms.RadioSelect(attrs=RADIO),
    )
    findings_of_fact = _area("Findings of fact")
    owner_in_compliance = _check(
        "The owner is in compliance with all registration requirements (needed to allow time to "
        "obtain the dog)"
    )
    reclaim_by = _date(
        "Last day to obtain the dog",
        "At most thirty days; empty for the longest allowed.",
        required=False,
    )


class OwnerNoticeForm(forms.Form):
    kind = forms.ChoiceField(
        label="The owner's written notice of",
        choices=[
            ("death", "the death of the dog (3-2-9.C)"),
            ("relocation", "the dog's relocation out of the City (3-2-9.C)"),
            ("transfer", "a sale or transfer (3-2-9.D)"),
        ],
        widget=forms.RadioSelect(attrs=RADIO),
    )
    occurred_on = _date("Date of the death, relocation or transfer")
    received_on = _date("Date the written notice was received")
    in_writing = _check("The notice is in writing")
    circumstances = _area("Circumstances", required=False)
    new_owner_name = _text("New owner's name (3-2-9.D)", required=False)
    new_owner_address = _text("New owner's address", required=False)
    new_owner_phone = _text("New owner's telephone", required=False, max_length=20)
    transferee_told = forms.TypedChoiceField(
        label="For a sale: the buyer was told beforehand the dog was designated Dangerous",
        choices=[("", "not a sale"), ("yes", "yes"), ("no", "no")],
        coerce=lambda v: {"yes": True, "no": False}.get(v),
        empty_value=None,
        required=False,
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    out_of_city = _check("The new owner or place is outside the City")
    affidavit_requested = _check("The Authority requests an affidavit under oath (3-2-9.C)")


class ReviewRequestForm(forms.Form):
    requested_on = _date("Date the written request was received")
    reviewer = forms.ChoiceField(
        label="Review asked of (3-2-9.A.7)",
        choices=[
            ("animal_control_authority", "the Animal Control Authority"),
            ("hearing_officer", "the Hearing Officer (burden on the owner, clear and convincing)"),
        ],
        widget=forms.RadioSelect(attrs=RADIO),
    )
    factors = forms.MultipleChoiceField(
        label="The dog's behavior has changed due to",
        choices=[
            ("age", "the dog's age"),
            ("sterilization", "sterilization"),
            ("environment", "environment"),
            ("training", "obedience training that includes modification of aggressive behavior"),
            ("other", "other factors"),
        ],
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs=CHECK),
    )
    evidence = _area("The owner's evidence")
    in_writing = _check("The request is in writing")


class ReviewDecisionForm(forms.Form):
    decided_on = _date("Date of the decision")
    outcome = forms.ChoiceField(
        label="Outcome",
        choices=[("stands", "designation stands"), ("rescinded", "designation rescinded")],
        widget=forms.RadioSelect(attrs=RADIO),
    )
    findings = _area("Findings on the evidence of changed behavior")


class CostForm(forms.Form):
    kind = forms.ChoiceField(
        label="Cost of",
        choices=[
            ("hearing", "the hearing (3-2-9.A.2.a)"),
            ("care", "care, keeping and disposal of the dog (3-2-9.A.5)"),
            ("review", "the review of the designation (3-2-9.A.7)"),
        ],
        widget=forms.RadioSelect(attrs=RADIO),
    )
    incurred_on = _date("Date incurred")
    description = _text("Description")
    amount = AmountField(
        label="Amount ($)",
        minimum=Decimal("0.01"),
        widget=forms.TextInput(attrs=MONEY),
    )


class CostPaymentForm(forms.Form):
    on = _date("Date paid")
    method = forms.ChoiceField(
        label="Paid by",
        choices=Receipt.Method.choices,
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    amount = AmountField(
        label="Amount ($)",
        minimum=Decimal("0.01"),
        widget=forms.TextInput(attrs=MONEY),
    )
    reference = _text("Check or card reference", required=False, max_length=60)


class RentalDisclosureForm(forms.Form):
    """3-2-9.E.3: the owner who rents tells the property owner."""

    disclosed_on = _date("Date the owner told the property owner")
    property_owner = _text("Disclosed to (the property owner)")
    property_address = _text("The rented property where the dog resides")
    occasion = forms.ChoiceField(
        label="Disclosed (3-2-9.E.3)",
        choices=RentalDisclosure.Occasion.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    lease_date = _date("Date the lease was entered into, or renewed")
    began_residing_on = _date(
        "For a new lease: date the dog began to reside at the property", required=False
    )


class ConditionsReviewForm(forms.Form):
    """3-2-9.E.7: the review of the conditions after two years without violations."""

    reviewed_on = _date("Date of the review")
    reviewer = forms.ChoiceField(
        label="Reviewed by (3-2-9.E.7)",
        choices=DangerousDogCase.Authority.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    last_violation_on = _date(
        "Last ordinance violation known beyond the case's records",
        "Leave empty if none: the refused or failed inspections and late disclosures recorded "
        "in the case are counted.",
        required=False,
    )
    outcome = forms.ChoiceField(
        label="Discretion exercised",
        choices=ConditionsReview.Outcome.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    relaxed = forms.MultipleChoiceField(
        label="Conditions no longer required",
        choices=[(k, f"{text} ({section})") for k, (section, text) in CONDITIONS.items()],
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs=CHECK),
    )
    reasons = _area("Reasons")


class SterilizationSeizureForm(forms.Form):
    """3-2-9.B.3.g: seized and sterilized at the owner's expense."""

    seized_on = _date("Date the dog was seized")
    sterilized_on = _date("Date the dog was sterilized")
    veterinarian = _text("Veterinarian")
    cost = AmountField(
        label="Cost of the sterilization, charged to the owner ($)",
        minimum=Decimal("0.01"),
        widget=forms.TextInput(attrs=MONEY),
    )
    kept_at = _text(
        "Where the dog is kept", "Not needed if the dog is already in custody.", required=False
    )
    contact_address = _text("The contact person's address", required=False)
    contact_phone = _text("The contact person's telephone", required=False, max_length=20)


class ReleaseForm(forms.Form):
    """3-2-9.B.4, A.5: the release of the impounded dog."""

    on = _date("Date of the release")
    payment_arrangement = _area(
        "Arrangement for payment of the costs made with the City (3-2-9.A.5)",
        "Only if the costs are not paid in full.",
        required=False,
    )


class AffidavitForm(forms.Form):
    """3-2-9.C: the owner's affidavit, on the Authority's request."""

    received_on = _date("Date the affidavit was received")
    circumstances = _area(
        "For a death: the circumstances of the dog's death and its disposition", required=False
    )
    transferee_name = _text(
        "Otherwise: the complete name of the person the dog was transferred to", required=False
    )
    transferee_address = _text("Their address", required=False)
    transferee_phone = _text("Their telephone number", required=False, max_length=20)
