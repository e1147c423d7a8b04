"""The clerk's pages for clinics' certificates (issue 13 item 2): the queue, one certificate with
its candidates and the clerk's choice, and the one-step renewal. Thin: parse, call one service,
render."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from dogtag.clinics import batches, letters, services
from dogtag.clinics.forms import BatchForm, RenewForm, ResolveForm
from dogtag.clinics.models import Certificate, CertificateBatch
from dogtag.licensing.models import Dog
from dogtag.licensing.receipts import Payment
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.office import office_page
from dogtag.records.pagination import paginate, record_page
from dogtag.records.services import decisions_for, today

RESOLVE = "clinics.resolve_certificate"
ISSUE = "records.issue_license"
STATUSES = dict(Certificate.Status.choices)


@office_page()
def certificate_queue(request: HttpRequest) -> HttpResponse:
    status = request.GET.get("status", Certificate.Status.QUEUED)
    if status not in STATUSES:
        status = Certificate.Status.QUEUED
    rows = (
        Certificate.objects.filter(status=status)
        .select_related("dog")
        .order_by("received_at", "id")
    )
    listing = paginate(request, rows, anchor="certificates")
    return render(
        request,
        "clinics/queue.html",
        {
            "listing": listing,
            "status": status,
            "statuses": Certificate.Status.choices,
        },
    )


def _candidates(certificate: Certificate) -> dict[int, Dog]:
    ids = [c["dog"] for c in certificate.candidates]
    return {d.pk: d for d in Dog.objects.filter(pk__in=ids).select_related("owner")}


@require_http_methods(["GET", "POST"])
@office_page()
def certificate_detail(request: HttpRequest, pk: int) -> HttpResponse:
    certificate = get_object_or_404(Certificate.objects.select_related("dog__owner"), pk=pk)
    dogs = _candidates(certificate)
    form = ResolveForm(certificate, dogs)
    if request.method == "POST":
        if not request.user.has_perm(RESOLVE):
            raise PermissionDenied("Your role may not match certificates.")
        form = ResolveForm(certificate, dogs, request.POST)
        if form.is_valid():
            try:
                services.resolve_certificate(
                    certificate=certificate, dog=form.cleaned_data["dog"], actor=request.user
                )
            except ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, "The certificate is resolved.")
                return redirect("certificate_detail", pk=certificate.pk)
    return _page(request, certificate, dogs, resolve=form, renew=None)


def _page(
    request: HttpRequest,
    certificate: Certificate,
    dogs: dict[int, Dog],
    *,
    resolve: ResolveForm,
    renew: RenewForm | None,
    findings: list[object] | None = None,
) -> HttpResponse:
    renewal = None
    if certificate.dog is not None:
        renewal = services.renewal_due(certificate.dog, today())
    if renewal is not None and renew is None:
        renew = RenewForm(initial={"amount": services.amount_due(certificate)})
    candidates = [
        {"dog": dogs[c["dog"]], "reasons": c["reasons"]}
        for c in certificate.candidates
        if c["dog"] in dogs
    ]
    status = 422 if (resolve.errors or (renew is not None and renew.errors) or findings) else 200
    return render(
        request,
        "clinics/certificate.html",
        {
            "certificate": certificate,
            "candidates": candidates,
            "form": resolve,
            "renewal": renewal,
            "renew_form": renew,
            "findings": findings or [],
            "today": today(),
            "decisions": (
                decisions := record_page(
                    request,
                    decisions_for(certificate).select_related("actor").order_by("-id"),
                    "decisions",
                )
            ),
            "decisions_listing": decisions,
        },
        status=status,
    )


@office_page()
def certificate_pdf(request: HttpRequest, pk: int) -> FileResponse:
    """The signed certificate the clinic sent: private data, shown only to signed-in staff."""
    certificate = get_object_or_404(Certificate, pk=pk)
    if not certificate.pdf:
        raise Http404("The clinic sent no PDF with this certificate.")
    return FileResponse(
        certificate.pdf.open("rb"),
        as_attachment=False,
        filename=f"rabies-certificate-{certificate.pk}.pdf",
        content_type="application/pdf",
    )


@require_http_methods(["POST"])
@office_page(ISSUE)
def certificate_renew(request: HttpRequest, pk: int) -> HttpResponse:
    certificate = get_object_or_404(Certificate.objects.select_related("dog__owner"), pk=pk)
    form = RenewForm(request.POST)
    findings: list[object] = []
    if form.is_valid():
        data = form.cleaned_data
        payment = Payment(
            method=data["method"],
            amount=data["amount"],
            payer=data["payer"],
            reference=data["reference"],
        )
        try:
            issued = services.renew_from_certificate(
                certificate=certificate, payment=payment, actor=request.user
            )
        except Refused as exc:
            findings = list(exc.all_findings or exc.findings)
            form.add_error(None, str(exc))
        except ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                f"License {issued.license.number} issued, tag {issued.tag.serial}, receipt "
                f"{issued.receipt.number}.",
            )
            return redirect("certificate_detail", pk=certificate.pk)
    return _page(
        request,
        certificate,
        _candidates(certificate),
        resolve=ResolveForm(certificate, _candidates(certificate)),
        renew=form,
        findings=findings,
    )


# ------------------------------------------------------------------------- CSV batches


@require_http_methods(["GET", "POST"])
@office_page(RESOLVE)
def batch_new(request: HttpRequest) -> HttpResponse:
    form = BatchForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            batch = batches.store_batch(
                clinic=form.cleaned_data["clinic"],
                upload=form.cleaned_data["file"],
                rows=len(form.rows),
                actor=request.user,
            )
        except ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            if batch.job is None:
                batches.process(batch, request.user)
                return redirect("certificate_batch", pk=batch.pk)
            return redirect("job_detail", pk=batch.job.pk)
    return render(
        request,
        "clinics/batch_form.html",
        {
            "form": form,
            "required": batches.REQUIRED,
            "optional": [c for c in batches.COLUMNS if c not in batches.REQUIRED],
            "inline_rows": batches.INLINE_ROWS,
        },
        status=422 if form.errors else 200,
    )


@office_page()
def certificate_batch(request: HttpRequest, pk: int) -> HttpResponse:
    batch = get_object_or_404(CertificateBatch.objects.select_related("job"), pk=pk)
    listing = paginate(request, batch.report, anchor="rows")
    return render(
        request,
        "clinics/batch.html",
        {"batch": batch, "listing": listing, "counts": sorted(batch.counts().items())},
    )


# ------------------------------------------------------ vaccinated in the city, never licensed


@office_page()
def unlicensed_letters(request: HttpRequest) -> HttpResponse:
    on = today()
    content = letters.render(on, letters.owners_to_reach(on))
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = (
        f'inline; filename="vaccinated-never-licensed-{on.isoformat()}.pdf"'
    )
    return response


@require_http_methods(["POST"])
@office_page(RESOLVE)
def unlicensed_email(request: HttpRequest) -> HttpResponse:
    queued = letters.email_reminders(on=today(), actor=request.user)
    messages.success(request, f"{queued} reminders queued by e-mail (see Office → Outbox).")
    return redirect("certificate_queue")
