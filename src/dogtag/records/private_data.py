"""Need-to-know (issue 10, item 7): who may see complainants' identity and complaint evidence, and
the log of who viewed private data.

Minn. Stat. 13.44 subd. 1 makes the identity of a person who complains about the use of real
property private; Minn. Stat. 13.05 subd. 5 asks that private data be reachable only by staff
whose work requires it. So a complainant's identity and the complaint's evidence are shown only to
holders of ``records.view_complaint_private`` (the Animal control officer and the Administrator);
everyone else sees ``PRIVATE_COMPLAINT`` in their place. Each page view or download that shows
private data (owner contact, complainant identity, evidence) writes one ``PrivateDataView`` row
through ``record_view``: one INSERT, whatever the page shows.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from dogtag.records.models import PrivateDataView

VIEW_COMPLAINT_PRIVATE = "records.view_complaint_private"
VIEW_LOG = "records.view_private_data_log"
STATUTE = "Minn. Stat. 13.44 subd. 1"
PRIVATE_COMPLAINT = f"Private ({STATUTE}): visible to the animal control officer and administrator"

Kind = PrivateDataView.Kind


def may_see_complaint_private(user: Any) -> bool:
    """Whether ``user`` may see complainants' identity and complaint evidence."""
    return bool(user.has_perm(VIEW_COMPLAINT_PRIVATE))


def record_view(request: HttpRequest, kind: str, record: str) -> PrivateDataView:
    """Log that the signed-in user was shown ``kind`` of private data of ``record`` on this page
    (its path and query, cut to the column's length). One INSERT; in the request's transaction if
    there is one."""
    page = request.get_full_path()[:500]
    return PrivateDataView.objects.create(
        user=request.user, kind=kind, record=record[:200], page=page
    )
