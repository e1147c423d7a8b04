"""The forms of the dangerous-dog case: each parses one step's input for one service.

They hold no rules: whether a step may happen, and what the law finds, is the service's and the
rules core's. Labels use the ordinance's words and cite the subsection the field serves.

A field that asks a fact a question of ``dogtag evaluate`` takes (``dangerous-dog-case``,
``-designation``, ``-registration``...) takes its description, whether it is required, and its
choices from that question's facts (``records.facts.from_fact``, issue 11 item 6): the fact is
described once, in the rules core. A help text or label that says a day count or an amount words
the parameter in force when the form is made (``dangerous_dogs.prose``, issue 11 item 5), never a
number typed in.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString

from dogtag.complaints.models import Complaint
from dogtag.dangerous_dogs import prose
from dogtag.dangerous_dogs.models import (
    ConditionsReview,
    DangerousDogCase,
    Order,
    RentalDisclosure,
)
from dogtag.law.dangerous_dogs import CONDITIONS, CRITERIA, DESTRUCTION_CRITERIA, EXEMPTIONS
from dogtag.licensing.models import Receipt
from dogtag.records.bounds import MAX_COVERAGE, AmountField, PlausibleDateField
from dogtag.records.facts import from_fact

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


def _date(label: str, help_text: str = "", required: bool = True) -> forms.DateField:
    return PlausibleDateField(
        label=label, help_text=help_text, required=required, widget=forms.DateInput(attrs=DATE)
    )


def _text(
    label: str, help_text: str = "", required: bool = True, max_length: int = 200
) -> forms.CharField:
    return forms.CharField(
        label=label,
        help_text=help_text,
        required=required,
        widget=forms.TextInput(attrs=TEXT),
        max_length=max_length,
    )


def _area(label: str, help_text: str = "", required: bool = True) -> forms.CharField:
    return forms.CharField(
        label=label, help_text=help_text, required=required, widget=forms.Textarea(attrs=AREA)
    )


def _check(label: str, help_text: str = "", required: bool = False) -> forms.BooleanField:
    return forms.BooleanField(
        label=label,
        help_text=help_text,
        required=required,
        widget=forms.CheckboxInput(attrs=CHECK),
    )


def _say(form: forms.BaseForm, name: str, words: SafeString) -> None:
    """Add to a field's help text a sentence that words a parameter in force, after the fact's
    description: done when the form is made, so it says the values in force then."""
    field = form.fields[name]
    described = str(field.help_text or "").rstrip(".")
    field.help_text = format_html("{}. {}", described, words) if described else words


def local_datetime(day: dt.date, time: dt.time) -> dt.datetime:
    """A date and time typed at the desk, in the city's time zone."""
    return timezone.make_aware(dt.datetime.combine(day, time))


