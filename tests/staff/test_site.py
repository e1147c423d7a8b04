"""The staff site through Django's test client: sign-in, home page, deadline calculator, admin, demo
data, and the static files WhiteNoise serves."""

from __future__ import annotations

import datetime as dt
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from io import StringIO
from pathlib import Path
from typing import Any
from urllib.parse import urlencode
from wsgiref.simple_server import WSGIRequestHandler, make_server

import holidays
import pytest
import time_machine
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.core.wsgi import get_wsgi_application

from dogtag.law import catalogue, params
from dogtag.law.clocks import CLOCKS
from dogtag.records.bounds import latest_date
from dogtag.records.services import today
from dogtag.staff import demo as staff_demo
from dogtag.staff.demo import DEMO_PASSWORD, DEMO_USERNAME, DEMO_USERS, demo_logins, load_demo_data

PASSWORD = "correct-horse-battery-9"
CITY = "City of Nowthen"
WRONG_CREDENTIALS = (
    "Please enter a correct username and password. Note that both fields may be case-sensitive."
)
#: The last day the holiday tables (and so the deadline calculator) reach.
CALENDAR_END = dt.date(holidays.country_holidays("US", subdiv="MN").end_year, 12, 31)


# --- a small HTML reader, so assertions are about elements and text, not about markup layout ---

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    parent: int | None
    chunks: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join("".join(self.chunks).split())

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())


class Doc(HTMLParser):
    """Every element with its attributes and its text (``<br>`` reads as a space)."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.nodes: list[Node] = []
        self._open: list[int] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        parent = self._open[-1] if self._open else None
        self.nodes.append(Node(tag, {k: v if v is not None else "" for k, v in attrs}, parent))
        if tag == "br":
            self.handle_data(" ")
        if tag not in VOID:
            self._open.append(len(self.nodes) - 1)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self._open) - 1, -1, -1):
            if self.nodes[self._open[depth]].tag == tag:
                del self._open[depth:]
                return

    def handle_data(self, data: str) -> None:
        for index in self._open:
            self.nodes[index].chunks.append(data)

    def ids(self) -> list[str]:
        return [n.attrs["id"] for n in self.nodes if "id" in n.attrs]

    def by_id(self, ident: str) -> Node:
        found = [n for n in self.nodes if n.attrs.get("id") == ident]
        assert len(found) == 1, f"{len(found)} elements with id {ident!r}"
        return found[0]

    def has_id(self, ident: str) -> bool:
        return ident in self.ids()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> list[Node]:
        return [
            n
            for n in self.nodes
            if (tag is None or n.tag == tag)
            and (cls is None or cls in n.classes)
            and all(n.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())
        ]

    def _within(self, index: int, ancestor: int, stop: str) -> bool:
        """Whether node ``index`` lies in node ``ancestor`` with no ``stop`` element in between."""
        parent = self.nodes[index].parent
        while parent is not None:
            if parent == ancestor:
                return True
            if self.nodes[parent].tag == stop:
                return False
            parent = self.nodes[parent].parent
        return False

    def tables(self) -> dict[str, list[list[str]]]:
        """Each table's caption -> its rows (the cells' text), header row included."""
        result: dict[str, list[list[str]]] = {}
        for t, table in enumerate(self.nodes):
            if table.tag != "table":
                continue
            caption = next(
                (
                    n.text
                    for i, n in enumerate(self.nodes)
                    if n.tag == "caption" and self._within(i, t, "table")
                ),
                "",
            )
            rows = [
                [
                    self.nodes[c].text
                    for c in range(len(self.nodes))
                    if self.nodes[c].tag in ("th", "td") and self.nodes[c].parent == r
                ]
                for r in range(len(self.nodes))
                if self.nodes[r].tag == "tr" and self._within(r, t, "table")
            ]
            assert caption not in result, f"two tables captioned {caption!r}"
            result[caption] = rows
        return result

    def table_after_heading(self, heading_id: str) -> list[list[str]]:
        """The rows of the first table after the element ``heading_id`` (tables without caption)."""
        start = self.nodes.index(self.by_id(heading_id))
        t = next(i for i in range(start, len(self.nodes)) if self.nodes[i].tag == "table")
        return [
            [
                self.nodes[c].text
                for c in range(len(self.nodes))
                if self.nodes[c].tag in ("th", "td") and self.nodes[c].parent == r
            ]
            for r in range(len(self.nodes))
            if self.nodes[r].tag == "tr" and self._within(r, t, "table")
        ]


def doc(response: Any) -> Doc:
    assert response["Content-Type"] == "text/html; charset=utf-8"
    return Doc(response.content.decode())


# --- fixtures ---


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Any) -> None:
    """PBKDF2 takes half a second a password; these tests are not about hashing strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def clerk(django_user_model: Any) -> Any:
    """An ordinary city clerk: can use the staff site, not the admin."""
    return django_user_model.objects.create_user("clerk", password=PASSWORD)


@pytest.fixture
def clerk_client(client: Any, clerk: Any) -> Any:
    client.force_login(clerk)
    return client


# --- anonymous access and sign-in ---


