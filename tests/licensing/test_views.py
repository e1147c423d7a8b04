"""The licensing desk's pages through Django's test client: search, owners, dogs, the live
license screen, licenses, receipts, and who may do what.

Today is frozen at 2026-11-29 in Nowthen (``frozen_today`` in conftest). Each refused action is
checked to have written nothing (``snapshot``)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile

from dogtag.licensing import queries, services
from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination, Receipt, Tag
from dogtag.records.models import Decision
from dogtag.records.roles import (
    ADMINISTRATOR,
    ANIMAL_CONTROL_OFFICER,
    CLERK,
    HEARING_OFFICER,
    ensure_roles,
)
from dogtag.records.versions import version_of
from tests.staff.test_site import Doc, doc

from .conftest import TODAY, D, cash, snapshot

RABIES_CURRENT = (
    "Rabies vaccination current until October 1, 2027 (certificate RR-2026-0415), certified by "
    "Dr. Ana Lindqvist, DVM (3-2-2.G)."
)
RABIES_EXPIRED = "Rabies certificate expired 2026-01-10 — 3-2-2.G: no license may issue."


# ----------------------------------------------------------------------------- fixtures


@pytest.fixture
def roles(db: None) -> dict[str, Any]:
    return ensure_roles()


@pytest.fixture
def make_user(django_user_model: Any, roles: dict[str, Any]) -> Any:
    def make(username: str, role: str | None) -> Any:
        user = django_user_model.objects.create_user(username, password="x" * 12)
        if role:
            user.groups.add(roles[role])
        return user

    return make


@pytest.fixture
def as_role(client: Any, make_user: Any) -> Any:
    """A client signed in as a new user holding ``role``."""

    def sign_in(role: str | None, username: str | None = None) -> Any:
        client.force_login(
            make_user(username or (role or "nobody").lower().replace(" ", "_"), role)
        )
        return client

    return sign_in


@pytest.fixture
def desk(client: Any, clerk: Any, roles: dict[str, Any]) -> Any:
    """The conftest's clerk (who registered the fixtures' records), in the Clerk role."""
    clerk.groups.add(roles[CLERK])
    client.force_login(clerk)
    return client


@pytest.fixture
def expired(dog: Dog, clerk: Any) -> RabiesVaccination:
    return services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2023, 1, 10),
        expires_on=D(2026, 1, 10),
        duration_years=3,
        veterinarian="Dr. Ana Lindqvist, DVM",
    )


@pytest.fixture
def issued(clerk: Any, stock: Any, dog: Dog, rabies: RabiesVaccination) -> services.Issued:
    return services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )


def h1(page: Doc) -> str:
    [heading] = page.find_all("h1")
    return heading.text


def texts(page: Doc, tag: str | None = None, cls: str | None = None, **attrs: str) -> list[str]:
    return [n.text for n in page.find_all(tag, cls, **attrs)]


def finding_texts(page: Doc) -> list[str]:
    return texts(page, "div", "dogtag-finding")


def no_repeated_ids(page: Doc) -> None:
    ids = page.ids()
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []


def license_url(dog: Dog, **query: Any) -> str:
    return f"/dogs/{dog.pk}/license/" + (f"?{urlencode(query)}" if query else "")


def findings_url(dog: Dog, **query: Any) -> str:
    return f"/dogs/{dog.pk}/license/findings/?{urlencode(query)}"


def license_post(rabies: RabiesVaccination, amount: str, **extra: str) -> dict[str, str]:
    return {
        "kind": "new",
        "rabies": str(rabies.pk),
        "on": TODAY.isoformat(),
        "method": "cash",
        "reference": "",
        "payer": "",
        "amount": amount,
        **extra,
    }


# ------------------------------------------------------------------- every page renders


def test_every_page_renders_for_a_clerk(desk: Any, issued: services.Issued) -> None:
    # Given a licensed dog, when a clerk opens each page of the desk
    dog, license_, receipt = issued.license.dog, issued.license, issued.receipt
    owner = dog.owner
    pages = {
        "/search/": "Search the records",
        "/search/?q=biscuit": "Search the records",
        "/owners/new/": "Register a new owner",
        f"/owners/{owner.pk}/": "Pat Gustafson",
        f"/owners/{owner.pk}/edit/": "Edit Pat Gustafson",
        f"/owners/{owner.pk}/dogs/new/": "Add a dog for Pat Gustafson",
        f"/dogs/{dog.pk}/": "Biscuit (Labrador retriever, Yellow)",
        f"/dogs/{dog.pk}/rabies/new/": "Record a rabies vaccination for Biscuit",
        f"/dogs/{dog.pk}/license/": "License for Biscuit",
        f"/dogs/{dog.pk}/duplicate-tag/": "Duplicate tag for Biscuit",
        f"/dogs/{dog.pk}/transfer/": "Transfer Biscuit to another owner",
        f"/dogs/{dog.pk}/status/": "Record that Biscuit died or moved away",
        f"/licenses/{license_.number}/": "License 2026-00001",
        f"/receipts/{receipt.number}/": "Receipt R2026-000001",
    }
    for path, title in pages.items():
        response = desk.get(path)
        # Then each renders with its one h1, no repeated id, and the main landmark
        assert response.status_code == 200, path
        page = doc(response)
        assert h1(page) == title, path
        no_repeated_ids(page)
        assert len(page.find_all("main", id="main-content")) == 1


@pytest.mark.parametrize(
    "path",
    ["/search/?q=pat", "/owners/new/", "/owners/1/", "/dogs/1/", "/dogs/1/license/"],
)
def test_anonymous_visitor_is_sent_to_sign_in(client: Any, db: None, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 302
    assert (
        response["Location"]
        == f"/accounts/login/?next={path.replace('?', '%3F').replace('=', '%3D')}"
    )


def test_missing_records_are_404(desk: Any) -> None:
    for path in ("/owners/999/", "/dogs/999/", "/licenses/2026-99999/", "/receipts/R1/"):
        assert desk.get(path).status_code == 404, path


# ------------------------------------------------------------------------------- header


def test_header_has_a_search_box_and_link_for_staff_only(
    client: Any, desk: Any, owner: Owner
) -> None:
    # Given a signed-in clerk on the owner page
    page = doc(desk.get(f"/owners/{owner.pk}/"))
    # Then the header holds a labelled search box sending q to /search/, and a Search link
    [form] = page.find_all("form", role="search")
    assert form.attrs["action"] == "/search/" and form.attrs["method"] == "get"
    assert page.by_id("header-search").attrs["name"] == "q"
    assert texts(page, "label", **{"for": "header-search"}) == [
        "Search owners, dogs, licenses and tags"
    ]
    assert [a.attrs["href"] for a in page.find_all("a", cls="usa-nav-link")] == [
        "/",
        "/deadline/",
        "/search/",
        "/due/",
        "/complaints/",
        "/dangerous-dogs/",
        "/kennels/",
    ]
    # And on the search page the header box gives way to the page's own, marked current
    page = doc(desk.get("/search/"))
    assert page.find_all(id="header-search") == []
    assert page.find_all("a", cls="usa-current")[0].attrs["aria-current"] == "page"
    # And a visitor who is not signed in sees neither
    desk.logout()
    page = doc(client.get("/accounts/login/"))
    assert page.find_all(id="header-search") == []
    assert "/search/" not in [a.attrs["href"] for a in page.find_all("a", cls="usa-nav-link")]


# ------------------------------------------------------------------------------- search


def search_tables(desk: Any, q: str) -> dict[str, list[list[str]]]:
    response = desk.get("/search/", {"q": q})
    assert response.status_code == 200
    return doc(response).tables()


@pytest.mark.parametrize(
    "q",
    [
        "gusta",
        "GUSTAFSON",
        "pat gus",
        "viking",
        "7120 viking",
        "5550142",
        "555-0142",
        "(763) 555-0142",
        "763.555.0142",
        "+1 763 555 0142",
    ],
)
def test_search_finds_the_owner_by_part_of_name_street_or_phone(
    desk: Any, owner: Owner, q: str
) -> None:
    # Given Pat Gustafson, 7120 Viking Blvd NW, phone stored as +17635550142
    # When the clerk searches by part of the name, the street or the phone, in any form
    tables = search_tables(desk, q)
    # Then the owner is found, with a link to the owner page
    assert tables[f"Owners matching “{q}”"] == [
        ["Owner", "Address", "Phone", "Email"],
        ["Pat Gustafson", "7120 Viking Blvd NW, Nowthen, MN 55303", "(763) 555-0142", "—"],
    ]
    page = doc(desk.get("/search/", {"q": q}))
    assert [a.attrs["href"] for a in page.find_all("a") if a.text == "Pat Gustafson"] == [
        f"/owners/{owner.pk}/"
    ]


@pytest.mark.parametrize("q", ["5550199", "763-555-0199", "gustavson", "zz"])
def test_search_does_not_find_what_is_not_there(desk: Any, owner: Owner, q: str) -> None:
    page = doc(desk.get("/search/", {"q": q}))
    assert page.by_id("results-heading").text == f"Nothing matches “{q}”"
    assert page.tables() == {}


def test_search_finds_by_email_dog_breed_and_microchip(
    desk: Any, clerk: Any, owner: Owner, dog: Dog
) -> None:
    services.update_owner(
        owner, actor=clerk, version=version_of(owner), email="pat.gustafson@example.org"
    )
    chipped = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Moose",
        breed="Newfoundland",
        color="Black",
        sex="male",
        born=D(2024, 6, 1),
        microchip="985112003456789",
    )
    assert search_tables(desk, "EXAMPLE.ORG")["Owners matching “EXAMPLE.ORG”"][1][0] == (
        "Pat Gustafson"
    )
    assert search_tables(desk, "bisc")["Dogs matching “bisc”"] == [
        ["Dog", "Breed, color", "Microchip", "Owner", "Status"],
        ["Biscuit", "Labrador retriever, Yellow", "—", "Pat Gustafson", "active"],
    ]
    assert [r[0] for r in search_tables(desk, "labrador")["Dogs matching “labrador”"][1:]] == [
        "Biscuit"
    ]
    assert search_tables(desk, "3456789")["Dogs matching “3456789”"][1:] == [
        ["Moose", "Newfoundland, Black", chipped.microchip, "Pat Gustafson", "active"]
    ]


def test_search_finds_licenses_and_tags_and_shows_a_stolen_tag_first(
    desk: Any, clerk: Any, issued: services.Issued
) -> None:
    # Given Biscuit's tag 2026-00001 was reported stolen and replaced by 2026-00002
    services.issue_duplicate_tag(
        license_=issued.license, reason="stolen", on=TODAY, payment=cash("1.00"), actor=clerk
    )
    # When the clerk searches the old tag's number
    response = desk.get("/search/", {"q": "2026-00001"})
    page = doc(response)
    # Then a warning says it was reported stolen, naming the dog, license and owner
    [warning] = page.find_all("div", "dogtag-missing-tag")
    assert "usa-alert--warning" in warning.classes
    assert warning.text == (
        "Tag 2026-00001 — reported stolen on 2026-11-29 Issued 2026-11-29 with license "
        "2026-00001 for Biscuit, owned by Pat Gustafson."
    )
    # And the license and the tag are listed in their groups
    tables = page.tables()
    assert tables["Licenses matching “2026-00001”"] == [
        ["License", "Dog", "Owner", "Issued", "State on 2026-11-29"],
        ["2026-00001", "Biscuit", "Pat Gustafson", "2026-11-29", "in force"],
    ]
    assert tables["Tags matching “2026-00001”"] == [
        ["Tag", "Status", "Dog", "License"],
        ["2026-00001", "reported stolen on 2026-11-29", "Biscuit (Pat Gustafson)", "2026-00001"],
    ]
    # And a partial number finds both tags of the license; tags still in stock are left out
    tags = search_tables(desk, "00001")["Tags matching “00001”"]
    assert [row[0] for row in tags[1:]] == ["2026-00001"]
    tags = search_tables(desk, "2026-0000")["Tags matching “2026-0000”"]
    assert [row[:2] for row in tags[1:]] == [
        ["2026-00001", "reported stolen on 2026-11-29"],
        ["2026-00002", "issued on 2026-11-29"],
    ]
    # But the exact number of a tag in stock finds it
    tags = search_tables(desk, "2026-00007")["Tags matching “2026-00007”"]
    assert tags[1:] == [["2026-00007", "in stock", "—", "—"]]


def owners_on_rum_river(count: int) -> None:
    Owner.objects.bulk_create(
        Owner(name=f"Owner {n:02d}", street=f"{n} Rum River Dr NW", phone=f"+1763555{n:04d}")
        for n in range(count)
    )


def test_search_caps_each_group_and_says_how_many_more(desk: Any, clerk: Any) -> None:
    # Given 53 owners on Rum River Drive
    owners_on_rum_river(53)
    # When the clerk searches the street
    page = doc(desk.get("/search/", {"q": "rum river"}))
    # Then 50 are listed and the page says 3 more match
    assert page.by_id("results-heading").text == "53 records match “rum river”"
    assert page.by_id("group-owners").text == "Owners (53)"
    assert len(page.tables()["Owners matching “rum river”"]) == 51
    assert (
        "Showing the first 50 of 53 owners; 3 more match. Type more of the name or number to "
        "narrow the search." in texts(page, "p", "usa-alert__text")
    )


def test_search_pages_through_each_group(desk: Any, clerk: Any) -> None:
    # Given 53 owners on Rum River Drive
    owners_on_rum_river(53)
    # When the clerk opens the owners' second page
    response = desk.get("/search/", {"q": "rum river", "owners_page": "2"})
    page = doc(response)
    # Then it lists owners 51 to 53, counts them all, and says no "first 50" any more
    owners = page.tables()["Owners matching “rum river”"]
    assert [row[0] for row in owners[1:]] == ["Owner 50", "Owner 51", "Owner 52"]
    assert page.by_id("group-owners").text == "Owners (53)"
    assert not [t for t in texts(page, "p", "usa-alert__text") if t.startswith("Showing")]
    html = response.content.decode()
    assert "53 owners: 51 to 53 shown, page 2 of 2" in html
    assert 'href="?q=rum+river&amp;owners_page=1#group-owners"' in html
    # And a page past the last shows the last, saying so; a page that is no number, the first
    late = desk.get("/search/", {"q": "rum river", "owners_page": "9"}).content.decode()
    assert "There is no page 9; this is the last, page 2." in late and "Owner 52" in late
    bad = desk.get("/search/", {"q": "rum river", "owners_page": "x"}).content.decode()
    assert "“x” is not a page number; this is the first page." in bad and "Owner 00" in bad


def test_search_counts_each_group_only_so_far(desk: Any, clerk: Any, monkeypatch) -> None:
    # Given 73 owners on Rum River Drive, and a search that counts no further than 60 (issue 14:
    # a common name in a state-size city matches tens of thousands, all of which a count reads)
    monkeypatch.setattr(queries, "SEARCH_COUNT_CAP", 60)
    owners_on_rum_river(73)
    # When the clerk searches the street
    response = desk.get("/search/", {"q": "rum river"})
    page = doc(response)
    # Then the page says more than 60 match, lists 50, and pages reach the first 60
    assert page.by_id("results-heading").text == "More than 60 records match “rum river”"
    assert page.by_id("group-owners").text == "Owners (more than 60)"
    assert len(page.tables()["Owners matching “rum river”"]) == 51
    assert (
        "Showing the first 50 of more than 60 owners. Type more of the name or number to "
        "narrow the search." in texts(page, "p", "usa-alert__text")
    )
    assert "More than 60 owners: 1 to 50 shown, page 1 of 2" in response.content.decode()
    # And the second page holds the 51st to the 60th, saying still that more match
    second = desk.get("/search/", {"q": "rum river", "owners_page": "2"})
    owners = doc(second).tables()["Owners matching “rum river”"]
    assert [row[0] for row in owners[1:]] == [f"Owner {n}" for n in range(50, 60)]
    assert "More than 60 owners: 51 to 60 shown, page 2 of 2" in second.content.decode()


def test_search_needs_two_characters(desk: Any, owner: Owner) -> None:
    page = doc(desk.get("/search/", {"q": " p "}))
    assert texts(page, "p", "usa-alert__text") == ["Type at least two characters to search."]
    assert page.tables() == {}
    # And an empty search shows only the form, its input labelled and described
    page = doc(desk.get("/search/"))
    assert page.find_all(id="results-heading") == []
    assert page.by_id("id_q").attrs["aria-describedby"] == "id_q_helptext"


# ------------------------------------------------------------------------------- owners


def test_new_owner_form_gives_the_data_practices_notice(desk: Any) -> None:
    page = doc(desk.get("/owners/new/"))
    notice = page.by_id("data-practices-notice")
    assert notice.attrs["aria-labelledby"] == "tennessen-heading"
    assert page.by_id("tennessen-heading").text == "Data practices notice"
    # the four things Minn. Stat. 13.04 subd. 2 requires the notice to say
    assert texts(page, "dt") == [
        "Why the City asks",
        "Must the owner give it",
        "What happens if the owner does not",
        "Who may see it",
    ]
    assert "3-2-2.A" in notice.text
    # who may see it follows the city's classification of each field (LEGAL-NOTES §5)
    assert page.by_id("data-practices-who").text == (
        "The City classifies the owner’s name, street address, ZIP code, phone, email, consent "
        "to notices by email and date of becoming a resident as private data on individuals "
        "(Minnesota Statutes, chapter 13). "
        "The owner may see them. City staff, the Animal Control Authority and law enforcement "
        "may see them when their work on the dog ordinance requires it. Anyone else may see "
        "them only with the owner’s written consent or when a state or federal law or a court "
        "order allows. The owner’s city and state are public data: anyone may ask to see them."
    )
    labels = {n.attrs["for"]: n.text for n in page.find_all("label")}
    assert labels["id_phone"] == "Phone number"
    assert labels["id_email"] == "Email (optional)"


def test_the_notice_follows_a_city_that_makes_names_public(desk: Any, settings: Any) -> None:
    settings.DOGTAG_PUBLIC_FIELDS = "owner.name"
    page = doc(desk.get("/owners/new/"))
    who = page.by_id("data-practices-who").text
    assert who.startswith(
        "The City classifies the owner’s street address, ZIP code, phone, email, consent to "
        "notices by email and date of becoming a resident as private data"
    )
    assert who.endswith(
        "The owner’s name, city and state are public data: anyone may ask to see them."
    )


def test_clerk_registers_an_owner(desk: Any, clerk: Any) -> None:
    response = desk.post(
        "/owners/new/",
        {
            "name": "Lee Carlson",
            "street": "19400 Nowthen Blvd NW",
            "city": "Nowthen",
            "state": "MN",
            "postal_code": "55330",
            "phone": "(763) 555-0199",
            "email": "",
            "resident_since": "",
        },
    )
    owner = Owner.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/owners/{owner.pk}/"
    assert (owner.name, owner.phone, owner.resident_since) == (
        "Lee Carlson",
        "+17635550199",
        None,
    )
    assert owner.history.get().history_user == clerk
    page = doc(desk.get(response["Location"]))
    assert texts(page, "p", "usa-alert__text") == ["Owner Lee Carlson registered."]
    assert page.tables()["Owner details (private data)"][:2] == [
        ["Address", "19400 Nowthen Blvd NW, Nowthen, MN 55330"],
        ["Parcel", "not placed on the parcel map"],
    ]


def test_a_phone_number_that_cannot_be_is_shown_on_the_phone_field(desk: Any) -> None:
    before = Owner.objects.count()
    response = desk.post(
        "/owners/new/",
        {"name": "X", "street": "Y", "city": "Nowthen", "state": "MN", "phone": "12"},
    )
    assert response.status_code == 200
    page = doc(response)
    phone = page.by_id("id_phone")
    assert phone.attrs["aria-invalid"] == "true"
    assert phone.attrs["aria-describedby"] == "id_phone_helptext id_phone_error"
    assert page.by_id("id_phone_error").text == "'12' is not a possible phone number"
    assert page.by_id("id_phone").attrs["value"] == "12"
    assert Owner.objects.count() == before


def test_owner_page_shows_dogs_receipts_and_the_change_history(
    desk: Any, clerk: Any, issued: services.Issued, django_user_model: Any
) -> None:
    owner = issued.license.owner
    # Given another user changed the phone number through the edit form
    response = desk.post(
        f"/owners/{owner.pk}/edit/",
        {
            "name": "Pat Gustafson",
            "street": "7120 Viking Blvd NW",
            "city": "Nowthen",
            "state": "MN",
            "postal_code": "55303",
            "phone": "763-555-0188",
            "email": "",
            "resident_since": "",
            "version": str(version_of(owner)),
        },
    )
    assert response.status_code == 302
    owner.refresh_from_db()
    assert owner.phone == "+17635550188"
    # When the owner page is opened
    page = doc(desk.get(f"/owners/{owner.pk}/"))
    tables = page.tables()
    # Then the dog with its license on today, the receipt, and who changed what are shown
    assert tables["Pat Gustafson’s dogs and their licenses on November 29, 2026"] == [
        ["Dog", "Breed, color", "Status", "License on 2026-11-29"],
        [
            "Biscuit",
            "Labrador retriever, Yellow",
            "active",
            "Licensed: 2026-00001, in force until 2027-10-01",
        ],
    ]
    assert tables["Receipts issued to Pat Gustafson"] == [
        ["Receipt", "Date", "Total", "License", "State"],
        ["R2026-000001", "2026-11-29", "$3.00", "2026-00001", "paid"],
    ]
    history = tables["Changes to this owner’s record"]
    assert history[0] == ["When", "Who", "What changed"]
    assert [row[1:] for row in history[1:]] == [
        ["clerk1", "Phone: (763) 555-0142 → (763) 555-0188"],
        ["clerk1", "Record created"],
    ]
    assert history[1][0] == "2026-11-29 10:00"


def test_saving_an_owner_unchanged_writes_no_history(desk: Any, owner: Owner) -> None:
    form = doc(desk.get(f"/owners/{owner.pk}/edit/"))
    data = {
        n.attrs["name"]: n.attrs.get("value", "")
        for n in form.find_all("input")
        if n.attrs.get("name")
    }
    assert data["phone"] == "(763) 555-0142"
    response = desk.post(f"/owners/{owner.pk}/edit/", data)
    assert response.status_code == 302
    assert owner.history.count() == 1


# --------------------------------------------------------------------------------- dogs


def test_clerk_adds_a_dog_by_age(desk: Any, owner: Owner) -> None:
    response = desk.post(
        f"/owners/{owner.pk}/dogs/new/",
        {"name": "Rex", "breed": "Beagle", "color": "Tricolor", "sex": "male", "age_years": "4"},
    )
    dog = Dog.objects.get(name="Rex")
    assert response["Location"] == f"/dogs/{dog.pk}/"
    assert (dog.owner, dog.born, dog.born_estimated, dog.sterilized) == (
        owner,
        D(2022, 11, 29),
        True,
        False,
    )
    page = doc(desk.get(f"/dogs/{dog.pk}/"))
    details = page.tables()["Dog details"]
    assert ["Date of birth", "2022-11-29 (estimated from the age given)"] in details
    assert ["Age on 2026-11-29", "about 4 years"] in details


def test_a_dog_needs_a_birth_date_or_an_age(desk: Any, owner: Owner) -> None:
    response = desk.post(
        f"/owners/{owner.pk}/dogs/new/",
        {"name": "Rex", "breed": "Beagle", "color": "Tricolor", "sex": "male"},
    )
    page = doc(response)
    assert page.by_id("id_born_error").text == "Give the date of birth, or the age in years."
    assert page.by_id("id_born").attrs["aria-describedby"] == "id_born_helptext id_born_error"
    assert Dog.objects.count() == 0


def test_dog_page_shows_the_record_decisions_and_history(
    desk: Any, juno: tuple[Dog, services.Issued, RabiesVaccination], clerk: Any
) -> None:
    dog, _, new = juno
    renewed = services.issue_license(
        dog=dog, rabies=new, kind="renewal", on=TODAY, payment=cash("14.00"), actor=clerk
    )
    page = doc(desk.get(f"/dogs/{dog.pk}/"))
    assert page.by_id("license-state").text == (
        "Licensed: 2026-00001, in force until 2029-10-01 On November 29, 2026: see license "
        "2026-00001."
    )
    tables = page.tables()
    assert tables["Certificates of rabies vaccination (3-2-2.G)"] == [
        ["Vaccinated", "Expires", "Duration", "Veterinarian", "Certificate"],
        ["2026-10-01", "2029-10-01", "3 years", "Dr. Ana Lindqvist, DVM", "—"],
        ["2025-09-10", "2026-09-10", "1 year", "Dr. Ana Lindqvist, DVM", "—"],
    ]
    assert tables["Licenses, oldest first (each renewal names the license it renews)"] == [
        [
            "License",
            "Kind",
            "Owner",
            "Issued",
            "Expires",
            "Paid",
            "State on 2026-11-29",
            "Renews",
        ],
        [
            "2025-00001",
            "new",
            "Pat Gustafson",
            "2025-09-20",
            "2026-09-10",
            "$3.00",
            "renewed (superseded)",
            "—",
        ],
        [
            "2026-00001",
            "renewal",
            "Pat Gustafson",
            "2026-11-29",
            "2029-10-01",
            "$14.00",
            "in force",
            "2025-00001",
        ],
    ]
    assert tables["Tags issued for Juno (3-2-3.A)"] == [
        ["Tag", "Status", "Issued", "License"],
        ["2026-00002", "issued", "2026-11-29", "2026-00001"],
        ["2026-00001", "replaced (license renewed) on 2026-11-29", "2025-09-20", "2025-00001"],
    ]
    # the stored decisions, newest first, each finding with its section pills
    headings = texts(page, "h3", "usa-summary-box__heading")
    assert headings == [
        "2026-11-29 — license.issue.renewal, by clerk1",
        "2025-09-20 — license.issue.new, by clerk1",
    ]
    decision = page.find_all("div", "dogtag-decision")[0]
    assert "Penalty $6.00." in decision.text
    pills = [
        n.text
        for i, n in enumerate(page.nodes)
        if "dogtag-citation" in n.classes and page._within(i, page.nodes.index(decision), "body")
    ]
    assert pills[:3] == ["3-2-2.A", "3-2-2.A", "3-2-2.G"]
    assert [row[1:] for row in tables["Changes to this dog’s record"][1:]] == [
        ["clerk1", "Record created"]
    ]
    assert renewed.license.number == "2026-00001"


def test_dog_page_says_when_a_puppy_needs_a_license(desk: Any, clerk: Any, owner: Owner) -> None:
    puppy = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Pip",
        breed="Poodle",
        color="White",
        sex="male",
        born=D(2026, 9, 1),
    )
    page = doc(desk.get(f"/dogs/{puppy.pk}/"))
    state = page.by_id("license-state")
    assert "usa-alert--info" in state.classes
    assert state.text == (
        "No license needed yet No license yet: the dog is under 6 months of age until "
        "March 1, 2027, when it must be licensed (3-2-2.D). 3-2-2.D"
    )


def test_clerk_records_a_rabies_vaccination_with_its_certificate(
    desk: Any, dog: Dog, settings: Any, tmp_path: Any
) -> None:
    settings.MEDIA_ROOT = tmp_path
    scan = SimpleUploadedFile("cert.pdf", b"%PDF-1.4 certificate", "application/pdf")
    response = desk.post(
        f"/dogs/{dog.pk}/rabies/new/",
        {
            "vaccinated_on": "2026-11-02",
            "expires_on": "2029-11-02",
            "duration_years": "3",
            "veterinarian": "Dr. Ana Lindqvist, DVM",
            "clinic": "Rum River Animal Hospital",
            "certificate_number": "RR-2026-0999",
            "rabies_tag_number": "",
            "certificate_file": scan,
        },
    )
    assert response.status_code == 302
    vaccination = dog.rabies_vaccinations.get()
    assert (vaccination.expires_on, vaccination.duration_years) == (D(2029, 11, 2), 3)
    page = doc(desk.get(f"/dogs/{dog.pk}/"))
    [link] = [a for a in page.find_all("a") if a.text.startswith("scan")]
    assert link.attrs["href"] == f"/rabies/{vaccination.pk}/certificate/"
    certificate = desk.get(link.attrs["href"])
    assert certificate.status_code == 200
    assert b"".join(certificate.streaming_content) == b"%PDF-1.4 certificate"


def test_a_vaccination_must_expire_after_it_was_given(desk: Any, dog: Dog) -> None:
    response = desk.post(
        f"/dogs/{dog.pk}/rabies/new/",
        {
            "vaccinated_on": "2026-11-02",
            "expires_on": "2026-11-02",
            "duration_years": "1",
            "veterinarian": "Dr. A",
        },
    )
    page = doc(response)
    assert page.by_id("id_expires_on_error").text == (
        "The expiry date must be after the vaccination date."
    )
    assert RabiesVaccination.objects.count() == 0


# ------------------------------------------------------------------------ license screen


def test_license_screen_opens_with_the_latest_certificate_and_the_amount_due(
    desk: Any, stock: Any, dog: Dog, expired: RabiesVaccination, rabies: RabiesVaccination
) -> None:
    page = doc(desk.get(license_url(dog)))
    # the kind is "new" (never licensed), the latest certificate is chosen, today is the date
    assert page.by_id("id_kind_0").attrs.get("checked") == ""
    assert [o.attrs["value"] for o in page.find_all("option") if "selected" in o.attrs] == [
        str(rabies.pk),
        "cash",
    ]
    assert page.by_id("id_on").attrs["value"] == "2026-11-29"
    # the findings of the rules core, each with its section, and the amount due, pre-filled
    assert page.by_id("findings-verdict").text == "The license may issue"
    assert finding_texts(page) == [
        "The application states everything 3-2-2.A requires. 3-2-2.A",
        "License required: the dog has been 6 months of age or older since November 20, 2026, "
        "and every such dog kept in the city must be licensed (3-2-2.A). 3-2-2.A",
        f"{RABIES_CURRENT} 3-2-2.G",
        "The license expires October 1, 2027 with the rabies vaccination; fee $3.00 for the "
        "one-year tier (the license's length rounded up to whole years), not prorated "
        "(3-2-2.B). 3-2-2.B 1-2-2",
        "The dog needed a license from November 20, 2026; applied within 30 days after that; "
        "the period ends December 21, 2026 (3-2-2.A, D). No penalty. 3-2-2.A 3-2-2.D",
        "Due now: fee $3.00 = $3.00, paid with the application; the receipt goes to the "
        "applicant (3-2-2.A). 3-2-2.A 3-2-2.B",
    ]
    assert page.by_id("amount-due-heading").text == "Amount due: $3.00"
    assert page.by_id("id_amount").attrs["value"] == "3.00"
    # the application fields ask for live findings through htmx, from the whole form
    live = page.by_id("application-fields")
    assert live.attrs["hx-get"] == f"/dogs/{dog.pk}/license/findings/"
    assert (live.attrs["hx-trigger"], live.attrs["hx-target"], live.attrs["hx-include"]) == (
        "change",
        "#license-findings",
        "#application-fields",
    )
    assert page.by_id("license-findings").attrs["aria-live"] == "polite"


def test_live_findings_refuse_an_expired_certificate(
    desk: Any, stock: Any, dog: Dog, expired: RabiesVaccination, rabies: RabiesVaccination
) -> None:
    before = snapshot()
    response = desk.get(
        findings_url(dog, kind="new", rabies=expired.pk, on="2026-11-29"),
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    # only the panel comes back, not a page
    assert "<html" not in html and "<h1" not in html
    page = Doc(html)
    assert page.by_id("findings-verdict").text == "No license may issue: 1 finding blocks it"
    blocking = [n for n in page.find_all("div", "dogtag-finding") if "data-blocks" in n.attrs]
    assert [n.text for n in blocking] == [f"{RABIES_EXPIRED} 3-2-2.G"]
    assert "usa-alert--error" in blocking[0].classes
    assert page.find_all(id="amount-due") == []
    assert page.find_all(id="amount-slot") == []  # the amount typed is left alone
    assert snapshot() == before


def test_live_findings_swap_in_the_amount_due_for_a_late_renewal(
    desk: Any, juno: tuple[Dog, services.Issued, RabiesVaccination]
) -> None:
    dog, _, new = juno
    page = Doc(
        desk.get(
            findings_url(dog, kind="renewal", rabies=new.pk, on="2026-11-29"),
            headers={"HX-Request": "true"},
        ).content.decode()
    )
    assert page.by_id("amount-due-heading").text == "Amount due: $14.00"
    assert page.tables()["Amount due"] == [
        ["License fee", "$8.00"],
        ["Penalty", "$6.00"],
        ["Total", "$14.00"],
    ]
    assert page.by_id("penalty-explanation").text == (
        "Renewed more than 30 days after the new rabies vaccination; the period ended "
        "November 2, 2026 (3-2-2.B). The dog has been unlicensed since its license expired on "
        "September 10, 2026 (3-2-2.A). Penalty $6.00. 3-2-2.B 1-2-2"
    )
    assert texts(page, "li")[0] == "Trigger: the new rabies vaccination on Thu 2026-10-01."
    assert texts(page, "li")[-1] == "Due: Mon 2026-11-02."
    slot = page.by_id("amount-slot")
    assert slot.attrs["hx-swap-oob"] == "true"
    assert page.by_id("id_amount").attrs["value"] == "14.00"


def test_live_findings_for_a_new_resident_licensed_elsewhere(desk: Any, clerk: Any) -> None:
    # Given an owner who moved in on 2026-09-01 with a four-year-old dog
    owner = services.register_owner(
        actor=clerk,
        name="Sam Ortiz",
        street="6000 Baugh St NW",
        phone="7635550177",
        resident_since=D(2026, 9, 1),
    )
    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Rex",
        breed="Beagle",
        color="Tricolor",
        sex="male",
        age_years=4,
        on=TODAY,
    )
    rabies = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 6, 1),
        expires_on=D(2027, 6, 1),
        veterinarian="Dr. B",
    )
    # When the clerk asks for a new resident's license, licensed in another municipality
    page = Doc(
        desk.get(
            findings_url(
                dog, kind="new_resident", rabies=rabies.pk, on="2026-11-29", licensed_elsewhere="on"
            )
        ).content.decode()
    )
    # Then the 30 days of 3-2-2.E are over: the fee and the penalty are due
    assert page.by_id("penalty-explanation").text == (
        "Applied more than 30 days after the owner became a resident; the period ended "
        "October 1, 2026 (3-2-2.E). A license from another municipality does not replace the "
        "city's (3-2-2.E). Penalty $6.00. 3-2-2.E 1-2-2"
    )
    assert page.by_id("amount-due-heading").text == "Amount due: $9.00"


def test_live_findings_with_a_bad_date_say_what_to_correct(desk: Any, dog: Dog) -> None:
    page = Doc(desk.get(findings_url(dog, kind="new", on="2027-01-01")).content.decode())
    assert page.by_id("findings-incomplete").text == (
        "Correct the application to see what the ordinance says: Date of application: An "
        "application cannot be dated after today."
    )


def test_clerk_issues_a_license(desk: Any, stock: Any, dog: Dog, rabies: RabiesVaccination) -> None:
    response = desk.post(license_url(dog), license_post(rabies, "3.00"))
    license_ = License.objects.get()
    assert response.status_code == 302
    assert response["Location"] == "/licenses/2026-00001/"
    page = doc(desk.get(response["Location"]))
    assert texts(page, "p", "usa-alert__text")[0] == (
        "License 2026-00001 issued for Biscuit: tag 2026-00001, receipt R2026-000001 ($3.00)."
    )
    tables = page.tables()
    assert tables["Tags of license 2026-00001"] == [
        ["Tag", "Status", "Issued"],
        ["2026-00001", "issued", "2026-11-29"],
    ]
    assert tables["Receipts for license 2026-00001"] == [
        ["Receipt", "Date", "Total", "State", "Printable"],
        ["R2026-000001", "2026-11-29", "$3.00", "paid", "Receipt R2026-000001 (PDF)"],
    ]
    [pdf] = page.find_all("a", "dogtag-receipt-pdf")
    assert pdf.attrs["href"] == "/documents/receipts/R2026-000001.pdf"
    assert page.by_id("certificate-link").attrs["href"] == "/documents/licenses/2026-00001.pdf"
    assert (license_.dog, license_.fee, license_.decision.actor.username) == (
        dog,
        Decimal("3.00"),
        "clerk1",
    )


def test_an_expired_certificate_is_refused_and_nothing_is_written(
    desk: Any, stock: Any, dog: Dog, rabies: RabiesVaccination, expired: RabiesVaccination
) -> None:
    before = snapshot()
    response = desk.post(license_url(dog), license_post(expired, "3.00"))
    assert response.status_code == 200
    page = doc(response)
    assert page.by_id("problem").text == (
        f"No license issued {RABIES_EXPIRED} Nothing was recorded."
    )
    assert page.by_id("findings-verdict").text == "No license may issue: 1 finding blocks it"
    assert f"{RABIES_EXPIRED} 3-2-2.G" in finding_texts(page)
    # the clerk's input is kept
    selected = next(o for o in page.find_all("option") if "selected" in o.attrs)
    assert selected.attrs["value"] == str(expired.pk)
    assert snapshot() == before


def test_a_payment_short_of_the_amount_due_is_refused_on_the_amount(
    desk: Any, stock: Any, dog: Dog, rabies: RabiesVaccination
) -> None:
    before = snapshot()
    page = doc(desk.post(license_url(dog), license_post(rabies, "2.00")))
    message = (
        "The payment ($2.00) does not match the amount due ($3.00); the fee is paid in full "
        "with the application (3-2-2.A)."
    )
    assert page.by_id("id_amount_error").text == message
    assert page.by_id("id_amount").attrs["aria-invalid"] == "true"
    assert page.by_id("amount-due-heading").text == "Amount due: $3.00"
    assert snapshot() == before


def test_without_tags_in_stock_no_license_issues(
    desk: Any, dog: Dog, rabies: RabiesVaccination
) -> None:
    before = snapshot()
    page = doc(desk.post(license_url(dog), license_post(rabies, "3.00")))
    assert page.by_id("problem").text == (
        "No license issued No tags are in stock: an administrator must add tags before a "
        "license can issue. Nothing was recorded."
    )
    assert snapshot() == before


def test_a_renewal_without_a_license_to_renew_is_refused(
    desk: Any, stock: Any, dog: Dog, rabies: RabiesVaccination
) -> None:
    before = snapshot()
    page = doc(desk.post(license_url(dog), license_post(rabies, "3.00", kind="renewal")))
    assert page.by_id("problem").text == (
        "No license issued Biscuit has no license to renew; issue a new license. "
        "Nothing was recorded."
    )
    assert snapshot() == before


def test_late_renewal_charges_the_penalty_on_a_second_receipt_line(
    desk: Any, juno: tuple[Dog, services.Issued, RabiesVaccination]
) -> None:
    dog, _, new = juno
    page = doc(desk.get(license_url(dog)))
    assert page.by_id("id_kind_1").attrs.get("checked") == ""  # renewal
    assert page.by_id("id_amount").attrs["value"] == "14.00"
    response = desk.post(license_url(dog), license_post(new, "14.00", kind="renewal"))
    assert response["Location"] == "/licenses/2026-00001/"
    receipt = Receipt.objects.get(number="R2026-000002")
    page = doc(desk.get(f"/receipts/{receipt.number}/"))
    assert page.tables()["What was paid for"] == [
        ["Item", "Section", "Amount set by", "Amount"],
        [
            "Dog license, 3-year tier, Juno",
            "3-2-2.B",
            "Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded",
            "$8.00",
        ],
        [
            "Penalty fee",
            "3-2-2.B",
            "Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded",
            "$6.00",
        ],
        ["Total", "$14.00"],
    ]


# ------------------------------------------------------------------- receipts and voids


def test_administrator_voids_a_receipt(as_role: Any, issued: services.Issued, clerk: Any) -> None:
    client = as_role(ADMINISTRATOR)
    page = doc(client.get("/receipts/R2026-000001/"))
    assert page.by_id("void-heading").text == "Void this receipt"
    response = client.post("/receipts/R2026-000001/void/", {"reason": "Entered for the wrong dog"})
    assert response["Location"] == "/receipts/R2026-000001/"
    page = doc(client.get(response["Location"]))
    assert page.by_id("void-stamp").text == "VOID"
    assert page.by_id("void-state").text == (
        "This receipt is void Voided on 2026-11-29 by administrator with reversing receipt "
        "R2026-000002. Reason: Entered for the wrong dog"
    )
    assert page.find_all(id="void-heading") == []
    page = doc(client.get("/receipts/R2026-000002/"))
    assert page.tables()["What was paid for"][1:] == [
        [
            "VOID of R2026-000001: Dog license, 1-year tier, Biscuit",
            "3-2-2.B",
            "Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded",
            "−$3.00",
        ],
        ["Total", "−$3.00"],
    ]
    issued.license.refresh_from_db()
    assert issued.license.status == "void"


def test_a_void_needs_a_reason(as_role: Any, issued: services.Issued) -> None:
    client = as_role(ADMINISTRATOR)
    before = snapshot()
    page = doc(client.post("/receipts/R2026-000001/void/", {"reason": ""}))
    assert page.by_id("id_reason_error").text == "This field is required."
    assert snapshot() == before


# ----------------------------------------------------------------------- duplicate tags


def test_duplicate_tag_shows_the_fee_then_replaces_a_stolen_tag(
    desk: Any, issued: services.Issued
) -> None:
    dog = issued.license.dog
    page = doc(desk.get(f"/dogs/{dog.pk}/duplicate-tag/"))
    assert page.by_id("duplicate-quote").text == (
        "Duplicate tag for a lost tag: $1.00 (3-2-2.C). The old tag is recorded as lost and can "
        "be looked up. 3-2-2.C 1-2-2"
    )
    assert page.by_id("id_amount").attrs["value"] == "1.00"
    response = desk.post(
        f"/dogs/{dog.pk}/duplicate-tag/",
        {"reason": "stolen", "method": "cash", "amount": "1.00"},
    )
    assert response["Location"] == "/licenses/2026-00001/"
    assert dict(Tag.objects.exclude(status="in_stock").values_list("serial", "status")) == {
        "2026-00001": "stolen",
        "2026-00002": "issued",
    }
    page = doc(desk.get(response["Location"]))
    assert texts(page, "p", "usa-alert__text")[0] == (
        "Duplicate tag 2026-00002 issued for Biscuit; the old tag is recorded as stolen. "
        "Receipt R2026-000002 ($1.00)."
    )


def test_duplicate_tag_for_an_expired_license_shows_the_refusal(
    desk: Any, juno: tuple[Dog, services.Issued, RabiesVaccination]
) -> None:
    dog, _, _ = juno
    before = snapshot()
    page = doc(desk.get(f"/dogs/{dog.pk}/duplicate-tag/"))
    quote = page.by_id("duplicate-quote")
    assert quote.text == (
        "The license is not in force (expired 2026-09-10): renew it instead of replacing its "
        "tag (3-2-2.B, C). 3-2-2.C 3-2-2.B"
    )
    assert "usa-alert--error" in page.find_all("div", "dogtag-finding")[0].classes
    assert page.find_all("form", "usa-form") == []
    response = desk.post(
        f"/dogs/{dog.pk}/duplicate-tag/", {"reason": "lost", "method": "cash", "amount": "1.00"}
    )
    assert (
        doc(response)
        .by_id("problem")
        .text.startswith("No duplicate tag issued The license is not in force (expired 2026-09-10)")
    )
    assert snapshot() == before


# ---------------------------------------------------------------- transfers and status


def test_clerk_transfers_a_dog_to_another_owner(
    desk: Any, clerk: Any, issued: services.Issued
) -> None:
    dog = issued.license.dog
    buyer = services.register_owner(
        actor=clerk, name="Lee Carlson", street="19400 Nowthen Blvd NW", phone="763-555-0199"
    )
    page = doc(desk.get(f"/dogs/{dog.pk}/transfer/"))
    assert texts(page, "option") == [
        "— choose the new owner —",
        "Lee Carlson — 19400 Nowthen Blvd NW, Nowthen",
    ]
    response = desk.post(
        f"/dogs/{dog.pk}/transfer/", {"to_owner": buyer.pk, "changed_on": "2026-11-20"}
    )
    assert response["Location"] == f"/dogs/{dog.pk}/"
    dog.refresh_from_db()
    issued.license.refresh_from_db()
    assert (dog.owner, issued.license.status) == (buyer, "ended")
    page = doc(desk.get(f"/dogs/{dog.pk}/"))
    assert texts(page, "p", "usa-alert__text")[0] == (
        "Biscuit transferred from Pat Gustafson to Lee Carlson on 2026-11-20."
    )
    assert page.tables()["Changes of ownership (3-2-2.F)"][1:] == [
        ["2026-11-20", "Pat Gustafson", "Lee Carlson"]
    ]
    assert ["clerk1", "Owner: Pat Gustafson → Lee Carlson"] in [
        row[1:] for row in page.tables()["Changes to this dog’s record"]
    ]
    # the license screen now opens on the new owner's license
    assert doc(desk.get(license_url(dog))).by_id("id_kind_3").attrs.get("checked") == ""


def test_a_transfer_in_the_future_is_refused(desk: Any, clerk: Any, dog: Dog) -> None:
    buyer = services.register_owner(actor=clerk, name="Lee", street="1 Main", phone="7635550199")
    before = snapshot()
    page = doc(
        desk.post(f"/dogs/{dog.pk}/transfer/", {"to_owner": buyer.pk, "changed_on": "2026-12-01"})
    )
    assert page.by_id("problem").text == (
        "Not transferred A change of ownership cannot be recorded before it happens. "
        "Nothing was recorded."
    )
    assert snapshot() == before


def test_recording_a_death_shows_the_no_refund_finding(desk: Any, issued: services.Issued) -> None:
    dog = issued.license.dog
    response = desk.post(f"/dogs/{dog.pk}/status/", {"status": "deceased", "on": "2026-11-29"})
    assert response.status_code == 200
    page = doc(response)
    assert page.by_id("done-heading").text == "Biscuit is recorded as deceased"
    assert finding_texts(page) == [
        "No refund: the dog died before the license expired (3-2-3.A). 3-2-3.A"
    ]
    dog.refresh_from_db()
    issued.license.refresh_from_db()
    assert (dog.status, issued.license.status) == ("deceased", "ended")
    # and the dog page no longer offers the desk's actions
    page = doc(desk.get(f"/dogs/{dog.pk}/"))
    assert page.by_id("license-state").text.startswith("Recorded as deceased on 2026-11-29")
    assert [a.text for a in page.find_all("a", "usa-button")] == []
    # a second record is refused
    before = snapshot()
    page = doc(desk.post(f"/dogs/{dog.pk}/status/", {"status": "moved_away", "on": "2026-11-29"}))
    assert page.by_id("problem").text == (
        "Not recorded Biscuit is already recorded as deceased. Nothing was recorded."
    )
    assert snapshot() == before


def test_animal_control_records_a_tag_violation(
    as_role: Any, issued: services.Issued, clerk: Any
) -> None:
    other = services.register_dog(
        owner=issued.license.owner,
        actor=clerk,
        name="Rex",
        breed="Beagle",
        color="Tricolor",
        sex="male",
        born=D(2021, 1, 1),
    )
    client = as_role(ANIMAL_CONTROL_OFFICER, "officer")
    response = client.post(
        f"/dogs/{other.pk}/tag-violation/",
        {
            "kind": "placed_on_other_animal",
            "observed_on": "2026-11-28",
            "tag_serial": "2026-00001",
            "narrative": "Biscuit's tag on Rex's collar",
        },
    )
    assert response["Location"] == f"/dogs/{other.pk}/"
    page = doc(client.get(response["Location"]))
    [decision] = page.find_all("div", "dogtag-decision")
    assert decision.text == (
        "2026-11-28 — tag.violation, by officer "
        "Unlawful to place a tag on another animal (3-2-3.B). 3-2-3.B "
        "Tag 2026-00001 was issued for another dog: tags are not transferable (3-2-3.A), and "
        "placing it on another animal is unlawful (3-2-3.B). 3-2-3.A 3-2-3.B"
    )


def test_an_unknown_tag_number_is_shown_on_its_field(as_role: Any, dog: Dog) -> None:
    client = as_role(ANIMAL_CONTROL_OFFICER)
    page = doc(
        client.post(
            f"/dogs/{dog.pk}/tag-violation/",
            {"kind": "counterfeit", "observed_on": "2026-11-28", "tag_serial": "X-1"},
        )
    )
    assert page.by_id("id_tag_serial_error").text == "No tag X-1 is in the records."
    assert Decision.objects.filter(outcome="done").count() == 0


# -------------------------------------------------------------------------- permissions


def action_paths(issued: services.Issued) -> dict[str, str]:
    dog = issued.license.dog
    return {
        "issue_license": f"/dogs/{dog.pk}/license/",
        "issue_license findings": f"/dogs/{dog.pk}/license/findings/?kind=new",
        "issue_license owner": "/owners/new/",
        "issue_license edit": f"/owners/{dog.owner.pk}/edit/",
        "issue_license dog": f"/owners/{dog.owner.pk}/dogs/new/",
        "issue_license rabies": f"/dogs/{dog.pk}/rabies/new/",
        "issue_license duplicate": f"/dogs/{dog.pk}/duplicate-tag/",
        "record_dog_status transfer": f"/dogs/{dog.pk}/transfer/",
        "record_dog_status": f"/dogs/{dog.pk}/status/",
        "record_tag_violation": f"/dogs/{dog.pk}/tag-violation/",
    }


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        (CLERK, {"issue_license", "record_dog_status"}),
        (ANIMAL_CONTROL_OFFICER, {"record_dog_status", "record_tag_violation"}),
        (HEARING_OFFICER, set()),
        (ADMINISTRATOR, {"issue_license", "record_dog_status", "record_tag_violation"}),
    ],
)
def test_each_action_needs_its_permission(
    as_role: Any, issued: services.Issued, role: str, allowed: set[str]
) -> None:
    client = as_role(role)
    for name, path in action_paths(issued).items():
        permission = name.split(" ")[0]
        expected = 200 if permission in allowed else 403
        assert client.get(path).status_code == expected, (role, path)
    # and every page of the records is open to every role
    dog = issued.license.dog
    for path in (
        "/search/?q=bis",
        f"/owners/{dog.owner.pk}/",
        f"/dogs/{dog.pk}/",
        "/licenses/2026-00001/",
        "/receipts/R2026-000001/",
    ):
        assert client.get(path).status_code == 200, (role, path)


@pytest.mark.parametrize("role", [CLERK, ANIMAL_CONTROL_OFFICER, HEARING_OFFICER])
def test_only_an_administrator_may_void(as_role: Any, issued: services.Issued, role: str) -> None:
    client = as_role(role)
    before = snapshot()
    page = doc(client.get("/receipts/R2026-000001/"))
    assert page.find_all(id="void-heading") == []
    assert page.find_all("form", action="/receipts/R2026-000001/void/") == []
    response = client.post("/receipts/R2026-000001/void/", {"reason": "x"})
    assert response.status_code == 403
    assert snapshot() == before


def test_refused_posts_write_nothing_without_permission(
    as_role: Any, issued: services.Issued, rabies: RabiesVaccination
) -> None:
    client = as_role(HEARING_OFFICER)
    dog = issued.license.dog
    before = snapshot()
    assert client.post(license_url(dog), license_post(rabies, "3.00")).status_code == 403
    assert (
        client.post(
            f"/dogs/{dog.pk}/status/", {"status": "deceased", "on": "2026-11-29"}
        ).status_code
        == 403
    )
    assert snapshot() == before


def test_a_user_without_a_role_gets_403(as_role: Any, issued: services.Issued) -> None:
    client = as_role(None, "visitor")
    assert client.get("/search/?q=bis").status_code == 403
    assert client.get(f"/dogs/{issued.license.dog.pk}/").status_code == 403
    # and the header offers no search
    page = doc(client.get("/"))
    assert page.find_all(id="header-search") == []


@pytest.mark.parametrize(
    ("role", "buttons"),
    [
        (
            CLERK,
            [
                "Renew license",
                "Record a rabies vaccination",
                "Duplicate tag (lost or stolen)",
                "Transfer to another owner",
                "Record died or moved away",
            ],
        ),
        (
            ANIMAL_CONTROL_OFFICER,
            [
                "Transfer to another owner",
                "Record died or moved away",
                "Record a tag violation",
                "Designate as a dangerous dog",
            ],
        ),
        (HEARING_OFFICER, []),
    ],
)
def test_dog_page_shows_only_the_buttons_the_role_may_use(
    as_role: Any, issued: services.Issued, role: str, buttons: list[str]
) -> None:
    client = as_role(role)
    page = doc(client.get(f"/dogs/{issued.license.dog.pk}/"))
    assert [a.text for a in page.find_all("a", "usa-button")] == buttons


def test_owner_page_hides_edit_and_add_dog_from_a_hearing_officer(
    as_role: Any, owner: Owner
) -> None:
    page = doc(as_role(HEARING_OFFICER).get(f"/owners/{owner.pk}/"))
    assert [a.text for a in page.find_all("a", "usa-button")] == []
    page = doc(as_role(CLERK).get(f"/owners/{owner.pk}/"))
    assert [a.text for a in page.find_all("a", "usa-button")] == [
        "Add a dog",
        "Edit owner",
        "Private kennel license",
        "Commercial kennel application",
    ]


def test_dates_are_the_citys_today(desk: Any, dog: Dog, clerk: Any) -> None:
    # Given 03:00 UTC on November 30, which is still 21:00 on November 29 in Nowthen
    with time_machine.travel(dt.datetime(2026, 11, 30, 3, 0, tzinfo=dt.UTC), tick=False):
        desk.force_login(clerk)  # eleven hours later: the 30-minute idle session has ended
        page = doc(desk.get(f"/dogs/{dog.pk}/status/"))
    # Then the form's default date is the city's day
    assert page.by_id("id_on").attrs["value"] == "2026-11-29"


def test_live_findings_say_what_stops_the_desk_before_submit(
    desk: Any, dog: Dog, rabies: RabiesVaccination
) -> None:
    # Given a dog never licensed, when the clerk picks "renewal" on the license screen
    page = Doc(
        desk.get(
            findings_url(dog, kind="renewal", rabies=rabies.pk, on="2026-11-29"),
            headers={"HX-Request": "true"},
        ).content.decode()
    )
    # Then the screen says so at once, before anything is submitted
    assert (
        page.by_id("desk-problem").text == "Biscuit has no license to renew; issue a new license."
    )
    # and for a new license it says nothing of the kind
    page = Doc(
        desk.get(
            findings_url(dog, kind="new", rabies=rabies.pk, on="2026-11-29"),
            headers={"HX-Request": "true"},
        ).content.decode()
    )
    assert not page.has_id("desk-problem")


def _png(colour: str = "red") -> bytes:
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (40, 30), colour).save(buffer, format="PNG")
    return buffer.getvalue()


def test_a_dog_is_registered_with_its_photo_and_staff_see_it(
    desk: Any, client: Any, owner: Owner, settings: Any, tmp_path: Any
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    settings.MEDIA_ROOT = tmp_path
    # Given the clerk registers a dog with a photo
    response = desk.post(
        f"/owners/{owner.pk}/dogs/new/",
        {
            "name": "Pepper",
            "breed": "Beagle",
            "color": "Tricolor",
            "sex": "female",
            "born": "2024-04-02",
            "photo": SimpleUploadedFile("pepper.png", _png(), "image/png"),
        },
    )
    dog = Dog.objects.get(name="Pepper")
    assert response.status_code == 302
    # Then the dog page shows it, served to signed-in staff only
    page = doc(desk.get(f"/dogs/{dog.pk}/"))
    assert page.by_id("dog-photo").attrs["alt"] == "Photo of Pepper, Beagle, Tricolor"
    served = desk.get(f"/dogs/{dog.pk}/photo/")
    assert served.status_code == 200 and b"".join(served.streaming_content) == _png()
    desk.logout()
    assert client.get(f"/dogs/{dog.pk}/photo/").status_code == 302


def test_a_file_that_is_not_an_image_is_refused_and_nothing_is_written(
    desk: Any, owner: Owner, settings: Any, tmp_path: Any
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    settings.MEDIA_ROOT = tmp_path
    response = desk.post(
        f"/owners/{owner.pk}/dogs/new/",
        {
            "name": "Pepper",
            "breed": "Beagle",
            "color": "Tricolor",
            "sex": "female",
            "born": "2024-04-02",
            "photo": SimpleUploadedFile("pepper.png", b"not an image at all", "image/png"),
        },
    )
    assert response.status_code == 200
    assert "The file is not a readable JPEG or PNG image." in response.content.decode()
    assert not Dog.objects.filter(name="Pepper").exists()
    assert list(tmp_path.iterdir()) == []


def test_replacing_a_photo_keeps_the_old_one_in_the_history(
    desk: Any, dog: Dog, settings: Any, tmp_path: Any
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    settings.MEDIA_ROOT = tmp_path
    assert desk.get(f"/dogs/{dog.pk}/photo/").status_code == 404
    for colour in ("red", "blue"):
        response = desk.post(
            f"/dogs/{dog.pk}/photo/upload/",
            {"photo": SimpleUploadedFile(f"{colour}.png", _png(colour), "image/png")},
        )
        assert response.status_code == 302
    dog.refresh_from_db()
    photos = [h.photo for h in Dog.history.filter(id=dog.pk).order_by("history_date")]
    assert photos[0] == "" and photos[-2].endswith("red.png") and photos[-1].endswith("blue.png")
    assert dog.photo.name.endswith("blue.png")


# ------------------------------------------------------ consent to notices by e-mail (issue 12)


@pytest.mark.parametrize(
    "email, consent, stored, error",
    [
        ("ann@example.org", "on", True, None),
        ("ann@example.org", "", False, None),
        ("", "on", None, "Enter the email address the owner agrees to receive notices at."),
    ],
)
def test_the_owner_form_records_consent_to_notices_by_email(
    desk: Any, email: str, consent: str, stored: bool | None, error: str | None
) -> None:
    from dogtag.licensing.models import Owner

    before = Owner.objects.count()
    data = {
        "name": "Ann Berg",
        "street": "1 Main St NW",
        "city": "Nowthen",
        "state": "MN",
        "phone": "763-555-0101",
        "email": email,
        "email_consent": consent,
    }
    answer = desk.post("/owners/new/", data)
    if error is None:
        assert answer.status_code == 302
        assert Owner.objects.get(name="Ann Berg").email_consent is stored
    else:
        assert answer.status_code == 200 and error in answer.content.decode()
        assert Owner.objects.count() == before


def test_the_owner_page_says_whether_notices_go_by_email(desk: Any, owner: Any) -> None:
    from dogtag.licensing.models import Owner

    page = doc(desk.get(f"/owners/{owner.pk}/"))
    assert page.by_id("owner-email-consent").text == "Not agreed: notices go by mail"
    Owner.objects.filter(pk=owner.pk).update(email="pat@example.org", email_consent=True)
    page = doc(desk.get(f"/owners/{owner.pk}/"))
    assert page.by_id("owner-email-consent").text == "Agreed: renewal reminders go by email"
