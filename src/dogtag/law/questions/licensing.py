"""The questions of licenses and tags (the provisions ``license.*`` and ``tag.*``)."""

from __future__ import annotations

from typing import Any

from dogtag.law import licensing
from dogtag.law.facts import FactsError, Question
from dogtag.law.findings import Finding
from dogtag.law.licensing import (
    DuplicateTagFacts,
    LicenseApplication,
    LicenseApplicationFacts,
    LicenseRequiredFacts,
    RabiesCertificate,
    RefundFacts,
    TagTransferFacts,
    TagViolationFacts,
)
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite

_RABIES = ("rabies_vaccinated_on", "rabies_expires_on")
_CERTIFICATE = {
    "rabies_veterinarian": "veterinarian",
    "rabies_clinic": "clinic",
    "rabies_certificate_number": "certificate_number",
}


def _license_required(facts: LicenseRequiredFacts, params: ParameterSet) -> list[Finding]:
    if facts.born > facts.on:
        raise FactsError("license-required", ["born: is after on"])
    return [licensing.license_required(facts.born, facts.on, params, facts.kept_for)]


def _application(facts: LicenseApplicationFacts) -> LicenseApplication:
    """The application (``license.application``), the flat certificate facts gathered as its
    certificate."""
    given = {name: value for name, value in vars(facts).items() if value is not None}
    rabies = None
    if any(name in given for name in _RABIES):
        if facts.rabies_vaccinated_on is None or facts.rabies_expires_on is None:
            raise FactsError(
                "license-issue",
                [
                    "rabies_vaccinated_on and rabies_expires_on go together "
                    f"({cite('license.rabies_certificate')} certificate)"
                ],
            )
        rabies = RabiesCertificate(
            vaccinated_on=facts.rabies_vaccinated_on,
            expires_on=facts.rabies_expires_on,
            **{field: given[name] for name, field in _CERTIFICATE.items() if name in given},
        )
    simple = {k: v for k, v in given.items() if k not in _RABIES and k not in _CERTIFICATE}
    return LicenseApplication(rabies=rabies, **simple)


def _license_issue(facts: LicenseApplicationFacts, params: ParameterSet) -> list[Finding]:
    return licensing.may_issue(_application(facts), params)


def _duplicate_tag(facts: DuplicateTagFacts, params: ParameterSet) -> list[Finding]:
    return [
        licensing.duplicate_tag(
            facts.reason,
            facts.license_expires_on,
            facts.on,
            params,
            license_active=facts.license_active,
        )
    ]


def _refund(facts: RefundFacts, params: ParameterSet) -> list[Finding]:
    return [licensing.refund(facts.reason, params)]


def _tag_transfer(facts: TagTransferFacts, params: ParameterSet) -> list[Finding]:
    return [licensing.tag_transfer(facts.tag, facts.licensed_dog, facts.other_dog)]


def _tag_violation(facts: TagViolationFacts, params: ParameterSet) -> list[Finding]:
    return [licensing.tag_violation(facts.kind)]


QUESTIONS: tuple[Question[Any], ...] = (
    Question(
        name="license-required",
        summary=(
            "Does this dog need a license on this day, and if not yet, from when? "
            "({§license.required}, {§license.minimum_age})"
        ),
        rules=("license.required",),
        facts=LicenseRequiredFacts,
        answer=_license_required,
        example={"born": "2026-06-15", "on": "2026-11-29"},
    ),
    Question(
        name="license-issue",
        summary=(
            "May a license issue, and on what terms? Contents ({§license.application}), age "
            "({§license.minimum_age}), rabies ({§license.rabies_required}), term and fee "
            "({§license.term}, {§license.fee}), penalty ({§license.renewal}, "
            "{§license.new_resident}, {§license.new_owner}) and the amount due."
        ),
        rules=(
            "license.application_contents",
            "license.required",
            "license.rabies_current",
            "license.term",
            "license.penalty",
            "license.amount_due",
            "license.paid_in_full",
        ),
        facts=LicenseApplicationFacts,
        answer=_license_issue,
        example={
            "on": "2026-11-29",
            "kind": "renewal",
            "owner_name": "Pat Gustafson",
            "owner_address": "7120 Viking Blvd NW",
            "owner_phone": "763-555-0142",
            "dog_name": "Biscuit",
            "breed": "Labrador retriever",
            "color": "Yellow",
            "sex": "female",
            "born": "2019-05-20",
            "rabies_vaccinated_on": "2026-10-01",
            "rabies_expires_on": "2029-10-01",
            "rabies_veterinarian": "Dr. Ana Lindqvist",
            "previous_license_expires": "2026-10-01",
        },
    ),
    Question(
        name="duplicate-tag",
        summary=(
            "May a duplicate tag issue for a lost or stolen tag, and at what fee? "
            "({§license.duplicate_tag})"
        ),
        rules=("tag.duplicate",),
        facts=DuplicateTagFacts,
        answer=_duplicate_tag,
        example={"reason": "lost", "license_expires_on": "2027-10-01", "on": "2026-11-29"},
    ),
    Question(
        name="refund",
        summary=(
            "May a license fee be refunded? ({§license.no_refund}: not when the owner leaves or "
            "the dog dies)"
        ),
        rules=("license.no_refund",),
        facts=RefundFacts,
        answer=_refund,
        example={"reason": "dog_died"},
    ),
    Question(
        name="tag-transfer",
        summary=(
            "May a tag move to another dog? ({§tag.not_transferable}, "
            "{§tag.placed_on_another_animal})"
        ),
        rules=("tag.not_transferable",),
        facts=TagTransferFacts,
        answer=_tag_transfer,
        example={"tag": "2026-00042", "licensed_dog": "Biscuit", "other_dog": "Rex"},
    ),
    Question(
        name="tag-violation",
        summary=(
            "Is this use of a tag unlawful? ({§tag.counterfeit}, {§tag.placed_on_another_animal})"
        ),
        rules=("tag.violation",),
        facts=TagViolationFacts,
        answer=_tag_violation,
        example={"kind": "placed_on_other_animal"},
    ),
)
