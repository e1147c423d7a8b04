"""The log of who viewed private data (issue 10, item 7): owner contact views are logged, the
Administrator reads the log (filters by user, kind and date, newest first, paginated), others get
403; the data-practices page says who sees what."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.test import Client

from dogtag.licensing import services
from dogtag.licensing.models import Owner
from dogtag.records import roles
from dogtag.records.models import PrivateDataView
from tests.staff.test_site import doc

LOG = "/office/private-data-views/"
AT = dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC)  # 10:00 in Nowthen


@pytest.fixture(autouse=True)
def frozen() -> Any:
    with time_machine.travel(AT, tick=False):
        yield


@pytest.fixture
def user_in(db: None, django_user_model: Any) -> Any:
    roles.ensure_roles()

    def make(role: str, username: str | None = None) -> Any:
        name = username or role.lower().replace(" ", "_")
        user = django_user_model.objects.create_user(name, first_name=name.title())
        user.groups.add(Group.objects.get(name=role))
        return django_user_model.objects.get(pk=user.pk)

    return make


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def owner(user_in: Any) -> Owner:
    return services.register_owner(
        actor=user_in(roles.ADMINISTRATOR, "registrar"),
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )


def logged() -> list[tuple[str, str, str, str]]:
    return list(PrivateDataView.objects.values_list("user__username", "kind", "record", "page"))


@pytest.mark.parametrize(
    "role", [roles.CLERK, roles.ANIMAL_CONTROL_OFFICER, roles.HEARING_OFFICER, roles.ADMINISTRATOR]
)
def test_each_view_of_an_owners_contact_is_one_log_row(user_in: Any, owner: Owner, role: str):
    user = user_in(role)
    client = signed_in(user)
    dog = services.register_dog(
        owner=owner, actor=user, name="Biscuit", breed="Lab", color="Yellow", sex="female"
    )
    # when the owner page, the dog page (the owner's address) and a search are opened
    page = doc(client.get(f"/owners/{owner.pk}/"))
    details = page.tables()["Owner details (private data)"]
    assert [details[0], details[2]] == [
        ["Address", "7120 Viking Blvd NW, Nowthen, MN 55303"],
        ["Phone", "(763) 555-0142"],
    ]
    assert client.get(f"/dogs/{dog.pk}/").status_code == 200
    assert client.get("/search/", {"q": "gustafson"}).status_code == 200
    assert client.get("/search/", {"q": "nobody-by-that-name"}).status_code == 200
    # then each page that showed it wrote one row; the search that found no owner wrote none
    name = user.username
    assert logged() == [
        (name, "owner_contact", f"Owner #{owner.pk}", "/search/?q=gustafson"),
        (name, "owner_contact", f"Owner #{owner.pk}", f"/dogs/{dog.pk}/"),
        (name, "owner_contact", f"Owner #{owner.pk}", f"/owners/{owner.pk}/"),
    ]


def test_opening_the_owner_form_is_logged(user_in: Any, owner: Owner) -> None:
    client = signed_in(user_in(roles.CLERK))
    assert client.get(f"/owners/{owner.pk}/edit/").status_code == 200
    assert logged() == [
        ("clerk", "owner_contact", f"Owner #{owner.pk}", f"/owners/{owner.pk}/edit/")
    ]


@pytest.mark.parametrize("role", [roles.CLERK, roles.ANIMAL_CONTROL_OFFICER, roles.HEARING_OFFICER])
def test_only_the_administrator_reads_the_log(user_in: Any, role: str) -> None:
    client = signed_in(user_in(role))
    assert client.get(LOG).status_code == 403
    assert "Who viewed private data" not in client.get("/data-practices/").content.decode()
    assert Client().get(LOG).status_code == 302  # anonymous: to the sign-in page


def view(user: Any, kind: str, record: str, at: dt.datetime) -> None:
    PrivateDataView.objects.create(user=user, kind=kind, record=record, page="/x/", at=at)


def test_the_administrator_filters_the_log_newest_first(user_in: Any) -> None:
    admin, clerk = user_in(roles.ADMINISTRATOR), user_in(roles.CLERK)
    day = dt.timedelta(days=1)
    view(clerk, "owner_contact", "Owner #1", AT - 2 * day)
    view(admin, "complainant_identity", "Complaint C2026-0001", AT - day)
    view(clerk, "owner_contact", "Owner #2", AT)
    client = signed_in(admin)
    rows = doc(client.get(LOG)).tables()["Views 1 to 3 of 3"]
    assert rows == [
        ["When", "Who", "Kind", "Record", "Page"],
        [
            "2026-11-29 10:00:00",
            "Clerk",
            "Owner contact (address, phone, email)",
            "Owner #2",
            "/x/",
        ],
        [
            "2026-11-28 10:00:00",
            "Administrator",
            "Complainant identity",
            "Complaint C2026-0001",
            "/x/",
        ],
        [
            "2026-11-27 10:00:00",
            "Clerk",
            "Owner contact (address, phone, email)",
            "Owner #1",
            "/x/",
        ],
    ]
    by_user = doc(client.get(LOG, {"user": clerk.pk})).tables()["Views 1 to 2 of 2"]
    assert [r[3] for r in by_user[1:]] == ["Owner #2", "Owner #1"]
    by_kind = doc(client.get(LOG, {"kind": "complainant_identity"})).tables()["Views 1 to 1 of 1"]
    assert [r[3] for r in by_kind[1:]] == ["Complaint C2026-0001"]
    by_date = doc(client.get(LOG, {"viewed_from": "2026-11-27", "viewed_to": "2026-11-28"}))
    assert [r[3] for r in by_date.tables()["Views 1 to 2 of 2"][1:]] == [
        "Complaint C2026-0001",
        "Owner #1",
    ]
    # reading the log is not itself a view of private data
    assert PrivateDataView.objects.count() == 3


def test_the_log_is_paginated(user_in: Any) -> None:
    admin = user_in(roles.ADMINISTRATOR)
    PrivateDataView.objects.bulk_create(
        PrivateDataView(user=admin, kind="owner_contact", record=f"Owner #{i}", page="/x/", at=AT)
        for i in range(51)
    )
    client = signed_in(admin)
    first = doc(client.get(LOG, {"kind": "owner_contact"}))
    assert len(first.tables()["Views 1 to 50 of 51"]) == 51
    second = doc(client.get(LOG, {"kind": "owner_contact", "page": "2"}))
    assert second.tables()["Views 51 to 51 of 51"][1][3] == "Owner #0"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"viewed_from": "0001-01-01"}, "Viewed from must be between January 1, 1950 and"),
        ({"viewed_to": "9999-12-31"}, "Viewed to must be between January 1, 1950 and"),
        ({"viewed_from": "2026-11-29", "viewed_to": "2026-11-01"}, "cannot be before"),
        ({"kind": "everything"}, "Select a valid choice."),
        ({"user": "999999"}, "Select a valid choice."),
        ({"user": "x" * 5000}, "Select a valid choice."),
    ],
)
def test_bad_filters_are_a_message_not_a_500(user_in: Any, query: dict[str, str], message: str):
    admin = user_in(roles.ADMINISTRATOR)
    view(admin, "owner_contact", "Owner #1", AT)
    response = signed_in(admin).get(LOG, query)
    assert response.status_code == 200
    page = doc(response)
    assert message in page.by_id("form-errors").text
    assert page.by_id("log-not-shown").text == "Correct the filters to see the log."


def test_the_data_practices_page_says_who_sees_what(user_in: Any) -> None:
    client = signed_in(user_in(roles.ADMINISTRATOR))
    page = doc(client.get("/data-practices/"))
    rows = page.tables()["Private data and the roles that see it"]
    assert [(r[0], r[1], r[4]) for r in rows] == [
        ("Private data", "Seen by", "Views logged"),
        (
            "An owner's contact: street address, phone and email",
            "Clerk, Animal control officer, Hearing officer, Administrator",
            "yes",
        ),
        (
            "A complainant's identity (name, phone, address) and what they said happened",
            "Animal control officer, Administrator",
            "yes",
        ),
        (
            "Complaint evidence: the files, their names and descriptions, and the timelines "
            "drawn from them",
            "Animal control officer, Administrator",
            "yes",
        ),
        (
            "E-mail to a complainant in the outbox: its address, subject, text and attachments",
            "Administrator",
            "yes",
        ),
    ]
    assert [a.attrs["href"] for a in page.find_all("a") if a.text == "who viewed private data"] == [
        LOG
    ]
