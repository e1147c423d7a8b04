"""The licensing desk's pages: search, owners, dogs, the license screen, licenses and receipts.

Thin: a form parses the input, one service acts (or a query reads), the page renders. A refused
action (``Refused``, ``ServiceError``) re-renders the form with the findings or the message; the
service wrote nothing. Every page needs ``records.view_records``; each action its own permission,
and the page hides the button of an action the user may not take.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dogtag.complaints.queries import history_for
from dogtag.dangerous_dogs.queries import cases_for
from dogtag.law.findings import Finding, blocking
from dogtag.licensing import queries, services
from dogtag.licensing.forms import (
    ApplicationForm,
    DogForm,
    DogStatusForm,
    DuplicateTagForm,
    LicenseForm,
    OwnerEditForm,
    OwnerForm,
    PhotoForm,
    RabiesForm,
    SearchForm,
    TagViolationForm,
    TransferForm,
    VoidForm,
)
from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination, Receipt
from dogtag.licensing.phones import PhoneError
from dogtag.licensing.receipts import Payment
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.pagination import record_page
from dogtag.records.private_data import Kind, record_view
from dogtag.records.services import today
from dogtag.records.versions import CONFLICT_HEADING, EditConflict, unsaved_entries

VIEW = "records.view_records"
ISSUE = "records.issue_license"
STATUS = "records.record_dog_status"
VOID = "records.void_receipt"
VIOLATION = "records.record_tag_violation"


def desk(*permissions: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Signed in (else to the sign-in page), and holding ``records.view_records`` and each of
    ``permissions`` (else 403)."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        guarded = permission_required((VIEW, *permissions), raise_exception=True)(view)
        return login_required(guarded)

    return decorate


def is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def amount_due(findings: list[Finding]) -> Decimal | None:
    """The total of the rules core's amount-due finding, if the application got that far."""
    due = next((f for f in findings if f.rule == "license.amount_due"), None)
    return Decimal(str(due.details["total"])) if due is not None else None


# --------------------------------------------------------------------------------- search


@require_GET
@desk()
def search(request: HttpRequest) -> HttpResponse:
    form = SearchForm(request.GET or None)
    results = None
    if form.is_bound and form.is_valid() and form.cleaned_data["q"].strip():
        results = queries.search(
            form.cleaned_data["q"],
            today(),
            address=request.GET,
            # "Search everywhere" after an exact number match (queries.exact_number)
            anywhere=request.GET.get("anywhere") == "1",
        )
        shown = [o.pk for g in results.groups if g.key == "owners" for o in g.rows]
        if shown:  # the owners' table shows their address, phone and email: logged
            record_view(request, Kind.OWNER_CONTACT, _owners_label(shown))
    return render(
        request,
        "licensing/search.html",
        {"form": form, "results": results, "limit": queries.SEARCH_LIMIT, "today": today()},
    )


def _owners_label(pks: list[int]) -> str:
    """The owners a search result showed, for the private-data log (cut to fit its column)."""
    label = ("Owner " if len(pks) == 1 else "Owners ") + ", ".join(f"#{pk}" for pk in pks)
    return label if len(label) <= 200 else label[:199] + "…"


# --------------------------------------------------------------------------------- owners


@require_http_methods(["GET", "POST"])
@desk(ISSUE)
def owner_new(request: HttpRequest) -> HttpResponse:
    form = OwnerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            owner = services.register_owner(actor=request.user, **form.cleaned_data)
        except PhoneError as exc:
            form.add_error("phone", str(exc))
        except ValidationError as exc:
            form.apply(exc)
        else:
            messages.success(request, f"Owner {owner.name} registered.")
            return redirect("owner_detail", pk=owner.pk)
    return render(
        request,
        "licensing/owner_form.html",
        {"form": form, "owner": None, "practices": queries.owner_data_practices()},
    )


