"""The resident's application form and the clerk's two answers.

The resident's form asks the contents of ``license.application`` and the rabies certificate
(``license.rabies_certificate``) with the
bounds of the counter's forms (``licensing.forms``: the same date window, the birth date or an
age, the longest vaccination, the certificate's file types, size and image check, the phone
number's form), its own words in Spanish and English. The clerk's issue form is the counter's
payment fields (``licensing.forms.PaymentFields``).
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from dogtag.law.provisions import cited_in
from dogtag.licensing.forms import CERTIFICATE_MAX_BYTES, CERTIFICATE_TYPES, PaymentFields
from dogtag.licensing.models import Dog, Owner, RabiesVaccination, city_in_force
from dogtag.licensing.phones import PhoneError, normalise
from dogtag.records.bounds import (
    MAX_VACCINATION_YEARS,
    OLDEST_DOG_YEARS,
    PlausibleDateField,
    years_after,
)
from dogtag.records.office import PHOTO_FORMATS, PHOTO_TYPES, DeskForm
from dogtag.records.services import cited_as, today
from dogtag.records.uploads import UploadField, image_problem
from dogtag.residents.abuse import HoneypotForm

#: The periods of a new resident and of a new owner (the package's sections.yaml).
NEW_RESIDENT = "license.new_resident"
NEW_OWNER = "license.new_owner"


def _in_city(message: str, concept: str = "") -> str:
    """``message`` in the resident's language, with the city in force (``%(city)s``) and the
    section of its law stating ``concept`` as the city names it in a sentence (``%(citation)s``;
    the section marked, never another city's, where its law states none)."""
    section = cited_in(f"{{§{concept}}}", lenient=True) if concept else ""
    return gettext(message) % {"city": city_in_force(), "citation": cited_as(section)}


#: A label naming the city or a section, written when the form is shown (the city in force).
in_city = lazy(_in_city, str)

#: Why the resident applies (not for a renewal): the kinds of a first license in this city.
WHY_CHOICES = [
    ("new", in_city(gettext_noop("My dog has never been licensed in %(city)s"))),
    (
        "new_resident",
        in_city(gettext_noop("I moved into %(city)s with my dog (%(citation)s)"), NEW_RESIDENT),
    ),
    (
        "change_of_ownership",
        in_city(gettext_noop("I became the dog’s new owner (%(citation)s)"), NEW_OWNER),
    ),
]
SEX_CHOICES = [("", _("— choose —")), ("male", _("Male")), ("female", _("Female"))]
#: The vaccine durations the counter records (``RabiesVaccination.duration_years``).
DURATIONS = [n for n, _label in RabiesVaccination._meta.get_field("duration_years").choices]
#: The counter's choices of the same two fields, so the two forms cannot drift apart.
assert {c for c, _label in Dog.Sex.choices} == {c for c, _label in SEX_CHOICES if c}


def _date(**attrs: str) -> forms.DateInput:
    return forms.DateInput(attrs={"type": "date", **attrs}, format="%Y-%m-%d")


class OwnerChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.name}, {obj.street}"


