"""Tags: duplicates, no refund, no transfer, the tag violations. Each provision is named by a
concept (``license.duplicate_tag``, ``tag.not_transferable``, ...) and cited as the jurisdiction
package says (``law.provisions``)."""

from __future__ import annotations

import datetime as dt

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding
from dogtag.law.licensing.fees import FEE_SCHEDULE, fee_not_set
from dogtag.law.params import ParameterNotSet, ParameterSet, default
from dogtag.law.provisions import cite, cite_each, together
from dogtag.law.registry import rule

# ------------------------------------------------------------------------------------------ tags

# The provisions applied here, as concepts (each package's ordinance/sections.yaml).
DUPLICATE_TAG = "license.duplicate_tag"
RENEWAL = "license.renewal"
NO_REFUND = "license.no_refund"
#: which fees are never refunded, a variant each package states (``refund``)
REFUND_SCOPE = "license.no_refund.scope"
NOT_TRANSFERABLE = "tag.not_transferable"
COUNTERFEIT = "tag.counterfeit"
TAKEN_FROM_ANIMAL = "tag.taken_from_animal"
PLACED_ON_ANOTHER_ANIMAL = "tag.placed_on_another_animal"

DUPLICATE_REASONS = ("lost", "stolen")
REFUND_REASONS = ("left_city", "dog_died", "other")
TAG_VIOLATIONS = {
    "counterfeit": "counterfeit a tag",
    "attempted_counterfeit": "attempt to counterfeit a tag",
    "removed_from_animal": "take from an animal a tag legally placed on it by its owner",
    "placed_on_other_animal": "place a tag on another animal",
}
#: The provision each tag violation is unlawful under.
VIOLATED = {
    "counterfeit": COUNTERFEIT,
    "attempted_counterfeit": COUNTERFEIT,
    "removed_from_animal": TAKEN_FROM_ANIMAL,
    "placed_on_other_animal": PLACED_ON_ANOTHER_ANIMAL,
}


@rule(
    "tag.duplicate",
    provisions=(DUPLICATE_TAG,),
    title="Duplicate tag for a lost or stolen tag",
    summary="A lost or stolen tag of a license in force is replaced at the fee of {§fees.schedule}.",
    question="duplicate-tag",
)
def duplicate_tag(
    reason: str,
    license_expires_on: dt.date | None,
    on: dt.date,
    params: ParameterSet,
    *,
    license_active: bool = True,
) -> Finding:
    """``license.duplicate_tag``, in Nowthen's words: "In the event that the license tag issued for
    a dog shall be lost or stolen, the owner may obtain a duplicate tag from the City offices at a
    cost set forth" in the council's fee schedule. ``license_expires_on`` None: the license is
    for the dog's lifetime and never expires."""
    facts = {
        "reason": reason,
        "license_expires_on": license_expires_on,
        "on": on,
        "license_active": license_active,
    }
    section = cite(DUPLICATE_TAG, params)
    if reason not in DUPLICATE_REASONS:
        return Finding(
            rule="tag.duplicate",
            outcome="refused",
            sections=(section,),
            blocks=True,
            message=f"A duplicate tag is for a lost or stolen tag, not {reason!r} ({section}).",
            facts=facts,
        )
    expired = license_expires_on is not None and license_expires_on < on
    if not license_active or expired:
        state = (
            "ended"
            if license_expires_on is None
            else f"expired {license_expires_on.isoformat()}{'' if license_active else ', or ended'}"
        )
        return Finding(
            rule="tag.duplicate",
            outcome="refused",
            sections=cite_each(DUPLICATE_TAG, RENEWAL, params=params),
            blocks=True,
            message=(
                f"The license is not in force ({state}): renew it instead of replacing its tag "
                f"({together(cite_each(RENEWAL, DUPLICATE_TAG, params=params))})."
            ),
            facts=facts,
        )
    try:
        fee = params.get("fees.duplicate_tag", on)
    except ParameterNotSet as unset:
        return fee_not_set(
            "tag.duplicate", "The duplicate-tag fee", unset, (section,), facts, params
        )
    return Finding(
        rule="tag.duplicate",
        outcome="allowed",
        sections=(section, cite(FEE_SCHEDULE, params)),
        message=(
            f"Duplicate tag for a {reason} tag: {fee.display()} ({section}). The old tag is "
            f"recorded as {reason} and can be looked up."
        ),
        facts=facts,
        parameters=(fee,),
        details={"fee": fee.decimal},
    )


