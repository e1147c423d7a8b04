"""The forms of a dangerous-animal case: open it on a designation, record its next event. The
choices come from the rules core's tables; whether a step is in order is the services' to ask."""

from __future__ import annotations

from typing import Any

from django import forms

from dogtag.dangerous_animals.models import EVENT_KINDS
from dogtag.dangerous_animals.services.opening import MAX_BASIS, MAX_DESCRIPTION
from dogtag.law import dangerous_animal_procedure as procedure
from dogtag.law.dangerous_animal_procedure import case as animal_case
from dogtag.law.dangerous_animal_procedure import forfeiture
from dogtag.licensing.models import Dog, Owner
from dogtag.records.bounds import PlausibleDateField

#: the facts each kind of event takes from the form (the rest take none)
KIND_FACTS: dict[str, tuple[str, ...]] = {
    **animal_case.KIND_FACTS,
    "forfeiture_noticed": ("method", "grounds", "reasons"),
    "forfeiture_hearing_set": ("hearing_on",),
    "forfeiture_order": ("forfeited",),
}
METHOD_LABELS = {
    "in_writing": "in writing",
    "in_person": "in person",
    "personal": "served personally",
    "registered_mail": "by registered mail",
}


def _choices(values: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(v, v.replace("_", " ")) for v in values]


def label(kind: str) -> str:
    return kind.replace("_", " ").capitalize()


class OpenCaseForm(forms.Form):
    on = PlausibleDateField(label="Day of the designation", not_after_today=True)
    animal = forms.ChoiceField(label="Kind of animal", choices=_choices(procedure.ANIMALS))
    dog = forms.ModelChoiceField(
        label="The dog on record (if it is one)", queryset=Dog.objects.none(), required=False
    )
    description = forms.CharField(
        label="Description of the animal",
        help_text="Species, name, color and markings (for a dog on record, it may be left empty).",
        max_length=MAX_DESCRIPTION,
        required=False,
    )
    basis = forms.CharField(
        label="The officer's evidence",
        help_text="What the officer found that makes the animal dangerous.",
        max_length=MAX_BASIS,
        widget=forms.Textarea(attrs={"rows": 4}),
    )

    def __init__(self, *args: Any, owner: Owner, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["dog"].queryset = Dog.objects.filter(owner=owner)  # type: ignore[attr-defined]


class EventForm(forms.Form):
    kind = forms.ChoiceField(label="Event")
    on = PlausibleDateField(label="Day of the event", not_after_today=True)
    disposition = forms.ChoiceField(
        label="Disposition (an order)",
        choices=[("", "—"), *_choices(animal_case.HEARING_DISPOSITIONS)],
        required=False,
    )
    conditions = forms.MultipleChoiceField(
        label="Conditions ordered (a hearing officer's order of conditions)",
        choices=[(c.name, c.words) for c in procedure.CONDITIONS],
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    conditions_met = forms.MultipleChoiceField(
        label="Conditions the owner showed met (a release)",
        choices=[(c.name, c.words) for c in procedure.CONDITIONS],
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    method = forms.ChoiceField(
        label="How the owner was notified (a notice)",
        choices=[("", "—"), *METHOD_LABELS.items()],
        required=False,
    )
    hearing_on = PlausibleDateField(label="Day set for the hearing", required=False)
    grounds = forms.MultipleChoiceField(
        label="Grounds of the forfeiture (a notice of forfeiture)",
        choices=_choices(forfeiture.GROUNDS),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    reasons = forms.CharField(
        label="Reasons the notice states (a notice of forfeiture)", max_length=2000, required=False
    )
    forfeited = forms.ChoiceField(
        label="Forfeited? (a forfeiture order)",
        choices=[("", "—"), ("yes", "Yes: forfeited"), ("no", "No: not forfeited")],
        required=False,
    )
    note = forms.CharField(
        label="Note", max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args: Any, kinds: list[str], **kwargs: Any) -> None:
        """``kinds``: those the procedure allows now, offered first; the others follow, so that
        one chosen out of order is refused by the service saying why, not by the form."""
        super().__init__(*args, **kwargs)
        later = [k for k in EVENT_KINDS if k not in kinds]
        self.fields["kind"].choices = [  # type: ignore[attr-defined]
            ("May be recorded now", [(k, label(k)) for k in kinds]),
            ("Not in order now", [(k, label(k)) for k in later]),
        ]

    def facts(self) -> dict[str, object]:
        """The facts of the kind chosen, as the rules core names them."""
        data = self.cleaned_data
        facts: dict[str, object] = {}
        for name in KIND_FACTS.get(data["kind"], ()):
            value = data.get(name)
            if name == "forfeited":
                value = {"yes": True, "no": False}.get(value or "")
            facts[name] = value
        return facts
