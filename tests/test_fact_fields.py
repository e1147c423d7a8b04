"""Issue 11 item 6 for the complaint, kennel and enclosure pages: a form field that asks a fact a
question of ``dogtag evaluate`` takes (at-large, damage, animal-in-vehicle, private-kennel-terms,
commercial-kennel-application, enclosure-applicability, shelter-size ...) takes its description,
whether it is required, its bounds and its choices from that question's facts class
(``records.facts.from_fact``), so the page and the question describe the fact once. (The
dangerous-dog and license forms have their own tables beside them.)"""

from __future__ import annotations

import html
from decimal import Decimal

import pytest
from django import forms as django_forms

from dogtag.complaints import forms as complaint_forms
from dogtag.kennels import forms as kennel_forms
from dogtag.licensing.models import Owner
from dogtag.parcels import forms as parcel_forms
from dogtag.records.facts import fact_field

AT_LARGE = [
    "off_owner_premises",
    "on_leash_held_by_responsible_person",
    "under_direct_control_by_command",
    "lawfully_hunting_under_control",
    "obedience_training_under_control",
    "on_or_next_to_athletic_field_or_park",
    "ran_onto_other_property_from_owner_premises",
    "did_not_respond_to_a_person",
    "excrement_left",
]
VEHICLE_BOXES = [
    "left_unattended",
    "vehicle_standing_or_parked",
    "health_or_safety_endangered",
    "forced_entry",
    "entered_by_animal_control",
    "owner_reached",
    "taken_to_shelter",
]
APPLICATION = "commercial-kennel-application"
APPLICABILITY = "enclosure-applicability"

# (form, field, question, fact, how the form shows the description)
ASKED = [
    *[(complaint_forms.AtLargeForm, n, "at-large", n, "label") for n in AT_LARGE],
    (complaint_forms.DamageForm, "damaged_owner_own", "damage", "damaged_owner_own", "help"),
    (complaint_forms.DamageForm, "in_defense_of", "damage", "in_defense_of", "help"),
    (
        complaint_forms.ActsForm,
        "on_public_grounds_streets_or_highways",
        "nuisance-acts",
        "on_public_grounds_streets_or_highways",
        "help",
    ),
    (complaint_forms.VehicleForm, "animal", "animal-in-vehicle", "animal", "help"),
    *[(complaint_forms.VehicleForm, n, "animal-in-vehicle", n, "label") for n in VEHICLE_BOXES],
    (complaint_forms.VehicleForm, "conditions", "animal-in-vehicle", "conditions", "help"),
    (
        kennel_forms.PrivateKennelForm,
        "dogs_licensed",
        "private-kennel-terms",
        "licensed_for",
        "help",
    ),
    (kennel_forms.CommercialApplicationForm, "on", APPLICATION, "applied_on", "help"),
    (kennel_forms.HearingForm, "day", APPLICATION, "hearing_on", "help"),
    (kennel_forms.NoticeMailedForm, "mailed_on", APPLICATION, "notice_mailed_on", "help"),
    (kennel_forms.RecommendationForm, "on", APPLICATION, "recommended_on", "help"),
    (kennel_forms.CouncilDecisionForm, "on", APPLICATION, "council_decided_on", "help"),
    (
        kennel_forms.RenewalForm,
        "complaints",
        "commercial-kennel-renewal",
        "nuisance_complaints",
        "help",
    ),
    (kennel_forms.InspectionForm, "inspected_on", "kennel-inspection", "on", "help"),
    (
        kennel_forms.InspectionForm,
        "feces_well_distance_feet",
        "kennel-inspection",
        "feces_well_distance_feet",
        "help",
    ),
    (parcel_forms.EnclosureForm, "constructed_on", APPLICABILITY, "constructed_on", "help"),
    (parcel_forms.EnclosureForm, "floor_area", "shelter-size", "provided_square_feet", "help"),
    (parcel_forms.ShelterCheckForm, "lengths", "shelter-size", "lengths_inches", "help"),
    (
        parcel_forms.ComplianceNoticeForm,
        "complaint_received_on",
        APPLICABILITY,
        "complaint_on",
        "help",
    ),
    (parcel_forms.ComplianceNoticeForm, "issued_on", APPLICABILITY, "notice_issued_on", "help"),
    (parcel_forms.ComplianceForm, "complied_on", APPLICABILITY, "complied_on", "help"),
]


