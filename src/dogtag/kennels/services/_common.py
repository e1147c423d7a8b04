"""What the kennel services share: the kinds, the result of an issue, the fee's check and
receipt, the hearing day, the refusal of a future date."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    PrivateKennelLicense,
)
from dogtag.law import kennel_procedure
from dogtag.law.findings import Finding
from dogtag.licensing.models import Owner, Receipt
from dogtag.licensing.receipts import Payment, receipt_line, record_receipt
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.services import today

PRIVATE_KINDS = tuple(PrivateKennelLicense.Kind.values)
OPEN_APPLICATION = (
    CommercialKennelApplication.Status.RECEIVED,
    CommercialKennelApplication.Status.HEARING_NOTICED,
    CommercialKennelApplication.Status.RECOMMENDED,
)


@dataclass(frozen=True)
class KennelIssued:
    license: PrivateKennelLicense | CommercialKennelLicense
    receipt: Receipt | None
    findings: list[Finding]


def _check_payment(payment: Payment, fees: Sequence[Finding], section: str) -> Finding:
    """``kennel.fee_paid``: the payment is the fee set in the fee schedule (``fees.schedule``);
    refused otherwise."""
    paid = kennel_procedure.fee_paid(payment.amount, fees, section)
    if paid.blocks:
        raise Refused([paid, *fees])
    return paid


def _receipt(
    payer: Owner, payment: Payment, fees: Sequence[Finding], actor: AbstractBaseUser, label: str
) -> Receipt:
    lines = [receipt_line(f"{f.details['description']}, {label}", f, "fee") for f in fees]
    return record_receipt(payer, payment, lines, actor, None)


def hearing_day(application: CommercialKennelApplication) -> dt.date:
    """The day of the Planning & Zoning hearing, in the city's time zone."""
    assert application.hearing_at is not None
    return timezone.localtime(application.hearing_at).date()


def _not_future(day: dt.date, what: str) -> None:
    if day > today():
        raise ServiceError(f"{what} cannot be recorded before it happens ({day.isoformat()}).")