@pytest.mark.parametrize(
    ("path", "location"),
    [
        ("/", "/accounts/login/?next=/"),
        ("/deadline/", "/accounts/login/?next=/deadline/"),
        (
            "/deadline/?trigger_date=2025-12-11&days=14",
            "/accounts/login/?next=/deadline/%3Ftrigger_date%3D2025-12-11%26days%3D14",
        ),
        ("/?on=2011-03-01", "/accounts/login/?next=/%3Fon%3D2011-03-01"),
    ],
)
def test_anonymous_visitor_is_sent_to_sign_in_with_next(
    client: Any, db: None, path: str, location: str
) -> None:
    # Given nobody is signed in
    # When a staff page is requested
    response = client.get(path)
    # Then the visitor is redirected to the sign-in page, which will bring them back afterwards
    assert response.status_code == 302
    assert response["Location"] == location


def test_sign_in_page_has_labelled_inputs_and_the_city_name(client: Any, db: None) -> None:
    # Given nobody is signed in
    # When the sign-in page is opened
    response = client.get("/accounts/login/")
    # Then it renders the form with a labelled username and password input
    assert response.status_code == 200
    page = doc(response)
    assert page.find_all("title")[0].text == "Sign in — Dogtag"
    assert page.find_all("h1")[0].text == "Sign in"
    labels = {n.attrs["for"]: n.text for n in page.find_all("label")}
    assert labels == {"id_username": "Username", "id_password": "Password"}
    username, password = page.by_id("id_username"), page.by_id("id_password")
    assert (username.tag, username.attrs["type"], username.attrs["name"]) == (
        "input",
        "text",
        "username",
    )
    assert username.attrs["autocomplete"] == "username"
    assert "required" in username.attrs and "autofocus" in username.attrs
    assert (password.tag, password.attrs["type"], password.attrs["name"]) == (
        "input",
        "password",
        "password",
    )
    assert password.attrs["autocomplete"] == "current-password"
    assert "required" in password.attrs and "autofocus" not in password.attrs
    assert "value" not in password.attrs
    assert [b.text for b in page.find_all("button", type="submit")] == ["Sign in"]
    # And the city is named in the header and the footer
    assert page.find_all("em", cls="usa-logo__text")[0].text == f"Dogtag — {CITY}"
    assert page.find_all("p", cls="usa-footer__logo-heading")[0].text == f"{CITY}, Minnesota"
    # And no alert is shown, and there is no "Sign in" link pointing at the page itself
    assert page.find_all(role="alert") == []
    assert [a.text for a in page.find_all("a", cls="usa-nav-link")] == [
        "Home",
        "Deadline calculator",
    ]


def test_sign_in_page_reached_from_a_staff_page_explains_why(client: Any, db: None) -> None:
    # Given a visitor who asked for the deadline calculator and was redirected
    response = client.get("/accounts/login/?next=/deadline/")
    # Then the page says why, and carries the destination in the form
    page = doc(response)
    assert [n.text for n in page.find_all("div", role="status")] == [
        "Please sign in to see that page."
    ]
    assert page.find_all("input", name="next")[0].attrs["value"] == "/deadline/"


def test_no_page_repeats_an_element_id(clerk_client: Any) -> None:
    # Given a signed-in clerk, when each page is rendered, then every id is unique (labels,
    # aria-describedby and htmx targets rely on it)
    for path in (
        "/",
        "/?on=2011-03-01",
        "/deadline/",
        "/deadline/?trigger_date=2025-12-11",
        "/deadline/?trigger_date=2025-12-11&rule=dangerous_dog.hearing_request",
    ):
        ids = doc(clerk_client.get(path)).ids()
        assert sorted(i for i in set(ids) if ids.count(i) > 1) == [], path


@pytest.mark.parametrize(
    ("username", "password"),
    [
        ("clerk", "wrong-password"),
        ("Clerk", PASSWORD),  # user names are case-sensitive
        ("nobody", PASSWORD),
    ],
)
def test_wrong_credentials_rerender_sign_in_with_an_error(
    client: Any, clerk: Any, username: str, password: str
) -> None:
    # Given a clerk account
    # When someone signs in with a wrong user name or password
    response = client.post("/accounts/login/", {"username": username, "password": password})
    # Then the sign-in page comes back with the error, tied to both inputs
    assert response.status_code == 200
    page = doc(response)
    error = page.by_id("login-error")
    assert error.attrs["role"] == "alert"
    assert error.text == f"Sign-in failed {WRONG_CREDENTIALS}"
    assert page.by_id("id_username").attrs["aria-describedby"] == "login-error"
    assert page.by_id("id_password").attrs["aria-describedby"] == "login-error"
    # And the user name is kept, the password is not echoed, and focus goes to the password
    assert page.by_id("id_username").attrs["value"] == username
    assert "value" not in page.by_id("id_password").attrs
    assert "autofocus" in page.by_id("id_password").attrs
    assert "autofocus" not in page.by_id("id_username").attrs
    # And nobody is signed in
    assert "_auth_user_id" not in client.session
    assert client.get("/").status_code == 302


