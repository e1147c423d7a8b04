"""The Content-Security-Policy in Chromium (issue 10, item 2): no page kind breaks under a policy
without 'unsafe-inline'. Each page is opened as the demo superuser; the browser must report no
``securitypolicyviolation`` and no console error, and the pages must still work and look right
(the USWDS banner opens, the static CSS that replaced inline styles applies, the SVGs are drawn)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from dogtag.complaints.models import Evidence
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.licensing.models import Dog, License
from dogtag.parcels.models import Enclosure
from dogtag.staff.demo import DEMO_PASSWORD, DEMO_USERNAME
from tests.town import build_town

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Big enough for a dangerous-dog case and a complaint with a recording in the demo town.
HOUSEHOLDS = 20
LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


def pages() -> list[tuple[str, str]]:
    """(what, path) for each kind of page, from the demo town."""
    dog = Dog.objects.filter(licenses__isnull=False).order_by("pk").first()
    license_ = License.objects.order_by("pk").first()
    parcel = Enclosure.objects.order_by("pk").first().parcel
    recording = Evidence.objects.filter(kind="recording").order_by("pk").first()
    case = DangerousDogCase.objects.order_by("pk").first()
    assert None not in (dog, license_, recording, case)
    version = license_.history.order_by("history_id").first()
    return [
        ("home", reverse("home")),
        ("search", f"{reverse('search')}?q={dog.name}"),
        ("owner", reverse("owner_detail", args=[dog.owner_id])),
        ("dog", reverse("dog_detail", args=[dog.pk])),
        ("license screen", reverse("license_new", args=[dog.pk])),
        ("parcel with its map", reverse("parcel_detail", args=[parcel.pin])),
        (
            "complaint with a recording",
            reverse("complaint_detail", args=[recording.complaint.number]),
        ),
        ("dangerous-dog case", reverse("dangerous_dog_case", args=[case.number])),
        ("due list", reverse("due_list")),
        ("admin", "/admin/"),
        (
            "admin history page",
            reverse(
                "admin:licensing_license_simple_history", args=[license_.pk, version.history_id]
            ),
        ),
    ]


def test_every_kind_of_page_works_under_the_policy(
    page: Any, live_server: Any, problems: list[str]
) -> None:
    # given the demo town and the demo superuser signed in, the browser listening for violations
    build_town(HOUSEHOLDS)
    page.add_init_script(LISTEN)
    base = live_server.url
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", DEMO_USERNAME)
    page.fill("#id_password", DEMO_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(f"{base}/")
    violations: dict[str, list[str]] = {}
    # when each kind of page is opened
    for what, path in pages():
        response = page.goto(f"{base}{path}")
        page.wait_for_load_state("load")
        assert response is not None and response.status == 200, what
        assert "unsafe-inline" not in response.headers["content-security-policy"]
        found = page.evaluate("window.__cspViolations")
        if found:
            violations[what] = found
        if what == "parcel with its map":
            expect(page.locator("svg.dogtag-map")).to_be_visible()
        if what == "complaint with a recording":
            expect(page.locator(".dogtag-timeline svg").first).to_be_visible()
        if what == "dog":
            # the header search's border came from an inline style; now from site.css
            border = page.locator(".dogtag-header-search").evaluate(
                "e => getComputedStyle(e).borderTopWidth"
            )
            assert border == "1px"
    # then nothing was blocked and nothing went wrong
    assert violations == {}
    assert problems == []
    # and the USWDS banner (JavaScript from a static file) still opens
    page.goto(f"{base}/")
    page.get_by_role("button", name="Here’s how you know").click()
    expect(page.locator("#city-banner-content")).to_be_visible()
    assert page.evaluate("window.__cspViolations") == []
