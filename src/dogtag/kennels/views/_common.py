"""What the kennel pages share: the permissions, the fee a form starts with, the payment a form
takes, and a refusal as the forms' pages show it."""

from __future__ import annotations

from typing import Any

from dogtag.kennels import forms as kforms
from dogtag.kennels import services
from dogtag.law.kennel_conditions import kennel_fee
from dogtag.records.errors import ServiceError
from dogtag.records.services import city_params, today

ISSUE = "records.issue_kennel_license"
HEARING = "records.record_kennel_hearing"
INSPECT = "records.inspect_kennel"


def _payment(form: kforms.PaymentForm) -> services.Payment:
    data = form.cleaned_data
    return services.Payment(
        method=data["method"],
        amount=data["amount"],
        payer=data["payer"],
        reference=data["reference"],
    )


def _fee_total(*items: str) -> str:
    params = city_params()
    return str(sum(kennel_fee(item, today(), params).details["fee"] for item in items))


def _refusal(refused: ServiceError | None) -> dict[str, Any]:
    """The service's message and findings (none for a form that is only invalid)."""
    if refused is None:
        return {"problem": "", "findings": []}
    return {"problem": str(refused), "findings": refused.findings}
