"""The office pages through Django's test client: the due list, the fee schedule and council
resolutions, tag stock and roles, with who may see and do what."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext

from dogtag.licensing import services
from dogtag.licensing.models import Tag
from dogtag.records.models import FeeResolution, FeeResolutionItem
from dogtag.records.roles import ADMINISTRATOR, ANIMAL_CONTROL_OFFICER, CLERK, HEARING_OFFICER
from dogtag.records.services import fee_parameters
from tests.staff.test_site import doc

from .conftest import TODAY, D, cash
from .test_due import dog_of, licensed, one_of_each, owner_named

PAGES = ("/due/", "/fees/", "/fees/resolutions/new/", "/tags/stock/", "/roles/")


# --------------------------------------------------------------------------------- users


@pytest.fixture
def user_in(django_user_model):
    """A user holding one role (an auth group), or none."""

    def make(username, role=None, **extra):
        user = django_user_model.objects.create_user(username, **extra)
        if role:
            user.groups.add(Group.objects.get(name=role))
        return user

    return make


@pytest.fixture
def clerk_client(client, user_in):
    client.force_login(user_in("cora", CLERK, first_name="Cora", last_name="Lund"))
    return client


@pytest.fixture
def admin_client(client, user_in):
    client.force_login(user_in("ada", ADMINISTRATOR, first_name="Ada", last_name="Berg"))
    return client


def resolution_post(**amounts):
    data = {
        "number": "2026-40",
        "adopted_on": "2026-11-10",
        "effective_on": "2026-12-01",
        "title": "Dog license fees 2027",
    }
    data.update({"fee__" + k.replace(".", "__"): v for k, v in amounts.items()})
    return data


# --------------------------------------------------------------------------- permissions


@pytest.mark.parametrize("path", PAGES)
def test_anonymous_visitor_is_sent_to_sign_in(client, db, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={path}"


@pytest.mark.parametrize("path", PAGES)
def test_a_user_without_a_role_is_refused_every_page(client, user_in, path):
    # Given a signed-in user who holds no role (no records.view_records)
    client.force_login(user_in("nobody"))
    # Then every office page is forbidden
    assert client.get(path).status_code == 403


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        (CLERK, {"/due/", "/fees/"}),
        (ANIMAL_CONTROL_OFFICER, {"/due/", "/fees/"}),
        (HEARING_OFFICER, {"/due/", "/fees/"}),
        (ADMINISTRATOR, set(PAGES)),
    ],
)
def test_each_role_opens_exactly_its_pages(client, user_in, role, allowed):
    client.force_login(user_in("someone", role))
    statuses = {path: client.get(path).status_code for path in PAGES}
    assert statuses == {path: 200 if path in allowed else 403 for path in PAGES}


def test_a_superuser_opens_every_page_and_the_user_admin(client, django_user_model):
    boss = django_user_model.objects.create_superuser("boss", email="boss@example.invalid")
    client.force_login(boss)
    assert {path: client.get(path).status_code for path in PAGES} == dict.fromkeys(PAGES, 200)
    # the Django admin's list of users, where roles are assigned
    response = client.get("/admin/auth/user/")
    assert response.status_code == 200
    assert "boss" in response.content.decode()
    change = client.get(f"/admin/auth/user/{boss.pk}/change/")
    assert change.status_code == 200
    assert 'name="groups"' in change.content.decode()


# ------------------------------------------------------------------------------ due list


@pytest.fixture
def desk(clerk, stock):
    """Pat's Biscuit (license expiring Mon 2026-12-14), Sam (resident since Mon 2026-11-02) and
    Rex, Tilly (sold to Lee Thu 2026-11-05), Lee's Olive (six months on Wed 2026-12-30)."""
    pat = owner_named(clerk, "Pat Gustafson")
    lee = owner_named(clerk, "Lee Carlson")
    sam = owner_named(clerk, "Sam Ortiz", resident_since=D(2026, 11, 2))
    biscuit, _ = licensed(
        clerk, pat, "Biscuit", D(2025, 6, 1), D(2025, 12, 14), D(2026, 12, 14), D(2025, 12, 15)
    )
    rex = dog_of(clerk, sam, "Rex", age_years=4, on=TODAY)
    tilly = dog_of(clerk, pat, "Tilly", born=D(2022, 1, 1))
    services.transfer_ownership(dog=tilly, to_owner=lee, changed_on=D(2026, 11, 5), actor=clerk)
    olive = dog_of(clerk, lee, "Olive", born=D(2026, 6, 30))
    return {
        "pat": pat,
        "lee": lee,
        "sam": sam,
        "biscuit": biscuit,
        "rex": rex,
        "tilly": tilly,
        "olive": olive,
    }


