"""What the stages of 3-2-9 share: the controlling value where state and city both set one (3-2-8)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from dogtag.law.findings import Finding
from dogtag.law.incorporation import controlling_provision
from dogtag.law.params import ParameterSet, ParameterValue


def controlling_value(
    topic: str, on: dt.date, params: ParameterSet
) -> tuple[ParameterValue, Finding]:
    """The value that controls under 3-2-8, with the finding that explains the choice."""
    finding = controlling_provision(topic, on, params)
    key = finding.details.get("controlling")
    value = next(p for p in finding.parameters if key is None or p.key == key)
    return value, finding


def money(amount: Decimal) -> str:
    return f"${amount:,.2f}"