@pytest.mark.parametrize(
    ("username", "password", "invalid"),
    [
        ("", "", {"id_username", "id_password"}),
        ("clerk", "", {"id_password"}),
        ("", PASSWORD, {"id_username"}),
    ],
)
def test_empty_sign_in_fields_are_marked_required(
    client: Any, clerk: Any, username: str, password: str, invalid: set[str]
) -> None:
    # When a field is left empty
    response = client.post("/accounts/login/", {"username": username, "password": password})
    # Then exactly the empty inputs are marked invalid, each with its own message
    page = doc(response)
    marked = {
        n.attrs["id"] for n in page.find_all("input") if n.attrs.get("aria-invalid") == "true"
    }
    assert marked == invalid
    for ident in invalid:
        assert page.by_id(ident).attrs["aria-describedby"] == f"{ident}-error"
        assert page.by_id(f"{ident}-error").text == "This field is required."
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize(
    ("next_url", "location"),
    [
        (None, "/"),
        ("/deadline/", "/deadline/"),
        ("/?on=2011-03-01", "/?on=2011-03-01"),
        ("https://evil.example/", "/"),  # never redirect off the site
    ],
)
def test_right_password_signs_in_and_redirects(
    client: Any, clerk: Any, next_url: str | None, location: str
) -> None:
    # Given a clerk account
    data = {"username": "clerk", "password": PASSWORD}
    if next_url is not None:
        data["next"] = next_url
    # When the clerk signs in with the right password
    response = client.post("/accounts/login/", data)
    # Then the clerk is signed in and sent home (or to the page asked for on this site)
    assert response.status_code == 302
    assert response["Location"] == location
    assert client.session["_auth_user_id"] == str(clerk.pk)
    home = client.get("/")
    assert home.status_code == 200
    assert "Signed in as clerk" in doc(home).find_all("li", cls="dogtag-nav-user")[0].text


def test_sign_out_ends_the_session(clerk_client: Any) -> None:
    # Given a signed-in clerk
    # When the clerk signs out (POST, as the header's form does)
    response = clerk_client.post("/accounts/logout/")
    # Then the session is gone and the sign-in page follows
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/"
    assert clerk_client.get("/").status_code == 302


# --- the home page: rules, parameters in force, readings ---

#: 03:00 UTC on New Year's Day is still New Year's Eve in Nowthen (America/Chicago, UTC-6).
JUST_AFTER_MIDNIGHT_UTC = dt.datetime(2026, 1, 1, 3, 0, tzinfo=dt.UTC)


def parameter_rows(page: Doc) -> dict[str, list[str]]:
    """key -> [value, in force since, source] over every parameter table on the home page."""
    rows: dict[str, list[str]] = {}
    for caption, table in page.tables().items():
        if not caption.startswith("params/"):
            continue
        assert table[0] == ["Parameter", "Value", "In force since", "Source"]
        for row in table[1:]:
            key = row[0].rsplit(" ", 1)[1]
            assert key not in rows
            rows[key] = row[1:]
    return rows


def test_home_lists_every_rule_of_the_catalogue(clerk_client: Any) -> None:
    # Given the catalogue of implemented rules
    # (titles and summaries worded from the parameters in force today, as the page shows them)
    rules = catalogue.catalogue(params.default(), today())
    assert len(rules) > 10
    # When the clerk opens the home page
    response = clerk_client.get("/")
    # Then the rules table lists each rule, in catalogue order, with its section and id
    assert response.status_code == 200
    page = doc(response)
    table = page.tables()[f"{len(rules)} rules implemented"]
    assert table[0] == ["Section", "Rule", "What it decides", "Question"]
    assert table[1:] == [[r.section, f"{r.title} {r.id}", r.summary, r.question] for r in rules]
    assert ["3-2-9.A.1.c", "Request for a hearing dangerous_dog.hearing_request"] in [
        row[:2] for row in table
    ]


def test_home_shows_parameters_in_force_today_in_nowthen(
    clerk_client: Any, nowthen: params.ParameterSet
) -> None:
    # Given it is 03:00 UTC on 2026-01-01, i.e. still December 31 in Nowthen
    with time_machine.travel(JUST_AFTER_MIDNIGHT_UTC, tick=False):
        # When the clerk opens the home page without a date
        page = doc(clerk_client.get("/"))
    # Then the parameters are those in force on the city's today
    today = dt.date(2025, 12, 31)
    assert page.by_id("parameters").text == "Parameters in force on December 31, 2025"
    assert page.by_id("id_on").attrs["value"] == "2025-12-31"
    # And each one shows its value, the date it took effect and its source citation
    rows = parameter_rows(page)
    assert rows["nowthen.fees.dog_license.one_year"][:2] == ["$3.00", "2011-01-01"]
    assert rows["nowthen.fees.dog_license.one_year"][2].startswith(
        "Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded"
    )
    assert rows["nowthen.dangerous_dog.hearing_request_days"][:2] == ["14 days", "2011-07-12"]
    expected = {
        v.key: [v.display(), v.effective.isoformat(), v.source.cite()]
        for v in nowthen.in_force(today)
        if not v.is_reading
    }
    assert {key: [row[0], row[1], row[2]] for key, row in rows.items()}.keys() == expected.keys()
    for key, (display, effective, cite) in expected.items():
        value, since, source = rows[key]
        assert (value, since) == (display, effective), key
        assert source.startswith(cite), key
    # And nothing is listed as not yet in force
    assert "Not yet in force" not in page.by_id("main-content").text


