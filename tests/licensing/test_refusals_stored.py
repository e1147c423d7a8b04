"""A refusal is kept (issue 11 item 2): the action writes nothing, and the refusal is stored as a
Decision with outcome "refused", its findings, who asked, the legal date and the record."""

import pytest
from django.contrib.contenttypes.models import ContentType

from dogtag.law.findings import Finding
from dogtag.licensing import services
from dogtag.licensing.models import Dog
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.models import Decision
from dogtag.records.refusals import service

from .conftest import TODAY, cash, snapshot

pytestmark = pytest.mark.django_db


def test_a_refused_license_writes_nothing_and_stores_its_refusal(clerk, stock, dog, rabies):
    # given a dog whose license costs $3.00
    before = snapshot()
    # when the clerk takes $2.00
    with pytest.raises(Refused):
        services.issue_license(
            dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("2.00"), actor=clerk
        )
    # then nothing of the license is written ...
    assert snapshot() == before
    # ... and the refusal is kept, with the finding that refused it
    [refusal] = Decision.objects.filter(outcome="refused")
    assert (refusal.action, refusal.decided_on, refusal.actor) == (
        "licensing.issue_license",
        TODAY,
        clerk,
    )
    assert (refusal.subject_type, refusal.subject_id) == (
        ContentType.objects.get_for_model(Dog),
        dog.pk,
    )
    assert [f["rule"] for f in refusal.findings] == ["license.paid_in_full", "license.amount_due"]
    assert [f["blocks"] for f in refusal.findings] == [True, False]
    assert refusal.sections == ["3-2-2.A", "3-2-2.B"]
    assert refusal.messages[0] == (
        "The payment ($2.00) does not match the amount due ($3.00); the fee is paid in full "
        "with the application (3-2-2.A)."
    )


def test_an_error_that_is_not_law_stores_nothing(clerk):
    # given an error that is not a refusal of the law (a choice not on the form's list)
    before = Decision.objects.count()
    with pytest.raises(ServiceError) as raised:
        services.record_tag_violation(kind="painted", observed_on=TODAY, actor=clerk)
    # then it is a plain error, and no Decision of any outcome is stored
    assert not isinstance(raised.value, Refused)
    assert Decision.objects.count() == before


REFUSAL = Finding(
    rule="test.refusal", outcome="refused", sections=("3-2-2.A",), blocks=True, message="No."
)


@service
def _inner(*, on, actor):
    raise Refused([REFUSAL])


@service
def _outer(*, on, actor):
    _inner(on=on, actor=actor)


def test_a_service_that_calls_a_refused_service_stores_one_refusal(clerk):
    # when an outer service calls an inner one the law refuses
    with pytest.raises(Refused):
        _outer(on=TODAY, actor=clerk)
    # then one refusal is stored, named for the outer action, the one the clerk asked for
    [refusal] = Decision.objects.filter(outcome="refused")
    assert (refusal.action, refusal.actor, refusal.decided_on) == ("tests._outer", clerk, TODAY)
    assert refusal.findings == [REFUSAL.to_json()]
