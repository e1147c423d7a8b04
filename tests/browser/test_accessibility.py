"""WCAG 2.1 AA (project brief): axe-core finds no violation on any staff page, as each role.

The pages are the GET walker's (``tests/staff/test_no_server_errors_get.py``): every URL pattern of
the site, its path filled from the demo town's records, so a page added later is checked without
touching this file. Each is opened in Chromium as each demo role that may see it (the ones that
answer it with an HTML page), and axe-core runs on it with the WCAG 2.0 and 2.1 A and AA rules. A
role shown the same content as a role before it is not checked again (the header, which differs by
role, is checked on each role's home page): the walk stays within a few minutes.
Then the states only an action shows: a form sent back with its errors, htmx fragments swapped in,
the banner and the narrow-screen menu opened; the error pages; and a sample of the Django admin
(every model's admin pages are the same templates).
The pages only a procedure's later steps show (a dangerous-dog case within and after the days to
request a hearing, a kennel application at each of its steps, each kind of complaint's findings)
are walked with records of their own, each form also sent back with its errors and filled and sent
by keyboard alone: ``test_dangerous_dog_paths_accessibility``, ``test_kennel_paths_accessibility``
and ``test_complaint_paths_accessibility`` (issue 26).

axe is vendored by ``make vendor`` (tests/browser/vendor/axe.min.js) and injected into each new
document through the DevTools protocol (``add_init_script``, like ``page.evaluate`` but handed to
the browser once rather than sent again on every navigation, a second saved per page): script the
protocol injects is not subject to the page's Content-Security-Policy, so the page keeps its real
policy. A context with ``bypass_csp`` would check a page no user sees (one where whatever the
policy blocks would run and render).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from dogtag.jobs.models import Job
from dogtag.licensing.models import Dog, Tag
from dogtag.outbox.models import OutboxMessage
from dogtag.parcels.models import Enclosure
from dogtag.staff.demo import DEMO_USERS
from tests.browser.conftest import PATIENCE_MS, VIEWPORT
from tests.staff.test_no_server_errors_get import (
    PATH_VALUES,
    RESIDENT,
    SITE,
    _name,
    _path,
    resident_signed_in,
)
from tests.town import build_town

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
#: The WCAG 2.0 and 2.1 level A and AA rules (axe's best-practice rules are not the law's bar).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: The same town as the other browser tests: big enough for every kind of record.
HOUSEHOLDS = 20
ROLES = tuple(u.username for u in DEMO_USERS)

RUN = """async (tags) => {
  const result = await axe.run(document, {
    runOnly: {type: "tag", values: tags}, resultTypes: ["violations"],
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary})),
  }));
}"""


class Axe:
    """One page, reused: opens an address (or takes the page as it is) and collects axe's
    violations under a name."""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base
        self.found: dict[str, list[dict[str, Any]]] = {}
        self.checked = 0
        self.loading = self.running = 0.0

    def open(self, what: str, path: str, status: int = 200) -> None:
        started = time.monotonic()
        response = self.page.goto(f"{self.base}{path}")
        self.loading += time.monotonic() - started
        assert response is not None and response.status == status, f"{what}: {path}"
        self.check(what)

    def check(self, what: str) -> None:
        self.page.wait_for_load_state("load")
        if not self.page.evaluate("typeof window.axe === 'object'"):  # the init script did not run
            self.page.evaluate(AXE.read_text(encoding="utf-8"))
        started = time.monotonic()
        violations = self.page.evaluate(RUN, TAGS)
        self.running += time.monotonic() - started
        self.checked += 1
        if violations:
            self.found[what] = violations

    def report(self) -> str:
        lines = [f"{len(self.found)} of {self.checked} pages have WCAG 2.1 AA violations:"]
        for what, violations in self.found.items():
            lines.append(f"\n{what}")
            for v in violations:
                lines.append(f"  {v['id']} ({v['impact']}): {v['help']} {v['helpUrl']}")
                lines.extend(f"    {n['target']}: {n['summary']}" for n in v["nodes"][:5])
                if len(v["nodes"]) > 5:
                    lines.append(f"    ... and {len(v['nodes']) - 5} more")
        return "\n".join(lines)


@pytest.fixture
def town(db: None) -> None:
    build_town(HOUSEHOLDS)


@pytest.fixture
def axe(browser: Any, live_server: Any, town: None) -> Iterator[Axe]:
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    context.set_default_timeout(PATIENCE_MS)
    context.add_init_script(path=AXE)
    try:
        yield Axe(context.new_page(), live_server.url)
    finally:
        context.close()


def sign_in_as(axe: Axe, role: str | None) -> Client:
    """A test client signed in as ``role``, its session handed to the browser too."""
    client = Client()
    context = axe.page.context
    context.clear_cookies()
    if role == RESIDENT:  # a resident signed in to the residents' site (issue 12)
        resident_signed_in(client)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": axe.base}]
        )
    elif role is not None:
        client.force_login(get_user_model().objects.get(username=role))
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": axe.base}]
        )
    return client


def html_pages() -> list[tuple[str, str]]:
    """(URL name, address) of every page of the site, filled as the GET walker fills them."""
    pages = []
    for route, pattern in SITE:
        name = _name(route, pattern)
        values = PATH_VALUES[name]() if name in PATH_VALUES else {}
        pages.append((name, _path(route, pattern, values)))
    return pages


#: What differs between two renderings of the same page: the CSRF token.
CSRF = re.compile(r'(?<=csrfmiddlewaretoken" value=")[^"]*')
#: A page's own content: the header around it differs only by role, and is checked on each
#: role's home page.
MAIN = re.compile(r"<main\b.*</main>", re.S)


def answer(client: Client, path: str) -> tuple[bool, str | None]:
    """Whether ``path`` answers with a file (a PDF, a photo, a download), and the content of its
    page, to tell two renderings apart (None: a refusal, a redirect, an error)."""
    response = client.get(path)
    if response.streaming:
        b"".join(response.streaming_content)
    if response.status_code != 200:
        return False, None
    if response.streaming or not response["Content-Type"].startswith("text/html"):
        return True, None
    html = response.content.decode()
    main = MAIN.search(html)
    return False, CSRF.sub("", main.group(0) if main else html)


#: Pages that answer a plain GET with an htmx fragment (no <main>): each is checked where htmx
#: swaps it in (``check_states``), not on its own.
FRAGMENTS = {"license_findings"}


def test_every_page_and_state_has_no_wcag_violation(axe: Axe) -> None:
    started = time.monotonic()
    # given the demo town's pages
    pages = html_pages()
    seen: dict[str, set[str]] = {}
    fragments: set[str] = set()
    # not pages: signing out (it would end the walk's session), and the files the superuser
    # (first of the roles, and shown every page) is answered with
    files = {"logout"}
    # when each is opened as each role that is shown it (and signed out: the sign-in pages), a
    # role shown the very content another role was shown skipping it
    for role in (None, *ROLES, RESIDENT):
        client = sign_in_as(axe, role)
        for name, path in pages:
            if name in files or name in fragments:
                continue
            is_file, content = answer(client, path)
            if is_file:
                files.add(name)
            if content is None or (name != "home" and content in seen.setdefault(name, set())):
                continue
            if "<main" not in content:
                fragments.add(name)
                continue
            seen.setdefault(name, set()).add(content)
            axe.open(f"{name} as {role or 'anonymous'} ({path})", path)
    walked = axe.checked
    # and in the states only an action shows, and on the error pages
    check_states(axe)
    check_residents_states(axe)
    check_application_states(axe)
    check_public_cases_states(axe)
    check_found_states(axe)
    print(
        f"\naxe: {walked} pages and {axe.checked - walked} states checked in "
        f"{time.monotonic() - started:.0f}s (loading {axe.loading:.0f}s, axe {axe.running:.0f}s)"
    )
    # then axe found nothing, and the walk reached the pages it should
    assert axe.found == {}, axe.report()
    assert fragments == FRAGMENTS
    assert {"login", "home", "dog_detail", "complaint_detail", "parcel_detail"} <= seen.keys()
    assert {"household", "sign_in", "sign_in_sent", "sign_in_link"} <= seen.keys()


def check_residents_states(axe: Axe) -> None:
    """The residents' site (issue 12): its forms with errors, and its pages in Spanish."""
    page = axe.page
    sign_in_as(axe, None)
    page.goto(f"{axe.base}/residents/sign-in/")
    page.get_by_label("Your e-mail address").fill("not an address")
    page.get_by_role("button", name="Send me a sign-in link").click()
    expect(page.locator(".usa-error-message")).to_be_visible()
    axe.check("residents: the sign-in form with its error")
    page.goto(f"{axe.base}/residents/")
    page.get_by_label("Language").select_option("es")
    page.get_by_role("button", name="Change language").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    axe.check("residents: home in Spanish")
    for path in ("/residents/sign-in/", "/residents/sign-in/sent/"):
        axe.open(f"residents: {path} in Spanish", path)
    page.get_by_label("Idioma").select_option("en")
    page.get_by_role("button", name="Cambiar idioma").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")


