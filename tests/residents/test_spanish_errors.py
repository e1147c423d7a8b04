"""Issue 12 item 7: a public form answers bad input in Spanish, whichever code found it wrong.

Each public form is sent a bad input under ``Accept-Language: es``: the form's own checks, the
shared date windows (``records.bounds``) and upload limits (``records.uploads``), and the
complaint service's evidence checks (``complaints.services``, ``evidence``). The page must show
the Spanish sentence, exactly, and nothing is written.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
import soundfile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.utils.html import escape

from dogtag.applications.models import OnlineApplication
from dogtag.complaints.models import Complaint
from dogtag.dangerous_dogs.models import Hearing
from dogtag.found.models import LostReport, RelayMessage
from tests.applications.conftest import CERTIFICATE, NEW_HOUSEHOLD
from tests.residents.conftest import sign_in

pytestmark = pytest.mark.django_db

ES = {"HTTP_ACCEPT_LANGUAGE": "es"}
#: The plausible window of dates (records.bounds) as of the frozen day, 2026-11-29, in Spanish.
WINDOW = "debe estar entre el 1 de enero de 1950 y el 28 de noviembre de 2076."


def shows(response, text: str) -> bool:
    return escape(text) in response.content.decode()


def complaint(**changes):
    data = {
        "kind": "barking",
        "occurred_on": "2026-11-28",
        "occurred_time": "07:30",
        "address": "7001 Viking Blvd NW",
        "narrative": "The dog next door barked for an hour.",
        "website": "",
    }
    data.update(changes)
    return data


def wav(frames: int, rate: int = 8000) -> SimpleUploadedFile:
    buffer = io.BytesIO()
    soundfile.write(buffer, np.zeros(frames), rate, format="WAV")
    return SimpleUploadedFile("yard.wav", buffer.getvalue(), content_type="audio/wav")


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"occurred_on": "0001-01-01"}, f"Fecha en que ocurrió (o empezó) {WINDOW}"),
        (
            {
                "recording": wav(0),
                "recording_started_on": "2026-11-28",
                "recording_started_time": "07:30",
            },
            "No se puede usar la grabación: la grabación no tiene sonido (0 muestras)",
        ),
        (
            {
                "recording": wav(8000, rate=2000),
                "recording_started_on": "2026-11-28",
                "recording_started_time": "07:30",
            },
            "No se puede usar la grabación: la frecuencia de muestreo de 2000 Hz es demasiado "
            "baja: como mínimo 4000 Hz",
        ),
        (
            {
                "recording": wav(655_350, rate=655_350),
                "recording_started_on": "2026-11-28",
                "recording_started_time": "07:30",
            },
            "No se puede usar la grabación: la grabación tiene una frecuencia de muestreo de "
            "655,350 Hz; el límite es 48,000 Hz",
        ),
        (
            {"noise_log": SimpleUploadedFile("log.csv", b"time\nbark\n", content_type="text/csv")},
            "No se puede usar el registro: fila 2: 'bark' no es una hora",
        ),
        (
            {"noise_log": SimpleUploadedFile("log.csv", b"time\n07:30\n", content_type="text/csv")},
            "No se puede usar el registro: fila 2: '07:30' es una hora del reloj; indique la "
            "fecha del registro",
        ),
        (
            {"noise_log": SimpleUploadedFile("log.csv", b"\xff\xfe\x00", content_type="text/csv")},
            "El registro no es un archivo de texto (CSV) en UTF-8.",
        ),
        (
            {"photo": SimpleUploadedFile("dog.jpg", b"not an image", content_type="image/jpeg")},
            "El archivo no es una imagen GIF o JPEG o MPO o PNG o TIFF o WEBP legible.",
        ),
    ],
    ids=["date", "silent", "low-rate", "high-rate", "log-row", "log-clock", "log-text", "photo"],
)
def test_the_complaint_form_answers_in_spanish(changes, expected):
    # Given a complaint with one bad input, sent from a browser in Spanish
    response = Client().post("/residents/complaints/new/", complaint(**changes), **ES)
    # Then the page says what is wrong in Spanish, and no complaint is recorded
    assert response.status_code == 400
    assert shows(response, expected), response.content.decode()
    assert Complaint.objects.count() == 0


@override_settings(DOGTAG_MAX_UPLOAD_MB=1)
def test_an_upload_over_the_limit_is_refused_in_spanish():
    big = SimpleUploadedFile("yard.wav", b"\0" * (2 * 1024 * 1024), content_type="audio/wav")
    changes = {
        "recording": big,
        "recording_started_on": "2026-11-28",
        "recording_started_time": "07:30",
    }
    response = Client().post("/residents/complaints/new/", complaint(**changes), **ES)
    assert response.status_code == 400
    assert shows(response, "El archivo pesa 2 MB; el límite es 1 MB.")
    assert Complaint.objects.count() == 0


def application(**changes):
    data = {**NEW_HOUSEHOLD, **CERTIFICATE, "website": ""}
    data = {k: ("" if v is None else v) for k, v in data.items()}
    data.update(changes)
    data = {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in data.items()}
    data["email_consent"] = "on"
    data["sterilized"] = "on"
    return data


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"vaccinated_on": "0001-01-01"}, f"Fecha de vacunación {WINDOW}"),
        ({"born": "9999-12-31"}, f"Fecha de nacimiento {WINDOW}"),
        (
            {"certificate_file": SimpleUploadedFile("c.png", b"not a png", "image/png")},
            "No se puede leer la imagen: suba otro archivo.",
        ),
    ],
    ids=["vaccinated", "born", "image"],
)
def test_the_application_form_answers_in_spanish(newcomer_client, changes, expected):
    data = application(**changes)
    data.setdefault(
        "certificate_file", SimpleUploadedFile("c.pdf", b"%PDF-1.4\n", "application/pdf")
    )
    response = newcomer_client.post("/residents/applications/new/", data, **ES)
    assert response.status_code == 400
    assert shows(response, expected), response.content.decode()
    assert OnlineApplication.objects.count() == 0


@override_settings(DOGTAG_MAX_UPLOAD_MB=1)
def test_a_certificate_over_the_limit_is_refused_in_spanish(newcomer_client):
    big = SimpleUploadedFile(
        "c.pdf", b"%PDF-1.4\n".ljust(3 * 1024 * 1024, b"\0"), "application/pdf"
    )
    response = newcomer_client.post(
        "/residents/applications/new/", application(certificate_file=big), **ES
    )
    assert response.status_code == 400
    assert shows(response, "El archivo pesa 3 MB; el límite es 1 MB.")
    assert OnlineApplication.objects.count() == 0


@pytest.fixture
def newcomer_client(db):
    client = Client()
    sign_in(client, "sam@example.org")
    return client


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        (
            {"last_seen_at": "0001-01-01T10:00"},
            f"¿Cuándo vio a su perro por última vez? {WINDOW}",
        ),
        ({"last_seen_at": "2026-12-25T10:00"}, "Esa hora todavía no ha llegado."),
    ],
    ids=["window", "future"],
)
def test_the_lost_report_answers_in_spanish(pat, changes, expected):
    _owner, dog, _license = pat
    client = Client()
    sign_in(client, "pat@example.org")
    data = {"last_seen_at": "2026-11-29T07:30", "last_seen_where": "Viking Blvd", **changes}
    response = client.post(f"/residents/found/lost/{dog.pk}/", data, **ES)
    assert response.status_code == 400
    assert shows(response, expected), response.content.decode()
    assert LostReport.objects.count() == 0


def test_the_sign_in_form_answers_in_spanish(db):
    response = Client().post("/residents/sign-in/", {"email": "not an address"}, **ES)
    assert response.status_code == 400
    assert shows(response, "Introduzca una dirección de correo electrónico válida.")


def test_the_tag_lookup_answers_in_spanish(db):
    response = Client().post("/residents/found/", {"number": ""}, **ES)
    assert shows(response, "Este campo es obligatorio.")


def test_the_hearing_request_answers_in_spanish(db):
    data = {
        "case_number": "DD2026-0001",
        "code": "AAAA-BBBB-CCCC",
        "requested_by": "Pat Gustafson",
        "understood": "on",
        "website": "",
    }
    response = Client().post("/residents/hearing-request/", data, **ES)
    assert response.status_code == 400
    assert shows(
        response,
        "El número de caso y el código no corresponden a ningún Aviso de Perro Peligroso. "
        "Revise ambos en su aviso y vuelva a intentarlo. No se registró nada.",
    ), response.content.decode()
    assert Hearing.objects.count() == 0


def test_the_message_to_a_found_dogs_owner_answers_in_spanish(pat):
    _owner, _dog, license_ = pat
    client = Client()
    # Given the answer to a lookup of Pat's license, in Spanish
    looked_up = client.post("/residents/found/", {"number": license_.number}, **ES)
    assert looked_up.status_code == 302
    answer = client.get(looked_up["Location"], **ES).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', answer).group(1)
    # When the finder sends a message with a phone number that is not one
    data = {"token": token, "message": "Your dog is here.", "finder_phone": "call me"}
    response = client.post("/residents/found/message/", {**data, "website": ""}, **ES)
    # Then the page says so in Spanish, and no message is relayed
    assert response.status_code == 400
    assert shows(
        response, "Escriba un número de teléfono con sus dígitos, por ejemplo 763-555-0100."
    ), response.content.decode()
    assert RelayMessage.objects.count() == 0