def test_home_shows_the_readings_register(clerk_client: Any, nowthen: params.ParameterSet) -> None:
    # Given the readings the city has adopted
    with time_machine.travel(JUST_AFTER_MIDNIGHT_UTC, tick=False):
        # When the clerk opens the home page
        page = doc(clerk_client.get("/"))
    # Then each reading in force is listed with the meaning adopted and its source
    rows = page.table_after_heading("readings")
    assert rows[0] == ["Question of reading", "Adopted", "Alternatives", "Source"]
    readings = [v for v in nowthen.in_force(dt.date(2025, 12, 31)) if v.is_reading]
    assert len(rows[1:]) == len(readings) > 0
    for row, reading in zip(rows[1:], readings, strict=True):
        meaning = " ".join(reading.to_json()["chosen_meaning"].split())
        assert row[0] == reading.definition.description
        assert row[1] == f"{reading.value}: {meaning}"
        assert row[3] == f"{reading.source.cite()}, since {reading.effective.isoformat()}"
    renewal = next(r for r in rows if r[0].startswith("From when the 30 days to renew"))
    assert renewal[1].startswith("after_new_vaccination: Thirty days after the date of the new")
    assert renewal[2].startswith("after_previous_expiry: Thirty days after the previous license")


@pytest.mark.parametrize(
    ("on", "heading", "shown", "not_shown"),
    [
        # The 2011 fee resolution applies from January 1, the ordinance only from July 12.
        (
            "2011-03-01",
            "Parameters in force on March 1, 2011",
            {"nowthen.fees.dog_license.one_year": "$3.00", "nowthen.fees.license_penalty": "$6.00"},
            {
                "nowthen.enclosure.dwelling_setback_feet",
                "nowthen.dangerous_dog.hearing_request_days",
                "nowthen.license.renewal_days",
            },
        ),
        (
            "2011-07-12",
            "Parameters in force on July 12, 2011",
            {
                "nowthen.fees.dog_license.one_year": "$3.00",
                "nowthen.enclosure.dwelling_setback_feet": "40 feet",
                "nowthen.dangerous_dog.hearing_request_days": "14 days",
            },
            set(),
        ),
    ],
)
def test_home_on_a_past_date_shows_only_what_was_in_force(
    clerk_client: Any, on: str, heading: str, shown: dict[str, str], not_shown: set[str]
) -> None:
    # Given a date in the city's first year
    # When the clerk asks for the parameters in force on it
    response = clerk_client.get("/", {"on": on})
    # Then the values then in force are shown and the later ones are listed as not yet in force
    assert response.status_code == 200
    page = doc(response)
    assert page.by_id("parameters").text == heading
    rows = parameter_rows(page)
    assert {key: rows[key][0] for key in shown} == shown
    assert not_shown.isdisjoint(rows)
    text = page.by_id("main-content").text
    not_yet = [c.text for c in page.find_all("code") if c.text in not_shown]
    assert sorted(not_yet) == sorted(not_shown)
    if not_shown:
        assert "Not yet in force on that date: " in text
        assert "nowthen.enclosure.dwelling_setback_feet (from 2011-07-12)" in text
    else:
        assert "Not yet in force" not in text


def test_home_before_any_parameter_says_so(clerk_client: Any) -> None:
    # When the clerk asks for a date before Dogtag's coverage begins (1988-08-01, the state's
    # Minn. Stat. 346.57)
    page = doc(clerk_client.get("/", {"on": "1988-07-31"}))
    # Then no parameter table is shown, and a warning explains why
    assert parameter_rows(page) == {}
    assert (
        "No parameter is in force on 1988-07-31: it is before the first effective date Dogtag "
        "knows." in page.by_id("main-content").text
    )
    assert page.table_after_heading("readings") == [
        ["Question of reading", "Adopted", "Alternatives", "Source"]
    ]


def test_home_with_a_bad_date_shows_the_error_and_today(clerk_client: Any) -> None:
    # Given it is December 31, 2025 in Nowthen
    with time_machine.travel(JUST_AFTER_MIDNIGHT_UTC, tick=False):
        # When the clerk asks for the parameters on a date that is not one
        response = clerk_client.get("/", {"on": "not-a-date"})
    # Then the page still renders, with the error next to the date input, showing today
    assert response.status_code == 200
    page = doc(response)
    error = page.by_id("id_on_error")
    assert (error.text, error.attrs["role"]) == (
        "Enter a valid date. Showing December 31, 2025 instead.",
        "alert",
    )
    date_input = page.by_id("id_on")
    assert date_input.attrs["aria-describedby"] == "id_on_error"
    assert date_input.attrs["aria-invalid"] == "true"
    # what the clerk typed stays in the field, to be corrected
    assert date_input.attrs["value"] == "not-a-date"
    assert page.by_id("parameters").text == "Parameters in force on December 31, 2025"
    assert parameter_rows(page)["nowthen.fees.dog_license.one_year"][0] == "$3.00"


# --- the deadline calculator ---


def deadline_url(**query: str) -> str:
    return f"/deadline/?{urlencode(query)}"