def check_application_states(axe: Axe) -> None:
    """Online applications (issue 12 item 2): the form with its errors in Spanish, the findings
    and payment page, and the clerk's queue and application page."""
    from dogtag.applications import services as applications
    from dogtag.applications.models import OnlineApplication
    from tests.applications.conftest import CERTIFICATE, NEW_HOUSEHOLD, certificate_file

    page = axe.page
    client = sign_in_as(axe, RESIDENT)
    page.goto(f"{axe.base}/residents/applications/new/")
    page.get_by_label("Language").select_option("es")
    page.get_by_role("button", name="Change language").click()
    page.get_by_role("button", name="Ver lo que dice la ordenanza").click()
    expect(page.locator(".usa-error-message").first).to_be_visible()
    axe.check("applications: the form with its errors, in Spanish")
    page.get_by_label("Idioma").select_option("en")
    page.get_by_role("button", name="Cambiar idioma").click()
    data = {**NEW_HOUSEHOLD, **CERTIFICATE, "household": ""}
    form = {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in data.items()}
    form = {k: v for k, v in form.items() if v not in (None, False)}
    posted = client.post(
        "/residents/applications/new/", {**form, "certificate_file": certificate_file()}
    )
    assert posted.status_code == 302, posted.content
    axe.open("applications: the findings and how to pay", posted["Location"])
    application = OnlineApplication.objects.latest("pk")
    applications.submit(application=application)
    axe.open("applications: received", posted["Location"])
    first_licenses = check_first_license_states(axe, client, form)
    sign_in_as(axe, "clerk")
    axe.open("applications: the clerk's queue", "/office/online-applications/")
    axe.open("applications: the clerk's page", f"/office/online-applications/{application.pk}/")
    for kind, pk in first_licenses:
        axe.open(f"applications: the clerk's page, {kind}", f"/office/online-applications/{pk}/")


