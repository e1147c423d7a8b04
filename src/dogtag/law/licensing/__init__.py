"""City Code 3-2-2 Licenses and 3-2-3 Tags, one module a part: ``required`` (3-2-2.A, D: which
dogs must be licensed), ``issue`` (3-2-2.A-G, 3-2-3.A: the license, its term, fee and penalties)
and ``tags`` (3-2-3); every public name is importable from here."""

from __future__ import annotations

from dogtag.law.licensing.issue import (
    FEE_TIERS,
    LICENSE_KINDS,
    NON_LICENSE_READING,
    RENEWAL_READING,
    TERM_READING,
    LicenseApplication,
    LicenseApplicationFacts,
    RabiesCertificate,
    amount_due,
    application_contents,
    fee_asks_sterilization,
    fee_tier_years,
    license_penalty,
    license_term,
    may_issue,
    paid_in_full,
    rabies_current,
)
from dogtag.law.licensing.required import (
    SIX_MONTHS_READING,
    LicenseRequiredFacts,
    age_reached,
    license_required,
)
from dogtag.law.licensing.tags import (
    DUPLICATE_REASONS,
    REFUND_REASONS,
    TAG_VIOLATIONS,
    DuplicateTagFacts,
    RefundFacts,
    TagTransferFacts,
    TagViolationFacts,
    duplicate_tag,
    refund,
    tag_transfer,
    tag_violation,
)

__all__ = [
    "DUPLICATE_REASONS",
    "FEE_TIERS",
    "LICENSE_KINDS",
    "NON_LICENSE_READING",
    "REFUND_REASONS",
    "RENEWAL_READING",
    "SIX_MONTHS_READING",
    "TAG_VIOLATIONS",
    "TERM_READING",
    "DuplicateTagFacts",
    "LicenseApplication",
    "LicenseApplicationFacts",
    "LicenseRequiredFacts",
    "RabiesCertificate",
    "RefundFacts",
    "TagTransferFacts",
    "TagViolationFacts",
    "age_reached",
    "amount_due",
    "application_contents",
    "duplicate_tag",
    "fee_asks_sterilization",
    "fee_tier_years",
    "license_penalty",
    "license_required",
    "license_term",
    "may_issue",
    "paid_in_full",
    "rabies_current",
    "refund",
    "tag_transfer",
    "tag_violation",
]