@pytest.mark.parametrize(
    ("query", "heading", "due", "skipped", "citations"),
    [
        (
            {"trigger_date": "2025-12-11", "rule": "dangerous_dog.hearing_request"},
            "Due Friday, December 26, 2025",
            "2025-12-26",
            [["Thu 2025-12-25", "legal holiday: Christmas Day (Minn. Stat. 645.44 subd. 5)"]],
            ["3-2-9.A.1.c", "Minn. Stat. 645.15"],
        ),
        (
            # The rule's own number of days may be repeated; it is not a conflict.
            {"trigger_date": "2025-12-11", "rule": "dangerous_dog.hearing_request", "days": "14"},
            "Due Friday, December 26, 2025",
            "2025-12-26",
            [["Thu 2025-12-25", "legal holiday: Christmas Day (Minn. Stat. 645.44 subd. 5)"]],
            ["3-2-9.A.1.c", "Minn. Stat. 645.15"],
        ),
        (
            {"trigger_date": "2027-12-17", "days": "14"},
            "Due Monday, January 3, 2028",
            "2028-01-03",
            [
                [
                    "Fri 2027-12-31",
                    "legal holiday: New Year's Day (observed) (Minn. Stat. 645.44 subd. 5)",
                ],
                [
                    "Sat 2028-01-01",
                    "Saturday; legal holiday: New Year's Day (Minn. Stat. 645.44 subd. 5)",
                ],
                ["Sun 2028-01-02", "Sunday"],
            ],
            ["Minn. Stat. 645.15"],
        ),
        (
            {"trigger_date": "2025-12-01", "days": "3"},
            "Due Thursday, December 4, 2025",
            "2025-12-04",
            [],
            ["Minn. Stat. 645.15"],
        ),
    ],
)
def test_deadline_calculator_computes_the_due_date(
    clerk_client: Any,
    query: dict[str, str],
    heading: str,
    due: str,
    skipped: list[list[str]],
    citations: list[str],
) -> None:
    # Given a signed-in clerk
    # When the clerk asks for a deadline
    response = clerk_client.get(deadline_url(**query))
    # Then the full page shows the due date, the days skipped and the sections applied
    assert response.status_code == 200
    assert [t.name for t in response.templates][:2] == ["staff/deadline.html", "base.html"]
    page = doc(response)
    result = page.by_id("deadline-result")
    assert page.by_id("due-heading").text == heading
    assert page.by_id("due-date").attrs["data-due"] == due
    assert [n.text for n in page.find_all("span", cls="dogtag-citation")] == citations
    tables = page.tables()
    if skipped:
        assert tables["Days skipped at the end of the period"] == [
            ["Day", "Why it cannot be the last day"],
            *skipped,
        ]
    else:
        assert "Days skipped at the end of the period" not in tables
    assert page.by_id("explanation").text.endswith(f"Due: {dt.date.fromisoformat(due):%a} {due}.")
    assert heading in result.text
    # And the form keeps what was entered, with no field marked invalid
    assert page.by_id("id_trigger_date").attrs["value"] == query["trigger_date"]
    assert [n.attrs["id"] for n in page.find_all(aria_invalid="true")] == []
    selected = [o.attrs["value"] for o in page.find_all("option") if "selected" in o.attrs]
    assert selected == [query.get("rule", "")]


def test_deadline_result_cites_the_christmas_holiday_and_the_subsection(clerk_client: Any) -> None:
    # When the clerk computes the hearing-request deadline from a notice of December 11, 2025
    response = clerk_client.get(
        deadline_url(trigger_date="2025-12-11", rule="dangerous_dog.hearing_request")
    )
    # Then the message says what is due, and why Christmas Day could not be the last day
    page = doc(response)
    assert page.by_id("due-date").text == (
        "Due Fri 2025-12-26: request a hearing in writing within 14 days after the Notice of "
        "Dangerous Dog on Thu 2025-12-11 (3-2-9.A.1.c). Thu 2025-12-25 is skipped: legal holiday: "
        "Christmas Day (Minn. Stat. 645.44 subd. 5)."
    )
    # And the parameters used are listed with their sources
    used = page.by_id("deadline-result").text
    assert (
        "Days after the Notice of Dangerous Dog to request a hearing in writing: 14 days — "
        "Nowthen City Code (Ord. #15), § 3-2-9.A.1.c, adopted 2011-07-12, in force since "
        "2011-07-12" in used
    )


def test_deadline_htmx_request_gets_only_the_form_and_result_panel(clerk_client: Any) -> None:
    # Given the page's form submits through htmx, which sends HX-Request: true
    # When the clerk computes a deadline
    response = clerk_client.get(
        deadline_url(trigger_date="2025-12-11", rule="dangerous_dog.hearing_request"),
        headers={"HX-Request": "true"},
    )
    # Then the response is only the panel (form and result) that replaces #deadline-panel,
    # so the form shows the values and errors of the request just sent
    assert response.status_code == 200
    assert [t.name for t in response.templates if t.name.startswith("staff/")] == [
        "staff/_deadline_panel.html",
        "staff/_deadline_result.html",
    ]
    html = response.content.decode()
    assert "<html" not in html and "<nav" not in html
    page = Doc(html)
    assert page.has_id("deadline-panel") and page.has_id("deadline-result")
    assert page.by_id("id_trigger_date").attrs["value"] == "2025-12-11"
    assert page.by_id("due-heading").text == "Due Friday, December 26, 2025"
    assert page.by_id("due-date").attrs["data-due"] == "2025-12-26"
    assert page.tables()["Days skipped at the end of the period"][1] == [
        "Thu 2025-12-25",
        "legal holiday: Christmas Day (Minn. Stat. 645.44 subd. 5)",
    ]