def check_first_license_states(axe: Axe, client, form: dict) -> list[tuple[str, int]]:
    """A new resident's (3-2-2.E) and a new owner's (3-2-2.F) application: the findings with the
    period counted, sent to the clerk."""
    import datetime as dt

    from dogtag.applications import services as applications
    from dogtag.applications.models import OnlineApplication
    from dogtag.records.services import today
    from tests.applications.conftest import certificate_file
    from tests.applications.test_first_licenses import PREVIOUS

    start = (today() - dt.timedelta(days=60)).isoformat()
    sent = []
    for kind, facts in (
        ("new_resident", {"resident_since": start}),
        ("change_of_ownership", {"ownership_changed_on": start, **PREVIOUS}),
    ):
        data = {**form, "kind": kind, **facts, "certificate_file": certificate_file()}
        posted = client.post("/residents/applications/new/", data)
        assert posted.status_code == 302, posted.content
        axe.open(f"applications: the findings, {kind}", posted["Location"])
        application = OnlineApplication.objects.latest("pk")
        applications.submit(application=application)
        sent.append((kind, application.pk))
    return sent


def check_public_cases_states(axe: Axe) -> None:
    """The residents' complaint and hearing request pages (issue 12 items 4-5): each form with
    its errors, in English and Spanish; the tracking page; the hearing request's confirmation."""
    from dogtag.dangerous_dogs import codes
    from dogtag.dangerous_dogs.models import DangerousDogCase

    page = axe.page
    sign_in_as(axe, None)
    page.goto(f"{axe.base}/residents/complaints/new/")
    page.get_by_role("button", name="Send the complaint").click()
    expect(page.locator(".usa-error-message").first).to_be_visible()
    axe.check("residents: the complaint form with its errors")
    page.get_by_label("What is the complaint about").select_option("at_large")
    page.get_by_label("Date it happened (or began)").fill("2026-11-28")
    page.get_by_label("Time it happened (or began)").fill("07:30")
    page.get_by_label("Where it happened").fill("Viking Blvd NW")
    page.get_by_label("What happened").fill("A loose dog on the road.")
    page.get_by_role("button", name="Send the complaint").click()
    expect(page.locator("#complaint-status")).to_be_visible()
    axe.check("residents: a complaint's tracking page, just sent")
    page.goto(f"{axe.base}/residents/hearing-request/")
    page.get_by_role("button", name="Request the hearing").click()
    expect(page.locator(".usa-error-message").first).to_be_visible()
    axe.check("residents: the hearing request form with its errors")
    case = (
        DangerousDogCase.objects.filter(hearings__isnull=True)
        .exclude(hearing_request_code="")
        .first()
    )
    if case is not None:
        page.get_by_label("Case number").fill(case.number)
        page.get_by_label("Hearing request code").fill(codes.printed(case.hearing_request_code))
        page.locator("#id_requested_by").fill("Pat Gustafson")
        page.locator("label.usa-checkbox__label").click()
        page.get_by_role("button", name="Request the hearing").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text(case.number)
        axe.check("residents: a hearing request's confirmation")
    page.goto(f"{axe.base}/residents/")
    page.get_by_label("Language").select_option("es")
    page.get_by_role("button", name="Change language").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.goto(f"{axe.base}/residents/complaints/new/")
    page.get_by_role("button", name="Enviar la queja").click()
    expect(page.locator(".usa-error-message").first).to_be_visible()
    axe.check("residents: the complaint form with its errors, in Spanish")
    page.goto(f"{axe.base}/residents/hearing-request/")
    page.get_by_role("button", name="Solicitar la audiencia").click()
    expect(page.locator(".usa-error-message").first).to_be_visible()
    axe.check("residents: the hearing request form with its errors, in Spanish")
    page.get_by_label("Idioma").select_option("en")
    page.get_by_role("button", name="Cambiar idioma").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")


