"""The residents' site's pages: home, sign-in by e-mail link, the household and its documents.

Thin: forms validate, ``services`` write, ``household`` reads only the signed-in household.
"""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dogtag.dangerous_dogs import documents as case_documents
from dogtag.documents import licenses as license_documents
from dogtag.documents import receipts as receipt_documents
from dogtag.records.pagination import record_page
from dogtag.records.services import today
from dogtag.residents import household, services
from dogtag.residents.abuse import Limit, allow
from dogtag.residents.forms import SignInForm
from dogtag.residents.links import absolute
from dogtag.residents.session import current_account, resident_required, sign_in, sign_out

#: Sign-in links asked for: from one address, or for one e-mail address, per hour.
SIGN_IN_LIMIT = Limit(count=5, window=dt.timedelta(hours=1))


def _too_many(request: HttpRequest) -> HttpResponse:
    return render(request, "residents/too_many.html", status=429)


def _next(request: HttpRequest) -> str:
    """Where to go after signing in: a page of this site only (never another host)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    home = reverse("residents:home")
    if target.startswith(home) and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse("residents:household")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "residents/home.html", {"account": current_account(request)})


@require_http_methods(["GET", "POST"])
def sign_in_request(request: HttpRequest) -> HttpResponse:
    form = SignInForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if form.is_bot:
            return redirect("residents:sign_in_sent")
        email = form.cleaned_data["email"]
        if not allow(request, "sign-in", SIGN_IN_LIMIT, extra=email):
            return _too_many(request)
        next_page = _next(request)

        def link(token: str) -> str:
            query = urlencode({"sesame": token, "next": next_page})
            return absolute(f"{reverse('residents:sign_in_link')}?{query}", request)

        services.send_sign_in_link(email, link)
        return redirect("residents:sign_in_sent")
    return render(
        request,
        "residents/sign_in.html",
        {"form": form, "next": request.GET.get("next", "")},
        status=400 if form.is_bound else 200,
    )


@require_GET
def sign_in_sent(request: HttpRequest) -> HttpResponse:
    return render(
        request, "residents/sign_in_sent.html", {"minutes": settings.SESAME_MAX_AGE // 60}
    )


@require_http_methods(["GET", "POST"])
def sign_in_link(request: HttpRequest) -> HttpResponse:
    """GET asks the resident to press "Sign in": mail scanners that open every link in a message
    must not use the single-use link up. POST uses it."""
    token = (request.POST.get("sesame") or request.GET.get("sesame") or "")[:500]
    if request.method == "GET":
        return render(
            request, "residents/sign_in_confirm.html", {"token": token, "next": _next(request)}
        )
    followed = services.follow_sign_in_link(request, token)
    if followed.outcome is services.Outcome.PAUSED:
        return render(
            request,
            "residents/too_many_links.html",
            {"limit": services.BAD_LINK_LIMIT.count},
            status=429,
        )
    if followed.account is None:
        return render(request, "residents/sign_in_expired.html", status=400)
    sign_in(request, followed.account)
    return redirect(_next(request))


@require_POST
def sign_out_view(request: HttpRequest) -> HttpResponse:
    sign_out(request)
    messages.success(request, _("You are signed out."))
    return redirect("residents:home")


@require_GET
@resident_required
def household_page(request: HttpRequest, account: household.ResidentAccount) -> HttpResponse:
    on = today()
    dogs = record_page(request, household.dogs_with_latest_license(account), "dogs")
    return render(
        request,
        "residents/household.html",
        {
            "account": account,
            "owners": record_page(
                request, household.owners(account).order_by("name", "pk"), "owners"
            ),
            # Every list of the household is one page: a household keeps its dogs', licenses',
            # vaccinations' and notices' records for years, and no ordinance bounds them.
            "dogs": dogs.with_rows(household.summary(dogs)),
            "licenses": record_page(request, household.licenses(account), "licenses"),
            "vaccinations": record_page(
                request,
                household.vaccinations(account).order_by("-vaccinated_on", "-pk"),
                "vaccinations",
            ),
            "receipts": record_page(request, household.receipts(account), "receipts"),
            "cases": record_page(request, household.cases(account), "notices"),
            "today": on,
        },
    )


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_GET
@resident_required
def license_pdf(
    request: HttpRequest, account: household.ResidentAccount, number: str
) -> HttpResponse:
    record = household.licenses(account).filter(number=number).first()
    if record is None:
        raise Http404(_("Your household holds no license with that number."))
    return _pdf(license_documents.render(record), license_documents.filename(record))


@require_GET
@resident_required
def receipt_pdf(
    request: HttpRequest, account: household.ResidentAccount, number: str
) -> HttpResponse:
    record = household.receipts(account).filter(number=number).first()
    if record is None:
        raise Http404(_("Your household holds no receipt with that number."))
    return _pdf(receipt_documents.render(record), receipt_documents.filename(record))


@require_GET
@resident_required
def rabies_certificate(
    request: HttpRequest, account: household.ResidentAccount, pk: int
) -> HttpResponse:
    record = household.vaccinations(account).filter(pk=pk).exclude(certificate_file="").first()
    if record is None:
        raise Http404(_("Your household holds no rabies certificate with that number."))
    name = record.certificate_file.name.rsplit("/", 1)[-1]
    content_type = "application/pdf" if name.lower().endswith(".pdf") else "image/jpeg"
    if name.lower().endswith(".png"):
        content_type = "image/png"
    with record.certificate_file.open("rb") as stored:
        response = HttpResponse(stored.read(), content_type=content_type)
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


CASE_DOCUMENTS = ("notice", "hearing-notice", "order")


@require_GET
@resident_required
def case_document(
    request: HttpRequest, account: household.ResidentAccount, number: str, document: str
) -> HttpResponse:
    case = household.cases(account).filter(number=number).first()
    if case is None or document not in CASE_DOCUMENTS:
        raise Http404(_("Your household has no notice with that number."))
    if document == "notice":
        return _pdf(case_documents.notice_pdf(case), f"notice-{number}.pdf")
    hearing = case.designation_hearing
    if document == "hearing-notice" and hearing is not None and hearing.scheduled_at is not None:
        return _pdf(case_documents.hearing_notice_pdf(hearing), f"hearing-{number}.pdf")
    order = getattr(hearing, "order", None) if hearing is not None else None
    if document == "order" and order is not None:
        return _pdf(case_documents.order_pdf(order), f"order-{number}.pdf")
    raise Http404(_("That notice has not been issued."))