def test_deadline_page_without_input_invites_input(clerk_client: Any) -> None:
    # When the clerk opens the calculator
    page = doc(clerk_client.get("/deadline/"))
    # Then it asks for input, marks no field and shows no result
    assert page.by_id("deadline-result").text == (
        "Enter a date and a deadline rule or a number of days."
    )
    assert page.find_all(aria_invalid="true") == []
    assert page.find_all(role="alert") == []
    # And every deadline rule of Nowthen's law can be chosen, by section (not Lino Lakes' own)
    options = [o.attrs["value"] for o in page.find_all("option")]
    assert options[0] == ""
    assert sorted(options[1:]) == sorted(c for c, clock in CLOCKS.items() if clock.in_law())
    assert "forfeiture.hearing" not in options


@pytest.mark.parametrize(
    ("query", "field_name", "message"),
    [
        (
            {"trigger_date": "2025-12-11"},
            "days",
            "Give the number of days, or choose a deadline rule.",
        ),
        (
            {"trigger_date": "2025-12-11", "days": ""},
            "days",
            "Give the number of days, or choose a deadline rule.",
        ),
        (
            {"trigger_date": "2025-12-11", "days": "0"},
            "days",
            "Ensure this value is greater than or equal to 1.",
        ),
        (
            {"trigger_date": "2025-12-11", "days": "-3"},
            "days",
            "Ensure this value is greater than or equal to 1.",
        ),
        (
            {"trigger_date": "2025-12-11", "days": "3661"},
            "days",
            "Ensure this value is less than or equal to 3660.",
        ),
        ({"trigger_date": "2025-12-11", "days": "two"}, "days", "Enter a whole number."),
        ({"trigger_date": "2025-13-01", "days": "14"}, "trigger_date", "Enter a valid date."),
        ({"days": "14"}, "trigger_date", "This field is required."),
        (
            {"trigger_date": "2025-12-11", "rule": "nope", "days": "14"},
            "rule",
            "Select a valid choice. nope is not one of the available choices.",
        ),
    ],
)
def test_deadline_field_errors_are_tied_to_their_input(
    clerk_client: Any, query: dict[str, str], field_name: str, message: str
) -> None:
    # When the clerk submits the calculator with one field wrong or missing
    response = clerk_client.get(deadline_url(**query))
    # Then the page renders with that field's message, tied to the input for screen readers
    assert response.status_code == 200
    page = doc(response)
    error = page.by_id(f"id_{field_name}_error")
    assert (error.text, error.attrs["role"]) == (message, "alert")
    field_input = page.by_id(f"id_{field_name}")
    assert field_input.attrs["aria-invalid"] == "true"
    assert (
        field_input.attrs["aria-describedby"] == f"id_{field_name}_helptext id_{field_name}_error"
    )
    # And no other field is marked, and no due date is given
    assert [n.attrs["id"] for n in page.find_all(aria_invalid="true")] == [f"id_{field_name}"]
    assert page.by_id("deadline-result").text == (
        "Correct the fields marked in the form to compute the due date."
    )
    assert not page.has_id("due-date")


def test_a_field_error_does_not_stick_to_the_next_request(clerk_client: Any) -> None:
    # Given a request whose days were missing (the form marks the input aria-invalid)
    first = doc(clerk_client.get(deadline_url(trigger_date="2025-12-11")))
    assert first.by_id("id_days").attrs["aria-invalid"] == "true"
    # When the next request is valid
    second = doc(clerk_client.get(deadline_url(trigger_date="2025-12-11", days="14")))
    # Then its inputs carry no error markup from the previous one
    assert "aria-invalid" not in second.by_id("id_days").attrs
    assert second.by_id("id_days").attrs["aria-describedby"] == "id_days_helptext"
    assert second.by_id("due-date").attrs["data-due"] == "2025-12-26"


def test_htmx_submission_of_an_invalid_form_tells_the_clerk_what_is_wrong(
    clerk_client: Any,
) -> None:
    # Given the form submits through htmx
    # When the clerk gives a date but neither a rule nor a number of days
    response = clerk_client.get(
        deadline_url(trigger_date="2025-12-11"), headers={"HX-Request": "true"}
    )
    # Then what the clerk gets back says which field to correct and how
    assert "Give the number of days, or choose a deadline rule." in response.content.decode()


