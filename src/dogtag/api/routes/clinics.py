"""Rabies certificates from veterinary clinics (issue 13 item 2;
``license.rabies_certificate``), for a clinic's key only (``auth.clinic_of``): post a certificate,
and see what became of it.

The clinic is the key's: a body naming another clinic is refused. Posting the same certificate
number again answers 200 with the certificate kept, and writes nothing. The optional PDF travels
either in the JSON body as base64 (``POST /clinics/certificates``) or as a file part of a
multipart/form-data body (``POST /clinics/certificates/upload``: the same fields as form fields),
bounded as the staff site bounds uploads: the size by ``records.uploads.max_upload_bytes`` (the
multipart file is counted as it streams in, by ``BoundedUploadHandler``), the type by its bytes
(``clinics.services.pdf_problem``), never by its name or declared type. The bodies' own bounds are
raised for these operations by ``api.bounded`` (``MAX_BODY_BYTES``)."""

from __future__ import annotations

import base64
import binascii
import datetime as dt
from typing import Annotated, Any, Literal

from django.http import HttpRequest
from ninja import File, Form, Path, Router, Schema, Status, UploadedFile
from ninja.errors import HttpError
from pydantic import BeforeValidator, Field

from dogtag.api.auth import clinic_of
from dogtag.api.problems import MAX_BODY_BYTES
from dogtag.api.routes.common import get
from dogtag.api.schemas import TEXT
from dogtag.clinics import services
from dogtag.clinics.models import Certificate
from dogtag.records.uploads import RefusedUpload, max_upload_bytes

router = Router(tags=["Clinics"])

#: base64 of the largest PDF the staff site takes.
MAX_PDF_BASE64 = 4 * -(-max_upload_bytes() // 3)
#: The largest body of a certificate: the PDF and the JSON around it.
MAX_CERTIFICATE_BODY_BYTES = MAX_BODY_BYTES + MAX_PDF_BASE64
#: The largest multipart body: the PDF and the form fields (and their part headers) beside it.
MAX_UPLOAD_BODY_BYTES = MAX_BODY_BYTES + max_upload_bytes()
NUMBER_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9 ./_-]*$"
NUMBER = Path(..., min_length=1, max_length=60, pattern=NUMBER_PATTERN)
#: The multipart body's optional file part.
PDF_FILE = File(None, description="The signed certificate, a PDF (optional).")


def _text(length: int, description: str = "") -> Any:
    return Field("", max_length=length, pattern=TEXT, description=description)


class CertificateFields(Schema):
    # the schema's description, written once for every city (``api.citing`` words the section)
    __doc__ = (
        "A certificate of rabies vaccination as the clinic issued it "
        "({§license.rabies_certificate}). Identify the dog by\nits microchip, or by its name with "
        "its owner's name, street or phone."
    )

    clinic: str = _text(200, "The clinic's name; if given, the key's clinic.")
    certificate_number: str = Field(min_length=1, max_length=60, pattern=NUMBER_PATTERN)
    veterinarian: str = Field(
        min_length=1, max_length=200, pattern=TEXT, description="The licensed veterinarian."
    )
    vaccinated_on: dt.date
    duration_years: Literal[1, 3] = Field(
        description="The vaccine's duration in years, as certified."
    )
    expires_on: dt.date
    rabies_tag_number: str = _text(60)
    microchip: str = Field("", max_length=20, pattern=r"^[0-9A-Za-z .-]*$")
    owner_name: str = _text(200)
    owner_street: str = _text(200)
    owner_city: str = _text(100)
    owner_postal_code: str = Field("", max_length=10, pattern=r"^[0-9 -]*$")
    owner_phone: str = Field("", max_length=30, pattern=r"^[0-9 ()+.-]*$")
    owner_email: str = _text(254)
    dog_name: str = _text(100)
    breed: str = _text(100)
    color: str = _text(100)
    sex: Literal["", "male", "female"] = ""
    born: dt.date | None = None


def _form_number(value: Any) -> Any:
    """A form field is text: "1" is the number 1 (the JSON body stays strict)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 4:
        return int(value)
    return value


def _form_blank(value: Any) -> Any:
    """A form field left empty is a value not given."""
    return None if value == "" else value


class CertificateForm(CertificateFields):
    """The certificate's fields as multipart form fields."""

    duration_years: Annotated[Literal[1, 3], BeforeValidator(_form_number)] = Field(
        description="The vaccine's duration in years, as certified."
    )
    born: Annotated[dt.date | None, BeforeValidator(_form_blank)] = None


