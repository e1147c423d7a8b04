"""Issue 13 item 2: a clinic posts a rabies certificate (3-2-2.G) with its key; a certain match
is recorded on the dog through the vaccination service, anything less waits for a clerk; posting
it again changes nothing; the clinic sees its certificate's status."""

import base64

import pytest
from django.test import Client

from dogtag.api import keys
from dogtag.api.routes.clinics import MAX_CERTIFICATE_BODY_BYTES
from dogtag.clinics.models import Certificate
from dogtag.licensing.models import RabiesVaccination
from dogtag.records.models import Decision
from tests.clinics.conftest import certificate

pytestmark = pytest.mark.django_db

URL = "/api/v1/clinics/certificates"
PROBLEM = "application/problem+json"


def post(client, body):
    return client.post(URL, body, content_type="application/json")


def snapshot():
    return {
        "certificates": list(Certificate.objects.values()),
        "vaccinations": list(RabiesVaccination.objects.values()),
        "decisions": Decision.objects.filter(outcome="done").count(),
    }


@pytest.mark.parametrize(
    "changes, status, reason",
    [
        # the microchip alone is enough, and wins over the details
        (
            {"microchip": "985 112 003 456 789", "owner_name": "", "dog_name": ""},
            "recorded",
            "Microchip 985112003456789 is Biscuit's (exact).",
        ),
        # every detail of the owner and the dog agrees
        ({}, "recorded", "The dog's name is Biscuit."),
        # a detail differs: the clerk decides
        (
            {"breed": "Beagle"},
            "queued",
            "A single dog's record fits, in part only: a clerk must decide.",
        ),
        # no breed or sex given: not certain
        (
            {"breed": "", "sex": ""},
            "queued",
            "A single dog's record fits, in part only: a clerk must decide.",
        ),
        # no dog of that name
        ({"dog_name": "Rex"}, "queued", "No dog's record fits the owner and dog described."),
        # a microchip no record has, and no details
        (
            {"microchip": "900000000000001", "owner_name": "", "dog_name": ""},
            "queued",
            "No dog's record has microchip 900000000000001.",
        ),
    ],
)
def test_a_certificate_is_matched_by_microchip_then_details(
    key_for, chipped, changes, status, reason
):
    # given Rum River's key and Biscuit, chipped, on the records
    client = key_for("clinic")
    # when Rum River posts a certificate
    response = post(client, certificate(**changes))
    # then it is recorded on Biscuit when certain, and otherwise waits, with the reason
    assert response.status_code == 201, response.content
    kept = Certificate.objects.get()
    assert (response.json()["status"], kept.status) == (status, status)
    assert reason in kept.reasons
    if status == "recorded":
        vaccination = RabiesVaccination.objects.get()
        assert (vaccination.dog, vaccination.certificate_number, vaccination.clinic) == (
            chipped,
            "RR-2026-1120",
            "Rum River",
        )
        assert response.json()["dog_id"] == chipped.pk
        assert response.json()["vaccination_id"] == vaccination.pk
    else:
        assert not RabiesVaccination.objects.exists()
        assert response.json()["dog_id"] is None
    decision = Decision.objects.get(action="clinics.receive_certificate")
    assert decision.sections == ["3-2-2.G"]
    assert decision.actor.username.startswith("api-key-")


def test_two_dogs_that_fit_wait_for_a_clerk_with_both_candidates(key_for, dog, namesake):
    # given two dogs named Biscuit on the same street
    client = key_for("clinic")
    # when a certificate names Biscuit at that street, with no breed or phone
    response = post(
        client,
        certificate(owner_name="", owner_phone="", breed="", sex=""),
    )
    # then it waits for a clerk, with both dogs as candidates
    assert response.json()["status"] == "queued"
    kept = Certificate.objects.get()
    assert [c["dog"] for c in kept.candidates] == [dog.pk, namesake.pk]
    assert kept.reasons == ["2 dogs' records fit the owner and dog described."]


def test_posting_the_same_certificate_again_changes_nothing(key_for, dog):
    client = key_for("clinic")
    first = post(client, certificate())
    before = snapshot()
    # when the clinic's software sends it again
    again = post(client, certificate())
    # then the answer is the same certificate, 200, and nothing was written
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert snapshot() == before