def made(form_class: type[django_forms.Form]) -> django_forms.Form:
    if form_class is complaint_forms.ActsForm:
        return form_class(kind="chasing")
    if form_class in (kennel_forms.PrivateKennelForm, kennel_forms.CommercialApplicationForm):
        return form_class(owners=Owner.objects.none())
    if form_class is kennel_forms.InspectionForm:
        return form_class(checklist=[], commercial=True)
    return form_class()


@pytest.mark.django_db
@pytest.mark.parametrize(("form_class", "name", "asked", "attribute", "shown"), ASKED)
def test_the_form_asks_the_fact_as_the_question_describes_it(
    form_class, name, asked, attribute, shown
):
    # given the fact as `dogtag evaluate ASKED --schema` describes it
    described = fact_field(asked, attribute)
    # when the form is made
    field = made(form_class).fields[name]
    # then the field says the fact's own description, as its help text or as its label
    said = html.unescape(str(field.help_text if shown == "help" else field.label))
    assert said.startswith(described.description), (said, described.description)
    if shown == "label":
        assert not field.help_text
    # and offers exactly the fact's choices, in its order
    if described.choices:
        assert [value for value, _ in field.choices if value] == list(described.choices)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("form_class", "name", "required", "minimum"),
    [
        # a box left unticked answers "no": never a missing answer
        (complaint_forms.AtLargeForm, "excrement_left", False, None),
        (complaint_forms.VehicleForm, "entered_by_animal_control", False, None),
        # a yes-or-no asked by two radios must be answered
        (complaint_forms.DamageForm, "damaged_owner_own", True, None),
        (complaint_forms.DamageForm, "in_defense_of", True, None),
        # chasing asks where it happened (3-2-7.E); the question takes it as "no" when left out
        (complaint_forms.ActsForm, "on_public_grounds_streets_or_highways", True, None),
        # the officer records the conditions seen, though the question goes without them
        (complaint_forms.VehicleForm, "conditions", True, None),
        # the step records its date: required, though the procedure takes it as "not yet"
        (kennel_forms.HearingForm, "day", True, None),
        (kennel_forms.NoticeMailedForm, "mailed_on", True, None),
        (parcel_forms.ComplianceForm, "complied_on", True, None),
        # the question's facts decide the rest, with their bounds
        (kennel_forms.PrivateKennelForm, "dogs_licensed", True, 0),
        (kennel_forms.InspectionForm, "feces_well_distance_feet", False, 0),
        (parcel_forms.EnclosureForm, "constructed_on", False, None),
        # a shelter of no floor is none: the form asks for more than the question's bound
        (parcel_forms.EnclosureForm, "floor_area", False, Decimal("0.01")),
    ],
)
def test_what_the_form_requires_and_its_bounds(form_class, name, required, minimum):
    field = made(form_class).fields[name]
    assert field.required is required
    assert getattr(field, "min_value", None) == minimum


def test_the_at_large_page_labels_each_fact_in_the_ordinances_words():
    # 3-2-7.D.2: the exceptions, as the question and the page both say them
    form = complaint_forms.AtLargeForm()
    assert form.fields["obedience_training_under_control"].label == (
        "It was engaged in obedience training under the control of its owner or other "
        "responsible person (3-2-7.D.2.b)"
    )
    assert fact_field("at-large", "lawfully_hunting_under_control").description == (
        "It was lawfully engaged in wild game hunting under the control of its owner or other "
        "responsible person (3-2-7.D.2.a)"
    )