@pytest.mark.parametrize(
    ("query", "problem"),
    [
        (
            {"trigger_date": "2025-12-11", "rule": "dangerous_dog.hearing_request", "days": "10"},
            "3-2-9.A.1.c fixes 14 days for this deadline, not 10 days",
        ),
        (
            {"trigger_date": "2011-07-01", "days": "14"},
            "2011-07-01 is outside the calendar Dogtag knows for City of Nowthen: 2011-07-12 to "
            f"{CALENDAR_END.isoformat()}",
        ),
        (
            {"trigger_date": "2011-07-11", "days": "1"},
            "2011-07-11 is outside the calendar Dogtag knows for City of Nowthen: 2011-07-12 to "
            f"{CALENDAR_END.isoformat()}",
        ),
        (
            {"trigger_date": "2011-07-01", "rule": "dangerous_dog.hearing_request"},
            "params/nowthen/dangerous_dogs.yaml: nowthen.dangerous_dog.hearing_request_days: no "
            "value in force on 2011-07-01; the first value takes effect 2011-07-12",
        ),
    ],
    ids=[
        "conflicting-days",
        "before-calendar",
        "day-before-calendar",
        "rule-not-yet-in-force",
    ],
)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_deadline_the_law_cannot_give_is_explained(
    clerk_client: Any, query: dict[str, str], problem: str, htmx: bool
) -> None:
    # Given valid fields that ask for a deadline the law does not give
    headers = {"HX-Request": "true"} if htmx else {}
    # When the clerk submits them
    response = clerk_client.get(deadline_url(**query), headers=headers)
    # Then the result is an alert with the reason, and no due date
    assert response.status_code == 200
    page = doc(response)
    alerts = page.find_all("div", cls="usa-alert--error")
    assert len(alerts) == 1
    assert alerts[0].attrs["role"] == "alert"
    assert alerts[0].text == f"No due date {problem}"
    assert not page.has_id("due-date")
    assert page.find_all(aria_invalid="true") == []


def test_trigger_on_the_first_covered_day_is_accepted(clerk_client: Any) -> None:
    # Given the calendar starts on 2011-07-12 (the ordinance's effective date)
    # When the clerk counts from that very day
    page = doc(clerk_client.get(deadline_url(trigger_date="2011-07-12", days="14")))
    # Then the due date is computed: 2011-07-26 is a Tuesday
    assert page.by_id("due-date").attrs["data-due"] == "2011-07-26"


# --- the admin ---


@pytest.mark.parametrize(
    ("who", "status", "location", "admin_link"),
    [
        ("superuser", 200, None, True),
        ("staff", 200, None, True),
        ("clerk", 302, "/admin/login/?next=/admin/", False),
        ("anonymous", 302, "/admin/login/?next=/admin/", False),
    ],
)
def test_admin_is_for_staff_only(
    client: Any,
    django_user_model: Any,
    who: str,
    status: int,
    location: str | None,
    admin_link: bool,
) -> None:
    # Given a user of the given kind
    if who == "superuser":
        client.force_login(django_user_model.objects.create_superuser("boss", password=PASSWORD))
    elif who == "staff":
        client.force_login(
            django_user_model.objects.create_user("deputy", password=PASSWORD, is_staff=True)
        )
    elif who == "clerk":
        client.force_login(django_user_model.objects.create_user("clerk", password=PASSWORD))
    # When the admin is requested
    response = client.get("/admin/")
    # Then only staff get in; everyone else is sent to the admin's sign-in
    assert response.status_code == status
    if location is None:
        assert "Site administration" in response.content.decode()
    else:
        assert response["Location"] == location
    # And the header links to the admin exactly for those who may use it
    if who != "anonymous":
        links = [a.attrs["href"] for a in doc(client.get("/")).find_all("a", cls="usa-nav-link")]
        assert ("/admin/" in links) is admin_link


# --- demo data ---


