"""The case's clocks (the hearing request, the compliance after a decision, the hearing, the
order, the registration, the sterilization, the release; Minn. Stat. 347.54 subd. 1 through the
city's incorporation of it), read from its records. Each title cites its provision as the city in
force numbers it.

Every date comes from ``law.clocks.deadline`` (Minn. Stat. 645.15) with the parameters in force;
this module only picks the trigger date each clock counts from ("the date of the Notice" and the
request window, dangerous_dog.notice.hearing_request, are the rules core's,
``law.dangerous_dog_procedure``, re-exported here). No database access: the callers pass the case
with its hearings, orders and registrations loaded.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.provisions import sec
from dogtag.law import dangerous_dog_clocks, wording
from dogtag.law.clocks import deadline
from dogtag.law.dangerous_dog_clocks import STATE_CLOCK_READING
from dogtag.law.dangerous_dog_procedure import UPHOLDING
from dogtag.law.dangerous_dog_procedure import notice_date as notice_date
from dogtag.law.dangerous_dog_procedure import request_window as request_window
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet


@dataclass(frozen=True)
class CaseDeadline:
    """A deadline of the case: what is due, by when, and how the date was found."""

    key: str
    title: str
    finding: Finding
    #: Done: the step happened (on this day); None while it is still ahead or overdue.
    done_on: dt.date | None = None
    #: The incorporation (incorporation.state_statutes), where the city and the state both set the
    #: period: both values (or both clocks) and which controls.
    controlling: Finding | None = None

    @property
    def due(self) -> dt.date:
        assert self.finding.deadline is not None
        return self.finding.deadline.due

    @property
    def sections(self) -> tuple[str, ...]:
        return self.finding.sections

    @property
    def explanation(self) -> list[str]:
        assert self.finding.deadline is not None
        return self.finding.deadline.explanation

    @property
    def controlling_message(self) -> str:
        """The incorporation on this deadline: both values (or both clocks) and which controls; "" where the
        period is the city's or the state's alone."""
        if self.controlling is not None:
            return self.controlling.message
        found = self.finding.details.get("controlling_provision")
        return str(found["message"]) if isinstance(found, dict) else ""

    def overdue(self, on: dt.date) -> bool:
        return self.done_on is None and on > self.due


def upheld_on(case: object) -> dt.date | None:
    """The day of the Hearing Officer's order upholding the designation, if one was issued: the
    state's seizure clock counts from it under ``readings.state_clock_pending_hearing``."""
    hearing = getattr(case, "designation_hearing", None)
    order = getattr(hearing, "order", None) if hearing is not None else None
    if order is not None and order.disposition in UPHOLDING:
        return order.issued_on  # type: ignore[no-any-return]
    return None


def hearing_limit(requested_on: dt.date, params: ParameterSet) -> Finding:
    """The hearing within the days after the Authority is notified of the request."""
    return deadline(params, requested_on, clock_id="dangerous_dog.hearing")


def order_due(held_on: dt.date, params: ParameterSet) -> Finding:
    """The order within the days after the hearing."""
    return deadline(params, held_on, clock_id="dangerous_dog.order")


def comply_after_decision(received_on: dt.date, params: ParameterSet) -> Finding:
    """The days from receipt of a confirming decision to meet all other requirements."""
    return deadline(params, received_on, clock_id="dangerous_dog.comply_after_decision")


def registration_due(deemed_on: dt.date, params: ParameterSet) -> Finding:
    """Registered within the city's days after the dog was deemed dangerous."""
    return deadline(params, deemed_on, clock_id="dangerous_dog.registration")


def sterilization_due(deemed_on: dt.date, params: ParameterSet) -> Finding:
    """Sterilized within the days, or seized and sterilized at the owner's expense."""
    return deadline(params, deemed_on, clock_id="dangerous_dog.sterilization")


def release_due(impounded_on: dt.date, params: ParameterSet) -> Finding:
    """At most the days from the impoundment to comply with every requirement."""
    return deadline(params, impounded_on, clock_id="dangerous_dog.release_compliance")