def test_due_list_shows_each_section_with_counts_dates_citations_and_links(clerk_client, desk):
    # Given the desk's records on Sunday 2026-11-29
    # When a clerk opens the due list
    response = clerk_client.get("/due/")
    # Then it is counted as of today
    assert response.status_code == 200
    page = doc(response)
    assert page.find_all("title")[0].text == "Due list — Dogtag"
    assert page.by_id("as-of").attrs["data-on"] == "2026-11-29"
    assert page.by_id("id_on").attrs["value"] == "2026-11-29"
    # And the summary counts each section
    summary = page.tables()["3 items as of Sun 2026-11-29"]
    # the other domains' sections (kennels, enclosures, dangerous dogs) follow, empty here
    assert all(row[1:3] == ["0", "0"] for row in summary[7:])
    assert summary[:7] == [
        ["Section", "Count", "Of which overdue or unlicensed now", "Law"],
        ["Licenses expiring in the next 30 days", "1", "0", "3-2-2.B"],
        ["Licenses expiring in 31 to 60 days", "0", "0", "3-2-2.B"],
        ["Renewals overdue", "0", "0", "3-2-2.A 3-2-2.B"],
        ["New residents", "1", "0", "3-2-2.E"],
        ["Ownership changes", "1", "0", "3-2-2.F"],
        ["Dogs reaching six months of age", "0", "0", "3-2-2.D 3-2-2.A"],
    ]
    assert page.by_id("expiring_soon-count").text == "1"
    # And each section's table lists its dogs with the computed date and the citation pills
    tables = page.tables()
    assert [r[:-1] for r in tables["Licenses expiring in the next 30 days: 1 dog"][1:]] == [
        ["Biscuit", "Pat Gustafson", "2025-00001", "Mon 2026-12-14", "3-2-2.B"]
    ]
    assert [r[:-1] for r in tables["New residents: 1 dog"][1:]] == [
        ["Rex", "Sam Ortiz", "Wed 2026-12-02", "3-2-2.E Minn. Stat. 645.15"]
    ]
    assert [r[:-1] for r in tables["Ownership changes: 1 dog"][1:]] == [
        ["Tilly", "Lee Carlson", "Mon 2026-12-07", "3-2-2.F Minn. Stat. 645.15"]
    ]
    assert tables["Ownership changes: 1 dog"][0] == [
        "Dog",
        "Owner",
        "License due",
        "Law",
        "Why",
    ]
    # An empty section says so instead of an empty table
    assert page.by_id("expiring_later-empty").text == "No license expires in 31 to 60 days."
    assert page.by_id("overdue_renewals-empty").text == "No license has expired without renewal."
    # And each row links to the dog and its owner
    links = {a.text: a.attrs["href"] for a in page.find_all("a") if "href" in a.attrs}
    assert links["Biscuit"] == f"/dogs/{desk['biscuit'].pk}/"
    assert links["Pat Gustafson"] == f"/owners/{desk['pat'].pk}/"
    assert links["Tilly"] == f"/dogs/{desk['tilly'].pk}/"
    assert links["Lee Carlson"] == f"/owners/{desk['lee'].pk}/"
    assert links["2025-00001"] == "/licenses/2025-00001/"
    # And each row discloses how its date was found
    summaries = [s.text for s in page.find_all("summary")]
    assert summaries == [
        "How this date was found for Biscuit",
        "How this date was found for Rex",
        "How this date was found for Tilly",
    ]
    tilly_details = page.find_all("details")[2]
    assert tilly_details.text.startswith(
        "How this date was found for Tilly Trigger: the change of ownership from Pat Gustafson "
        "on Thu 2026-11-05. Count 30 days"
    )
    assert "Sat 2026-12-05 is skipped: Saturday." in tilly_details.text
    assert [t.attrs["datetime"] for t in page.find_all("time")] == [
        "2026-12-14",
        "2026-12-02",
        "2026-12-07",
    ]
    # Olive reaches six months on Wed 2026-12-30, after the next 30 days: not listed yet
    assert page.by_id("six_months-empty").text == (
        "No never-licensed dog reaches six months of age in the next 30 days."
    )


