"""Data practices (LEGAL-NOTES §5): private fields never leave in a public record."""

import datetime as dt

import pytest

from dogtag.licensing.data_practices import (
    DEFAULT_CLASSIFICATION,
    ClassificationError,
    classification,
    public_record,
)
from dogtag.licensing.models import Dog, Owner, RabiesVaccination


def test_every_field_of_the_licensing_records_is_classified():
    # a new field must be classified on purpose (unclassified fields are treated as private)
    for model in (Owner, Dog, RabiesVaccination):
        names = {f.name for f in model._meta.concrete_fields} - {
            "id",
            "created_at",
            "recorded_at",
            "owner",
            "dog",
            "parcel",  # a link to the parcel record, not data collected on the form
        }
        missing = {f"{model._meta.model_name}.{n}" for n in names} - set(DEFAULT_CLASSIFICATION)
        assert missing == set(), missing


def test_public_record_leaves_out_the_owners_private_data():
    owner = Owner(
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        city="Nowthen",
        state="MN",
        postal_code="55303",
        phone="+17635550142",
        email="pat@example.com",
    )
    assert public_record(
        owner, ["name", "street", "city", "state", "postal_code", "phone", "email"]
    ) == {"city": "Nowthen", "state": "MN"}
    dog = Dog(
        name="Biscuit",
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        born=dt.date(2026, 5, 20),
        microchip="985112345678901",
    )
    assert public_record(dog, ["name", "breed", "microchip", "born"]) == {
        "name": "Biscuit",
        "breed": "Labrador retriever",
        "born": dt.date(2026, 5, 20),
    }


def test_unclassified_fields_are_private():
    dog = Dog(name="Biscuit")
    assert public_record(dog, ["name", "history"]) == {"name": "Biscuit"}


def test_a_city_may_publish_owner_names(settings):
    settings.DOGTAG_PUBLIC_FIELDS = "owner.name"
    owner = Owner(name="Pat Gustafson", phone="+17635550142")
    assert public_record(owner, ["name", "phone"]) == {"name": "Pat Gustafson"}
    assert classification()["owner.name"].changed_by_city is True


@pytest.mark.parametrize(
    "public, private, message",
    [
        ("owner.name", "owner.name", "classified both public and private: owner.name"),
        ("owner.shoe_size", "", "not a classified field: owner.shoe_size"),
    ],
)
def test_bad_classification_settings_are_an_error(settings, public, private, message):
    settings.DOGTAG_PUBLIC_FIELDS = public
    settings.DOGTAG_PRIVATE_FIELDS = private
    with pytest.raises(ClassificationError, match=message):
        classification()


def test_staff_page_lists_the_classification(admin_client):
    response = admin_client.get("/data-practices/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f"{len(DEFAULT_CLASSIFICATION)} classified fields" in html
    assert "<code>owner.phone</code>" in html


@pytest.mark.parametrize(
    "born, on, age",
    [
        (dt.date(2026, 10, 29), dt.date(2026, 11, 29), "1 month"),
        (dt.date(2026, 9, 29), dt.date(2026, 11, 29), "2 months"),
        (dt.date(2023, 11, 30), dt.date(2026, 11, 29), "2 years"),
    ],
)
def test_dog_age_reads_as_a_clerk_says_it(born, on, age):
    # regression: a one-month-old dog read "1 months"
    assert Dog(born=born).age_on(on) == age
