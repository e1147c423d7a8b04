"""Issue 11 item 5: the dangerous-dog pages and documents say the parameters in force. A temporary
parameter set changes the insurance minimums, the leash length, the handler's age and the
registration fee; the notice, the letter, the banner and the registration form follow. The day
counts: test_prose_periods.py."""

from __future__ import annotations

import re

from django.test import Client

from dogtag.dangerous_dogs import documents, services

from .conftest import D, proof, walk
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


def case_page(user, case) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(f"/dangerous-dogs/{case.number}/")
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode())


def test_the_restrictions_in_the_notice_follow_the_leash_and_the_age(
    changed_params, officer, hearing_officer, dog
):
    case = walk("served", officer, hearing_officer, dog)
    text, _ = read(documents.notice_pdf(case))
    assert "chain or leash of at most six feet, under the physical restraint of a " in text
    assert "responsible person 18 years of age or older" in text
    changed_params(CHANGED)
    text, _ = read(documents.notice_pdf(case))
    assert "chain or leash of at most four feet, under the physical restraint of a " in text
    assert "responsible person 21 years of age or older" in text
    assert "six feet" not in text and "18 years" not in text


FEE = {"nowthen.fees.dangerous_dog.registration": "450.00"}


def test_the_registration_form_and_the_letter_say_the_fee_and_the_insurance_in_force(
    changed_params, officer, hearing_officer, dog
):
    # given a dog deemed dangerous, as shipped: the form's hints say $500,000 and $500.00
    case = walk("dangerous", officer, hearing_officer, dog)
    page = case_page(officer, case)
    assert re.search(r"At least <span [^>]*>\$500,000</span> \(3-2-9.B.3.c\)", page)
    assert re.search(r"The annual fee in force is <span [^>]*>\$500.00</span>", page)
    # when the council's fee and the insurance minimums change
    changed_params({**CHANGED, **FEE})
    page = case_page(officer, case)
    # then the form follows, each value with its source
    assert re.search(r"At least <span [^>]*>\$750,000</span> \(3-2-9.B.3.c\)", page)
    assert re.search(r"At least <span [^>]*>\$2,000,000</span> \(3-2-9.B.3.c\)", page)
    assert re.search(
        r'The annual fee in force is <span class="dogtag-parameter" title="[^"]*parameter '
        r'nowthen.fees.dangerous_dog.registration[^"]*">\$450.00</span> \(3-2-9.B.5\)',
        page,
    )
    assert "$500,000" not in page and "$500.00" not in page
    # and so does the letter listing what is missing (3-2-9.B.3.c, d)
    event = services.record_missing_requirements(
        case=case, proof=proof(), fee_paid=None, on=D(2026, 11, 29), actor=officer
    )
    text, _ = read(documents.missing_requirements_pdf(event))
    assert "The Owner pays the annual registration fee, $450.00 (3-2-9.B.5" in text
    assert "at least $750,000 per person and $2,000,000 per incident" in text