def test_due_list_as_of_another_day(clerk_client, desk):
    # When the clerk asks for the list as of Tue 2026-12-01
    page = doc(clerk_client.get("/due/?on=2026-12-01"))
    # Then the dates are counted from that day: Olive now falls within the next 30 days
    assert page.by_id("as-of").attrs["data-on"] == "2026-12-01"
    assert page.by_id("as-of").text == "Tuesday, December 1, 2026"
    assert [r[:-1] for r in page.tables()["Dogs reaching six months of age: 1 dog"][1:]] == [
        [
            "Olive",
            "Lee Carlson",
            "Wed 2026-12-30 Penalty $6.00 if licensed after Fri 2027-01-29",
            "3-2-2.D 3-2-2.A",
        ]
    ]
    # And as of Thu 2026-12-03, Rex's license (due Wed 2026-12-02) is overdue
    page = doc(clerk_client.get("/due/?on=2026-12-03"))
    assert [r[:-1] for r in page.tables()["New residents: 1 dog"][1:]] == [
        ["Rex", "Sam Ortiz", "Wed 2026-12-02 Overdue", "3-2-2.E Minn. Stat. 645.15"]
    ]


def test_due_list_with_a_date_that_does_not_parse_shows_today(clerk_client, desk):
    page = doc(clerk_client.get("/due/?on=2026-13-45"))
    assert page.by_id("as-of").attrs["data-on"] == "2026-11-29"
    assert page.by_id("id_on").attrs["aria-invalid"] == "true"
    assert page.by_id("id_on_error").text == "Enter a valid date."


def test_due_list_page_needs_a_fixed_number_of_queries(
    admin_client, db, django_assert_max_num_queries
):
    from django.contrib.auth import get_user_model

    clerk = get_user_model().objects.create_user("clerk1")
    services.add_tag_stock(prefix="Q-", first=1, last=100, actor=clerk)
    one_of_each(clerk, 1)
    with CaptureQueriesContext(connection) as few:
        small = admin_client.get("/due/")
    for n in range(2, 11):
        one_of_each(clerk, n)
    with CaptureQueriesContext(connection) as many:
        big = admin_client.get("/due/")
    # the licensing sections take 5 queries, every other domain's section a fixed few more
    assert len(many.captured_queries) == len(few.captured_queries)
    assert doc(small).by_id("new_residents-count").text == "1"
    assert doc(big).by_id("new_residents-count").text == "10"


# -------------------------------------------------------------------------- fee schedule

RESOLUTION_2011_04 = "Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded"


def fee_table(page):
    return {
        row[0].rsplit(" ", 1)[1]: row[1:]
        for row in page.tables()["Fees in force on 2026-11-29"][1:]
    }


