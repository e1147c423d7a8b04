"""Errors as RFC 9457 problem details (``application/problem+json``), carrying the findings.

Every error the API answers is one of these: a refusal by the rules core (422, its findings with
their sections), a form's field errors (422, ``errors``), a missing key (401), a missing
permission or a failed CSRF check (403), a record not found (404), a body over the limit (413).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from http import HTTPStatus
from typing import Any

from django.http import HttpRequest, HttpResponse
from ninja import Schema
from pydantic import Field

from dogtag.law.findings import Finding

CONTENT_TYPE = "application/problem+json"
#: The largest request body the API reads (a license, a complaint or a question's facts).
MAX_BODY_BYTES = 64 * 1024

logger = logging.getLogger(__name__)


class FieldError(Schema):
    field: str
    message: str


class Problem(Schema):
    """RFC 9457 problem details; ``findings`` are the rules core's, as ``dogtag evaluate`` prints
    them, the blocking ones first."""

    type: str = "about:blank"
    title: str
    status: int
    detail: str = ""
    instance: str = ""
    findings: list[dict[str, Any]] = Field(default_factory=list)
    errors: list[FieldError] = Field(default_factory=list)


def problem(
    request: HttpRequest | None,
    status: int,
    detail: str = "",
    *,
    findings: Sequence[Finding] = (),
    errors: Iterable[tuple[str, str]] = (),
) -> HttpResponse:
    body = {
        "type": "about:blank",
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
        "instance": request.path if request is not None else "",
        "findings": [f.to_json() for f in findings],
        "errors": [{"field": f, "message": m} for f, m in errors],
    }
    response = HttpResponse(json.dumps(body, default=str), status=status, content_type=CONTENT_TYPE)
    if status == HTTPStatus.UNAUTHORIZED:
        response["WWW-Authenticate"] = 'Bearer realm="dogtag"'
    return response


def form_errors(errors: Mapping[str, Sequence[str]]) -> list[tuple[str, str]]:
    """A Django form's errors as (field, message) pairs; the form's own under "" """
    return [
        ("" if name == "__all__" else name, str(message))
        for name, messages in errors.items()
        for message in messages
    ]


def too_large(content_length: str | None, limit: int = MAX_BODY_BYTES) -> bool:
    try:
        return int(content_length or 0) > limit
    except ValueError:
        return True
