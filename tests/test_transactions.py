"""Every write service runs in a transaction (issue 11, item 9).

Most of the suite runs each test inside a transaction that is rolled back, which hides a service
whose ``@transaction.atomic`` is missing or sits on the wrong function. These tests run with real
transactions (``transaction=True``): on PostgreSQL a ``select_for_update`` outside a transaction
raises; and on every database ``writes_in_transactions`` fails the test if an INSERT, UPDATE,
DELETE or SELECT ... FOR UPDATE runs while the connection is in autocommit, outside an atomic
block. Run them on SQLite and on PostgreSQL (``DATABASE_URL=postgres://...``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
import time_machine
from axes.models import AccessAttempt
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from dogtag.accounts import services as accounts
from dogtag.complaints import services as complaints
from dogtag.complaints.models import Complaint
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.kennels import services as kennels
from dogtag.law.kennel_conditions import kennel_fee
from dogtag.law.nuisance import AtLargeFacts
from dogtag.licensing import services as desk
from dogtag.licensing.receipts import Payment
from dogtag.parcels import services as parcels
from dogtag.parcels.models import Parcel
from dogtag.records import roles
from dogtag.records.services import city_params
from dogtag.records.versions import version_of
from tests.dangerous_dogs.conftest import walk
from tests.kennels.conftest import hearing_time, make_parcel, square

pytestmark = pytest.mark.django_db(transaction=True)

D = dt.date
CHICAGO = dt.timezone(dt.timedelta(hours=-6))
WRITES = ("INSERT", "UPDATE", "DELETE")


@pytest.fixture(autouse=True)
def frozen_today() -> Iterator[None]:
    # 10:00 in Nowthen on 2026-11-29
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


@contextlib.contextmanager
def writes_in_transactions() -> Iterator[list[str]]:
    """Fail on any write (or row lock) made outside an atomic block while the body runs."""
    outside: list[str] = []

    def check(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        statement = sql.lstrip().upper()
        writes = statement.startswith(WRITES) or " FOR UPDATE" in statement
        if writes and not connection.in_atomic_block:
            outside.append(sql[:120])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(check):
        yield outside
    assert outside == [], "written outside a transaction:\n" + "\n".join(outside)


def _user(django_user_model: Any, name: str, role: str) -> Any:
    user = django_user_model.objects.create_user(name, password="x" * 12)
    roles.ensure_roles()
    user.groups.add(Group.objects.get(name=role))
    return django_user_model.objects.get(pk=user.pk)


@pytest.fixture
def officer(django_user_model: Any) -> Any:
    return _user(django_user_model, "officer1", roles.ANIMAL_CONTROL_OFFICER)


@pytest.fixture
def hearing_officer(django_user_model: Any) -> Any:
    return _user(django_user_model, "hearing1", roles.HEARING_OFFICER)


@pytest.fixture
def clerk(django_user_model: Any) -> Any:
    return _user(django_user_model, "clerk1", roles.CLERK)


def cash(amount: str) -> Payment:
    return Payment(method="cash", amount=Decimal(amount))


def fee(item: str, on: dt.date) -> str:
    return str(kennel_fee(item, on, city_params()).details["fee"])


def test_the_guard_catches_a_write_outside_a_transaction(clerk):
    # given the guard, when a row is written in autocommit, then it is reported
    with (
        pytest.raises(AssertionError, match="written outside a transaction"),
        writes_in_transactions(),
    ):
        Parcel.objects.create(pin="R99-0001", boundary=square(0, 0), acres=Decimal("1"))


def test_licensing_writes_run_in_transactions(clerk):
    with writes_in_transactions():
        owner = desk.register_owner(
            actor=clerk,
            name="Pat Gustafson",
            street="7120 Viking Blvd NW",
            postal_code="55303",
            phone="763-555-0142",
        )
        desk.update_owner(owner, actor=clerk, version=version_of(owner), phone="763-555-0143")
        dog = desk.register_dog(
            owner=owner,
            actor=clerk,
            name="Biscuit",
            breed="Labrador retriever",
            color="Yellow",
            sex="female",
            sterilized=True,
            born=D(2026, 5, 20),
        )
        desk.add_tag_stock(prefix="2026-", first=1, last=5, actor=clerk)
        rabies = desk.record_rabies_vaccination(
            dog=dog,
            actor=clerk,
            vaccinated_on=D(2026, 10, 1),
            expires_on=D(2027, 10, 1),
            duration_years=1,
            veterinarian="Dr. Ana Lindqvist, DVM",
        )
        desk.issue_license(
            dog=dog,
            rabies=rabies,
            kind="new",
            on=D(2026, 11, 29),
            payment=cash("3.00"),
            actor=clerk,
        )


def test_kennel_writes_run_in_transactions(clerk):
    parcel = make_parcel("R01-0001", square(0, 0), address="7120 Viking Blvd NW")
    make_parcel("R01-0002", square(700, 0))
    owner = desk.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
        parcel=parcel,
    )
    with writes_in_transactions():
        private = kennels.issue_private_kennel_license(
            holder=owner,
            parcel=parcel,
            dogs_licensed=5,
            on=D(2026, 11, 1),
            payment=cash(fee("private_kennel.application", D(2026, 11, 1))),
            actor=clerk,
        )
        kennels.record_inspection(
            license_=private.license,
            reason="complaint",
            complaint_summary="Barking at night",
            inspected_on=D(2026, 11, 20),
            results=[
                kennels.Checked(section, requirement, True)
                for section, requirement, _ in kennels.checklist(private.license, D(2026, 11, 20))
            ],
            actor=clerk,
        )
        application = kennels.apply_for_commercial_kennel(
            applicant=owner,
            parcel=parcel,
            dogs_requested=20,
            on=D(2025, 9, 1),
            payment=cash(
                str(
                    Decimal(fee("commercial_kennel.application", D(2025, 9, 1)))
                    + Decimal(fee("commercial_kennel.public_hearing", D(2025, 9, 1)))
                )
            ),
            actor=clerk,
        )
        kennels.schedule_hearing(
            application=application,
            hearing_at=hearing_time(D(2025, 10, 20)),
            place="Nowthen City Hall",
            actor=clerk,
            on=D(2025, 9, 2),
        )
        kennels.draw_notice_list(application=application, on=D(2025, 10, 1), actor=clerk)
        kennels.record_notice_mailed(application=application, mailed_on=D(2025, 10, 2), actor=clerk)
        kennels.record_hearing_held(application=application, on=D(2025, 10, 20), actor=clerk)
        kennels.record_recommendation(
            application=application, recommendation="approve", on=D(2025, 10, 20), actor=clerk
        )
        kennels.record_council_decision(
            application=application, approved=True, on=D(2025, 11, 3), actor=clerk
        )
        issued = kennels.issue_commercial_kennel_license(
            application=application, on=D(2025, 11, 4), actor=clerk
        )
        kennels.renew_commercial_kennel_license(
            license_=issued.license,
            on=D(2026, 11, 1),
            payment=cash(fee("commercial_kennel.renewal", D(2026, 11, 1))),
            actor=clerk,
        )


def test_parcel_writes_run_in_transactions(officer):
    parcel = make_parcel("R01-0001", square(0, 0), address="7120 Viking Blvd NW")
    with writes_in_transactions():
        enclosure, _ = parcels.record_enclosure(
            parcel=parcel,
            location={
                "type": "Polygon",
                "coordinates": [[[300, 300], [320, 300], [320, 320], [300, 320], [300, 300]]],
            },
            constructed_on=None,
            label="Kennel run",
            actor=officer,
        )
        parcels.add_enclosure_photo(
            enclosure=enclosure,
            image=SimpleUploadedFile("run.png", _png(), content_type="image/png"),
            taken_on=D(2026, 11, 28),
            caption="The run",
            actor=officer,
        )


def _png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, format="PNG")
    return out.getvalue()


def test_complaint_writes_run_in_transactions(officer):
    with writes_in_transactions():
        complaint = complaints.receive_complaint(
            kind=Complaint.Kind.AT_LARGE,
            occurred_at=dt.datetime(2026, 11, 28, 9, 0, tzinfo=CHICAGO),
            narrative="A dog loose in the park.",
            address="Nowthen Heritage Park",
            actor=officer,
        )
        # received on the suite's day, Sun 11-29: each step on or after it (issue 26)
        complaints.assign(complaint, officer=officer, on=D(2026, 11, 29), actor=officer)
        complaints.add_follow_up(complaint, on=D(2026, 11, 29), note="Visited.", actor=officer)
        complaints.add_file(
            complaint,
            kind="photo",
            upload=io.BytesIO(_png()),
            filename="dog.png",
            description="The dog",
            actor=officer,
        )
        complaints.record_at_large(
            complaint,
            facts=AtLargeFacts(off_owner_premises=True),
            on=D(2026, 11, 29),
            actor=officer,
            # the warning is addressed to whom the duty falls on (3-2-7, issue 26)
            named=complaints.Named(duty="keeper", person="Pat Gustafson"),
        )
        complaints.close(
            complaint, outcome="warning", decided_on=D(2026, 11, 29), note="", actor=officer
        )
        barking = complaints.receive_complaint(
            kind=Complaint.Kind.BARKING,
            occurred_at=dt.datetime(2026, 11, 28, 22, 0, tzinfo=CHICAGO),
            narrative="Barking at night.",
            address="7120 Viking Blvd NW",
            actor=officer,
        )
        start = dt.datetime(2026, 11, 28, 22, 0, tzinfo=CHICAGO)
        complaints.add_noise_times(
            barking,
            noises=[start + dt.timedelta(seconds=20 * i) for i in range(16)],
            description="Heard",
            on=D(2026, 11, 29),
            actor=officer,
        )
        complaints.add_noise_log(
            barking,
            upload=io.BytesIO(b"time\n22:00:00\n22:00:20\n"),
            filename="log.csv",
            log_date=D(2026, 11, 28),
            on=D(2026, 11, 29),
            actor=officer,
        )


def test_dangerous_dog_writes_run_in_transactions(clerk, officer, hearing_officer):
    owner = desk.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )
    dog = desk.register_dog(
        owner=owner,
        actor=clerk,
        name="Rex",
        breed="German shepherd",
        color="Black and tan",
        sex="male",
        born=D(2021, 4, 2),
    )
    desk.add_tag_stock(prefix="2026-", first=1, last=5, actor=clerk)
    rabies = desk.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2027, 10, 1),
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    desk.issue_license(
        dog=dog,
        rabies=rabies,
        kind="new",
        on=D(2026, 10, 2),
        payment=cash("9.00"),  # fee + late penalty
        actor=clerk,
    )
    with writes_in_transactions():
        case = walk("registered", officer, hearing_officer, dog)
    assert case.state == DangerousDogCase.State.REGISTERED


def test_account_writes_run_in_transactions(django_user_model):
    admin = django_user_model.objects.create_user("admin1", password="x" * 12)
    AccessAttempt.objects.create(
        username="someone", ip_address="192.0.2.1", failures_since_start=5, user_agent="test"
    )
    with writes_in_transactions():
        accounts.unlock_sign_in(kind="username", value="someone", acting_user=admin)