def test_fee_schedule_lists_every_fee_in_force_with_its_source(clerk_client):
    # When a clerk opens the fee schedule
    response = clerk_client.get("/fees/")
    assert response.status_code == 200
    page = doc(response)
    table = page.tables()["Fees in force on 2026-11-29"]
    assert table[0] == ["Fee", "Amount", "In force since", "Source", "Limits and changes ahead"]
    fees = fee_table(page)
    # Then every fee a resolution may set is listed, with its amount, date and resolution
    assert sorted(fees) == sorted(d.name for d in fee_parameters() if d.values)
    assert len(fees) == 16
    # a fee the ordinance calls for but the council has not set says so (3-2-9.E.4)
    assert page.by_id("awaiting-feesdangerous_dogwarning_symbol").text.startswith(
        "Not set yet: Warning symbol for posting on a dangerous dog's property, each (3-2-9.E.4) "
        "(fees.dangerous_dog.warning_symbol). It awaits the City Council, by resolution (1-2-2)"
    )
    assert fees["fees.dog_license.one_year"] == ["$3.00", "2011-01-01", RESOLUTION_2011_04, "—"]
    assert fees["fees.license_penalty"] == ["$6.00", "2011-01-01", RESOLUTION_2011_04, "—"]
    assert fees["fees.duplicate_tag"] == ["$1.00", "2011-01-01", RESOLUTION_2011_04, "—"]
    # And the state's cap on the dangerous-dog fee is shown beside it
    assert fees["fees.dangerous_dog.registration"] == [
        "$500.00",
        "2011-01-01",
        RESOLUTION_2011_04,
        "By law at most $500.00 (Minn. Stat. 347.51 subd. 2).",
    ]
    assert page.by_id("source-notes-list").text == (
        f"{RESOLUTION_2011_04} Amounts read in the resolution, titled fees to be collected in "
        "2011; its adoption date is not in the record."
    )
    assert page.by_id("no-resolutions").text == (
        "No council resolution has been entered in Dogtag yet."
    )
    # And a clerk, who may not enter a resolution, is not offered to
    assert not page.has_id("enter-resolution")
    assert "/fees/resolutions/new/" not in response.content.decode()


def test_an_administrator_is_offered_to_enter_a_resolution(admin_client):
    page = doc(admin_client.get("/fees/"))
    link = page.by_id("enter-resolution")
    assert (link.text, link.attrs["href"]) == (
        "Enter a council resolution",
        "/fees/resolutions/new/",
    )


def test_the_resolution_form_has_a_labelled_optional_field_per_fee(admin_client):
    page = doc(admin_client.get("/fees/resolutions/new/"))
    labels = {n.attrs["for"]: n.text for n in page.find_all("label")}
    assert labels["id_number"] == "Resolution number"
    assert labels["id_fee__fees__dog_license__one_year"] == (
        "Dog license, one-year term, per dog (3-2-2.B) (optional)"
    )
    amount_inputs = [n for n in page.find_all("input") if n.attrs["name"].startswith("fee__")]
    assert len(amount_inputs) == 17
    assert page.by_id("id_fee__fees__dangerous_dog__warning_symbol_helptext").text == (
        "Not set yet. Leave blank to keep it."
    )
    assert page.by_id("id_fee__fees__dangerous_dog__registration_helptext").text == (
        "Now $500.00. By law at most $500.00 (Minn. Stat. 347.51 subd. 2). Leave blank to keep it."
    )
    assert page.by_id("id_fee__fees__dog_license__one_year").attrs["aria-describedby"] == (
        "id_fee__fees__dog_license__one_year_helptext"
    )


def test_entering_a_resolution_schedules_the_new_fee(admin_client):
    # When the administrator enters Resolution 2026-40: one-year license $4.00 from 2026-12-01
    response = admin_client.post(
        "/fees/resolutions/new/", resolution_post(**{"fees.dog_license.one_year": "4.00"})
    )
    # Then it is stored with its one item and the fee schedule follows
    assert response.status_code == 302
    assert response["Location"] == "/fees/"
    resolution = FeeResolution.objects.get()
    assert (
        resolution.number,
        resolution.adopted_on,
        resolution.effective_on,
        resolution.title,
        resolution.entered_by.username,
    ) == ("2026-40", D(2026, 11, 10), D(2026, 12, 1), "Dog license fees 2027", "ada")
    assert [(i.parameter, i.amount) for i in resolution.items.all()] == [
        ("fees.dog_license.one_year", Decimal("4.00"))
    ]
    page = doc(admin_client.get("/fees/"))
    assert [n.text for n in page.find_all("div", role="status")] == [
        "Resolution 2026-40 entered: 1 fee from December 1, 2026."
    ]
    # Today's fee is unchanged; the new one is shown as a change ahead, citing the resolution
    assert fee_table(page)["fees.dog_license.one_year"] == [
        "$3.00",
        "2011-01-01",
        RESOLUTION_2011_04,
        "$4.00 from 2026-12-01 (Nowthen Resolution 2026-40, § 1-2-2, adopted 2026-11-10)",
    ]
    assert page.tables()["Council resolutions entered in Dogtag, latest effective first"][1:] == [
        [
            "2026-40 Dog license fees 2027",
            "2026-11-10",
            "2026-12-01",
            "Dog license, one-year term, per dog (3-2-2.B): $4.00",
            "ada, 2026-11-29 10:00",
        ]
    ]


