"""Need-to-know (issue 10, item 7): a complainant's identity and the complaint's evidence only for
the Animal control officer and the Administrator (Minn. Stat. 13.44 subd. 1); everyone else sees
that it is private, with the statute, and an evidence download answers 403 with nothing written.
Each view of private data (complainant identity, evidence, owner contact) writes one log row.

Today is frozen at 2026-11-29 10:00 in Nowthen (``frozen_today`` in conftest)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.core.files.base import ContentFile
from django.test import Client
from django.urls import reverse

from dogtag.complaints import services
from dogtag.complaints.models import Complaint, Evidence
from dogtag.records import roles
from dogtag.records.models import PrivateDataView
from tests.staff.test_site import Doc, doc

from .conftest import CHICAGO

PRIVATE = (
    "Private (Minn. Stat. 13.44 subd. 1): visible to the animal control officer and administrator"
)
AT = dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC)
SEEN = [
    ["Complainant", "Lee Anders"],
    ["Phone", "+17635550199"],
    ["Address", "7150 Viking Blvd NW"],
    ["E-mail", "Not given"],
    ["What happened", "Barking from the kennel run for most of an hour."],
]
HIDDEN = [["Complainant and what happened", PRIVATE]]
ROLES = {
    roles.CLERK: False,
    roles.HEARING_OFFICER: False,
    roles.ANIMAL_CONTROL_OFFICER: True,
    roles.ADMINISTRATOR: True,
}


@pytest.fixture
def user_in(db: None, django_user_model: Any) -> Any:
    roles.ensure_roles()

    def make(role: str) -> Any:
        name = role.lower().replace(" ", "_")
        user = django_user_model.objects.create_user(name, first_name=role, last_name="User")
        user.groups.add(Group.objects.get(name=role))
        return django_user_model.objects.get(pk=user.pk)

    return make


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def complaint(clerk: Any, media: Any) -> Complaint:
    complaint = services.receive_complaint(
        kind="barking",
        occurred_at=dt.datetime(2026, 11, 20, 22, 0, tzinfo=CHICAGO),
        narrative="Barking from the kennel run for most of an hour.",
        address="7120 Viking Blvd NW",
        complainant_name="Lee Anders",
        complainant_phone="+17635550199",
        complainant_address="7150 Viking Blvd NW",
        actor=clerk,
    )
    evidence = Evidence(
        complaint=complaint,
        kind=Evidence.Kind.PHOTO,
        original_name="Anders backyard.jpg",
        sha256="ab" * 32,
        description="Taken by Lee Anders from her deck",
        uploaded_by=clerk,
    )
    evidence.file.save("photo.jpg", ContentFile(b"\xff\xd8\xff fake jpeg"), save=True)
    return complaint


def complainant_rows(page: Doc) -> list[list[str]]:
    return page.tables()["The complainant and the narrative (private data: not public)"]


@pytest.mark.parametrize(("role", "sees"), ROLES.items())
def test_each_role_sees_the_complainant_or_that_it_is_private(
    user_in: Any, complaint: Complaint, role: str, sees: bool
) -> None:
    user = user_in(role)
    # when the complaint page is opened
    response = signed_in(user).get(f"/complaints/{complaint.number}/")
    page = doc(response)
    # then the complainant and the evidence show only to the investigating roles
    assert complainant_rows(page) == (SEEN if sees else HIDDEN)
    evidence = page.tables()["Evidence received, with each file’s SHA-256 (private data)"]
    assert evidence[1] == [
        "Photo",
        "Anders backyard.jpg" if sees else PRIVATE,  # a file's name can identify its maker
        "ab" * 32,
        "clerk1, 2026-11-29 10:00",
        "Taken by Lee Anders from her deck" if sees else "",
    ]
    timeline = page.tables()["Everything recorded on this complaint, oldest first"]
    assert timeline[2] == [
        "2026-11-29 10:00",
        "Evidence: photo",
        "clerk1",
        "Anders backyard.jpg" if sees else PRIVATE,
    ]
    # nowhere on the page, for the others: not in a link, a title or the download URL
    html = response.content.decode()
    assert ("Anders" in html, "7150 Viking" in html, "/download/" in html) == (sees, sees, sees)
    # and one log row says who saw the identity, when, of which record, on which page
    assert list(PrivateDataView.objects.values_list("user", "kind", "record", "page", "at")) == (
        [(user.pk, "complainant_identity", "Complaint C2026-0001", page_url(complaint), AT)]
        if sees
        else []
    )


def page_url(complaint: Complaint) -> str:
    return f"/complaints/{complaint.number}/"


@pytest.mark.parametrize(("role", "sees"), ROLES.items())
def test_evidence_downloads_only_for_the_investigating_roles(
    user_in: Any, complaint: Complaint, role: str, sees: bool
) -> None:
    user = user_in(role)
    evidence = complaint.evidence.get()
    url = reverse("complaint_evidence_download", args=[complaint.number, evidence.pk])
    response = signed_in(user).get(url)
    if sees:
        assert response.status_code == 200
        assert b"".join(response.streaming_content) == b"\xff\xd8\xff fake jpeg"
        assert list(
            PrivateDataView.objects.values_list("user", "kind", "record", "page", "at")
        ) == [
            (
                user.pk,
                "complaint_evidence",
                f"Evidence #{evidence.pk} of complaint C2026-0001",
                url,
                AT,
            )
        ]
    else:
        # a refused download is 403, and writes nothing (no log row, no change to the evidence)
        assert response.status_code == 403
        assert not PrivateDataView.objects.exists()
        assert Evidence.objects.count() == 1


def test_the_clerk_takes_the_complainants_identity_at_intake_but_does_not_see_it_after(
    user_in: Any, media: Any
) -> None:
    clerk = signed_in(user_in(roles.CLERK))
    form = doc(clerk.get("/complaints/new/"))
    assert [
        n.attrs["name"] for n in form.find_all("input") if "complainant" in n.attrs.get("name", "")
    ] == [
        "complainant_name",
        "complainant_phone",
        "complainant_address",
    ]
    response = clerk.post(
        "/complaints/new/",
        {
            "kind": "barking",
            "occurred_on": "2026-11-20",
            "occurred_time": "22:00",
            "address": "7120 Viking Blvd NW",
            "narrative": "Barking for an hour.",
            "complainant_name": "Lee Anders",
            "complainant_phone": "763-555-0199",
        },
    )
    assert response.status_code == 302
    assert Complaint.objects.get().complainant_name == "Lee Anders"
    page = doc(clerk.get(response["Location"]))
    assert complainant_rows(page) == HIDDEN