def test_the_clinic_sees_its_certificates_status_and_no_other_clinics(key_for, dog, admin_user):
    client = key_for("clinic")
    post(client, certificate())
    seen = client.get(f"{URL}/RR-2026-1120")
    assert seen.status_code == 200
    assert (seen.json()["status"], seen.json()["dog_id"]) == ("recorded", dog.pk)
    assert client.get(f"{URL}/RR-0000").status_code == 404
    # another clinic's key does not see it
    other = keys.issue_api_key(name="Elk River Vet", clinic="Elk River Vet", actor=admin_user)
    elk = Client(headers={"Authorization": f"Bearer {other.secret}"})
    assert elk.get(f"{URL}/RR-2026-1120").status_code == 404


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"expires_on": "2026-11-20"}, "expires_on"),
        ({"expires_on": "2031-11-21"}, "expires_on"),
        ({"vaccinated_on": "2026-12-01", "expires_on": "2027-12-01"}, "vaccinated_on"),
        ({"vaccinated_on": "1900-01-01", "expires_on": "1901-01-01"}, "vaccinated_on"),
        ({"microchip": "", "dog_name": ""}, "microchip"),
        ({"owner_phone": "12"}, "owner_phone"),
        ({"owner_email": "not an address"}, "owner_email"),
        ({"duration_years": 2}, "duration_years"),
        ({"sex": "unknown"}, "sex"),
        ({"certificate_pdf": "not base64!"}, "certificate_pdf"),
        ({"certificate_pdf": base64.b64encode(b"GIF89a").decode()}, "certificate_pdf"),
        ({"certificate_number": ""}, "certificate_number"),
    ],
)
def test_a_certificate_refused_names_the_field_and_writes_nothing(key_for, dog, changes, field):
    client = key_for("clinic")
    before = snapshot()
    response = post(client, certificate(**changes))
    assert (response.status_code, response["Content-Type"]) == (422, PROBLEM)
    assert field in [e["field"] for e in response.json()["errors"]]
    assert snapshot() == before


@pytest.mark.parametrize("role", ["clerk", "admin"])
def test_only_a_clinics_key_may_post_a_certificate(key_for, dog, role):
    response = post(key_for(role), certificate())
    assert (response.status_code, response["Content-Type"]) == (403, PROBLEM)
    assert not Certificate.objects.exists()


def test_a_key_may_not_post_another_clinics_certificate(key_for, dog):
    response = post(key_for("clinic"), certificate(clinic="Elk River Vet"))
    assert response.status_code == 403
    assert not Certificate.objects.exists()


def test_the_pdf_is_kept_with_the_certificate_and_the_vaccination(key_for, dog):
    pdf = b"%PDF-1.4\n% a certificate\n%%EOF\n"
    response = post(key_for("clinic"), certificate(certificate_pdf=base64.b64encode(pdf).decode()))
    assert response.status_code == 201
    kept = Certificate.objects.get()
    assert kept.pdf.read() == pdf
    assert RabiesVaccination.objects.get().certificate_file.name == kept.pdf.name


def test_staff_open_the_pdf_the_clinic_sent(key_for, dog, clerk, client):
    pdf = b"%PDF-1.4\n% a certificate\n%%EOF\n"
    post(key_for("clinic"), certificate(certificate_pdf=base64.b64encode(pdf).decode()))
    kept = Certificate.objects.get()
    url = f"/clinics/certificates/{kept.pk}/certificate.pdf"
    # signed out: the sign-in page; signed in: the PDF as sent
    assert client.get(url).status_code == 302
    client.force_login(clerk)
    response = client.get(url)
    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    assert b"".join(response.streaming_content) == pdf
    assert url in client.get(f"/clinics/certificates/{kept.pk}/").text


def test_a_body_over_the_certificate_bound_is_refused_before_it_is_read(key_for):
    client = key_for("clinic")
    response = client.generic(
        "POST",
        URL,
        b"x",
        content_type="application/json",
        CONTENT_LENGTH=str(MAX_CERTIFICATE_BODY_BYTES + 1),
    )
    assert (response.status_code, response["Content-Type"]) == (413, PROBLEM)


def test_the_document_states_the_certificate_s_own_body_bound(client):
    document = client.get("/api/v1/openapi.json").json()
    answers = document["paths"]["/api/v1/clinics/certificates"]["post"]["responses"]
    assert answers["413"]["description"] == (
        f"The request body is over {MAX_CERTIFICATE_BODY_BYTES // 1024} KB."
    )
