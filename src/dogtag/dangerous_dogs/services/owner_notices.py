"""The owner's written notices of death, relocation or transfer, and the affidavit
(dangerous_dog.death_or_relocation, D)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser

from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.models import (
    DangerousDogCase,
    OwnerNotice,
    Registration,
)
from dogtag.dangerous_dogs.services._common import (
    DESIGNATE,
    Kind,
    State,
    _decide,
    _event,
    _in_order,
    _locked,
    _must_state,
    _not_future,
    _refuse,
    _require,
    _save,
    _stated,
)
from dogtag.dangerous_dogs.services.court import disclosed_before
from dogtag.law import dangerous_dog_steps as steps
from dogtag.law import dangerous_dogs as law
from dogtag.law.findings import Finding
from dogtag.licensing.phones import normalise
from dogtag.records.errors import ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.records.services import city_params

# ------------------------------------------------------------------- owner's written notices


@service
def record_owner_notice(
    *,
    case: DangerousDogCase,
    kind: str,
    occurred_on: dt.date,
    received_on: dt.date,
    in_writing: bool,
    actor: AbstractBaseUser,
    circumstances: str = "",
    new_owner_name: str = "",
    new_owner_address: str = "",
    new_owner_phone: str = "",
    transferee_told: bool | None = None,
    out_of_city: bool = False,
    affidavit_requested: bool = False,
) -> OwnerNotice:
    """dangerous_dog.death_or_relocation: written notice of the dog's death, or of its relocation or
    transfer out of the
    City, "within thirty (30) days"; an affidavit if requested. dangerous_dog.sale_or_transfer: the
    seller tells the
    buyer beforehand that the dog was designated Dangerous, and tells the Authority in writing the
    new owner's name, address and telephone number. A late notice is recorded and marked late."""
    _require(actor, DESIGNATE, "record the owner's notice")
    case = _locked(case)
    _in_order(case, "owner_notice")
    _not_future(received_on, "The date the notice was received")
    problems: list[str | Finding] = []
    if (named := steps.provided_for("owner_notice", kind, OwnerNotice.Kind.values)).blocks:
        problems.append(named)
    problems += _stated("owner_notice_in_writing", in_writing)
    if occurred_on > received_on:
        problems.append("The notice cannot be received before what it reports happened.")
    if kind == OwnerNotice.Kind.TRANSFER and transferee_told is None:
        # D: a disclosure to the buyer recorded on its own day, on or before the sale, answers
        # whether the buyer was told beforehand
        transferee_told = True if disclosed_before(case, occurred_on) is not None else None
    if kind == OwnerNotice.Kind.TRANSFER:
        problems += _stated(
            "transfer_new_owner",
            bool(new_owner_name.strip() and new_owner_address.strip() and new_owner_phone.strip()),
        )
        problems += _stated("transfer_buyer_told", transferee_told is not None)
    _refuse(problems)
    findings = law.owner_notice(
        kind,
        occurred_on,
        received_on,
        city_params(),
        out_of_city=out_of_city,
        transferee_told=transferee_told,
    )
    late = bool(findings[0].facts["late"])
    decision = _decide(case, "owner_notice", findings, received_on, actor)
    notice = OwnerNotice.objects.create(
        case=case,
        kind=kind,
        occurred_on=occurred_on,
        received_on=received_on,
        in_writing=True,
        circumstances=circumstances.strip(),
        new_owner_name=new_owner_name.strip(),
        new_owner_address=new_owner_address.strip(),
        new_owner_phone=normalise(new_owner_phone) if new_owner_phone.strip() else "",
        transferee_told=transferee_told if kind == OwnerNotice.Kind.TRANSFER else None,
        out_of_city=out_of_city or kind == OwnerNotice.Kind.RELOCATION,
        late=late,
        affidavit_requested_on=received_on if affidavit_requested else None,
        recorded_by=actor,
        decision=decision,
    )
    ends = kind in (OwnerNotice.Kind.DEATH, OwnerNotice.Kind.RELOCATION) or out_of_city
    if ends:
        case.state = State.CLOSED
        case.closed_on = received_on
        _save(case, actor)
        for registration in case.registrations.filter(status=Registration.Status.ACTIVE):
            registration.status = Registration.Status.ENDED
            acting_as(actor, registration)
            registration.save(update_fields=["status"])
    summary = findings[0].message
    if kind == OwnerNotice.Kind.TRANSFER:
        summary += (
            f" New owner: {new_owner_name.strip()}, {new_owner_address.strip()}, "
            f"{new_owner_phone.strip()}."
        )
    if affidavit_requested:
        summary += f" Affidavit under oath requested ({P.sec(P.DEATH_OR_RELOCATION)})."
    _event(
        case,
        on=received_on,
        actor=actor,
        kind=Kind.OWNER_NOTICE,
        summary=summary,
        details={
            "kind": kind,
            "late": late,
            "closes_case": ends,
            "occurred_on": occurred_on.isoformat(),
            **(
                {"new_owner_name": new_owner_name.strip(), "transferee_told": transferee_told}
                if kind == OwnerNotice.Kind.TRANSFER
                else {}
            ),
        },
        decision=decision,
    )
    return notice


