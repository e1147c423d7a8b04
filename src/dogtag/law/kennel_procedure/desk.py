"""The legal refusals of the kennel desk (``private_kennel.license``,
``commercial_kennel.license``): one open commercial application per parcel, the fee paid in full,
the kind of private license a change needs, and the grounds of an inspection."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from dogtag.law.findings import Finding
from dogtag.law.kennel_conditions import (
    COMMERCIAL_FEE,
    COMMERCIAL_INSPECTION,
    FECES_WELL_SETBACK,
    FEE_SCHEDULE,
    PRIVATE_FEE,
    PRIVATE_INSPECTION,
    RECOMMENDATION,
    RELOCATION,
    SET_NUMBER,
)
from dogtag.law.kennel_procedure.finder import Finder
from dogtag.law.kennel_procedure.steps import QUESTION
from dogtag.law.provisions import cite
from dogtag.law.registry import rule


@rule(
    "kennel.one_open_application",
    provisions=(RECOMMENDATION,),
    title="One commercial kennel application before the commission per parcel",
    summary=(
        "A parcel's application still before the Planning & Zoning Commission or the City "
        "Council is decided before another is received for it."
    ),
    question=QUESTION,
)
def one_open_application(pending_number: str | None, parcel_pin: str) -> Finding | None:
    """``commercial_kennel.recommendation``: the hearing, the notice and the recommendation are
    "on the request" ("The Planning & Zoning Commission will make a recommendation to the City
    Council on the request"): one request
    for a parcel at a time, so the notice and the hearing are about one kennel. None when no other
    application for the parcel is open."""
    if pending_number is None:
        return None
    section = cite(RECOMMENDATION)
    says = Finder(
        "kennel.one_open_application",
        (section,),
        {"pending": pending_number, "parcel": parcel_pin},
    )
    return says(
        "pending",
        f"Application {pending_number} for parcel {parcel_pin} is still before the "
        f"Planning & Zoning Commission or the City Council; decide it first ({section}).",
    )


@rule(
    "kennel.fee_paid",
    provisions=(PRIVATE_FEE, COMMERCIAL_FEE),
    title="The kennel license fee is paid in full",
    summary="The payment taken is the fee set under {§fees.schedule}, no more and no less.",
    question=QUESTION,
)
def fee_paid(paid: Decimal, fees: Sequence[Finding], section: str) -> Finding:
    """``private_kennel.fee``, ``commercial_kennel.fee``: "The fee for the license shall be as
    established by" the fee schedule (``fees.schedule``): the fees of ``kennel.fee`` (``fees``), paid
    with the application. ``section`` is the section the license's fee is in (the caller cites the
    license's own)."""
    total = sum((Decimal(str(f.details["fee"])) for f in fees), Decimal("0.00"))
    schedule = cite(FEE_SCHEDULE)
    says = Finder("kennel.fee_paid", (section, schedule), {"paid": paid, "due": total})
    if paid != total:
        return says(
            "payment_does_not_match",
            f"The payment (${paid:,.2f}) does not match the amount due (${total:,.2f}); the "
            f"fee is paid with the application ({section}, {schedule}).",
        )
    return says(
        "paid", f"Paid: ${total:,.2f}, the fee set under {schedule} ({section}).", blocks=False
    )


@rule(
    "kennel.private_license_kind",
    provisions=(SET_NUMBER, RELOCATION),
    title="The kind of private kennel license a change needs",
    summary=(
        "A licensee who wishes to add dogs needs a new license for more dogs; one who relocates "
        "to another area of the City needs a corrected license, which is for another parcel."
    ),
    question=QUESTION,
)
def private_license_kind(
    kind: str,
    *,
    previous_number: str,
    previous_parcel: str,
    parcel: str,
    previous_dogs: int,
    dogs: int,
) -> Finding | None:
    """``private_kennel.set_number``: "Licensees who wish to add a dog/dogs shall need to obtain a
    new private kennel license." ``private_kennel.relocation``: "A licensee who relocates to
    another area of the City shall also need to obtain a corrected private kennel license."
    ``kind`` is the license applied for in place of license ``previous_number`` (``add_dogs``,
    ``relocation``, ``renewal``); None when it is the kind the change needs."""
    relocation = cite(RELOCATION)
    says = Finder(
        "kennel.private_license_kind",
        (relocation,),
        {
            "kind": kind,
            "previous": previous_number,
            "previous_parcel": previous_parcel,
            "parcel": parcel,
            "previous_dogs": previous_dogs,
            "dogs": dogs,
        },
    )
    if kind == "relocation" and previous_parcel == parcel:
        return says(
            "not_a_relocation",
            f"License {previous_number} is already for parcel {parcel}; a corrected license is "
            f"for a relocation to another parcel ({relocation}).",
        )
    if kind != "relocation" and previous_parcel != parcel:
        return says(
            "relocated",
            f"License {previous_number} is for parcel {previous_parcel}: a licensee who "
            f"relocates needs a corrected license ({relocation}); choose that kind.",
        )
    if kind == "add_dogs" and dogs <= previous_dogs:
        set_number = cite(SET_NUMBER)
        return says(
            "adds_no_dogs",
            f"A new license to add dogs is for more than the {previous_dogs} dogs of license "
            f"{previous_number} ({set_number}).",
            sections=(set_number,),
        )
    return None


@rule(
    "kennel.inspection_grounds",
    provisions=(PRIVATE_INSPECTION, COMMERCIAL_INSPECTION, FECES_WELL_SETBACK),
    title="Why a kennel is inspected",
    summary=(
        "A private kennel is inspected upon receipt of a complaint against the licensee (A.4); a "
        "commercial kennel periodically (B.7); the feces-to-well distance is a commercial "
        "kennel condition (B.8)."
    ),
    question=QUESTION,
)
def inspection_grounds(
    license_kind: str, reason: str, complaint_summary: str, *, well_distance_given: bool
) -> Finding | None:
    """``private_kennel.inspection``: "Upon receipt of a complaint against the kennel licensee, the
    licensee authorizes City staff to perform an inspection of the kennel";
    ``commercial_kennel.inspection``: "Licensees authorize City staff to perform periodic
    inspections"; ``commercial_kennel.feces_well_setback`` sets the well setback for a commercial
    kennel. None when the inspection has its grounds."""
    private = cite(PRIVATE_INSPECTION)
    says = Finder(
        "kennel.inspection_grounds",
        (private,),
        {
            "license_kind": license_kind,
            "reason": reason,
            "complaint_summary": complaint_summary,
            "well_distance_given": well_distance_given,
        },
    )
    if license_kind == "private" and reason != "complaint":
        return says(
            "no_complaint",
            f"A private kennel is inspected upon receipt of a complaint against the licensee "
            f"({private}): record the complaint.",
        )
    if reason == "complaint" and not complaint_summary.strip():
        return says("complaint_not_stated", f"Say what the complaint received was ({private}).")
    if license_kind == "private" and well_distance_given:
        setback = cite(FECES_WELL_SETBACK)
        return says(
            "not_a_private_condition",
            f"The feces-to-well distance ({setback}) is a commercial kennel condition.",
            sections=(setback,),
        )
    return None
