"""Issue 11 item 5: the kennel pages and documents say the parameters in force, not numbers typed
into their sentences. A temporary parameter set changes a fee, the private kennel maximum and the
notice radius; every page and PDF that mentions them follows."""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client
from pypdf import PdfReader

from dogtag.kennels import documents as kennel_notices
from dogtag.kennels import due, services
from dogtag.law import params
from dogtag.records.roles import CLERK, ensure_roles

from .conftest import TODAY, D, hearing_time, make_parcel, square

CHANGED = {
    "nowthen.fees.private_kennel.application": "37.00",
    "nowthen.private_kennel.max_dogs": 8,
    "nowthen.commercial_kennel.notice_radius_feet": 2640,
    "nowthen.commercial_kennel.complaint_lookback_months": 18,
}


@pytest.fixture
def clerk_client(db, django_user_model):
    user = django_user_model.objects.create_user("cora", password="x" * 12)
    user.groups.add(ensure_roles()[CLERK])
    client = Client()
    client.force_login(user)
    return client


def text(content: bytes) -> str:
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]
    return re.sub(r"\s+", " ", " ".join(pages))


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode())


def noticed(application, clerk):
    make_parcel("R02-0001", square(0, 700, 60, 100), owner_names="Ada Lindqvist")
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(),
        place="City Hall",
        actor=clerk,
        on=D(2026, 10, 5),
    )
    services.draw_notice_list(application=application, on=D(2026, 10, 20), actor=clerk)
    application.refresh_from_db()
    return application


def test_as_shipped_the_pages_say_the_ordinance_numbers(clerk_client, owner, application, clerk):
    form = page(clerk_client, f"/kennels/private/new/?owner={owner.pk}")
    assert re.search(r'name="amount" value="25.00"', form)
    assert re.search(r"At most ten; the number shall not be exceeded \(3-2-5.A.2; ", form)
    assert "at most <span" in form and ">ten</span>, for <span" in form
    commercial = page(clerk_client, "/kennels/commercial/new/")
    assert re.search(r"every property owner within <span [^>]*>1/4 mile</span>", commercial)
    licenses, applications = due.kennel_sections(TODAY, params.default())
    assert "no nuisance complaint came in the previous twelve months (3-2-5.B.2)" in (
        licenses.intro
    )
    assert "noticed to the owners within 1/4 mile, the commission's" in applications.intro
    noticed(application, clerk)
    letter = text(kennel_notices.notice_letters(application))
    assert "lies within 1/4 mile (1,320 feet)" in letter


def test_the_pages_and_documents_follow_a_changed_parameter_set(
    changed_params, clerk_client, owner, application, clerk
):
    city = changed_params(CHANGED)
    licenses, applications = due.kennel_sections(TODAY, city)
    assert "no nuisance complaint came in the previous eighteen months (3-2-5.B.2)" in (
        licenses.intro
    )
    assert "noticed to the owners within 1/2 mile, the commission's" in applications.intro
    form = page(clerk_client, f"/kennels/private/new/?owner={owner.pk}")
    assert re.search(r'name="amount" value="37.00"', form)
    assert "At most eight; the number shall not be exceeded (3-2-5.A.2; " in form
    assert "at most <span" in form and ">eight</span>, for <span" in form
    assert "At most ten" not in form and ">ten</span>" not in form
    # the source is on the value: the parameter, its section and its date
    assert re.search(
        r'<span class="dogtag-parameter" title="Nowthen City Code \(Ord. #15\), § 3-2-5.A.2, '
        r"adopted 2011-07-12; parameter nowthen.private_kennel.max_dogs, in force since "
        r'2011-07-12">eight</span>',
        form,
    )
    commercial = page(clerk_client, "/kennels/commercial/new/")
    assert re.search(r"every property owner within <span [^>]*>1/2 mile</span>", commercial)
    assert "1/4 mile" not in commercial
    noticed(application, clerk)
    detail = page(clerk_client, f"/kennels/commercial/{application.number}/")
    assert "1/4 mile" not in detail and re.search(r"within <span [^>]*>1/2 mile</span>", detail)
    letter = text(kennel_notices.notice_letters(application))
    assert "lies within 1/2 mile (2,640 feet)" in letter and "1/4 mile" not in letter
    labels = PdfReader(io.BytesIO(kennel_notices.mailing_labels(application)))
    assert labels.metadata.subject == (
        "Notice to affected property owners within 1/2 mile (City Code 3-2-5.B.2)"
    )
