"""The dangerous-dog case as a state machine (the dangerous-dog section, dangerous_dog.restrictions).
Every write is one of these.

designated -> notice_issued -> served -> (hearing_requested -> hearing_scheduled -> hearing_held
-> order: dangerous | rescinded | destruction_ordered) or (no request within the fourteen days ->
dangerous) -> registered (-> renewed yearly) -> revocation_noticed -> revocation_heard ->
revoked | registered. Beside the path: proof or seizure pending the hearing (A.2.b), inspections
(E.6), the owner's notices of death, relocation or transfer (C, D; death or relocation closes the
case), review of the designation (A.7; may rescind it) and the costs ledger (A.1.f, A.5).

Each function runs in one transaction: it locks the case, asks the rules core whether the step
may come now (``dangerous_dog.procedure``, from the case's events) and whether its legal
conditions hold (``law.dangerous_dog_steps``, ``law.dangerous_dog_registration``), and either
refuses (``Refused`` with the blocking findings, each citing its subsection; a plain
``ServiceError`` only for what is not law: permissions, dates typed wrong, missing form fields;
nothing is written) or stores the step, a dated ``CaseEvent`` and the ``Decision`` with the
findings, naming the acting user in the history.

One module per stage: ``designation`` (A, A.1), ``hearing`` (A.1.c-A.3), ``registration`` (B.1-B.3,
B.5, B.7, E.4, E.5), ``revocation`` (B.6), ``owner_notices`` (C, D), ``review`` (A.7), ``costs``
(A.1.f, A.5), ``keeping`` (E.3, E.6, E.7), ``impoundment`` (B.3.g, B.4), ``standing`` (the case's
events and records for the rules core); ``_common`` holds what they share. This package re-exports
every public service, so ``from dogtag.dangerous_dogs import services`` works as before.

Readings adopted (see the report and ``docs``):
- "The date of the Notice" is the date of service (LEGAL-NOTES §6.5, ``readings.notice_date``).
- A dog is "deemed" dangerous (B.2, B.3.g clocks) on the last day of the request window when no
  hearing was requested (the designation "will stand", A.1.e), or on the day of the Hearing
  Officer's order upholding it.
- An order issued after the ten days of A.2.g is recorded, marked late, and the lateness stated in
  its decision: refusing to record it would not undo the lateness and would leave the owner
  without a record of the order to seek review of (A.4).
- A hearing is held after its fourteen days (A.2.a) only when the Hearing Officer recorded the
  good cause for the extension first.
- The revocation hearing's twenty days (B.6.b) count from the date the notice was served.
- A notice of death or relocation received after the thirty days (C) is recorded and marked late.
"""

from __future__ import annotations

from dogtag.dangerous_dogs.services._common import (
    CONDUCT,
    DESIGNATE,
    KEPT,
    case_events,
    case_standing,
)
from dogtag.dangerous_dogs.services.costs import (
    balance,
    record_cost,
    record_cost_payment,
    waived_costs,
)
from dogtag.dangerous_dogs.services.court import (
    RELEASE_BASES,
    record_certiorari_decision,
    record_certiorari_petition,
    record_release_refused,
    record_sale_disclosure,
)
from dogtag.dangerous_dogs.services.designation import (
    IncidentFacts,
    designate,
    evaluate_designation,
    issue_notice,
    record_service,
)
from dogtag.dangerous_dogs.services.hearing import (
    designation_stands,
    hearing_request_finding,
    hold_hearing,
    issue_order,
    receive_hearing_request,
    record_flagged_hearing_request,
    record_oral_hearing_request,
    record_pending_compliance,
    schedule_hearing,
)
from dogtag.dangerous_dogs.services.impoundment import (
    is_sterilized,
    open_impoundment,
    release,
    release_evidence,
    release_findings,
    seize_for_sterilization,
    sterilization_findings,
)
from dogtag.dangerous_dogs.services.incidents import give_incident_time
from dogtag.dangerous_dogs.services.keeping import (
    conditions_finding,
    inspection_seizure_finding,
    record_inspection,
    record_rental_disclosure,
    recorded_violation,
    review_conditions,
    seize_after_refused_inspection,
)
from dogtag.dangerous_dogs.services.owner_notices import (
    record_affidavit,
    record_owner_notice,
)
from dogtag.dangerous_dogs.services.registration import (
    RegistrationProof,
    evaluate_registration,
    record_missing_requirements,
    register,
    renew_registration,
)
from dogtag.dangerous_dogs.services.review import (
    REVIEW_FACTORS,
    decide_review,
    request_review,
)
from dogtag.dangerous_dogs.services.revocation import (
    decide_revocation,
    hold_revocation_hearing,
    serve_revocation_notice,
)
from dogtag.dangerous_dogs.services.standing import (
    case_circumstances,
)
from dogtag.licensing.receipts import Payment
from dogtag.records.errors import Refused, ServiceError

__all__ = [
    "CONDUCT",
    "DESIGNATE",
    "KEPT",
    "RELEASE_BASES",
    "REVIEW_FACTORS",
    "IncidentFacts",
    "Payment",
    "Refused",
    "RegistrationProof",
    "ServiceError",
    "balance",
    "case_circumstances",
    "case_events",
    "case_standing",
    "conditions_finding",
    "decide_review",
    "decide_revocation",
    "designate",
    "designation_stands",
    "evaluate_designation",
    "evaluate_registration",
    "give_incident_time",
    "hearing_request_finding",
    "hold_hearing",
    "hold_revocation_hearing",
    "inspection_seizure_finding",
    "is_sterilized",
    "issue_notice",
    "issue_order",
    "open_impoundment",
    "receive_hearing_request",
    "record_affidavit",
    "record_certiorari_decision",
    "record_certiorari_petition",
    "record_cost",
    "record_cost_payment",
    "record_flagged_hearing_request",
    "record_inspection",
    "record_missing_requirements",
    "record_oral_hearing_request",
    "record_owner_notice",
    "record_pending_compliance",
    "record_release_refused",
    "record_rental_disclosure",
    "record_sale_disclosure",
    "record_service",
    "recorded_violation",
    "register",
    "release",
    "release_evidence",
    "release_findings",
    "renew_registration",
    "request_review",
    "review_conditions",
    "schedule_hearing",
    "seize_after_refused_inspection",
    "seize_for_sterilization",
    "serve_revocation_notice",
    "sterilization_findings",
    "waived_costs",
]
