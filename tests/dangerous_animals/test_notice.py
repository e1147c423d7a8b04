"""The notice of a dangerous-animal designation (issue 27), read back with pypdf: it states the
animal, the designation and the orders standing with Lino Lakes' sections, and the days to appeal
while they run."""

from __future__ import annotations

import io

from django.test import Client
from pypdf import PdfReader

from dogtag.dangerous_animals.documents import notice_pdf

from .conftest import TODAY, D


def _text(content: bytes) -> str:
    reader = PdfReader(io.BytesIO(content))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def test_the_notice_states_the_designation_and_the_days_to_appeal(case, walk):
    # given a case whose owner was notified in writing on Fri 2026-11-20
    walk(
        case,
        [
            ("seized", D(2026, 11, 2), {}),
            ("officer_order", D(2026, 11, 3), {"disposition": "conditions"}),
            ("owner_notified", D(2026, 11, 20), {"method": "in_writing"}),
        ],
    )
    # when the notice is printed on Sun 2026-11-29
    text = _text(notice_pdf(case, TODAY))
    # then it names the designation's section, the animal and the days to appeal with theirs
    assert "Notice of Dangerous Animal Designation" in text
    assert "Case DA2026-001" in text
    assert "Rex, German shepherd, black and tan (dog)" in text
    assert "designated the dog a dangerous animal on Mon 2026-11-02 (503.16(1))" in text
    assert "(503.16(1), 503.01, Minn. Stat. 347.50 subd. 2)" in text
    assert "Fri 2026-12-04" in text
    assert "3-2-" not in text


def test_the_notice_is_served_from_the_case_page(case, db, django_user_model):
    staff = Client(raise_request_exception=False)
    staff.force_login(django_user_model.objects.create_superuser("demo", "d@example.invalid", None))
    page = staff.get(f"/dangerous-animals/{case.number}/").content.decode()
    assert f'href="/dangerous-animals/{case.number}/notice.pdf"' in page
    response = staff.get(f"/dangerous-animals/{case.number}/notice.pdf")
    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    assert "Notice of Dangerous Animal Designation" in _text(response.content)
