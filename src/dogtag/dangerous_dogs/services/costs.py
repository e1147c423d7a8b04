"""The costs ledger: costs and payments toward them (dangerous_dog.notice.costs, A.2.a, A.5, A.7)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser

from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.models import (
    Cost,
    CostPayment,
    DangerousDogCase,
    Order,
)
from dogtag.dangerous_dogs.services._common import (
    DESIGNATE,
    Kind,
    _event,
    _locked,
    _not_future,
    _refuse,
    _require,
)
from dogtag.law import dangerous_dog_steps as steps
from dogtag.law.findings import Finding
from dogtag.licensing.models import ReceiptLine
from dogtag.licensing.receipts import Payment, record_receipt
from dogtag.records.errors import ServiceError
from dogtag.records.refusals import service

# -------------------------------------------------------------------------------- costs


def seizure_not_justified(case: DangerousDogCase) -> bool:
    """A Hearing Officer's order found the seizure or impoundment not substantially justified by
    law (A.1.f, A.5)."""
    return Order.objects.filter(hearing__case=case, seizure_not_justified=True).exists()


def waived_costs(case: DangerousDogCase) -> list[Cost]:
    """The costs recorded that are not the owner's since that finding (A.5), recorded before it
    or after (``readings.costs_not_justified``)."""
    if not seizure_not_justified(case):
        return []
    return [c for c in case.costs.all() if steps.cost_waived(c.kind, seizure_not_justified=True)]


def balance(case: DangerousDogCase) -> Decimal:
    """What the person claiming an interest in the dog still owes on the case's costs, less the
    costs waived (A.5); below zero, what the City owes back of payments toward waived costs."""
    waived = {c.pk for c in waived_costs(case)}
    owed = sum((c.amount for c in case.costs.all() if c.pk not in waived), Decimal("0.00"))
    paid = sum((p.amount for p in case.cost_payments.all()), Decimal("0.00"))
    return owed - paid


@service
def record_cost(
    *,
    case: DangerousDogCase,
    kind: str,
    incurred_on: dt.date,
    description: str,
    amount: Decimal,
    actor: AbstractBaseUser,
) -> Cost:
    """dangerous_dog.notice.costs, A.2.a, A.5, A.7: the actual costs the person claiming an interest in
    the dog
    owes, "except to the extent a court or hearing officer finds the seizure or impoundment was
    not substantially justified by law"."""
    _require(actor, DESIGNATE, "record a cost")
    case = _locked(case)
    _not_future(incurred_on, "The date of the cost")
    problems: list[str | Finding] = []
    if (named := steps.provided_for("cost", kind, Cost.Kind.values)).blocks:
        problems.append(named)
    if amount <= 0:
        problems.append("The amount must be more than zero.")
    if not description.strip():
        problems.append("Describe the cost.")
    owed = steps.costs_owed(
        kind,
        hearing_requested=kind == Cost.Kind.HEARING and case.hearings.exists(),
        review_requested=kind == Cost.Kind.REVIEW and case.reviews.exists(),
        seizure_not_justified=seizure_not_justified(case),
    )
    if owed.blocks:
        problems.append(owed)
    _refuse(problems)
    cost = Cost.objects.create(
        case=case,
        kind=kind,
        incurred_on=incurred_on,
        description=description.strip(),
        amount=amount,
        recorded_by=actor,
    )
    _event(
        case,
        on=incurred_on,
        actor=actor,
        kind=Kind.COST,
        summary=f"Cost recorded: {cost.get_kind_display()}, {description.strip()}, "
        f"${amount:,.2f}. Balance owed: ${balance(case):,.2f}.",
        details={"cost": cost.pk, "amount": str(amount)},
    )
    return cost


@service
def record_cost_payment(
    *, case: DangerousDogCase, payment: Payment, on: dt.date, actor: AbstractBaseUser
) -> CostPayment:
    """A payment toward the case's actual costs, on a licensing receipt (never more than owed)."""
    _require(actor, DESIGNATE, "record a payment toward the costs")
    case = _locked(case)
    _not_future(on, "The date of the payment")
    owed = balance(case)
    if payment.amount <= 0:
        raise ServiceError("The payment must be more than zero.")
    if payment.amount > owed:
        raise ServiceError(
            f"The payment (${payment.amount:,.2f}) is more than the balance owed (${owed:,.2f})."
        )
    line = ReceiptLine(
        description=f"Dangerous dog case {case.number}: actual costs ({P.sec(P.NOTICE_COSTS, P.COSTS)})",
        parameter="actual costs",
        section=P.sec(P.COSTS),
        source=f"actual costs recorded in case {case.number}",
        amount=payment.amount,
    )
    receipt = record_receipt(case.owner, payment, [line], actor, None)
    paid = CostPayment.objects.create(
        case=case, paid_on=on, amount=payment.amount, receipt=receipt, recorded_by=actor
    )
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.PAYMENT,
        summary=f"Payment of ${payment.amount:,.2f} toward the costs, receipt {receipt.number}. "
        f"Balance owed: ${balance(case):,.2f}.",
        details={"receipt": receipt.number},
    )
    return paid