@require_http_methods(["GET", "POST"])
@desk(ISSUE)
def owner_edit(request: HttpRequest, pk: int) -> HttpResponse:
    owner = get_object_or_404(Owner, pk=pk)
    form = OwnerEditForm.for_owner(owner, request.POST or None)
    problem = ""
    if request.method == "POST" and form.is_valid():
        changed = {name: form.cleaned_data[name] for name in form.changed_data if name != "version"}
        if not changed:
            messages.info(request, "Nothing was changed.")
            return redirect("owner_detail", pk=owner.pk)
        try:
            services.update_owner(
                owner, actor=request.user, version=form.cleaned_data["version"], **changed
            )
        except EditConflict as exc:
            # Nothing was saved: show the owner as it is now, with the new version, and what
            # this clerk had typed, so they can review and save again.
            problem = f"{exc} {unsaved_entries(form, changed, exc)}".strip()
            owner.refresh_from_db()
            form = OwnerEditForm.for_owner(owner)
        except PhoneError as exc:
            form.add_error("phone", str(exc))
        except ValidationError as exc:
            form.apply(exc)
        else:
            messages.success(request, f"Owner {owner.name} updated.")
            return redirect("owner_detail", pk=owner.pk)
        owner.refresh_from_db()
    record_view(request, Kind.OWNER_CONTACT, f"Owner #{owner.pk}")  # the form shows the contact
    return render(
        request,
        "licensing/owner_form.html",
        {
            "form": form,
            "owner": owner,
            "practices": queries.owner_data_practices(),
            "problem": problem,
            "problem_heading": CONFLICT_HEADING,
        },
    )


@require_GET
@desk()
def owner_detail(request: HttpRequest, pk: int) -> HttpResponse:
    owner = get_object_or_404(Owner, pk=pk)
    record_view(request, Kind.OWNER_CONTACT, f"Owner #{owner.pk}")  # address, phone, email
    on = today()
    # Every dog the owner ever registered (the dog limit bounds the dogs kept on a parcel, not those on
    # record, and a kennel keeps more): one page of them, each with its license state.
    dogs = record_page(request, owner.dogs.order_by("name", "id"), "dogs")
    dogs = dogs.with_rows([(dog, queries.license_state(dog, on)) for dog in dogs])
    return render(
        request,
        "licensing/owner_detail.html",
        {
            "owner": owner,
            "today": on,
            "dogs": dogs,
            "receipts": (receipts := queries.receipts_page(owner.receipts.all(), request.GET)),
            "history": (history := queries.history_page(owner, request.GET)),
            "receipts_listing": receipts,
            "history_listing": history,
            "complaint_history": (complaints := history_for(owner=owner)),
            "complaints_listing": record_page(request, complaints.complaints, "complaints"),
            "dangerous_dog_cases": cases_for(owner=owner),
        },
    )


# ----------------------------------------------------------------------------------- dogs


@require_http_methods(["GET", "POST"])
@desk(ISSUE)
def dog_new(request: HttpRequest, pk: int) -> HttpResponse:
    owner = get_object_or_404(Owner, pk=pk)
    form = DogForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        fields = dict(form.cleaned_data)
        if not fields.get("photo"):
            fields.pop("photo", None)
        try:
            dog = services.register_dog(owner=owner, actor=request.user, on=today(), **fields)
        except ValidationError as exc:
            form.apply(exc)
        else:
            messages.success(request, f"{dog.name} registered to {owner.name}.")
            return redirect("dog_detail", pk=dog.pk)
    return render(request, "licensing/dog_form.html", {"form": form, "owner": owner})


