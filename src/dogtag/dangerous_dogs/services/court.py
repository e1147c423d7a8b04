"""The steps beside the Authority's own path (issue 26): review of the Hearing Officer's decision
by writ of certiorari (dangerous_dog.certiorari), a refusal to release the dog on demand (A.2.h), and the
owner's disclosure to a buyer before a sale (D). The rules core (``dangerous_dog_procedure.court``)
says when each may come and what it means; these record it."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser
from django.forms.models import model_to_dict

from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.models import (
    DangerousDogCase,
    Hearing,
    Order,
    Registration,
    Revocation,
)
from dogtag.dangerous_dogs.services._common import (
    CONDUCT,
    DESIGNATE,
    Kind,
    State,
    _decide,
    _event,
    _in_order,
    _locked,
    _not_future,
    _require,
    _save,
    case_events,
    case_standing,
)
from dogtag.dangerous_dogs.services.standing import case_circumstances
from dogtag.law import dangerous_dogs as law
from dogtag.law.dangerous_dog_procedure import court
from dogtag.law.dangerous_dog_procedure.events import COURT_DECISIONS, certiorari_pending
from dogtag.law.findings import Finding
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service

#: What the dog was demanded on (A.2.h).
RELEASE_BASES = {
    "demand": "a demand by the Animal Control Authority or a law enforcement agent",
    "custody_order": "the Hearing Officer's order into custody",
}


def _allowed(case: DangerousDogCase, step: str, on: dt.date) -> list[Finding]:
    """The rules core's findings on ``step`` on ``on``; refused if any blocks."""
    found = case_standing(case, on, case_circumstances(case, on)).steps[step]
    blocking = [f for f in found if f.blocks]
    if blocking:
        raise Refused(blocking)
    return found


def _note(note: str) -> str:
    return f" Note: {note.strip()}" if note.strip() else ""


@service
def record_release_refused(
    *,
    case: DangerousDogCase,
    on: dt.date,
    basis: str,
    person: str,
    actor: AbstractBaseUser,
    note: str = "",
) -> None:
    """dangerous_dog.release_on_demand: "Any person who fails or refuses to release a dog to the Animal
    Control
    Authority or law enforcement agent upon demand, or after it has been found by a Hearing
    Officer to be Dangerous and ordered into custody, shall be guilty of a misdemeanor." The
    refusal is recorded with who refused and on what the dog was demanded, for the prosecutor."""
    _require(actor, DESIGNATE, "record a refusal to release the dog")
    case = _locked(case)
    _in_order(case, "release_refused")
    _not_future(on, "The date of the refusal")
    if basis not in RELEASE_BASES:
        raise ServiceError("Say on what the dog was demanded: a demand, or the order into custody.")
    if not person.strip():
        raise ServiceError("Name the person who failed or refused to release the dog.")
    hearing = case.designation_hearing
    order = getattr(hearing, "order", None) if hearing is not None else None
    ordered = order is not None and order.disposition == Order.Disposition.UPHELD_CUSTODY
    if basis == "custody_order" and not ordered:
        raise ServiceError(
            "The Hearing Officer has not ordered this dog into custody: record the refusal as one "
            "on a demand."
        )
    found = _allowed(case, "release_refused", on)
    said = law.release_on_demand(
        demanded=basis == "demand", ordered_into_custody=basis == "custody_order", released=False
    )
    decision = _decide(case, "release_refused", [*found, said], on, actor)
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.RELEASE_REFUSED,
        summary=f"{person.strip()}: {said.message} For the prosecuting attorney.{_note(note)}",
        details={"basis": basis, "person": person.strip()},
        decision=decision,
    )


@service
def record_certiorari_petition(
    *,
    case: DangerousDogCase,
    filed_on: dt.date,
    petitioner: str,
    actor: AbstractBaseUser,
    court_file: str = "",
    note: str = "",
) -> None:
    """dangerous_dog.certiorari: the Hearing Officer's decision "is a quasi-judicial determination that is
    subject to review by writ of certiorari to the Minnesota Court of Appeals". The petition is
    recorded with its day; one after the days of Minn. Stat. 606.01 is marked late, for the
    Court. It stays nothing of itself (``readings.certiorari_no_automatic_stay``)."""
    if not (actor.has_perm(DESIGNATE) or actor.has_perm(CONDUCT)):  # type: ignore[attr-defined]
        _require(actor, DESIGNATE, "record a petition for a writ of certiorari")
    case = _locked(case)
    _in_order(case, "certiorari_filed")
    _not_future(filed_on, "The date the petition was filed")
    if not petitioner.strip():
        raise ServiceError("Name who petitioned for the writ (the owner, or their attorney).")
    found = _allowed(case, "certiorari_filed", filed_on)
    filing = next(f for f in found if f.rule == court.CERTIORARI)
    decision = _decide(case, "certiorari_filed", found, filed_on, actor)
    docket = f" Court of Appeals file {court_file.strip()}." if court_file.strip() else ""
    _event(
        case,
        on=filed_on,
        actor=actor,
        kind=Kind.CERTIORARI_FILED,
        summary=f"{petitioner.strip()}: {filing.message}{docket}{_note(note)}",
        details={
            "petitioner": petitioner.strip(),
            "court_file": court_file.strip(),
            "late": bool(filing.facts["late"]),
        },
        decision=decision,
    )


