"""The forms of the designation and its hearing (dangerous_dog.designation): designation, notice, service, the
request for a hearing, its schedule, the time pending it, the hearing and the order."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.html import format_html

from dogtag.complaints.models import Complaint
from dogtag.dangerous_dogs import prose
from dogtag.dangerous_dogs.forms.court import requester_field
from dogtag.dangerous_dogs.forms.fields import (
    CASE,
    CHECK,
    DESIGNATION,
    HEARING,
    PENDING,
    RADIO,
    TIME,
    area_field,
    check_field,
    date_field,
    local_datetime,
    say,
    text_field,
)
from dogtag.dangerous_dogs.models import (
    DangerousDogCase,
    Order,
)
from dogtag.dangerous_dogs.provisions import HEARING as HEARING_HELD
from dogtag.dangerous_dogs.provisions import (
    HEARING_REQUEST,
    INTERIM_COMPLIANCE,
    ORDER,
    cites,
    sec,
)
from dogtag.law.dangerous_dogs import CRITERIA, DESTRUCTION_CRITERIA, EXEMPTIONS
from dogtag.records.facts import from_fact

#: An incident's time is not asked before it is known (dangerous_dog.notice; issue 26).
TIME_NOT_KNOWN = cites(
    "Leave it empty if the time is not known (a report of “sometime on 3 May”): the incident is "
    "recorded by its date, and the Notice of Dangerous Dog does not issue until its time is given "
    "on the case page ({§dangerous_dog.notice})."
)


class DesignationForm(forms.Form):
    """The designation, the notice's incidents, the exemptions: who designates, on what
    criteria, the incidents, any seizure."""

    on = date_field("Date of the designation", **from_fact(CASE, "designated_on", required=True))
    authority = forms.ChoiceField(
        label="Designated by",
        choices=DangerousDogCase.Authority.choices,
        initial=DangerousDogCase.Authority.ANIMAL_CONTROL,
        widget=forms.RadioSelect(attrs=RADIO),
        help_text=cites(
            "{§dangerous_dog.designation}: the Animal Control Authority or the Hearing Officer."
        ),
    )
    exemptions = forms.MultipleChoiceField(
        label=cites(
            "Exemptions present ({§dangerous_dog.exemption}): the person who sustained the threat, "
            "injury or damage…"
        ),
        widget=forms.CheckboxSelectMultiple(attrs=CHECK),
        **from_fact(
            DESIGNATION,
            "exemptions",
            labels={k: f"{text} ({section})" for k, (section, text) in EXEMPTIONS.items()},
        ),
    )
    criteria = forms.MultipleChoiceField(
        label=cites(
            "Criteria met (Minn. Stat. 347.50 subd. 2, through {§incorporation.state_statutes}): "
            "the dog…"
        ),
        widget=forms.CheckboxSelectMultiple(attrs=CHECK),
        **from_fact(
            DESIGNATION,
            "criteria",
            labels={k: f"{text} ({section})" for k, (section, text) in CRITERIA.items()},
        ),
    )
    factual_basis = area_field(
        cites("The factual basis for the determination ({§dangerous_dog.notice.factual_basis})")
    )
    incident_date = date_field(cites("Incident: date ({§dangerous_dog.notice})"))
    incident_time = forms.TimeField(
        label="Incident: time",
        required=False,
        help_text=TIME_NOT_KNOWN,
        widget=forms.TimeInput(attrs=TIME),
    )
    incident_place = text_field("Incident: place")
    incident_facts = area_field("Incident: facts")
    incident2_date = date_field("Second incident: date", required=False)
    incident2_time = forms.TimeField(
        label="Second incident: time",
        required=False,
        help_text=TIME_NOT_KNOWN,
        widget=forms.TimeInput(attrs=TIME),
    )
    incident2_place = text_field("Second incident: place", required=False)
    incident2_facts = area_field("Second incident: facts", required=False)
    complaints = forms.ModelMultipleChoiceField(
        label="Complaints that are evidence",
        queryset=Complaint.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs=CHECK),
    )
    seized = check_field(cites("The dog was seized ({§dangerous_dog.notice.seized_contact})"))
    kept_at = text_field("Where the dog is kept", required=False)
    contact_address = text_field("Contact person's address", required=False)
    contact_phone = text_field("Contact person's telephone", required=False, max_length=20)

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
        second = {k: data.get(f"incident2_{k}") for k in ("date", "time", "place", "facts")}
        # its date, place and facts come together; its time may follow (TIME_NOT_KNOWN)
        whole = [second[k] for k in ("date", "place", "facts")]
        if any(v not in (None, "") for v in second.values()) and not all(whole):
            raise forms.ValidationError(
                "Give the second incident's date, place and facts, or none of them; its time if "
                "it is known."
            )
        return data

    def incidents(self) -> list[tuple[dt.date, dt.time | None, str, str]]:
        """Each incident's date, time (``None`` if not known), place and facts, in order."""
        d = self.cleaned_data
        found = [(d["incident_date"], d["incident_time"], d["incident_place"], d["incident_facts"])]
        if d.get("incident2_date"):
            found.append(
                (
                    d["incident2_date"],
                    d["incident2_time"],
                    d["incident2_place"],
                    d["incident2_facts"],
                )
            )
        return found