@require_GET
@desk()
def dog_detail(request: HttpRequest, pk: int) -> HttpResponse:
    dog = get_object_or_404(Dog.objects.select_related("owner"), pk=pk)
    record_view(request, Kind.OWNER_CONTACT, f"Owner #{dog.owner_id}")  # the owner's address
    on = today()
    state = queries.license_state(dog, on)
    # A dog's own lists grow a row a year (a license, a vaccination, a tag) or more: no ordinance
    # bound, so each is one page of a query.
    licenses = record_page(
        request,
        dog.licenses.select_related("owner", "previous").order_by("issued_on", "id"),
        "licenses",
    )
    licenses = licenses.with_rows(
        [
            (license_, license_.state_on(on), queries.money(license_.fee + license_.penalty))
            for license_ in licenses
        ]
    )
    return render(
        request,
        "licensing/dog_detail.html",
        {
            "dog": dog,
            "today": on,
            "state": state,
            "age": dog.age_on(on),
            "vaccinations": record_page(
                request, dog.rabies_vaccinations.order_by("-vaccinated_on", "-id"), "rabies"
            ),
            "licenses": licenses,
            "tags": record_page(
                request,
                dog.tags.select_related("license").order_by("-issued_on", "-serial", "-pk"),
                "tags",
            ),
            "decisions": (decisions := queries.dog_decisions_page(dog, request.GET)),
            "decisions_listing": decisions,
            "changes": record_page(
                request,
                dog.ownership_changes.select_related("from_owner", "to_owner").order_by(
                    "-changed_on", "-id"
                ),
                "owners",
            ),
            "history": (history := queries.history_page(dog, request.GET)),
            "history_listing": history,
            "complaint_history": (complaints := history_for(dog=dog)),
            "complaints_listing": record_page(request, complaints.complaints, "complaints"),
            "dangerous_dog_cases": cases_for(dog=dog),
            "active": dog.status == Dog.Status.ACTIVE,
            "renewable": queries.default_license_kind(dog) == "renewal",
        },
    )


@require_http_methods(["GET", "POST"])
@desk(ISSUE)
def dog_photo_upload(request: HttpRequest, pk: int) -> HttpResponse:
    dog = get_object_or_404(Dog.objects.select_related("owner"), pk=pk)
    form = PhotoForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        services.set_dog_photo(dog=dog, photo=form.cleaned_data["photo"], actor=request.user)
        messages.success(request, f"Photo of {dog.name} saved.")
        return redirect("dog_detail", pk=dog.pk)
    return render(request, "licensing/dog_photo_form.html", {"form": form, "dog": dog})


@require_GET
@desk()
def dog_photo(request: HttpRequest, pk: int) -> FileResponse:
    """The dog's photo, for signed-in staff."""
    dog = get_object_or_404(Dog, pk=pk)
    if not dog.photo:
        raise Http404("No photo was uploaded for this dog.")
    return FileResponse(
        dog.photo.open("rb"), as_attachment=False, filename=dog.photo.name.rsplit("/", 1)[-1]
    )


@require_http_methods(["GET", "POST"])
@desk(ISSUE)
def rabies_new(request: HttpRequest, pk: int) -> HttpResponse:
    dog = get_object_or_404(Dog.objects.select_related("owner"), pk=pk)
    form = RabiesForm(request.POST or None, request.FILES or None)
    problem = None
    if request.method == "POST" and form.is_valid():
        fields = {k: v for k, v in form.cleaned_data.items() if v is not None}
        if not fields.get("certificate_file"):
            fields.pop("certificate_file", None)
        try:
            vaccination = services.record_rabies_vaccination(dog=dog, actor=request.user, **fields)
        except ServiceError as exc:
            problem = str(exc)
        except ValidationError as exc:
            form.apply(exc)
        else:
            messages.success(
                request,
                f"Rabies vaccination of {vaccination.vaccinated_on.isoformat()} recorded for "
                f"{dog.name}, valid until {vaccination.expires_on.isoformat()}.",
            )
            return redirect("dog_detail", pk=dog.pk)
    return render(
        request, "licensing/rabies_form.html", {"form": form, "dog": dog, "problem": problem}
    )


@require_GET
@desk()
def rabies_certificate(request: HttpRequest, pk: int) -> FileResponse:
    """The scanned certificate: private data, shown only to signed-in staff."""
    vaccination = get_object_or_404(RabiesVaccination, pk=pk)
    if not vaccination.certificate_file:
        raise Http404("No certificate file was uploaded for this vaccination.")
    return FileResponse(
        vaccination.certificate_file.open("rb"),
        as_attachment=False,
        filename=vaccination.certificate_file.name.rsplit("/", 1)[-1],
    )


