"""The complaint pages (``vehicle.animal_left``, ``nuisance.owner_duty``): the queue, intake, the
complaint with its evidence, findings, follow-ups and outcome, evidence downloads and the map.

Thin: a form parses the input, one service in ``services.py`` acts (or ``queries.py`` reads), the
page renders. A refused action (``ServiceError``) re-renders the page with the service's message in
the error summary; the service wrote nothing. Every page needs ``records.view_records``; intake
needs ``records.receive_complaint``; assignment, evidence, findings, follow-ups and the outcome need
``records.investigate_complaint`` (403 otherwise), and the page shows only the forms the user may
use.

One module a stage: ``pages`` (the queue and the map), ``intake``, ``detail`` (the complaint page,
and ``_act``: a step's form to its service through ``records.office.form_action``),
``investigation`` (assignment, follow-ups), ``evidence``, ``findings``, ``outcome``; every view is
importable from here.
"""

from __future__ import annotations

from dogtag.complaints.views._common import parcel_url
from dogtag.complaints.views.detail import complaint_detail
from dogtag.complaints.views.evidence import (
    evidence_analysis,
    evidence_download,
    evidence_file,
    evidence_log,
    evidence_recording,
    evidence_times,
)
from dogtag.complaints.views.findings import (
    finding_acts,
    finding_at_large,
    finding_damage,
    finding_duty,
    finding_prohibition,
    finding_vehicle,
)
from dogtag.complaints.views.intake import complaint_new
from dogtag.complaints.views.investigation import complaint_assign, follow_up_new
from dogtag.complaints.views.outcome import complaint_close, complaint_reopen, complaint_withdraw
from dogtag.complaints.views.pages import complaint_list, map_view

__all__ = [
    "complaint_assign",
    "complaint_close",
    "complaint_detail",
    "complaint_list",
    "complaint_new",
    "complaint_reopen",
    "complaint_withdraw",
    "evidence_analysis",
    "evidence_download",
    "evidence_file",
    "evidence_log",
    "evidence_recording",
    "evidence_times",
    "finding_acts",
    "finding_at_large",
    "finding_damage",
    "finding_duty",
    "finding_prohibition",
    "finding_vehicle",
    "follow_up_new",
    "map_view",
    "parcel_url",
]