class IncidentTimeForm(forms.Form):
    """The time of an incident recorded by its date alone (dangerous_dog.notice)."""

    occurred_time = forms.TimeField(
        label="Time of the incident",
        help_text=cites(
            "On the clock in Nowthen. The Notice of Dangerous Dog states it ({§dangerous_dog.notice})."
        ),
        widget=forms.TimeInput(attrs=TIME),
    )


class DateForm(forms.Form):
    on = date_field("Date")


class ServiceForm(forms.Form):
    served_on = date_field("Date of service", **from_fact(CASE, "served_on", required=True))
    method = forms.ChoiceField(
        label=cites("How the notice was served ({§dangerous_dog.notice})"),
        choices=DangerousDogCase.ServiceMethod.choices,
        widget=forms.RadioSelect(attrs=RADIO),
    )
    served_person = text_field("Person served", "Not needed for mail.", required=False)
    served_address = text_field("Address (residence or mailing)", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        say(
            self,
            "served_on",
            format_html(
                "The {} to request a hearing count from this day ({}; LEGAL-NOTES §6.5).",
                prose.days_html("dangerous_dog.hearing_request"),
                sec(HEARING_REQUEST),
            ),
        )


class HearingRequestForm(forms.Form):
    received_on = date_field(
        "Day the Animal Control Authority received the request",
        **from_fact(CASE, "hearing_requested_on", required=True),
    )
    requested_by = text_field("Requested by")
    requester = requester_field()
    in_writing = check_field(
        cites("The request was submitted in writing ({§dangerous_dog.notice.hearing_request})"),
        "A spoken request is not a request for a hearing.",
    )
    note = area_field("Note", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        say(
            self,
            "received_on",
            format_html(
                "The hearing must be held within {} after this day ({}).",
                prose.days_html("dangerous_dog.hearing"),
                sec(HEARING_HELD),
            ),
        )


class OralRequestForm(forms.Form):
    received_on = date_field("Day the owner asked, not in writing")
    requested_by = text_field("Who asked")
    note = area_field("What the owner was told (the form, the last day)", required=False)


class LateRequestForm(forms.Form):
    received_on = date_field("Day the Animal Control Authority received the written request")
    received_time = forms.TimeField(
        label="Time received", widget=forms.TimeInput(attrs=TIME), required=True
    )
    requested_by = text_field("Requested by")
    requester = requester_field()
    note = area_field("Note", required=False)

    def received_at(self) -> dt.datetime:
        d = self.cleaned_data
        return local_datetime(d["received_on"], d["received_time"])


class ScheduleForm(forms.Form):
    on = date_field("Date scheduled", **from_fact(CASE, "hearing_scheduled_on", required=True))
    hearing_date = date_field("Hearing date")
    hearing_time = forms.TimeField(label="Hearing time", widget=forms.TimeInput(attrs=TIME))
    place = text_field("Place")
    good_cause = area_field("Good cause for a later date", required=False)  # worded in __init__

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["good_cause"].label = (
            f"Good cause for a date after the {prose.days('dangerous_dog.hearing')} (Hearing "
            f"Officer only, {sec(HEARING_HELD)})"
        )

    def scheduled_at(self) -> dt.datetime:
        d = self.cleaned_data
        return local_datetime(d["hearing_date"], d["hearing_time"])


class PendingForm(forms.Form):
    on = date_field("Date")
    seized = forms.TypedChoiceField(
        label=cites("Pending the hearing ({§dangerous_dog.hearing.pending})"),
        choices=[("no", "The owner showed the proof"), ("yes", "The dog was seized")],
        coerce=lambda v: v == "yes",
        widget=forms.RadioSelect(attrs=RADIO),
        **from_fact(PENDING, "seized", required=True),
    )
    enclosure_or_leash_and_muzzle = check_field(
        **from_fact(PENDING, "enclosure_or_leash_and_muzzle", as_label=True)
    )
    no_unreasonable_risk = area_field(**from_fact(PENDING, "no_unreasonable_risk", as_label=True))
    kept_at = text_field(**from_fact(PENDING, "kept_at", as_label=True))
    contact_address = text_field("If seized: contact address", required=False)
    contact_phone = text_field("If seized: contact telephone", required=False, max_length=20)


class HoldForm(forms.Form):
    held_on = date_field(
        "Date the hearing was held", **from_fact(CASE, "hearing_held_on", required=True)
    )
    authority_represented_by = text_field(
        cites(
            "The Animal Control Authority represented by ({§dangerous_dog.hearing.representation})"
        )
    )
    owner_represented_by = text_field(
        "The owner represented by",
        cites("The owner in person, or private counsel ({§dangerous_dog.hearing.representation})."),
    )
    witnesses = area_field(cites("Witnesses ({§dangerous_dog.hearing.evidence})"), required=False)
    evidence = area_field(
        cites(
            "Documentary evidence received ({§dangerous_dog.hearing.records}, "
            "{§dangerous_dog.hearing.evidence|last})"
        ),
        required=False,
    )
    destruction_sought = check_field(
        "The Authority seeks to destroy the dog", **from_fact(HEARING, "destruction_sought")
    )


class OrderForm(forms.Form):
    issued_on = date_field("Date of the order", **from_fact(CASE, "order_issued_on", required=True))
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
    findings_of_fact = area_field("Findings of fact")
    received_on = date_field("Day the owner received the order", required=False)
    seizure_not_justified = check_field(
        cites(
            "The seizure or impoundment was not substantially justified by law "
            "({§dangerous_dog.notice.costs}, {§dangerous_dog.costs})"
        )
    )
    kept_at = text_field(
        cites(
            "For custody only — where the dog will be kept "
            "({§dangerous_dog.hearing.order}, {§dangerous_dog.notice.seized_contact})"
        ),
        required=False,
    )
    contact_address = text_field("For custody only — the contact person's address", required=False)
    contact_phone = text_field(
        "For custody only — the contact person's telephone", required=False, max_length=20
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        say(
            self,
            "issued_on",
            format_html(
                "Due within {} after the hearing ({}).",
                prose.days_html("dangerous_dog.order"),
                sec(ORDER),
            ),
        )
        say(
            self,
            "received_on",
            format_html(
                "Starts the {} to comply ({}), if known.",
                prose.days_html("dangerous_dog.comply_after_decision"),
                sec(INTERIM_COMPLIANCE),
            ),
        )
        for key in DESTRUCTION_CRITERIA:
            asked = from_fact(HEARING, f"finding_{key}", as_label=True)
            described = asked.pop("label")
            self.fields[f"destruction_{key}"] = area_field(
                f"For destruction only — {described[:1].lower()}{described[1:]}", **asked
            )

    def destruction_findings(self) -> dict[str, str]:
        return {k: self.cleaned_data.get(f"destruction_{k}", "") for k in DESTRUCTION_CRITERIA}