# ------------------------------------------------------------------------- license screen


def _application_data(request: HttpRequest, dog: Dog) -> dict[str, Any]:
    """The application as asked in the address (?kind=), with the screen's defaults."""
    latest = dog.rabies_vaccinations.order_by("-vaccinated_on", "-id").first()
    data: dict[str, Any] = {
        "kind": queries.default_license_kind(dog),
        "rabies": str(latest.pk) if latest else "",
        "on": today().isoformat(),
    }
    for name in ("kind", "rabies", "on", "licensed_elsewhere"):
        if name in request.GET:
            data[name] = request.GET[name]
    return data


def _evaluate(form: ApplicationForm) -> list[Finding]:
    data = form.cleaned_data
    return services.evaluate_license(
        form.dog,
        data["rabies"],
        data["kind"],
        data["on"],
        licensed_elsewhere=data["licensed_elsewhere"],
    )


def _license_context(
    dog: Dog, form: LicenseForm, application: ApplicationForm, findings: list[Finding] | None
) -> dict[str, Any]:
    return {
        "dog": dog,
        "form": form,
        "application": application,
        "findings": findings,
        "blocked": blocking(findings) if findings else [],
        "problem": (
            services.license_problem(
                dog,
                application.cleaned_data["rabies"],
                application.cleaned_data["kind"],
                application.cleaned_data["on"],
            )
            if findings is not None and application.is_valid()
            else None
        ),
        "due": next((f for f in findings or [] if f.rule == "license.amount_due"), None),
        "penalty": next((f for f in findings or [] if f.rule == "license.penalty"), None),
        "today": today(),
    }


@require_http_methods(["GET", "POST"])
@desk(ISSUE)
def license_new(request: HttpRequest, pk: int) -> HttpResponse:
    dog = get_object_or_404(Dog.objects.select_related("owner"), pk=pk)
    if request.method == "POST":
        form = LicenseForm(dog, request.POST)
        application = ApplicationForm(dog, request.POST)
        problem = None
        findings: list[Finding] | None = None
        if form.is_valid():
            data = form.cleaned_data
            payment = Payment(
                method=data["method"],
                amount=data["amount"],
                payer=data["payer"],
                reference=data["reference"],
            )
            try:
                issued = services.issue_license(
                    dog=dog,
                    rabies=data["rabies"],
                    kind=data["kind"],
                    on=data["on"],
                    payment=payment,
                    actor=request.user,
                    licensed_elsewhere=data["licensed_elsewhere"],
                )
            except Refused as exc:
                problem = str(exc)
                if any(f.rule == "license.paid_in_full" for f in exc.findings):
                    # the payment is what is wrong: say so on the amount field
                    # (``license.fee_with_application``)
                    form.add_error("amount", problem)
                else:
                    findings = exc.all_findings
            except ServiceError as exc:
                problem = str(exc)
            else:
                messages.success(
                    request,
                    f"License {issued.license.number} issued for {dog.name}: tag "
                    f"{issued.tag.serial}, receipt {issued.receipt.number} "
                    f"({queries.money(issued.receipt.total)}).",
                )
                return redirect("license_detail", number=issued.license.number)
            if findings is None and application.is_valid():
                findings = _evaluate(application)
        context = _license_context(dog, form, application, findings)
        context["problem"] = problem
        return render(request, "licensing/license_form.html", context, status=200)

    application = ApplicationForm(dog, _application_data(request, dog))
    findings = _evaluate(application) if application.is_valid() else None
    initial = dict(application.cleaned_data) if application.is_valid() else {}
    initial["amount"] = amount_due(findings or [])
    form = LicenseForm(dog, initial=initial)
    return render(
        request, "licensing/license_form.html", _license_context(dog, form, application, findings)
    )