def test_a_resolution_in_force_today_changes_the_schedule_today(admin_client):
    data = resolution_post(**{"fees.dog_license.one_year": "4.00", "fees.duplicate_tag": "2.50"})
    data["effective_on"] = "2026-11-29"
    assert admin_client.post("/fees/resolutions/new/", data).status_code == 302
    fees = fee_table(doc(admin_client.get("/fees/")))
    cited = "Nowthen Resolution 2026-40, § 1-2-2, adopted 2026-11-10"
    assert fees["fees.dog_license.one_year"] == ["$4.00", "2026-11-29", cited, "—"]
    assert fees["fees.duplicate_tag"] == ["$2.50", "2026-11-29", cited, "—"]
    assert fees["fees.license_penalty"] == ["$6.00", "2011-01-01", RESOLUTION_2011_04, "—"]


def test_a_dangerous_dog_fee_above_the_state_cap_is_refused_and_nothing_is_written(admin_client):
    # When the administrator enters $600.00 for the dangerous-dog registration
    response = admin_client.post(
        "/fees/resolutions/new/",
        resolution_post(
            **{"fees.dog_license.one_year": "4.00", "fees.dangerous_dog.registration": "600.00"}
        ),
    )
    # Then the form comes back with the refusal, tied to the amount, and nothing is stored
    assert response.status_code == 200
    page = doc(response)
    summary = page.by_id("form-errors")
    assert summary.attrs["role"] == "alert"
    assert [n.text for n in page.find_all("li", cls="dogtag-refusal")] == [
        "council resolutions entered in Dogtag: fees.dangerous_dog.registration.values."
        "2026-12-01: 600.00 is above the statutory cap of 500.00 "
        "(minnesota.dangerous_dog.registration_fee_max, Minn. Stat. 347.51 subd. 2)"
    ]
    assert summary.text.startswith("The resolution was not entered; nothing was written")
    field = page.by_id("id_fee__fees__dangerous_dog__registration")
    assert (field.attrs["aria-invalid"], field.attrs["value"]) == ("true", "600.00")
    assert page.by_id("id_fee__fees__dangerous_dog__registration_error").text == (
        "Above the limit set by state law: at most $500.00 (Minn. Stat. 347.51 subd. 2)."
    )
    assert (FeeResolution.objects.count(), FeeResolutionItem.objects.count()) == (0, 0)
    # And the fee in force is unchanged
    page = doc(admin_client.get("/fees/"))
    assert fee_table(page)["fees.dangerous_dog.registration"][0] == "$500.00"


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({}, None, "A fee resolution sets at least one fee."),
        (
            {"effective_on": "2026-11-01"},
            None,
            "The effective date (2026-11-01) is before the adoption date (2026-11-10).",
        ),
        ({"number": ""}, "id_number_error", "This field is required."),
        (
            {"fee__fees__dog_license__one_year": "3.005"},
            "id_fee__fees__dog_license__one_year_error",
            "Ensure that there are no more than 2 decimal places.",
        ),
        (
            {"fee__fees__dog_license__one_year": "-1"},
            "id_fee__fees__dog_license__one_year_error",
            "Dog license, one-year term, per dog (3-2-2.B) must be at least $0.00.",
        ),
    ],
)
def test_an_incomplete_resolution_is_refused(admin_client, change, field, message):
    data = resolution_post()
    if change and "fee__" not in next(iter(change)):
        data["fee__fees__dog_license__one_year"] = "4.00"
    data.update(change)
    page = doc(admin_client.post("/fees/resolutions/new/", data))
    if field is None:
        assert [n.text for n in page.find_all("li", cls="dogtag-refusal")] == [message]
    else:
        assert page.by_id(field).text == message
    assert FeeResolution.objects.count() == 0


