"""The forms of the steps beside the Authority's own path: a refusal to release the dog
(dangerous_dog.release_on_demand), review by writ of certiorari (dangerous_dog.certiorari), and
the owner's disclosure to a buyer (dangerous_dog.sale_or_transfer)."""

from __future__ import annotations

from django import forms

from dogtag.dangerous_dogs.forms.fields import RADIO, area_field, date_field, text_field
from dogtag.dangerous_dogs.provisions import cites
from dogtag.law.dangerous_dog_procedure.events import COURT_DECISIONS, REQUESTERS

#: Who may request a hearing: an owner, or a person acting for one
#: (dangerous_dog.notice.hearing_request).
REQUESTER_CHOICES = [(k, v) for k, v in REQUESTERS.items() if k != "not_owner"]


def requester_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        label="Who made the request",
        choices=REQUESTER_CHOICES,
        initial="owner_of_record",
        required=False,  # left out: the owner of record
        widget=forms.RadioSelect(attrs=RADIO),
        help_text=cites(
            "Any owner's request, or one made for an owner, opens the hearing for all owners "
            "({§dangerous_dog.notice}, {§dangerous_dog.notice.hearing_request}). A request from "
            "anyone else, such as a neighbour, is not a request."
        ),
    )


class ReleaseRefusedForm(forms.Form):
    on = date_field("Day the dog was demanded and not released")
    basis = forms.ChoiceField(
        label="The dog was demanded on",
        choices=[
            ("demand", "a demand by the Animal Control Authority or a law enforcement agent"),
            (
                "custody_order",
                cites("the Hearing Officer's order into custody ({§dangerous_dog.hearing.order})"),
            ),
        ],
        widget=forms.RadioSelect(attrs=RADIO),
    )
    person = text_field("Person who failed or refused to release the dog")
    note = area_field("What happened", required=False)


class CertiorariPetitionForm(forms.Form):
    filed_on = date_field("Day the petition for a writ of certiorari was filed")
    petitioner = text_field("Petitioner (the owner, or their attorney)")
    court_file = text_field("Court of Appeals file number", required=False, max_length=40)
    note = area_field("Note", required=False)


class CertiorariDecisionForm(forms.Form):
    decided_on = date_field("Day of the Court of Appeals' decision")
    outcome = forms.ChoiceField(
        label="The Court of Appeals",
        choices=[
            (COURT_DECISIONS[0], "affirmed: the Hearing Officer's decision stands"),
            (COURT_DECISIONS[1], "reversed: the decision is undone"),
            (COURT_DECISIONS[2], "remanded: the Hearing Officer decides again"),
        ],
        widget=forms.RadioSelect(attrs=RADIO),
    )
    note = area_field("Note", required=False)


class SaleDisclosureForm(forms.Form):
    disclosed_on = date_field("Day the owner told the potential buyer or transferee")
    buyer = text_field("Potential buyer or transferee")
    note = area_field("How the owner told them (letter, in person)", required=False)
