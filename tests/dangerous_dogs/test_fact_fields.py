"""Issue 11 item 6: a dangerous-dog form field that asks a fact a question of ``dogtag evaluate``
takes (dangerous-dog-case, -designation, -registration ...) takes its description, whether it is
required and its choices from that question's facts class (``records.facts.from_fact``)."""

from __future__ import annotations

import html

import pytest
from django import forms as django_forms

from dogtag.dangerous_dogs import forms
from dogtag.law.dangerous_dogs import CRITERIA, EXEMPTIONS
from dogtag.law.facts import fact, facts
from dogtag.law.questions import question
from dogtag.records.facts import fact_field, from_fact

# (form, field, question, fact, how the form shows the description)
ASKED = [
    (forms.DesignationForm, "on", "dangerous-dog-case", "designated_on", "help"),
    (forms.DesignationForm, "exemptions", "dangerous-dog-designation", "exemptions", "help"),
    (forms.DesignationForm, "criteria", "dangerous-dog-designation", "criteria", "help"),
    (forms.ServiceForm, "served_on", "dangerous-dog-case", "served_on", "help"),
    (forms.HearingRequestForm, "received_on", "dangerous-dog-case", "hearing_requested_on", "help"),
    (forms.ScheduleForm, "on", "dangerous-dog-case", "hearing_scheduled_on", "help"),
    (forms.PendingForm, "seized", "dangerous-dog-pending-hearing", "seized", "help"),
    (
        forms.PendingForm,
        "enclosure_or_leash_and_muzzle",
        "dangerous-dog-pending-hearing",
        "enclosure_or_leash_and_muzzle",
        "label",
    ),
    (
        forms.PendingForm,
        "no_unreasonable_risk",
        "dangerous-dog-pending-hearing",
        "no_unreasonable_risk",
        "label",
    ),
    (forms.PendingForm, "kept_at", "dangerous-dog-pending-hearing", "kept_at", "label"),
    (forms.HoldForm, "held_on", "dangerous-dog-case", "hearing_held_on", "help"),
    (forms.HoldForm, "destruction_sought", "dangerous-dog-hearing", "destruction_sought", "help"),
    (forms.OrderForm, "issued_on", "dangerous-dog-case", "order_issued_on", "help"),
    (
        forms.RegistrationForm,
        "signs_on_buildings",
        "dangerous-dog-registration",
        "signs_front_and_rear_of_all_buildings",
        "label",
    ),
    (
        forms.RegistrationForm,
        "sign_on_enclosure",
        "dangerous-dog-registration",
        "sign_on_enclosure",
        "label",
    ),
    (
        forms.RegistrationForm,
        "insurance_per_person",
        "dangerous-dog-registration",
        "insurance_per_person",
        "help",
    ),
    (
        forms.RegistrationForm,
        "insurance_per_incident",
        "dangerous-dog-registration",
        "insurance_per_incident",
        "help",
    ),
    (
        forms.RegistrationForm,
        "insurance_prepaid",
        "dangerous-dog-registration",
        "insurance_prepaid",
        "help",
    ),
    (
        forms.RegistrationForm,
        "microchip_manufacturer",
        "dangerous-dog-registration",
        "microchip_manufacturer",
        "help",
    ),
    (
        forms.RegistrationForm,
        "microchip_number",
        "dangerous-dog-registration",
        "microchip_number",
        "help",
    ),
    (forms.RegistrationForm, "amount", "dangerous-dog-registration", "fee_paid", "help"),
    (forms.InspectionForm, "permitted", "dangerous-dog-inspection", "permitted", "help"),
    (forms.InspectionForm, "compliant", "dangerous-dog-inspection", "compliant", "help"),
    (forms.OwnerNoticeForm, "kind", "dangerous-dog-owner-notice", "kind", "help"),
    (forms.OwnerNoticeForm, "occurred_on", "dangerous-dog-owner-notice", "occurred_on", "help"),
    (forms.OwnerNoticeForm, "received_on", "dangerous-dog-owner-notice", "received_on", "help"),
    (
        forms.OwnerNoticeForm,
        "transferee_told",
        "dangerous-dog-owner-notice",
        "transferee_told",
        "help",
    ),
    (forms.OwnerNoticeForm, "out_of_city", "dangerous-dog-owner-notice", "out_of_city", "help"),
    (forms.RentalDisclosureForm, "occasion", "dangerous-dog-rental-disclosure", "occasion", "help"),
    (
        forms.RentalDisclosureForm,
        "disclosed_on",
        "dangerous-dog-rental-disclosure",
        "disclosed_on",
        "help",
    ),
    (
        forms.RentalDisclosureForm,
        "lease_date",
        "dangerous-dog-rental-disclosure",
        "lease_date",
        "help",
    ),
    (
        forms.RentalDisclosureForm,
        "began_residing_on",
        "dangerous-dog-rental-disclosure",
        "began_residing_on",
        "help",
    ),
    (
        forms.ReleaseForm,
        "payment_arrangement",
        "dangerous-dog-release",
        "payment_arrangement",
        "help",
    ),
]


