"""No GET answers with a 5xx, whatever the address says (issue 10, item 5).

Every URL pattern of the site (read from ``get_resolver()``, so a page added later is walked
without touching this file) is requested as every role — anonymous, Clerk, Animal control
officer, Hearing officer, Administrator, superuser — in a small town made by the demo generator:

- as it is, with its path filled from real records;
- with each query parameter the page reads set to each extreme value (the parameters are the
  fields of the page's GET forms, read from the page itself, plus ``QUERY_EXTRAS``: the ones views
  read from ``request.GET`` directly, which ``test_every_query_parameter_read_is_walked`` keeps
  complete);
- with each path parameter set to each extreme value.

A refused query is answered like a bad form (the page with its error, or a 4xx); never a 5xx,
and a GET writes nothing (every table's row count is the same after the walk of a page).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Collection, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from dogtag.staff.demo import DEMO_USERNAME, DEMO_USERS
from tests.town import build_town

SRC = Path(__file__).resolve().parents[2] / "src" / "dogtag"

#: The values every query and path parameter is set to, one at a time.
EXTREMES: tuple[str, ...] = (
    "0001-01-01",
    "9999-12-31",
    str(10**30),
    "-1",
    "0",
    "",
    "ünïcødé ✓ 王",
    "x" * 10_000,
    "<script>",
    "../../etc/passwd",
    "%00",
    "\x00",  # a NUL byte itself: PostgreSQL refuses it in a text parameter
)

#: Query parameters views read from ``request.GET`` beside their GET forms' fields, by URL name.
QUERY_EXTRAS: dict[str, tuple[str, ...]] = {
    "found_reports": ("messages", "lookups"),  # issue 12 item 3: its two paginated lists
    "complaint_list": ("page",),
    "search": ("anywhere",),
    "sign_in_link": ("sesame",),  # the residents' sign-in link (issue 12)
    "complaint_new": ("dog", "owner", "parcel"),
    "dangerous_animal_new": ("owner", "q"),  # issue 27: the owner found, then chosen
    "dangerous_animal_case": ("on", "timeline_page"),  # issue 27: where it stood on a past day
    "parcel_list": ("page",),
    "kennel_private_new": ("previous", "owner", "parcel", "kind"),
    "kennel_apply": ("owner", "parcel", "kind"),
    "dangerous_dog_new": ("dog",),
    "license_new": ("kind", "rabies", "on", "licensed_elsewhere"),
    "license_findings": ("kind", "rabies", "on", "licensed_elsewhere"),
    "tag_sheet": ("licenses", "issued_from", "issued_to"),
    "renewal_reminders": ("expires_from", "expires_to"),
    "due_list": ("on",),
    "home": ("on",),
    "parcel_over_limit": ("on",),
    # Accounts: where to go after two-step verification (checked against the site's own host).
    "two_step_turn_on": ("next",),
    "two_step_verify": ("next",),
    # Issue 12 item 6: the outbox's status filter and page.
    "outbox_list": ("status", "page"),
    # Issue 13 item 2: the clinics' certificates queue, by status.
    "certificate_queue": ("status", "page"),
    "certificate_batch": ("page",),
    # Issue 14 item 3: a record's own lists, one page each (records.pagination.record_page).
    "license_detail": ("decisions_page", "tags_page", "receipts_page"),
    "kennel_private_detail": ("decisions_page", "inspections_page"),
    "kennel_commercial_detail": (
        "decisions_page",
        "inspections_page",
        "licenses_page",
        "recipients_page",
    ),
    "certificate_detail": ("decisions_page",),
    "enclosure_detail": ("decisions_page", "decisions_per_page", "notices_page", "photos_page"),
    "complaint_detail": ("timeline_page", "evidence_page"),
    "dangerous_dog_case": (
        "as_of",  # issue 26: where the case stood on a past day
        "timeline_page",
        "registrations_page",
        "revocations_page",
        "letters_page",
        "costs_page",
        "payments_page",
    ),
    "outbox_message": ("events_page",),
    "dog_detail": (
        "decisions_page",
        "history_page",
        "complaints_page",
        "rabies_page",
        "licenses_page",
        "tags_page",
        "owners_page",
    ),
    "owner_detail": ("history_page", "receipts_page", "complaints_page", "dogs_page"),
    "parcel_detail": ("complaints_page", "notices_page"),
    "fee_schedule": ("resolutions_page",),
    "household": (
        "receipts_page",
        "owners_page",
        "dogs_page",
        "licenses_page",
        "vaccinations_page",
        "notices_page",
    ),
}

#: A resident signed in to the residents' site (issue 12), whose household holds the first
#: license, receipt, vaccination and dangerous-dog case: the residents' pages are walked as them.
RESIDENT = "resident"
ROLES: tuple[str | None, ...] = (None, *(u.username for u in DEMO_USERS), RESIDENT)
SUPERUSER = DEMO_USERNAME


# ----------------------------------------------------------------------------- the patterns


def _walk(resolver: URLResolver, prefix: str = "") -> Iterator[tuple[str, URLPattern]]:
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from _walk(entry, prefix + str(entry.pattern))
        else:
            yield prefix + str(entry.pattern), entry


def _name(route: str, pattern: URLPattern) -> str:
    return pattern.name or route


ALL_PATTERNS = list(_walk(get_resolver()))
#: The Django admin's own pages are walked through the admin's registry (``ADMIN``) below; its
#: catch-all (``admin/<url>``) and the per-app index are covered by the path extremes.
SITE = [(route, p) for route, p in ALL_PATTERNS if not route.startswith("admin/")]
ADMIN = [(route, p) for route, p in ALL_PATTERNS if route.startswith("admin/")]


def _first(model: str, field: str = "pk", **filters: Any) -> Any:
    row = apps.get_model(model).objects.filter(**filters).order_by("pk").first()
    return None if row is None else getattr(row, field)


def _case_with(kind: str) -> dict[str, Any] | None:
    event = apps.get_model("dangerous_dogs.CaseEvent").objects.filter(kind=kind).first()
    return None if event is None else {"number": event.case.number, "pk": event.pk}


def _untimed_incident() -> dict[str, Any] | None:
    incident = apps.get_model("dangerous_dogs.Incident").objects.filter(occurred_time=None).first()
    return None if incident is None else {"number": incident.case.number, "pk": incident.pk}


#: How each page's path is filled from the town: URL name -> kwargs (None: the town has no such
#: record, and the page is then walked with an id that names nothing).
PATH_VALUES: dict[str, Callable[[], dict[str, Any] | None]] = {
    "receipt": lambda: {"number": _first("licensing.Receipt", "number")},
    "license_certificate": lambda: {"number": _first("licensing.License", "number")},
    "enclosure_detail": lambda: {"pk": _first("parcels.Enclosure")},
    "enclosure_move": lambda: {"pk": _first("parcels.Enclosure")},
    "enclosure_shelter": lambda: {"pk": _first("parcels.Enclosure")},
    "enclosure_photo_new": lambda: {"pk": _first("parcels.Enclosure")},
    "compliance_notice_new": lambda: {"pk": _first("parcels.Enclosure")},
    "enclosure_photo": lambda: {"pk": _first("parcels.EnclosurePhoto") or 1},
    "compliance_notice_comply": lambda: {
        "number": _first("parcels.ComplianceNotice", "number") or "2026-N0001"
    },
    "compliance_notice_pdf": lambda: {
        "number": _first("parcels.ComplianceNotice", "number") or "2026-N0001"
    },
    "parcel_detail": lambda: {"pin": _first("parcels.Parcel", "pin")},
    # issue 13 item 4: the exports (any text in either slug: 404 unless an export and format)
    "export_download": lambda: {"name": "license-register", "fmt": "csv"},
    "calendar_feed": lambda: {"token": "not-a-token"},
    # issue 12: the residents' site's documents of the signed-in household
    "household_license_pdf": lambda: {"number": _first("licensing.License", "number")},
    "household_receipt_pdf": lambda: {"number": _first("licensing.Receipt", "number")},
    "household_rabies_certificate": lambda: {"pk": _first("licensing.RabiesVaccination")},
    # issue 12 item 3: a dog of the walker resident's household (the first license's)
    "found_report_lost": lambda: {"pk": _first("licensing.License", "dog_id")},
    "found_found_again": lambda: {"pk": _first("licensing.License", "dog_id")},
    # an answer's page is named by a token the city signs when a lookup is made (none here)
    "found_answer": lambda: {"token": "not-a-token"},
    "household_case_document": lambda: {
        "number": _first("dangerous_dogs.DangerousDogCase", "number"),
        "document": "notice",
    },
    # issue 12 item 2: online applications (the resident's own, and the clerk's queue)
    "application_renew": lambda: {"number": _first("licensing.License", "number")},
    # issue 13 item 2: the one-step renewal with a clinic's certificate (404 unless one is due)
    "application_clinic_renewal": lambda: {"dog": _first("licensing.License", "dog_id")},
    "application_detail": lambda: {"pk": _first("applications.OnlineApplication") or 1},
    "application_edit": lambda: {"pk": _first("applications.OnlineApplication") or 1},
    "application_submit": lambda: {"pk": _first("applications.OnlineApplication") or 1},
    "application_certificate": lambda: {"pk": _first("applications.OnlineApplication") or 1},
    "online_application": lambda: {"pk": _first("applications.OnlineApplication") or 1},
    "online_application_issue": lambda: {"pk": _first("applications.OnlineApplication") or 1},
    "online_application_return": lambda: {"pk": _first("applications.OnlineApplication") or 1},
    "online_application_certificate": lambda: {"pk": _first("applications.OnlineApplication") or 1},
    # issue 12 items 4-5: signed links (a bad signature answers 404)
    "complaint_track": lambda: {"token": "not-a-token"},
    "hearing_request_received": lambda: {"token": "not-a-token"},
    "hearing_request_pdf": lambda: {"token": "not-a-token"},
    "enclosure_new": lambda: {"pin": _first("parcels.Parcel", "pin")},
    "parcel_lot_lines": lambda: {"pin": _first("parcels.Parcel", "pin")},
    "parcel_import_report": lambda: {"pk": _first("parcels.ParcelImport") or 1},
    "kennel_private_detail": lambda: {"number": _first("kennels.PrivateKennelLicense", "number")},
    # issue 27: a kennel license inspected before it issues (Lino Lakes'; not law in Nowthen, whose
    # town holds none: its pages answer so)
    "kennel_application_detail": lambda: {
        "number": _first("kennels.KennelApplication", "number") or "KA2026-0001"
    },
    "kennel_application_inspect": lambda: {
        "number": _first("kennels.KennelApplication", "number") or "KA2026-0001"
    },
    "kennel_application_issue": lambda: {
        "number": _first("kennels.KennelApplication", "number") or "KA2026-0001"
    },
    "kennel_license_detail": lambda: {
        "number": _first("kennels.KennelLicense", "number") or "KL2026-0001"
    },
    "kennel_license_certificate": lambda: {
        "number": _first("kennels.KennelLicense", "number") or "KL2026-0001"
    },
    "kennel_license_modify": lambda: {
        "number": _first("kennels.KennelLicense", "number") or "KL2026-0001"
    },
    "kennel_license_renew": lambda: {
        "number": _first("kennels.KennelLicense", "number") or "KL2026-0001"
    },
    "kennel_private_certificate": lambda: {
        "number": _first("kennels.PrivateKennelLicense", "number")
    },
    "kennel_private_inspect": lambda: {"number": _first("kennels.PrivateKennelLicense", "number")},
    "kennel_commercial_detail": lambda: {
        "number": _first("kennels.CommercialKennelApplication", "number")
    },
    "kennel_commercial_step": lambda: {
        "number": _first("kennels.CommercialKennelApplication", "number"),
        "step": "hearing",
    },
    "kennel_notice_labels": lambda: {
        "number": _first("kennels.CommercialKennelApplication", "number")
    },
    "kennel_notice_letters": lambda: {
        "number": _first("kennels.CommercialKennelApplication", "number")
    },
    "kennel_commercial_certificate": lambda: {
        "number": _first("kennels.CommercialKennelLicense", "number")
    },
    "kennel_commercial_renew": lambda: {
        "number": _first("kennels.CommercialKennelLicense", "number")
    },
    "kennel_commercial_inspect": lambda: {
        "number": _first("kennels.CommercialKennelLicense", "number")
    },
    "kennel_commercial_council_renewal": lambda: {
        "number": _first("kennels.CommercialKennelLicense", "number")
    },
    **{
        name: (lambda: {"number": _first("complaints.Complaint", "number")})
        for name in (
            "complaint_detail",
            "complaint_assign",
            "complaint_evidence_times",
            "complaint_evidence_log",
            "complaint_evidence_recording",
            "complaint_evidence_file",
            "complaint_at_large",
            "complaint_damage",
            "complaint_acts",
            "complaint_vehicle",
            "complaint_prohibition",
            "complaint_follow_up",
            "complaint_close",
            "complaint_duty",
            "complaint_withdraw",
            "complaint_reopen",
        )
    },
    "complaint_evidence_download": lambda: {
        "number": _first("complaints.Evidence", "complaint").number,
        "pk": _first("complaints.Evidence"),
    },
    "complaint_evidence_analysis": lambda: {
        "number": _first("complaints.Evidence", "complaint", kind="recording").number,
        "pk": _first("complaints.Evidence", kind="recording"),
    },
    **{
        name: (lambda: {"number": _first("dangerous_dogs.DangerousDogCase", "number")})
        for name in (
            "dangerous_dog_case",
            "dangerous_dog_notice_pdf",
            "dangerous_dog_hearing_notice_pdf",
            "dangerous_dog_order_pdf",
        )
    },
    "dangerous_dog_step": lambda: {
        "number": _first("dangerous_dogs.DangerousDogCase", "number"),
        "step": "hearing",
    },
    # issue 26: the time of an incident recorded by its date alone (the demo's third case)
    "dangerous_dog_incident_time": lambda: _untimed_incident(),
    # a Lino Lakes dangerous-animal case (issue 27): in Nowthen the page is not law (404)
    **{
        name: (lambda: {"number": _first("dangerous_animals.AnimalCase", "number") or "DA2026-001"})
        for name in (
            "dangerous_animal_case",
            "dangerous_animal_notice_pdf",
            "api_dangerous_animal_case",
        )
    },
    "dangerous_dog_certificate_pdf": lambda: {
        "number": _first("dangerous_dogs.Registration", "case").number,
        "certificate": _first("dangerous_dogs.Registration", "certificate_number"),
    },
    "dangerous_dog_revocation_pdf": lambda: {
        "number": _first("dangerous_dogs.DangerousDogCase", "number"),
        "pk": _first("dangerous_dogs.Revocation") or 1,
    },
    "dangerous_dog_letter_pdf": lambda: (
        _case_with("requirements_missing")
        or {"number": _first("dangerous_dogs.DangerousDogCase", "number"), "pk": 1}
    ),
    **{
        name: (lambda: {"pk": _first("licensing.Owner")})
        for name in ("owner_detail", "owner_edit", "dog_new")
    },
    **{
        name: (lambda: {"pk": _first("licensing.Dog")})
        for name in (
            "dog_detail",
            "rabies_new",
            "license_new",
            "license_findings",
            "duplicate_tag",
            "dog_transfer",
            "dog_status",
            "tag_violation_new",
            "dog_photo",
            "dog_photo_upload",
        )
    },
    "rabies_certificate": lambda: {"pk": _first("licensing.RabiesVaccination")},
    # the demo queues its renewal reminders; it starts no job (an id naming nothing: a 404)
    "outbox_message": lambda: {"pk": _first("outbox.OutboxMessage")},
    "outbox_retry": lambda: {"pk": _first("outbox.OutboxMessage")},
    "job_detail": lambda: {"pk": _first("jobs.Job") or 1},
    # the legacy import's runs (issue 13 item 3): the demo holds none (an id naming nothing: 404)
    **{
        name: (lambda: {"pk": _first("imports.LegacyImport") or 1})
        for name in ("legacy_import_report", "legacy_import_report_csv", "legacy_import_checked")
    },
    "license_detail": lambda: {"number": _first("licensing.License", "number")},
    "receipt_detail": lambda: {"number": _first("licensing.Receipt", "number")},
    "receipt_void": lambda: {"number": _first("licensing.Receipt", "number")},
    # The API (issue 13): its operations' paths, and the keys page's revoke.
    "api_owner": lambda: {"owner_id": _first("licensing.Owner")},
    **{
        name: (lambda: {"dog_id": _first("licensing.Dog")})
        for name in ("api_dog", "api_vaccinations", "api_record_vaccination", "api_issue_license")
    },
    "api_license_detail": lambda: {"number": _first("licensing.License", "number")},
    "api_tag": lambda: {"serial": _first("licensing.Tag", "serial", status="issued")},
    "api_public_tag": lambda: {"serial": _first("licensing.Tag", "serial", status="issued")},
    "api_receipt": lambda: {"number": _first("licensing.Receipt", "number")},
    "api_parcel": lambda: {"pin": _first("parcels.Parcel", "pin")},
    "api_kennel_license": lambda: {"number": _first("kennels.PrivateKennelLicense", "number")},
    "api_complaint": lambda: {"number": _first("complaints.Complaint", "number")},
    "api_case": lambda: {"number": _first("dangerous_dogs.DangerousDogCase", "number")},
    "api_key_revoke": lambda: {"pk": _first("api.ApiKey") or 1},
    # Issue 13 item 2: the clinics' certificates (the demo town has none: an id naming nothing).
    "api_certificate_status": lambda: {
        "number": _first("clinics.Certificate", "certificate_number") or "RR-1"
    },
    "certificate_detail": lambda: {"pk": _first("clinics.Certificate") or 1},
    "certificate_renew": lambda: {"pk": _first("clinics.Certificate") or 1},
    "certificate_pdf": lambda: {"pk": _first("clinics.Certificate") or 1},
    "certificate_batch": lambda: {"pk": _first("clinics.CertificateBatch") or 1},
    "api_not_found": lambda: {"rest": "no-such-operation"},
}


def _admin_values(route: str, pattern: URLPattern) -> dict[str, Any]:
    """An admin page's path from the first row of its model (``admin/<app>/<model>/...``)."""
    names = set(pattern.pattern.converters) | set(pattern.pattern.regex.groupindex)
    if not names:
        return {}
    values: dict[str, Any] = {}
    parts = route.split("/")
    model = None
    if len(parts) > 2 and "<" not in parts[1] and "<" not in parts[2]:
        model = apps.get_model(parts[1], parts[2])
    for name in names:
        if name == "object_id" and model is not None:
            values[name] = (
                model._default_manager.order_by("pk").values_list("pk", flat=True).first() or 1
            )
        elif name == "app_label":
            values[name] = "licensing"
        else:  # object_id of the "view on site" shortcut, content_type_id, id ...
            values[name] = 1
    return values


