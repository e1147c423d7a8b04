"""The complaint pages' forms: they parse and check the shape of the input; the rules and the
records are the services' (``services.py``). Times are entered as a date and a clock time in the
city's time zone (America/Chicago)."""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.functional import lazy

from dogtag.complaints.models import Complaint, Evidence, Outcome
from dogtag.evidence import logs
from dogtag.law import complaint_procedure, nuisance
from dogtag.law.provisions import cite, cited_in, maps
from dogtag.licensing.models import Dog, Owner
from dogtag.parcels.models import Parcel
from dogtag.records.bounds import PlausibleDateField
from dogtag.records.facts import from_fact
from dogtag.records.uploads import UploadField

INPUT = {"class": "usa-input"}
DATE = forms.DateInput(attrs={"type": "date", "class": "usa-input"})
TIME = forms.TimeInput(attrs={"type": "time", "class": "usa-input", "step": "1"})
TEXTAREA = {"class": "usa-textarea"}
SELECT = {"class": "usa-select"}
CHECKBOX = {"class": "usa-checkbox__input"}
RADIO = {"class": "usa-radio__input"}
FILE = {"class": "usa-file-input"}
YES_NO = [("yes", "Yes"), ("no", "No")]


def _word(text: str) -> str:
    return cited_in(text, lenient=True)


#: a label with ``{§concept}``, worded when shown (a form is made at import)
_cited = lazy(_word, str)


def at(day: dt.date, clock: dt.time) -> dt.datetime:
    """A date and clock time in the city's time zone."""
    return dt.datetime.combine(day, clock, tzinfo=timezone.get_current_timezone())


def _yes(value: str) -> bool:
    return value == "yes"


# ------------------------------------------------------------------------------------- queue


def city_kinds(field: forms.ChoiceField) -> None:
    """Offer only the kinds of complaint the city in force takes (``offered_kinds``: Lino Lakes
    takes no complaint of a dog running at large, its definition not being found); the empty
    choice ("Any kind") stays."""
    offered = complaint_procedure.offered_kinds()
    field.choices = [(v, label) for v, label in field.choices if v == "" or v in offered]


