"""The parcel and enclosure pages through Django's test client, and who may do what
(view_records for pages; record_enclosure, issue_compliance_notice, manage_parcels for actions)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from dogtag.parcels import services
from dogtag.parcels.models import ComplianceNotice, Enclosure, EnclosurePhoto
from dogtag.records.models import Decision
from dogtag.records.roles import ADMINISTRATOR, ANIMAL_CONTROL_OFFICER, CLERK, HEARING_OFFICER
from dogtag.records.versions import version_of
from tests.parcels.fixtures_pages import *  # noqa: F403
from tests.parcels.fixtures_pages import ENCLOSURE, X0, Y0, D, png

POINTS = "\n".join(f"{X0 + x}, {Y0 + y}" for x, y in ((20, 200), (40, 200), (40, 220), (20, 220)))


@pytest.fixture
def enclosure(site: dict[str, Any], officer: Any) -> Enclosure:
    enclosure, _ = services.record_enclosure(
        parcel=site["p1"],
        location=ENCLOSURE,
        constructed_on=None,
        label="Kennel run",
        floor_area=None,
        actor=officer,
    )
    return enclosure


# ----------------------------------------------------------------------------- permissions


def test_pages_need_sign_in_and_view_records(client, site, enclosure):
    url = reverse("parcel_detail", args=["P-1"])
    assert client.get(url).status_code == 302
    client.force_login(type(enclosure.recorded_by).objects.create_user("nobody"))
    for page in (
        url,
        reverse("parcel_list"),
        reverse("enclosure_detail", args=[enclosure.pk]),
    ):
        assert client.get(page).status_code == 403


@pytest.mark.parametrize(
    "role, status",
    [(HEARING_OFFICER, 403), (CLERK, 200), (ANIMAL_CONTROL_OFFICER, 200), (ADMINISTRATOR, 200)],
)
def test_recording_an_enclosure_needs_record_enclosure(as_role, site, role, status):
    client = as_role(role)
    assert client.get(reverse("enclosure_new", args=["P-1"])).status_code == status


@pytest.mark.parametrize(
    "role, status", [(CLERK, 403), (ANIMAL_CONTROL_OFFICER, 403), (ADMINISTRATOR, 200)]
)
def test_lot_lines_need_manage_parcels(as_role, site, role, status):
    assert as_role(role).get(reverse("parcel_lot_lines", args=["P-1"])).status_code == status


def test_notices_need_issue_compliance_notice(as_role, site, enclosure):
    url = reverse("compliance_notice_new", args=[enclosure.pk])
    assert as_role(CLERK).get(url).status_code == 403
    before = ComplianceNotice.objects.count()
    response = as_role(CLERK).post(
        url,
        {
            "complaint_received_on": "2026-11-20",
            "complaint_summary": "x",
            "issued_on": "2026-11-29",
        },
    )
    assert response.status_code == 403 and ComplianceNotice.objects.count() == before


# ----------------------------------------------------------------------------- the pages


def test_parcel_search_by_pin_address_and_owner(as_role, site):
    client = as_role(CLERK)
    for q, found in (("P-1", "P-1"), ("90 Enclosure", "P-2"), ("edgar", "P-3")):
        body = client.get(reverse("parcel_list"), {"q": q}).content.decode()
        assert f'href="/parcels/{found}/"' in body
    body = client.get(reverse("parcel_list"), {"q": "nothing-like-it"}).content.decode()
    assert "No parcel matches" in body
    assert "All 3 parcels" in client.get(reverse("parcel_list")).content.decode()


def test_the_parcel_page(as_role, site, enclosure):
    body = as_role(CLERK).get(reverse("parcel_detail", args=["P-1"])).content.decode()
    # details, residents and their dogs with links
    assert "HANSEN, ERIK &amp; INGRID" in body and "2.755" in body
    assert f'href="{reverse("owner_detail", args=[site["erik"].pk])}"' in body
    assert f'href="{reverse("dog_detail", args=[site["dogs"][0].pk])}"' in body
    # the dog limit for this parcel (3-2-5): two dogs on 2.755 acres are allowed
    assert "2 dogs of 2 count against the limit" in body
    assert "Allowed: 2 dogs over six months on 2.755 acres" in body
    # the enclosure with each measured distance and its section
    assert "30.0 ft" in body and "too close" in body and "20.0 ft" in body
    assert "3-2-6.A" in body and "3-2-6.C" in body
    # the map, accessible, with its table
    assert 'role="img"' in body and 'id="parcel-map-measurements"' in body
    assert "Map legend" in body
    assert "Record a dog enclosure" in body and "Set the lot lines" not in body


def test_an_unknown_parcel_is_404_and_import_is_not_a_pin(as_role, site):
    client = as_role(CLERK)
    assert client.get("/parcels/NOPE/").status_code == 404
    assert client.get("/parcels/import/").resolver_match.url_name != "parcel_detail"


def test_recording_an_enclosure_through_the_form(as_role, site):
    client = as_role(ANIMAL_CONTROL_OFFICER)
    response = client.post(
        reverse("enclosure_new", args=["P-1"]),
        {"label": "Run", "points": POINTS, "constructed_on": "2012-04-01", "floor_area": "40"},
    )
    enclosure = Enclosure.objects.get(label="Run")
    assert response.status_code == 302
    assert response["Location"] == reverse("enclosure_detail", args=[enclosure.pk])
    assert enclosure.location["type"] == "Polygon"
    assert enclosure.constructed_on == D(2012, 4, 1)
    page = client.get(response["Location"]).content.decode()
    assert "Its placement does not comply with 3-2-6.A" in page
    assert "enclosure.record" in page


def test_a_location_outside_the_parcel_is_refused_on_the_form(as_role, site):
    client = as_role(ANIMAL_CONTROL_OFFICER)
    before = (Enclosure.objects.count(), Decision.objects.filter(outcome="done").count())
    response = client.post(
        reverse("enclosure_new", args=["P-1"]),
        {"label": "Run", "geojson": '{"type": "Point", "coordinates": [0, 0]}'},
    )
    assert response.status_code == 200
    assert "outside parcel P-1" in response.content.decode()
    assert (Enclosure.objects.count(), Decision.objects.filter(outcome="done").count()) == before
    response = client.post(
        reverse("enclosure_new", args=["P-1"]), {"label": "Run", "points": "1, 2\n3"}
    )
    assert "Line 2" in response.content.decode()


def test_the_enclosure_page_and_the_live_shelter_check(as_role, site, enclosure):
    client = as_role(CLERK)
    body = client.get(reverse("enclosure_detail", args=[enclosure.pk])).content.decode()
    assert "Kennel run" in body and "Shelter size and shade (3-2-6.D)" in body
    assert 'hx-get="/parcels/enclosures/' in body
    response = client.get(
        reverse("enclosure_shelter", args=[enclosure.pk]),
        {"lengths": "36, 48"},
        HTTP_HX_REQUEST="true",
    )
    text = response.content.decode()
    assert "<html" not in text
    assert "Minimum floor space 39.0625 sq ft for 2 dogs" in text
    assert "No shade requirement on November 29, 2026" in text
    assert "Nothing was recorded" in text
    bad = client.get(reverse("enclosure_shelter", args=[enclosure.pk]), {"lengths": "long"})
    assert "is not a number of inches" in bad.content.decode()


def test_photo_upload(as_role, site, enclosure, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    url = reverse("enclosure_photo_new", args=[enclosure.pk])
    upload = SimpleUploadedFile("run.png", png(), content_type="image/png")
    assert as_role(HEARING_OFFICER).post(url, {"image": upload}).status_code == 403
    client = as_role(ANIMAL_CONTROL_OFFICER)
    upload = SimpleUploadedFile("run.png", png(), content_type="image/png")
    response = client.post(
        url, {"image": upload, "caption": "West fence", "taken_on": "2026-11-28"}
    )
    assert response.status_code == 302
    photo = EnclosurePhoto.objects.get()
    assert photo.caption == "West fence"
    assert client.get(reverse("enclosure_photo", args=[photo.pk])).status_code == 200
    page = client.get(reverse("enclosure_detail", args=[enclosure.pk])).content.decode()
    assert 'alt="Photo of Kennel run: West fence, taken November 28, 2026"' in page
    fake = SimpleUploadedFile("run.png", b"not an image", content_type="image/png")
    response = client.post(url, {"image": fake})
    assert "not a readable JPEG or PNG" in response.content.decode()
    assert EnclosurePhoto.objects.count() == 1


def test_issuing_a_notice_and_recording_compliance(as_role, site, enclosure):
    client = as_role(ANIMAL_CONTROL_OFFICER)
    response = client.post(
        reverse("compliance_notice_new", args=[enclosure.pk]),
        {
            "complaint_received_on": "2026-11-20",
            "complaint_summary": "Odor along the west fence.",
            "issued_on": "2026-11-29",
        },
    )
    assert response.status_code == 302
    notice = ComplianceNotice.objects.get()
    page = client.get(response["Location"]).content.decode()
    assert "Notice of compliance CN2026-0001 issued: comply by December 29, 2026." in page
    assert reverse("compliance_notice_pdf", args=["CN2026-0001"]) in page
    response = client.post(
        reverse("compliance_notice_comply", args=[notice.number]), {"complied_on": "2026-11-29"}
    )
    notice.refresh_from_db()
    assert notice.complied_on == D(2026, 11, 29)
    assert "within the period" in client.get(response["Location"]).content.decode()


def test_a_notice_for_a_new_enclosure_is_refused_with_the_finding(as_role, site, officer):
    enclosure, _ = services.record_enclosure(
        parcel=site["p1"], location=ENCLOSURE, constructed_on=D(2019, 6, 1), actor=officer
    )
    response = as_role(ANIMAL_CONTROL_OFFICER).post(
        reverse("compliance_notice_new", args=[enclosure.pk]),
        {
            "complaint_received_on": "2026-11-20",
            "complaint_summary": "Odor.",
            "issued_on": "2026-11-29",
        },
    )
    body = response.content.decode()
    assert response.status_code == 200 and "only to a pre-existing enclosure" in body
    assert "Nothing was recorded." in body and 'dogtag-citation">3-2-6.C' in body
    assert not ComplianceNotice.objects.exists()


def test_setting_lot_lines_through_the_form(as_role, site):
    client = as_role(ADMINISTRATOR)
    url = reverse("parcel_lot_lines", args=["P-1"])
    page = client.get(url).content.decode()
    assert "Edge 3: now side, 400.0 ft long" in page
    opened = {"version": str(version_of(site["p1"]))}
    response = client.post(url, {"side": ["1"], "rear": ["1"], "reason": "Survey", **opened})
    assert "not both" in response.content.decode()
    response = client.post(
        url, {"side": ["1"], "rear": ["3"], "reason": "Survey 2026-14", **opened}
    )
    assert response.status_code == 302
    site["p1"].refresh_from_db()
    assert site["p1"].lot_lines_override == {"side": [1], "rear": [3], "reason": "Survey 2026-14"}
    now = {"version": str(version_of(site["p1"]))}
    response = client.post(url, {"reason": "Withdrawn", "clear": "1", **now})
    site["p1"].refresh_from_db()
    assert response.status_code == 302 and site["p1"].lot_lines_override is None


def test_the_parcel_page_lists_kennel_applications_and_shows_the_notice_buffer(as_role, site):
    from decimal import Decimal

    from dogtag.kennels.models import CommercialKennelApplication, NoticeRecipient

    application = CommercialKennelApplication.objects.create(
        number="CK2026-0003",
        applicant=site["erik"],
        parcel=site["p1"],
        dogs_requested=14,
        applied_on=D(2026, 11, 1),
    )
    NoticeRecipient.objects.create(
        application=application,
        parcel=site["p3"],
        pin="P-3",
        distance_feet=Decimal("0.0"),
        owner_names="EAST, EDGAR",
    )
    body = as_role(CLERK).get(reverse("parcel_detail", args=["P-1"])).content.decode()
    assert "CK2026-0003" in body and "14 dogs requested" in body
    assert f'href="{reverse("kennel_commercial_detail", args=["CK2026-0003"])}"' in body
    assert "Hatched: the 1 parcel notified of commercial kennel application CK2026-0003" in body
    assert 'class="notice-buffer"' in body


def test_the_owner_page_links_to_the_parcel_and_the_parcel_page_to_complaints_and_kennels(
    as_role, site
):
    # Given Erik Hansen living on P-1 and a barking complaint about his dog Loki,
    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from dogtag.complaints import services as complaints

    clerk = as_role(CLERK)
    staff = get_user_model().objects.create_user("intake")
    complaints.receive_complaint(
        kind="barking",
        occurred_at=timezone.now() - dt.timedelta(days=2),
        narrative="Barking at night.",
        parcel=site["p1"],
        dogs=[site["dogs"][0]],
        actor=staff,
    )
    # when a clerk opens the owner page, then it names the parcel with a link;
    body = clerk.get(reverse("owner_detail", args=[site["erik"].pk])).content.decode()
    assert f'<a href="{reverse("parcel_detail", args=["P-1"])}">P-1</a>, 2.755 acres' in body
    assert "1 complaint in the last 12 months" in body
    # and the parcel page lists the complaint and offers the kennel forms for this parcel.
    body = clerk.get(reverse("parcel_detail", args=["P-1"])).content.decode()
    assert "C2026-0001" in body
    assert f"{reverse('kennel_private_new')}?parcel=P-1" in body
    assert f"{reverse('kennel_commercial_new')}?parcel=P-1" in body