def test_a_resolution_number_is_entered_once(admin_client):
    data = resolution_post(**{"fees.dog_license.one_year": "4.00"})
    assert admin_client.post("/fees/resolutions/new/", data).status_code == 302
    page = doc(admin_client.post("/fees/resolutions/new/", data))
    assert [n.text for n in page.find_all("li", cls="dogtag-refusal")] == [
        "Resolution 2026-40 is already entered."
    ]
    assert FeeResolution.objects.count() == 1


def test_a_clerk_may_not_enter_a_resolution(clerk_client):
    response = clerk_client.post(
        "/fees/resolutions/new/", resolution_post(**{"fees.dog_license.one_year": "4.00"})
    )
    assert response.status_code == 403
    assert FeeResolution.objects.count() == 0


# ------------------------------------------------------------------------------ tag stock


def test_tag_stock_counts_tags_and_names_the_next_to_issue(admin_client, stock):
    page = doc(admin_client.get("/tags/stock/"))
    assert page.tables()["20 tags on record, by status"] == [
        ["Status", "Tags"],
        ["In stock", "20"],
        ["Issued", "0"],
        ["Reported lost", "0"],
        ["Reported stolen", "0"],
        ["Replaced (license renewed)", "0"],
        ["Void", "0"],
        ["All tags", "20"],
    ]
    assert page.by_id("next-serial").text == (
        "Next tag to be issued: 2026-00001 (the lowest number in stock)."
    )
    assert page.by_id("no-missing").text == "No tag has been reported lost or stolen."


def test_tags_reported_lost_or_stolen_come_a_page_at_a_time(admin_client, desk):
    # given 55 tags of Biscuit's license reported lost, one a day
    license_ = desk["biscuit"].licenses.get()
    Tag.objects.bulk_create(
        Tag(
            serial=f"L-{n:03}",
            status=Tag.Status.LOST,
            license=license_,
            dog=desk["biscuit"],
            issued_on=D(2025, 12, 15),
            status_changed_on=D(2026, 1, 1) + (D(2026, 1, 2) - D(2026, 1, 1)) * n,
        )
        for n in range(55)
    )
    # when the second page of the missing tags is opened
    response = admin_client.get("/tags/stock/", {"missing_page": "2"})
    page = doc(response)
    # then it lists the 5 reported first, counts all 55, and the status counts are whole
    rows = page.tables()["Tags reported lost or stolen, latest first"][1:]
    assert [row[0] for row in rows] == ["L-004", "L-003", "L-002", "L-001", "L-000"]
    html = response.content.decode()
    assert "55 tags reported lost or stolen: 51 to 55 shown, page 2 of 2" in html
    assert ["Reported lost", "55"] in page.tables()["75 tags on record, by status"]


def test_adding_a_range_of_tags(admin_client, stock):
    # When the administrator adds 2027-00001 to 2027-00005
    response = admin_client.post("/tags/stock/", {"prefix": "2027-", "first": "1", "last": "5"})
    # Then the five tags are in stock and the page says so
    assert response.status_code == 302
    assert response["Location"] == "/tags/stock/"
    assert list(Tag.objects.filter(serial__startswith="2027-").values_list("serial", "status")) == [
        (f"2027-0000{n}", "in_stock") for n in range(1, 6)
    ]
    page = doc(admin_client.get("/tags/stock/"))
    assert [n.text for n in page.find_all("div", role="status")] == [
        "Added 5 tags to stock: 2027-00001 to 2027-00005."
    ]
    assert page.tables()["25 tags on record, by status"][1] == ["In stock", "25"]