class QueueForm(forms.Form):
    kind = forms.ChoiceField(
        label="Kind",
        required=False,
        choices=[("", "Any kind"), *Complaint.Kind.choices],
        widget=forms.Select(attrs=SELECT),
    )
    status = forms.ChoiceField(
        label="Status",
        required=False,
        choices=[("", "Any status"), ("open", "open (not closed)"), *Complaint.Status.choices],
        widget=forms.Select(attrs=SELECT),
    )
    assigned_to = forms.TypedChoiceField(
        label="Assigned officer",
        required=False,
        coerce=int,
        empty_value=None,
        widget=forms.Select(attrs=SELECT),
    )
    received_from = PlausibleDateField(label="Received from", required=False, widget=DATE)
    received_to = PlausibleDateField(label="Received to", required=False, widget=DATE)
    place = forms.CharField(
        label="Parcel or address",
        required=False,
        max_length=100,
        help_text="Part of a PIN or an address.",
        widget=forms.TextInput(attrs=INPUT),
    )
    mine = forms.BooleanField(
        label="Only complaints assigned to me", required=False, widget=forms.CheckboxInput(CHECKBOX)
    )
    order = forms.ChoiceField(
        label="Order",
        required=False,
        choices=[("oldest_open", "Oldest open first"), ("newest", "Newest first")],
        widget=forms.Select(attrs=SELECT),
    )

    def __init__(self, *args: Any, officers: Any = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        city_kinds(self.fields["kind"])
        self.fields["assigned_to"].choices = [("", "Anyone or no one")] + [
            (u.pk, u.get_full_name() or u.get_username()) for u in officers
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        start, end = data.get("received_from"), data.get("received_to")
        if start and end and end < start:
            self.add_error("received_to", "The end of the range is before its start.")
        return data


# ------------------------------------------------------------------------------------ intake


class DogChoice(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Dog) -> str:
        return f"{obj.name} ({obj.breed}, {obj.color}) — owner {obj.owner.name}"


class OwnerChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj: Owner) -> str:
        return f"{obj.name}, {obj.street}"


def intake_initial(query: Any) -> dict[str, Any]:
    """The intake form's starting values from ``?dog=``, ``?owner=`` or ``?parcel=`` (ignored
    when they name nothing)."""
    initial: dict[str, Any] = {}
    dog = Dog.objects.select_related("owner__parcel").filter(pk=_int(query.get("dog"))).first()
    owner = dog.owner if dog else Owner.objects.filter(pk=_int(query.get("owner"))).first()
    if dog is not None:
        initial["dogs"] = [dog.pk]
    if owner is not None:
        initial["owner"] = owner
        if owner.parcel is not None:
            initial["pin"] = owner.parcel.pin
    elif query.get("parcel"):
        parcel = Parcel.objects.filter(pin=query["parcel"]).first()
        if parcel is not None:
            initial["pin"] = parcel.pin
    return initial


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


class IntakeForm(forms.Form):
    kind = forms.ChoiceField(
        label="What is the complaint about",
        choices=Complaint.Kind.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    occurred_on = PlausibleDateField(label="Date it happened (or began)", widget=DATE)
    occurred_time = forms.TimeField(
        label="Time it happened (or began)", help_text="City time (Central).", widget=TIME
    )
    until_on = PlausibleDateField(label="Date it ended", required=False, widget=DATE)
    until_time = forms.TimeField(label="Time it ended", required=False, widget=TIME)
    pin = forms.CharField(
        label="Parcel PIN",
        required=False,
        max_length=30,
        help_text="The county parcel number, e.g. R30-32-25-0001.",
        widget=forms.TextInput(attrs={**INPUT, "autocomplete": "off"}),
    )
    address = forms.CharField(
        label="Address or description of the place",
        required=False,
        max_length=200,
        widget=forms.TextInput(attrs=INPUT),
    )
    x = forms.FloatField(
        label="x (easting, feet)",
        required=False,
        help_text="State plane coordinates, Minnesota South (ftUS).",
        widget=forms.NumberInput(attrs={**INPUT, "step": "any"}),
    )
    y = forms.FloatField(
        label="y (northing, feet)",
        required=False,
        widget=forms.NumberInput(attrs={**INPUT, "step": "any"}),
    )
    complainant_name = forms.CharField(
        label="Complainant's name", required=False, max_length=200, widget=forms.TextInput(INPUT)
    )
    complainant_phone = forms.CharField(
        label="Complainant's phone",
        required=False,
        max_length=20,
        widget=forms.TextInput(attrs={**INPUT, "type": "tel", "autocomplete": "off"}),
    )
    complainant_address = forms.CharField(
        label="Complainant's address", required=False, max_length=200, widget=forms.TextInput(INPUT)
    )
    owner = OwnerChoice(
        label="Owner",
        required=False,
        queryset=Owner.objects.order_by("name", "pk"),
        empty_label="Not known",
        help_text="Left as not known, the owner follows from the dogs when they share one.",
        widget=forms.Select(attrs=SELECT),
    )
    dogs = DogChoice(
        label="Dog(s)",
        required=False,
        queryset=Dog.objects.select_related("owner").order_by("name", "owner__name", "pk"),
        help_text="Hold Ctrl (Cmd on a Mac) to choose more than one.",
        widget=forms.SelectMultiple(attrs={**SELECT, "size": "6"}),
    )
    narrative = forms.CharField(
        label="What happened",
        help_text="In the complainant's words: what, where, how long, how often.",
        widget=forms.Textarea(attrs={**TEXTAREA, "rows": 6}),
    )

    def narrow_to_household(self) -> None:
        """With an owner given (or a parcel with residents), list only their dogs."""
        owner = self.initial.get("owner")
        parcel_pin = self.initial.get("pin")
        dogs = self.fields["dogs"]
        if owner is not None:
            dogs.queryset = dogs.queryset.filter(owner=owner)  # type: ignore[attr-defined]
        elif parcel_pin:
            dogs.queryset = dogs.queryset.filter(  # type: ignore[attr-defined]
                owner__parcel__pin=parcel_pin
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        x, y = data.get("x"), data.get("y")
        if (x is None) != (y is None):
            self.add_error("y" if y is None else "x", "Give both x and y, or neither.")
        pin = (data.get("pin") or "").strip()
        data["parcel"] = None
        if pin:
            data["parcel"] = Parcel.objects.filter(pin__iexact=pin).first()
            if data["parcel"] is None:
                self.add_error("pin", f"No parcel has the PIN {pin}.")
        if data.get("until_time") and not data.get("until_on"):
            self.add_error("until_on", "Give the date it ended, with its time.")
        if data.get("until_on") and not data.get("until_time"):
            self.add_error("until_time", "Give the time it ended, with its date.")
        return data

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        city_kinds(self.fields["kind"])

    def service_fields(self) -> dict[str, Any]:
        d = self.cleaned_data
        until = at(d["until_on"], d["until_time"]) if d.get("until_on") else None
        point = (
            {"type": "Point", "coordinates": [d["x"], d["y"]]} if d.get("x") is not None else None
        )
        return {
            "kind": d["kind"],
            "occurred_at": at(d["occurred_on"], d["occurred_time"]),
            "occurred_until": until,
            "parcel": d["parcel"],
            "address": d["address"],
            "point": point,
            "complainant_name": d["complainant_name"],
            "complainant_phone": d["complainant_phone"],
            "complainant_address": d["complainant_address"],
            "owner": d["owner"],
            "dogs": list(d["dogs"]),
            "narrative": d["narrative"],
        }


# ------------------------------------------------------------------------------- assignment


class AssignForm(forms.Form):
    prefix = "assign"

    officer = forms.ModelChoiceField(
        label="Officer",
        queryset=None,  # type: ignore[arg-type]
        empty_label=None,
        widget=forms.Select(attrs=SELECT),
    )
    on = PlausibleDateField(label="Assigned on", widget=DATE)

    def __init__(self, *args: Any, officers: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["officer"]
        field.queryset = officers
        field.label_from_instance = lambda u: u.get_full_name() or u.get_username()  # type: ignore[attr-defined]


# ------------------------------------------------------------------------- barking evidence


# ------------------------------------------------------------------ the dog, whom the duty falls on

#: whom a violation's duty falls on, as the officer chooses (``complaint_procedure.BASES``)
DUTY_LABELS = {
    "owner_of_record": "The dog's owner of record on the day of the incident",
    "keeper": "Another person who kept, harboured or had custody of the dog (name them below)",
    "person_who_left": "The person who left the animal in the vehicle (name them below)",
    "unknown": "Not known",
}


class NamedForm(forms.Form):
    """The fields every findings form adds: the dog the finding is about (one of the
    complaint's) and, should the rules find a violation, whom the duty falls on: under
    ``nuisance.owner_duty`` the owner ("The owner of any animal shall prevent it ..."), under
    ``vehicle.animal_left`` the person who left
    the animal. The services store the dog's owner of record on the day of the incident."""

    dog = forms.ModelChoiceField(
        label="The dog the finding is about",
        required=False,
        queryset=Dog.objects.none(),
        empty_label="All the dogs named, or a dog not identified",
        widget=forms.Select(attrs=SELECT),
    )
    duty = forms.ChoiceField(
        label="If a violation is found, whom the duty falls on",
        required=False,
        choices=[],
        widget=forms.RadioSelect(attrs=RADIO),
    )
    person = forms.CharField(
        label="Name of that person",
        required=False,
        max_length=200,
        help_text="For the owner of record, the name is taken from the dog's record.",
        widget=forms.TextInput(INPUT),
    )

    def __init__(self, *args: Any, complaint: Complaint | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        vehicle = complaint is not None and complaint.kind == Complaint.Kind.VEHICLE
        dogs = (
            complaint.dogs.order_by("pk")
            if complaint is not None and complaint.pk
            else Dog.objects.none()
        )
        bases = (
            ["person_who_left", "unknown"] if vehicle else ["owner_of_record", "keeper", "unknown"]
        )
        if not vehicle and not dogs.exists() and (complaint is None or complaint.owner_id is None):
            bases.remove("owner_of_record")  # no dog and no owner named: no owner of record
        self.fields["duty"].choices = [(b, DUTY_LABELS[b]) for b in bases]
        if vehicle or not dogs.exists():
            del self.fields["dog"]
        else:
            self.fields["dog"].queryset = dogs  # type: ignore[attr-defined]

    def named_fields(self) -> list[Any]:
        return [self[name] for name in ("dog", "duty", "person") if name in self.fields]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        duty, person = data.get("duty"), (data.get("person") or "").strip()
        if duty in ("keeper", "person_who_left") and not person:
            self.add_error("person", "Name the person the duty falls on.")
        return data

    def named(self) -> Any:
        from dogtag.complaints.services import Named  # the services import these forms' module

        data = self.cleaned_data
        return Named(
            dog=data.get("dog"), duty=data.get("duty") or "", person=data.get("person") or ""
        )


class NoiseTimesForm(NamedForm):
    prefix = "times"

    day = PlausibleDateField(
        label="Date of the noises",
        required=False,
        help_text="Needed for clock times; a clock time earlier than the one before is taken to "
        "be after midnight.",
        widget=DATE,
    )
    times = forms.CharField(
        required=False,
        label="Noise times, one per line",
        help_text="Clock times (22:00:05 or 10:00:05 PM) on the date above, or full ISO date-times "
        "(2026-11-20T22:00:05).",
        widget=forms.Textarea(attrs={**TEXTAREA, "rows": 8}),
    )
    description = forms.CharField(
        label="How the times were taken",
        required=False,
        max_length=300,
        help_text="e.g. heard from the road in front of the house.",
        widget=forms.TextInput(INPUT),
    )

    none_heard = forms.BooleanField(
        label=_cited("No noise was heard ({§nuisance.barking} decided the other way)"),
        required=False,
        widget=forms.CheckboxInput(CHECKBOX),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        text = data.get("times") or ""
        lines = "\n".join(line.strip() for line in text.splitlines())
        if not lines.strip():
            data["noises"] = []
            if not data.get("none_heard"):
                self.add_error("times", "Give the noise times, or say that no noise was heard.")
            return data
        if data.get("none_heard"):
            self.add_error("none_heard", "Either give the noise times, or that none was heard.")
            return data
        try:
            data["noises"] = logs.read_log(
                lines, date=data.get("day"), tzinfo=timezone.get_current_timezone()
            )
        except logs.LogError as exc:
            problems = [p.replace("row ", "line ") for p in exc.problems]
            self.add_error("times", "; ".join(problems) + ".")
        return data


class NoiseLogForm(forms.Form):
    prefix = "log"

    file = UploadField(
        label="Noise log (CSV)",
        help_text="One noise per row; the time in a column named time, timestamp, when or noise, "
        "else the first column.",
        widget=forms.ClearableFileInput(attrs={**FILE, "accept": ".csv,text/csv,text/plain"}),
    )
    log_date = PlausibleDateField(
        label="Date of the log",
        required=False,
        help_text="Needed when the log gives clock times without a date.",
        widget=DATE,
    )


class RecordingForm(forms.Form):
    prefix = "recording"

    file = UploadField(
        label="Recording (WAV or FLAC)",
        widget=forms.ClearableFileInput(
            attrs={**FILE, "accept": ".wav,.flac,audio/wav,audio/flac"}
        ),
    )
    started_on = PlausibleDateField(label="Date the recording started", widget=DATE)
    started_time = forms.TimeField(
        label="Time the recording started", help_text="City time (Central).", widget=TIME
    )
    description = forms.CharField(
        label="Where and by whom it was recorded",
        required=False,
        max_length=300,
        widget=forms.TextInput(INPUT),
    )

    @property
    def started_at(self) -> dt.datetime:
        return at(self.cleaned_data["started_on"], self.cleaned_data["started_time"])


class FileForm(forms.Form):
    prefix = "file"

    kind = forms.ChoiceField(
        label="Kind of file",
        choices=[
            (Evidence.Kind.PHOTO, Evidence.Kind.PHOTO.label),
            (Evidence.Kind.DOCUMENT, Evidence.Kind.DOCUMENT.label),
        ],
        widget=forms.Select(attrs=SELECT),
    )
    file = UploadField(label="File", widget=forms.ClearableFileInput(attrs=FILE))
    description = forms.CharField(
        label="What it shows", max_length=300, widget=forms.TextInput(INPUT)
    )


# -------------------------------------------------------------------------------- findings


def _fact_box(question: str, name: str) -> forms.BooleanField:
    """A yes/no fact of ``question`` as a checkbox labelled with the fact's own description
    (``records.facts.from_fact``): the page and ``dogtag evaluate`` describe it once."""
    return forms.BooleanField(
        widget=forms.CheckboxInput(CHECKBOX), **from_fact(question, name, as_label=True)
    )


#: the facts of the question ``at-large``, each a checkbox of the at-large form
FACT_NAMES = (
    "off_owner_premises",
    "on_leash_held_by_responsible_person",
    "under_direct_control_by_command",
    "lawfully_hunting_under_control",
    "obedience_training_under_control",
    "on_or_next_to_athletic_field_or_park",
    "ran_onto_other_property_from_owner_premises",
    "did_not_respond_to_a_person",
    "excrement_left",
)


class AtLargeForm(NamedForm):
    """``nuisance.at_large``, in the ordinance's words: each fact a yes/no the officer answers, as
    the question ``at-large`` defines it."""

    prefix = "atlarge"

    off_owner_premises = _fact_box("at-large", "off_owner_premises")
    on_leash_held_by_responsible_person = _fact_box(
        "at-large", "on_leash_held_by_responsible_person"
    )
    under_direct_control_by_command = _fact_box("at-large", "under_direct_control_by_command")
    lawfully_hunting_under_control = _fact_box("at-large", "lawfully_hunting_under_control")
    obedience_training_under_control = _fact_box("at-large", "obedience_training_under_control")
    on_or_next_to_athletic_field_or_park = _fact_box(
        "at-large", "on_or_next_to_athletic_field_or_park"
    )
    ran_onto_other_property_from_owner_premises = _fact_box(
        "at-large", "ran_onto_other_property_from_owner_premises"
    )
    did_not_respond_to_a_person = _fact_box("at-large", "did_not_respond_to_a_person")
    excrement_left = _fact_box("at-large", "excrement_left")

    def fact_fields(self) -> list[Any]:
        return [self[name] for name in self.fields if name in FACT_NAMES]

    def facts(self) -> nuisance.AtLargeFacts:
        return nuisance.AtLargeFacts(**{name: self.cleaned_data[name] for name in FACT_NAMES})


class DamageForm(NamedForm):
    """``nuisance.damage``, both ways: "no damage" is an answer."""

    prefix = "damage"

    damage_done = forms.TypedChoiceField(
        label="Did the dog damage a person or property?",
        choices=YES_NO,
        coerce=_yes,
        widget=forms.RadioSelect(attrs=RADIO),
        **from_fact("damage", "damage_done", required=True),
    )

    damaged_owner_own = forms.TypedChoiceField(
        label="Was the damage to the owner's own person or property?",
        choices=YES_NO,
        coerce=_yes,
        widget=forms.RadioSelect(attrs=RADIO),
        # a yes-or-no asked as two radios: left unanswered is no answer, not "no"
        **from_fact("damage", "damaged_owner_own", required=True),
    )
    in_defense_of = forms.ChoiceField(
        label="Was it committed in the defense of",
        widget=forms.RadioSelect(attrs=RADIO),
        **from_fact(
            "damage",
            "in_defense_of",
            required=True,
            labels={
                "none": "no one: not in defense",
                "owner": "the owner",
                "family": "the owner's family",
                "property": "the owner's property",
            },
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if maps(nuisance.PROPERTY_DAMAGE):
            # the variant of damage to another person's property only, with no defense
            # (``nuisance.property_damage``, Lino Lakes')
            section = cite(nuisance.PROPERTY_DAMAGE)
            done, own = self.fields["damage_done"], self.fields["damaged_owner_own"]
            done.label = "Did the animal damage another person's lawn, garden or other property?"
            done.help_text = f"No: it damaged nothing, which decides {section} the other way."
            own.label = "Was it the owner's own property?"
            own.help_text = f"{section} forbids damage to another person's property only."
            del self.fields["in_defense_of"]


def yes_no(label: str) -> forms.TypedChoiceField:
    """A yes-or-no fact asked as two radios: left unanswered is no answer, not "no"."""
    return forms.TypedChoiceField(
        label=label, choices=YES_NO, coerce=_yes, widget=forms.RadioSelect(attrs=RADIO)
    )


class ProhibitionForm(NamedForm):
    """A prohibition another city's law states (``law.prohibitions``: Lino Lakes' abandonment,
    and its device and container for removing feces), decided both ways."""

    prefix = "prohibition"

    abandoned = yes_no("Was the animal abandoned within the city?")
    on_covered_property = yes_no(
        "Was the animal on park property, city trails, public property or another's property?"
    )
    had_device = yes_no("Did the owner have a device for the immediate removal of feces?")
    had_container = yes_no(
        "Did the owner have a container to carry the feces to a disposal receptacle?"
    )

    #: kind -> the facts it asks
    ASKS: ClassVar[dict[str, tuple[str, ...]]] = {
        "abandonment": ("abandoned",),
        "feces_device": ("on_covered_property", "had_device", "had_container"),
    }

    def __init__(self, *args: Any, kind: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind
        #: the provision the kind is about, cited on the form
        self.concept = complaint_procedure.KIND_PROVISIONS[kind][0]
        for name in ("abandoned", "on_covered_property", "had_device", "had_container"):
            if name not in self.ASKS.get(kind, ()):
                del self.fields[name]

    def fact_fields(self) -> list[Any]:
        return [self[name] for name in self.ASKS.get(self.kind, ())]


class ActsForm(NamedForm):
    """``nuisance.vicious`` or ``nuisance.chasing``: the acts seen, in the ordinance's words."""

    prefix = "acts"

    acts = forms.MultipleChoiceField(
        label="What the dog did",
        choices=[],
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs=CHECKBOX),
    )
    none_found = forms.BooleanField(
        label="None of these acts was found",
        required=False,
        widget=forms.CheckboxInput(CHECKBOX),
    )
    on_public_grounds_streets_or_highways = forms.TypedChoiceField(
        label=_cited("Was it on public grounds, streets or highways? ({§nuisance.chasing})"),
        choices=YES_NO,
        coerce=_yes,
        widget=forms.RadioSelect(attrs=RADIO),
        # required for chasing only (set in __init__)
        **from_fact("nuisance-acts", "on_public_grounds_streets_or_highways", required=False),
    )

    def __init__(self, *args: Any, kind: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind
        section = cite(nuisance.VICIOUS if kind == Complaint.Kind.AGGRESSION else nuisance.CHASING)
        self.fields[
            "none_found"
        ].label = f"None of these acts was found ({section} decided the other way)"
        acts = (
            nuisance.AGGRESSION_ACTS if kind == Complaint.Kind.AGGRESSION else nuisance.CHASING_ACTS
        )
        self.fields["acts"].choices = list(acts.items())
        self.fields["acts"].label = f"What the dog did ({section})"
        if kind == Complaint.Kind.AGGRESSION:
            del self.fields["on_public_grounds_streets_or_highways"]
        else:
            self.fields["on_public_grounds_streets_or_highways"].required = True

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        acts, none_found = data.get("acts") or [], data.get("none_found")
        if acts and none_found:
            self.add_error("none_found", "Either choose the acts found, or that none was found.")
        elif not acts and not none_found:
            self.add_error("acts", "Choose at least one act, or that none was found.")
        return data


class VehicleForm(NamedForm):
    """``vehicle.animal_left``."""

    prefix = "vehicle"

    animal = forms.ChoiceField(
        label="Animal",
        widget=forms.RadioSelect(RADIO),
        **from_fact("animal-in-vehicle", "animal", labels={"dog": "dog", "cat": "cat"}),
    )
    vehicle = forms.CharField(
        label="Vehicle",
        max_length=200,
        help_text="Make, color, plate.",
        widget=forms.TextInput(INPUT),
    )
    left_unattended = _fact_box("animal-in-vehicle", "left_unattended")
    vehicle_standing_or_parked = _fact_box("animal-in-vehicle", "vehicle_standing_or_parked")
    health_or_safety_endangered = _fact_box("animal-in-vehicle", "health_or_safety_endangered")
    conditions = forms.CharField(
        label="Conditions",
        widget=forms.Textarea(attrs={**TEXTAREA, "rows": 3}),
        # the officer records the conditions seen, though the question may go without them
        **from_fact(
            "animal-in-vehicle",
            "conditions",
            required=True,
            help_text="The conditions observed: temperature, windows, the animal's state.",
        ),
    )
    forced_entry = _fact_box("animal-in-vehicle", "forced_entry")
    entered_by_animal_control = _fact_box("animal-in-vehicle", "entered_by_animal_control")
    owner_reached = _fact_box("animal-in-vehicle", "owner_reached")
    taken_to_shelter = _fact_box("animal-in-vehicle", "taken_to_shelter")
    taken_to = forms.CharField(
        label="Where the animal was taken",
        required=False,
        max_length=200,
        help_text="The shelter's name, or returned to the owner.",
        widget=forms.TextInput(INPUT),
    )


class ContactAttemptForm(forms.Form):
    """One attempt to contact the owner (``vehicle.animal_left``: "reasonable means to contact the owner")."""

    on = PlausibleDateField(label="Date", required=False, widget=DATE)
    time = forms.TimeField(label="Time", required=False, widget=TIME)
    how = forms.CharField(
        label="How", required=False, max_length=100, widget=forms.TextInput(INPUT)
    )
    result = forms.CharField(
        label="Result", required=False, max_length=200, widget=forms.TextInput(INPUT)
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        given = [k for k in ("on", "time", "how") if data.get(k)]
        if (given or data.get("result")) and len(given) < 3:
            raise ValidationError("Give the date, the time and how for each attempt.")
        return data


ContactAttempts = forms.formset_factory(ContactAttemptForm, extra=3, max_num=12)


def contact_attempts(formset: Any) -> list[dict[str, str]]:
    return [
        {
            "at": at(f.cleaned_data["on"], f.cleaned_data["time"]).isoformat(),
            "how": f.cleaned_data["how"].strip(),
            "result": f.cleaned_data["result"].strip(),
        }
        for f in formset.forms
        if f.cleaned_data.get("on")
    ]


# ------------------------------------------------------------------------ follow-up, close


class FollowUpForm(forms.Form):
    prefix = "followup"

    on = PlausibleDateField(label="Date", widget=DATE)
    note = forms.CharField(
        label="What was done", widget=forms.Textarea(attrs={**TEXTAREA, "rows": 3})
    )


class CloseForm(forms.Form):
    prefix = "close"

    outcome = forms.ChoiceField(
        label="Outcome", choices=Outcome.Kind.choices, widget=forms.RadioSelect(RADIO)
    )
    decided_on = PlausibleDateField(label="Decided on", widget=DATE)
    dog = forms.ModelChoiceField(
        label="The dog referred (for a referral, where the complaint names several)",
        required=False,
        queryset=Dog.objects.none(),
        widget=forms.Select(attrs=SELECT),
    )
    note = forms.CharField(
        label="Note",
        required=False,
        widget=forms.Textarea(attrs={**TEXTAREA, "rows": 3}),
    )

    def __init__(self, *args: Any, complaint: Complaint | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not complaint_procedure.referral_offered():
            # no finding of a complaint grounds a designation in the city's law (Lino Lakes)
            self.fields["outcome"].choices = [
                c
                for c in self.fields["outcome"].choices  # type: ignore[attr-defined]
                if c[0] != Outcome.Kind.DANGEROUS_DOG_REFERRAL
            ]
            del self.fields["dog"]
        elif complaint is None or not complaint.pk or complaint.dogs.count() < 2:
            del self.fields["dog"]
        else:
            self.fields["dog"].queryset = complaint.dogs.order_by("pk")  # type: ignore[attr-defined]


class WithdrawForm(forms.Form):
    """The complainant withdraws (the complaint stays open until an outcome closes it)."""

    prefix = "withdraw"

    on = PlausibleDateField(label="Withdrawn on", widget=DATE)
    note = forms.CharField(
        label="How the complainant withdrew",
        max_length=2000,
        widget=forms.Textarea(attrs={**TEXTAREA, "rows": 2}),
    )


class ReopenForm(forms.Form):
    """A closed complaint reopened on new evidence: the earlier outcome stays on the record."""

    prefix = "reopen"

    on = PlausibleDateField(label="Reopened on", widget=DATE)
    new_evidence = forms.CharField(
        label="The new evidence",
        max_length=2000,
        widget=forms.Textarea(attrs={**TEXTAREA, "rows": 3}),
    )


# ------------------------------------------------------------------------------------ map


class MapForm(forms.Form):
    kind = forms.ChoiceField(
        label="Kind",
        required=False,
        choices=[("", "Every kind"), *Complaint.Kind.choices],
        widget=forms.Select(attrs=SELECT),
    )
    received_from = PlausibleDateField(label="Received from", required=False, widget=DATE)
    received_to = PlausibleDateField(label="Received to", required=False, widget=DATE)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        city_kinds(self.fields["kind"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        start, end = data.get("received_from"), data.get("received_to")
        if start and end and end < start:
            self.add_error("received_to", "The end of the range is before its start.")
        return data
