"""The clerk's forms for a clinic's certificate: which dog it is for, and the one-step renewal."""

from __future__ import annotations

from typing import Any

from django import forms

from dogtag.clinics.batches import MAX_ROWS, BatchRefused, read
from dogtag.clinics.models import Certificate
from dogtag.licensing.forms import PaymentFields
from dogtag.licensing.models import Dog
from dogtag.records.office import DeskForm
from dogtag.records.uploads import UploadField

NOT_HERE = "not_here"
OTHER = "other"


class ResolveForm(DeskForm):
    choice = forms.ChoiceField(
        label="Which dog is this certificate for?",
        widget=forms.RadioSelect,
        help_text="Each candidate shows what agrees with the certificate and what does not.",
    )
    other_dog = forms.IntegerField(
        label="Another dog's record number",
        required=False,
        min_value=1,
        max_value=2**31 - 1,
        help_text="If the dog is on the records but not among the candidates (its page's number).",
    )

    def __init__(self, certificate: Certificate, dogs: dict[int, Dog], *args: Any, **kw: Any):
        super().__init__(*args, **kw)
        self.dogs = dogs
        choices = [
            (str(c["dog"]), _label(dogs[c["dog"]]))
            for c in certificate.candidates
            if c["dog"] in dogs
        ]
        choices += [
            (OTHER, "Another dog on the records (give its record number below)"),
            (NOT_HERE, "A dog the city has no record of (never licensed here)"),
        ]
        self.fields["choice"].choices = choices

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        choice = data.get("choice")
        if choice == OTHER:
            pk = data.get("other_dog")
            dog = Dog.objects.select_related("owner").filter(pk=pk).first() if pk else None
            if dog is None:
                self.add_error("other_dog", "Give the record number of a dog on the records.")
            data["dog"] = dog
        elif choice == NOT_HERE:
            data["dog"] = None
        elif choice:
            data["dog"] = self.dogs[int(choice)]
        return data


def _label(dog: Dog) -> str:
    return (
        f"{dog.name} ({dog.breed}, {dog.get_sex_display() or 'sex not recorded'}), "
        f"record {dog.pk}, of {dog.owner.name}, {dog.owner.street}"
    )


class RenewForm(DeskForm, PaymentFields):
    """One-step renewal from a recorded certificate: the license screen's payment fields; the
    application is the dog's, renewed today with the certificate's vaccination (``license.term``)."""


class BatchForm(DeskForm):
    clinic = forms.CharField(
        label="Clinic",
        max_length=200,
        help_text="The clinic's name as it prints on its certificates.",
    )
    file = UploadField(
        label="CSV file of certificates",
        help_text=(
            "UTF-8, a header row naming the columns below, at most "
            f"{MAX_ROWS:,} rows; a larger file runs in the background, with its progress."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            try:
                self.rows = read(upload)
            except BatchRefused as exc:
                self.add_error("file", str(exc))
            upload.seek(0)
        return data
