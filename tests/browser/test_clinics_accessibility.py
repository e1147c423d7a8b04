"""WCAG 2.1 AA on the clinics' certificate pages (issue 13 item 2), and in the states only an
action shows: the queue by status, a certificate waiting with its candidates, the choice sent back
with its errors, a recorded certificate offering the one-step renewal, and the renewal refused
with the law's findings. (The site-wide walk in ``test_accessibility`` reaches the same pages
through ``PATH_VALUES``.)"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.urls import reverse
from playwright.sync_api import expect

from dogtag.clinics import batches
from dogtag.clinics import services as clinics
from dogtag.licensing import services
from dogtag.licensing.receipts import Payment
from dogtag.records import roles
from tests.browser.conftest import PATIENCE_MS, VIEWPORT
from tests.browser.test_accessibility import Axe, sign_in_as

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]
D = dt.date


@pytest.fixture
def desk(db: None) -> dict[str, Any]:
    roles.ensure_roles()
    User = get_user_model()
    clerk = User.objects.create_user("clerk", password="x" * 12)
    clerk.groups.add(roles.ensure_roles()[roles.CLERK])
    services.add_tag_stock(prefix="2026-", first=1, last=5, actor=clerk)
    pat = services.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        phone="763-555-0142",
        email="pat@example.org",  # the resident's account below sees the household by it
    )
    lee = services.register_owner(
        actor=clerk, name="Lee Gustafson", street="7120 Viking Blvd NW", phone="763-555-0199"
    )
    for owner, breed, sex in ((pat, "Labrador retriever", "female"), (lee, "Beagle", "male")):
        services.register_dog(
            owner=owner,
            actor=clerk,
            name="Biscuit",
            breed=breed,
            color="Tan",
            sex=sex,
            born=D(2024, 4, 2),
        )
    juno = services.register_dog(
        owner=pat,
        actor=clerk,
        name="Juno",
        breed="Border collie",
        color="Black",
        sex="female",
        born=D(2025, 3, 1),
    )
    old = services.record_rabies_vaccination(
        dog=juno,
        actor=clerk,
        vaccinated_on=D(2025, 9, 10),
        expires_on=D(2026, 9, 10),
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    services.issue_license(
        dog=juno,
        rabies=old,
        kind="new",
        on=D(2025, 9, 20),
        payment=Payment(method="cash", amount=Decimal("3.00")),
        actor=clerk,
    )
    common = {
        "veterinarian": "Dr. Ana Lindqvist, DVM",
        "vaccinated_on": D(2026, 11, 20),
        "duration_years": 1,
        "expires_on": D(2027, 11, 20),
        "owner_street": "7120 Viking Blvd NW",
    }
    queued = clinics.receive_certificate(
        clinic="Rum River",
        values={**common, "certificate_number": "RR-1", "dog_name": "Biscuit"},
        actor=clerk,
    ).certificate
    recorded = clinics.receive_certificate(
        clinic="Rum River",
        values={
            **common,
            "certificate_number": "RR-2",
            "dog_name": "Juno",
            "owner_name": "Pat Gustafson",
            "breed": "Border collie",
            "sex": "female",
        },
        actor=clerk,
    ).certificate
    assert (queued.status, recorded.status) == ("queued", "recorded")
    csv = (
        b"certificate_number,veterinarian,vaccinated_on,duration_years,expires_on,dog_name\n"
        b"RR-2,Dr. Ana Lindqvist,2026-11-20,1,2027-11-20,Juno\n"
        b"RR-3,Dr. Ana Lindqvist,2026-13-20,1,2027-11-20,Juno\n"
    )
    batch = batches.store_batch(
        clinic="Rum River", upload=ContentFile(csv, name="rum-river.csv"), rows=2, actor=clerk
    )
    batches.process(batch, clerk)
    return {"queued": queued, "recorded": recorded, "batch": batch}


def test_the_certificate_pages_have_no_wcag_violation(
    browser: Any, live_server: Any, desk: dict[str, Any]
) -> None:
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    context.set_default_timeout(PATIENCE_MS)
    try:
        axe = Axe(context.new_page(), live_server.url)
        sign_in_as(axe, "clerk")
        page = axe.page
        # the queue, in each status
        for status in ("queued", "recorded", "not_here"):
            axe.open(f"queue ({status})", f"{reverse('certificate_queue')}?status={status}")
        # a certificate waiting, with its candidates and the choice
        queued = reverse("certificate_detail", args=[desk["queued"].pk])
        axe.open("a certificate waiting", queued)
        # the choice sent back with its errors: another dog, without its record number
        page.locator("label", has_text="Another dog on the records").click()
        page.get_by_role("button", name="Record the choice").click()
        expect(page.locator(".usa-error-message").first).to_be_visible()
        axe.check("the choice sent back with its errors")
        # a recorded certificate offering the one-step renewal
        recorded = reverse("certificate_detail", args=[desk["recorded"].pk])
        axe.open("a recorded certificate with the renewal", recorded)
        # the renewal refused by the law, with its findings
        page.get_by_label("Amount paid").fill("0.01")
        page.get_by_role("button", name="Renew the license").click()
        expect(page.locator(".dogtag-finding").first).to_be_visible()
        axe.check("the renewal refused with its findings")
        # the CSV upload and a batch's report
        axe.open("the CSV upload", reverse("certificate_batch_new"))
        axe.open("a batch's report", reverse("certificate_batch", args=[desk["batch"].pk]))
        assert axe.found == {}, axe.report()
        assert axe.checked == 9
    finally:
        context.close()


def test_the_residents_one_step_renewal_has_no_wcag_violation(
    browser: Any, live_server: Any, desk: dict[str, Any]
) -> None:
    """Pat's Juno (license expired 2026-09-10) with Rum River's certificate recorded on her: the
    household page's offer, the renewal page with the findings, in English and Spanish, and the
    application sent, as the resident and as the clerk sees it."""
    from django.conf import settings
    from django.test import Client

    from dogtag.applications.models import OnlineApplication
    from dogtag.residents.services import _account_for
    from dogtag.residents.session import SESSION_KEY

    juno = desk["recorded"].dog
    account = _account_for("pat@example.org")
    account.owners.add(juno.owner)
    client = Client()
    session = client.session
    session[SESSION_KEY] = account.pk
    session.save()
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    context.set_default_timeout(PATIENCE_MS)
    try:
        axe = Axe(context.new_page(), live_server.url)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": axe.base}]
        )
        page = axe.page
        axe.open("the household offering the renewal", "/residents/household/")
        page.get_by_role("link", name="Renew with the certificate from Rum River").click()
        expect(page.locator("#findings")).to_be_visible()
        axe.check("the one-step renewal with the findings")
        page.get_by_role("button", name="Send the application").click()
        expect(page.locator("#status")).to_be_visible()
        axe.check("the renewal sent")
        application = OnlineApplication.objects.get()
        assert application.status == "received"
        path = f"/residents/applications/dogs/{juno.pk}/renew-with-clinic-certificate/"
        axe.open("the one-step renewal, already sent", path)
        page.goto(f"{axe.base}/residents/")
        page.locator("select[name=language]").select_option("es")
        page.locator("form[action$='/language/'] button").click()
        axe.open("the one-step renewal, in Spanish", path)
        sign_in_as(axe, "clerk")
        axe.open("the clerk's page of it", f"/office/online-applications/{application.pk}/")
        assert axe.found == {}, axe.report()
        assert axe.checked == 6
    finally:
        context.close()
