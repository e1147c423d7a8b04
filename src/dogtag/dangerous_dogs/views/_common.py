"""What the dangerous-dog pages share: a case by its number, a PDF response."""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from django.http import Http404, HttpResponse

from dogtag.dangerous_dogs import queries, services
from dogtag.dangerous_dogs.models import DangerousDogCase

DESIGNATE = services.DESIGNATE
CONDUCT = services.CONDUCT
State = DangerousDogCase.State


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _case(number: str) -> DangerousDogCase:
    try:
        return queries.case_detail(number)
    except ObjectDoesNotExist:
        raise Http404(f"No dangerous-dog case {number}") from None