@pytest.fixture
def small_demo_town(monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo town is made small here; its size and mix are tested in tests/licensing."""
    monkeypatch.setattr(staff_demo, "DEMO_HOUSEHOLDS", 6)


def test_demo_data_creates_one_superuser_in_an_empty_database(
    django_user_model: Any, small_demo_town: None
) -> None:
    # Given an empty database
    assert django_user_model.objects.count() == 0
    # When the demo data is loaded
    made = load_demo_data()
    # Then exactly one superuser exists: the demo administrator, with the published password,
    # beside one user per role
    assert made is True
    assert {u.username for u in django_user_model.objects.all()} == {u.username for u in DEMO_USERS}
    [demo] = django_user_model.objects.filter(is_superuser=True)
    assert (demo.username, demo.is_superuser, demo.is_staff, demo.is_active) == (
        DEMO_USERNAME,
        True,
        True,
        True,
    )
    assert demo.check_password(DEMO_PASSWORD)
    assert (demo.first_name, demo.last_name, demo.email) == (
        "Demo",
        "Clerk",
        "demo@example.invalid",
    )


def test_demo_data_loads_only_once(django_user_model: Any, small_demo_town: None) -> None:
    # Given the demo data was loaded
    assert load_demo_data() is True
    before = list(django_user_model.objects.values_list("pk", "username", "password", "last_login"))
    # When it is loaded again
    made = load_demo_data()
    # Then nothing is made or changed
    assert made is False
    after = list(django_user_model.objects.values_list("pk", "username", "password", "last_login"))
    assert after == before
    assert len(after) == len(DEMO_USERS)


def test_demo_data_leaves_a_database_with_users_alone(django_user_model: Any) -> None:
    # Given a database that already has a (non-demo) user
    django_user_model.objects.create_user("clerk", password=PASSWORD)
    # When the demo data is loaded
    made = load_demo_data()
    # Then no demo user is created
    assert made is False
    assert list(django_user_model.objects.values_list("username", flat=True)) == ["clerk"]


def test_load_demo_command_reports_what_it_did(
    django_user_model: Any, small_demo_town: None
) -> None:
    # Given an empty database
    # When the management command runs twice
    first, second = StringIO(), StringIO()
    call_command("load_demo", stdout=first)
    call_command("load_demo", stdout=second)
    # Then the first run loads the demo and prints its logins, the second loads nothing
    logins = "".join(f"{line}\n" for line in demo_logins())
    assert first.getvalue().endswith(f"Demo data loaded.\n{logins}")
    assert f"{DEMO_USERNAME} / {DEMO_PASSWORD}" in logins
    assert second.getvalue() == "The database already has data; no demo data loaded.\n"
    assert django_user_model.objects.count() == len(DEMO_USERS)


def test_demo_login_works_on_the_site(client: Any, db: None, small_demo_town: None) -> None:
    # Given the demo data
    load_demo_data()
    # When someone signs in with the printed login
    response = client.post(
        "/accounts/login/", {"username": DEMO_USERNAME, "password": DEMO_PASSWORD}
    )
    # Then they are in
    assert (response.status_code, response["Location"]) == (302, "/")


# --- static files, served by WhiteNoise as `dogtag serve` serves them ---


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def wsgi_server() -> Iterator[str]:
    """The project's WSGI application (as in `dogtag serve`) on a real HTTP port.

    pytest-django's ``live_server`` wraps the application in Django's StaticFilesHandler, which
    answers /static/ itself, so it cannot show that WhiteNoise serves the files.
    """
    server = make_server("127.0.0.1", 0, get_wsgi_application(), handler_class=_QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("vendor/uswds/css/uswds.min.css", 'text/css; charset="utf-8"'),
        ("vendor/htmx/htmx.min.js", 'text/javascript; charset="utf-8"'),
        ("vendor/uswds/js/uswds.min.js", 'text/javascript; charset="utf-8"'),
        ("dogtag/site.css", 'text/css; charset="utf-8"'),
    ],
)
def test_static_files_are_served_by_whitenoise(
    wsgi_server: str, path: str, content_type: str
) -> None:
    # Given the file is in the package's static folder
    found = finders.find(path)
    assert found is not None
    # When it is fetched over HTTP
    with urllib.request.urlopen(f"{wsgi_server}/static/{path}", timeout=10) as response:
        body = response.read()
        headers = response.headers
        status = response.status
    # Then WhiteNoise answers (its caching and CORS headers) with the file's bytes
    assert status == 200
    assert headers["Content-Type"] == content_type
    assert headers["Cache-Control"] == "max-age=60, public"
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert body == Path(found).read_bytes()


def test_missing_static_file_is_404(wsgi_server: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(f"{wsgi_server}/static/vendor/no-such-file.css", timeout=10)
    assert caught.value.code == 404


def test_every_static_file_a_page_links_is_served(client: Any, db: None, wsgi_server: str) -> None:
    # Given the sign-in page (it uses the full base template)
    page = doc(client.get("/accounts/login/"))
    urls = sorted(
        {
            n.attrs[a]
            for n in page.nodes
            for a in ("href", "src")
            if n.attrs.get(a, "").startswith("/static/")
        }
    )
    assert "/static/vendor/uswds/css/uswds.min.css" in urls
    assert "/static/vendor/htmx/htmx.min.js" in urls
    # When each linked static file is fetched, then each is there
    for url in urls:
        with urllib.request.urlopen(f"{wsgi_server}{url}", timeout=10) as response:
            assert response.status == 200, url


def test_navigation_shows_each_role_only_its_pages(client: Any, django_user_model: Any) -> None:
    from dogtag.records.roles import ADMINISTRATOR, CLERK, ensure_roles

    groups = ensure_roles()
    clerk = django_user_model.objects.create_user("nav-clerk", password="x" * 12)
    clerk.groups.add(groups[CLERK])
    admin = django_user_model.objects.create_user("nav-admin", password="x" * 12)
    admin.groups.add(groups[ADMINISTRATOR])
    client.force_login(clerk)
    html = client.get("/").content.decode()
    assert 'href="/due/"' in html and 'href="/fees/"' in html and 'href="/search/"' in html
    assert 'href="/tags/stock/"' not in html and 'href="/roles/"' not in html
    client.force_login(admin)
    html = client.get("/").content.decode()
    assert 'href="/tags/stock/"' in html and 'href="/roles/"' in html


def test_a_trigger_date_past_the_plausible_window_is_a_field_error(clerk_client: Any) -> None:
    # Given a trigger date near the end of the holiday calendar (2100), far past the window of
    # dates the site accepts (records/bounds.py), where the law's own "outside the calendar"
    # refusal used to be the first to speak (it still does on the command line)
    trigger = CALENDAR_END - dt.timedelta(days=3)
    # When the clerk asks for a deadline from it
    response = clerk_client.get(deadline_url(trigger_date=trigger.isoformat(), days="14"))
    # Then the field is marked and says the window; no due date is given
    assert response.status_code == 200
    page = doc(response)
    latest = latest_date()
    assert page.by_id("id_trigger_date_error").text == (
        "Date of the triggering event must be between January 1, 1950 and "
        f"{latest:%B} {latest.day}, {latest.year}."
    )
    assert not page.has_id("due-date")
