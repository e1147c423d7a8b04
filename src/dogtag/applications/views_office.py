"""The clerk's queue of online applications, under the staff site (/office/online-applications/).

The clerk opens one, sees the uploaded certificate beside what was typed and what the rules core
finds today, and issues it (recording the payment as at the counter) or returns it with a
reason. Needs ``applications.review_online_application`` (Clerk, Administrator).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from dogtag.applications import services
from dogtag.applications.findings import Shown
from dogtag.applications.forms import IssueForm, ReturnForm
from dogtag.applications.models import OnlineApplication
from dogtag.licensing.receipts import Payment
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.pagination import paginate
from dogtag.records.private_data import Kind, record_view
from dogtag.records.services import today

REVIEW = "applications.review_online_application"
#: Issuing is the counter's action too: it needs the counter's permission as well.
ISSUE = "records.issue_license"


def _clerk(view, *also: str):  # type: ignore[no-untyped-def]
    return login_required(permission_required((REVIEW, *also), raise_exception=True)(view))


def _issuer(view):  # type: ignore[no-untyped-def]
    return _clerk(view, ISSUE)


@require_GET
@_clerk
def queue(request: HttpRequest) -> HttpResponse:
    status = request.GET.get("status") or OnlineApplication.Status.RECEIVED
    if status not in OnlineApplication.Status.values or status == "draft":
        status = OnlineApplication.Status.RECEIVED
    rows = (
        OnlineApplication.objects.filter(status=status)
        .select_related("account")
        .order_by("received_at", "pk")
    )
    listing = paginate(request, rows, noun="applications")
    return render(
        request,
        "applications/office/queue.html",
        {
            "listing": listing,
            "status": status,
            "statuses": [s for s in OnlineApplication.Status.choices if s[0] != "draft"],
        },
    )


def _context(
    application: OnlineApplication, issue_form: IssueForm, return_form: ReturnForm
) -> dict[str, object]:
    now = None
    if application.status == OnlineApplication.Status.RECEIVED:
        now = Shown.of([f.to_json() for f in services.evaluate(application, today())])
    return {
        "application": application,
        "shown_then": Shown.of(application.findings),
        "from_clinic": services.clinic_certificate_of(application),
        "shown": now,
        "issue_form": issue_form,
        "return_form": return_form,
    }


def _open(pk: int) -> OnlineApplication:
    return get_object_or_404(
        OnlineApplication.objects.exclude(status=OnlineApplication.Status.DRAFT).select_related(
            "account", "license", "decided_by"
        ),
        pk=pk,
    )


@require_GET
@_clerk
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    application = _open(pk)
    record_view(request, Kind.OWNER_CONTACT, f"Online application #{application.pk}")
    context = _context(application, IssueForm(), ReturnForm())
    shown = context["shown"]
    if isinstance(shown, Shown) and shown.total is not None:
        context["issue_form"] = IssueForm(initial={"amount": shown.total})
    return render(request, "applications/office/detail.html", context)


@require_POST
@_issuer
def issue(request: HttpRequest, pk: int) -> HttpResponse:
    application = _open(pk)
    form = IssueForm(request.POST)
    problem = ""
    if form.is_valid():
        data = form.cleaned_data
        payment = Payment(
            method=data["method"],
            amount=data["amount"],
            payer=data["payer"],
            reference=data["reference"],
        )
        try:
            issued = services.issue(
                application=application, payment=payment, on=today(), actor=request.user
            )
        except Refused as exc:
            problem = str(exc)
            if any(f.rule == "license.paid_in_full" for f in exc.findings):
                form.add_error(
                    "amount", problem
                )  # the same rule as the counter (license.fee_with_application)
        except ServiceError as exc:
            problem = str(exc)
        else:
            messages.success(
                request,
                f"License {issued.license.number} issued for {issued.license.dog.name}: tag "
                f"{issued.tag.serial}, receipt {issued.receipt.number}. The resident is e-mailed.",
            )
            return redirect("online_application", pk=application.pk)
    application.refresh_from_db()
    context = _context(application, form, ReturnForm())
    context["problem"] = problem
    return render(request, "applications/office/detail.html", context, status=400)


@require_POST
@_clerk
def return_view(request: HttpRequest, pk: int) -> HttpResponse:
    application = _open(pk)
    form = ReturnForm(request.POST)
    problem = ""
    if form.is_valid():
        try:
            services.return_application(
                application=application, reason=form.cleaned_data["reason"], actor=request.user
            )
        except ServiceError as exc:
            problem = str(exc)
        else:
            messages.success(request, f"Online application #{application.pk} returned.")
            return redirect("online_application", pk=application.pk)
    application.refresh_from_db()
    context = _context(application, IssueForm(), form)
    context["problem"] = problem
    return render(request, "applications/office/detail.html", context, status=400)


@require_GET
@_clerk
def certificate(request: HttpRequest, pk: int) -> FileResponse:
    application = _open(pk)
    if not application.certificate_file:  # a clinic's certificate sent without its PDF
        raise Http404("The clinic sent no PDF with this certificate.")
    return FileResponse(
        application.certificate_file.open("rb"),
        as_attachment=False,
        filename=application.certificate_file.name.rsplit("/", 1)[-1],
    )