def _path(route: str, pattern: URLPattern, values: dict[str, Any]) -> str:
    """The address of ``pattern`` with ``values`` (any text), built from its route."""
    if not values:
        return "/" + route.replace("^", "").replace("$", "")
    markers = {name: f"9{i}8{i}7{i}6" for i, name in enumerate(values)}
    prefix_args = {k: v for k, v in markers.items()}
    try:
        address = reverse(pattern.name, kwargs=prefix_args) if pattern.name else None
    except Exception:
        address = None
    if address is None or _resolves_elsewhere(address, pattern):
        address = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: markers[m.group(1)], route)
        address = re.sub(r"\(\?P<(\w+)>[^)]*\)[^/]*", lambda m: markers[m.group(1)], address)
        address = address.replace("^", "").replace("$", "")
    for name, marker in markers.items():
        address = address.replace(marker, quote(str(values[name]), safe=""))
    return address


def _resolves_elsewhere(address: str, pattern: URLPattern) -> bool:
    from django.urls import Resolver404, resolve

    try:
        return resolve(address).url_name != pattern.name
    except Resolver404:
        return True


# ------------------------------------------------------------------------------- GET forms


class _GetFormFields(HTMLParser):
    """The names of the fields of every GET form in a page that submits to ``page`` itself (the
    header's search box submits to /search/: its field is /search/'s parameter, not this page's)."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.names: set[str] = set()
        self._in_get_form = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "form":
            method = (found.get("method") or "get").lower()
            action = (found.get("action") or "").split("#")[0].split("?")[0]
            self._in_get_form = method == "get" and action in ("", ".", self.page)
        elif self._in_get_form and tag in {"input", "select", "textarea"} and found.get("name"):
            self.names.add(str(found["name"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._in_get_form = False


def get_form_fields(html: str, page: str) -> set[str]:
    reader = _GetFormFields(page)
    reader.feed(html)
    return reader.names


# ------------------------------------------------------------------------------ the town


@pytest.fixture(scope="module")
def town(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """One small demo town for the whole module, with records that already hold extreme dates
    (saved before the forms refused them), rolled back at the end."""
    with django_db_blocker.unblock(), transaction.atomic():
        build_town(12)
        extreme_records()
        yield
        transaction.set_rollback(True)


def extreme_records() -> None:
    """A dog born 0001-01-01 and a vaccination from 0001-01-01 to 9999-12-31, as the forms
    accepted them before item 5 (written straight to the table: no form accepts them now)."""
    dog_model = apps.get_model("licensing.Dog")
    vaccination = apps.get_model("licensing.RabiesVaccination")
    first, second = dog_model.objects.order_by("pk")[:2]
    dog_model.objects.filter(pk=first.pk).update(born=dt.date(1, 1, 1))
    shot = vaccination.objects.filter(dog=second).order_by("pk").first()
    assert shot is not None
    vaccination.objects.filter(pk=shot.pk).update(
        vaccinated_on=dt.date(1, 1, 1), expires_on=dt.date(9999, 12, 31)
    )


@pytest.fixture
def clients(town: None, db: None) -> dict[str | None, Client]:
    users = {u.username: u for u in get_user_model().objects.all()}
    made: dict[str | None, Client] = {}
    for role in ROLES:
        client = Client(raise_request_exception=False)
        if role == RESIDENT:
            resident_signed_in(client)
        elif role is not None:
            client.force_login(users[role])
        made[role] = client
    return made


def resident_signed_in(client: Client) -> None:
    from dogtag.residents.models import ResidentAccount
    from dogtag.residents.services import _account_for
    from dogtag.residents.session import SESSION_KEY

    account: ResidentAccount = _account_for("resident.walker@example.org")
    owners = [
        _first("licensing.License", "owner_id"),
        _first("licensing.Receipt", "owner_id"),
        _first("licensing.Dog", "owner_id", rabies_vaccinations__isnull=False),
        _first("dangerous_dogs.DangerousDogCase", "owner_id"),
    ]
    linked = [pk for pk in owners if pk is not None]
    # A household is the account's only while its e-mail address is the account's (issue 25).
    apps.get_model("licensing.Owner").objects.filter(pk__in=linked).update(email=account.email)
    account.owners.add(*linked)
    session = client.session
    session[SESSION_KEY] = account.pk
    session.save()


#: Rows a page view writes by design: the log of who viewed private data (Minn. Stat. 13.05).
VOLATILE_MODELS = {"records.PrivateDataView"}
#: Rows one address's GET writes by design: the API's public tag lookup is the found-dog page's
#: lookup, logged and counted against the client's address (issue 25 item 2.6).
LOGGED_BY = {"api_public_tag": {"found.Lookup", "residents.Throttle"}}


def row_counts(logged: Collection[str] = ()) -> dict[str, int]:
    return {
        m._meta.label: m._default_manager.count()
        for m in apps.get_models()
        if m._meta.managed and m._meta.label not in VOLATILE_MODELS and m._meta.label not in logged
    }


def _fails(response: Any) -> bool:
    return response.status_code >= 500


def _walk_page(
    route: str,
    pattern: URLPattern,
    values: dict[str, Any],
    clients: dict[str | None, Client],
    extras: tuple[str, ...] = (),
    *,
    extremes: bool = True,
) -> list[str]:
    """Every request of one page; the ones answered with a 5xx."""
    failures: list[str] = []
    address = _path(route, pattern, values)

    def get(role: str | None, path: str, query: dict[str, str] | None = None) -> Any:
        response = clients[role].get(path, query or {})
        if response.streaming:  # read to the end, so the test client closes the file
            b"".join(response.streaming_content)
        if _fails(response):
            shown = {k: v[:40] for k, v in (query or {}).items()}
            failures.append(f"{response.status_code} GET {path[:120]} {shown} as {role}")
        return response

    # as it is, as every role
    pages = {role: get(role, address) for role in ROLES}
    # The residents' pages are read as the resident (staff are not signed in there).
    walker = RESIDENT if route.startswith("residents/") else SUPERUSER
    body = pages[walker]
    readable = body.status_code == 200 and not body.streaming
    html = body.content.decode("utf-8", "replace") if readable else ""
    names = sorted(get_form_fields(html, address) | set(extras)) if extremes else []
    # each query parameter at each extreme, as the superuser (who may see every page)
    for name in names:
        for value in EXTREMES:
            get(walker, address, {name: value})
    # every parameter at once at each extreme, the roles taking turns (each role meets several
    # extremes, each extreme one role: the walk stays short enough for CI on two cores)
    if names:
        for i, value in enumerate(EXTREMES):
            get(ROLES[i % len(ROLES)], address, dict.fromkeys(names, value))
    # each path parameter at each extreme
    if extremes:
        for name in values:
            for value in EXTREMES:
                get(walker, _path(route, pattern, {**values, name: value}))
    return failures


# ---------------------------------------------------------------------------------- tests


@pytest.mark.parametrize(("route", "pattern"), SITE, ids=[_name(route, p) for route, p in SITE])
def test_no_page_answers_5xx(
    route: str, pattern: URLPattern, clients: dict[str | None, Client]
) -> None:
    # given the town, and the page's path filled from its records
    name = _name(route, pattern)
    assert name in PATH_VALUES or not (
        pattern.pattern.converters or pattern.pattern.regex.groupindex
    ), f"{name}: add how its path is filled to PATH_VALUES"
    values = PATH_VALUES[name]() if name in PATH_VALUES else {}
    assert values is not None and None not in values.values(), f"{name}: no record in the town"
    logged = LOGGED_BY.get(name, ())
    before = row_counts(logged)
    # when it is requested as every role, with every extreme query and path value
    failures = _walk_page(route, pattern, values, clients, QUERY_EXTRAS.get(name, ()))
    # then no request answered with a 5xx, and nothing was written (but the lookup's log)
    assert failures == []
    assert row_counts(logged) == before


@pytest.mark.parametrize(("route", "pattern"), ADMIN, ids=[_name(route, p) for route, p in ADMIN])
def test_no_admin_page_answers_5xx(
    route: str, pattern: URLPattern, clients: dict[str | None, Client]
) -> None:
    # given an admin page filled from the first row of its model
    values = _admin_values(route, pattern)
    before = row_counts()
    # when it is requested as every role, and with extreme query and path values for one
    # model's pages (every model's admin pages are the same ModelAdmin code: walking each one's
    # extremes would only repeat these requests, and double the walk's time)
    one_model = not re.match(r"admin/\w+/\w+/", route) or route.startswith("admin/licensing/dog/")
    failures = _walk_page(route, pattern, values, clients, extremes=one_model)
    # then no 5xx, and nothing was written
    assert failures == []
    assert row_counts() == before


READS = re.compile(
    r"""(?:request\.GET|query)\.get\(\s*"(\w+)"|request\.GET\[\s*"(\w+)"\s*\]|"(\w+)" in request\.GET"""
)


def test_every_query_parameter_read_is_walked() -> None:
    # given every name a view reads from the query string directly
    read = {
        next(g for g in match.groups() if g)
        for source in SRC.rglob("*.py")
        for match in READS.finditer(source.read_text(encoding="utf-8"))
    }
    # then the walker sets each of them
    walked = {name for names in QUERY_EXTRAS.values() for name in names}
    assert read - walked == set()
