"""Forms of the kennel pages (the kennel license): they parse input; the services decide.

A label or help text naming a provision is worded when shown (``_cited``), as the city in force
numbers its sections: a form is made at import, before any city's package is read."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.functional import lazy

from dogtag.kennels.models import CommercialKennelApplication, KennelInspection
from dogtag.law import wording
from dogtag.law.kennel_procedure import QUESTION
from dogtag.law.provisions import cite, cited_in, span
from dogtag.licensing.models import Owner, Receipt
from dogtag.parcels.models import Parcel
from dogtag.records.bounds import AmountField, PlausibleDateField
from dogtag.records.facts import fact_field, from_fact
from dogtag.records.services import in_force, source_note

DATE = {"type": "date", "class": "usa-input"}
INPUT = {"class": "usa-input"}
TEXTAREA = {"class": "usa-textarea", "rows": 3}

# The provisions the forms cite, in the ordinance's words (each package maps them)
SET_NUMBER = "private_kennel.set_number"
OUTDOOR_EXERCISE = "commercial_kennel.outdoor_exercise"
WASTE = "commercial_kennel.waste"


def _word(text: str) -> str:
    return cited_in(text, lenient=True)


#: a label or help text with ``{§concept}``, worded when shown
_cited = lazy(_word, str)


def _conditions_help() -> str:
    return (
        f"One condition per line. Conditions {span(OUTDOOR_EXERCISE, WASTE)} are added to every "
        "approval."
    )


def _complaints_help() -> str:
    return (
        f"{fact_field('commercial-kennel-renewal', 'nuisance_complaints').description}. "
        "Complaints recorded in Dogtag are counted without typing them. Add here, one date per "
        "line (YYYY-MM-DD), any from the City's paper file about the dogs kept on the property "
        f"({cite('commercial_kennel.renewal')})."
    )


def date_field(label: str, help_text: str = "", required: bool = True) -> forms.DateField:
    return PlausibleDateField(
        label=label,
        help_text=help_text,
        required=required,
        widget=forms.DateInput(attrs=DATE, format="%Y-%m-%d"),
    )


class ParcelField(forms.CharField):
    """A parcel given by its county PIN."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", "Parcel (PIN)")
        kwargs.setdefault("max_length", 30)
        kwargs.setdefault("widget", forms.TextInput(attrs={**INPUT, "autocomplete": "off"}))
        super().__init__(**kwargs)

    def clean(self, value: Any) -> Parcel:  # type: ignore[override]
        pin = super().clean(value).strip()
        parcel = Parcel.objects.filter(pin__iexact=pin).first()
        if parcel is None:
            raise forms.ValidationError(f"No parcel has the PIN {pin!r} in the parcel records.")
        return parcel


class PaymentForm(forms.Form):
    """The fee paid at application (``private_kennel.fee``, ``commercial_kennel.fee``;
    ``fees.schedule``)."""

    method = forms.ChoiceField(
        label="Paid by",
        choices=Receipt.Method.choices,
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    amount = AmountField(
        label="Amount paid",
        widget=forms.NumberInput(attrs={**INPUT, "step": "0.01", "inputmode": "decimal"}),
    )
    payer = forms.CharField(
        label="Payer, if not the applicant",
        required=False,
        max_length=200,
        widget=forms.TextInput(attrs=INPUT),
    )
    reference = forms.CharField(
        label="Check or card reference",
        required=False,
        max_length=60,
        widget=forms.TextInput(attrs=INPUT),
    )


class OwnerChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Owner) -> str:
        return f"{obj.name}, {obj.street}"


