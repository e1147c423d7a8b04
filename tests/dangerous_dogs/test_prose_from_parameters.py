"""Issue 11 item 5: the dangerous-dog pages and documents say the parameters in force. A temporary
parameter set changes the insurance minimums, the leash length and the handler's age; the notice
and the banner follow."""

from __future__ import annotations

import re

from django.test import Client

from dogtag.dangerous_dogs import documents

from .conftest import walk
from .test_documents import read

CHANGED = {
    "nowthen.dangerous_dog.insurance.per_person": "750000.00",
    "nowthen.dangerous_dog.insurance.per_incident": "2000000.00",
    "nowthen.dangerous_dog.restraint.leash_max_feet": 4,
    "nowthen.dangerous_dog.restraint.handler_min_age_years": 21,
}


def dog_page(officer, dog) -> str:
    client = Client()
    client.force_login(officer)
    response = client.get(f"/dogs/{dog.pk}/")
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode())


def test_as_shipped_the_notice_and_the_banner_say_the_ordinance_numbers(
    officer, hearing_officer, dog
):
    case = walk("registered", officer, hearing_officer, dog)
    text, _ = read(documents.notice_pdf(case))
    assert "at least $500,000 per person and $1,000,000 per incident" in text
    page = dog_page(officer, dog)
    assert re.search(
        r"muzzled on a leash of at most <span [^>]*>6 ft</span> held by a person "
        r"<span [^>]*>18</span> or older \(3-2-9.E.2\)",
        page,
    )


def test_the_notice_and_the_banner_follow_a_changed_parameter_set(
    changed_params, officer, hearing_officer, dog
):
    case = walk("registered", officer, hearing_officer, dog)
    changed_params(CHANGED)
    text, _ = read(documents.notice_pdf(case))
    assert "at least $750,000 per person and $2,000,000 per incident" in text
    assert "$500,000 per person" not in text
    page = dog_page(officer, dog)
    assert re.search(
        r"muzzled on a leash of at most <span [^>]*>4 ft</span> held by a person "
        r"<span [^>]*>21</span> or older \(3-2-9.E.2\)",
        page,
    )
    assert re.search(
        r'<span class="dogtag-parameter" title="Nowthen City Code \(Ord. #15\), § 3-2-9.E.2, '
        r"adopted 2011-07-12; parameter nowthen.dangerous_dog.restraint.leash_max_feet, in force "
        r'since 2011-07-12">4 ft</span>',
        page,
    )
    assert "6 ft" not in page and ">18<" not in page
