"""Every write of the clinics' certificates runs in a transaction (issue 11 item 9's guard):
receiving (recorded and queued), the clerk's choice, the one-step renewal, a CSV batch and the
reminders by e-mail, with real transactions."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.files.base import ContentFile

from dogtag.clinics import batches, letters, services
from dogtag.licensing.receipts import Payment
from tests.test_transactions import writes_in_transactions

pytestmark = pytest.mark.django_db(transaction=True)

D = dt.date
CSV = (
    b"certificate_number,veterinarian,vaccinated_on,duration_years,expires_on,dog_name,owner_name\n"
    b"RR-9,Dr. Ana Lindqvist,2026-11-20,1,2027-11-20,Rex,Sam Lund\n"
)


def test_clinic_writes_run_in_transactions(clerk, juno):
    dog, _, _ = juno
    common = {
        "veterinarian": "Dr. Ana Lindqvist, DVM",
        "vaccinated_on": D(2026, 11, 20),
        "duration_years": 1,
        "expires_on": D(2027, 11, 20),
        "owner_name": "Pat Gustafson",
        "owner_email": "pat@example.org",
    }
    with writes_in_transactions():
        recorded = services.receive_certificate(
            clinic="Rum River",
            values={
                **common,
                "certificate_number": "RR-1",
                "dog_name": "Juno",
                "owner_street": "7120 Viking Blvd NW",
                "breed": "Border collie",
                "sex": "female",
            },
            actor=clerk,
        ).certificate
        queued = services.receive_certificate(
            clinic="Rum River",
            values={**common, "certificate_number": "RR-2", "dog_name": "Rex"},
            actor=clerk,
        ).certificate
        services.resolve_certificate(certificate=queued, dog=None, actor=clerk)
        due = services.amount_due(recorded)
        services.renew_from_certificate(
            certificate=recorded, payment=Payment(method="cash", amount=Decimal(due)), actor=clerk
        )
        batch = batches.store_batch(
            clinic="Rum River", upload=ContentFile(CSV, name="b.csv"), rows=1, actor=clerk
        )
        batches.process(batch, clerk)
    # the reminders' own rows are written in the service's transaction; the outbox enqueues the
    # sending task once it commits (``outbox.queue_message``), a write of the task backend's own
    with writes_in_transactions() as outside:
        assert letters.email_reminders(on=D(2026, 11, 29), actor=clerk) == 1
        outside[:] = [sql for sql in outside if "django_tasks" not in sql]
    assert dog.licenses.filter(kind="renewal").count() == 1
