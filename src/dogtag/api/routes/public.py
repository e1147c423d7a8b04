"""The public tag lookup: what anyone who finds a dog may learn from its tag. Only the fields
``licensing.data_practices`` classifies public (the city's overrides applied), never the owner."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Path, Router

from dogtag.api.routes.common import get
from dogtag.api.schemas import PublicTagOut
from dogtag.licensing.data_practices import LOOKUP_DOG_FIELDS, LOOKUP_LICENSE_FIELDS, public_record
from dogtag.licensing.models import Tag

router = Router(tags=["Public"])

LICENSE_FIELDS = LOOKUP_LICENSE_FIELDS
DOG_FIELDS = LOOKUP_DOG_FIELDS


@router.get("/public/tags/{serial}", response=PublicTagOut, auth=None, summary="Look up a tag")
def public_tag(
    request: HttpRequest, serial: str = Path(..., max_length=20, pattern=r"^[A-Za-z0-9-]+$")
) -> dict[str, Any]:
    """No sign-in. A tag in stock was never issued, so it is not found."""
    tag = get(
        Tag.objects.select_related("license", "dog").exclude(status="in_stock"), serial=serial
    )
    return {
        "serial": tag.serial,
        "status": tag.status,
        "license": public_record(tag.license, LICENSE_FIELDS) if tag.license else None,
        "dog": public_record(tag.dog, DOG_FIELDS) if tag.dog else None,
    }