class ApplicationForm(DeskForm, HoneypotForm):
    """``license.application``: "the name, address and phone number of the owner, and the name,
    breed, color, age and sex of the dog", and ``license.rabies_certificate``: the rabies
    vaccination certificate."""

    kind = forms.ChoiceField(
        label=_("Why are you applying?"),
        choices=WHY_CHOICES,
        initial="new",
        required=False,  # none chosen: a dog never licensed here (the first choice)
        widget=forms.RadioSelect,
    )
    resident_since = PlausibleDateField(
        label=in_city(gettext_noop("The day you became a resident of %(city)s")),
        required=False,
        not_after_today=True,
        help_text=in_city(gettext_noop("Only if you moved into %(city)s with the dog.")),
        widget=_date(),
    )
    licensed_elsewhere = forms.BooleanField(
        label=_("The dog has a license from the city I moved from"),
        required=False,
        help_text=in_city(
            gettext_noop("It does not replace a %(city)s license (%(citation)s)."),
            NEW_RESIDENT,
        ),
    )
    ownership_changed_on = PlausibleDateField(
        label=_("The day you became the dog’s owner"),
        required=False,
        not_after_today=True,
        help_text=_("Only if you became the dog’s new owner."),
        widget=_date(),
    )
    previous_owner_name = forms.CharField(
        label=_("Previous owner: name"),
        max_length=200,
        required=False,
        help_text=_("If you know it: the city records the change of ownership from them."),
    )
    previous_owner_street = forms.CharField(
        label=_("Previous owner: address"), max_length=200, required=False
    )
    previous_owner_city = forms.CharField(
        label=_("Previous owner: city"), max_length=100, required=False
    )
    previous_owner_phone = forms.CharField(
        label=_("Previous owner: phone"),
        max_length=30,
        required=False,
        widget=forms.TextInput(attrs={"type": "tel"}),
    )
    household = OwnerChoice(
        label=_("Household"),
        queryset=Owner.objects.none(),
        required=False,
        empty_label=_("A new household (type it below)"),
        help_text=_("If the dog belongs to a household the city already has, choose it."),
    )
    owner_name = forms.CharField(label=_("Owner's full name"), max_length=200, required=False)
    street = forms.CharField(label=_("Street address"), max_length=200, required=False)
    city = forms.CharField(label=_("City"), max_length=100, initial=city_in_force, required=False)
    state = forms.CharField(label=_("State"), max_length=2, initial="MN", required=False)
    postal_code = forms.CharField(label=_("ZIP code"), max_length=10, required=False)
    phone = forms.CharField(
        label=_("Phone number"),
        max_length=30,
        required=False,
        help_text=_("For example 763-555-0142."),
        widget=forms.TextInput(attrs={"type": "tel", "autocomplete": "tel"}),
    )
    email_consent = forms.BooleanField(
        label=_("Send me notices, such as renewal reminders, by e-mail"), required=False
    )
    dog_name = forms.CharField(label=_("Dog's name"), max_length=100)
    breed = forms.CharField(label=_("Breed"), max_length=100)
    color = forms.CharField(label=_("Color"), max_length=100)
    sex = forms.ChoiceField(label=_("Sex"), choices=SEX_CHOICES)
    sterilized = forms.BooleanField(label=_("Spayed or neutered"), required=False)
    born = PlausibleDateField(
        label=_("Date of birth"),
        required=False,
        help_text=_("Or give the age in years below if you do not know the date."),
        widget=_date(),
    )
    age_years = forms.IntegerField(
        label=_("Age in years"),
        required=False,
        min_value=0,
        max_value=OLDEST_DOG_YEARS,
        help_text=_("Only if you do not know the date of birth: the city estimates it."),
        widget=forms.NumberInput(attrs={"class": "usa-input--small", "inputmode": "numeric"}),
    )
    microchip = forms.CharField(label=_("Microchip number"), max_length=20, required=False)
    vaccinated_on = PlausibleDateField(label=_("Vaccinated on"), widget=_date())
    expires_on = PlausibleDateField(
        label=_("Vaccination expires on"),
        help_text=_("As printed on the certificate."),
        widget=_date(),
    )
    duration_years = forms.TypedChoiceField(
        label=_("Vaccine duration"), coerce=int, choices=[], initial=DURATIONS[0]
    )
    veterinarian = forms.CharField(label=_("Licensed veterinarian"), max_length=200)
    clinic = forms.CharField(label=_("Clinic"), max_length=200, required=False)
    certificate_number = forms.CharField(
        label=_("Certificate number"), max_length=60, required=False
    )
    certificate_file = UploadField(
        label=_("Rabies certificate"),
        required=False,
        help_text=_("A PDF, JPEG or PNG file of the certificate from your veterinarian."),
        # not ClearableFileInput: it would link the stored file's media address
        widget=forms.FileInput(attrs={"accept": ",".join(CERTIFICATE_TYPES)}),
    )

    def __init__(
        self,
        *args: Any,
        owners: Any = None,
        renewal: bool = False,
        has_file: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.renewal = renewal
        self.has_file = has_file
        self.fields["duration_years"].choices = [
            (n, ngettext("%(years)s year", "%(years)s years", n) % {"years": n}) for n in DURATIONS
        ]
        if owners is not None and owners.exists() and not renewal:
            self.fields["household"].queryset = owners
        else:
            del self.fields["household"]
        if renewal:  # the dog and household are the ones on file
            for name in (
                "kind", "resident_since", "licensed_elsewhere", "ownership_changed_on",
                "previous_owner_name", "previous_owner_street", "previous_owner_city",
                "previous_owner_phone",
            ):  # fmt: skip
                del self.fields[name]
            for name in (
                "owner_name", "street", "city", "state", "postal_code", "phone",
                "dog_name", "breed", "color", "sex", "sterilized", "born", "age_years",
                "microchip",
            ):  # fmt: skip
                del self.fields[name]
        if has_file:
            self.fields["certificate_file"].help_text = _(
                "The file you uploaded is kept. Upload another only to replace it."
            )
        # DeskForm's __init__ made the bound fields already: make them again with these changes.
        self._bound_fields_cache.clear()

    def clean_certificate_file(self) -> Any:
        upload = self.cleaned_data.get("certificate_file")
        if not upload:
            if not self.has_file:
                raise ValidationError(gettext("Upload the rabies certificate."))
            return upload
        suffix = PurePath(upload.name).suffix.lower()
        if suffix not in CERTIFICATE_TYPES:
            raise ValidationError(gettext("Upload the certificate as a PDF, JPEG or PNG file."))
        if upload.size > CERTIFICATE_MAX_BYTES:
            raise ValidationError(
                gettext("The file is larger than %(mb)s MB.")
                % {"mb": CERTIFICATE_MAX_BYTES // (1024 * 1024)}
            )
        if suffix in PHOTO_TYPES and image_problem(upload, PHOTO_FORMATS):
            raise ValidationError(gettext("The image cannot be read: upload another file."))
        return upload

    def clean_kind(self) -> str:
        return str(self.cleaned_data.get("kind") or "new")

    def clean_phone(self) -> str:
        return _phone(self.cleaned_data.get("phone", ""))

    def clean_previous_owner_phone(self) -> str:
        return _phone(self.cleaned_data.get("previous_owner_phone", ""))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.renewal and not cleaned.get("household"):
            for name in ("owner_name", "street", "city", "state", "phone"):
                if name not in self.errors and not cleaned.get(name):
                    self.add_error(name, gettext("This field is required."))
        if not self.renewal:
            self._clean_age(cleaned)
            self._clean_why(cleaned)
        given, expires = cleaned.get("vaccinated_on"), cleaned.get("expires_on")
        if given and given > today():
            self.add_error("vaccinated_on", gettext("The vaccination date cannot be after today."))
        if given and expires and expires <= given:
            self.add_error(
                "expires_on", gettext("The expiry date must be after the vaccination date.")
            )
        elif given and expires and expires > years_after(given, MAX_VACCINATION_YEARS):
            self.add_error(
                "expires_on",
                gettext("A rabies vaccination lasts at most %(years)s years: check the dates.")
                % {"years": MAX_VACCINATION_YEARS},
            )
        return cleaned

    def _clean_why(self, cleaned: dict[str, Any]) -> None:
        """``license.new_resident`` and ``license.new_owner`` count thirty days from a date the
        resident states: it is asked, and the other kind's facts are dropped (they would say
        nothing of this application)."""
        kind = cleaned.get("kind")
        asked = {
            "new_resident": (
                "resident_since",
                _in_city(gettext_noop("Give the day you moved into %(city)s.")),
            ),
            "change_of_ownership": (
                "ownership_changed_on",
                gettext("Give the day you became the dog’s owner."),
            ),
        }
        if kind in asked:
            name, message = asked[str(kind)]
            if name not in self.errors and cleaned.get(name) is None:
                self.add_error(name, message)
        if kind != "new_resident":
            cleaned["resident_since"], cleaned["licensed_elsewhere"] = None, False
        if kind != "change_of_ownership":
            cleaned["ownership_changed_on"] = None
            for name in PREVIOUS_OWNER:
                cleaned[name] = ""

    def _clean_age(self, cleaned: dict[str, Any]) -> None:
        born, age = cleaned.get("born"), cleaned.get("age_years")
        if "born" in self.errors or "age_years" in self.errors:
            return
        if born is None and age is None:
            self.add_error("born", gettext("Give the date of birth, or the age in years."))
        elif born is not None and age is not None:
            self.add_error("age_years", gettext("Give the date of birth or the age, not both."))
        elif born is not None and born > today():
            self.add_error("born", gettext("The date of birth cannot be after today."))
        elif born is not None and born < years_after(today(), -OLDEST_DOG_YEARS):
            self.add_error("born", gettext("That date of birth is too long ago: check the year."))


PREVIOUS_OWNER = (
    "previous_owner_name",
    "previous_owner_street",
    "previous_owner_city",
    "previous_owner_phone",
)


def _phone(value: str) -> str:
    if value:
        try:
            normalise(value)
        except PhoneError:
            raise ValidationError(gettext("Enter a phone number, such as 763-555-0142.")) from None
    return str(value)


class IssueForm(DeskForm, PaymentFields):
    """The payment the resident made at City Hall or by mail, recorded as at the counter."""

    field_order = ("method", "reference", "payer", "amount")


class ReturnForm(DeskForm):
    reason = forms.CharField(
        label="Why it is returned",
        max_length=1000,
        help_text="The resident reads this on their application page and in the e-mail.",
        widget=forms.Textarea(attrs={"rows": 4}),
    )