def check_found_states(axe: Axe) -> None:
    """The found-dog pages (issue 12 item 3): a number not found, a dog's answer with the relay
    form, the form with its errors (in English and Spanish), the lost report with its errors and
    once made, the lookup of a lost dog, and the staff page with its lists filled."""
    page = axe.page
    sign_in_as(axe, None)

    def look_up(number: str, button: str = "Look up") -> None:
        page.get_by_role("textbox", name=re.compile("number|número", re.I)).fill(number)
        page.get_by_role("button", name=button, exact=True).click()
        page.wait_for_load_state("load")

    page.goto(f"{axe.base}/residents/found/")
    look_up("NOT-A-TAG-1")
    expect(page.locator("#answer-heading")).to_contain_text("No dog licensed in the city")
    axe.check("found: a number not found")
    serial = (
        Tag.objects.filter(status="issued").order_by("serial").values_list("serial", flat=True)[0]
    )
    look_up(serial)
    expect(page.locator("#found-dog")).to_be_visible()
    axe.check("found: a dog's answer with the relay form")
    page.get_by_role("button", name="Send my message to the owner").click()
    expect(page.locator(".usa-error-message").first).to_be_visible()
    axe.check("found: the relay form with its errors")
    page.goto(f"{axe.base}/residents/found/")
    page.get_by_label("Language").select_option("es")
    page.get_by_role("button", name="Change language").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    look_up(serial, "Buscar")
    page.get_by_role("button", name="Enviar mi mensaje al dueño").click()
    expect(page.locator(".usa-error-message").first).to_be_visible()
    axe.check("found: the relay form with its errors in Spanish")
    page.get_by_label("Idioma").select_option("en")
    page.get_by_role("button", name="Cambiar idioma").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # a resident reports the household's dog lost: the form with its errors, then made
    sign_in_as(axe, RESIDENT)
    dog = Dog.objects.get(pk=PATH_VALUES["found_report_lost"]()["pk"])
    page.goto(f"{axe.base}/residents/found/lost/{dog.pk}/")
    page.get_by_role("button", name="Report my dog lost").click()
    expect(page.locator(".usa-error-message").first).to_be_visible()
    axe.check("found: the lost report with its errors")
    page.get_by_label("When did you last see your dog?").fill("2026-11-29T07:30")
    page.get_by_label("Where was it last seen?").fill("Viking Blvd and Nowthen Blvd")
    page.get_by_role("button", name="Report my dog lost").click()
    expect(page.locator(".usa-alert--success")).to_be_visible()
    axe.check("found: the household after a lost report")
    axe.open("found: a dog reported lost", f"/residents/found/lost/{dog.pk}/")
    page.goto(f"{axe.base}/residents/found/")
    look_up(dog.licenses.order_by("-expires_on").values_list("number", flat=True)[0])
    expect(page.locator("#found-lost")).to_be_visible()
    axe.check("found: the answer for a dog reported lost")
    sign_in_as(axe, "officer")
    axe.open("found: the staff page with a lost dog, lookups and messages", "/office/found-dogs/")


