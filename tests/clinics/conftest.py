import pytest

from dogtag.licensing import services

# The API tests' keys and the licensing tests' household (Pat Gustafson's Biscuit) and frozen day.
from tests.api.conftest import admin_user, clerk, key_for  # noqa: F401
from tests.licensing.conftest import (  # noqa: F401
    D,
    dog,
    frozen_today,
    juno,
    owner,
    rabies,
    stock,
)


@pytest.fixture
def chipped(dog, clerk):  # noqa: F811
    """Biscuit, with her microchip recorded."""
    dog.microchip = "985112003456789"
    dog.save(update_fields=["microchip"])
    return dog


@pytest.fixture
def namesake(owner, clerk):  # noqa: F811
    """A second dog named Biscuit in another household on the same street."""
    other = services.register_owner(
        actor=clerk,
        name="Lee Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0199",
    )
    return services.register_dog(
        owner=other,
        actor=clerk,
        name="Biscuit",
        breed="Beagle",
        color="Tricolor",
        sex="male",
        born=D(2024, 4, 2),
    )


def certificate(**changes):
    """A certificate as Rum River sends it for Biscuit (vaccinated 2026-11-20, one year)."""
    body = {
        "certificate_number": "RR-2026-1120",
        "veterinarian": "Dr. Ana Lindqvist, DVM",
        "vaccinated_on": "2026-11-20",
        "duration_years": 1,
        "expires_on": "2027-11-20",
        "rabies_tag_number": "R-4471",
        "owner_name": "Pat Gustafson",
        "owner_street": "7120 Viking Blvd NW",
        "owner_phone": "763-555-0142",
        "dog_name": "Biscuit",
        "breed": "Labrador retriever",
        "sex": "female",
    }
    body.update(changes)
    return {k: v for k, v in body.items() if v is not None}


@pytest.fixture
def officer(db, django_user_model):
    from dogtag.records import roles
    from tests.api.conftest import make_user

    return make_user(django_user_model, "officer1", roles.ANIMAL_CONTROL_OFFICER)


@pytest.fixture
def signed_in(client):
    def sign_in(user):
        client.force_login(user)
        return client

    return sign_in
