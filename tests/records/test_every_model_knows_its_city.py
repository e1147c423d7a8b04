"""Every model of Dogtag knows its city (issue 27, item 6): it carries ``jurisdiction``
(``records.jurisdiction.field``), or it is on one of the lists below, each with its reason, so that a
new model cannot forget its city. A row that inherits the city names the field of its parent, and
the parent carries the city (or inherits it in turn). Nothing here reads the day.

The lists are the ones records/jurisdiction.py and docs/ARCHITECTURE.md ("Several cities in one
deployment") describe: keep the three together.
"""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import models
from simple_history.models import HistoricalChanges

from dogtag.records import jurisdiction

#: A row of one parent, read only through it: the field(s) naming the parent. Each field's model
#: carries the city, or is on this list in turn.
INHERITS: dict[str, tuple[str, ...]] = {
    # records: a fee resolution's amounts
    "records.FeeResolutionItem": ("resolution",),
    # licensing: a receipt's lines; a dog's ownership changes and due-list clocks
    "licensing.ReceiptLine": ("receipt",),
    "licensing.OwnershipChange": ("dog",),
    "licensing.DueClock": ("dog",),
    # a tag violation's tag and dog may be unknown (a counterfeit tag); its decision never is
    "licensing.TagViolation": ("decision",),
    # complaints: what the investigation of one complaint gathered and decided
    "complaints.Evidence": ("complaint",),
    "complaints.FollowUp": ("complaint",),
    "complaints.ComplaintFinding": ("complaint",),
    "complaints.Outcome": ("complaint",),
    "complaints.ComplaintEvent": ("complaint",),
    "complaints.VehicleIncident": ("complaint",),
    # public_cases: which resident's account filed a complaint (its public case)
    "public_cases.ResidentComplaint": ("complaint",),
    # dangerous_dogs: the procedure of one case; the residents' hearing requests are Hearings
    "dangerous_dogs.Incident": ("case",),
    # dangerous_animals: the append-only events of one case (issue 27, Lino Lakes)
    "dangerous_animals.AnimalCaseEvent": ("case",),
    "dangerous_dogs.CaseEvent": ("case",),
    "dangerous_dogs.Hearing": ("case",),
    "dangerous_dogs.Order": ("hearing",),
    "dangerous_dogs.PendingCompliance": ("case",),
    "dangerous_dogs.Inspection": ("case",),
    "dangerous_dogs.Revocation": ("case",),
    "dangerous_dogs.OwnerNotice": ("case",),
    "dangerous_dogs.Review": ("case",),
    "dangerous_dogs.Cost": ("case",),
    "dangerous_dogs.CostPayment": ("case",),
    "dangerous_dogs.RentalDisclosure": ("case",),
    "dangerous_dogs.ConditionsReview": ("case",),
    "dangerous_dogs.Impoundment": ("case",),
    "dangerous_dogs.FlaggedHearingRequest": ("case",),
    # kennels: a commercial application's steps, conditions and the parcels noticed; an
    # inspection of one license, private or commercial (a check constraint: exactly one)
    "kennels.ApplicationEvent": ("application",),
    "kennels.KennelCondition": ("application",),
    "kennels.NoticeRecipient": ("application",),
    "kennels.KennelInspection": ("private_license", "commercial_license"),
    # a kennel license inspected before it issues (Lino Lakes'): its application's inspections,
    # and its license's modifications
    "kennels.KennelSiteInspection": ("application",),
    "kennels.KennelModification": ("license",),
    # parcels: a parcel's buildings (from the county's file), an enclosure's photos
    "parcels.Structure": ("parcel",),
    "parcels.EnclosurePhoto": ("enclosure",),
    # imports: the legacy keys one import mapped to the records it wrote
    "imports.LegacyKey": ("legacy_import",),
}

#: The site's own machinery: no record of any city's work.
AUXILIARY: dict[str, str] = {
    "records.CitedValue": "a parameter value or finding heading, shared by every decision citing it",
    "records.Role": "holds custom permissions only (unmanaged, no table)",
    "records.PrivateDataView": "the log of who saw private data; the record seen names its city",
    "licensing.DueClockState": "which parameters the due-list clocks were computed with",
    "api.ApiKey": "a member of staff's API key",
    "exports.FeedToken": "a member of staff's calendar feed token",
    "accounts.SignInPolicy": "the site's sign-in settings",
    "residents.ResidentAccount": "a resident's sign-in; the owners of its household name the city",
    "residents.Throttle": "an abuse limit's counter",
    "outbox.OutboxMessage": "mail waiting to be sent, about a record that names its city",
    "outbox.OutboxAttachment": "a file of a message in the outbox",
    "outbox.OutboxEvent": "what became of a message in the outbox",
    "jobs.Job": "a background job's run",
    "jobs.WorkerLease": "a worker's lease on the job queue",
}


def _carries(model: type[models.Model]) -> bool:
    return any(f.name == "jurisdiction" for f in model._meta.concrete_fields)


def _dogtag_models() -> list[type[models.Model]]:
    """Dogtag's own models: Django's, django-axes', django-otp's and the task backend's are
    the site's machinery, and a many-to-many table Django makes joins two records."""
    return [
        m
        for m in apps.get_models(include_auto_created=True)
        if m.__module__.startswith("dogtag.") and not m._meta.auto_created
    ]


def _label(model: type[models.Model]) -> str:
    return model._meta.label


@pytest.mark.parametrize("model", _dogtag_models(), ids=_label)
def test_each_model_carries_its_city_or_is_listed_with_its_reason(model):
    label = model._meta.label
    if issubclass(model, HistoricalChanges):
        # a history table repeats its record's fields: the city too, where the record has it
        record = model.instance_type
        assert _carries(model) == _carries(record), label
        if record._meta.auto_created:  # the history of a many-to-many table
            assert not _carries(model), label
        return
    listed = label in INHERITS or label in AUXILIARY
    assert _carries(model) != listed, (
        f"{label}: give it `jurisdiction = jurisdiction.field()` (records/jurisdiction.py), or list "
        "it here with the parent it inherits the city from, or why it is no city's record"
        if not listed
        else f"{label} carries its city: take it off the lists"
    )


@pytest.mark.parametrize("label", sorted(INHERITS))
def test_each_inherited_city_comes_from_a_parent_that_carries_it(label):
    model = apps.get_model(label)
    for name in INHERITS[label]:
        chain = [f"{label}.{name}"]
        parent = model._meta.get_field(name).related_model
        while not _carries(parent):
            # a parent that neither carries the city nor inherits it: the city is lost
            assert parent._meta.label in INHERITS, chain
            step = INHERITS[parent._meta.label][0]
            chain.append(f"{parent._meta.label}.{step}")
            assert len(chain) < 4, chain
            parent = parent._meta.get_field(step).related_model


def test_the_lists_name_only_models_that_exist():
    labels = {m._meta.label for m in _dogtag_models()}
    assert set(INHERITS) - labels == set()
    assert set(AUXILIARY) - labels == set()


def test_the_field_is_the_one_records_jurisdiction_gives():
    # every carrier's field: the city in force by default, not editable in any form
    for model in _dogtag_models():
        if _carries(model) and model._meta.app_label != "records":
            field = model._meta.get_field("jurisdiction")
            assert (field.default, field.editable, field.max_length) == (
                jurisdiction.in_force,
                False,
                jurisdiction.MAX_LENGTH,
            ), model._meta.label