def test_tags_already_in_the_records_are_refused(admin_client, stock):
    response = admin_client.post("/tags/stock/", {"prefix": "2026-", "first": "19", "last": "25"})
    assert response.status_code == 200
    page = doc(response)
    assert [n.text for n in page.find_all("li", cls="dogtag-refusal")] == [
        "Already in the records: 2026-00019, 2026-00020"
    ]
    assert page.by_id("form-errors").text.startswith("No tags were added")
    assert Tag.objects.count() == 20


def test_a_backwards_range_is_refused(admin_client, db):
    page = doc(admin_client.post("/tags/stock/", {"prefix": "2027-", "first": "9", "last": "2"}))
    assert [n.text for n in page.find_all("li", cls="dogtag-refusal")] == [
        "Give a range of tag numbers: 9 to 2 is not one."
    ]
    assert Tag.objects.count() == 0


def test_a_clerk_may_not_manage_tag_stock(clerk_client, db):
    assert clerk_client.get("/tags/stock/").status_code == 403
    response = clerk_client.post("/tags/stock/", {"prefix": "2027-", "first": "1", "last": "5"})
    assert response.status_code == 403
    assert Tag.objects.count() == 0


def test_lost_and_stolen_tags_are_listed_with_dog_and_date(admin_client, clerk, stock):
    owner = owner_named(clerk, "Pat Gustafson")
    dog, issued = licensed(
        clerk, owner, "Biscuit", D(2025, 6, 1), D(2026, 10, 1), D(2027, 10, 1), D(2026, 10, 2)
    )
    services.issue_duplicate_tag(
        license_=issued.license, reason="stolen", on=TODAY, payment=cash("1.00"), actor=clerk
    )
    page = doc(admin_client.get("/tags/stock/"))
    assert page.tables()["Tags reported lost or stolen, latest first"] == [
        ["Tag", "Status", "Reported", "Dog", "Owner", "License"],
        [
            "2026-00001",
            "Reported stolen",
            "Sun 2026-11-29",
            "Biscuit",
            "Pat Gustafson",
            issued.license.number,
        ],
    ]
    links = {a.text: a.attrs["href"] for a in page.find_all("a") if "href" in a.attrs}
    assert (links["Biscuit"], links["Pat Gustafson"]) == (
        f"/dogs/{dog.pk}/",
        f"/owners/{owner.pk}/",
    )
    assert page.by_id("next-serial").text == (
        "Next tag to be issued: 2026-00003 (the lowest number in stock)."
    )


# ---------------------------------------------------------------------------------- roles


