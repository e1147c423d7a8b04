"""Forms of the licensing desk: they parse input; the services and the rules core decide.

Django 5.2 marks an invalid input with aria-invalid and ties its error message to it through
aria-describedby (id ``<auto_id>_error``); ``licensing/_field.html`` renders the message with that
id, and the hint with ``<auto_id>_helptext``.
"""

from __future__ import annotations

import datetime as dt
from pathlib import PurePath
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy

from dogtag.law.licensing import (
    DUPLICATE_REASONS,
    LICENSE_KINDS,
    TAG_VIOLATIONS,
    LicenseApplicationFacts,
)
from dogtag.law.provisions import cited_in, maps
from dogtag.licensing.models import Dog, Owner, RabiesVaccination, Receipt, Tag, city_in_force
from dogtag.records.bounds import (
    MAX_VACCINATION_YEARS,
    OLDEST_DOG_YEARS,
    AmountField,
    PlausibleDateField,
    long_date,
    stored_date_problem,
    years_after,
)
from dogtag.records.facts import from_fact
from dogtag.records.office import PHOTO_FORMATS, PHOTO_TYPES, DeskForm, checked_photo
from dogtag.records.services import today
from dogtag.records.uploads import UploadField, image_problem
from dogtag.records.versions import version_field, version_of


def _word(text: str) -> str:
    return cited_in(text, lenient=True)


#: a label or help text with ``{§concept}``, worded when shown (the city in force)
_cited = lazy(_word, str)

KIND_LABELS = {
    "new": _cited("New license — a resident's dog never licensed here ({§license.required})"),
    "renewal": _cited("Renewal of the dog's license ({§license.renewal})"),
    "new_resident": _cited(
        "New resident — the owner just moved to the city ({§license.new_resident})"
    ),
    "change_of_ownership": _cited("New owner — the dog changed owner ({§license.new_owner})"),
}
CERTIFICATE_TYPES = (".pdf", ".jpg", ".jpeg", ".png")
CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024


def _date_input(**attrs: str) -> forms.DateInput:
    return forms.DateInput(attrs={"type": "date", **attrs}, format="%Y-%m-%d")


# --------------------------------------------------------------------------------- search


class SearchForm(forms.Form):
    q = forms.CharField(
        label="Search owners, dogs, licenses and tags",
        required=False,
        max_length=100,
        help_text=(
            "Part of a name, street, phone number, email, breed, microchip, license number or "
            "tag number."
        ),
        widget=forms.TextInput(attrs={"class": "usa-input", "autocomplete": "off"}),
    )


# --------------------------------------------------------------------------------- owners


