"""The resident's pages: apply, renew, look at what the ordinance finds, submit, follow it.

Every application and dog is found from the signed-in account (``residents.household``): another
household's ids answer 404. Thin: the form validates, ``services`` write and ask the rules core.
"""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dogtag.applications import services
from dogtag.applications.findings import Shown
from dogtag.applications.forms import ApplicationForm
from dogtag.applications.models import OnlineApplication
from dogtag.applications.payments import card_provider
from dogtag.clinics import services as clinics
from dogtag.clinics.models import Certificate
from dogtag.licensing.models import Dog, License
from dogtag.records import pdf
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.services import today
from dogtag.residents import household
from dogtag.residents.abuse import Limit, allow
from dogtag.residents.models import ResidentAccount
from dogtag.residents.session import resident_required

#: Drafts saved (each asks the rules core and stores an upload), per account, per hour.
SAVE_LIMIT = Limit(count=30, window=dt.timedelta(hours=1))


def _mine(account: ResidentAccount, pk: int) -> OnlineApplication:
    application = account.applications.filter(pk=pk).first()
    if application is None:
        raise Http404(_("You have no application with that number."))
    return application


def _renewed(account: ResidentAccount, number: str) -> License:
    """A license of the household whose dog is still the household's."""
    license_ = household.licenses(account).filter(number=number).first()
    if license_ is None or not household.dogs(account).filter(pk=license_.dog_id).exists():
        raise Http404(_("Your household holds no license with that number."))
    if license_.expires_on is None:
        raise Http404(_("This license is for the dog's lifetime: it is not renewed."))
    return license_


@require_GET
@resident_required
def index(request: HttpRequest, account: ResidentAccount) -> HttpResponse:
    applications = account.applications.exclude(status=OnlineApplication.Status.DRAFT)
    drafts = account.applications.filter(status=OnlineApplication.Status.DRAFT)
    renewable = [
        (dog, lic)
        for dog in household.dogs(account).filter(status="active")
        if (lic := services.renewable_license(dog)) is not None
    ]
    return render(
        request,
        "applications/index.html",
        {"applications": applications, "drafts": drafts, "renewable": renewable},
    )


def _form_page(
    request: HttpRequest,
    account: ResidentAccount,
    *,
    kind: str,
    license_: License | None = None,
    application: OnlineApplication | None = None,
) -> HttpResponse:
    renewal = kind == OnlineApplication.Kind.RENEWAL
    has_file = bool(application and application.certificate_file)
    options = {"owners": household.owners(account), "renewal": renewal, "has_file": has_file}
    if request.method == "POST":
        form = ApplicationForm(request.POST, request.FILES, **options)
        if form.is_valid():
            if form.is_bot:
                return redirect("residents:applications:application_index")
            if not allow(request, "online-application", SAVE_LIMIT, extra=account.email):
                return render(request, "residents/too_many.html", status=429)
            try:
                saved = services.save_draft(
                    account=account,
                    data=form.cleaned_data,
                    upload=form.cleaned_data.get("certificate_file") or None,
                    kind=kind,
                    dog=license_.dog if license_ else (application.dog if application else None),
                    application=application,
                )
            except ValidationError as exc:
                form.apply(exc)
            except ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                return redirect("residents:applications:application_detail", pk=saved.pk)
    else:
        form = ApplicationForm(initial=_initial(account, license_, application), **options)
    dog = license_.dog if license_ else (application.dog if application else None)
    return render(
        request,
        "applications/form.html",
        {"form": form, "renewal": renewal, "dog": dog, "license": license_,
         "application": application},
        status=400 if form.is_bound else 200,
    )  # fmt: skip


def _initial(
    account: ResidentAccount, license_: License | None, application: OnlineApplication | None
) -> dict[str, object]:
    if application is not None:
        names = [f.name for f in OnlineApplication._meta.fields]
        initial: dict[str, object] = {n: getattr(application, n) for n in names}
        initial["household"] = application.owner_id
        return initial
    if license_ is not None:  # the renewal, prefilled from the dog's latest certificate
        # of the household's own: a previous owner's is not theirs to read (issue 25 item 2.7)
        latest = (
            household.vaccinations(account)
            .filter(dog=license_.dog)
            .order_by("-vaccinated_on", "-id")
            .first()
        )
        if latest is None:
            return {}
        return {
            "vaccinated_on": latest.vaccinated_on,
            "expires_on": latest.expires_on,
            "duration_years": latest.duration_years,
            "veterinarian": latest.veterinarian,
            "clinic": latest.clinic,
            "certificate_number": latest.certificate_number,
        }
    owner = household.owners(account).first()
    return {"household": owner.pk} if owner else {}