def test_roles_page_says_what_each_role_may_do_and_who_holds_it(admin_client, user_in):
    user_in("cora", CLERK, first_name="Cora", last_name="Lund")
    user_in("otto", ANIMAL_CONTROL_OFFICER)
    user_in("gone", CLERK, is_active=False)
    page = doc(admin_client.get("/roles/"))
    sections = {
        s.attrs["aria-labelledby"]: s.text
        for s in page.find_all("section")
        if "aria-labelledby" in s.attrs
    }
    assert sections["role-clerk"] == (
        "Clerk May "
        "Search and view owners, dogs, licenses and receipts view_records "
        "See the outbox: every e-mail, its status and attempts outbox.view_outbox "
        "Issue and renew dog licenses, duplicate tags issue_license "
        "Record deaths, moves, ownership changes and residents record_dog_status "
        "Record dog enclosures and their photos record_enclosure "
        "Issue private kennel licenses; take kennel applications issue_kennel_license "
        "Record kennel hearings, recommendations, council decisions record_kennel_hearing "
        "Take complaints: nuisances, animals left in vehicles receive_complaint "
        "Match clinics' rabies certificates to dogs clinics.resolve_certificate "
        "Review online license applications applications.review_online_application "
        "See the found-dog lookups, the messages relayed to owners and lost dogs found.view_found_reports "
        "Users in this role (2) cora — Cora Lund gone (account disabled)"
    )
    assert sections["role-animal-control-officer"] == (
        "Animal control officer May "
        "Search and view owners, dogs, licenses and receipts view_records "
        "Record a tag violation record_tag_violation "
        "Record deaths, moves, ownership changes and residents record_dog_status "
        "Record dog enclosures and their photos record_enclosure "
        "Issue a notice of compliance issue_compliance_notice "
        "Record kennel inspections, private and commercial inspect_kennel "
        "Take complaints: nuisances, animals left in vehicles receive_complaint "
        "Investigate complaints: evidence, findings, outcomes investigate_complaint "
        "Designate dangerous dogs; notices, service, registration designate_dangerous_dog "
        "See complainants' identity and complaint evidence (Minn. Stat. 13.44 subd. 1) "
        "view_complaint_private "
        "See the found-dog lookups, the messages relayed to owners and lost dogs found.view_found_reports "
        "Users in this role (1) otto"
    )
    assert sections["role-hearing-officer"] == (
        "Hearing officer May "
        "Search and view owners, dogs, licenses and receipts view_records "
        "Hold dangerous-dog hearings and issue the Hearing Officer's order conduct_hearing "
        "Users in this role (0) Nobody holds this role yet."
    )
    assert sections["role-administrator"] == (
        "Administrator May "
        "Search and view owners, dogs, licenses and receipts view_records "
        "Issue and renew dog licenses, duplicate tags issue_license "
        "Record deaths, moves, ownership changes and residents record_dog_status "
        "Void a receipt (a reversing entry) void_receipt "
        "Record a tag violation record_tag_violation "
        "Enter a council fee resolution enter_fee_resolution "
        "Add tags to stock manage_tag_stock "
        "Import and export the parcel map; set lot lines manage_parcels "
        "Record dog enclosures and their photos record_enclosure "
        "Issue a notice of compliance issue_compliance_notice "
        "Issue private kennel licenses; take kennel applications issue_kennel_license "
        "Record kennel hearings, recommendations, council decisions record_kennel_hearing "
        "Record kennel inspections, private and commercial inspect_kennel "
        "Take complaints: nuisances, animals left in vehicles receive_complaint "
        "Investigate complaints: evidence, findings, outcomes investigate_complaint "
        "Designate dangerous dogs; notices, service, registration designate_dangerous_dog "
        "Hold dangerous-dog hearings and issue the Hearing Officer's order conduct_hearing "
        "See complainants' identity and complaint evidence (Minn. Stat. 13.44 subd. 1) "
        "view_complaint_private "
        "Read the log of who viewed private data view_private_data_log "
        "Unlock sign-ins locked after repeated failures unlock_sign_ins "
        "See the outbox: every e-mail, its status and attempts outbox.view_outbox "
        "Send a failed e-mail again now outbox.retry_outbox_message "
        "Issue and revoke API keys api.manage_api_keys "
        "Import owners, dogs and licenses from earlier records imports.import_licenses "
        "Match clinics' rabies certificates to dogs clinics.resolve_certificate "
        "Review online license applications applications.review_online_application "
        "See the found-dog lookups, the messages relayed to owners and lost dogs found.view_found_reports "
        "Users in this role (1) ada — Ada Berg"
    )
    assert sections["superusers"] == (
        "Superusers A superuser may do everything, whatever their role. No superuser."
    )
    # And it says where users are given their role
    assert page.by_id("assign-roles").text == (
        "Users are assigned to roles in the Django admin: open Users (/admin/auth/user/), choose "
        "the user, add the role under Groups and save. The admin needs an account marked staff "
        "status."
    )
    links = {a.text: a.attrs["href"] for a in page.find_all("a") if "href" in a.attrs}
    assert links["Users (/admin/auth/user/)"] == "/admin/auth/user/"


# ---------------------------------------------------------------------------- every page


def test_no_office_page_repeats_an_element_id(admin_client, desk):
    admin_client.post("/fees/resolutions/new/", resolution_post(**{"fees.duplicate_tag": "x"}))
    for path in (*PAGES, "/due/?on=2026-12-01"):
        ids = doc(admin_client.get(path)).ids()
        assert sorted(i for i in set(ids) if ids.count(i) > 1) == [], path
    ids = doc(admin_client.post("/fees/resolutions/new/", resolution_post())).ids()
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []
