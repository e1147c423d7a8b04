"""Kennel license services (the kennel license). Every write to a kennel record goes through here.

Like the licensing desk's services (``dogtag.licensing.services``): each runs in one transaction,
asks the rules core (``dogtag.law.kennels``, ``dogtag.law.kennel_conditions``), refuses with the
findings and writes nothing when one blocks, stores its ``Decision``, takes the fee with a receipt
whose lines cite the section and the resolution, and names the acting user in the history.

Private kennel licenses (``private_kennel.license``): new, a new license to add dogs (A.2), a
corrected license on relocation (A.2), the yearly renewal (A.3), an inspection upon a complaint
(A.4).

Commercial kennel licenses (``commercial_kennel.license``), step by step in the order
``kennel.commercial_procedure`` enforces: application with the application and public hearing fees
(B.1, B.2), the Planning & Zoning hearing scheduled, the notice list drawn from the parcel map
(B.2), the notice mailed, the commission's recommendation, the council's decision with the
conditions B.3-B.8 and any B.9 conditions, the one-year license; then renewals (B.2) and periodic
inspections (B.7).

A commercial renewal counts the nuisance complaints Dogtag holds about the parcel, its residents
or their dogs, and any the clerk adds from the City's paper file; the renewal decision stores them
with its finding.

One module a part (issue 11 item 8): ``private`` (A), ``commercial`` (B, its steps and renewals),
``inspections`` (A.4, B.7), ``_common``; every public name is importable from here.

Terms: a license's term starts on the day it issues (a renewal: the day after the license it
renews expires, or the renewal day if that has passed) and ends the day before its anniversary
(``kennel.license_term``, with ``add_months``). A new license to add dogs or a corrected license
on relocation is a new license (A.2): a new one-year term and the application fee, the license it
replaces ending the day before.
"""

from __future__ import annotations

from dogtag.kennels.services._common import (
    OPEN_APPLICATION,
    PRIVATE_KINDS,
    KennelIssued,
    hearing_day,
)
from dogtag.kennels.services.commercial import (
    apply_for_commercial_kennel,
    completed_steps,
    draw_notice_list,
    events_of,
    issue_commercial_kennel_license,
    next_step,
    notice_candidates,
    procedure_state,
    record_council_decision,
    record_council_renewal,
    record_hearing_held,
    record_late_notice,
    record_notice_mailed,
    record_owner_omitted,
    record_recommendation,
    recorded_nuisance_complaints,
    renew_commercial_kennel_license,
    schedule_hearing,
    withdraw_application,
)
from dogtag.kennels.services.inspected import (
    apply_for_kennel_license,
    apply_for_kennel_renewal,
    conditions_in_force,
    issue_kennel_license,
    modify_kennel_license,
    record_site_inspection,
)
from dogtag.kennels.services.inspections import Checked, checklist, record_inspection
from dogtag.kennels.services.private import (
    active_private_licenses,
    issue_private_kennel_license,
    private_license_findings,
)
from dogtag.kennels.shape import inspected_before_issue
from dogtag.licensing.receipts import Payment
from dogtag.records.errors import Refused, ServiceError

__all__ = [
    "OPEN_APPLICATION",
    "PRIVATE_KINDS",
    "Checked",
    "KennelIssued",
    "Payment",
    "Refused",
    "ServiceError",
    "active_private_licenses",
    "apply_for_commercial_kennel",
    "apply_for_kennel_license",
    "apply_for_kennel_renewal",
    "checklist",
    "completed_steps",
    "conditions_in_force",
    "draw_notice_list",
    "events_of",
    "hearing_day",
    "inspected_before_issue",
    "issue_commercial_kennel_license",
    "issue_kennel_license",
    "issue_private_kennel_license",
    "modify_kennel_license",
    "next_step",
    "notice_candidates",
    "private_license_findings",
    "procedure_state",
    "record_council_decision",
    "record_council_renewal",
    "record_hearing_held",
    "record_inspection",
    "record_late_notice",
    "record_notice_mailed",
    "record_owner_omitted",
    "record_recommendation",
    "record_site_inspection",
    "recorded_nuisance_complaints",
    "renew_commercial_kennel_license",
    "schedule_hearing",
    "withdraw_application",
]