@require_GET
@desk(ISSUE)
def license_findings(request: HttpRequest, pk: int) -> HttpResponse:
    """The live findings panel (htmx): what the rules core says of the application as it
    stands. Writes nothing. Also swaps in the amount field, filled with the amount due."""
    dog = get_object_or_404(Dog.objects.select_related("owner"), pk=pk)
    application = ApplicationForm(dog, request.GET)
    findings = _evaluate(application) if application.is_valid() else None
    total = amount_due(findings or [])
    form = LicenseForm(dog, initial={"amount": total})
    context = _license_context(dog, form, application, findings)
    context["swap_amount"] = total is not None
    return render(request, "licensing/_license_findings.html", context)


# --------------------------------------------------------------------------- duplicate tag


@require_http_methods(["GET", "POST"])
@desk(ISSUE)
def duplicate_tag(request: HttpRequest, pk: int) -> HttpResponse:
    dog = get_object_or_404(Dog.objects.select_related("owner"), pk=pk)
    license_ = queries.duplicate_tag_license(dog)
    on = today()
    problem = None
    if request.method == "POST":
        form = DuplicateTagForm(request.POST)
        if license_ is not None and form.is_valid():
            data = form.cleaned_data
            try:
                issued = services.issue_duplicate_tag(
                    license_=license_,
                    reason=data["reason"],
                    on=on,
                    payment=Payment(
                        method=data["method"],
                        amount=data["amount"],
                        payer=data["payer"],
                        reference=data["reference"],
                    ),
                    actor=request.user,
                )
            except Refused as exc:
                problem = str(exc)
            except ServiceError as exc:
                problem = str(exc)
                if any(f.rule == "tag.duplicate" for f in exc.findings):
                    form.add_error("amount", problem)
            else:
                messages.success(
                    request,
                    f"Duplicate tag {issued.tag.serial} issued for {dog.name}; the old tag is "
                    f"recorded as {data['reason']}. Receipt {issued.receipt.number} "
                    f"({queries.money(issued.receipt.total)}).",
                )
                return redirect("license_detail", number=license_.number)
        reason = form.data.get("reason") or "lost"
    else:
        reason = "lost"
        form = DuplicateTagForm(initial={"reason": reason})
    quote = queries.duplicate_tag_quote(license_, reason, on) if license_ is not None else None
    if quote is not None and not quote.blocks and not form.is_bound:
        form.initial["amount"] = Decimal(str(quote.details["fee"]))
    return render(
        request,
        "licensing/duplicate_tag.html",
        {
            "dog": dog,
            "license": license_,
            "quote": quote,
            "form": form,
            "problem": problem,
            "tags": license_.tags.order_by("serial") if license_ else [],
        },
    )


# -------------------------------------------------------------------- transfers and status


@require_http_methods(["GET", "POST"])
@desk(STATUS)
def dog_transfer(request: HttpRequest, pk: int) -> HttpResponse:
    dog = get_object_or_404(Dog.objects.select_related("owner"), pk=pk)
    form = TransferForm(dog, request.POST or None, initial={"changed_on": today()})
    problem = None
    if request.method == "POST" and form.is_valid():
        previous_owner = dog.owner
        try:
            change = services.transfer_ownership(
                dog=dog,
                to_owner=form.cleaned_data["to_owner"],
                changed_on=form.cleaned_data["changed_on"],
                actor=request.user,
            )
        except ServiceError as exc:
            problem = str(exc)
        else:
            messages.success(
                request,
                f"{dog.name} transferred from {previous_owner.name} to {change.to_owner.name} "
                f"on {change.changed_on.isoformat()}.",
            )
            return redirect("dog_detail", pk=dog.pk)
    return render(
        request, "licensing/dog_transfer.html", {"dog": dog, "form": form, "problem": problem}
    )