@require_http_methods(["GET", "POST"])
@resident_required
def new(request: HttpRequest, account: ResidentAccount) -> HttpResponse:
    return _form_page(request, account, kind=OnlineApplication.Kind.NEW)


@require_http_methods(["GET", "POST"])
@resident_required
def renew(request: HttpRequest, account: ResidentAccount, number: str) -> HttpResponse:
    return _form_page(
        request, account, kind=OnlineApplication.Kind.RENEWAL, license_=_renewed(account, number)
    )


@require_http_methods(["GET", "POST"])
@resident_required
def edit(request: HttpRequest, account: ResidentAccount, pk: int) -> HttpResponse:
    application = _mine(account, pk)
    if application.status != OnlineApplication.Status.DRAFT:
        return redirect("residents:applications:application_detail", pk=application.pk)
    renewed = (
        services.renewable_license(application.dog)
        if application.kind == OnlineApplication.Kind.RENEWAL and application.dog
        else None
    )
    return _form_page(
        request, account, kind=application.kind, license_=renewed, application=application
    )


@require_GET
@resident_required
def detail(request: HttpRequest, account: ResidentAccount, pk: int) -> HttpResponse:
    application = _mine(account, pk)
    return render(
        request,
        "applications/detail.html",
        {
            "application": application,
            "shown": Shown.of(application.findings),
            "office": pdf.office_lines(),
            "card_payment": card_provider() is not None,
            "from_clinic": services.clinic_certificate_of(application),
        },
    )


def _clinic_renewal(account: ResidentAccount, pk: int) -> tuple[Dog, Certificate]:
    """A dog of the household with a clinic's certificate to renew with; else 404, the same for
    another household's dog as for none."""
    dog = household.dogs(account).filter(pk=pk).select_related("owner").first()
    certificate = clinics.renewal_certificate(dog, today()) if dog is not None else None
    if dog is None or certificate is None or dog.status != Dog.Status.ACTIVE:
        raise Http404(_("Your household has no dog to renew with a clinic's certificate."))
    return dog, certificate


@require_http_methods(["GET", "POST"])
@resident_required
def clinic_renewal(request: HttpRequest, account: ResidentAccount, dog: int) -> HttpResponse:
    """Renew in one step with the certificate a clinic sent (issue 13 item 2): what the ordinance
    finds, and Send; nothing to type or upload."""
    found, certificate = _clinic_renewal(account, dog)
    pending = services.pending_with(found, certificate)
    problem = ""
    if request.method == "POST":
        if pending is not None:
            return redirect("residents:applications:application_detail", pk=pending.pk)
        if not allow(request, "online-application", SAVE_LIMIT, extra=account.email):
            return render(request, "residents/too_many.html", status=429)
        try:
            sent = services.renew_with_clinic_certificate(account=account, dog=found)
        except Refused:
            problem = _("A license cannot issue as the application stands.")
        except ServiceError as exc:
            problem = str(exc)
        else:
            messages.success(request, _("Your application was sent to the city."))
            return redirect("residents:applications:application_detail", pk=sent.pk)
    application, _findings = services.with_clinic_certificate(account, found, certificate, today())
    return render(
        request,
        "applications/clinic_renewal.html",
        {
            "dog": found,
            "certificate": certificate,
            "application": application,
            "shown": Shown.of(application.findings),
            "pending": pending,
            "problem": problem,
            "office": pdf.office_lines(),
            "card_payment": card_provider() is not None,
        },
        status=400 if problem else 200,
    )


@require_POST
@resident_required
def submit(request: HttpRequest, account: ResidentAccount, pk: int) -> HttpResponse:
    application = _mine(account, pk)
    try:
        services.submit(application=application)
    except ServiceError:
        pass  # already submitted: the page says where it stands
    else:
        messages.success(request, _("Your application was sent to the city."))
    return redirect("residents:applications:application_detail", pk=application.pk)


@require_GET
@resident_required
def certificate(request: HttpRequest, account: ResidentAccount, pk: int) -> FileResponse:
    application = _mine(account, pk)
    if not application.certificate_file:  # a clinic's certificate sent without its PDF
        raise Http404(_("No file of the certificate is on file."))
    return FileResponse(
        application.certificate_file.open("rb"),
        as_attachment=False,
        filename=application.certificate_file.name.rsplit("/", 1)[-1],
    )
