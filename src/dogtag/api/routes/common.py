"""What every route shares: pagination bounds, the "today" of the city, record lookup as 404."""

from __future__ import annotations

from typing import Any, TypeVar

from django.db import models
from django.http import Http404
from ninja import Query, Schema
from pydantic import Field

from dogtag.api.schemas import TEXT

M = TypeVar("M", bound=models.Model)

MAX_LIMIT = 50
MAX_OFFSET = 5_000
#: The largest id or offset accepted: the largest integer every database's key column holds.
MAX_ID = 2**31 - 1


class Paging(Schema):
    q: str = Field("", max_length=100, pattern=TEXT, description="Words to search for.")
    limit: int = Field(20, ge=1, le=MAX_LIMIT)
    #: A search reads its matches up to offset + limit: bounded so that no request reads a table.
    offset: int = Field(0, ge=0, le=MAX_OFFSET)


PagingQuery = Query[Paging]  # type: ignore[type-arg,misc]


def get(queryset: models.QuerySet[M], **lookups: Any) -> M:
    """The record, or 404 (answered as a problem detail)."""
    found = queryset.filter(**lookups).first()
    if found is None:
        raise Http404("No such record.")
    return found


def page(items: list[Any], count: int, paging: Paging) -> dict[str, Any]:
    return {"count": count, "limit": paging.limit, "offset": paging.offset, "items": items}