@require_http_methods(["GET", "POST"])
@desk(STATUS)
def dog_status(request: HttpRequest, pk: int) -> HttpResponse:
    dog = get_object_or_404(Dog.objects.select_related("owner"), pk=pk)
    form = DogStatusForm(request.POST or None, initial={"on": today()})
    problem = None
    findings: list[Finding] = []
    if request.method == "POST" and form.is_valid():
        try:
            findings = services.record_dog_status(
                dog=dog,
                status=form.cleaned_data["status"],
                on=form.cleaned_data["on"],
                actor=request.user,
            )
        except ServiceError as exc:
            problem = str(exc)
        else:
            dog.refresh_from_db()
            messages.success(request, f"{dog.name} recorded as {dog.get_status_display()}.")
    return render(
        request,
        "licensing/dog_status.html",
        {"dog": dog, "form": form, "problem": problem, "findings": findings},
    )


@require_http_methods(["GET", "POST"])
@desk(VIOLATION)
def tag_violation_new(request: HttpRequest, pk: int) -> HttpResponse:
    dog = get_object_or_404(Dog.objects.select_related("owner"), pk=pk)
    form = TagViolationForm(request.POST or None, initial={"observed_on": today()})
    problem = None
    if request.method == "POST" and form.is_valid():
        try:
            violation = services.record_tag_violation(
                kind=form.cleaned_data["kind"],
                observed_on=form.cleaned_data["observed_on"],
                actor=request.user,
                tag=form.cleaned_data["tag_serial"],
                dog=dog,
                narrative=form.cleaned_data["narrative"],
            )
        except ServiceError as exc:
            problem = str(exc)
        else:
            messages.success(
                request,
                f"Tag violation recorded for {dog.name}: {' '.join(violation.decision.messages)}",
            )
            return redirect("dog_detail", pk=dog.pk)
    return render(
        request, "licensing/tag_violation.html", {"dog": dog, "form": form, "problem": problem}
    )


# ---------------------------------------------------------------------- licenses, receipts


@require_GET
@desk()
def license_detail(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        License.objects.select_related("dog", "owner", "rabies", "previous"), number=number
    )
    renewal = License.objects.filter(previous=license_).first()
    on = today()
    return render(
        request,
        "licensing/license_detail.html",
        {
            "license": license_,
            "renewal": renewal,
            "today": on,
            "state": license_.state_on(on),
            "in_force": license_.in_force_on(on),
            # A license gains a tag for each lost or stolen one replaced, and a receipt for each
            # payment and reversal: no ordinance bound, so both are cut into pages.
            "tags": record_page(request, license_.tags.order_by("serial", "pk"), "tags"),
            "receipts": queries.receipts_page(license_.receipts.all(), request.GET),
            "decisions": (
                decisions := record_page(request, queries.license_decisions(license_), "decisions")
            ),
            "decisions_listing": decisions,
            "fee": queries.money(license_.fee),
            "penalty": queries.money(license_.penalty),
        },
    )


@require_GET
@desk()
def receipt_detail(request: HttpRequest, number: str) -> HttpResponse:
    receipt = get_object_or_404(
        Receipt.objects.select_related("owner", "license", "cashier", "voids"), number=number
    )
    return render(
        request,
        "licensing/receipt_detail.html",
        {"view": queries.receipt_view(receipt), "receipt": receipt, "form": VoidForm()},
    )


@require_POST
@desk(VOID)
def receipt_void(request: HttpRequest, number: str) -> HttpResponse:
    receipt = get_object_or_404(Receipt, number=number)
    form = VoidForm(request.POST)
    problem = None
    if form.is_valid():
        try:
            reversal = services.void_receipt(
                receipt=receipt, reason=form.cleaned_data["reason"], actor=request.user
            )
        except ServiceError as exc:
            problem = str(exc)
        else:
            messages.success(
                request, f"Receipt {receipt.number} voided by reversing receipt {reversal.number}."
            )
            return redirect("receipt_detail", number=receipt.number)
    return render(
        request,
        "licensing/receipt_detail.html",
        {
            "view": queries.receipt_view(receipt),
            "receipt": receipt,
            "form": form,
            "problem": problem,
        },
    )
