"""No page grows with the city (issue 14 item 3): a record's own lists — its decisions, its
timeline, the complaints about it, the council's fee resolutions — show one page of
``RECORD_PAGE_SIZE`` rows with the count of all, and the queries a page runs do not grow with the
rows behind it."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from dogtag.records.pagination import RECORD_PAGE_SIZE
from dogtag.staff.demo import DEMO_USERNAME
from tests.town import build_town

DAY = dt.date(2026, 12, 1)


def first(model: str, **filters: Any) -> Any:
    found = apps.get_model(model).objects.filter(**filters).order_by("pk").first()
    assert found is not None, f"the demo town has no {model}"
    return found


def a_certificate() -> Any:
    """A clinic's certificate waiting in the queue (the demo town has none)."""
    model = apps.get_model("clinics.Certificate")
    found = model.objects.order_by("pk").first()
    return found or model.objects.create(
        clinic="Rum River Animal Hospital",
        certificate_number="RR-2026-1120",
        veterinarian="Dr. Ana Lindqvist, DVM",
        vaccinated_on=DAY,
        duration_years=1,
        expires_on=DAY.replace(year=DAY.year + 1),
        received_by=clerk(),
    )


def decisions(model: str) -> Callable[[int], None]:
    """``n`` more stored decisions about the first ``model``."""

    def grow(n: int) -> None:
        subject = first(model)
        kind = ContentType.objects.get_for_model(subject)
        apps.get_model("records.Decision").objects.bulk_create(
            apps.get_model("records.Decision")(
                action="test.page",
                outcome="done",
                decided_on=DAY,
                subject_type=kind,
                subject_id=subject.pk,
            )
            for _ in range(n)
        )

    return grow


def clerk() -> Any:
    return get_user_model().objects.get(username=DEMO_USERNAME)


def case_events(n: int) -> None:
    model = apps.get_model("dangerous_dogs.CaseEvent")
    last = model.objects.filter(case=first("dangerous_dogs.DangerousDogCase")).last()
    model.objects.bulk_create(
        model(case=last.case, on=last.on, by=clerk(), kind=last.kind, summary="Noted.")
        for _ in range(n)
    )


def follow_ups(n: int) -> None:
    model = apps.get_model("complaints.FollowUp")
    complaint = first("complaints.Complaint")
    model.objects.bulk_create(
        model(complaint=complaint, on=DAY, by=clerk(), note="Called again.") for _ in range(n)
    )


def outbox_events(n: int) -> None:
    model = apps.get_model("outbox.OutboxEvent")
    message = first("outbox.OutboxMessage")
    model.objects.bulk_create(
        model(message=message, what=model.What.choices[0][0]) for _ in range(n)
    )


def complaints_about_a_dog(n: int) -> None:
    model = apps.get_model("complaints.Complaint")
    dog = first("licensing.Dog")
    original = first("complaints.Complaint")
    for _ in range(n):
        copy = model.objects.get(pk=original.pk)
        copy.pk = None
        copy.number = f"T-{model.objects.count() + 1:06d}"
        copy.save()
        copy.dogs.add(dog)


def resolutions(n: int) -> None:
    model = apps.get_model("records.FeeResolution")
    start = model.objects.count()
    model.objects.bulk_create(
        model(number=f"T-{start + i}", adopted_on=DAY, effective_on=DAY, entered_by=clerk())
        for i in range(n)
    )


@dataclass(frozen=True)
class Case:
    url: Callable[[], str]
    grow: Callable[[int], None]
    #: The class each rendered row carries.
    row: str
    noun: str


