"""The residents' complaint pages: the form, the tracking page, the signed-in resident's list.

Thin: the form checks the input, ``services.submit_complaint`` writes, the tracking page reads
the status the complainant may see (``services.public_status``) and nothing else.
"""

from __future__ import annotations

import datetime as dt

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from dogtag.complaints.services import FileRefused
from dogtag.licensing.data_practices import PRIVATE, classification
from dogtag.public_cases import documents, hearing, services
from dogtag.public_cases.forms import ComplaintForm, HearingRequestForm
from dogtag.records.errors import ServiceError
from dogtag.residents.abuse import Limit, allow
from dogtag.residents.links import absolute
from dogtag.residents.models import ResidentAccount
from dogtag.residents.session import current_account, resident_required

#: Complaints sent from one address per hour: more than a neighbour ever needs.
COMPLAINT_LIMIT = Limit(count=5, window=dt.timedelta(hours=1))


def _too_many(request: HttpRequest) -> HttpResponse:
    return render(request, "residents/too_many.html", status=429)


def _all_private() -> bool:
    """Whether the City classifies every complainant field private (``data_practices.py``)."""
    table = classification()
    names = ("name", "phone", "address", "email")
    return all(
        table.get(f"complaint.complainant_{n}") is not None
        and table[f"complaint.complainant_{n}"].classification == PRIVATE
        for n in names
    )


@require_http_methods(["GET", "POST"])
def complaint_new(request: HttpRequest) -> HttpResponse:
    account = current_account(request)
    initial = {"complainant_email": account.email} if account is not None else {}
    form = ComplaintForm(request.POST or None, request.FILES or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        if form.is_bot:
            return render(request, "public_cases/complaint_sent_bot.html")
        if not allow(request, "complaint", COMPLAINT_LIMIT):
            return _too_many(request)
        d = form.cleaned_data
        try:
            complaint = services.submit_complaint(
                fields=form.service_fields(),
                account=account,
                recording=services.Upload(d["recording"], d["recording"].name)
                if d.get("recording")
                else None,
                recording_started_at=form.recording_started_at,
                noise_log=services.Upload(d["noise_log"], d["noise_log"].name)
                if d.get("noise_log")
                else None,
                log_date=d.get("log_date"),
                photo=services.Upload(d["photo"], d["photo"].name) if d.get("photo") else None,
            )
        except ServiceError as exc:
            form.add_error(exc.field if isinstance(exc, FileRefused) else None, str(exc))
        else:
            request.session["public_cases_new"] = complaint.number
            return redirect("residents:complaint_track", token=services.tracking_token(complaint))
    return render(
        request,
        "public_cases/complaint_form.html",
        {"form": form, "account": account, "all_private": _all_private()},
        status=400 if form.is_bound else 200,
    )


@require_GET
def complaint_track(request: HttpRequest, token: str) -> HttpResponse:
    complaint = services.complaint_for_token(token)
    if complaint is None:
        raise Http404
    just_sent = request.session.get("public_cases_new") == complaint.number
    return render(
        request,
        "public_cases/complaint_track.html",
        {
            "complaint": complaint,
            "kind": services.kind_label(complaint.kind),
            "status": services.public_status(complaint),
            "just_sent": just_sent,
            "link": absolute(request.path, request),
        },
    )


@require_GET
@resident_required
def my_complaints(request: HttpRequest, account: ResidentAccount) -> HttpResponse:
    rows = [
        {
            "complaint": link.complaint,
            "kind": services.kind_label(link.complaint.kind),
            "status": services.public_status(link.complaint),
            "url": services.tracking_url(link.complaint),
        }
        for link in account.complaints.select_related("complaint")
    ]
    return render(request, "public_cases/my_complaints.html", {"rows": rows})


# ------------------------------------------------------------------------- hearing requests

#: Hearing requests tried from one address per hour: a notice's owner needs one; a wrong code
#: many times over is someone guessing (a code is one of 31^12, see dangerous_dogs.codes). Not
#: counted per case number, so nobody can lock an owner out by guessing at their case.
HEARING_LIMIT = Limit(count=10, window=dt.timedelta(hours=1))


@require_http_methods(["GET", "POST"])
def hearing_request(request: HttpRequest) -> HttpResponse:
    form = HearingRequestForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            d = form.cleaned_data
            if form.is_bot:
                return render(request, "public_cases/hearing_request_bot.html")
            number = d["case_number"].strip().upper()
            if not allow(request, "hearing-request", HEARING_LIMIT):
                return _too_many(request)
            case = hearing.find_case(number, d["code"])
            if case is None:
                form.add_error(
                    None,
                    _(
                        "The case number and the code do not match a Notice of Dangerous Dog. "
                        "Check both on your notice and try again. Nothing was recorded."
                    ),
                )
            elif (existing := hearing.existing_request(case)) is not None:
                return render(
                    request,
                    "public_cases/hearing_request_already.html",
                    {"case": case, "existing": existing},
                )
            else:
                receipt = hearing.request_hearing(
                    case=case,
                    requested_by=d["requested_by"],
                    email=d["email"],
                    phone=d["phone"],
                    represented_by=d["represented_by"],
                    reasons=d["reasons"],
                )
                return redirect(receipt.page)
    return render(request, "public_cases/hearing_request_form.html", {"form": form}, status=status)


@require_GET
def hearing_request_received(request: HttpRequest, token: str) -> HttpResponse:
    receipt = hearing.receipt_for_token(token)
    if receipt is None:
        raise Http404
    return render(
        request,
        "public_cases/hearing_request_received.html",
        {"receipt": receipt, "flag": hearing.flag_sentence(receipt) if receipt.flagged else ""},
    )


@require_GET
def hearing_request_pdf(request: HttpRequest, token: str) -> HttpResponse:
    receipt = hearing.receipt_for_token(token)
    if receipt is None:
        raise Http404
    response = HttpResponse(documents.confirmation_pdf(receipt), content_type="application/pdf")
    filename = f"hearing-request-{receipt.case.number}.pdf"
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
