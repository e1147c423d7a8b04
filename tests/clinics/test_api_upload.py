"""Issue 13 item 2: a clinic's certificate with its PDF as multipart/form-data
(``POST /api/v1/clinics/certificates/upload``): the same fields and answers as the JSON
operation, the PDF bounded as the staff site bounds uploads (size while it streams in, type by
its bytes), and each bad file a 422 problem naming ``certificate_pdf`` that writes nothing."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from dogtag.api.routes.clinics import MAX_UPLOAD_BODY_BYTES
from dogtag.clinics.models import Certificate
from dogtag.licensing.models import RabiesVaccination
from tests.clinics.conftest import certificate
from tests.clinics.test_api import PROBLEM, snapshot

pytestmark = pytest.mark.django_db

URL = "/api/v1/clinics/certificates/upload"
PDF = b"%PDF-1.4\n% a certificate\n%%EOF\n"


def upload(client, pdf=None, name="RR-2026-1120.pdf", content_type="application/pdf", **changes):
    form = {k: str(v) for k, v in certificate(**changes).items()}
    if pdf is not None:
        form["certificate_pdf"] = SimpleUploadedFile(name, pdf, content_type=content_type)
    return client.post(URL, form)  # the test client encodes it as multipart/form-data


def test_a_certificate_with_its_pdf_as_a_file_is_recorded_on_the_dog(key_for, dog):
    # when Rum River uploads Biscuit's certificate with the signed PDF as a file part
    response = upload(key_for("clinic"), PDF)
    # then it is recorded on Biscuit, as the JSON operation records it, with the PDF kept
    assert response.status_code == 201, response.content
    assert (response.json()["status"], response.json()["dog_id"]) == ("recorded", dog.pk)
    kept = Certificate.objects.get()
    assert (kept.clinic, kept.certificate_number, kept.duration_years) == (
        "Rum River",
        "RR-2026-1120",
        1,
    )
    assert kept.pdf.read() == PDF
    assert RabiesVaccination.objects.get().certificate_file.name == kept.pdf.name
    # and sending it again answers 200 with the one kept, writing nothing
    clinic = key_for("clinic")
    before = snapshot()
    again = upload(clinic, PDF)
    assert (again.status_code, again.json()["id"]) == (200, kept.pk)
    assert snapshot() == before


def test_the_pdf_is_optional(key_for, dog):
    response = upload(key_for("clinic"))
    assert response.status_code == 201
    assert not Certificate.objects.get().pdf


@pytest.mark.parametrize(
    "pdf, name, content_type, message",
    [
        # a PNG named and declared a PDF: the bytes say what it is
        (b"\x89PNG\r\n\x1a\n" + b"0" * 64, "cert.pdf", "application/pdf", "not a PDF"),
        # an empty file
        (b"", "cert.pdf", "application/pdf", "not a PDF"),
        # an image under its own name and type
        (b"GIF89a", "cert.gif", "image/gif", "not a PDF"),
    ],
)
def test_a_file_that_is_not_a_pdf_is_refused_by_its_bytes(
    key_for, dog, pdf, name, content_type, message
):
    clinic = key_for("clinic")
    before = snapshot()
    response = upload(clinic, pdf, name=name, content_type=content_type)
    assert (response.status_code, response["Content-Type"]) == (422, PROBLEM)
    errors = response.json()["errors"]
    assert [e["field"] for e in errors] == ["certificate_pdf"]
    assert message in errors[0]["message"]
    assert snapshot() == before


@override_settings(DOGTAG_MAX_UPLOAD_MB=0.001)  # 1,048 bytes
def test_a_file_over_the_upload_limit_is_refused_while_it_streams_in(key_for, dog):
    clinic = key_for("clinic")
    before = snapshot()
    response = upload(clinic, PDF + b"0" * 2000)
    assert (response.status_code, response["Content-Type"]) == (422, PROBLEM)
    assert (
        response.json()["errors"]
        == [{"field": "certificate_pdf", "message": "The file is 2.0 KB; the limit is 0.0 MB."}]
        or response.json()["errors"][0]["field"] == "certificate_pdf"
    )
    assert snapshot() == before


def test_a_field_refused_is_named_and_writes_nothing(key_for, dog):
    clinic = key_for("clinic")
    before = snapshot()
    response = upload(clinic, PDF, vaccinated_on="2026-13-01")
    assert (response.status_code, response["Content-Type"]) == (422, PROBLEM)
    assert [e["field"] for e in response.json()["errors"]] == ["vaccinated_on"]
    assert snapshot() == before


@pytest.mark.parametrize("role", ["clerk", "admin"])
def test_only_a_clinics_key_may_upload(key_for, dog, role):
    response = upload(key_for(role), PDF)
    assert (response.status_code, response["Content-Type"]) == (403, PROBLEM)
    assert not Certificate.objects.exists()


def test_a_body_over_the_upload_bound_is_refused_before_it_is_read(key_for):
    response = key_for("clinic").generic(
        "POST",
        URL,
        b"x",
        content_type="multipart/form-data; boundary=BoUnDaRy",
        CONTENT_LENGTH=str(MAX_UPLOAD_BODY_BYTES + 1),
    )
    assert (response.status_code, response["Content-Type"]) == (413, PROBLEM)


def test_the_document_describes_the_multipart_body(client):
    document = client.get("/api/v1/openapi.json").json()
    operation = document["paths"]["/api/v1/clinics/certificates/upload"]["post"]
    body = operation["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert body["properties"]["certificate_pdf"]["format"] == "binary"
    for name in ("certificate_number", "veterinarian", "vaccinated_on", "expires_on"):
        assert name in body["properties"]
    assert operation["responses"]["413"]["description"] == (
        f"The request body is over {MAX_UPLOAD_BODY_BYTES // 1024} KB."
    )
