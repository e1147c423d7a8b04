"""The kennel pages through Django's test client: permissions, forms, the commercial steps."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from dogtag.kennels import services
from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelInspection,
    PrivateKennelLicense,
)
from dogtag.records.models import Decision
from dogtag.records.roles import ANIMAL_CONTROL_OFFICER, CLERK, HEARING_OFFICER, ensure_roles

from .conftest import (
    TODAY,
    D,
    cash,
    hearing_time,
    make_parcel,
    snapshot,
    square,
    take_to_council,
)


@pytest.fixture
def user_in(django_user_model):
    def make(username, role=None):
        user = django_user_model.objects.create_user(username, password="x" * 12)
        if role:
            user.groups.add(ensure_roles()[role])
        return user

    return make


@pytest.fixture
def clerk_client(db, user_in):
    client = Client()
    client.force_login(user_in("cora", CLERK))
    return client


@pytest.fixture
def officer_client(db, user_in):
    client = Client()
    client.force_login(user_in("otto", ANIMAL_CONTROL_OFFICER))
    return client


@pytest.fixture
def hearing_officer_client(db, user_in):
    client = Client()
    client.force_login(user_in("hana", HEARING_OFFICER))
    return client


def test_list_needs_sign_in_and_view_records(user_in):
    client = Client()
    assert client.get("/kennels/").status_code == 302
    client.force_login(user_in("nobody"))
    assert client.get("/kennels/").status_code == 403


def test_list_shows_licenses_and_applications(clerk_client, owner, parcel, clerk, application):
    services.issue_private_kennel_license(
        holder=owner, parcel=parcel, dogs_licensed=7, on=TODAY, payment=cash("25.00"), actor=clerk
    )
    page = clerk_client.get("/kennels/").content.decode()
    assert "PK2026-0001" in page and "CKA2026-001" in page and "2027-11-28" in page
    assert "Issue a private kennel license" in page


@pytest.mark.parametrize(
    "url, allowed",
    [
        ("/kennels/private/new/", {"clerk"}),
        ("/kennels/commercial/new/", {"clerk"}),
    ],
)
def test_issue_pages_need_issue_kennel_license(
    url, allowed, clerk_client, officer_client, hearing_officer_client
):
    assert clerk_client.get(url).status_code == 200
    assert officer_client.get(url).status_code == 403
    assert hearing_officer_client.get(url).status_code == 403


def test_private_license_issued_from_the_owner(clerk_client, owner, parcel):
    url = f"/kennels/private/new/?owner={owner.pk}"
    page = clerk_client.get(url)
    assert page.context["form"]["parcel"].value() == parcel.pin
    assert page.context["form"]["amount"].value() == "25.00"
    response = clerk_client.post(
        url,
        {
            "holder": owner.pk,
            "parcel": parcel.pin,
            "dogs_licensed": 8,
            "on": "2026-11-29",
            "method": "cash",
            "amount": "25.00",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == "/kennels/private/PK2026-0001/"
    detail = clerk_client.get(response["Location"]).content.decode()
    assert (
        "In force until November 28, 2027" in detail and "8, which shall not be exceeded" in detail
    )
    pdf = clerk_client.get("/kennels/private/PK2026-0001/certificate.pdf")
    assert pdf["Content-Type"] == "application/pdf"


def test_refused_private_license_shows_the_findings_and_writes_nothing(clerk_client, owner, parcel):
    response = clerk_client.post(
        f"/kennels/private/new/?owner={owner.pk}",
        {
            "holder": owner.pk,
            "parcel": parcel.pin,
            "dogs_licensed": 11,
            "on": "2026-11-29",
            "method": "cash",
            "amount": "25.00",
        },
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Conditional use permit required" in page and 'data-blocks="true"' in page
    assert (
        not PrivateKennelLicense.objects.exists()
        and not Decision.objects.filter(outcome="done").exists()
    )


def test_private_inspection_needs_inspect_kennel(
    clerk_client, officer_client, owner, parcel, clerk
):
    license_ = services.issue_private_kennel_license(
        holder=owner, parcel=parcel, dogs_licensed=6, on=TODAY, payment=cash("25.00"), actor=clerk
    ).license
    url = f"/kennels/private/{license_.number}/inspect/"
    assert clerk_client.get(url).status_code == 403
    assert officer_client.get(url).status_code == 200
    response = officer_client.post(
        url,
        {
            "reason": "complaint",
            "complaint_summary": "Barking and more dogs than licensed",
            "inspected_on": "2026-11-29",
            "dogs_counted": 6,
            "met_0": "yes",
            "met_1": "no",
            "note_1": "Dogs kept at a relative's parcel",
        },
    )
    assert response.status_code == 302
    inspection = KennelInspection.objects.get()
    assert inspection.decision.findings[0]["outcome"] == "violations"


def test_commercial_steps_through_the_pages(clerk_client, hearing_officer_client, owner, parcel):
    make_parcel("R03-0001", square(700, 0, 200), owner_names="Near Neighbour")
    response = clerk_client.post(
        f"/kennels/commercial/new/?owner={owner.pk}",
        {
            "applicant": owner.pk,
            "parcel": parcel.pin,
            "business_name": "Rum River Kennels",
            "dogs_requested": 15,
            "description": "",
            "on": "2026-11-02",
            "method": "check",
            "amount": "275.00",
            "reference": "1042",
        },
    )
    assert response.status_code == 302
    url = response["Location"]
    assert url == "/kennels/commercial/CKA2026-001/"
    step = "/kennels/commercial/CKA2026-001/step/{}/"
    # out of order: the council's decision before the hearing, refused with the reason
    page = clerk_client.post(
        step.format("council_decision"),
        {"council_decision-decision": "approve", "council_decision-on": "2026-11-29"},
    ).content.decode()
    assert "Not yet: the City Council&#x27;s decision cannot be recorded before" in page
    assert CommercialKennelApplication.objects.get().status == "received"
    # the hearing officer may read but not record
    assert hearing_officer_client.get(url).status_code == 200
    assert (
        hearing_officer_client.post(
            step.format("hearing_scheduled"), {"hearing_scheduled-day": "2026-11-20"}
        ).status_code
        == 403
    )
    posts = [
        (
            "hearing_scheduled",
            {
                "hearing_scheduled-on": "2026-11-03",
                "hearing_scheduled-day": "2026-11-20",
                "hearing_scheduled-time": "19:00",
                "hearing_scheduled-place": "City Hall",
            },
        ),
        ("notice_list", {"notice_list-on": "2026-11-05"}),
        ("notice_mailed", {"notice_mailed-mailed_on": "2026-11-06"}),
        ("hearing_held", {"hearing_held-on": "2026-11-20"}),
        (
            "recommendation",
            {"recommendation-recommendation": "approve", "recommendation-on": "2026-11-20"},
        ),
        (
            "council_decision",
            {
                "council_decision-decision": "approve",
                "council_decision-on": "2026-11-24",
                "council_decision-conditions": "Quiet hours after 9 pm.\n",
            },
        ),
        ("license", {"license-on": "2026-11-29"}),
    ]
    for name, data in posts:
        response = clerk_client.post(step.format(name), data)
        assert response.status_code == 302, (name, response.content.decode()[:3000])
    page = clerk_client.get(url).content.decode()
    assert "Near Neighbour" in page and "CK2026-001" in page and "Quiet hours after 9 pm." in page
    labels = clerk_client.get("/kennels/commercial/CKA2026-001/labels.pdf")
    assert labels["Content-Type"] == "application/pdf"
    assert "Near Neighbour" in PdfReader(io.BytesIO(labels.content)).pages[0].extract_text()
    letters = clerk_client.get("/kennels/commercial/CKA2026-001/letters.pdf")
    assert letters["Content-Type"] == "application/pdf"
    # the license number finds the application's page
    assert clerk_client.get("/kennels/commercial/CK2026-001/")["Location"] == url


def test_commercial_renewal_and_inspection_pages(clerk_client, officer_client, application, clerk):
    take_to_council(application, clerk)
    license_ = services.issue_commercial_kennel_license(
        application=application, on=TODAY, actor=clerk
    ).license
    renew = f"/kennels/commercial/license/{license_.number}/renew/"
    assert officer_client.get(renew).status_code == 403
    page = clerk_client.post(
        renew, {"on": "2026-11-29", "complaints": "2026-13-01", "method": "cash", "amount": "5.00"}
    ).content.decode()
    assert "is not a real date" in page
    inspect = f"/kennels/commercial/license/{license_.number}/inspect/"
    form = officer_client.get(inspect).context["form"]
    data = {"reason": "periodic", "inspected_on": "2026-11-29", "feces_well_distance_feet": "250"}
    data.update({f"met_{i}": "yes" for i in range(len(form.checklist))})
    assert officer_client.post(inspect, data).status_code == 302
    page = clerk_client.get(f"/kennels/commercial/{application.number}/").content.decode()
    assert "In compliance on November 29, 2026" in page


def test_due_list_page_shows_kennel_sections(clerk_client, application):
    page = clerk_client.get(reverse("due_list")).content.decode()
    assert "Commercial kennel applications waiting" in page
    assert "CKA2026-001" in page


def test_an_owner_missing_from_the_list_and_the_late_notice_through_the_page(
    clerk_client, application, clerk
):
    # given a hearing noticed for November 20
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(),
        place="City Hall",
        actor=clerk,
        on=D(2026, 10, 5),
    )
    services.draw_notice_list(application=application, on=D(2026, 10, 20), actor=clerk)
    services.record_notice_mailed(application=application, mailed_on=D(2026, 10, 22), actor=clerk)
    url = f"/kennels/commercial/{application.number}/"
    page = clerk_client.get(url).content.decode()
    assert "Record an affected owner missing from the notice list" in page
    # when the clerk records an owner found missing, then the late notice is offered, with its clock
    step = url + "step/{}/"
    response = clerk_client.post(
        step.format("owner_omitted"),
        {
            "owner_omitted-pin": "R09-0001",
            "owner_omitted-owner_names": "Dana Lindqvist",
            "owner_omitted-on": "2026-11-02",
        },
    )
    assert response.status_code == 302
    page = clerk_client.get(url).content.decode()
    assert "Record the notice given late to a missing owner" in page
    assert "R09-0001, found missing from the notice list on November 2, 2026" in page
    # a late notice to an owner who is not missing is refused with the reason, and writes nothing
    before = snapshot()
    page = clerk_client.post(
        step.format("owner_notified_late"),
        {"owner_notified_late-pin": "R01-0005", "owner_notified_late-on": "2026-11-05"},
    ).content.decode()
    assert "R01-0005 is not an owner found missing from the list awaiting notice" in page
    assert snapshot() == before
    response = clerk_client.post(
        step.format("owner_notified_late"),
        {"owner_notified_late-pin": "R09-0001", "owner_notified_late-on": "2026-11-05"},
    )
    assert response.status_code == 302


def test_the_council_s_decision_on_a_renewal_after_a_complaint_through_the_page(
    clerk_client, officer_client, application, clerk
):
    take_to_council(application, clerk)
    license_ = services.issue_commercial_kennel_license(
        application=application, on=D(2026, 11, 25), actor=clerk
    ).license
    council = f"/kennels/commercial/license/{license_.number}/council-renewal/"
    assert officer_client.get(council).status_code == 403
    # without a complaint, no council decision is needed: refused with the reason
    page = clerk_client.post(
        council, {"decision": "approve", "on": "2026-11-29", "method": "cash", "amount": "5.00"}
    ).content.decode()
    assert "Not needed: no nuisance complaint in the window" in page
    # with a complaint from the paper file, the renewal page links here and the grant is recorded
    renew = f"/kennels/commercial/license/{license_.number}/renew/"
    page = clerk_client.post(
        renew, {"on": "2026-11-29", "complaints": "2026-11-27", "method": "cash", "amount": "5.00"}
    ).content.decode()
    assert "Renewal goes to the City Council" in page and council in page
    response = clerk_client.post(
        council,
        {
            "decision": "approve",
            "on": "2026-11-29",
            "complaints": "2026-11-27",
            "conditions": "Dogs indoors by 8 p.m.",
            "method": "cash",
            "amount": "5.00",
        },
    )
    assert response.status_code == 302
    assert CommercialKennelLicense.objects.filter(previous=license_).exists()
