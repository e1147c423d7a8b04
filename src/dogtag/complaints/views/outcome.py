"""The outcome of a complaint: closed with its outcome, withdrawn by the complainant, reopened on
new evidence."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from dogtag.complaints import forms, services
from dogtag.complaints.models import Outcome
from dogtag.complaints.views._common import INVESTIGATE, _complaint
from dogtag.complaints.views.detail import Data, _act
from dogtag.records.office import office_page


@require_POST
@office_page(INVESTIGATE)
def complaint_close(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.CloseForm(request.POST, complaint=complaint)

    def call(d: Data) -> str:
        services.close(
            complaint,
            outcome=d["outcome"],
            decided_on=d["decided_on"],
            note=d["note"],
            actor=actor,
            dog=d.get("dog"),
        )
        return f"Complaint {complaint.number} closed: {Outcome.Kind(d['outcome']).label}."

    return _act(request, complaint, {"close_form": form}, call, "outcome")


@require_POST
@office_page(INVESTIGATE)
def complaint_withdraw(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.WithdrawForm(request.POST)

    def call(d: Data) -> str:
        services.withdraw(complaint, on=d["on"], note=d["note"], actor=actor)
        return "The complainant's withdrawal is recorded."

    return _act(request, complaint, {"withdraw_form": form}, call, "outcome")


@require_POST
@office_page(INVESTIGATE)
def complaint_reopen(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.ReopenForm(request.POST)

    def call(d: Data) -> str:
        services.reopen(complaint, on=d["on"], new_evidence=d["new_evidence"], actor=actor)
        return f"Complaint {complaint.number} reopened on new evidence."

    return _act(request, complaint, {"reopen_form": form}, call, "outcome")