class DesignationForm(forms.Form):
    """3-2-9.A, A.1.a, A.6: who designates, on what criteria, the incidents, any seizure."""

    on = _date("Date of the designation", **from_fact(CASE, "designated_on", required=True))
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
        widget=forms.CheckboxSelectMultiple(attrs=CHECK),
        **from_fact(
            DESIGNATION,
            "exemptions",
            labels={k: f"{text} ({section})" for k, (section, text) in EXEMPTIONS.items()},
        ),
    )
    criteria = forms.MultipleChoiceField(
        label="Criteria met (Minn. Stat. 347.50 subd. 2, through 3-2-8): the dog…",
        widget=forms.CheckboxSelectMultiple(attrs=CHECK),
        **from_fact(
            DESIGNATION,
            "criteria",
            labels={k: f"{text} ({section})" for k, (section, text) in CRITERIA.items()},
        ),
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
    served_on = _date("Date of service", **from_fact(CASE, "served_on", required=True))
    method = forms.ChoiceField(
        label="How the notice was served (3-2-9.A.1.a)",
        choices=DangerousDogCase.ServiceMethod.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    served_person = _text("Person served", "Not needed for mail.", required=False)
    served_address = _text("Address (residence or mailing)", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _say(
            self,
            "served_on",
            format_html(
                "The {} to request a hearing count from this day (3-2-9.A.1.c; LEGAL-NOTES §6.5).",
                prose.days_html("dangerous_dog.hearing_request"),
            ),
        )


class HearingRequestForm(forms.Form):
    received_on = _date(
        "Day the Animal Control Authority received the request",
        **from_fact(CASE, "hearing_requested_on", required=True),
    )
    requested_by = _text("Requested by")
    in_writing = _check(
        "The request was submitted in writing (3-2-9.A.1.c)",
        "A spoken request is not a request for a hearing.",
    )
    note = _area("Note", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _say(
            self,
            "received_on",
            format_html(
                "The hearing must be held within {} after this day (3-2-9.A.2.a).",
                prose.days_html("dangerous_dog.hearing"),
            ),
        )


class ScheduleForm(forms.Form):
    on = _date("Date scheduled", **from_fact(CASE, "hearing_scheduled_on", required=True))
    hearing_date = _date("Hearing date")
    hearing_time = forms.TimeField(label="Hearing time", widget=forms.TimeInput(attrs=TIME))
    place = _text("Place")
    good_cause = _area("Good cause for a later date", required=False)  # worded in __init__

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["good_cause"].label = (
            f"Good cause for a date after the {prose.days('dangerous_dog.hearing')} (Hearing "
            "Officer only, 3-2-9.A.2.a)"
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
        **from_fact(PENDING, "seized", required=True),
    )
    enclosure_or_leash_and_muzzle = _check(
        **from_fact(PENDING, "enclosure_or_leash_and_muzzle", as_label=True)
    )
    no_unreasonable_risk = _area(**from_fact(PENDING, "no_unreasonable_risk", as_label=True))
    kept_at = _text(**from_fact(PENDING, "kept_at", as_label=True))
    contact_address = _text("If seized: contact address", required=False)
    contact_phone = _text("If seized: contact telephone", required=False, max_length=20)


class HoldForm(forms.Form):
    held_on = _date(
        "Date the hearing was held", **from_fact(CASE, "hearing_held_on", required=True)
    )
    authority_represented_by = _text("The Animal Control Authority represented by (3-2-9.A.2.d)")
    owner_represented_by = _text(
        "The owner represented by", "The owner in person, or private counsel (3-2-9.A.2.d)."
    )
    witnesses = _area("Witnesses (3-2-9.A.2.e)", required=False)
    evidence = _area("Documentary evidence received (3-2-9.A.2.c, e)", required=False)
    destruction_sought = _check(
        "The Authority seeks to destroy the dog", **from_fact(HEARING, "destruction_sought")
    )


class OrderForm(forms.Form):
    issued_on = _date("Date of the order", **from_fact(CASE, "order_issued_on", required=True))
    disposition = forms.ChoiceField(
        label="Disposition",
        widget=forms.RadioSelect(attrs=RADIO),
        # each radio names its disposition; the fact's description speaks of the JSON
        **from_fact(
            CASE,
            "order_disposition",
            labels=dict(Order.Disposition.choices),
            required=True,
            help_text="",
        ),
    )
    findings_of_fact = _area("Findings of fact")
    received_on = _date("Day the owner received the order", required=False)
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
        _say(
            self,
            "issued_on",
            format_html(
                "Due within {} after the hearing (3-2-9.A.2.g).",
                prose.days_html("dangerous_dog.order"),
            ),
        )
        _say(
            self,
            "received_on",
            format_html(
                "Starts the {} to comply (3-2-9.A.1.d), if known.",
                prose.days_html("dangerous_dog.comply_after_decision"),
            ),
        )
        for key in DESTRUCTION_CRITERIA:
            asked = from_fact(HEARING, f"finding_{key}", as_label=True)
            described = asked.pop("label")
            self.fields[f"destruction_{key}"] = _area(
                f"For destruction only — {described[:1].lower()}{described[1:]}", **asked
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
    signs_on_buildings = _check(
        **from_fact(REGISTRATION, "signs_front_and_rear_of_all_buildings", as_label=True)
    )
    sign_on_enclosure = _check(**from_fact(REGISTRATION, "sign_on_enclosure", as_label=True))
    insurer = _text("Insurer (3-2-9.B.3.c)", required=False)
    policy_number = _text("Policy number", required=False, max_length=60)
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
    insurance_prepaid = _check("Prepaid in full", **from_fact(REGISTRATION, "insurance_prepaid"))
    insurance_expires_on = _date("Policy expires on", required=False)
    microchip_manufacturer = _text(
        "Microchip manufacturer (3-2-9.B.3.e)", **from_fact(REGISTRATION, "microchip_manufacturer")
    )
    microchip_number = _text(
        "Microchip number", max_length=30, **from_fact(REGISTRATION, "microchip_number")
    )
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
        widget=forms.TextInput(attrs=MONEY),
        **from_fact(REGISTRATION, "fee_paid"),
    )
    reference = _text("Check or card reference", required=False, max_length=60)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, key in (
            ("insurance_per_person", "dangerous_dog.insurance.per_person"),
            ("insurance_per_incident", "dangerous_dog.insurance.per_incident"),
        ):
            _say(
                self,
                name,
                format_html("At least {} (3-2-9.B.3.c).", prose.value_html(key, "money")),
            )
        _say(
            self,
            "amount",
            format_html(
                "The annual fee in force is {} (3-2-9.B.5).",
                prose.value_html("fees.dangerous_dog.registration"),
            ),
        )

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
    notes = _area("What was inspected and found, or how entry was refused")


class RevocationNoticeForm(forms.Form):
    reasons = _area("The alleged reasons the dog is not kept in conformance (3-2-9.B.6.b)")
    served_on = _date("Date the notice was served")
    method = forms.ChoiceField(
        label="How it was served",
        choices=DangerousDogCase.ServiceMethod.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    hearing_date = _date("Hearing date")
    hearing_time = forms.TimeField(label="Hearing time", widget=forms.TimeInput(attrs=TIME))
    place = _text("Location of the hearing")
    good_cause = _area("Good cause for a later date", required=False)  # worded in __init__

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        days = prose.period("dangerous_dog.revocation_hearing")
        _say(
            self,
            "hearing_date",
            format_html("Within {} of the notice (3-2-9.B.6.b).", prose.said(days, "words_unit")),
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
    reclaim_by = _date("Last day to obtain the dog", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _say(
            self,
            "reclaim_by",
            format_html(
                "At most {} (3-2-9.B.6.c); empty for the longest allowed.",
                prose.days_html("dangerous_dog.revocation_reclaim"),
            ),
        )


class OwnerNoticeForm(forms.Form):
    kind = forms.ChoiceField(
        label="The owner's written notice of",
        widget=forms.RadioSelect(attrs=RADIO),
        **from_fact(
            OWNER_NOTICE,
            "kind",
            labels={
                "death": "the death of the dog (3-2-9.C)",
                "relocation": "the dog's relocation out of the City (3-2-9.C)",
                "transfer": "a sale or transfer (3-2-9.D)",
            },
        ),
    )
    occurred_on = _date(
        "Date of the death, relocation or transfer", **from_fact(OWNER_NOTICE, "occurred_on")
    )
    received_on = _date(
        "Date the written notice was received", **from_fact(OWNER_NOTICE, "received_on")
    )
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
        widget=forms.Select(attrs={"class": "usa-select"}),
        **from_fact(OWNER_NOTICE, "transferee_told"),
    )
    out_of_city = _check(
        "The new owner or place is outside the City", **from_fact(OWNER_NOTICE, "out_of_city")
    )
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

    disclosed_on = _date(
        "Date the owner told the property owner", **from_fact(RENTAL, "disclosed_on")
    )
    property_owner = _text("Disclosed to (the property owner)")
    property_address = _text("The rented property where the dog resides")
    occasion = forms.ChoiceField(
        label="Disclosed (3-2-9.E.3)",
        widget=forms.RadioSelect(attrs=RADIO),
        **from_fact(RENTAL, "occasion", labels=dict(RentalDisclosure.Occasion.choices)),
    )
    lease_date = _date(
        "Date the lease was entered into, or renewed", **from_fact(RENTAL, "lease_date")
    )
    began_residing_on = _date(
        "For a new lease: date the dog began to reside at the property",
        **from_fact(RENTAL, "began_residing_on"),
    )


class ConditionsReviewForm(forms.Form):
    """3-2-9.E.7: the review of the conditions after the years without violations."""

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
        **from_fact(RELEASE, "payment_arrangement"),
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