class CertificateIn(CertificateFields):
    # the schema's description, written once for every city (``api.citing`` words the section)
    __doc__ = (
        "A certificate of rabies vaccination as the clinic issued it "
        "({§license.rabies_certificate}), with its signed PDF\nin base64 if the clinic sends it. "
        "Identify the dog by its microchip, or by its name with its\nowner's name, street or phone."
    )

    certificate_pdf: str | None = Field(
        None,
        max_length=MAX_PDF_BASE64,
        description="The signed certificate, a PDF, in base64 (at most the staff upload limit).",
    )


class CertificateOut(Schema):
    """What became of a certificate. A clinic sees its own certificate's status, and the dog's
    record id once recorded; never the candidates, who are other households."""

    id: int
    clinic: str
    certificate_number: str
    status: Literal["queued", "recorded", "not_here"]
    status_text: str
    dog_id: int | None
    vaccination_id: int | None
    received_at: dt.datetime
    resolved_at: dt.datetime | None


def certificate_out(certificate: Certificate) -> dict[str, Any]:
    return {
        "id": certificate.pk,
        "clinic": certificate.clinic,
        "certificate_number": certificate.certificate_number,
        "status": certificate.status,
        "status_text": certificate.get_status_display(),
        "dog_id": certificate.dog_id,
        "vaccination_id": certificate.vaccination_id,
        "received_at": certificate.received_at,
        "resolved_at": certificate.resolved_at,
    }


@router.post(
    "/clinics/certificates",
    response={200: CertificateOut, 201: CertificateOut},
    summary="Send a rabies certificate ({§license.rabies_certificate}), clinics only",
)
def receive_certificate(request: HttpRequest, body: CertificateIn) -> Any:
    """201 with the certificate kept and matched (``recorded`` on the dog, or ``queued`` for a
    clerk); 200 with the one kept if the clinic sent this certificate number before."""
    values = body.dict()
    encoded = values.pop("certificate_pdf")
    pdf = None
    if encoded:
        try:
            pdf = base64.b64decode(encoded, validate=True)
        except (binascii.Error, ValueError):
            raise services.CertificateInvalid(
                [("certificate_pdf", "The PDF is not valid base64.")]
            ) from None
    return _receive(request, values, pdf)


@router.post(
    "/clinics/certificates/upload",
    response={200: CertificateOut, 201: CertificateOut},
    summary="Send a rabies certificate with its PDF as a file (multipart/form-data), clinics only",
)
def receive_certificate_upload(
    request: HttpRequest,
    body: Form[CertificateForm],
    certificate_pdf: UploadedFile = PDF_FILE,
) -> Any:
    """The same certificate as ``POST /clinics/certificates``, its fields as form fields and the
    signed PDF as the file part ``certificate_pdf`` (optional): for a clinic's software that
    uploads files rather than base64. The same answers: 201 kept and matched, 200 sent before,
    422 naming each field (a file over the upload limit, or not a PDF by its content)."""
    pdf = None
    if certificate_pdf is not None:
        if isinstance(certificate_pdf, RefusedUpload):  # over the limit while it streamed in
            raise services.CertificateInvalid([("certificate_pdf", certificate_pdf.refusal)])
        pdf = certificate_pdf.read()
    return _receive(request, body.dict(), pdf)


def _receive(request: HttpRequest, values: dict[str, Any], pdf: bytes | None) -> Any:
    clinic = clinic_of(request)
    named = values.pop("clinic").strip()
    if named and named != clinic:
        raise HttpError(403, f"This key is for {clinic}; it may not send {named}'s certificates.")
    received = services.receive_certificate(
        clinic=clinic, values=values, pdf=pdf, actor=request.user
    )
    return Status(201 if received.created else 200, certificate_out(received.certificate))


@router.get(
    "/clinics/certificates/{number}",
    response=CertificateOut,
    summary="A certificate's status, clinics only",
)
def certificate_status(request: HttpRequest, number: str = NUMBER) -> Any:
    clinic = clinic_of(request)
    return certificate_out(get(Certificate.objects, clinic=clinic, certificate_number=number))
