"""The investigation of a complaint: its assignment to an officer and its follow-ups."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from dogtag.complaints import forms, queries, services
from dogtag.complaints.views._common import INVESTIGATE, _complaint
from dogtag.complaints.views.detail import Data, _act
from dogtag.records.office import office_page


@require_POST
@office_page(INVESTIGATE)
def complaint_assign(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.AssignForm(request.POST, officers=queries.investigators())

    def call(d: Data) -> str:
        services.assign(complaint, officer=d["officer"], on=d["on"], actor=actor)
        return f"Assigned to {d['officer']}."

    return _act(request, complaint, {"assign_form": form}, call, "assignment")


@require_POST
@office_page(INVESTIGATE)
def follow_up_new(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.FollowUpForm(request.POST)

    def call(d: Data) -> str:
        services.add_follow_up(complaint, on=d["on"], note=d["note"], actor=actor)
        return "Follow-up recorded."

    return _act(request, complaint, {"follow_up_form": form}, call, "follow-ups")
