"""The receipt ledger (license, kennel and dangerous dog fees): every payment the city takes, in any domain.

A receipt is never edited or deleted (a void is a reversing receipt); its number is drawn from the
yearly sequence inside the caller's transaction. ``Receipt`` stays a licensing model, so the ledger
lives here, the lowest layer with it; kennels, complaints and dangerous dogs write through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from dogtag.law.findings import Finding
from dogtag.licensing.models import License, Owner, Receipt, ReceiptLine
from dogtag.records.services import next_number


@dataclass(frozen=True)
class Payment:
    method: str  # Receipt.Method
    amount: Decimal
    payer: str = ""
    reference: str = ""


def receipt_line(description: str, finding: Finding, detail: str) -> ReceiptLine:
    money = [p for p in finding.parameters if p.definition.type == "money"]
    parameter = money[-1]
    return ReceiptLine(
        description=description,
        parameter=parameter.key,
        section=finding.sections[0],
        source=parameter.source.cite(),
        amount=Decimal(str(finding.details[detail])),
    )


def record_receipt(
    owner: Owner,
    payment: Payment,
    lines: list[ReceiptLine],
    actor: AbstractBaseUser,
    license_: License | None,
    *,
    voids: Receipt | None = None,
    void_reason: str = "",
) -> Receipt:
    year = timezone.localdate().year
    receipt = Receipt.objects.create(
        number=f"R{year}-{next_number('receipt', year):06d}",
        payer=payment.payer or owner.name,
        owner=owner,
        method=payment.method,
        reference=payment.reference,
        cashier=actor,
        total=sum((line.amount for line in lines), Decimal("0.00")),
        license=license_,
        voids=voids,
        void_reason=void_reason,
    )
    for line in lines:
        line.receipt = receipt
    ReceiptLine.objects.bulk_create(lines)
    return receipt