@service
def record_affidavit(
    *,
    notice: OwnerNotice,
    received_on: dt.date,
    actor: AbstractBaseUser,
    circumstances: str = "",
    transferee_name: str = "",
    transferee_address: str = "",
    transferee_phone: str = "",
) -> OwnerNotice:
    """dangerous_dog.death_or_relocation: "An Owner shall, if requested by the Animal Control Authority,
    execute an
    affidavit, under oath and penalty of perjury, setting forth either the circumstances of the
    dog's death and disposition; or the complete name, address, and telephone number of the
    person to whom the dog was transferred." A death needs the first; a relocation or transfer
    the second."""
    _require(actor, DESIGNATE, "record the owner's affidavit")
    notice = OwnerNotice.objects.select_for_update().select_related("case").get(pk=notice.pk)
    _not_future(received_on, "The date the affidavit was received")
    _must_state("affidavit_requested", notice.affidavit_requested_on is not None)
    assert notice.affidavit_requested_on is not None
    if notice.affidavit_received_on is not None:
        raise ServiceError("The affidavit is already recorded.")
    if received_on < notice.affidavit_requested_on:
        raise ServiceError("The affidavit cannot come before it was requested.")
    death = notice.kind == OwnerNotice.Kind.DEATH
    if death:
        _must_state("affidavit_death", bool(circumstances.strip()))
    if not death:
        _must_state(
            "affidavit_transfer",
            bool(
                transferee_name.strip() and transferee_address.strip() and transferee_phone.strip()
            ),
        )
    findings = law.owner_notice(
        notice.kind,
        notice.occurred_on,
        notice.received_on,
        city_params(),
        out_of_city=notice.out_of_city,
        transferee_told=notice.transferee_told,
    )
    decision = _decide(notice.case, "affidavit", findings, received_on, actor)
    notice.affidavit_received_on = received_on
    if death:
        notice.affidavit_circumstances = circumstances.strip()
        content = f"circumstances of the death and disposition: {circumstances.strip()}"
    else:
        notice.affidavit_transferee_name = transferee_name.strip()
        notice.affidavit_transferee_address = transferee_address.strip()
        notice.affidavit_transferee_phone = normalise(transferee_phone)
        content = (
            f"the dog was transferred to {transferee_name.strip()}, "
            f"{transferee_address.strip()}, {transferee_phone.strip()}"
        )
    notice.save()
    _event(
        notice.case,
        on=received_on,
        actor=actor,
        kind=Kind.AFFIDAVIT,
        summary=(
            f"Affidavit under oath and penalty of perjury received about the "
            f"{notice.get_kind_display()}: {content} ({P.sec(P.DEATH_OR_RELOCATION)})."
        ),
        details={"notice": notice.pk},
        decision=decision,
    )
    return notice
