"""A commercial kennel application's page (``commercial_kennel.license``): its timeline, notice
list, conditions, licenses, inspections and decisions, the form of the next step and of the events
beside it, and the POST of a step."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from dogtag.kennels import queries, services
from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelInspection,
)
from dogtag.kennels.views._common import _refusal
from dogtag.kennels.views.steps import SIDE_FORMS, STEP_FORMS, _run_step, _step_form
from dogtag.records.errors import ServiceError
from dogtag.records.office import Done, form_action, office_page
from dogtag.records.pagination import RECORD_PAGE_SIZE, paginate, record_page
from dogtag.records.services import today


def _application(number: str) -> CommercialKennelApplication:
    found = (
        CommercialKennelApplication.objects.select_related("applicant", "parcel", "receipt")
        .filter(number=number)
        .first()
    )
    if found is None:
        license_ = CommercialKennelLicense.objects.filter(number=number).first()
        if license_ is None:
            raise Http404(f"No commercial kennel application or license {number}")
        return _application(license_.application.number)
    return found


def _commercial_context(
    request: HttpRequest, application: CommercialKennelApplication, **extra: Any
) -> dict[str, Any]:
    step = services.next_step(application)
    form = extra.pop("form", None)
    if form is None and step in STEP_FORMS and request.user.has_perm(STEP_FORMS[step][1]):
        form = _step_form(step)
    state = services.procedure_state(application)
    side_step = extra.pop("side_step", None)
    side_form = extra.pop("side_form", None)
    side_forms = [
        (
            name,
            heading,
            side_form if name == side_step and side_form is not None else _step_form(name),
        )
        for name, (_, permission, heading) in SIDE_FORMS.items()
        if name in state.allowed and name != step and request.user.has_perm(permission)
    ]
    # A licensed kennel is renewed every year, inspected again and again, and its notice list
    # holds every parcel within the radius: no ordinance bound, so each list is one page.
    on = today()
    licenses = record_page(
        request,
        application.licenses.select_related("previous", "receipt").order_by("issued_on", "id"),
        "licenses",
    )
    return {
        "application": application,
        "timeline": queries.timeline(application),
        "step": step,
        "step_heading": STEP_FORMS[step][2] if step in STEP_FORMS else "",
        "form": form,
        "side_forms": side_forms,
        "state": state,
        "recipients": paginate(
            request,
            application.notice_recipients.order_by("distance_feet", "pin", "pk"),
            param="recipients_page",
            per_page=RECORD_PAGE_SIZE,
            anchor="notice-list",
        ),
        "conditions": list(application.conditions.all()),
        "licenses": licenses.with_rows(
            [(license_, queries.in_force(license_, on)) for license_ in licenses]
        ),
        "inspections": record_page(request, _inspections(application), "inspections"),
        "decisions": (
            decisions := record_page(
                request, queries.application_decisions(application), "decisions"
            )
        ),
        "decisions_listing": decisions,
        "today": on,
        "problem": "",
        "findings": [],
        **extra,
    }


def _inspections(application: CommercialKennelApplication) -> QuerySet[KennelInspection]:
    return (
        KennelInspection.objects.filter(commercial_license__application=application)
        .select_related("inspector", "decision", "commercial_license")
        .order_by("-inspected_on", "-id")
    )


@office_page()
def commercial_detail(request: HttpRequest, number: str) -> HttpResponse:
    application = _application(number)
    if application.number != number:
        return redirect("kennel_commercial_detail", application.number)
    return render(
        request, "kennels/commercial_detail.html", _commercial_context(request, application)
    )


@office_page()
def commercial_step(request: HttpRequest, number: str, step: str) -> HttpResponse:
    if step not in STEP_FORMS and step not in SIDE_FORMS:
        raise Http404(f"{step!r} is not a step of the commercial kennel procedure")
    if not request.user.has_perm((STEP_FORMS.get(step) or SIDE_FORMS[step])[1]):
        raise PermissionDenied
    application = get_object_or_404(CommercialKennelApplication, number=number)
    if request.method != "POST":
        return redirect("kennel_commercial_detail", application.number)
    form = _step_form(step, request.POST)

    def act() -> Done:
        done = _run_step(step, application, form, request.user)
        return Done(done, reverse("kennel_commercial_detail", args=[application.number]))

    def again(refused: ServiceError | None) -> HttpResponse:
        """The page with the step's form and its errors; after a refusal, as the log stands."""
        if refused is not None:
            application.refresh_from_db()
        main = services.next_step(application) == step
        context = _commercial_context(
            request,
            application,
            form=form if main else None,
            side_step=None if main else step,
            side_form=None if main else form,
            **_refusal(refused),
        )
        return render(request, "kennels/commercial_detail.html", context)

    return form_action(request, valid=form.is_valid(), act=act, again=again)
