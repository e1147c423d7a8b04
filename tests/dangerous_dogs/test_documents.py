"""The dangerous-dog documents, read back with pypdf: each states what its sections require."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from dogtag.dangerous_dogs import documents, services

from .conftest import D, designate, proof, walk


def read(content: bytes) -> tuple[str, list[str]]:
    reader = PdfReader(io.BytesIO(content))
    pages = [page.extract_text() for page in reader.pages]
    return re.sub(r"\s+", " ", " ".join(pages)), pages


@pytest.fixture
def served(officer, hearing_officer, dog, complaint):
    return walk("served", officer, hearing_officer, dog)


def test_the_notice_states_every_item_of_a_1(served):
    text, pages = read(documents.notice_pdf(served))
    assert text.count("Notice of Dangerous Dog") >= 1
    # A.1.a: the incident's date, time, place and facts
    assert "October 20, 2026" in text and "5:45 PM" in text
    assert "Viking Blvd NW at Nowthen Blvd" in text and "bit her left calf" in text
    # (1) description, (2) factual basis, (3) official and authority, (4) seizure
    assert "German shepherd" in text and "Black and tan" in text
    assert "An unprovoked bite inflicting substantial bodily harm" in text
    assert "Minn. Stat. 347.50 subd. 2(1)" in text
    assert "Dana Reyes, for the Animal Control Authority" in text
    assert "The dog has not been seized." in text
    # A.1.b: the registration requirements and restrictions, by section
    for section in ("3-2-9.B.3.a", "3-2-9.B.3.c", "3-2-9.B.3.g", "3-2-9.E.2", "3-2-9.C"):
        assert section in text
    assert "$500,000 per person and $1,000,000 per incident" in text
    # A.1.c: the fourteen days, counted from service, with the day skipped
    assert "no later than November 12, 2026" in text
    assert "Wed 2026-11-11 is skipped: legal holiday: Veterans Day" in text
    # A.1.d, e, f
    assert "immediately comply with Minn. Stat. 347.52, subdivisions (a) through (c)" in text
    assert "fourteen (14) days from receipt of the decision" in text
    assert "the designation of Dangerous Dog in this notice will stand" in text
    assert "not substantially justified by law" in text
    # the pre-printed hearing request form is its own (last) page
    last = re.sub(r"\s+", " ", pages[-1])
    assert last.startswith(("Request for a Hearing", "City of Nowthen"))
    assert "Request for a Hearing — Dangerous Dog" in last
    assert "Signature" in last and "received no later than November 12, 2026" in last
    assert "Request for a Hearing" not in re.sub(r"\s+", " ", pages[-2])


def test_the_notice_of_a_seized_dog_says_where_it_is_kept(officer, dog):
    case = designate(
        officer,
        dog,
        seized=True,
        kept_at="Anoka County Animal Shelter",
        contact_address="1 Shelter Rd, Anoka, MN",
        contact_phone="763-555-0100",
    )
    case = services.issue_notice(case=case, on=D(2026, 10, 26), actor=officer)
    text, _ = read(documents.notice_pdf(case))
    assert "Anoka County Animal Shelter" in text and "1 Shelter Rd, Anoka, MN" in text
    # not served yet: the window is stated in words
    assert "within fourteen (14) days of the date this notice is served on you" in text


def test_the_hearing_notice_and_the_order(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    hearing = case.designation_hearing
    text, _ = read(documents.hearing_notice_pdf(hearing))
    assert "November 12, 2026, 10:00 AM CST" in text
    assert "Nowthen City Hall, council chambers" in text
    assert "Due: Mon 2026-11-16." in text
    text, _ = read(documents.order_pdf(hearing.order))
    assert "Order of the Hearing Officer" in text
    assert (
        "The burden of proof is on the Animal Control Authority; the standard is a "
        "preponderance of the evidence" in text
    )
    assert "Designation upheld." in text
    assert "by December 16, 2026 (3-2-9.B.2)" in text
    assert "by December 1, 2026, fourteen days from receipt" in text
    assert "writ of certiorari" in text and "Jo Lind, Hearing Officer" in text


def test_a_destruction_order_states_the_three_findings(officer, hearing_officer, dog):
    case = walk("hearing_scheduled", officer, hearing_officer, dog)
    services.hold_hearing(
        case=case,
        held_on=D(2026, 11, 12),
        actor=hearing_officer,
        authority_represented_by="Reyes",
        owner_represented_by="Pat",
        destruction_sought=True,
    )
    order = services.issue_order(
        case=case,
        issued_on=D(2026, 11, 16),
        disposition="destruction",
        findings_of_fact="See a-c.",
        actor=hearing_officer,
        destruction_findings={
            "dangerous_by_attack": "Three unprovoked attacks.",
            "owner_cannot_control": "Escaped three times.",
            "no_proof_of_insurance": "Refused to show insurance.",
        },
    )
    text, _ = read(documents.order_pdf(order))
    assert "clear and convincing evidence, because the Authority seeks to destroy the dog" in text
    for section in ("3-2-9.A.3.a", "3-2-9.A.3.b", "3-2-9.A.3.c"):
        assert section in text
    assert "Refused to show insurance." in text and "the dog to be destroyed" in text


def test_the_certificate_lists_each_requirement_with_its_evidence(officer, hearing_officer, dog):
    case = walk("registered", officer, hearing_officer, dog)
    registration = case.registrations.get()
    text, _ = read(documents.certificate_pdf(registration))
    assert "Certificate of Registration — Dangerous Dog" in text
    assert "DDR2026-001" in text and "November 29, 2026 through November 28, 2027" in text
    assert text.count("Met") >= 7
    assert "North Star Mutual, policy NSM-445-2026" in text
    assert "HomeAgain microchip 985 112 003 456 789" in text
    assert "$500.00, receipt R2026-" in text and "DD-0042" in text


def test_the_letter_lists_the_missing_requirements(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    event = services.record_missing_requirements(
        case=case,
        proof=proof(insurance_prepaid=False, sterilized_on=None),
        fee_paid=None,
        on=D(2026, 11, 29),
        actor=officer,
    )
    text, _ = read(documents.missing_requirements_pdf(event))
    assert "requirements not yet shown" in text
    for section in ("3-2-9.B.3.c", "3-2-9.B.3.d", "3-2-9.B.3.g"):
        assert f"{section} Missing" in text
    assert "Registration is due by December 16, 2026 (3-2-9.B.2)" in text
    assert "Met: a Proper Enclosure (3-2-9.B.3.a)." in text
