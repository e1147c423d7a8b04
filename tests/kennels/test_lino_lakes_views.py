"""Lino Lakes' kennel pages (issue 27): the kennel part is law there in its own shape, the
application, the inspection before issue, the issue and the modification of the conditions go
through their pages to the services; Nowthen's pages of the other shape (private kennel license
for a set number of dogs, the commercial kennel's Planning & Zoning and council steps) are not
offered and answer that they are not law; and the reverse in Nowthen."""

from __future__ import annotations

import pytest
from django.test import Client

from dogtag.kennels.models import KennelApplication, KennelLicense, KennelModification
from dogtag.records.roles import ANIMAL_CONTROL_OFFICER, CLERK, ensure_roles

from .conftest import D
from .test_lino_lakes_services import apply, inspect, state


@pytest.fixture
def lino_lakes(monkeypatch):
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")


@pytest.fixture
def signed_in(db, django_user_model):
    def make(username, role):
        user = django_user_model.objects.create_user(username, password="x" * 12)
        user.groups.add(ensure_roles()[role])
        client = Client()
        client.force_login(user)
        return client

    return make


def test_the_kennel_list_is_offered_in_lino_lakes_in_its_shape(lino_lakes, signed_in):
    clerk = signed_in("cora", CLERK)
    home = clerk.get("/").content.decode()
    assert 'href="/kennels/"' in home
    page = clerk.get("/kennels/")
    assert page.status_code == 200
    text = page.content.decode()
    assert (
        "issued only after an inspection of the location (503.10(1)(b)), and expiring on "
    ) in text
    assert "May 31</span> of each year (503.10(1)(d))" in text
    assert 'href="/kennels/apply/"' in text
    # none of Nowthen's: no private license for a set number, no commercial application's steps
    assert "/kennels/private/new/" not in text and "/kennels/commercial/new/" not in text


@pytest.mark.parametrize(
    "path",
    [
        "/kennels/private/new/",
        "/kennels/commercial/new/",
        "/kennels/private/PK2026-0001/",
        "/kennels/commercial/CKA2026-001/step/hearing/",
        "/kennels/commercial/license/CK2026-001/renew/",
    ],
)
def test_nowthen_s_kennel_pages_are_not_law_in_lino_lakes(lino_lakes, signed_in, path):
    clerk = signed_in("cora", CLERK)
    before = state()
    for response in (clerk.get(path), clerk.post(path, {"on": "2026-11-29"})):
        assert response.status_code == 404
        assert "not law in the City of Lino Lakes" in response.content.decode()
    assert state() == before


@pytest.mark.parametrize(
    "path",
    [
        "/kennels/apply/",
        "/kennels/applications/KA2026-0001/",
        "/kennels/licenses/KL2026-0001/",
        "/kennels/licenses/KL2026-0001/renew/",
    ],
)
def test_lino_lakes_kennel_pages_are_not_law_in_nowthen(signed_in, path):
    clerk = signed_in("cora", CLERK)
    response = clerk.get(path)
    assert response.status_code == 404
    assert "not law in the City of Nowthen" in response.content.decode()


