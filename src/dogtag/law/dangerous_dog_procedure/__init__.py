"""The dangerous-dog case as a pure function of its dated events.

``standing(events, on, params)`` reads the events so far (each a ``law.procedure.Event``: a
``CaseEvent`` kind, its date and facts) and answers: the state of the matter, the steps allowed
next (each with the findings that allow it), the deadlines running with their day-by-day
explanations (``law.clocks``), and the blocking findings of every other step. The services ask it
before each step and the case page asks it for the forms it offers: there is no other table of
steps.

The path (the notice, the hearing, the order, destruction, registration, the owner's notices):
designated -> notice_issued -> served -> (hearing_requested -> hearing_scheduled -> hearing_held
-> order: dangerous | rescinded | destruction_ordered) or (no request within the days to request
one -> dangerous: the designation stands) -> registered (renewed yearly) -> revocation_noticed ->
revocation_heard -> revoked | registered (the revocation). The owner's notice of death or
relocation closes the case; a review may rescind the designation.

One module per stage, each importing only those below it (an import-linter contract):
``question`` (the ``dangerous-dog-case`` facts and answer) -> ``standing`` -> ``before_order``
(A.1-A.2, with ``designation_stands``, A.1.e) | ``after_order`` (A.5, A.7, B, C, E) | ``running``
(the clocks of each state, both registration clocks once deemed dangerous) -> ``context`` (the
case on a day, the finding on a step) -> ``events`` (the state and dates the events lead to, the
readings of the notice date and the day deemed) -> ``steps`` (the one table of steps and states).
"""

from dogtag.law.dangerous_dog_procedure.before_order import designation_stands
from dogtag.law.dangerous_dog_procedure.events import (
    DISPOSITIONS,
    UPHOLDING,
    Circumstances,
    notice_date,
    request_window,
    state_after,
)
from dogtag.law.dangerous_dog_procedure.question import (
    CaseFacts,
    case_facts_problems,
    where_it_stands,
)
from dogtag.law.dangerous_dog_procedure.standing import Standing, standing
from dogtag.law.dangerous_dog_procedure.steps import (
    COSTS_OPEN,
    KEPT,
    NEXT_STEP,
    RULE,
    STATES,
    STEPS,
    Step,
)
from dogtag.law.procedure import Event

__all__ = [
    "COSTS_OPEN",
    "DISPOSITIONS",
    "KEPT",
    "NEXT_STEP",
    "RULE",
    "STATES",
    "STEPS",
    "UPHOLDING",
    "CaseFacts",
    "Circumstances",
    "Event",
    "Standing",
    "Step",
    "case_facts_problems",
    "designation_stands",
    "notice_date",
    "request_window",
    "standing",
    "state_after",
    "where_it_stands",
]