CASES: dict[str, Case] = {
    "license decisions": Case(
        lambda: reverse("license_detail", args=[first("licensing.License").number]),
        decisions("licensing.License"),
        "dogtag-decision",
        "decisions",
    ),
    "private kennel decisions": Case(
        lambda: reverse(
            "kennel_private_detail", args=[first("kennels.PrivateKennelLicense").number]
        ),
        decisions("kennels.PrivateKennelLicense"),
        "dogtag-decision",
        "decisions",
    ),
    "commercial kennel decisions": Case(
        lambda: reverse(
            "kennel_commercial_detail", args=[first("kennels.CommercialKennelApplication").number]
        ),
        decisions("kennels.CommercialKennelApplication"),
        "dogtag-decision",
        "decisions",
    ),
    "clinic certificate decisions": Case(
        lambda: reverse("certificate_detail", args=[a_certificate().pk]),
        decisions("clinics.Certificate"),
        "dogtag-decision",
        "decisions",
    ),
    "enclosure decisions": Case(
        lambda: reverse("enclosure_detail", args=[first("parcels.Enclosure").pk]),
        decisions("parcels.Enclosure"),
        "dogtag-decision",
        "decisions",
    ),
    "dangerous-dog case timeline": Case(
        lambda: reverse(
            "dangerous_dog_case", args=[first("dangerous_dogs.DangerousDogCase").number]
        ),
        case_events,
        "dogtag-event",
        "events",
    ),
    "complaint timeline": Case(
        lambda: reverse("complaint_detail", args=[first("complaints.Complaint").number]),
        follow_ups,
        "dogtag-event",
        "events",
    ),
    "outbox message events": Case(
        lambda: reverse("outbox_message", args=[first("outbox.OutboxMessage").pk]),
        outbox_events,
        "dogtag-outbox-event",
        "events",
    ),
    "complaints about a dog": Case(
        lambda: reverse("dog_detail", args=[first("licensing.Dog").pk]),
        complaints_about_a_dog,
        "dogtag-complaint",
        "complaints",
    ),
    "fee resolutions": Case(
        lambda: reverse("fee_schedule"), resolutions, "dogtag-resolution", "resolutions"
    ),
}


@pytest.fixture(scope="module")
def town(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    with django_db_blocker.unblock(), transaction.atomic():
        build_town(12)
        yield
        transaction.set_rollback(True)


def rendered(client: Client, url: str, case: Case) -> tuple[int, int, int]:
    """The rows the page drew, the count it says, and the queries it ran."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    rows = len(re.findall(rf'<[a-z]+ class="(?:[^"]* )?{case.row}[ "]', html))
    counts = re.findall(rf'data-count="(\d+)">\d+ {case.noun}', html)
    assert len(counts) == 1, counts
    return rows, int(counts[0]), len(queries)


def assert_one_page_counted(case: Any) -> None:
    """Given a record's list with more than a page of rows: the page draws one page and counts
    them all; the next page (``case.param``, when the case names it) draws the rest, up to a page;
    and with many more rows the page is the same size, the count says all, and no query was
    added."""
    client = Client()
    client.force_login(get_user_model().objects.get(username=DEMO_USERNAME))
    url = case.url()
    # given more than a page of rows behind the list
    case.grow(RECORD_PAGE_SIZE + 1)
    rendered(client, url, case)  # once before counting, so that caches filled once are not counted
    rows, count, queries = rendered(client, url, case)
    # then the page draws one page of them and counts them all
    assert rows == RECORD_PAGE_SIZE
    assert count > RECORD_PAGE_SIZE
    # and the next page draws the rest (up to a page), where the case names its page parameter
    if param := getattr(case, "param", ""):
        last, last_count, _ = rendered(client, f"{url}?{param}=2", case)
        assert (last, last_count) == (min(count - RECORD_PAGE_SIZE, RECORD_PAGE_SIZE), count)
    # when there are many more
    case.grow(3 * RECORD_PAGE_SIZE)
    more_rows, more_count, more_queries = rendered(client, url, case)
    # then the page is the same size, the count says all, and no query was added
    assert more_rows == RECORD_PAGE_SIZE
    assert more_count == count + 3 * RECORD_PAGE_SIZE
    assert more_queries == queries


@pytest.mark.parametrize("name", CASES)
def test_no_record_page_grows_with_its_rows(town: None, db: None, name: str) -> None:
    assert_one_page_counted(CASES[name])