def check_states(axe: Axe) -> None:
    """What the walk does not show: forms with errors, htmx swaps, opened disclosures, search
    results, the error pages and the Django admin."""
    page, base = axe.page, axe.base
    # the sign-in form sent back with its error
    sign_in_as(axe, None)
    page.goto(f"{base}{reverse('login')}")
    page.fill("#id_username", "clerk")
    page.fill("#id_password", "not-the-password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".usa-alert--error, .usa-error-message").first).to_be_visible()
    axe.check("sign-in with a wrong password")
    # the error pages Django answers with
    axe.open("404 page", "/no-such-page/", status=404)
    sign_in_as(axe, "clerk")
    axe.open("403 page", reverse("locked_sign_ins"), status=403)

    sign_in_as(axe, "demo")
    # the USWDS banner opened, and the narrow-screen menu opened
    page.goto(f"{base}/")
    page.get_by_role("button", name="Here’s how you know").click()
    expect(page.locator("#city-banner-content")).to_be_visible()
    axe.check("home with the banner open")
    page.set_viewport_size({"width": 480, "height": 900})
    try:
        page.reload()
        page.get_by_role("button", name="Menu").click()
        expect(page.locator(".usa-nav.is-visible")).to_be_visible()
        axe.check("home with the narrow-screen menu open")
    finally:
        page.set_viewport_size(VIEWPORT)

    # the calendar feed just made: its address shown once, with the message (issue 13 item 4)
    page.goto(f"{base}{reverse('calendar_feed_page')}")
    page.get_by_role("button", name="Make my calendar feed").click()
    expect(page.locator("#feed-url")).to_be_visible()
    axe.check("calendar feed with its new address")

    # a form sent back with its errors (a whole page, and an htmx swap)
    page.goto(f"{base}{reverse('owner_new')}")
    page.get_by_role("button", name="Register owner").click()
    expect(page.locator(".usa-error-message").first).to_be_visible()
    axe.check("new owner sent back with its errors")
    page.goto(f"{base}{reverse('deadline')}")
    page.get_by_label("Date of the triggering event").fill("not a date")
    page.get_by_role("button", name="Compute due date").click()
    expect(page.locator("#deadline-panel .usa-error-message").first).to_be_visible()
    axe.check("deadline calculator with its errors (htmx)")
    # htmx results swapped in: a due date, the law refusing one
    page.get_by_label("Date of the triggering event").fill("2025-12-11")
    page.get_by_label("Deadline rule").select_option("dangerous_dog.hearing_request")
    page.get_by_role("button", name="Compute due date").click()
    expect(page.locator("#due-date")).to_have_attribute("data-due", "2025-12-26")
    axe.check("deadline calculator with a due date (htmx)")
    page.get_by_label("Number of days").fill("10")
    page.get_by_role("button", name="Compute due date").click()
    expect(page.locator("#deadline-result").get_by_role("alert")).to_be_visible()
    axe.check("deadline calculator refusing a count (htmx)")
    # search results (the walk opens the search page with no query)
    dog = Dog.objects.filter(licenses__isnull=False).order_by("pk").first()
    axe.open("search results", f"{reverse('search')}?q={dog.name}")
    # lists a page at a time (records/_pagination.html): the nav on a later page, the notice of a
    # page past the last, and the due list's sections by keyset
    parcels = reverse("parcel_list")
    axe.open("parcels, page 2 at 10 a page", f"{parcels}?per_page=10&page=2")
    expect(page.locator("nav.usa-pagination [aria-current=page]")).to_have_text("2")
    axe.open("parcels, a page past the last", f"{parcels}?per_page=10&page=999")
    expect(page.locator(".dogtag-page-notice")).to_be_visible()
    axe.open(
        "due list, the last page of each license section",
        f"{reverse('due_list')}?expiring_soon_page_last=1&overdue_renewals_page_last=1"
        "&overdue_renewals_per_page=10&expiring_soon_per_page=10",
    )
    # the license findings swapped in as the application changes
    page.goto(f"{base}{reverse('license_new', args=[dog.pk])}")
    with page.expect_response(lambda r: "/license/findings/" in r.url):
        page.get_by_label("Date of application").fill("2026-11-02")
        page.get_by_label("Date of application").press("Tab")
    page.wait_for_load_state("networkidle")
    axe.check("license screen with its findings swapped in (htmx)")
    # the shelter check's findings swapped in
    enclosure = Enclosure.objects.order_by("pk").first()
    page.goto(f"{base}{reverse('enclosure_detail', args=[enclosure.pk])}")
    page.get_by_label("Each dog's length in inches (nose tip to base of tail)").fill("30, 24")
    page.get_by_role("button", name="Check the shelter size").click()
    expect(page.locator("#shelter-findings")).to_be_visible()
    axe.check("enclosure with the shelter check's findings (htmx)")
    # the API keys page showing a key just issued, then listing it with its revoke button
    page.goto(f"{base}{reverse('api_keys')}")
    page.get_by_label("Who will use the key").fill("Counter kiosk")
    page.locator("#id_role").select_option("Clerk")
    page.get_by_role("button", name="Issue the key").click()
    expect(page.locator("#issued-secret")).to_be_visible()
    axe.check("API keys with a key just issued")
    # the outbox with a message given up (its "Retry now" button, the message after a retry) and
    # a job's page while it runs (issue 12 item 6)
    sign_in_as(axe, "demo")
    dead = OutboxMessage.objects.order_by("pk").first()
    OutboxMessage.objects.filter(pk=dead.pk).update(
        status="dead", attempts=8, last_error="ConnectionRefusedError: [Errno 111]"
    )
    axe.open("outbox message given up", reverse("outbox_message", args=[dead.pk]))
    page.get_by_role("button", name="Retry now").click()
    expect(page.locator("#message-status")).to_have_text("failed, retrying")
    axe.check("outbox message after retry now")
    axe.open("outbox filtered", reverse("outbox_list") + "?status=retrying")
    job = Job.objects.create(
        title="Tag sheets",
        task="t",
        status="running",
        done=3,
        total=10,
        created_by=get_user_model().objects.get(username="demo"),
    )
    axe.open("job running", reverse("job_detail", args=[job.pk]))
    # the Django admin, as the superuser: its index, and a model's list, form and history
    dog = Dog.objects.order_by("pk").first()
    axe.open("admin index", reverse("admin:index"))
    axe.open("admin dog list", reverse("admin:licensing_dog_changelist"))
    axe.open("admin dog form", reverse("admin:licensing_dog_change", args=[dog.pk]))
    axe.open("admin dog history", reverse("admin:licensing_dog_history", args=[dog.pk]))


def test_the_legacy_import_pages_have_no_wcag_violation(axe: Axe) -> None:
    """Issue 13 item 3: the import page, sent back with its error, a dry run's report with its
    refusals and warnings, and its job's page."""
    from dogtag.imports.services import import_licenses

    example = Path(__file__).resolve().parents[2] / "docs" / "imports"
    page = axe.page
    sign_in_as(axe, "demo")
    axe.open("legacy import", reverse("legacy_import"))
    page.set_input_files(
        "#id_legacy_file",
        files=[{"name": "short.csv", "mimeType": "text/csv", "buffer": b"name,dog\nA,B\n"}],
    )
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".usa-error-message").first).to_be_visible()
    axe.check("legacy import sent back with its error")
    demo = get_user_model().objects.get(username="demo")
    report = import_licenses(
        (example / "legacy-licenses-example.csv").read_bytes(),
        filename="example.csv",
        actor=demo,
        dry_run=True,
    )
    assert report.record is not None
    axe.open("legacy import report", reverse("legacy_import_report", args=[report.record.pk]))
    job = Job.objects.create(
        title="Dry run of example.csv",
        task="t",
        status="running",
        done=3,
        total=8,
        message="Checking rows: 3 of 8",
        created_by=demo,
    )
    axe.open("legacy import job running", reverse("job_detail", args=[job.pk]))
    assert axe.found == {}, axe.report()