def test_the_application_form_takes_the_fee(lino_lakes, signed_in, owner, parcel):
    clerk = signed_in("cora", CLERK)
    form = clerk.get(f"/kennels/apply/?owner={owner.pk}").content.decode()
    assert "$20.00 for a private kennel license, $105.00 for a commercial kennel license" in form
    assert "submitted to the Police Department" in form
    response = clerk.post(
        f"/kennels/apply/?owner={owner.pk}",
        {
            "applicant": owner.pk,
            "parcel": parcel.pin,
            "kind": "private",
            "dogs": "4",
            "on": "2026-11-29",
            "method": "cash",
            "amount": "20.00",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == "/kennels/applications/KA2026-0001/"
    application = KennelApplication.objects.get()
    assert (application.kind, application.dogs, str(application.fee)) == ("private", 4, "20.00")


def test_a_refused_application_changes_nothing_and_says_why(lino_lakes, signed_in, owner, parcel):
    clerk = signed_in("cora", CLERK)
    before = state()
    response = clerk.post(
        f"/kennels/apply/?owner={owner.pk}",
        {
            "applicant": owner.pk,
            "parcel": parcel.pin,
            "kind": "private",
            "dogs": "5",
            "on": "2026-11-29",
            "method": "cash",
            "amount": "20.00",
        },
    )
    assert response.status_code == 200
    assert "Commercial kennel license required" in response.content.decode()
    assert state() == before


def test_inspect_then_issue_then_modify_through_the_pages(
    lino_lakes, signed_in, owner, parcel, clerk
):
    application = apply(owner, parcel, clerk)
    officer = signed_in("otto", ANIMAL_CONTROL_OFFICER)
    desk = signed_in("cora", CLERK)
    page = f"/kennels/applications/{application.number}/"
    # given no inspection: the page says the license may not issue, and the issue is refused
    text = desk.get(page).content.decode()
    assert "The license may not issue yet: May not issue the private kennel license" in text
    before = state()
    refused = desk.post(f"{page}issue/", {"on": "2026-11-29"})
    assert refused.status_code == 200
    assert "none is recorded" in refused.content.decode()
    assert state() == before
    # when the officer records a satisfactory inspection with a condition
    response = officer.post(
        f"{page}inspect/",
        {
            "inspected_on": "2026-11-20",
            "safeguards_adequate": "yes",
            "health_standards_met": "yes",
            "not_met": "",
            "conditions": "Runs cleaned daily.\n",
            "notes": "",
        },
    )
    assert response.status_code == 302
    # then the clerk issues the license, to May 31, 2027
    issued = desk.post(f"{page}issue/", {"on": "2026-11-29"})
    assert issued.status_code == 302
    assert issued["Location"] == "/kennels/licenses/KL2026-0001/"
    license_ = KennelLicense.objects.get()
    assert (license_.expires_on.isoformat(), license_.conditions) == (
        "2027-05-31",
        ["Runs cleaned daily."],
    )
    text = desk.get("/kennels/licenses/KL2026-0001/").content.decode()
    assert "2026-11-29 through 2027-05-31 (503.10(1)(d))" in text
    assert "<li>Runs cleaned daily.</li>" in text
    # and a modification whose notice is mailed on Sun 2026-11-29 takes effect Wed 2026-12-09
    modified = desk.post(
        "/kennels/licenses/KL2026-0001/modify/",
        {"conditions": "Runs cleaned twice daily.", "reason": "Odor", "mailed_on": "2026-11-29"},
    )
    assert modified.status_code == 302
    assert KennelModification.objects.get().effective_on.isoformat() == "2026-12-09"


def test_the_officer_may_not_issue(lino_lakes, signed_in, owner, parcel, clerk):
    application = apply(owner, parcel, clerk)
    inspect(application, clerk)
    page = f"/kennels/applications/{application.number}/"
    before = state()
    officer = signed_in("otto", ANIMAL_CONTROL_OFFICER)
    assert officer.post(f"{page}issue/", {"on": "2026-11-29"}).status_code == 403
    assert state() == before


def test_the_license_certificate_is_in_lino_lakes_letterhead_and_sections(
    lino_lakes, signed_in, owner, parcel, clerk
):
    import io

    from pypdf import PdfReader

    from dogtag.kennels.services import inspected as services

    # given a private kennel license issued 2026-11-10 with one condition
    application = apply(owner, parcel, clerk)
    inspect(application, clerk, conditions=["Runs cleaned daily."])
    license_ = services.issue_kennel_license(
        application=application, on=D(2026, 11, 10), actor=clerk
    )
    # when the clerk opens its certificate from its page
    desk = signed_in("cora", CLERK)
    page = desk.get(f"/kennels/licenses/{license_.number}/").content.decode()
    assert f'href="/kennels/licenses/{license_.number}/certificate.pdf"' in page
    response = desk.get(f"/kennels/licenses/{license_.number}/certificate.pdf")
    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    text = " ".join((p.extract_text() or "") for p in PdfReader(io.BytesIO(response.content)).pages)
    text = " ".join(text.split())
    # then it is Lino Lakes', citing its sections, with the term to May 31 and the condition
    assert "City of Lino Lakes" in text
    assert "Private kennel license KL2026-0001" in text
    assert "November 10, 2026 through May 31, 2027 (503.10(1)(d))" in text
    assert "Runs cleaned daily." in text
    assert "503.10(1)(b)" in text and "adequate safeguards" in text
    assert "3-2-" not in text


def test_renew_then_inspect_then_issue_through_the_pages(
    lino_lakes, signed_in, owner, parcel, clerk, time_machine
):
    from .test_lino_lakes_services import issued

    # given a private kennel license issued 2026-11-10, expiring 2027-05-31, and the day 2027-05-03
    license_ = issued(owner, parcel, clerk)
    time_machine.move_to("2027-05-03T16:00:00Z", tick=False)
    desk = signed_in("cora", CLERK)
    page = f"/kennels/licenses/{license_.number}/"
    text = desk.get(page).content.decode()
    # then its page offers the renewal with the yearly fee, from June 1
    assert 'id="renewal-form"' in text
    assert 'value="20.00"' in text
    assert "runs from 2027-06-01, or its day of issue if later" in text
    # when the clerk takes the renewal application with the fee
    response = desk.post(f"{page}renew/", {"on": "2027-05-03", "method": "cash", "amount": "20.00"})
    # then it is an application renewing the license, whose page says so
    assert response.status_code == 302
    assert response["Location"] == "/kennels/applications/KA2027-0001/"
    renewal = KennelApplication.objects.get(number="KA2027-0001")
    assert renewal.renews == license_
    assert (
        f"{license_.number}</a>, expiring 2027-05-31"
        in desk.get(response["Location"]).content.decode()
    )
    # and the license's page says it is renewed and offers no second renewal
    text = desk.get(page).content.decode()
    assert 'id="renewal-form"' not in text
    assert "Renewed by application" in text
    # and once inspected and issued, the renewed license runs 2027-06-01 through 2028-05-31
    inspect(renewal, clerk, on=D(2027, 5, 3))
    issued_ = desk.post("/kennels/applications/KA2027-0001/issue/", {"on": "2027-05-03"})
    assert issued_.status_code == 302
    renewed = KennelLicense.objects.get(application=renewal)
    assert (renewed.starts_on, renewed.expires_on) == (D(2027, 6, 1), D(2028, 5, 31))
    assert f"{renewed.number}</a>, 2027-06-01 through 2028-05-31" in desk.get(page).content.decode()


@pytest.mark.parametrize(
    "posted, says",
    [
        ({"on": "2027-05-03", "method": "cash", "amount": "25.00"}, "No renewal was recorded"),
        ({"on": "", "method": "cash", "amount": "20.00"}, "Correct the marked fields"),
    ],
)
def test_a_refused_renewal_changes_nothing_and_says_why(
    lino_lakes, signed_in, owner, parcel, clerk, time_machine, posted, says
):
    from .test_lino_lakes_services import issued

    license_ = issued(owner, parcel, clerk)
    time_machine.move_to("2027-05-03T16:00:00Z", tick=False)
    desk = signed_in("cora", CLERK)
    before = state()
    response = desk.post(f"/kennels/licenses/{license_.number}/renew/", posted)
    assert response.status_code == 200
    assert says in response.content.decode()
    assert state() == before


def test_the_officer_may_not_renew(lino_lakes, signed_in, owner, parcel, clerk):
    from .test_lino_lakes_services import issued

    license_ = issued(owner, parcel, clerk)
    before = state()
    officer = signed_in("otto", ANIMAL_CONTROL_OFFICER)
    posted = {"on": "2026-11-29", "method": "cash", "amount": "20.00"}
    assert officer.post(f"/kennels/licenses/{license_.number}/renew/", posted).status_code == 403
    assert state() == before


def test_the_parcels_over_the_limit_name_the_private_kennel_license(
    lino_lakes, signed_in, owner, parcel, clerk
):
    from dogtag.licensing.models import Dog

    from .test_lino_lakes_services import issued

    # given five grown dogs on a property whose private kennel license allows four
    for n in range(5):
        Dog.objects.create(
            owner=owner,
            name=f"Dog {n}",
            breed="Mixed",
            color="Brown",
            sex="male",
            born=D(2023, 4, 1),
        )
    license_ = issued(owner, parcel, clerk)
    # when the clerk opens the list of parcels over the limit on 2026-11-29
    page = signed_in("cora", CLERK).get("/parcels/over-limit/?on=2026-11-29").content.decode()
    # then the Allowed column shows the license's four dogs and its number
    assert (
        '<td data-label="Allowed">4<br><span class="font-body-3xs">private kennel license '
        f"{license_.number}</span></td>"
    ) in page


def test_the_due_list_links_each_kennel_license_to_its_renewal(
    lino_lakes, signed_in, owner, parcel, clerk
):
    from .test_lino_lakes_services import issued

    # given a private kennel license expiring 2027-05-31
    license_ = issued(owner, parcel, clerk)
    # when the clerk opens the due list on 2026-11-29
    response = signed_in("cora", CLERK).get("/due/")
    # then its kennel section lists the license, linking to its renewal
    assert response.status_code == 200
    page = response.content.decode()
    assert "Kennel licenses expiring by May 31 or expired" in page
    assert f'<a href="/kennels/licenses/{license_.number}/#renewal">{license_.number}</a>' in page