class OwnerForm(DeskForm):
    """``license.application``: "the name, address and phone number of the owner"."""

    name = forms.CharField(label="Owner's full name", max_length=200)
    street = forms.CharField(label="Street address", max_length=200)
    city = forms.CharField(label="City", max_length=100, initial=city_in_force)
    state = forms.CharField(
        label="State", max_length=2, initial="MN", widget=forms.TextInput(attrs={"size": 2})
    )
    postal_code = forms.CharField(label="ZIP code", max_length=10, required=False)
    phone = forms.CharField(
        label="Phone number",
        max_length=30,
        help_text="For example 763-555-0142.",
        widget=forms.TextInput(attrs={"type": "tel", "autocomplete": "tel"}),
    )
    email = forms.EmailField(label="Email", required=False)
    email_consent = forms.BooleanField(
        label="The owner agrees to receive notices, such as renewal reminders, by email",
        required=False,
    )
    resident_since = PlausibleDateField(
        label="Became a resident of the city on",
        required=False,
        help_text=_cited(
            "Only for a new resident: the day the owner moved to the city ({§license.new_resident})."
        ),
        widget=_date_input(),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not maps("license.new_resident"):
            # a city with no new resident's period (one that licenses no dogs) does not ask it
            del self.fields["resident_since"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("email_consent") and not data.get("email"):
            self.add_error(
                "email", "Enter the email address the owner agrees to receive notices at."
            )
        return data

    def clean_resident_since(self) -> dt.date | None:
        value = self.cleaned_data.get("resident_since")
        if value is not None and value > today():
            raise ValidationError("The date cannot be after today.")
        return value


class OwnerEditForm(OwnerForm):
    """The owner form opened on an existing owner: it carries the owner's version, so a save
    over someone else's newer change is refused (``records.versions``)."""

    version = version_field()

    @classmethod
    def for_owner(cls, owner: Owner, data: Any = None) -> OwnerEditForm:
        initial = {name: getattr(owner, name) for name in OwnerForm.base_fields}
        initial["phone"] = owner.phone_display
        initial["version"] = version_of(owner)
        return cls(data, initial=initial)


# ----------------------------------------------------------------------------------- dogs


class DogForm(DeskForm):
    """``license.application``: "the name, breed, color, age and sex of the dog"."""

    name = forms.CharField(label="Dog's name", max_length=100)
    breed = forms.CharField(label="Breed", max_length=100)
    color = forms.CharField(label="Color", max_length=100)
    sex = forms.ChoiceField(label="Sex", choices=[("", "— choose —"), *Dog.Sex.choices])
    sterilized = forms.BooleanField(label="Spayed or neutered", required=False)
    born = PlausibleDateField(
        label="Date of birth",
        required=False,
        help_text="Or give the age in years below if the date is not known.",
        widget=_date_input(),
    )
    age_years = forms.IntegerField(
        label="Age in years",
        required=False,
        min_value=0,
        max_value=30,
        help_text="Only if the date of birth is not known: the birth date is estimated from it.",
        widget=forms.NumberInput(attrs={"class": "usa-input--small", "inputmode": "numeric"}),
    )
    microchip = forms.CharField(label="Microchip number", max_length=20, required=False)
    photo = UploadField(
        label="Photo",
        required=False,
        help_text="JPEG or PNG, at most 5 MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ",".join(PHOTO_TYPES)}),
    )

    def clean_photo(self) -> Any:
        return checked_photo(self.cleaned_data.get("photo"))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        born, age = cleaned.get("born"), cleaned.get("age_years")
        if "born" in self.errors or "age_years" in self.errors:
            return cleaned
        if born is None and age is None:
            self.add_error("born", "Give the date of birth, or the age in years.")
        elif born is not None and age is not None:
            self.add_error("age_years", "Give the date of birth or the age, not both.")
        elif born is not None and born > today():
            self.add_error("born", "The date of birth cannot be after today.")
        elif born is not None and born < years_after(today(), -OLDEST_DOG_YEARS):
            self.add_error(
                "born",
                f"A dog born on {long_date(born)} would be over {OLDEST_DOG_YEARS} years old: "
                "check the year.",
            )
        return cleaned


class PhotoForm(DeskForm):
    photo = UploadField(
        label="New photo",
        help_text="JPEG or PNG, at most 5 MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ",".join(PHOTO_TYPES)}),
    )

    def clean_photo(self) -> Any:
        return checked_photo(self.cleaned_data.get("photo"))


class RabiesForm(DeskForm):
    """``license.rabies_certificate``: "a certificate of vaccination from a licensed veterinarian"."""

    vaccinated_on = PlausibleDateField(label="Vaccinated on", widget=_date_input())
    expires_on = PlausibleDateField(
        label="Vaccination expires on",
        help_text="As printed on the certificate.",
        widget=_date_input(),
    )
    duration_years = forms.TypedChoiceField(
        label="Vaccine duration",
        coerce=int,
        choices=RabiesVaccination._meta.get_field("duration_years").choices,
        initial=1,
    )
    veterinarian = forms.CharField(label="Licensed veterinarian", max_length=200)
    clinic = forms.CharField(label="Clinic", max_length=200, required=False)
    certificate_number = forms.CharField(label="Certificate number", max_length=60, required=False)
    rabies_tag_number = forms.CharField(label="Rabies tag number", max_length=60, required=False)
    certificate_file = UploadField(
        label="Scan of the certificate",
        required=False,
        help_text="PDF, JPEG or PNG, at most 5 MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ",".join(CERTIFICATE_TYPES)}),
    )

    def clean_certificate_file(self) -> Any:
        upload = self.cleaned_data.get("certificate_file")
        if not upload:
            return upload
        if PurePath(upload.name).suffix.lower() not in CERTIFICATE_TYPES:
            raise ValidationError("Upload the certificate as a PDF, JPEG or PNG file.")
        if upload.size > CERTIFICATE_MAX_BYTES:
            raise ValidationError("The file is larger than 5 MB.")
        if PurePath(upload.name).suffix.lower() in PHOTO_TYPES and (
            problem := image_problem(upload, PHOTO_FORMATS)
        ):
            raise ValidationError(problem)
        return upload

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        given, expires = cleaned.get("vaccinated_on"), cleaned.get("expires_on")
        if given and expires and expires <= given:
            self.add_error("expires_on", "The expiry date must be after the vaccination date.")
        elif given and expires and expires > years_after(given, MAX_VACCINATION_YEARS):
            self.add_error(
                "expires_on",
                f"A rabies vaccination lasts at most {MAX_VACCINATION_YEARS} years: one given on "
                f"{long_date(given)} cannot expire after "
                f"{long_date(years_after(given, MAX_VACCINATION_YEARS))}.",
            )
        if given and given > today():
            self.add_error("vaccinated_on", "The vaccination date cannot be after today.")
        return cleaned


# ------------------------------------------------------------------------------- licenses


class RabiesChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        number = f" ({obj.certificate_number})" if obj.certificate_number else ""
        return (
            f"{obj.vaccinated_on.isoformat()} to {obj.expires_on.isoformat()} — "
            f"{obj.veterinarian}{number}"
        )


class ApplicationForm(DeskForm):
    """What the live findings depend on: the kind, the certificate, the date."""

    kind = forms.ChoiceField(
        label="Kind of license",
        choices=[(k, KIND_LABELS[k]) for k in LICENSE_KINDS],
        widget=forms.RadioSelect,
    )
    rabies = RabiesChoiceField(
        label="Rabies vaccination certificate presented",
        queryset=RabiesVaccination.objects.none(),
        required=False,
        empty_label="— no certificate presented —",
    )
    on = PlausibleDateField(
        label="Date of application",
        help_text="The day the application and the fee are received.",
        widget=_date_input(),
    )
    licensed_elsewhere = forms.BooleanField(
        label="Has a license from another municipality",
        **from_fact(LicenseApplicationFacts, "licensed_elsewhere"),
    )

    def __init__(self, dog: Dog, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.dog = dog
        field = self.fields["rabies"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = dog.rabies_vaccinations.order_by("-vaccinated_on", "-id")

    def clean_on(self) -> dt.date:
        value = self.cleaned_data["on"]
        if value > today():
            raise ValidationError("An application cannot be dated after today.")
        return value

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        # A record saved before the forms bounded its dates (issue 10, item 5) cannot be put to
        # the rules: their date arithmetic would leave the calendar. Say which date is wrong.
        stored = [(self.dog.born, f"{self.dog.name}'s birth date on record")]
        if rabies := data.get("rabies"):
            stored += [
                (rabies.vaccinated_on, "The rabies vaccination date on record"),
                (rabies.expires_on, "The rabies vaccination's expiry on record"),
            ]
        for value, what in stored:
            if problem := stored_date_problem(value, what):
                self.add_error(None, problem)
        return data


class PaymentFields(forms.Form):
    method = forms.ChoiceField(
        label="Payment method", choices=Receipt.Method.choices, initial=Receipt.Method.CASH
    )
    reference = forms.CharField(
        label="Check number or card reference", max_length=60, required=False
    )
    payer = forms.CharField(
        label="Paid by",
        max_length=200,
        required=False,
        help_text="Leave blank if the owner pays.",
    )
    amount = AmountField(
        label="Amount paid",
        help_text="Filled in with the amount due; the fee is paid in full with the application.",
        widget=forms.TextInput(attrs={"inputmode": "decimal", "class": "usa-input--small"}),
    )


class LicenseForm(ApplicationForm, PaymentFields):
    """The application and its payment (``license.fee_with_application``: the fee is
    paid at the time of application)."""

    field_order = (
        "kind",
        "rabies",
        "on",
        "licensed_elsewhere",
        "method",
        "reference",
        "payer",
        "amount",
    )


class DuplicateTagForm(DeskForm, PaymentFields):
    """``license.duplicate_tag``: a duplicate tag for a lost or stolen tag."""

    reason = forms.ChoiceField(
        label="The tag was",
        choices=[(r, r) for r in DUPLICATE_REASONS],
        initial="lost",
        widget=forms.RadioSelect,
    )
    field_order = ("reason", "method", "reference", "payer", "amount")


# --------------------------------------------------------------------- status and transfers


class OwnerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.name} — {obj.street}, {obj.city}"


class TransferForm(DeskForm):
    """``license.new_owner``: the dog changes owner; the new owner applies for a new license."""

    to_owner = OwnerChoiceField(
        label="New owner",
        queryset=Owner.objects.none(),
        empty_label="— choose the new owner —",
        help_text="Register the new owner first if they are not listed.",
    )
    changed_on = PlausibleDateField(label="Date of the change of ownership", widget=_date_input())

    def __init__(self, dog: Dog, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["to_owner"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Owner.objects.exclude(pk=dog.owner_id).order_by("name", "id")


class DogStatusForm(DeskForm):
    status = forms.ChoiceField(
        label="What happened",
        choices=[
            (s.value, s.label)
            for s in (Dog.Status.DECEASED, Dog.Status.MOVED_AWAY, Dog.Status.TRANSFERRED)
        ],
        widget=forms.RadioSelect,
    )
    on = PlausibleDateField(label="On", widget=_date_input())

    def clean_on(self) -> dt.date:
        value = self.cleaned_data["on"]
        if value > today():
            raise ValidationError("The date cannot be after today.")
        return value


class TagViolationForm(DeskForm):
    """``tag.counterfeit``: a counterfeit, removed or swapped tag."""

    kind = forms.ChoiceField(
        label="Violation",
        choices=[(k, f"{text[0].upper()}{text[1:]}") for k, text in TAG_VIOLATIONS.items()],
        widget=forms.RadioSelect,
    )
    observed_on = PlausibleDateField(label="Observed on", widget=_date_input())
    tag_serial = forms.CharField(
        label="Tag number",
        max_length=20,
        required=False,
        help_text="The tag involved, if known, e.g. 2026-00012.",
    )
    narrative = forms.CharField(
        label="What was observed", required=False, widget=forms.Textarea(attrs={"rows": 4})
    )

    def clean_tag_serial(self) -> Tag | None:
        serial = self.cleaned_data.get("tag_serial", "").strip()
        if not serial:
            return None
        tag = Tag.objects.filter(serial__iexact=serial).first()
        if tag is None:
            raise ValidationError(f"No tag {serial} is in the records.")
        return tag

    def clean_observed_on(self) -> dt.date:
        value = self.cleaned_data["observed_on"]
        if value > today():
            raise ValidationError("The date cannot be after today.")
        return value


class VoidForm(DeskForm):
    reason = forms.CharField(
        label="Why is the receipt voided?",
        max_length=200,
        help_text="For example: entered for the wrong dog. The receipt stays, marked VOID.",
    )
