"""The API's pages on the staff site: the reference (anyone) and the keys (administrators)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dogtag.api import keys
from dogtag.api.forms import IssueKeyForm
from dogtag.api.models import ApiKey
from dogtag.api.problems import problem
from dogtag.api.reference import reference
from dogtag.records.errors import ServiceError
from dogtag.records.office import office_page

MANAGE = "api.manage_api_keys"


def api_not_found(request: HttpRequest, rest: str) -> HttpResponse:
    """An address under /api/v1/ that names no operation: a problem detail, as the API answers."""
    return problem(request, 404, "No operation at this address: see /api/v1/openapi.json.")


@require_GET
def api_reference(request: HttpRequest) -> HttpResponse:
    document, groups = reference()
    return render(request, "api/reference.html", {"info": document["info"], "groups": groups})


def _keys_page(
    request: HttpRequest, form: IssueKeyForm, issued: keys.Issued | None
) -> HttpResponse:
    listed = ApiKey.objects.select_related("role", "created_by", "revoked_by")
    return render(
        request,
        "api/keys.html",
        {"form": form, "keys": listed, "issued": issued},
    )


@require_http_methods(["GET", "POST"])
@office_page(MANAGE)
def api_keys(request: HttpRequest) -> HttpResponse:
    """List the keys and issue one. The key is shown once, on the page that answers the issuing
    POST; it is never stored, so it cannot be shown again."""
    form = IssueKeyForm(request.POST or None)
    issued = None
    if request.method == "POST" and form.is_valid():
        try:
            issued = keys.issue_api_key(actor=request.user, **form.service_fields())
        except ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            form = IssueKeyForm()
    response = _keys_page(request, form, issued)
    response["Cache-Control"] = "no-store"  # the page may hold a key
    return response


@require_POST
@office_page(MANAGE)
def api_key_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    key = get_object_or_404(ApiKey, pk=pk)
    try:
        keys.revoke_api_key(key=key, actor=request.user)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"The key {key.prefix}… of {key.name} is revoked.")
    return redirect("api_keys")
