"""Security headers on every page and no inline code in any template (issue 10, item 2).

The Content-Security-Policy allows no 'unsafe-inline', so a template with an inline <script>,
<style>, style="..." or on...= handler would break in the browser: caught here before it ships.
(tests/browser/test_content_security_policy.py opens the pages in Chromium.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

import dogtag
from dogtag.complaints.models import Evidence
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.licensing.models import Dog, License
from dogtag.parcels.models import Enclosure
from dogtag.staff.demo import DEMO_USERNAME
from tests.town import build_town

PACKAGE = Path(dogtag.__file__).resolve().parent
TEMPLATES = sorted(PACKAGE.rglob("templates/**/*.html"))
INLINE = [
    ("an inline <script>", re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)),
    ("an inline <style>", re.compile(r"<style\b", re.I)),
    ("a style attribute", re.compile(r"\sstyle\s*=", re.I)),
    ("an event handler attribute", re.compile(r"\son[a-z]+\s*=\s*[\"']", re.I)),
    ("a javascript: URL", re.compile(r"javascript:", re.I)),
    ("an htmx hx-on handler", re.compile(r"\shx-on", re.I)),
]
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "frame-ancestors 'none'; form-action 'self'"
)


def test_there_are_templates_to_check() -> None:
    assert len(TEMPLATES) > 50
    assert PACKAGE / "templates" / "base.html" in TEMPLATES


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_template_has_inline_code(template: Path) -> None:
    text = template.read_text()
    found = [what for what, pattern in INLINE if pattern.search(text)]
    assert found == []


@pytest.mark.parametrize("path", ["/accounts/login/", "/", "/admin/"])
def test_every_page_carries_the_policies(client: Any, admin_user: Any, path: str) -> None:
    # given a signed-in superuser (and the sign-in page for anyone)
    if path != "/accounts/login/":
        client.force_login(admin_user)
    # when a page is requested
    response = client.get(path)
    # then it carries the policies: no inline code, no framing, no powerful features
    assert response.status_code == 200
    directives = set(response["Content-Security-Policy"].split("; "))
    assert directives == set(POLICY.split("; "))
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Permissions-Policy"] == (
        "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), "
        "gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), "
        "publickey-credentials-get=(), usb=()"
    )
    assert response["X-Frame-Options"] == "DENY"


def test_the_rendered_pages_have_no_inline_code(client: Any, db: None) -> None:
    # given the demo town, with every kind of page (server-drawn SVG maps and timelines included),
    # as the demo superuser
    build_town(20)
    client.force_login(get_user_model().objects.get(username=DEMO_USERNAME))
    dog = Dog.objects.filter(licenses__isnull=False).order_by("pk").first()
    license_ = License.objects.order_by("pk").first()
    parcel = Enclosure.objects.order_by("pk").first().parcel
    recording = Evidence.objects.filter(kind="recording").order_by("pk").first()
    case = DangerousDogCase.objects.order_by("pk").first()
    version = license_.history.order_by("history_id").first()
    paths = [
        reverse("home"),
        f"{reverse('search')}?q={dog.name}",
        reverse("owner_detail", args=[dog.owner_id]),
        reverse("dog_detail", args=[dog.pk]),
        reverse("license_new", args=[dog.pk]),
        reverse("parcel_detail", args=[parcel.pin]),
        reverse("complaint_detail", args=[recording.complaint.number]),
        reverse("dangerous_dog_case", args=[case.number]),
        reverse("due_list"),
        "/admin/",
        reverse("admin:licensing_license_change", args=[license_.pk]),
        reverse("admin:licensing_license_history", args=[license_.pk]),
        reverse("admin:licensing_license_simple_history", args=[license_.pk, version.history_id]),
    ]
    # when each is rendered
    found = {}
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        html = response.content.decode()
        inline = [what for what, pattern in INLINE if pattern.search(html)]
        if inline:
            found[path] = inline
    # then none has inline code the policy would block
    assert found == {}
    assert "<svg" in client.get(reverse("parcel_detail", args=[parcel.pin])).content.decode()


def test_the_favicon_is_served_so_no_page_logs_a_404(client):
    # given a browser on a page that names no icon (the Django admin), asking for /favicon.ico
    response = client.get("/favicon.ico")
    # then it is sent to the site's own icon, which exists
    assert (response.status_code, response["Location"]) == (301, "/static/dogtag/favicon.svg")
    assert client.get("/static/dogtag/favicon.svg").status_code == 200
