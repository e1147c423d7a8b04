"""The pages of a kennel license inspected before it issues (Lino Lakes', issue 27): the kennel
list of that shape, an application taken with its fee, its page (the inspections, the inspection
form, the issue), a license's page and the modification of its conditions. Each is of the shape
``kennel.inspection_before_issue`` (``kennels.shape.needs``): not law in a city of the other."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from dogtag.kennels import documents as kennel_documents
from dogtag.kennels import forms as kforms
from dogtag.kennels import services
from dogtag.kennels.models import KennelApplication, KennelLicense
from dogtag.kennels.services import inspected
from dogtag.kennels.shape import INSPECTED, needs
from dogtag.kennels.views._common import INSPECT, ISSUE, _fee_total, _payment, _refusal
from dogtag.kennels.views.intake import _owners, _start, _started
from dogtag.records.errors import ServiceError
from dogtag.records.office import Done, form_action, office_page
from dogtag.records.pagination import paginate
from dogtag.records.services import city_params, decisions_for, today


def inspected_list(request: HttpRequest) -> HttpResponse:
    """The kennel list of this shape (``kennel_list`` answers with it where the city's law has
    it)."""
    applications = paginate(
        request,
        KennelApplication.objects.filter(status=KennelApplication.Status.RECEIVED).select_related(
            "applicant", "parcel"
        ),
        param="applications_page",
        anchor="applications",
    )
    licenses = paginate(
        request,
        KennelLicense.objects.select_related("holder", "parcel"),
        param="licenses_page",
        anchor="licenses",
    )
    return render(
        request,
        "kennels/inspected_list.html",
        {
            "on": today(),
            "applications_listing": applications,
            "licenses_listing": licenses,
            "applications": list(applications),
            "licenses": list(licenses),
        },
    )


@office_page(ISSUE)
@needs(INSPECTED)
def kennel_apply(request: HttpRequest) -> HttpResponse:
    owner, parcel, _ = _start(request)
    kind = request.POST.get("kind") or request.GET.get("kind") or "private"
    kind = kind if kind in ("private", "commercial") else "private"
    initial: dict[str, Any] = {
        "on": today(),
        "kind": kind,
        "amount": _fee_total(f"{kind}_kennel.application"),
        "method": "cash",
        "parcel": parcel.pin if parcel else "",
        "applicant": owner.pk if owner else None,
    }
    form = kforms.KennelApplicationForm(
        request.POST or None, initial=initial, owners=_owners(owner, parcel)
    )

    def act() -> Done:
        data = form.cleaned_data
        application = services.apply_for_kennel_license(
            applicant=data["applicant"],
            parcel=data["parcel"],
            kind=data["kind"],
            dogs=data["dogs"],
            on=data["on"],
            payment=_payment(form),
            actor=request.user,
        )
        return Done(
            f"Application {application.number} received; receipt "
            f"{application.receipt.number if application.receipt else '—'}. The license issues "
            "after the inspection of the location.",
            reverse("kennel_application_detail", args=[application.number]),
        )

    def again(refused: ServiceError | None) -> HttpResponse:
        fees = {k: _fee_total(f"{k}_kennel.application") for k in ("private", "commercial")}
        context = {"form": form, **_refusal(refused), **_started(owner, parcel), "fees": fees}
        return render(request, "kennels/inspected_apply.html", context)

    valid = request.method == "POST" and form.is_valid()
    return form_action(request, valid=valid, act=act, again=again)


def _application(number: str) -> KennelApplication:
    return get_object_or_404(
        KennelApplication.objects.select_related("applicant", "parcel", "receipt"), number=number
    )


def _application_page(
    request: HttpRequest,
    application: KennelApplication,
    *,
    inspection_form: kforms.SiteInspectionForm | None = None,
    issue_form: kforms.IssueKennelLicenseForm | None = None,
    refusal: dict[str, Any] | None = None,
) -> HttpResponse:
    on = today()
    received = application.status == KennelApplication.Status.RECEIVED
    findings, _ = (
        inspected.issue_findings(application, on, city_params()) if received else ([], None)
    )
    context = {
        "application": application,
        "license": KennelLicense.objects.filter(application=application).first(),
        "inspections": application.inspections.select_related("inspector", "decision").order_by(
            "-inspected_on", "-id"
        ),
        "received": received,
        "may_issue": received and not any(f.blocks for f in findings),
        "issue_findings": findings,
        "inspection_form": inspection_form
        or kforms.SiteInspectionForm(initial={"inspected_on": on}),
        "issue_form": issue_form or kforms.IssueKennelLicenseForm(initial={"on": on}),
        "decisions": decisions_for(application).select_related("actor").order_by("at", "id"),
        "form": inspection_form or issue_form,  # the form sent back, for the summary of errors
        **(refusal or {"problem": "", "findings": []}),
    }
    return render(request, "kennels/inspected_application.html", context)


@office_page()
@needs(INSPECTED)
def kennel_application_detail(request: HttpRequest, number: str) -> HttpResponse:
    return _application_page(request, _application(number))


@office_page(INSPECT)
@needs(INSPECTED)
def kennel_application_inspect(request: HttpRequest, number: str) -> HttpResponse:
    application = _application(number)
    form = kforms.SiteInspectionForm(request.POST or None)

    def act() -> Done:
        data = form.cleaned_data
        inspection = services.record_site_inspection(
            application=application,
            inspected_on=data["inspected_on"],
            safeguards_adequate=data["safeguards_adequate"],
            health_standards_met=data["health_standards_met"],
            not_met=form.lines("not_met"),
            conditions=form.lines("conditions"),
            notes=data["notes"],
            actor=request.user,
        )
        return Done(
            f"Inspection of {inspection.inspected_on:%Y-%m-%d} recorded: "
            f"{inspection.decision.findings[0]['message']}",
            reverse("kennel_application_detail", args=[application.number]),
        )

    def again(refused: ServiceError | None) -> HttpResponse:
        return _application_page(
            request, application, inspection_form=form, refusal=_refusal(refused)
        )

    valid = request.method == "POST" and form.is_valid()
    return form_action(request, valid=valid, act=act, again=again)


@office_page(ISSUE)
@needs(INSPECTED)
def kennel_application_issue(request: HttpRequest, number: str) -> HttpResponse:
    application = _application(number)
    form = kforms.IssueKennelLicenseForm(request.POST or None)

    def act() -> Done:
        license_ = services.issue_kennel_license(
            application=application, on=form.cleaned_data["on"], actor=request.user
        )
        return Done(
            f"Kennel license {license_.number} issued; it expires {license_.expires_on:%Y-%m-%d}.",
            reverse("kennel_license_detail", args=[license_.number]),
        )

    def again(refused: ServiceError | None) -> HttpResponse:
        return _application_page(request, application, issue_form=form, refusal=_refusal(refused))

    valid = request.method == "POST" and form.is_valid()
    return form_action(request, valid=valid, act=act, again=again)


def _license(number: str) -> KennelLicense:
    return get_object_or_404(
        KennelLicense.objects.select_related("holder", "parcel", "application", "inspection"),
        number=number,
    )


def _license_page(
    request: HttpRequest,
    license_: KennelLicense,
    *,
    form: kforms.KennelModificationForm | None = None,
    renewal_form: kforms.KennelRenewalForm | None = None,
    refusal: dict[str, Any] | None = None,
) -> HttpResponse:
    on = today()
    renewal = KennelApplication.objects.filter(renews=license_).first()
    context = {
        "license": license_,
        "today": on,
        "renewal": renewal,
        "renewed": KennelLicense.objects.filter(application__renews=license_).first(),
        "renews": license_.application.renews,
        "may_renew": renewal is None and on >= license_.issued_on,
        "renewal_form": renewal_form
        or kforms.KennelRenewalForm(
            initial={
                "on": on,
                "method": "cash",
                "amount": _fee_total(f"{license_.kind}_kennel.renewal"),
            }
        ),
        "renewal_starts": inspected.renewal_starts(license_, on),
        "renewal_sent": renewal_form is not None,
        "in_force": license_.starts_on <= on <= license_.expires_on,
        "conditions": services.conditions_in_force(license_, on),
        "modifications": license_.modifications.select_related("by", "decision"),
        "form": form
        or kforms.KennelModificationForm(
            initial={"mailed_on": on, "conditions": "\n".join(license_.conditions)}
        ),
        "decisions": decisions_for(license_).select_related("actor").order_by("at", "id"),
        **(refusal or {"problem": "", "findings": []}),
    }
    return render(request, "kennels/inspected_license.html", context)


@office_page()
@needs(INSPECTED)
def kennel_license_detail(request: HttpRequest, number: str) -> HttpResponse:
    return _license_page(request, _license(number))


@office_page(ISSUE)
@needs(INSPECTED)
def kennel_license_modify(request: HttpRequest, number: str) -> HttpResponse:
    license_ = _license(number)
    form = kforms.KennelModificationForm(request.POST or None)

    def act() -> Done:
        modification = services.modify_kennel_license(
            license_=license_,
            conditions=form.lines(),
            reason=form.cleaned_data["reason"],
            mailed_on=form.cleaned_data["mailed_on"],
            actor=request.user,
        )
        return Done(
            f"Modification recorded: it takes effect {modification.effective_on:%Y-%m-%d}.",
            reverse("kennel_license_detail", args=[license_.number]),
        )

    def again(refused: ServiceError | None) -> HttpResponse:
        return _license_page(request, license_, form=form, refusal=_refusal(refused))

    valid = request.method == "POST" and form.is_valid()
    return form_action(request, valid=valid, act=act, again=again)


@office_page(ISSUE)
@needs(INSPECTED)
def kennel_license_renew(request: HttpRequest, number: str) -> HttpResponse:
    """The yearly renewal of the license (``services.apply_for_kennel_renewal``): an application
    for the next year's license, issued after its inspection on the application's page."""
    license_ = _license(number)
    form = kforms.KennelRenewalForm(request.POST or None)

    def act() -> Done:
        renewal = services.apply_for_kennel_renewal(
            license_=license_,
            on=form.cleaned_data["on"],
            payment=_payment(form),
            actor=request.user,
        )
        return Done(
            f"Renewal application {renewal.number} received; receipt "
            f"{renewal.receipt.number if renewal.receipt else '—'}. The renewed license issues "
            "after the inspection of the location.",
            reverse("kennel_application_detail", args=[renewal.number]),
        )

    def again(refused: ServiceError | None) -> HttpResponse:
        return _license_page(request, license_, renewal_form=form, refusal=_refusal(refused))

    valid = request.method == "POST" and form.is_valid()
    return form_action(request, valid=valid, act=act, again=again)


@office_page()
@needs(INSPECTED)
def kennel_license_certificate(request: HttpRequest, number: str) -> HttpResponse:
    license_ = _license(number)
    content = kennel_documents.inspected_certificate(
        license_, services.conditions_in_force(license_, today())
    )
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{license_.number}.pdf"'
    return response
