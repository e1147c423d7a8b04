"""The notice of compliance PDF (City Code 3-2-6.C), read back with pypdf."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.urls import reverse
from pypdf import PdfReader

from dogtag.documents.compliance_notices import notice_pdf
from dogtag.parcels import services
from dogtag.records.roles import CLERK
from tests.parcels.fixtures_pages import *  # noqa: F403
from tests.parcels.fixtures_pages import ENCLOSURE, D


def text_of(data: bytes) -> str:
    reader = PdfReader(io.BytesIO(data))
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))


@pytest.fixture
def notice(site: dict[str, Any], officer: Any) -> Any:
    enclosure, _ = services.record_enclosure(
        parcel=site["p1"],
        location=ENCLOSURE,
        constructed_on=None,
        label="Kennel run",
        actor=officer,
    )
    return services.issue_compliance_notice(
        enclosure=enclosure,
        complaint_received_on=D(2026, 11, 20),
        complaint_summary="Odor and feces along the west fence.",
        issued_on=D(2026, 11, 29),
        actor=officer,
    ).notice


def test_the_notice_says_what_to_do_by_when_and_why(notice):
    text = text_of(notice_pdf(notice))
    # addressed to the resident of the parcel
    assert "Erik Hansen" in text and "100 Enclosure St NW" in text
    assert "Notice of compliance — dog enclosure" in text and "CN2026-0001" in text
    # the enclosure and the complaint
    assert "Kennel run" in text and "P-1" in text and "date not known" in text
    assert "Odor and feces along the west fence." in text
    assert "November 20, 2026" in text
    # the requirements quoted, with their sections
    for section in ("3-2-6.A", "3-2-6.B", "3-2-6.C"):
        assert section in text
    assert "shall not be placed closer than forty (40) feet" in text
    assert "feces, urine, or food scraps" in text
    # the placement findings with the measured distances
    assert "30.0 ft from the nearest adjacent dwelling" in text
    assert "Does not comply" in text
    assert "20.0 ft from the nearest side lot line" in text
    # the comply-by date and how it was counted
    assert "Comply by December 29, 2026." in text
    assert "Minn. Stat. 645.15" in text
    # the city's contact
    assert "(763) 441-1347" in text and "19800 Nowthen Blvd NW" in text
    assert "Otto Nyberg" in text


def test_without_residents_it_goes_to_the_owner_of_record(notice, site):
    site["erik"].parcel = None
    site["erik"].save()
    text = text_of(notice_pdf(notice))
    assert "HANSEN, ERIK & INGRID" in text and "Nowthen, MN 55330" in text


def test_the_pdf_is_served_to_staff(as_role, notice):
    response = as_role(CLERK).get(reverse("compliance_notice_pdf", args=[notice.number]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "Comply by December 29, 2026." in text_of(response.content)


def test_the_notice_stores_the_sanitation_requirement_it_asks_for(notice):
    # 3-2-6.B: the notice asks the enclosure to be kept clean; its Decision holds that rule's
    # finding beside the placement, not only the PDF's words
    [sanitation] = [f for f in notice.decision.findings if f["rule"] == "enclosure.sanitation"]
    assert (sanitation["outcome"], sanitation["blocks"], sanitation["sections"]) == (
        "required",
        False,
        ["3-2-6.B"],
    )
    assert sanitation["message"] == (
        "Keep the enclosure clean: feces, urine and food scraps may not remain in it longer than "
        "is reasonable and consistent with health and sanitation and the prevention of odor "
        "(3-2-6.B)."
    )
