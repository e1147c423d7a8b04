"""The due list (the licensing desk's and every domain's sections), the rows of all its sections in
order, paginated: the same computation as the staff page (``licensing.due.due_list``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from ninja import Query, Router, Schema
from ninja.errors import HttpError
from pydantic import Field

from dogtag.api.auth import require
from dogtag.api.routes.common import MAX_LIMIT, MAX_OFFSET
from dogtag.api.schemas import DuePage
from dogtag.law.computation_of_time import DeadlineError
from dogtag.law.params import ParameterError
from dogtag.licensing.due import due_list
from dogtag.records.bounds import check_date
from dogtag.records.services import city_params, today

router = Router(tags=["Due list"])


class DueQuery(Schema):
    on: dt.date | None = Field(None, description="The day the list is counted from; today if none.")
    section: str = Field("", max_length=40, pattern=r"^[a-z_]*$", description="One section's key.")
    limit: int = Field(50, ge=1, le=MAX_LIMIT * 4)
    offset: int = Field(0, ge=0, le=MAX_OFFSET)


@router.get("/due", response=DuePage, summary="The due list, paginated")
def due(request: HttpRequest, query: Query[DueQuery]) -> dict[str, Any]:  # type: ignore[type-arg]
    require(request)
    on = query.on or today()
    try:
        check_date(on, "on")
    except ValidationError as exc:
        raise HttpError(422, exc.messages[0]) from None
    try:
        listed = due_list(on, city_params())
    except (ParameterError, DeadlineError) as exc:
        raise HttpError(422, f"No due list for {on.isoformat()}: {exc}.") from None
    rows = [
        (section, row)
        for section in listed.sections
        if not query.section or section.key == query.section
        for row in section.rows
    ]
    shown = rows[query.offset : query.offset + query.limit]
    return {
        "on": on,
        "count": len(rows),
        "limit": query.limit,
        "offset": query.offset,
        "items": [
            {
                "section": section.key,
                "section_title": section.title,
                "subject_id": row.subject_id,
                "subject_name": row.subject_name,
                "owner_id": row.owner_id,
                "owner_name": row.owner_name,
                "date": row.date,
                "overdue": row.overdue,
                "sections": list(row.sections),
                "summary": row.summary,
                "explanation": list(row.explanation),
                "license_number": row.license_number,
                "note": row.note,
            }
            for section, row in shown
        ],
    }