class PrivateKennelForm(PaymentForm):
    """``private_kennel.license``: a private kennel license for a set number of dogs."""

    holder = OwnerChoiceField(
        label="Licensee",
        queryset=Owner.objects.none(),
        widget=forms.Select(attrs={"class": "usa-select"}),
        help_text=_cited(
            "Licenses are not assignable to other parties ({§private_kennel.not_assignable})."
        ),
    )
    parcel = ParcelField(help_text="Where the kennel is kept.")
    dogs_licensed = forms.IntegerField(
        label="Set number of dogs",
        max_value=99,
        widget=forms.NumberInput(attrs=INPUT),
        # the fact of `private-kennel-terms`; the maximum in force is added when the form is made
        **from_fact("private-kennel-terms", "licensed_for", required=True),
    )
    on = date_field("Date of issue")
    field_order = ("holder", "parcel", "dogs_licensed", "on", "method", "amount")

    def __init__(self, *args: Any, owners: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        most = in_force("private_kennel.max_dogs")
        asked = fact_field("private-kennel-terms", "licensed_for").description
        self.fields["dogs_licensed"].help_text = (
            f"{asked}. At most {wording.phrase(most, 'words')}; the number shall not be exceeded "
            f"({cite(SET_NUMBER)}; {source_note(most)})."
        )
        holder = self.fields["holder"]
        assert isinstance(holder, forms.ModelChoiceField)
        holder.queryset = owners


class CommercialApplicationForm(PaymentForm):
    """``commercial_kennel.council_license``: an application to the City Council for a commercial
    kennel license."""

    applicant = OwnerChoiceField(
        label="Applicant",
        queryset=Owner.objects.none(),
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    parcel = ParcelField(
        help_text=_cited(
            "The parcel where the kennel is contemplated ({§commercial_kennel.hearing_notice})."
        )
    )
    business_name = forms.CharField(
        label="Business name", required=False, max_length=200, widget=forms.TextInput(attrs=INPUT)
    )
    dogs_requested = forms.IntegerField(
        label="Dogs to be kept", min_value=1, max_value=999, widget=forms.NumberInput(attrs=INPUT)
    )
    description = forms.CharField(
        label="The operation, buildings and runs",
        required=False,
        widget=forms.Textarea(attrs=TEXTAREA),
    )
    on = date_field("Date received", **from_fact(QUESTION, "applied_on"))
    field_order = ("applicant", "parcel", "business_name", "dogs_requested", "description", "on")

    def __init__(self, *args: Any, owners: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        applicant = self.fields["applicant"]
        assert isinstance(applicant, forms.ModelChoiceField)
        applicant.queryset = owners


class HearingForm(forms.Form):
    """``commercial_kennel.hearing``: the Planning & Zoning Commission hearing, scheduled on a day
    (today unless the clerk records it later), for a later day so that notice can be given before
    it."""

    on = date_field("Date scheduled")
    day = date_field("Hearing date", **from_fact(QUESTION, "hearing_on", required=True))
    time = forms.TimeField(
        label="Hearing time",
        widget=forms.TimeInput(attrs={"type": "time", "class": "usa-input"}, format="%H:%M"),
    )
    place = forms.CharField(
        label="Place",
        max_length=200,
        initial="Nowthen City Hall, 19800 Nowthen Blvd NW",
        widget=forms.TextInput(attrs=INPUT),
    )

    def hearing_at(self) -> dt.datetime:
        moment = dt.datetime.combine(self.cleaned_data["day"], self.cleaned_data["time"])
        return timezone.make_aware(moment)


class DayForm(forms.Form):
    """A step that needs only its date: drawing the notice list, issuing the license."""

    on = date_field("Date")


class HeldForm(forms.Form):
    """``commercial_kennel.hearing``: the hearing held, on the day noticed."""

    on = date_field("Hearing held on")


class WithdrawnForm(forms.Form):
    """``commercial_kennel.council_license``: the request withdrawn by the applicant."""

    on = date_field("Withdrawn on")


class NoticeMailedForm(forms.Form):
    mailed_on = date_field(
        "Notice mailed on", **from_fact(QUESTION, "notice_mailed_on", required=True)
    )


class RecommendationForm(forms.Form):
    recommendation = forms.ChoiceField(
        label="The commission recommends",
        choices=CommercialKennelApplication.Recommendation.choices,
        widget=forms.RadioSelect(attrs={"class": "usa-radio__input"}),
    )
    on = date_field(
        "Date of the recommendation", **from_fact(QUESTION, "recommended_on", required=True)
    )
    conditions = forms.CharField(
        label="Conditions recommended",
        required=False,
        help_text="With a recommendation to approve with conditions: one condition per line.",
        widget=forms.Textarea(attrs=TEXTAREA),
    )
    notes = forms.CharField(label="Notes", required=False, widget=forms.Textarea(attrs=TEXTAREA))

    def recommended_conditions(self) -> list[str]:
        return lines(self.cleaned_data["conditions"])


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


class OwnerOmittedForm(forms.Form):
    """``commercial_kennel.hearing_notice``: an affected property owner found missing from the
    notice list."""

    pin = forms.CharField(
        label="The missing owner's parcel (PIN)", max_length=30, widget=forms.TextInput(attrs=INPUT)
    )
    owner_names = forms.CharField(
        label="Owner(s) of record", max_length=300, widget=forms.TextInput(attrs=INPUT)
    )
    on = date_field("Found missing on")
    note = forms.CharField(
        label="How it was found",
        required=False,
        max_length=500,
        widget=forms.TextInput(attrs=INPUT),
    )


class LateNoticeForm(forms.Form):
    """``commercial_kennel.hearing_notice``: notice given late to an owner found missing from the
    list."""

    pin = forms.CharField(
        label="The owner's parcel (PIN)", max_length=30, widget=forms.TextInput(attrs=INPUT)
    )
    on = date_field("Notice given on")


class CouncilDecisionForm(forms.Form):
    decision = forms.ChoiceField(
        label="The City Council",
        choices=[("approve", "approves the license"), ("deny", "denies the license")],
        widget=forms.RadioSelect(attrs={"class": "usa-radio__input"}),
    )
    on = date_field(
        "Date of the decision", **from_fact(QUESTION, "council_decided_on", required=True)
    )
    resolution = forms.CharField(
        label="Resolution or motion number",
        required=False,
        max_length=40,
        widget=forms.TextInput(attrs=INPUT),
    )
    conditions = forms.CharField(
        label=_cited("Additional conditions ({§commercial_kennel.council_conditions})"),
        required=False,
        help_text=lazy(_conditions_help, str)(),
        widget=forms.Textarea(attrs=TEXTAREA),
    )
    notes = forms.CharField(label="Notes", required=False, widget=forms.Textarea(attrs=TEXTAREA))

    def council_conditions(self) -> list[str]:
        return lines(self.cleaned_data["conditions"])


class RenewalForm(PaymentForm):
    on = date_field("Date of renewal")
    complaints = forms.CharField(
        label="Other nuisance complaints received in the previous months",  # set in __init__
        required=False,
        help_text=lazy(_complaints_help, str)(),
        widget=forms.Textarea(attrs=TEXTAREA),
    )
    field_order = ("on", "complaints", "method", "amount")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        months = in_force("commercial_kennel.complaint_lookback_months")
        self.fields["complaints"].label = (
            "Other nuisance complaints received in the previous "
            f"{wording.phrase(months, 'words_unit')}"
        )

    def clean_complaints(self) -> list[dt.date]:
        dates = []
        for line in self.cleaned_data["complaints"].split():
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", line):
                raise forms.ValidationError(f"{line!r} is not a date as YYYY-MM-DD.")
            try:
                dates.append(dt.date.fromisoformat(line))
            except ValueError:
                raise forms.ValidationError(f"{line!r} is not a real date.") from None
        return dates


class CouncilRenewalForm(RenewalForm):
    """``commercial_kennel.renewal`` after nuisance complaints (reading §6.4): the City Council's
    decision on a subsequent license; a grant takes the renewal fee."""

    decision = forms.ChoiceField(
        label="The City Council",
        choices=[("approve", "grants the subsequent license"), ("deny", "refuses it")],
        widget=forms.RadioSelect(attrs={"class": "usa-radio__input"}),
    )
    resolution = forms.CharField(
        label="Resolution or motion number",
        required=False,
        max_length=40,
        widget=forms.TextInput(attrs=INPUT),
    )
    conditions = forms.CharField(
        label=_cited("Additional conditions ({§commercial_kennel.council_conditions})"),
        required=False,
        help_text="One condition per line, with a grant.",
        widget=forms.Textarea(attrs=TEXTAREA),
    )
    field_order = ("decision", "on", "resolution", "conditions", "complaints", "method", "amount")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["on"].label = "Date of the decision"
        self.fields["amount"].required = False
        self.fields["method"].required = False


class InspectionForm(forms.Form):
    """``private_kennel.inspection``, ``commercial_kennel.inspection``: one answer, met or not met,
    per condition of the license."""

    reason = forms.ChoiceField(
        label="Reason",
        choices=KennelInspection.Reason.choices,
        widget=forms.RadioSelect(attrs={"class": "usa-radio__input"}),
    )
    complaint_summary = forms.CharField(
        label="The complaint received",
        required=False,
        widget=forms.Textarea(attrs=TEXTAREA),
    )
    inspected_on = date_field("Inspected on", **from_fact("kennel-inspection", "on"))
    dogs_counted = forms.IntegerField(
        label="Dogs counted",
        required=False,
        min_value=0,
        max_value=999,
        widget=forms.NumberInput(attrs=INPUT),
    )
    feces_well_distance_feet = forms.DecimalField(
        label="Distance from the accumulation of feces to the nearest well (feet)",
        **from_fact("kennel-inspection", "feces_well_distance_feet"),
        max_digits=8,
        decimal_places=1,
        widget=forms.NumberInput(attrs={**INPUT, "step": "0.1"}),
    )
    notes = forms.CharField(label="Notes", required=False, widget=forms.Textarea(attrs=TEXTAREA))

    def __init__(
        self, *args: Any, checklist: list[tuple[str, str, str]], commercial: bool, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.checklist = checklist
        if not commercial:
            del self.fields["feces_well_distance_feet"]
            self.fields["reason"].choices = [
                (KennelInspection.Reason.COMPLAINT, KennelInspection.Reason.COMPLAINT.label)
            ]
            self.fields["reason"].initial = KennelInspection.Reason.COMPLAINT
        for index, (section, requirement, text) in enumerate(checklist):
            self.fields[f"met_{index}"] = forms.ChoiceField(
                label=f"{section}: {requirement}",
                # the condition's words, read with the question (the fieldset's description)
                help_text=text if text != requirement else "",
                choices=[("yes", "Met"), ("no", "Not met")],
                widget=forms.RadioSelect(attrs={"class": "usa-radio__input"}),
            )
            self.fields[f"note_{index}"] = forms.CharField(
                label=f"Note on {section}",
                required=False,
                max_length=500,
                widget=forms.TextInput(attrs=INPUT),
            )

    def condition_rows(self) -> list[tuple[Any, Any, str]]:
        return [
            (self[f"met_{i}"], self[f"note_{i}"], text)
            for i, (_, _, text) in enumerate(self.checklist)
        ]

    def answers(self) -> list[tuple[str, str, bool, str]]:
        return [
            (
                section,
                requirement,
                self.cleaned_data[f"met_{i}"] == "yes",
                self.cleaned_data[f"note_{i}"],
            )
            for i, (section, requirement, _) in enumerate(self.checklist)
        ]


# --------------------------------------------------- a kennel license inspected before it issues


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


class KennelApplicationForm(PaymentForm):
    """An application for a private or commercial kennel license with its fee
    (``private_kennel.fee``, ``commercial_kennel.fee``), where the license issues after an
    inspection (``kennel.inspection_before_issue``)."""

    applicant = OwnerChoiceField(
        label="Applicant",
        queryset=Owner.objects.none(),
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    parcel = ParcelField(help_text="Where the kennel is kept.")
    kind = forms.ChoiceField(
        label="Kind of kennel license",
        choices=[("private", "Private kennel"), ("commercial", "Commercial kennel")],
        widget=forms.RadioSelect(attrs={"class": "usa-radio__input"}),
    )
    dogs = forms.IntegerField(
        label="Dogs to be kept",  # worded from the city's counted age in __init__
        min_value=0,
        max_value=999,
        widget=forms.NumberInput(attrs=INPUT),
    )
    on = date_field("Date of application")
    field_order = ("applicant", "parcel", "kind", "dogs", "on", "method", "amount")

    def __init__(self, *args: Any, owners: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        applicant = self.fields["applicant"]
        assert isinstance(applicant, forms.ModelChoiceField)
        applicant.queryset = owners
        counted = in_force("dog_limits.counted_age_months")
        self.fields["dogs"].label = f"Dogs over {wording.phrase(counted, 'words_unit')} to be kept"
        self.fields["amount"].help_text = _cited(
            "The fee set in the fee schedule for the kind of license ({§fees.schedule})."
        )


class KennelRenewalForm(PaymentForm):
    """The yearly renewal of a kennel license inspected before it issues, with the renewal fee
    (``kennel.license_expiry``; ``fees.schedule``)."""

    on = date_field("Date of the renewal application")
    field_order = ("on", "method", "amount")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["amount"].help_text = _cited(
            "The yearly fee set in the fee schedule for the kind of license ({§fees.schedule})."
        )


class SiteInspectionForm(forms.Form):
    """The inspection of the location before the license issues (``kennel.inspection_before_issue``)."""

    inspected_on = date_field("Date of the inspection")
    safeguards_adequate = forms.TypedChoiceField(
        label="Did the inspection find adequate safeguards to protect the surrounding neighborhood "
        "from nuisances and to ensure compliance with the city code?",
        choices=[("yes", "Yes"), ("no", "No")],
        coerce=lambda value: value == "yes",
        widget=forms.RadioSelect(attrs={"class": "usa-radio__input"}),
    )
    health_standards_met = forms.TypedChoiceField(
        label=_cited(
            "Does the location comply with the applicable health and maintenance standards "
            "({§kennel.health_standards})?"
        ),
        choices=[("yes", "Yes"), ("no", "No")],
        coerce=lambda value: value == "yes",
        widget=forms.RadioSelect(attrs={"class": "usa-radio__input"}),
    )
    not_met = forms.CharField(
        label="Standards not met",
        required=False,
        help_text="One per line; only if the location does not comply.",
        widget=forms.Textarea(attrs=TEXTAREA),
    )
    conditions = forms.CharField(
        label="Conditions of the license",
        required=False,
        help_text=(
            "One per line: those authorized city personnel deem reasonably necessary to protect "
            "public health and safety and people in neighboring property."
        ),
        widget=forms.Textarea(attrs=TEXTAREA),
    )
    notes = forms.CharField(label="Notes", required=False, widget=forms.Textarea(attrs=TEXTAREA))

    def lines(self, name: str) -> list[str]:
        return _lines(self.cleaned_data[name])


class IssueKennelLicenseForm(forms.Form):
    on = date_field("Date of issue")


class KennelModificationForm(forms.Form):
    """A modification of the license's conditions (``kennel.license_modification``)."""

    conditions = forms.CharField(
        label="Conditions as modified",
        required=False,
        help_text="One per line: every condition of the license once the modification takes effect.",
        widget=forms.Textarea(attrs=TEXTAREA),
    )
    reason = forms.CharField(
        label="Changed circumstances",
        help_text="What the modification responds to.",
        widget=forms.Textarea(attrs=TEXTAREA),
    )
    mailed_on = date_field("Date the written notice was mailed by certified mail to the holder")

    def lines(self) -> list[str]:
        return _lines(self.cleaned_data["conditions"])