@service
def record_certiorari_decision(
    *,
    case: DangerousDogCase,
    decided_on: dt.date,
    outcome: str,
    actor: AbstractBaseUser,
    note: str = "",
) -> None:
    """dangerous_dog.certiorari: the Court of Appeals' decision on the writ. Affirmed: nothing changes.
    Reversed:
    the decision is undone (an upheld designation or a destruction order is rescinded and a dog
    held is returned; a revocation is undone and the registration is in force again). Remanded:
    the Hearing Officer decides again, the order due within the days of A.2.g from the Court's
    decision (``readings.order_days_on_remand``)."""
    if not (actor.has_perm(DESIGNATE) or actor.has_perm(CONDUCT)):  # type: ignore[attr-defined]
        _require(actor, DESIGNATE, "record the Court of Appeals' decision")
    case = _locked(case)
    _in_order(case, "certiorari_decided")
    _not_future(decided_on, "The date of the Court's decision")
    if outcome not in COURT_DECISIONS:
        raise ServiceError("The Court's decision is affirmed, reversed or remanded.")
    filed = certiorari_pending(case_events(case))
    if filed is not None and decided_on < filed.on:
        raise ServiceError("The Court cannot decide before the petition was filed.")
    found = _allowed(case, "certiorari_decided", decided_on)
    assert filed is not None
    said = court.certiorari_decision(filed, outcome, decided_on)
    decision = _decide(case, "certiorari_decided", [*found, said], decided_on, actor)
    if outcome != "affirmed":
        _follow_the_court(case, outcome, decided_on, actor)
    _event(
        case,
        on=decided_on,
        actor=actor,
        kind=Kind.CERTIORARI_DECIDED,
        summary=said.message + _note(note),
        details={"outcome": outcome},
        decision=decision,
    )


def _follow_the_court(
    case: DangerousDogCase, outcome: str, on: dt.date, actor: AbstractBaseUser
) -> None:
    if case.state == State.REVOKED:
        revocation = case.revocations.order_by("-served_on", "-id").first()
        assert revocation is not None
        registration = Registration.objects.select_for_update().get(pk=revocation.registration_id)
        registration.status = Registration.Status.ACTIVE
        acting_as(actor, registration)
        registration.save(update_fields=["status"])
        if outcome == "reversed":
            case.state = State.REGISTERED
        else:
            # the Hearing Officer decides the revocation again, on the hearing already held
            _copy(revocation, held_on=on, decided_on=None, outcome="", reclaim_by=None)
            case.state = State.REVOCATION_HEARD
    elif outcome == "reversed":
        case.state = State.RESCINDED
        case.closed_on = on
        case.seized = False
        for registration in case.registrations.filter(status=Registration.Status.ACTIVE):
            registration.status = Registration.Status.ENDED
            acting_as(actor, registration)
            registration.save(update_fields=["status"])
        for held in case.impoundments.filter(released_on__isnull=True):
            held.released_on = on
            held.released_by = actor
            acting_as(actor, held)
            held.save(update_fields=["released_on", "released_by"])
    else:
        hearing = case.designation_hearing
        assert hearing is not None
        # the matter returns to the Hearing Officer: the hearing on remand takes the Court's day,
        # so the order's days count from it (readings.order_days_on_remand)
        _copy(hearing, held_on=on)
        case.state = State.HEARING_HELD
    _save(case, actor)


def _copy(record: Hearing | Revocation, **changes: object) -> None:
    fields = model_to_dict(record, exclude=["id", "decision"])
    model = type(record)
    keys = {f.name: f for f in model._meta.concrete_fields}
    values = {
        (f"{name}_id" if keys[name].is_relation else name): value
        for name, value in fields.items()
        if name in keys
    }
    values.update(changes)
    model.objects.create(**values)


@service
def record_sale_disclosure(
    *,
    case: DangerousDogCase,
    disclosed_on: dt.date,
    buyer: str,
    actor: AbstractBaseUser,
    note: str = "",
) -> None:
    """dangerous_dog.sale_or_transfer: "A person who sells or otherwise transfers ownership or control of
    a Dangerous
    Dog must notify any potential purchaser or transferee, prior to the consummation of the
    transaction, that the dog was previously designated as Dangerous." Recorded with its day and
    the buyer, so that the owner's notice of the sale can show it came before."""
    _require(actor, DESIGNATE, "record a disclosure to a buyer")
    case = _locked(case)
    _in_order(case, "sale_disclosure")
    _not_future(disclosed_on, "The date of the disclosure")
    if not buyer.strip():
        raise ServiceError("Name the potential buyer or transferee who was told.")
    found = _allowed(case, "sale_disclosure", disclosed_on)
    decision = _decide(case, "sale_disclosure", found, disclosed_on, actor)
    _event(
        case,
        on=disclosed_on,
        actor=actor,
        kind=Kind.SALE_DISCLOSURE,
        summary=(
            f"{buyer.strip()} was told that the dog was designated Dangerous, before any sale or "
            f"transfer ({P.sec(P.SALE_OR_TRANSFER)}).{_note(note)}"
        ),
        details={"buyer": buyer.strip()},
        decision=decision,
    )


def disclosed_before(case: DangerousDogCase, sold_on: dt.date) -> dt.date | None:
    """The last recorded disclosure to a buyer on or before ``sold_on`` (dangerous_dog.sale_or_transfer),
    if any."""
    days = [e.on for e in case_events(case) if e.kind == Kind.SALE_DISCLOSURE and e.on <= sold_on]
    return max(days, default=None)
