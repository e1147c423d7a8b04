"""The forms of keeping a dangerous dog (the costs, the review, the seizure for sterilization,
the release, the owner's notices, the rental disclosure, the review of the conditions): the owner's
notices and affidavit, reviews, costs and payments, rental disclosures, the seizure for
sterilization and the release."""

from __future__ import annotations

from decimal import Decimal

from django import forms

from dogtag.dangerous_dogs.forms.fields import (
    CHECK,
    MONEY,
    OWNER_NOTICE,
    RADIO,
    RELEASE,
    RENTAL,
    area_field,
    check_field,
    date_field,
    text_field,
)
from dogtag.dangerous_dogs.models import (
    ConditionsReview,
    DangerousDogCase,
    RentalDisclosure,
)
from dogtag.dangerous_dogs.provisions import cites
from dogtag.law.dangerous_dogs import CONDITIONS
from dogtag.licensing.models import Receipt
from dogtag.records.bounds import AmountField
from dogtag.records.facts import from_fact


class OwnerNoticeForm(forms.Form):
    kind = forms.ChoiceField(
        label="The owner's written notice of",
        widget=forms.RadioSelect(attrs=RADIO),
        **from_fact(
            OWNER_NOTICE,
            "kind",
            labels={
                "death": cites("the death of the dog ({§dangerous_dog.death_or_relocation})"),
                "relocation": cites(
                    "the dog's relocation out of the City ({§dangerous_dog.death_or_relocation})"
                ),
                "transfer": cites("a sale or transfer ({§dangerous_dog.sale_or_transfer})"),
            },
        ),
    )
    occurred_on = date_field(
        "Date of the death, relocation or transfer", **from_fact(OWNER_NOTICE, "occurred_on")
    )
    received_on = date_field(
        "Date the written notice was received", **from_fact(OWNER_NOTICE, "received_on")
    )
    in_writing = check_field("The notice is in writing")
    circumstances = area_field("Circumstances", required=False)
    new_owner_name = text_field(
        cites("New owner's name ({§dangerous_dog.sale_or_transfer})"), required=False
    )
    new_owner_address = text_field("New owner's address", required=False)
    new_owner_phone = text_field("New owner's telephone", required=False, max_length=20)
    transferee_told = forms.TypedChoiceField(
        label="For a sale: the buyer was told beforehand the dog was designated Dangerous",
        choices=[
            ("", "not a sale, or as recorded (a disclosure to the buyer on or before the sale)"),
            ("yes", "yes"),
            ("no", "no"),
        ],
        coerce=lambda v: {"yes": True, "no": False}.get(v),
        empty_value=None,
        widget=forms.Select(attrs={"class": "usa-select"}),
        **from_fact(OWNER_NOTICE, "transferee_told"),
    )
    out_of_city = check_field(
        "The new owner or place is outside the City", **from_fact(OWNER_NOTICE, "out_of_city")
    )
    affidavit_requested = check_field(
        cites(
            "The Authority requests an affidavit under oath ({§dangerous_dog.death_or_relocation})"
        )
    )


