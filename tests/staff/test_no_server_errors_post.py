"""Every form that writes, posted with extreme values (issue 10 item 5; STYLE §8).

The walker reads the URL patterns from Django's resolver, reaches the pages behind them by
following the links of a small demo city, and posts every ``method="post"`` form it finds: once
per extreme value with every field set to it, and once per field and value with the other fields
at plausible values, as the superuser; then with plausible values as the Clerk and as the
Hearing officer, so that each form is also posted by a role that may not use it. It asserts
that no response is a server error, that a refusal (anything but a redirect) wrote no row and no
file, and that the page a successful post leads to still opens.

The admin is left out: its forms are the subject of item 1 (only services write) and its own test.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.apps import apps
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.exceptions import Resolver404

from dogtag.staff.demo import load_demo_data

TODAY = dt.date(2026, 11, 30)
NOW = dt.datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/Chicago"))
HOUSEHOLDS = 24

NESTED_JSON = "[" * 5000 + "]" * 5000
NESTED_GEOJSON = '{"type": "Polygon", "coordinates": ' + NESTED_JSON + "}"
#: The values every field receives in turn (issue 10 item 5).
EXTREMES = [
    "0001-01-01",
    "9999-12-31",
    "9999-12-31T23:59",
    str(10**30),
    "-1",
    "0",
    "1e308",
    "NaN",
    "",
    "ünïcødé ✓ 王",
    "x" * 10_000,
    "<script>alert(1)</script>",
    NESTED_GEOJSON,
]
#: One field at a time (the others at plausible values), the values that fit the field's kind:
#: dates and numbers get their edges, text its length and nesting, a choice one it does not offer.
BY_KIND = {
    "date": ["0001-01-01", "9999-12-31", "2026-02-30"],
    "time": ["24:00"],
    "datetime": ["9999-12-31T23:59", "0001-01-01T00:00"],
    "number": [str(10**30), "-1", "99999999.99"],
    "text": ["x" * 10_000],
    "choice": [str(10**30)],
    "hidden": [str(10**30)],
}
PLAUSIBLE = {
    "date": TODAY.isoformat(),
    "datetime": f"{TODAY.isoformat()}T09:00",
    "time": "09:00",
    "number": "1",
    "email": "someone@example.invalid",
    "tel": "763-555-0100",
    "text": "Test",
}
#: Pages that show a stored file or a document of a state the small demo city does not hold (no
#: photo, certificate scan, evidence file, past import, compliance notice, revocation or letter):
#: they have no form, and the GET walker and their own tests open them.
WITHOUT_FORMS = {
    "complaints/<str:number>/evidence/<int:pk>/download/",
    "dangerous-dogs/<str:number>/letters/<int:pk>.pdf",
    "dangerous-dogs/<str:number>/revocations/<int:pk>.pdf",
    "dogs/<int:pk>/photo/",
    "parcels/enclosure-photos/<int:pk>/",
    "parcels/import/<int:pk>/",
    "parcels/notices/<str:number>.pdf",
    "rabies/<int:pk>/certificate/",
    # a job's page has no form, and the demo starts no job; a message's page has a form only once
    # it failed (issue 12 item 6)
    "jobs/<int:pk>/",
    "office/outbox/<int:pk>/",
    # a recording's analysis as the complaint page's htmx polls it while it runs (issue 25 item
    # 2.5; tests/complaints/test_recording_analysis.py): a fragment without a form
    "complaints/<str:number>/evidence/<int:pk>/analysis/",
    # the legacy import's report and its CSV: the demo holds no run (tests/imports/test_pages.py)
    "office/imports/<int:pk>/",
    "office/imports/<int:pk>/report.csv",
    # a calendar feed is read by a calendar program with its token: tests/exports/test_calendar.py
    "exports/calendar/<str:token>.ics",
    # a clinic's PDF of a certificate: the demo holds none (tests/clinics/test_pages.py)
    "clinics/certificates/<int:pk>/certificate.pdf",
    # the residents' site (issue 12): a household's documents open only for its signed-in
    # resident (tests/residents/test_household.py), the pages behind signed links only with their
    # link (tests/public_cases); none has a form
    "residents/household/licenses/<str:number>.pdf",
    "residents/household/receipts/<str:number>.pdf",
    "residents/household/rabies-certificates/<int:pk>/",
    "residents/household/notices/<str:number>/<str:document>.pdf",
    "residents/complaints/track/<str:token>/",
    "residents/hearing-request/received/<str:token>/",
    "residents/hearing-request/received/<str:token>/confirmation.pdf",
}
#: Forms the small demo city holds no record in the state to show: an open at-large or vehicle
#: complaint, a commercial kennel application mid-procedure, an open notice of compliance. Their
#: services and edges are tested in their own areas' tests; a bigger city would reach them, at a
#: cost in run time.
NOT_IN_SMALL_DEMO = {
    "complaints/<str:number>/findings/at-large/",
    "complaints/<str:number>/findings/vehicle/",
    # a prohibition only Lino Lakes' law states (abandonment, the feces device): Nowthen's demo
    # takes no such complaint; tests/complaints/test_lino_lakes_prohibitions.py posts it, edges too
    "complaints/<str:number>/findings/prohibition/",
    # the walk opens open complaints only, whose violations all name their person in the demo:
    # a reopening and naming the person of a recording's finding are posted by
    # tests/complaints/test_views.py and tests/browser/test_complaint_walk.py (issue 26)
    "complaints/<str:number>/findings/duty/",
    "complaints/<str:number>/reopen/",
    "kennels/commercial/<str:number>/step/<str:step>/",
    # the City Council's decision on a renewal follows a renewal refused for a nuisance complaint,
    # which the demo city holds none of: tests/kennels/test_views.py posts it
    "kennels/commercial/license/<str:number>/council-renewal/",
    "parcels/notices/<str:number>/comply/",
    # no e-mail of the demo has failed: tests/outbox/test_pages.py posts "Retry now"
    "office/outbox/<int:pk>/retry/",
    # no API key is issued in the demo city: tests/api/test_keys.py posts the revoke form
    "office/api-keys/<int:pk>/revoke/",
    # no legacy file is checked in the demo city: tests/imports/test_pages.py imports one as checked
    "office/imports/<int:pk>/import/",
    # no clinic has sent a certificate in the demo city (issue 13 item 2): the choice of dog and
    # the renewal are posted by tests/clinics/test_pages.py, a batch's report opened by
    # tests/clinics/test_batches.py
    "clinics/certificates/<int:pk>/",
    "clinics/certificates/<int:pk>/renew/",
    "clinics/batches/<int:pk>/",
    # no online application in the demo city, and its resident pages need a resident's session:
    # tests/applications/test_views.py posts each form (issue 12 item 2)
    "residents/applications/renew/<str:number>/",
    "residents/applications/<int:pk>/",
    "residents/applications/<int:pk>/change/",
    "residents/applications/<int:pk>/submit/",
    "residents/applications/<int:pk>/certificate/",
    # a resident's renewal with a clinic's certificate: tests/applications/test_clinic_renewal.py
    "residents/applications/dogs/<int:dog>/renew-with-clinic-certificate/",
    "office/online-applications/<int:pk>/",
    "office/online-applications/<int:pk>/issue/",
    "office/online-applications/<int:pk>/return/",
    "office/online-applications/<int:pk>/certificate/",
    # issue 12 item 3: an answer's page is reached through a lookup's signed token, and a lost
    # report by a signed-in resident (never the superuser); tests/found posts each of them
    "residents/found/answer/<str:token>/",
    "residents/found/lost/<int:pk>/",
    "residents/found/lost/<int:pk>/found-again/",
    # a dangerous-animal case is Lino Lakes' (issue 27), not law in this Nowthen city:
    # tests/dangerous_animals/test_extremes.py posts its forms with extreme values under Lino Lakes
    "dangerous-animals/<str:number>/",
    "dangerous-animals/<str:number>/notice.pdf",
    # a kennel license inspected before it issues is Lino Lakes' (issue 27), not law in this
    # Nowthen city: tests/kennels/test_lino_lakes_views.py posts each form, with refused values
    "kennels/applications/<str:number>/",
    "kennels/applications/<str:number>/inspect/",
    "kennels/applications/<str:number>/issue/",
    "kennels/licenses/<str:number>/",
    "kennels/licenses/<str:number>/certificate.pdf",
    "kennels/licenses/<str:number>/modify/",
    "kennels/licenses/<str:number>/renew/",
}
#: The REST API's operations (issue 13) take JSON, not forms, and no page links to them:
#: tests/api/test_schemathesis.py posts generated bodies to every one of them, as every role.
API_OPERATIONS = "api/v1/"
#: Not posted: logging out ends the walk's session.
SKIP_POST = {"logout"}
#: Models whose rows change on any request, refused or not (sessions and sign-in records).
VOLATILE_APPS = {"sessions", "admin", "axes", "otp_totp", "otp_static"}
#: The log of who viewed private data (Minn. Stat. ch. 13): a refused form's page, re-rendered,
#: is a view like any other and is logged by design. The residents' throttle counts a refused
#: request against the client's address by design, as axes counts a failed sign-in: a bad
#: sign-in link is counted per address (issue 25 item 2.2).
VOLATILE_MODELS = {"records.PrivateDataView", "residents.Throttle"}


# --- reading the pages ---


@dataclass
class Form:
    action: str
    fields: dict[str, str] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    choices: dict[str, list[str]] = field(default_factory=dict)


class PageReader(HTMLParser):
    """The links and the POST forms of one page, with their fields' names, kinds and values."""

    def __init__(self, url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.url = url
        self.links: list[str] = []
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs_list: list[tuple[str, str | None]]) -> None:
        attrs = {k: v or "" for k, v in attrs_list}
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if attrs.get("hx-get"):
            self.links.append(attrs["hx-get"])
        elif tag == "form":
            if attrs.get("method", "get").lower() == "post":
                self._form = Form(action=attrs.get("action") or self.url)
            elif attrs.get("action"):
                self.links.append(attrs["action"])
        form = self._form
        if form is None:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            kind = attrs.get("type", "text").lower()
            if kind in {"checkbox", "radio"}:
                form.kinds[name] = "choice"
                form.choices.setdefault(name, []).append(attrs.get("value", "on"))
                if "checked" in attrs or (kind == "radio" and name not in form.fields):
                    form.fields[name] = attrs.get("value", "on")
            elif kind == "file":
                return  # uploads are bounded by the evidence work (item 4)
            elif kind in {"submit", "button", "image"}:
                form.fields.setdefault(name, attrs.get("value", ""))
            else:
                form.kinds[name] = {
                    "date": "date",
                    "time": "time",
                    "datetime-local": "datetime",
                    "number": "number",
                    "email": "email",
                    "tel": "tel",
                    "hidden": "hidden",
                }.get(kind, "text")
                form.fields[name] = attrs.get("value", "")
        elif tag == "button" and name:
            form.fields.setdefault(name, attrs.get("value", ""))
        elif tag == "select" and name:
            self._select = name
            form.kinds[name] = "choice"
            form.fields.setdefault(name, "")
            form.choices[name] = []
        elif tag == "option" and self._select:
            value = attrs.get("value", "")
            form.choices[self._select].append(value)
            if "selected" in attrs or (not form.fields[self._select] and value):
                form.fields[self._select] = value
        elif tag == "textarea" and name:
            self._textarea = name
            form.kinds[name] = "text"
            form.fields[name] = ""

    def handle_data(self, data: str) -> None:
        if self._form is not None and self._textarea:
            self._form.fields[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self._form is not None:
            self.forms.append(self._form)
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def patterns(resolver: URLResolver | None = None, prefix: str = "") -> Iterator[tuple[str, str]]:
    """Every URL pattern as (route, name), walking includes."""
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            yield from patterns(entry, _join(prefix, str(entry.pattern)))
        elif isinstance(entry, URLPattern):
            yield _join(prefix, str(entry.pattern)), entry.name or ""


def _join(prefix: str, route: str) -> str:
    """Routes joined as resolve() spells them: a regex's leading "^" is dropped after a prefix."""
    return prefix + route.removeprefix("^") if prefix else route


def route_of(path: str) -> str | None:
    try:
        return resolve(path).route
    except Resolver404:
        return None


def internal(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return None
    if parts.path.startswith(("/admin/", "/static/", "/media/")):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


# --- what a request may change ---


def row_counts() -> dict[str, int]:
    return {
        model._meta.label: model._default_manager.count()
        for model in apps.get_models()
        if model._meta.managed
        and not model._meta.proxy
        and model._meta.app_label not in VOLATILE_APPS
        and model._meta.label not in VOLATILE_MODELS
    }


def files_under(root: Path) -> set[str]:
    return (
        {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}
        if root.exists()
        else set()
    )


def is_redirect(status: int) -> bool:
    return status in {301, 302, 303}


# --- the walk ---


@dataclass
class Walk:
    client: Client
    media: Path
    pages: dict[str, list[str]] = field(default_factory=dict)  # route -> URLs visited
    forms: dict[tuple[str, tuple[str, ...]], Form] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    posts: int = 0

    def crawl(self, start: list[str], per_route: int = 3) -> None:
        queue = list(start)
        seen: set[str] = set()
        while queue:
            url = queue.pop(0)
            if url in seen:
                continue
            seen.add(url)
            route = route_of(urlsplit(url).path)
            if route is None:
                continue
            visited = self.pages.setdefault(route, [])
            if len(visited) >= per_route:
                continue
            visited.append(url)
            response = self.client.get(url)
            if response.status_code >= 500:
                self.failures.append(f"GET {url}: {response.status_code}")
                continue
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            reader = PageReader(urlsplit(url).path)
            reader.feed(response.content.decode())
            for link in reader.links:
                if (target := internal(link)) is not None and target not in seen:
                    queue.append(target)
            for form in reader.forms:
                action = internal(form.action)
                if action is None or route_of(urlsplit(action).path) is None:
                    continue
                form.action = action
                key = (route_of(urlsplit(action).path) or "", tuple(sorted(form.kinds)))
                self.forms.setdefault(key, form)

    def post(self, client: Client, form: Form, data: dict[str, str], what: str) -> None:
        before, files = row_counts(), files_under(self.media)
        response = client.post(form.action, data)
        self.posts += 1
        if response.status_code >= 500:
            self.failures.append(f"POST {form.action} {what}: {response.status_code}")
            return
        if is_redirect(response.status_code):
            target = internal(response["Location"])
            if target and (after := client.get(target)).status_code >= 500:
                self.failures.append(
                    f"GET {target} after POST {form.action} {what}: {after.status_code}"
                )
            return
        after = row_counts()
        changed = {k: (v, after[k]) for k, v in before.items() if after[k] != v}
        if changed or files_under(self.media) != files:
            self.failures.append(
                f"POST {form.action} {what}: refused ({response.status_code}) but wrote {changed}"
            )


def plausible(form: Form) -> dict[str, str]:
    """The form's values, with every empty field given a plausible one of its kind."""
    data = dict(form.fields)
    for name, kind in form.kinds.items():
        if not data.get(name) and kind in PLAUSIBLE:
            data[name] = PLAUSIBLE[kind]
        elif not data.get(name) and kind == "choice":
            data[name] = next((c for c in form.choices.get(name, []) if c), "")
    return data


def clip(value: str) -> str:
    return value if len(value) < 40 else f"{value[:12]}…({len(value)} chars)"


@pytest.fixture
def city(db: Any, settings: Any, tmp_path: Path) -> Iterator[Path]:
    settings.MEDIA_ROOT = tmp_path / "media"
    with time_machine.travel(NOW, tick=True):
        load_demo_data(households=HOUSEHOLDS, as_of=TODAY, seed=2026)
        yield tmp_path / "media"


def record_pages() -> list[str]:
    """The pages of a few records of each kind the demo city holds, where the forms are."""
    from dogtag.complaints.models import Complaint
    from dogtag.dangerous_dogs.models import DangerousDogCase
    from dogtag.kennels.models import CommercialKennelApplication, PrivateKennelLicense
    from dogtag.parcels.models import Enclosure, Parcel

    urls = [reverse("parcel_detail", args=[e.parcel.pin]) for e in Enclosure.objects.all()[:2]]
    urls += [reverse("parcel_detail", args=[p.pin]) for p in Parcel.objects.all()[:1]]
    urls += [reverse("enclosure_detail", args=[e.pk]) for e in Enclosure.objects.all()[:2]]
    open_ones = Complaint.objects.exclude(status=Complaint.Status.CLOSED).order_by("-pk")
    for kind in Complaint.Kind:  # each kind has its own findings and evidence forms
        urls += [f"/complaints/{c.number}/" for c in open_ones.filter(kind=kind)[:1]]
    urls += [f"/dangerous-dogs/{c.number}/" for c in DangerousDogCase.objects.order_by("-pk")[:4]]
    urls += [f"/kennels/private/{k.number}/" for k in PrivateKennelLicense.objects.all()[:1]]
    urls += [
        f"/kennels/commercial/{k.number}/" for k in CommercialKennelApplication.objects.all()[:2]
    ]
    return urls


def signed_in(username: str) -> Client:
    from django.contrib.auth import get_user_model

    client = Client(raise_request_exception=False)
    client.force_login(get_user_model().objects.get(username=username))
    return client


def test_every_form_posted_with_extreme_values_answers_without_a_server_error(city: Path) -> None:
    started = time.monotonic()
    # given a small demo city and the superuser, who may use every page
    walk = Walk(client=signed_in("demo"), media=city)
    routes = dict(patterns())
    start = [
        internal("/" + route) or "/"
        for route in routes
        if "<" not in route and "(" not in route and not route.startswith("admin/")
    ]
    walk.crawl(record_pages() + start)
    # every pattern reached, so that no form is missed for want of a record to show
    posted_to = {route_of(urlsplit(f.action).path) for f in walk.forms.values()}
    unreached = sorted(
        route
        for route in routes
        if route not in walk.pages
        and route not in posted_to
        and route not in WITHOUT_FORMS | NOT_IN_SMALL_DEMO
        and not route.startswith(("admin/", "accounts/logout", API_OPERATIONS))
    )
    forms = [f for f in walk.forms.values() if route_of(urlsplit(f.action).path) not in SKIP_POST]

    # when every form is posted with each extreme value in every field, then one field at a time
    for form in forms:
        base = plausible(form)
        editable = [n for n in form.kinds if n != "csrfmiddlewaretoken"]
        for value in EXTREMES:
            walk.post(walk.client, form, {**base, **dict.fromkeys(editable, value)}, clip(value))
        for name in editable:
            for value in BY_KIND.get(form.kinds[name], BY_KIND["text"]):
                walk.post(walk.client, form, {**base, name: value}, f"{name}={clip(value)}")
    # and with plausible values as a Clerk and a Hearing officer: for each form, one may not use it
    for username in ("clerk", "hearing"):
        other = signed_in(username)
        for form in forms:
            walk.post(other, form, plausible(form), f"as {username}")

    # then no server error, and no refusal wrote anything
    elapsed = time.monotonic() - started
    print(f"{len(walk.pages)} routes, {len(forms)} forms, {walk.posts} posts, {elapsed:.0f} s")
    assert walk.failures == []
    assert unreached == []
