"""Issue 13 item 2, done means: a clinic can post a certificate with curl as shown in the README
and see it attached to the dog. The request here is read from the README itself, so the README
cannot drift from what works: the key issued on the Administrator's page, the body, the headers."""

import json
import re
from pathlib import Path

import pytest
import requests
from django.test import Client

from dogtag.licensing.models import RabiesVaccination

pytestmark = pytest.mark.django_db(transaction=True)

README = Path(__file__).resolve().parents[2] / "README.md"
TIMEOUT = 10


def readme_example() -> dict[str, str]:
    """The clinic's curl example: its body and its two URLs."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("### Rabies certificates from clinics") :]
    block = section[section.index("```sh") : section.index("```\n", section.index("```sh") + 5)]
    body = re.search(r"-d '(\{.*?\})' (\S+)", block, re.S)
    status = re.search(r'curl -H "Authorization: Bearer \$KEY" (http\S+)\n', block)
    assert body and status
    return {"body": body.group(1), "post": body.group(2), "get": status.group(1)}


def issue_clinic_key(admin_user) -> str:
    """As the Administrator does on Office → API keys; the key is read off the page."""
    page = Client()
    page.force_login(admin_user)
    response = page.post(
        "/office/api-keys/",
        {"name": "Rum River Animal Hospital", "scope": "clinic", "clinic": "Rum River"},
    )
    assert response.status_code == 200
    return re.search(r"dogtag_[0-9a-f]{10}_[A-Za-z0-9_-]{43}", response.text).group(0)


def test_the_readme_curl_example_attaches_the_certificate(live_server, admin_user, dog):
    example = readme_example()
    key = issue_clinic_key(admin_user)
    origin = "http://127.0.0.1:8000"
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    # when the clinic runs the README's request
    posted = requests.post(
        example["post"].replace(origin, live_server.url),
        data=example["body"].encode(),
        headers=headers,
        timeout=TIMEOUT,
    )
    # then the certificate is recorded on Biscuit
    assert posted.status_code == 201, posted.text
    assert (posted.json()["status"], posted.json()["dog_id"]) == ("recorded", dog.pk)
    vaccination = RabiesVaccination.objects.get(pk=posted.json()["vaccination_id"])
    assert (vaccination.dog, vaccination.certificate_number) == (
        dog,
        json.loads(example["body"])["certificate_number"],
    )
    # and the status request says so
    seen = requests.get(
        example["get"].replace(origin, live_server.url),
        headers={"Authorization": f"Bearer {key}"},
        timeout=TIMEOUT,
    )
    assert seen.json()["status"] == "recorded" and seen.json()["dog_id"] == dog.pk


def readme_upload_example() -> tuple[dict[str, str], str, str]:
    """The multipart curl example: its form fields, the file part's name and its URL."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("### Rabies certificates from clinics") :]
    start = section.index("/api/v1/clinics/certificates/upload`")
    block = section[section.index("```sh", start) : section.index("```\n", start + 40)]
    fields: dict[str, str] = {}
    upload = ""
    for value in re.findall(r'-F (?:"([^"]+)"|(\S+))', block):
        name, _, given = (value[0] or value[1]).partition("=")
        if given.startswith("@"):
            upload = name
        else:
            fields[name] = given
    url = re.search(r"(http://\S+/upload)\n", block)
    assert url and upload
    return fields, upload, url.group(1)


def test_the_readme_multipart_example_attaches_the_certificate_and_its_pdf(
    live_server, admin_user, dog
):
    fields, file_part, url = readme_upload_example()
    key = issue_clinic_key(admin_user)
    pdf = b"%PDF-1.4\n% Rum River's signed certificate\n%%EOF\n"
    # when the clinic runs the README's multipart request, its PDF as the file part
    posted = requests.post(
        url.replace("http://127.0.0.1:8000", live_server.url),
        data=fields,
        files={file_part: ("RR-2026-1120.pdf", pdf, "application/pdf")},
        headers={"Authorization": f"Bearer {key}"},
        timeout=TIMEOUT,
    )
    # then the certificate is recorded on Biscuit with the PDF on her vaccination
    assert posted.status_code == 201, posted.text
    assert (posted.json()["status"], posted.json()["dog_id"]) == ("recorded", dog.pk)
    vaccination = RabiesVaccination.objects.get(pk=posted.json()["vaccination_id"])
    assert vaccination.certificate_number == fields["certificate_number"] == "RR-2026-1120"
    assert vaccination.certificate_file.read() == pdf