def case_deadlines(case: object, params: ParameterSet) -> list[CaseDeadline]:
    """Every clock the case has started, in order, each marked done when its step happened.

    ``case`` is a ``DangerousDogCase`` with ``hearings`` (and their ``order``) and
    ``registrations`` prefetched: nothing here queries the database.
    """
    from dogtag.dangerous_dogs.models import DangerousDogCase, Hearing, Order

    assert isinstance(case, DangerousDogCase)
    found: list[CaseDeadline] = []
    hearing: Hearing | None = case.designation_hearing
    if case.notice_date is not None:
        done = hearing.requested_on if hearing is not None else None
        found.append(
            CaseDeadline(
                "hearing_request",
                f"Last day to request a hearing ({sec(P.HEARING_REQUEST, params=params)})",
                request_window(case.notice_date, params),
                done_on=done,
            )
        )
    order: Order | None = None
    if hearing is not None:
        limit = hearing_limit(hearing.requested_on, params)
        held = hearing.held_on
        cited = sec(P.HEARING, params=params)
        title = f"Hearing to be held by ({cited})"
        if hearing.extension_good_cause:
            title = f"Hearing limit without extension ({cited}; extended for good cause)"
        found.append(CaseDeadline("hearing", title, limit, done_on=held))
        if held is not None:
            order = getattr(hearing, "order", None)
            found.append(
                CaseDeadline(
                    "order",
                    f"Hearing Officer's order due ({sec(P.ORDER, params=params)})",
                    order_due(held, params),
                    done_on=order.issued_on if order is not None else None,
                )
            )
    if order is not None and order.received_on is not None and case.deemed_on is not None:
        found.append(
            CaseDeadline(
                "comply_after_decision",
                f"Comply with all other requirements ({sec(P.INTERIM_COMPLIANCE, params=params)})",
                comply_after_decision(order.received_on, params),
                done_on=_registered_on(case),
            )
        )
    # the state's clock runs from the notice while the designation may stand (Minn. Stat. 347.54);
    # while a hearing is pending it waits on the order and counts from an upholding one, as the
    # reading in force says (readings.state_clock_pending_hearing, issue 26)
    fallen = (DangerousDogCase.State.RESCINDED, DangerousDogCase.State.DESTRUCTION_ORDERED)
    notice_on = case.notice_date if case.state not in fallen else None
    upheld = order is not None and order.disposition in UPHOLDING
    if hearing is not None and notice_on is not None and not upheld:
        reading = params.get(STATE_CLOCK_READING, hearing.requested_on)
        if reading.choice == "suspended_until_order":
            notice_on = None  # waits on the order
    clocks = dangerous_dog_clocks.case_registration_clocks(
        notice_on,
        case.deemed_on,
        params,
        upheld_on=order.issued_on if upheld and order is not None else None,
    )
    if clocks.state is not None:
        found.append(
            CaseDeadline(
                "seizure_unregistered",
                "Registered and insured, or the dog is seized (Minn. Stat. 347.54 subd. 1, "
                f"through {sec(P.INCORPORATION, params=params)})",
                clocks.state,
                done_on=_registered_on(case),
                controlling=clocks.controlling,
            )
        )
    if clocks.city is not None:
        found.append(
            CaseDeadline(
                "registration",
                f"Registration due ({sec(P.REGISTRATION, params=params)})",
                clocks.city,
                done_on=_registered_on(case),
                controlling=clocks.controlling,
            )
        )
    if case.deemed_on is not None:
        found.append(
            CaseDeadline(
                "sterilization",
                "Sterilization due; if not done, the Authority seizes the dog and has it "
                f"sterilized at the owner's expense ({sec(P.STERILIZATION, params=params)})",
                sterilization_due(case.deemed_on, params),
                done_on=_sterilized_on(case),
            )
        )
    for held in case.impoundments.all():  # type: ignore[attr-defined]
        found.append(
            CaseDeadline(
                "release_compliance",
                f"Impounded {held.impounded_on:%Y-%m-%d}: the owner to comply with every "
                "requirement and pay the costs for the dog's release "
                f"({sec(P.RELEASE, P.COSTS, params=params)})",
                release_due(held.impounded_on, params),
                done_on=held.released_on,
            )
        )
    for revocation in case.revocations.all():  # type: ignore[attr-defined]
        found.append(
            CaseDeadline(
                "revocation_hearing",
                f"Revocation hearing to be held by ({sec(P.REVOCATION_HEARING, params=params)})"
                + ("; extended for good cause" if revocation.extension_good_cause else ""),
                deadline(
                    params, revocation.notice_date, clock_id="dangerous_dog.revocation_hearing"
                ),
                done_on=revocation.held_on,
            )
        )
        if revocation.held_on is not None:
            found.append(
                CaseDeadline(
                    "revocation_order",
                    "Order on the revocation due "
                    f"({sec(P.ORDER, P.REVOCATION_HEARING, params=params)})",
                    order_due(revocation.held_on, params),
                    done_on=revocation.decided_on,
                )
            )
        if revocation.outcome == "reclaim" and revocation.decided_on is not None:
            most = deadline(
                params, revocation.decided_on, clock_id="dangerous_dog.revocation_reclaim"
            )
            found.append(
                CaseDeadline(
                    "revocation_reclaim",
                    f"Owner may obtain the dog through {revocation.reclaim_by:%Y-%m-%d} "
                    f"({sec(P.REVOCATION_DISPOSITION, params=params)}; at most "
                    f"{wording.phrase(most.parameters[0], 'words_unit')})",
                    most,
                )
            )
    return found


def _registered_on(case: object) -> dt.date | None:
    registrations = list(case.registrations.all())  # type: ignore[attr-defined]
    return min((r.issued_on for r in registrations), default=None)


def _sterilized_on(case: object) -> dt.date | None:
    registrations = list(case.registrations.all())  # type: ignore[attr-defined]
    days = [r.sterilized_on or r.issued_on for r in registrations]
    days += [i.sterilized_on for i in case.impoundments.all() if i.sterilized_on]  # type: ignore[attr-defined]
    return min(days, default=None)
