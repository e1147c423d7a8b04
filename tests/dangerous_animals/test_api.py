"""The API's read of a Lino Lakes dangerous-animal case (issue 27): where it stands today as the
rules core reads its events, with the deadlines running and the events; a 404 problem detail
where the part is not law (Nowthen) or the case does not exist."""

from __future__ import annotations

import pytest
from django.test import Client

from .conftest import DESIGNATED, D

URL = "/api/v1/dangerous-animal-cases/DA2026-001"


@pytest.fixture
def staff(db, django_user_model):
    client = Client()
    client.force_login(
        django_user_model.objects.create_superuser("demo", "demo@example.invalid", None)
    )
    return client


def test_the_case_is_read_with_where_it_stands_and_its_deadlines(staff, case, walk, owner):
    # given the hearing demanded Wed 11-04 and none set by Wed 11-25
    walk(
        case,
        [
            ("seized", DESIGNATED, {}),
            ("officer_order", D(2026, 11, 3), {"disposition": "conditions"}),
            ("owner_notified", D(2026, 11, 4), {"method": "in_writing"}),
            ("hearing_requested", D(2026, 11, 4), {}),
        ],
    )
    # when the case is read on Sun 2026-11-29
    response = staff.get(URL)
    # then it is where the case stands, its overdue hearing and its events
    assert response.status_code == 200
    body = response.json()
    assert {k: body[k] for k in ("number", "animal", "dog_id", "owner_id", "designated_on")} == {
        "number": "DA2026-001",
        "animal": "dog",
        "dog_id": None,
        "owner_id": owner.pk,
        "designated_on": "2026-11-02",
    }
    assert (body["on"], body["state"]) == ("2026-11-29", "hearing_requested")
    assert [(d["due"], d["overdue"], d["sections"]) for d in body["deadlines"]] == [
        ("2026-11-25", True, ["503.16(2)(c)2"])
    ]
    assert body["events"] == [
        {"kind": "seized", "on": "2026-11-02", "facts": {}},
        {"kind": "officer_order", "on": "2026-11-03", "facts": {"disposition": "conditions"}},
        {"kind": "owner_notified", "on": "2026-11-04", "facts": {"method": "in_writing"}},
        {"kind": "hearing_requested", "on": "2026-11-04", "facts": {}},
    ]


@pytest.mark.parametrize(
    "city, url, detail",
    [
        ("lino-lakes", "/api/v1/dangerous-animal-cases/DA2026-999", "No such record."),
        (
            "nowthen",
            URL,
            "The City of Nowthen's ordinance does not state the dangerous-animal procedure in the "
            "shape Dogtag's rules take (dangerous-dog-case: its variant here is not the one of "
            "dangerous_animal.designation).",
        ),
    ],
)
def test_a_case_not_found_or_not_law_is_a_404_problem(staff, case, monkeypatch, city, url, detail):
    monkeypatch.setenv("DOGTAG_JURISDICTION", city)
    response = staff.get(url)
    assert (response.status_code, response["Content-Type"]) == (404, "application/problem+json")
    assert response.json()["detail"] == detail


def test_the_cases_are_listed_newest_first_with_where_each_stands(
    staff, case, walk, owner, officer
):
    # given the dog's case with its hearing demanded Wed 11-04 and none set by Wed 11-25
    walk(
        case,
        [
            ("seized", DESIGNATED, {}),
            ("officer_order", D(2026, 11, 3), {"disposition": "conditions"}),
            ("owner_notified", D(2026, 11, 4), {"method": "in_writing"}),
            ("hearing_requested", D(2026, 11, 4), {}),
        ],
    )
    # and a cat designated later, nothing else recorded
    from dogtag.dangerous_animals import services

    cat = services.open_case(
        owner=owner,
        animal="cat",
        description="Tabby, grey",
        basis="Attacked a visitor twice.",
        on=D(2026, 11, 20),
        actor=officer,
    )
    # when the cases are listed on Sun 2026-11-29
    body = staff.get("/api/v1/dangerous-animal-cases").json()
    # then the newest designation comes first, each with its state and next deadline
    assert (body["count"], body["limit"], body["offset"]) == (2, 20, 0)
    assert [(i["number"], i["animal"], i["state"]) for i in body["items"]] == [
        (cat.number, "cat", "designated"),
        ("DA2026-001", "dog", "hearing_requested"),
    ]
    dog_row = body["items"][1]
    assert (dog_row["next_deadline"]["due"], dog_row["next_deadline"]["overdue"]) == (
        "2026-11-25",
        True,
    )
    assert dog_row["next_deadline"]["sections"] == ["503.16(2)(c)2"]
    # and a search finds by the kind of animal or its description
    assert [
        i["number"] for i in staff.get("/api/v1/dangerous-animal-cases?q=tabby").json()["items"]
    ] == [cat.number]
    assert [
        i["number"] for i in staff.get("/api/v1/dangerous-animal-cases?q=dog").json()["items"]
    ] == ["DA2026-001"]


def test_the_list_is_a_404_problem_where_the_part_is_not_law(staff, monkeypatch):
    monkeypatch.setenv("DOGTAG_JURISDICTION", "nowthen")
    response = staff.get("/api/v1/dangerous-animal-cases")
    assert (response.status_code, response["Content-Type"]) == (404, "application/problem+json")
    assert response.json()["detail"].startswith(
        "The City of Nowthen's ordinance does not state the dangerous-animal procedure"
    )
