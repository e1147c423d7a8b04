"""No lost update (issue 10, item 6): an edit form carries the version it was opened on, and a
save over a newer change is refused with what changed, by whom and when; nothing is overwritten.

Two clerks work in two sessions (two test clients, each signed in). Today is frozen at
2026-11-29 10:00 in Nowthen (``frozen_today`` in conftest)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from dogtag.licensing import services
from dogtag.licensing.models import Owner
from dogtag.records.models import PrivateDataView
from dogtag.records.roles import CLERK, ensure_roles
from dogtag.records.versions import EditConflict, version_of
from tests.staff.test_site import Doc, doc

CONFLICT = (
    "Jane Lund changed Phone from “(763) 555-0142” to “(763) 555-0199” on November 29, 2026, "
    "at 10 a.m. That was after you opened this form, so your changes were not saved. Review the "
    "record as it is now and save again."
)


@pytest.fixture
def clerks(db: None, django_user_model: Any) -> tuple[Client, Client]:
    """Jane Lund and Bo Nguyen, both clerks, each signed in in a session of their own."""
    group = ensure_roles()[CLERK]
    sessions = []
    for username, first, last in (("jane", "Jane", "Lund"), ("bo", "Bo", "Nguyen")):
        user = django_user_model.objects.create_user(
            username, password="x" * 12, first_name=first, last_name=last
        )
        user.groups.add(group)
        session = Client()
        session.force_login(user)
        sessions.append(session)
    return sessions[0], sessions[1]


def form_data(page: Doc) -> dict[str, str]:
    """What the browser would send back unchanged: every named input, the hidden ones too."""
    return {
        n.attrs["name"]: n.attrs.get("value", "")
        for n in page.find_all("input")
        if n.attrs.get("name") and n.attrs["name"] != "csrfmiddlewaretoken"
    }


def owner_row(owner: Owner) -> tuple[str, str, str]:
    owner.refresh_from_db()
    return owner.street, owner.phone, owner.city


def test_a_save_over_a_newer_change_is_refused_and_overwrites_nothing(
    clerks: tuple[Client, Client], owner: Owner
) -> None:
    jane, bo = clerks
    url = f"/owners/{owner.pk}/edit/"
    # given both clerks open the owner's edit form
    janes = form_data(doc(jane.get(url)))
    bos = form_data(doc(bo.get(url)))
    assert janes["version"] == bos["version"] == str(version_of(owner))
    # when Jane saves a new phone, then Bo a new street on the form he opened before
    assert jane.post(url, {**janes, "phone": "763-555-0199"}).status_code == 302
    response = bo.post(url, {**bos, "street": "19650 Nowthen Blvd NW"})
    # then Bo's save is refused with what changed, by whom and when, and Jane's phone stays
    assert response.status_code == 200
    page = doc(response)
    assert page.by_id("problem").text == (
        f"Changed by someone else after you opened this form {CONFLICT} Your entries, not saved: "
        "Street address: “19650 Nowthen Blvd NW”. Nothing was recorded."
    )
    assert owner_row(owner) == ("7120 Viking Blvd NW", "+17635550199", "Nowthen")
    assert owner.history.count() == 2
    # the refusal page shows the owner's contact again: a view of private data, logged
    assert list(PrivateDataView.objects.values_list("user__username", "page")) == [
        ("bo", url),
        ("bo", url),
        ("jane", url),
    ]
    # and the form Bo sees holds the owner as it is now, at the new version
    shown = form_data(page)
    assert (shown["phone"], shown["street"], shown["version"]) == (
        "(763) 555-0199",
        "7120 Viking Blvd NW",
        str(version_of(owner)),
    )
    # when Bo enters his street again on that form, both changes are kept
    assert bo.post(url, {**shown, "street": "19650 Nowthen Blvd NW"}).status_code == 302
    assert owner_row(owner) == ("19650 Nowthen Blvd NW", "+17635550199", "Nowthen")


def test_the_same_clerk_saving_twice_from_one_form_is_refused_the_second_time(
    clerks: tuple[Client, Client], owner: Owner
) -> None:
    # given Jane opened the form and saved it once (back button, then save again)
    jane, _ = clerks
    url = f"/owners/{owner.pk}/edit/"
    opened = form_data(doc(jane.get(url)))
    assert jane.post(url, {**opened, "phone": "763-555-0199"}).status_code == 302
    # when she saves the old page again with another change
    response = jane.post(url, {**opened, "city": "Elk River"})
    # then it is refused: the old page would have put the old phone back
    assert response.status_code == 200
    assert owner_row(owner) == ("7120 Viking Blvd NW", "+17635550199", "Nowthen")


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (
            None,
            "Version of the record this form was opened on: The form does not say which version "
            "of the record it was opened on: open it again from the record's page.",
        ),
        (
            "abc",
            "Version of the record this form was opened on: The form's version is not a number: "
            "open it again from the record's page.",
        ),
        (
            "-1",
            "Version of the record this form was opened on: Ensure this value is greater than or "
            "equal to 0.",
        ),
        (
            "99999999999999999999",
            "Version of the record this form was opened on: Ensure this value is less than or "
            "equal to 9223372036854775807.",
        ),
    ],
)
def test_a_form_without_a_sound_version_is_refused_with_a_message(
    clerks: tuple[Client, Client], owner: Owner, version: str | None, message: str
) -> None:
    jane, _ = clerks
    url = f"/owners/{owner.pk}/edit/"
    data = {**form_data(doc(jane.get(url))), "street": "19650 Nowthen Blvd NW"}
    if version is None:
        del data["version"]
    else:
        data["version"] = version
    response = jane.post(url, data)
    assert response.status_code == 200
    page = doc(response)
    assert [li.text for li in page.find_all("li") if li.text.startswith("Version")] == [message]
    assert owner_row(owner) == ("7120 Viking Blvd NW", "+17635550142", "Nowthen")
    assert owner.history.count() == 1


def test_a_version_from_an_older_save_is_refused_with_every_change_since(
    clerk: Any, owner: Owner
) -> None:
    # given the owner was saved twice after version v was read
    v = version_of(owner)
    services.update_owner(owner, actor=clerk, version=v, phone="763-555-0199")
    services.update_owner(owner, actor=clerk, version=version_of(owner), city="Elk River")
    before = (Owner.objects.values().get(pk=owner.pk), owner.history.count())
    # when a save names version v
    with pytest.raises(EditConflict) as refused:
        services.update_owner(owner, actor=clerk, version=v, street="1 Main St")
    # then it lists both saves, oldest first, and writes nothing
    assert [c.sentence() for c in refused.value.since] == [
        "clerk1 changed Phone from “(763) 555-0142” to “(763) 555-0199” on November 29, 2026, "
        "at 10 a.m.",
        "clerk1 changed City from “Nowthen” to “Elk River” on November 29, 2026, at 10 a.m.",
    ]
    assert refused.value.version == version_of(owner)
    assert (Owner.objects.values().get(pk=owner.pk), owner.history.count()) == before


def test_the_current_version_saves(clerk: Any, owner: Owner) -> None:
    services.update_owner(owner, actor=clerk, version=version_of(owner), street="1 Main St")
    assert owner_row(owner) == ("1 Main St", "+17635550142", "Nowthen")
