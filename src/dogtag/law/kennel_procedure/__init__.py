"""The private and the commercial kennel license (``private_kennel.license``,
``commercial_kennel.license``) as pure functions of dated events (``law.procedure``): the
commercial kennel application from its application to its renewals
(``commercial_kennel.council_license``, ``.hearing``, ``.renewal``, ``.council_conditions``), the
private kennel license's complaint and inspection (``private_kennel.term``, ``.inspection``), and
the legal refusals of the kennel desk. Each provision is named by a concept and cited as the
jurisdiction package says (``law.provisions``).

The main steps and their order are ``kennel_conditions.COMMERCIAL_STEPS`` and the rule
``kennel.commercial_procedure``; this package adds the events beside them (``SIDE_STEPS``: an
owner found missing from the notice list, the late notice to that owner, withdrawal, nuisance
complaints, renewals), the day each may be recorded on (``kennel.commercial_step_timing``), the
notice to every affected owner (``kennel.notice_to_all_owners``, reading
``readings.kennel_notice_omission``), the commission's and the council's conditions
(``commercial_kennel.recommendation``, ``commercial_kennel.council_conditions``),
and ``commercial_application``: where an application stands on a day, its log folded event by
event, an event the procedure would not have allowed on its day not counted.

One module per stage, each importing only those below it: ``question`` (the facts of
``commercial-kennel-application`` and ``private-kennel-license``) | ``table`` (the coverage
table) -> ``private`` (the private license) -> ``application`` (the log folded, where it stands) ->
``standing`` (the findings on one step) | ``running`` (the clocks) -> ``timing`` (the days of the
steps, the notice to every owner) | ``decisions`` (the commission's and the council's, withdrawal,
complaints, renewals) | ``desk`` (one open application, the fee, the kind of private license, an
inspection's grounds) -> ``events`` (what the events set) -> ``steps`` (the steps beside the main
ones) | ``finder`` (the one builder of their findings).
"""

from dogtag.law.kennel_procedure.application import (
    ApplicationState,
    Folded,
    commercial_application,
    commercial_step,
    completed,
    fold,
    next_step,
)
from dogtag.law.kennel_procedure.decisions import (
    council_conditions_with_approval,
    lifecycle,
    recommendation_made,
)
from dogtag.law.kennel_procedure.desk import (
    fee_paid,
    inspection_grounds,
    one_open_application,
    private_license_kind,
)
from dogtag.law.kennel_procedure.events import Dates, Term, apply
from dogtag.law.kennel_procedure.private import (
    PRIVATE_KINDS,
    PRIVATE_PROCEDURE,
    PRIVATE_STEPS,
    PrivateDates,
    private_apply,
    private_kennel,
    private_step,
)
from dogtag.law.kennel_procedure.question import CommercialApplicationFacts, PrivateKennelFacts
from dogtag.law.kennel_procedure.standing import step_findings
from dogtag.law.kennel_procedure.steps import (
    ALL_STEPS,
    CLOSING,
    EVENT_KINDS,
    NOTICE_READING,
    PROCEDURE,
    QUESTION,
    RECOMMENDATIONS,
    SIDE_STEPS,
)
from dogtag.law.kennel_procedure.table import EVENT_TABLE
from dogtag.law.kennel_procedure.timing import notice_to_all_owners, step_timing

__all__ = [
    "ALL_STEPS",
    "CLOSING",
    "EVENT_KINDS",
    "EVENT_TABLE",
    "NOTICE_READING",
    "PRIVATE_KINDS",
    "PRIVATE_PROCEDURE",
    "PRIVATE_STEPS",
    "PROCEDURE",
    "QUESTION",
    "RECOMMENDATIONS",
    "SIDE_STEPS",
    "ApplicationState",
    "CommercialApplicationFacts",
    "Dates",
    "Folded",
    "PrivateDates",
    "PrivateKennelFacts",
    "Term",
    "apply",
    "commercial_application",
    "commercial_step",
    "completed",
    "council_conditions_with_approval",
    "fee_paid",
    "fold",
    "inspection_grounds",
    "lifecycle",
    "next_step",
    "notice_to_all_owners",
    "one_open_application",
    "private_apply",
    "private_kennel",
    "private_license_kind",
    "private_step",
    "recommendation_made",
    "step_findings",
    "step_timing",
]