def made(form_class: type[django_forms.Form]) -> django_forms.Form:
    return form_class(dog=None) if form_class is forms.DesignationForm else form_class()


@pytest.mark.django_db
@pytest.mark.parametrize(("form_class", "name", "asked", "attribute", "shown"), ASKED)
def test_the_form_asks_the_fact_as_the_question_describes_it(
    form_class, name, asked, attribute, shown
):
    # given the fact as `dogtag evaluate ASKED --schema` describes it
    described = fact_field(asked, attribute)
    # when the form is made
    field = made(form_class).fields[name]
    # then the field says the fact's own description, once, as its help text or its label
    said = html.unescape(str(field.help_text if shown == "help" else field.label))
    assert said.startswith(described.description), (said, described.description)
    if shown == "label":
        assert not field.help_text
    # and offers exactly the fact's choices, in its order
    if described.choices:
        assert [value for value, _ in field.choices if value] == list(described.choices)


@pytest.mark.parametrize(
    ("form_class", "name", "required"),
    [
        # the step records the date: required, though the case question takes it as "not yet"
        (forms.ServiceForm, "served_on", True),
        (forms.OrderForm, "issued_on", True),
        (forms.OrderForm, "disposition", True),
        # the question's facts decide the rest: a box left unticked answers "no"
        (forms.PendingForm, "enclosure_or_leash_and_muzzle", False),
        (forms.InspectionForm, "permitted", True),
        (forms.InspectionForm, "compliant", False),
        (forms.OwnerNoticeForm, "occurred_on", True),
        (forms.RentalDisclosureForm, "began_residing_on", False),
        (forms.RegistrationForm, "insurance_per_person", False),
    ],
)
def test_what_the_form_requires(db, form_class, name, required):
    assert made(form_class).fields[name].required is required


def test_the_designation_offers_the_laws_exemptions_and_criteria_with_their_sections():
    field = forms.DesignationForm.base_fields["exemptions"]
    assert field.choices == [
        (k, f"{text} ({section})") for k, (section, text) in EXEMPTIONS.items()
    ]
    field = forms.DesignationForm.base_fields["criteria"]
    assert [k for k, _ in field.choices] == list(CRITERIA)
    schema = question("dangerous-dog-designation").schema()["properties"]
    assert schema["exemptions"]["items"]["enum"] == list(EXEMPTIONS)
    assert field.help_text == (
        "The criteria of Minn. Stat. 347.50 subd. 2 (through 3-2-8) the evidence shows"
    )


# ------------------------------------------------------------------------ from_fact itself


@facts
class _Notice:
    kind: str = fact("death or transfer", choices=("death", "transfer"))
    on: str | None = fact("When", default=None, unit="date")
    paid: str | None = fact("Paid", default=None, unit="USD")
    told: bool = fact("The buyer was told")


def test_from_fact_labels_the_facts_choices_and_refuses_another_set():
    assert from_fact(_Notice, "kind", labels={"transfer": "a sale", "death": "the death"}) == {
        "help_text": "death or transfer",
        "required": True,
        "choices": [("death", "the death"), ("transfer", "a sale")],
    }
    with pytest.raises(ValueError, match=r"kind: the form's choices \['death'\] are not"):
        from_fact(_Notice, "kind", labels={"death": "the death"})
    with pytest.raises(ValueError, match="told has no choices to label"):
        from_fact(_Notice, "told", labels={"yes": "yes"})


def test_from_fact_overrides_shows_units_of_measure_only_and_may_give_the_label():
    assert from_fact(_Notice, "on", required=True) == {"help_text": "When", "required": True}
    assert from_fact(_Notice, "paid") == {"help_text": "Paid (USD)", "required": False}
    # a yes-or-no fact asked by a checkbox is answered unticked: never "required"
    assert from_fact(_Notice, "told", as_label=True) == {
        "label": "The buyer was told",
        "required": False,
    }


def test_from_fact_finds_the_facts_of_a_question_by_its_name():
    assert fact_field("dangerous-dog-case", "served_on").description == (
        "The day the notice was served on the owner (3-2-9.A.1.a)"
    )
    with pytest.raises(LookupError, match="CaseFacts has no fact 'sold_on'"):
        fact_field("dangerous-dog-case", "sold_on")
    with pytest.raises(LookupError, match="no question named 'dangerous-cat'"):
        fact_field("dangerous-cat", "on")
