"""Review of the designation (3-2-9.A.7) and the costs ledger (A.1.f, A.2.a, A.5, A.7)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.models import Cost, CostPayment, DangerousDogCase, Review
from dogtag.licensing.models import Receipt
from dogtag.licensing.receipts import Payment
from dogtag.records.errors import Refused, ServiceError

from .conftest import D, counts, walk

State = DangerousDogCase.State


def all_counts():
    return (*counts(), Review.objects.count(), Cost.objects.count(), CostPayment.objects.count())


def refused(call, message, exception=ServiceError):
    before = all_counts()
    with pytest.raises(exception) as caught:
        call()
    assert message in str(caught.value), str(caught.value)
    assert all_counts() == before


def ask(case, actor, on, **changes):
    fields = dict(
        case=case,
        requested_on=on,
        reviewer="hearing_officer",
        factors=["sterilization", "training"],
        evidence="Neutered 2026-11; completed a behavior-modification course in 2027.",
        in_writing=True,
        actor=actor,
    )
    fields.update(changes)
    return services.request_review(**fields)


def test_no_review_before_one_year(officer, hearing_officer, dog):
    case = walk("registered", officer, hearing_officer, dog)
    # deemed dangerous by the order of 2026-11-16: a review may be asked from 2027-11-16
    refused(
        lambda: ask(case, officer, D(2026, 11, 29)),
        "No review yet: the owner may request one from November 16, 2027",
        Refused,
    )


def test_a_review_by_the_hearing_officer_may_rescind(officer, hearing_officer, dog, frozen_today):
    case = walk("registered", officer, hearing_officer, dog)
    frozen_today.move_to(dt.datetime(2027, 11, 20, 16, 0, tzinfo=dt.UTC))
    refused(lambda: ask(case, officer, D(2027, 11, 20), in_writing=False), "must be in writing")
    refused(lambda: ask(case, officer, D(2027, 11, 20), evidence=" "), "must provide evidence")
    review = ask(case, officer, D(2027, 11, 20))
    summary = case.events.last().summary
    assert "clear and convincing evidence" in summary and "actual costs (3-2-9.A.7)" in summary
    refused(lambda: ask(case, officer, D(2027, 11, 20)), "already pending")
    refused(
        lambda: services.decide_review(
            case=case,
            decided_on=D(2027, 11, 20),
            outcome="rescinded",
            findings="x",
            actor=officer,
        ),
        "Only the Hearing Officer may decide a review",
    )
    services.decide_review(
        case=case,
        decided_on=D(2027, 11, 20),
        outcome="rescinded",
        findings="Clear and convincing evidence of changed behavior.",
        actor=hearing_officer,
    )
    case.refresh_from_db()
    review.refresh_from_db()
    assert case.state == State.RESCINDED and review.outcome == "rescinded"
    assert case.registrations.get().status == "ended"


def test_costs_and_payments(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    refused(
        lambda: services.record_cost(
            case=case,
            kind="review",
            incurred_on=D(2026, 11, 20),
            description="x",
            amount=Decimal("10.00"),
            actor=officer,
        ),
        "No review was requested",
    )
    services.record_cost(
        case=case,
        kind="hearing",
        incurred_on=D(2026, 11, 12),
        description="Hearing officer's fee",
        amount=Decimal("150.00"),
        actor=officer,
    )
    services.record_cost(
        case=case,
        kind="care",
        incurred_on=D(2026, 11, 20),
        description="Boarding, 4 days",
        amount=Decimal("92.00"),
        actor=officer,
    )
    assert services.balance(case) == Decimal("242.00")
    refused(
        lambda: services.record_cost_payment(
            case=case,
            payment=Payment(method="cash", amount=Decimal("300.00")),
            on=D(2026, 11, 29),
            actor=officer,
        ),
        "more than the balance owed ($242.00)",
    )
    paid = services.record_cost_payment(
        case=case,
        payment=Payment(method="cash", amount=Decimal("200.00")),
        on=D(2026, 11, 29),
        actor=officer,
    )
    assert paid.receipt.lines.get().section == "3-2-9.A.5"
    assert services.balance(case) == Decimal("42.00")
    assert "Balance owed: $42.00" in case.events.last().summary
    assert Receipt.objects.filter(number=paid.receipt.number).exists()


def test_no_care_costs_when_the_seizure_was_not_justified(officer, hearing_officer, dog):
    case = walk("hearing_held", officer, hearing_officer, dog)
    services.issue_order(
        case=case,
        issued_on=D(2026, 11, 16),
        disposition="upheld",
        findings_of_fact="x",
        seizure_not_justified=True,
        actor=hearing_officer,
    )
    refused(
        lambda: services.record_cost(
            case=case,
            kind="care",
            incurred_on=D(2026, 11, 20),
            description="Boarding",
            amount=Decimal("92.00"),
            actor=officer,
        ),
        "not substantially justified by law",
    )


def test_the_finding_waives_care_and_hearing_costs_recorded_before_it(
    client, officer, hearing_officer, dog
):
    # given a hearing held, with its costs and the dog's boarding recorded and $50 paid
    case = walk("hearing_held", officer, hearing_officer, dog)
    for kind, amount in (("hearing", "150.00"), ("care", "92.00")):
        services.record_cost(
            case=case,
            kind=kind,
            incurred_on=D(2026, 11, 12),
            description=f"{kind} before the order",
            amount=Decimal(amount),
            actor=officer,
        )
    services.record_cost_payment(
        case=case,
        payment=Payment(method="cash", amount=Decimal("50.00")),
        on=D(2026, 11, 13),
        actor=officer,
    )
    assert services.balance(case) == Decimal("192.00")
    # when the order finds the seizure not substantially justified by law (A.1.f, A.5)
    services.issue_order(
        case=case,
        issued_on=D(2026, 11, 16),
        disposition="upheld",
        findings_of_fact="x",
        seizure_not_justified=True,
        actor=hearing_officer,
    )
    # then neither cost is the owner's any more, and the City owes back what was paid
    assert sorted(c.kind for c in services.waived_costs(case)) == ["care", "hearing"]
    assert services.balance(case) == Decimal("-50.00")
    assert (
        "payment"
        not in services.case_standing(
            case, D(2026, 11, 29), services.case_circumstances(case, D(2026, 11, 29))
        ).allowed
    )
    # and a hearing cost recorded after the finding is refused, as the care cost is
    refused(
        lambda: services.record_cost(
            case=case,
            kind="hearing",
            incurred_on=D(2026, 11, 20),
            description="Transcript",
            amount=Decimal("40.00"),
            actor=officer,
        ),
        "its costs of care and keeping, and the costs of the hearing, are not the owner's",
        Refused,
    )
    client.force_login(officer)
    page = client.get(f"/dangerous-dogs/{case.number}/").content.decode()
    assert "the City owes back $50.00 paid toward costs since waived" in page
    assert page.count("<strong>Waived:</strong>") == 2
