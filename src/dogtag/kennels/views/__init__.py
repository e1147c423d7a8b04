"""The kennel pages (the kennel license). Thin: parse the form, call one service, render.

Every page needs a signed-in user with ``records.view_records``; issuing a private license and
taking a commercial application need ``records.issue_kennel_license`` (which also issues the
council's license and renews it); the hearing, the notice list and mailing, the commission's
recommendation and the council's decision need ``records.record_kennel_hearing``; inspections
``records.inspect_kennel``. 403 otherwise; pages show only the actions the user may take.

One module a stage of a kennel: ``pages`` (the list, a private license), ``intake`` (a private
license issued, a commercial application taken), ``steps`` (the application's steps and their
services) and ``commercial`` (its page and a step's POST), ``renewal``, ``inspections``,
``documents`` (the PDFs); ``inspected``, the pages of a kennel license inspected before it
issues (Lino Lakes'), each page of one shape (``kennels.shape``). Each form goes to its service
through ``records.office.form_action``; every view is importable from here.
"""

from __future__ import annotations

from dogtag.kennels.views.commercial import commercial_detail, commercial_step
from dogtag.kennels.views.documents import (
    commercial_certificate,
    notice_labels,
    notice_letters,
    private_certificate,
)
from dogtag.kennels.views.inspected import (
    kennel_application_detail,
    kennel_application_inspect,
    kennel_application_issue,
    kennel_apply,
    kennel_license_certificate,
    kennel_license_detail,
    kennel_license_modify,
    kennel_license_renew,
)
from dogtag.kennels.views.inspections import commercial_inspect, private_inspect
from dogtag.kennels.views.intake import commercial_new, private_new
from dogtag.kennels.views.pages import kennel_list, private_detail
from dogtag.kennels.views.renewal import commercial_council_renewal, commercial_renew

__all__ = [
    "commercial_certificate",
    "commercial_council_renewal",
    "commercial_detail",
    "commercial_inspect",
    "commercial_new",
    "commercial_renew",
    "commercial_step",
    "kennel_application_detail",
    "kennel_application_inspect",
    "kennel_application_issue",
    "kennel_apply",
    "kennel_license_certificate",
    "kennel_license_detail",
    "kennel_license_modify",
    "kennel_license_renew",
    "kennel_list",
    "notice_labels",
    "notice_letters",
    "private_certificate",
    "private_detail",
    "private_inspect",
    "private_new",
]