@rule(
    "license.no_refund",
    provisions=(NO_REFUND,),
    title="No refund when the owner leaves or the dog dies",
    summary="No license fee is refunded to an owner who leaves the city or for a dog that dies.",
    question="refund",
)
def refund(reason: str, params: ParameterSet | None = None, on: dt.date | None = None) -> Finding:
    """``license.no_refund``, in Nowthen's words: "No refund shall be made of any dog license fee
    to anyone who leaves the City or in the event the dog dies before expiration of the
    license." A variant (``license.no_refund.scope``): ``every_fee`` where the fee is
    "non-refundable" whatever the reason (Lino Lakes), ``owner_leaves_or_dog_dies`` where only
    those two are barred (Nowthen). ``on``: the day asked (default: the latest value)."""
    if reason not in REFUND_REASONS:
        raise ValueError(f"reason {reason!r} is not one of {', '.join(REFUND_REASONS)}")
    params = params or default()
    section = cite(NO_REFUND, params)
    scope = params.get(REFUND_SCOPE, on or dt.date.max)
    if scope.value == "every_fee":
        whys = {"left_city": "the owner left the city", "dog_died": "the dog died"}
        return Finding(
            rule="license.no_refund",
            outcome="no_refund",
            sections=(section,),
            blocks=True,
            message=(
                f"No refund: the license fee is non-refundable whatever the reason ({section}). "
                f"A fee taken in error is corrected by voiding the receipt."
                if reason == "other"
                else f"No refund: {whys[reason]} before the license expired; the license fee is "
                f"non-refundable ({section})."
            ),
            facts={"reason": reason},
            parameters=(scope,),
        )
    if scope.value != "owner_leaves_or_dog_dies":
        raise ValueError(
            f"{REFUND_SCOPE}: {scope.value!r} is not owner_leaves_or_dog_dies or every_fee"
        )
    # Nowthen's scope since 2011: its findings state the facts they always have
    if reason == "other":
        return Finding(
            rule="license.no_refund",
            outcome="not_addressed",
            sections=(section,),
            message=(
                f"{section} forbids a refund only when the owner leaves the city or the dog dies; a "
                "fee taken in error is corrected by voiding the receipt."
            ),
            facts={"reason": reason},
        )
    why = "the owner left the city" if reason == "left_city" else "the dog died"
    return Finding(
        rule="license.no_refund",
        outcome="no_refund",
        sections=(section,),
        blocks=True,
        message=f"No refund: {why} before the license expired ({section}).",
        facts={"reason": reason},
    )


@rule(
    "tag.not_transferable",
    provisions=(NOT_TRANSFERABLE,),
    title="Tags are not transferable",
    summary="A tag belongs to the dog it was issued for and may not move to another dog.",
    question="tag-transfer",
)
def tag_transfer(tag_serial: str, licensed_dog: str, other_dog: str) -> Finding:
    """``tag.not_transferable``, in Nowthen's words: "Tags are not transferable from one dog to
    another." Placing a tag on another animal is unlawful (``tag.placed_on_another_animal``)."""
    facts = {"tag": tag_serial, "licensed_dog": licensed_dog, "other_dog": other_dog}
    section = cite(NOT_TRANSFERABLE)
    if licensed_dog == other_dog:
        return Finding(
            rule="tag.not_transferable",
            outcome="same_dog",
            sections=(section,),
            message=f"Tag {tag_serial} is the tag of this dog ({section}).",
            facts=facts,
        )
    unlawful = cite(PLACED_ON_ANOTHER_ANIMAL)
    return Finding(
        rule="tag.not_transferable",
        outcome="refused",
        sections=cite_each(NOT_TRANSFERABLE, PLACED_ON_ANOTHER_ANIMAL),
        blocks=True,
        message=(
            f"Tag {tag_serial} was issued for another dog: tags are not transferable ({section}), "
            f"and placing it on another animal is unlawful ({unlawful})."
        ),
        facts=facts,
    )


@rule(
    "tag.violation",
    provisions=(COUNTERFEIT,),
    title="Counterfeit, removed or swapped tags",
    summary=(
        "Counterfeiting a tag, attempting to, taking a tag off an animal, or putting it on another "
        "animal is unlawful."
    ),
    question="tag-violation",
)
def tag_violation(kind: str) -> Finding:
    """``tag.counterfeit``, ``tag.taken_from_animal`` and ``tag.placed_on_another_animal``, in
    Nowthen's words: "It shall be unlawful to counterfeit or attempt to counterfeit tags provided
    for in this section or take from any animal a tag legally placed upon by its owner, or to
    place such tag upon another animal." """
    if kind not in TAG_VIOLATIONS:
        raise ValueError(f"kind {kind!r} is not one of {', '.join(TAG_VIOLATIONS)}")
    section = cite(VIOLATED[kind])
    return Finding(
        rule="tag.violation",
        outcome="violation",
        sections=(section,),
        message=f"Unlawful to {TAG_VIOLATIONS[kind]} ({section}).",
        facts={"kind": kind},
    )


@facts
class DuplicateTagFacts:
    """The facts of the question ``duplicate-tag`` (``license.duplicate_tag``)."""

    reason: str = fact("Why the tag is replaced", choices=(*DUPLICATE_REASONS, "other"))
    license_expires_on: dt.date = fact("The license's expiry")
    on: dt.date = fact("The day asked about")
    license_active: bool = fact("False if the license was ended", default=True)


@facts
class RefundFacts:
    """The facts of the question ``refund`` (``license.no_refund``)."""

    reason: str = fact("Why a refund is asked", choices=REFUND_REASONS)


@facts
class TagTransferFacts:
    """The facts of the question ``tag-transfer`` (``tag.not_transferable``)."""

    tag: str = fact("The tag's serial number")
    licensed_dog: str = fact("The dog the tag was issued for")
    other_dog: str = fact("The dog it would go on")


@facts
class TagViolationFacts:
    """The facts of the question ``tag-violation`` (``tag.counterfeit`` and the others)."""

    kind: str = fact("What was done with the tag", choices=tuple(TAG_VIOLATIONS))
