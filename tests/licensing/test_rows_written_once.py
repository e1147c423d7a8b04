"""A license's rows are each written once, complete (issue 14, storage and speed)."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from dogtag.licensing import services
from dogtag.licensing.models import License
from dogtag.records.models import Decision
from dogtag.records.services import reserve_id
from tests.licensing.conftest import TODAY, cash

pytestmark = pytest.mark.django_db


def test_issuing_writes_the_decision_once_naming_its_license(clerk, stock, dog, rabies):
    # when the clerk issues a license
    with CaptureQueriesContext(connection) as queries:
        issued = services.issue_license(
            dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
        )
    # then the decision was inserted naming the license, and never updated afterwards
    statements = [q["sql"] for q in queries.captured_queries]
    assert [s for s in statements if s.startswith('UPDATE "records_decision"')] == []
    assert len([s for s in statements if s.startswith('INSERT INTO "records_decision"')]) == 1
    decision = Decision.objects.get(action="license.issue.new")
    assert decision.subject == issued.license
    assert License.objects.get(pk=issued.license.pk).decision == decision


def test_the_next_reservation_goes_past_every_license_issued(clerk, stock, dog, rabies):
    # given a license issued (its id reserved, then used)
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    # when another id is reserved
    with transaction.atomic():
        later = reserve_id(License)
    # then it is past the license's
    assert later > issued.license.pk


@pytest.mark.django_db(transaction=True)
def test_reserving_outside_a_transaction_is_refused():
    with pytest.raises(AssertionError, match="inside the service's transaction"):
        reserve_id(License)