class ReviewRequestForm(forms.Form):
    requested_on = date_field("Date the written request was received")
    reviewer = forms.ChoiceField(
        label=cites("Review asked of ({§dangerous_dog.review})"),
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
    evidence = area_field("The owner's evidence")
    in_writing = check_field("The request is in writing")


class ReviewDecisionForm(forms.Form):
    decided_on = date_field("Date of the decision")
    outcome = forms.ChoiceField(
        label="Outcome",
        choices=[("stands", "designation stands"), ("rescinded", "designation rescinded")],
        widget=forms.RadioSelect(attrs=RADIO),
    )
    findings = area_field("Findings on the evidence of changed behavior")


class CostForm(forms.Form):
    kind = forms.ChoiceField(
        label="Cost of",
        choices=[
            ("hearing", cites("the hearing ({§dangerous_dog.hearing.costs})")),
            ("care", cites("care, keeping and disposal of the dog ({§dangerous_dog.costs})")),
            ("review", cites("the review of the designation ({§dangerous_dog.review})")),
        ],
        widget=forms.RadioSelect(attrs=RADIO),
    )
    incurred_on = date_field("Date incurred")
    description = text_field("Description")
    amount = AmountField(
        label="Amount ($)",
        minimum=Decimal("0.01"),
        widget=forms.TextInput(attrs=MONEY),
    )


class CostPaymentForm(forms.Form):
    on = date_field("Date paid")
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
    reference = text_field("Check or card reference", required=False, max_length=60)


class RentalDisclosureForm(forms.Form):
    """The owner who rents tells the property owner (dangerous_dog.rental_disclosure)."""

    disclosed_on = date_field(
        "Date the owner told the property owner", **from_fact(RENTAL, "disclosed_on")
    )
    property_owner = text_field("Disclosed to (the property owner)")
    property_address = text_field("The rented property where the dog resides")
    occasion = forms.ChoiceField(
        label=cites("Disclosed ({§dangerous_dog.rental_disclosure})"),
        widget=forms.RadioSelect(attrs=RADIO),
        **from_fact(RENTAL, "occasion", labels=dict(RentalDisclosure.Occasion.choices)),
    )
    lease_date = date_field(
        "Date the lease was entered into, or renewed", **from_fact(RENTAL, "lease_date")
    )
    began_residing_on = date_field(
        "For a new lease: date the dog began to reside at the property",
        **from_fact(RENTAL, "began_residing_on"),
    )


class ConditionsReviewForm(forms.Form):
    """The review of the conditions after the years without violations
    (dangerous_dog.conditions_review)."""

    reviewed_on = date_field("Date of the review")
    reviewer = forms.ChoiceField(
        label=cites("Reviewed by ({§dangerous_dog.conditions_review})"),
        choices=DangerousDogCase.Authority.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    last_violation_on = date_field(
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
    reasons = area_field("Reasons")


class SterilizationSeizureForm(forms.Form):
    """Seized and sterilized at the owner's expense
    (dangerous_dog.registration_requirements.sterilization)."""

    seized_on = date_field("Date the dog was seized")
    sterilized_on = date_field("Date the dog was sterilized")
    veterinarian = text_field("Veterinarian")
    cost = AmountField(
        label="Cost of the sterilization, charged to the owner ($)",
        minimum=Decimal("0.01"),
        widget=forms.TextInput(attrs=MONEY),
    )
    kept_at = text_field(
        "Where the dog is kept", "Not needed if the dog is already in custody.", required=False
    )
    contact_address = text_field("The contact person's address", required=False)
    contact_phone = text_field("The contact person's telephone", required=False, max_length=20)


class InspectionSeizureForm(forms.Form):
    """The dog seized after the owner refused an inspection (dangerous_dog.inspection, through
    dangerous_dog.seizure)."""

    seized_on = date_field("Date the dog was seized")
    kept_at = text_field("Where the dog is kept")
    contact_address = text_field("The contact person's address")
    contact_phone = text_field("The contact person's telephone", max_length=20)


class ReleaseForm(forms.Form):
    """The release of the impounded dog (dangerous_dog.release, dangerous_dog.costs)."""

    on = date_field("Date of the release")
    payment_arrangement = area_field(
        cites("Arrangement for payment of the costs made with the City ({§dangerous_dog.costs})"),
        **from_fact(RELEASE, "payment_arrangement"),
    )


class AffidavitForm(forms.Form):
    """The owner's affidavit, on the Authority's request (dangerous_dog.death_or_relocation)."""

    received_on = date_field("Date the affidavit was received")
    circumstances = area_field(
        "For a death: the circumstances of the dog's death and its disposition", required=False
    )
    transferee_name = text_field(
        "Otherwise: the complete name of the person the dog was transferred to", required=False
    )
    transferee_address = text_field("Their address", required=False)
    transferee_phone = text_field("Their telephone number", required=False, max_length=20)
