"""The kennel pages (City Code 3-2-5). Thin: parse the form, call one service, render.

Every page needs a signed-in user with ``records.view_records``; issuing a private license and
taking a commercial application need ``records.issue_kennel_license`` (which also issues the
council's license and renews it); the hearing, the notice list and mailing, the commission's
recommendation and the council's decision need ``records.record_kennel_hearing``; inspections
``records.inspect_kennel``. 403 otherwise; pages show only the actions the user may take.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from dogtag.kennels import documents as kennel_notices
from dogtag.kennels import forms as kforms
from dogtag.kennels import queries, services
from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelInspection,
    PrivateKennelLicense,
)
from dogtag.law import wording
from dogtag.law.kennel_conditions import COMMERCIAL_STEPS, kennel_fee
from dogtag.licensing.models import Owner
from dogtag.parcels.models import Parcel
from dogtag.records.office import office_page
from dogtag.records.pagination import RECORD_PAGE_SIZE, paginate, record_page
from dogtag.records.services import city_params, decisions_for, in_force, today

#: The next step as the kennel list says it: "the notice to all affected property owners (3-2-5.B.2)".
STEP_WORDS = {
    name: f"{what[0].upper()}{what[1:]} ({section})" for name, section, what in COMMERCIAL_STEPS
}
ISSUE = "records.issue_kennel_license"
HEARING = "records.record_kennel_hearing"
INSPECT = "records.inspect_kennel"


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _payment(form: kforms.PaymentForm) -> services.Payment:
    data = form.cleaned_data
    return services.Payment(
        method=data["method"],
        amount=data["amount"],
        payer=data["payer"],
        reference=data["reference"],
    )


def _fee_total(*items: str) -> str:
    params = city_params()
    return str(sum(kennel_fee(item, today(), params).details["fee"] for item in items))


# ------------------------------------------------------------------------------------- list


@office_page()
def kennel_list(request: HttpRequest) -> HttpResponse:
    on = today()
    private = paginate(request, queries.private_licenses(), param="private_page", anchor="private")
    commercial = paginate(
        request,
        queries.commercial_licenses().order_by("-issued_on", "-id"),
        param="commercial_page",
        anchor="commercial",
    )
    applications = paginate(
        request, queries.applications(), param="applications_page", anchor="applications"
    )
    return render(
        request,
        "kennels/kennel_list.html",
        {
            "on": on,
            "private_listing": private,
            "commercial_listing": commercial,
            "applications_listing": applications,
            "private": [(license_, queries.in_force(license_, on)) for license_ in private],
            "commercial": [(license_, queries.in_force(license_, on)) for license_ in commercial],
            "applications": [
                (a, STEP_WORDS.get(services.next_step(a) or "", "")) for a in applications
            ],
        },
    )


# ---------------------------------------------------------------------- private kennel


def _start(request: HttpRequest) -> tuple[Owner | None, Parcel | None, PrivateKennelLicense | None]:
    """Where the form starts from: ?owner=<id>, ?parcel=<PIN> or ?previous=<license number>."""
    previous = None
    if number := request.GET.get("previous", "").strip():
        previous = get_object_or_404(
            PrivateKennelLicense.objects.select_related("holder", "parcel"), number=number
        )
        return previous.holder, previous.parcel, previous
    owner = parcel = None
    if (owner_id := request.GET.get("owner", "").strip()).isdigit():
        owner = get_object_or_404(Owner.objects.select_related("parcel"), pk=int(owner_id))
        parcel = owner.parcel
    if pin := request.GET.get("parcel", "").strip():
        parcel = get_object_or_404(Parcel, pin=pin)
    return owner, parcel, previous


def _owners(owner: Owner | None, parcel: Parcel | None) -> QuerySet[Owner]:
    if owner is not None:
        return Owner.objects.filter(pk=owner.pk)
    if parcel is not None:
        return Owner.objects.filter(parcel=parcel).order_by("name")
    return Owner.objects.none()


@office_page(ISSUE)
def private_new(request: HttpRequest) -> HttpResponse:
    owner, parcel, previous = _start(request)
    kind = request.GET.get("kind", "new") if previous else "new"
    if kind not in PrivateKennelLicense.Kind.values:
        raise Http404(f"{kind!r} is not a kind of private kennel license")
    owners = _owners(owner, parcel)
    fee_item = "private_kennel.renewal" if kind == "renewal" else "private_kennel.application"
    initial: dict[str, Any] = {
        "on": today(),
        "amount": _fee_total(fee_item),
        "method": "cash",
        "parcel": parcel.pin if parcel else "",
        "holder": owner.pk if owner else None,
        "dogs_licensed": previous.dogs_licensed if previous else None,
    }
    form = kforms.PrivateKennelForm(request.POST or None, initial=initial, owners=owners)
    problem, findings = "", []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            issued = services.issue_private_kennel_license(
                holder=data["holder"],
                parcel=data["parcel"],
                dogs_licensed=data["dogs_licensed"],
                on=data["on"],
                payment=_payment(form),
                actor=request.user,
                kind=kind,
                previous=previous,
            )
        except services.ServiceError as exc:
            problem, findings = str(exc), exc.findings
        else:
            messages.success(
                request,
                f"Private kennel license {issued.license.number} issued; receipt "
                f"{issued.receipt.number if issued.receipt else '—'}.",
            )
            return redirect("kennel_private_detail", issued.license.number)
    return render(
        request,
        "kennels/private_form.html",
        {
            "form": form,
            "problem": problem,
            "findings": findings,
            "kind": kind,
            "kind_label": PrivateKennelLicense.Kind(kind).label,
            "previous": previous,
            "owner": owner,
            "parcel": parcel,
            "no_start": owner is None and parcel is None,
        },
    )


@office_page()
def private_detail(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        PrivateKennelLicense.objects.select_related("holder", "parcel", "previous", "receipt"),
        number=number,
    )
    on = today()
    return render(
        request,
        "kennels/private_detail.html",
        {
            "license": license_,
            "in_force": queries.in_force(license_, on),
            "today": on,
            "replaced_by": PrivateKennelLicense.objects.filter(previous=license_).first(),
            "inspections": record_page(
                request,
                license_.inspections.select_related("inspector", "decision").order_by(
                    "-inspected_on", "-id"
                ),
                "inspections",
            ),
            "decisions": (
                decisions := record_page(
                    request,
                    decisions_for(license_).select_related("actor").order_by("at", "id"),
                    "decisions",
                )
            ),
            "decisions_listing": decisions,
        },
    )


@office_page()
def private_certificate(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        PrivateKennelLicense.objects.select_related("holder", "parcel", "receipt"), number=number
    )
    return _pdf(kennel_notices.private_certificate(license_), f"{license_.number}.pdf")


# ----------------------------------------------------------------------------- inspections


def _inspect(
    request: HttpRequest,
    license_: PrivateKennelLicense | CommercialKennelLicense,
    detail_url: str,
) -> HttpResponse:
    commercial = isinstance(license_, CommercialKennelLicense)
    checklist = services.checklist(license_, today())
    form = kforms.InspectionForm(
        request.POST or None,
        initial={"inspected_on": today(), "reason": "periodic" if commercial else "complaint"},
        checklist=checklist,
        commercial=commercial,
    )
    problem = ""
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            inspection = services.record_inspection(
                license_=license_,
                reason=data["reason"],
                inspected_on=data["inspected_on"],
                results=[services.Checked(*answer) for answer in form.answers()],
                actor=request.user,
                complaint_summary=data["complaint_summary"],
                dogs_counted=data["dogs_counted"],
                feces_well_distance_feet=data.get("feces_well_distance_feet"),
                notes=data["notes"],
            )
        except services.ServiceError as exc:
            problem = str(exc)
        else:
            messages.success(request, inspection.decision.findings[0]["message"])
            return redirect(f"{detail_url}#inspections")
    return render(
        request,
        "kennels/inspection_form.html",
        {
            "form": form,
            "problem": problem,
            "license": license_,
            "commercial": commercial,
            "detail_url": detail_url,
        },
    )


@office_page(INSPECT)
def private_inspect(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        PrivateKennelLicense.objects.select_related("holder", "parcel"), number=number
    )
    return _inspect(request, license_, reverse("kennel_private_detail", args=[license_.number]))


@office_page(INSPECT)
def commercial_inspect(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        CommercialKennelLicense.objects.select_related("holder", "parcel", "application"),
        number=number,
    )
    url = reverse("kennel_commercial_detail", args=[license_.application.number])
    return _inspect(request, license_, url)


# -------------------------------------------------------------------- commercial kennel


@office_page(ISSUE)
def commercial_new(request: HttpRequest) -> HttpResponse:
    owner, parcel, _ = _start(request)
    owners = _owners(owner, parcel)
    initial = {
        "on": today(),
        "amount": _fee_total("commercial_kennel.application", "commercial_kennel.public_hearing"),
        "method": "check",
        "parcel": parcel.pin if parcel else "",
        "applicant": owner.pk if owner else None,
    }
    form = kforms.CommercialApplicationForm(request.POST or None, initial=initial, owners=owners)
    problem, findings = "", []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            application = services.apply_for_commercial_kennel(
                applicant=data["applicant"],
                parcel=data["parcel"],
                dogs_requested=data["dogs_requested"],
                on=data["on"],
                payment=_payment(form),
                actor=request.user,
                business_name=data["business_name"],
                description=data["description"],
            )
        except services.ServiceError as exc:
            problem, findings = str(exc), exc.findings
        else:
            messages.success(
                request,
                f"Application {application.number} received; receipt "
                f"{application.receipt.number if application.receipt else '—'}.",
            )
            return redirect("kennel_commercial_detail", application.number)
    return render(
        request,
        "kennels/commercial_form.html",
        {
            "form": form,
            "problem": problem,
            "findings": findings,
            "owner": owner,
            "parcel": parcel,
            "no_start": owner is None and parcel is None,
        },
    )


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


#: step -> (form, permission, heading)
STEP_FORMS: dict[str, tuple[type[forms.Form], str, str]] = {
    "hearing_scheduled": (kforms.HearingForm, HEARING, "Schedule the Planning & Zoning hearing"),
    "notice_list": (kforms.DayForm, HEARING, "Draw the notice list"),
    "notice_mailed": (kforms.NoticeMailedForm, HEARING, "Record the notice mailed"),
    "hearing_held": (kforms.HeldForm, HEARING, "Record the Planning & Zoning hearing held"),
    "recommendation": (
        kforms.RecommendationForm,
        HEARING,
        "Record the Planning & Zoning Commission's recommendation",
    ),
    "council_decision": (kforms.CouncilDecisionForm, HEARING, "Record the City Council's decision"),
    "license": (kforms.DayForm, ISSUE, "Issue the commercial kennel license"),
}


#: the events beside the main steps (3-2-5.B.1-B.2), offered whenever the rules core allows them
SIDE_FORMS: dict[str, tuple[type[forms.Form], str, str]] = {
    "hearing_scheduled": (
        kforms.HearingForm,
        HEARING,
        "Schedule the hearing again, to notice it again",
    ),
    "owner_omitted": (
        kforms.OwnerOmittedForm,
        HEARING,
        "Record an affected owner missing from the notice list",
    ),
    "owner_notified_late": (
        kforms.LateNoticeForm,
        HEARING,
        "Record the notice given late to a missing owner",
    ),
    "withdrawn": (kforms.WithdrawnForm, ISSUE, "Record the application withdrawn"),
}


def _step_form(step: str, data: Any = None) -> forms.Form:
    form_class = (STEP_FORMS.get(step) or SIDE_FORMS[step])[0]
    initial: dict[str, Any] = {"on": today(), "mailed_on": today()}
    return form_class(data, initial=initial, prefix=step)


def _run_step(
    step: str, application: CommercialKennelApplication, form: forms.Form, actor: Any
) -> str:
    data = form.cleaned_data
    if step == "hearing_scheduled":
        assert isinstance(form, kforms.HearingForm)
        services.schedule_hearing(
            application=application,
            hearing_at=form.hearing_at(),
            place=data["place"],
            actor=actor,
            on=data["on"],
        )
        return "Hearing scheduled."
    if step == "hearing_held":
        services.record_hearing_held(application=application, on=data["on"], actor=actor)
        return "Hearing recorded as held."
    if step == "owner_omitted":
        services.record_owner_omitted(
            application=application,
            pin=data["pin"],
            owner_names=data["owner_names"],
            on=data["on"],
            note=data["note"],
            actor=actor,
        )
        return "Owner missing from the notice list recorded."
    if step == "owner_notified_late":
        services.record_late_notice(
            application=application, pin=data["pin"], on=data["on"], actor=actor
        )
        return "Late notice recorded."
    if step == "withdrawn":
        services.withdraw_application(application=application, on=data["on"], actor=actor)
        return "Application recorded as withdrawn."
    if step == "notice_list":
        recipients = services.draw_notice_list(application=application, on=data["on"], actor=actor)
        radius = in_force("commercial_kennel.notice_radius_feet", data["on"])
        return (
            f"Notice list drawn: {len(recipients)} property owner(s) within "
            f"{wording.phrase(radius, 'distance')}."
        )
    if step == "notice_mailed":
        services.record_notice_mailed(
            application=application, mailed_on=data["mailed_on"], actor=actor
        )
        return "Notice recorded as mailed."
    if step == "recommendation":
        assert isinstance(form, kforms.RecommendationForm)
        services.record_recommendation(
            application=application,
            recommendation=data["recommendation"],
            on=data["on"],
            notes=data["notes"],
            conditions=form.recommended_conditions(),
            actor=actor,
        )
        return "Recommendation recorded."
    if step == "council_decision":
        assert isinstance(form, kforms.CouncilDecisionForm)
        services.record_council_decision(
            application=application,
            approved=data["decision"] == "approve",
            on=data["on"],
            resolution=data["resolution"],
            notes=data["notes"],
            council_conditions=form.council_conditions(),
            actor=actor,
        )
        return "Council decision recorded."
    issued = services.issue_commercial_kennel_license(
        application=application, on=data["on"], actor=actor
    )
    return f"Commercial kennel license {issued.license.number} issued."


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
    if form.is_valid():
        try:
            done = _run_step(step, application, form, request.user)
        except services.ServiceError as exc:
            application.refresh_from_db()
            main = services.next_step(application) == step
            context = _commercial_context(
                request,
                application,
                form=form if main else None,
                side_step=None if main else step,
                side_form=None if main else form,
                problem=str(exc),
                findings=exc.findings,
            )
            return render(request, "kennels/commercial_detail.html", context)
        messages.success(request, done)
        return redirect("kennel_commercial_detail", application.number)
    main = services.next_step(application) == step
    context = _commercial_context(
        request,
        application,
        form=form if main else None,
        side_step=None if main else step,
        side_form=None if main else form,
    )
    return render(request, "kennels/commercial_detail.html", context)


@office_page()
def notice_labels(request: HttpRequest, number: str) -> HttpResponse:
    application = get_object_or_404(CommercialKennelApplication, number=number)
    if application.notice_list_drawn_on is None:
        raise Http404("The notice list is not drawn yet.")
    return _pdf(kennel_notices.mailing_labels(application), f"{number}-labels.pdf")


@office_page()
def notice_letters(request: HttpRequest, number: str) -> HttpResponse:
    application = get_object_or_404(
        CommercialKennelApplication.objects.select_related("applicant", "parcel"), number=number
    )
    if application.notice_list_drawn_on is None:
        raise Http404("The notice list is not drawn yet.")
    return _pdf(kennel_notices.notice_letters(application), f"{number}-notice-letters.pdf")


@office_page()
def commercial_certificate(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        CommercialKennelLicense.objects.select_related(
            "holder", "parcel", "application", "previous"
        ),
        number=number,
    )
    return _pdf(kennel_notices.commercial_certificate(license_), f"{license_.number}.pdf")


@office_page(ISSUE)
def commercial_renew(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        CommercialKennelLicense.objects.select_related("holder", "parcel", "application"),
        number=number,
    )
    form = kforms.RenewalForm(
        request.POST or None,
        initial={
            "on": today(),
            "amount": _fee_total("commercial_kennel.renewal"),
            "method": "check",
        },
    )
    problem, findings = "", []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            issued = services.renew_commercial_kennel_license(
                license_=license_,
                on=data["on"],
                nuisance_complaints=data["complaints"],
                payment=_payment(form),
                actor=request.user,
            )
        except services.ServiceError as exc:
            problem, findings = str(exc), exc.findings
        else:
            messages.success(request, f"Renewed: license {issued.license.number} issued.")
            return redirect("kennel_commercial_detail", license_.application.number)
    return render(
        request,
        "kennels/renewal_form.html",
        {
            "form": form,
            "license": license_,
            "problem": problem,
            "findings": findings,
            "recorded": services.recorded_nuisance_complaints(license_, today()),
        },
    )


@office_page(ISSUE)
def commercial_council_renewal(request: HttpRequest, number: str) -> HttpResponse:
    """3-2-5.B.2 after nuisance complaints: the City Council's decision on a subsequent license
    (reading §6.4), recorded with the complaints counted and, with a grant, the renewal fee."""
    license_ = get_object_or_404(
        CommercialKennelLicense.objects.select_related("holder", "parcel", "application"),
        number=number,
    )
    form = kforms.CouncilRenewalForm(
        request.POST or None,
        initial={
            "on": today(),
            "amount": _fee_total("commercial_kennel.renewal"),
            "method": "check",
        },
    )
    problem, findings = "", []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        approved = data["decision"] == "approve"
        try:
            if approved and (data["amount"] is None or not data["method"]):
                raise services.ServiceError("Take the renewal fee with the subsequent license.")
            issued = services.record_council_renewal(
                license_=license_,
                approved=approved,
                on=data["on"],
                nuisance_complaints=data["complaints"],
                council_conditions=kforms.lines(data["conditions"]),
                resolution=data["resolution"],
                payment=_payment(form) if approved else None,
                actor=request.user,
            )
        except services.ServiceError as exc:
            problem, findings = str(exc), exc.findings
        else:
            messages.success(
                request,
                f"Council's decision recorded: license {issued.license.number} issued."
                if issued
                else "Council's decision recorded: no subsequent license.",
            )
            return redirect("kennel_commercial_detail", license_.application.number)
    return render(
        request,
        "kennels/renewal_form.html",
        {
            "form": form,
            "license": license_,
            "problem": problem,
            "findings": findings,
            "council": True,
            "recorded": services.recorded_nuisance_complaints(license_, today()),
        },
    )
