"""The public tag lookup: what anyone who finds a dog may learn from its tag. Only the fields
``licensing.data_practices`` classifies public (the city's overrides applied), never the owner.

It is the found-dog page's lookup (``/residents/found/``) by another door (issue 25 item 2.6):
each lookup is counted against the client's address together with the page's
(``found.client``), logged by ``found.services.look_up`` (Office > Found dogs), and a dog
reported lost tells its owner and staff, as on the page."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from ninja import Path, Router
from ninja.errors import HttpError

from dogtag.api.problems import CONTENT_TYPE
from dogtag.api.schemas import PublicTagOut
from dogtag.found import services as found
from dogtag.found.client import LOOKUP_LIMIT, logged_address, may_look_up
from dogtag.licensing.data_practices import LOOKUP_DOG_FIELDS, LOOKUP_LICENSE_FIELDS, public_record
from dogtag.records.services import today

router = Router(tags=["Public"])

LICENSE_FIELDS = LOOKUP_LICENSE_FIELDS
DOG_FIELDS = LOOKUP_DOG_FIELDS
#: The answer the route adds to the document's (``api.ERRORS``), a problem detail like them.
TOO_MANY = {
    "429": {
        "description": (
            "Too many lookups from the client's address in the last hour, counted with the "
            "found-dog page's (/residents/found/)."
        ),
        "content": {CONTENT_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}},
    }
}


@router.get(
    "/public/tags/{serial}",
    response=PublicTagOut,
    auth=None,
    summary="Look up a tag",
    openapi_extra={"responses": TOO_MANY},
)
def public_tag(
    request: HttpRequest, serial: str = Path(..., max_length=20, pattern=r"^[A-Za-z0-9-]+$")
) -> dict[str, Any]:
    """No sign-in. A tag in stock was never issued, so it is not found. The serial is compared
    as the found-dog page compares numbers (case and dashes ignored). Each lookup is logged and
    counted against the client's address together with the found-dog page's lookups (30 an
    hour, then 429); looking up a dog reported lost tells its owner and the city."""
    if not may_look_up(request):
        raise HttpError(
            429,
            f"Too many lookups from your address in the last hour ({LOOKUP_LIMIT.count}, with "
            "the found-dog page's). Please wait an hour and try again.",
        )
    answer = found.look_up(
        typed=serial, client_address=logged_address(request), on=today(), kinds=("tag",)
    )
    tag = answer.match.tag if answer.match is not None else None
    if tag is None:
        raise Http404("No such record.")
    return {
        "serial": tag.serial,
        "status": tag.status,
        "license": public_record(tag.license, LICENSE_FIELDS) if tag.license else None,
        "dog": public_record(tag.dog, DOG_FIELDS) if tag.dog else None,
    }
