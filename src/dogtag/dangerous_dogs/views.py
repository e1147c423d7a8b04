"""The dangerous-dog pages (City Code 3-2-9): the case list, designation, the case page with its
timeline, deadlines, requirements and the forms of the next allowed steps, and the documents.

Thin: a form parses the input, one service acts, the page renders. A refused step re-renders the
case page with the service's message (and its findings) in the form's error summary; nothing was
written. Every page needs ``records.view_records``; the Animal Control Authority's steps need
``records.designate_dangerous_dog``, the hearing and the order ``records.conduct_hearing`` (403
otherwise). The page shows only the forms of the steps that may come next, to those who may take
them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms as django_forms
from django.contrib import messages
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dogtag.dangerous_dogs import deadlines, documents, forms, prose, queries, services
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase, OwnerNotice, Revocation
from dogtag.law.findings import Finding
from dogtag.licensing.models import Dog
from dogtag.licensing.receipts import Payment
from dogtag.records.office import office_page
from dogtag.records.pagination import paginate
from dogtag.records.services import city_params, today

DESIGNATE = services.DESIGNATE
CONDUCT = services.CONDUCT
#: Cases a page of the list shows: each row computes its deadlines, so a page stays short.
CASES_PER_PAGE = 25
State = DangerousDogCase.State


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _case(number: str) -> DangerousDogCase:
    try:
        return queries.case_detail(number)
    except ObjectDoesNotExist:
        raise Http404(f"No dangerous-dog case {number}") from None


# ------------------------------------------------------------------------------ the steps


@dataclass(frozen=True)
class Step:
    """One step of the case as the page offers it: its form and who may take it."""

    key: str
    title: str
    sections: str
    form: type[django_forms.Form]
    permissions: tuple[str, ...]  # any one of them
    button: str

    def allowed(self, user: Any) -> bool:
        return any(user.has_perm(p) for p in self.permissions)


STEPS = {
    step.key: step
    for step in (
        Step(
            "notice",
            "Issue the Notice of Dangerous Dog",
            "3-2-9.A.1",
            forms.DateForm,
            (DESIGNATE,),
            "Issue the notice",
        ),
        Step(
            "service",
            "Record the service of the notice",
            "3-2-9.A.1.a, A.1.c",
            forms.ServiceForm,
            (DESIGNATE,),
            "Record service",
        ),
        Step(
            "hearing_request",
            "Receive a written request for a hearing",
            "3-2-9.A.1.c",
            forms.HearingRequestForm,
            (DESIGNATE,),
            "Record the request",
        ),
        Step(
            "stands",
            "No hearing requested: the designation stands",
            "3-2-9.A.1.e",
            forms.DateForm,
            (DESIGNATE,),
            "Record that the designation stands",
        ),
        Step(
            "schedule",
            "Schedule the hearing",
            "3-2-9.A.2.a",
            forms.ScheduleForm,
            (DESIGNATE, CONDUCT),
            "Schedule the hearing",
        ),
        Step(
            "pending",
            "Pending the hearing: proof shown or dog seized",
            "3-2-9.A.2.b",
            forms.PendingForm,
            (DESIGNATE,),
            "Record",
        ),
        Step(
            "hold",
            "Record the hearing",
            "3-2-9.A.2.c-f",
            forms.HoldForm,
            (CONDUCT,),
            "Record the hearing",
        ),
        Step(
            "order",
            "Issue the Hearing Officer's order",
            "3-2-9.A.2.g, A.3",
            forms.OrderForm,
            (CONDUCT,),
            "Issue the order",
        ),
        Step(
            "register",
            "Certificate of Registration",
            "3-2-9.B.3, E.4, E.5",
            forms.RegistrationForm,
            (DESIGNATE,),
            "Issue the certificate",
        ),
        Step(
            "inspection",
            "Record an inspection of the premises",
            "3-2-9.E.6",
            forms.InspectionForm,
            (DESIGNATE,),
            "Record the inspection",
        ),
        Step(
            "revocation_notice",
            "Serve a notice of revocation",
            "3-2-9.B.6.a-b",
            forms.RevocationNoticeForm,
            (DESIGNATE,),
            "Record the notice of revocation",
        ),
        Step(
            "revocation_hearing",
            "Record the revocation hearing",
            "3-2-9.B.6.b, A.2",
            forms.RevocationHearingForm,
            (CONDUCT,),
            "Record the revocation hearing",
        ),
        Step(
            "revocation_order",
            "Issue the order on the revocation",
            "3-2-9.B.6.c",
            forms.RevocationOrderForm,
            (CONDUCT,),
            "Issue the revocation order",
        ),
        Step(
            "owner_notice",
            "Owner's notice of death, relocation or transfer",
            "3-2-9.C, D",
            forms.OwnerNoticeForm,
            (DESIGNATE,),
            "Record the owner's notice",
        ),
        Step(
            "review_request",
            "Receive a request to review the designation",
            "3-2-9.A.7",
            forms.ReviewRequestForm,
            (DESIGNATE,),
            "Record the request for review",
        ),
        Step(
            "review_decision",
            "Decide the review of the designation",
            "3-2-9.A.7",
            forms.ReviewDecisionForm,
            (DESIGNATE, CONDUCT),
            "Record the decision",
        ),
        Step(
            "cost",
            "Record a cost",
            "3-2-9.A.1.f, A.2.a, A.5, A.7",
            forms.CostForm,
            (DESIGNATE,),
            "Record the cost",
        ),
        Step(
            "payment",
            "Record a payment toward the costs",
            "3-2-9.A.5",
            forms.CostPaymentForm,
            (DESIGNATE,),
            "Record the payment",
        ),
        Step(
            "rental_disclosure",
            "Record a disclosure to the property owner",
            "3-2-9.E.3",
            forms.RentalDisclosureForm,
            (DESIGNATE,),
            "Record the disclosure",
        ),
        Step(
            "conditions_review",
            "Review the conditions for keeping the dog",
            "3-2-9.E.7",
            forms.ConditionsReviewForm,
            (DESIGNATE, CONDUCT),
            "Record the review",
        ),
        Step(
            "sterilization_seizure",
            "Seize the dog and have it sterilized at the owner's expense",
            "3-2-9.B.3.g",
            forms.SterilizationSeizureForm,
            (DESIGNATE,),
            "Record the seizure and sterilization",
        ),
        Step(
            "release",
            "Release the dog from impoundment",
            "3-2-9.B.4, A.5",
            forms.ReleaseForm,
            (DESIGNATE,),
            "Release the dog",
        ),
        Step(
            "affidavit",
            "Record the owner's affidavit",
            "3-2-9.C",
            forms.AffidavitForm,
            (DESIGNATE,),
            "Record the affidavit",
        ),
        Step(
            "renew",
            "Renew the registration",
            "3-2-9.B.7, B.3.c",
            forms.RegistrationForm,
            (DESIGNATE,),
            "Renew the registration",
        ),
    )
}


def _pending_affidavit(case: DangerousDogCase) -> OwnerNotice | None:
    """The notice whose affidavit the Authority requested and has not received (3-2-9.C)."""
    waiting = [
        n
        for n in case.owner_notices.all()
        if n.affidavit_requested_on is not None and n.affidavit_received_on is None
    ]
    return waiting[-1] if waiting else None


def next_steps(case: DangerousDogCase, user: Any) -> list[Step]:
    """The steps the rules core allows next (``dangerous_dog.procedure``), those ``user`` may
    take."""
    on = today()
    standing = services.case_standing(case, on, services.case_circumstances(case, on))
    return [STEPS[k] for k in standing.allowed if STEPS[k].allowed(user)]


def _initial(step: str, case: DangerousDogCase) -> dict[str, Any]:
    on = today()
    initial: dict[str, Any] = {"on": on}
    if step == "service":
        initial.update(served_on=on, served_address=case.owner.address)
    elif step == "hearing_request":
        initial.update(received_on=on, requested_by=case.owner.name)
    elif step == "hold":
        initial.update(held_on=on)
    elif step == "order":
        initial.update(issued_on=on)
    elif step == "revocation_notice":
        initial.update(served_on=on)
    elif step == "revocation_hearing":
        initial.update(held_on=on)
    elif step == "revocation_order":
        initial.update(decided_on=on)
    elif step == "owner_notice":
        initial.update(received_on=on)
    elif step == "review_request":
        initial.update(requested_on=on)
    elif step == "review_decision":
        initial.update(decided_on=on)
    elif step == "cost":
        initial.update(incurred_on=on)
    elif step == "rental_disclosure":
        initial.update(disclosed_on=on)
    elif step == "conditions_review":
        initial.update(reviewed_on=on)
    elif step == "sterilization_seizure":
        initial.update(seized_on=on, sterilized_on=on)
    elif step == "affidavit":
        initial.update(received_on=on)
    elif step in ("register", "renew"):
        initial.update(microchip_number=case.dog.microchip, warning_symbols=0)
    return initial


# ---------------------------------------------------------------------------------- pages


@require_GET
@office_page()
def case_list(request: HttpRequest) -> HttpResponse:
    params = city_params()
    on = today()
    listing = paginate(request, queries.case_list(), per_page=CASES_PER_PAGE, anchor="cases")
    rows = []
    for case in listing.rows:
        ahead = [d for d in deadlines.case_deadlines(case, params) if d.done_on is None]
        rows.append((case, ahead[0] if ahead else None, any(d.overdue(on) for d in ahead)))
    return render(
        request,
        "dangerous_dogs/list.html",
        {
            "rows": rows,
            "listing": listing,
            "on": on,
            "may_designate": request.user.has_perm(DESIGNATE),
        },
    )


def _detail(
    request: HttpRequest,
    case: DangerousDogCase,
    *,
    bound: tuple[str, django_forms.Form] | None = None,
    refusal: list[Finding] | None = None,
    status: int = 200,
) -> HttpResponse:
    on = today()
    params = city_params()
    steps = []
    for step in next_steps(case, request.user):
        if bound and bound[0] == step.key:
            form = bound[1]
        else:
            form = step.form(initial=_initial(step.key, case), prefix=step.key)
        steps.append((step, form))
    # a step that is not among the next ones (posted out of order): its refusal goes on top
    stray = None
    if bound and bound[0] not in [step.key for step, _ in steps]:
        stray = (STEPS[bound[0]], bound[1])
    requirements: list[Any] = []
    if case.state in (State.DANGEROUS, State.REGISTERED) and case.deemed_on is not None:
        registration = case.current_registration
        if registration is not None:
            requirements = [
                f
                for f in registration.decision.findings
                if f["rule"] == "dangerous_dog.registration_requirements"
            ]
        else:
            missing = [
                e for e in case.events.all() if e.kind == CaseEvent.Kind.REQUIREMENTS_MISSING
            ]
            if missing:
                requirements = [
                    f
                    for f in missing[-1].decision.findings  # type: ignore[union-attr]
                    if f["rule"] == "dangerous_dog.registration_requirements"
                ]
    return render(
        request,
        "dangerous_dogs/detail.html",
        {
            "case": case,
            "on": on,
            "hearing": case.designation_hearing,
            "deadlines": queries.deadline_rows(case, on, params),
            "steps": steps,
            "stray": stray,
            "refusal": refusal or [],
            "requirements": requirements,
            "letters": [
                e for e in case.events.all() if e.kind == CaseEvent.Kind.REQUIREMENTS_MISSING
            ],
            "registrations": list(case.registrations.all()),
            "revocations": list(case.revocations.all()),
            "costs": list(case.costs.all()),
            "cost_payments": list(case.cost_payments.select_related("receipt")),
            "balance": services.balance(case),
        },
        status=status,
    )


@require_GET
@office_page()
def case_detail(request: HttpRequest, number: str) -> HttpResponse:
    return _detail(request, _case(number))


@require_http_methods(["GET", "POST"])
@office_page(DESIGNATE)
def case_new(request: HttpRequest) -> HttpResponse:
    dog_id = request.GET.get("dog") or request.POST.get("dog")
    if not dog_id or not str(dog_id).isdigit():
        raise Http404("Choose the dog first: /dangerous-dogs/new/?dog=<id>")
    dog = get_object_or_404(Dog.objects.select_related("owner"), pk=dog_id)
    form = forms.DesignationForm(request.POST or None, dog=dog, initial={"on": today()})
    refusal: list[Finding] = []
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            case = services.designate(
                dog=dog,
                authority=d["authority"],
                criteria=d["criteria"],
                exemptions=d["exemptions"],
                factual_basis=d["factual_basis"],
                incidents=[services.IncidentFacts(*i) for i in form.incidents()],
                on=d["on"],
                actor=request.user,  # type: ignore[arg-type]
                complaints=list(d["complaints"]),
                seized=d["seized"],
                kept_at=d["kept_at"],
                contact_address=d["contact_address"],
                contact_phone=d["contact_phone"],
            )
        except services.ServiceError as exc:
            form.add_error(None, str(exc))
            refusal = getattr(exc, "all_findings", exc.findings)
        else:
            messages.success(request, f"Case {case.number}: {dog.name} designated dangerous.")
            return redirect("dangerous_dog_case", case.number)
    return render(
        request,
        "dangerous_dogs/new.html",
        {"form": form, "dog": dog, "refusal": refusal},
    )


def _act(step: str, case: DangerousDogCase, form: Any, user: Any) -> str:
    """Call the step's service with the form's data; the success message."""
    d = form.cleaned_data
    if step == "notice":
        services.issue_notice(case=case, on=d["on"], actor=user)
        return "Notice of Dangerous Dog issued: print it and serve it on the owner."
    if step == "service":
        services.record_service(
            case=case,
            served_on=d["served_on"],
            method=d["method"],
            served_person=d["served_person"],
            served_address=d["served_address"],
            actor=user,
        )
        days = prose.days("dangerous_dog.hearing_request", on=d["served_on"])
        return f"Service recorded: the {days} to request a hearing are running."
    if step == "hearing_request":
        services.receive_hearing_request(
            case=case,
            received_on=d["received_on"],
            requested_by=d["requested_by"],
            in_writing=d["in_writing"],
            note=d["note"],
            actor=user,
        )
        return "Request for a hearing recorded."
    if step == "stands":
        services.designation_stands(case=case, on=d["on"], actor=user)
        return "The designation stands: registration is due."
    if step == "schedule":
        services.schedule_hearing(
            case=case,
            scheduled_at=form.scheduled_at(),
            place=d["place"],
            on=d["on"],
            good_cause=d["good_cause"],
            actor=user,
        )
        return "Hearing scheduled: send the notice of hearing."
    if step == "pending":
        services.record_pending_compliance(
            case=case,
            on=d["on"],
            seized=d["seized"],
            enclosure_or_leash_and_muzzle=d["enclosure_or_leash_and_muzzle"],
            no_unreasonable_risk=d["no_unreasonable_risk"],
            kept_at=d["kept_at"],
            contact_address=d["contact_address"],
            contact_phone=d["contact_phone"],
            actor=user,
        )
        return "Recorded."
    if step == "hold":
        services.hold_hearing(
            case=case,
            held_on=d["held_on"],
            authority_represented_by=d["authority_represented_by"],
            owner_represented_by=d["owner_represented_by"],
            witnesses=d["witnesses"],
            evidence=d["evidence"],
            destruction_sought=d["destruction_sought"],
            actor=user,
        )
        return (
            "Hearing recorded: the order is due within "
            f"{prose.days('dangerous_dog.order', on=d['held_on'])}."
        )
    if step == "order":
        services.issue_order(
            case=case,
            issued_on=d["issued_on"],
            disposition=d["disposition"],
            findings_of_fact=d["findings_of_fact"],
            destruction_findings=form.destruction_findings(),
            seizure_not_justified=d["seizure_not_justified"],
            received_on=d["received_on"],
            kept_at=d["kept_at"],
            contact_address=d["contact_address"],
            contact_phone=d["contact_phone"],
            actor=user,
        )
        return "Order issued."
    if step == "inspection":
        services.record_inspection(
            case=case,
            on=d["on"],
            permitted=d["permitted"],
            compliant=d["compliant"],
            notes=d["notes"],
            actor=user,
        )
        return "Inspection recorded."
    if step == "revocation_notice":
        refused = [i for i in case.inspections.all() if not i.permitted]
        services.serve_revocation_notice(
            case=case,
            reasons=d["reasons"],
            served_on=d["served_on"],
            method=d["method"],
            hearing_at=form.hearing_at(),
            place=d["place"],
            good_cause=d["good_cause"],
            inspection=refused[-1] if refused else None,
            actor=user,
        )
        return "Notice of revocation recorded: print it with the hearing's date, time and place."
    if step == "revocation_hearing":
        services.hold_revocation_hearing(
            case=case,
            held_on=d["held_on"],
            authority_represented_by=d["authority_represented_by"],
            owner_represented_by=d["owner_represented_by"],
            witnesses=d["witnesses"],
            evidence=d["evidence"],
            destruction_sought=d["destruction_sought"],
            actor=user,
        )
        return (
            "Revocation hearing recorded: the order is due within "
            f"{prose.days('dangerous_dog.order', on=d['held_on'])}."
        )
    if step == "revocation_order":
        services.decide_revocation(
            case=case,
            decided_on=d["decided_on"],
            outcome=d["outcome"],
            findings_of_fact=d["findings_of_fact"],
            owner_in_compliance=d["owner_in_compliance"],
            reclaim_by=d["reclaim_by"],
            actor=user,
        )
        return "Revocation order issued."
    if step == "owner_notice":
        services.record_owner_notice(
            case=case,
            kind=d["kind"],
            occurred_on=d["occurred_on"],
            received_on=d["received_on"],
            in_writing=d["in_writing"],
            circumstances=d["circumstances"],
            new_owner_name=d["new_owner_name"],
            new_owner_address=d["new_owner_address"],
            new_owner_phone=d["new_owner_phone"],
            transferee_told=d["transferee_told"],
            out_of_city=d["out_of_city"],
            affidavit_requested=d["affidavit_requested"],
            actor=user,
        )
        return "The owner's notice is recorded."
    if step == "review_request":
        services.request_review(
            case=case,
            requested_on=d["requested_on"],
            reviewer=d["reviewer"],
            factors=d["factors"],
            evidence=d["evidence"],
            in_writing=d["in_writing"],
            actor=user,
        )
        return "Request for review recorded."
    if step == "review_decision":
        services.decide_review(
            case=case,
            decided_on=d["decided_on"],
            outcome=d["outcome"],
            findings=d["findings"],
            actor=user,
        )
        return "Review decided."
    if step == "cost":
        services.record_cost(
            case=case,
            kind=d["kind"],
            incurred_on=d["incurred_on"],
            description=d["description"],
            amount=d["amount"],
            actor=user,
        )
        return "Cost recorded."
    if step == "rental_disclosure":
        disclosure = services.record_rental_disclosure(
            case=case,
            property_owner=d["property_owner"],
            property_address=d["property_address"],
            occasion=d["occasion"],
            lease_date=d["lease_date"],
            began_residing_on=d["began_residing_on"],
            disclosed_on=d["disclosed_on"],
            actor=user,
        )
        return "Disclosure recorded" + ("." if disclosure.in_time else ": late (3-2-9.E.3).")
    if step == "conditions_review":
        services.review_conditions(
            case=case,
            reviewed_on=d["reviewed_on"],
            reviewer=d["reviewer"],
            outcome=d["outcome"],
            relaxed=d["relaxed"],
            reasons=d["reasons"],
            last_violation_on=d["last_violation_on"],
            actor=user,
        )
        return "Review of the conditions recorded."
    if step == "sterilization_seizure":
        services.seize_for_sterilization(
            case=case,
            seized_on=d["seized_on"],
            sterilized_on=d["sterilized_on"],
            veterinarian=d["veterinarian"],
            cost=d["cost"],
            kept_at=d["kept_at"],
            contact_address=d["contact_address"],
            contact_phone=d["contact_phone"],
            actor=user,
        )
        return "Seizure and sterilization recorded; the cost is on the owner's ledger."
    if step == "release":
        services.release(
            case=case, on=d["on"], payment_arrangement=d["payment_arrangement"], actor=user
        )
        return "The dog is released."
    if step == "affidavit":
        notice = _pending_affidavit(case)
        if notice is None:
            on = today()
            standing = services.case_standing(case, on, services.case_circumstances(case, on))
            raise services.Refused(standing.findings_for("affidavit"))
        services.record_affidavit(
            notice=notice,
            received_on=d["received_on"],
            circumstances=d["circumstances"],
            transferee_name=d["transferee_name"],
            transferee_address=d["transferee_address"],
            transferee_phone=d["transferee_phone"],
            actor=user,
        )
        return "The owner's affidavit is recorded."
    if step == "payment":
        payment = Payment(method=d["method"], amount=d["amount"], reference=d["reference"])
        paid = services.record_cost_payment(case=case, payment=payment, on=d["on"], actor=user)
        return f"Payment recorded: receipt {paid.receipt.number}."
    raise Http404(step)


def _proof(form: forms.RegistrationForm) -> services.RegistrationProof:
    d = form.cleaned_data
    return services.RegistrationProof(
        proper_enclosure=d["proper_enclosure"],
        signs_on_buildings=d["signs_on_buildings"],
        sign_on_enclosure=d["sign_on_enclosure"],
        insurer=d["insurer"],
        policy_number=d["policy_number"],
        insurance_per_person=d["insurance_per_person"],
        insurance_per_incident=d["insurance_per_incident"],
        insurance_prepaid=d["insurance_prepaid"],
        insurance_expires_on=d["insurance_expires_on"],
        microchip_manufacturer=d["microchip_manufacturer"],
        microchip_number=d["microchip_number"],
        other_vaccinations_current=d["other_vaccinations_current"],
        sterilized_on=d["sterilized_on"],
        warning_symbols=d["warning_symbols"],
        tag_number=d["tag_number"],
    )


def _register(step: str, case: DangerousDogCase, form: Any, request: HttpRequest) -> str:
    d = form.cleaned_data
    user = request.user
    proof = _proof(form)
    if request.POST.get("missing"):
        event = services.record_missing_requirements(
            case=case,
            proof=proof,
            fee_paid=form.fee_paid(),
            on=d["on"],
            actor=user,  # type: ignore[arg-type]
        )
        return f"Missing requirements recorded: {', '.join(event.details['missing'])}."
    if not d.get("method") or d.get("amount") is None:
        raise services.ServiceError(
            # The form is incomplete; whether the amount is right is the rules core's finding
            # (dangerous_dog.registration_fee) when the service is asked.
            "Enter how the annual registration fee was paid and the amount before the certificate "
            "issues, or record the missing requirements for the letter."
        )
    payment = Payment(method=d["method"], amount=d["amount"], reference=d["reference"])
    call = services.register if step == "register" else services.renew_registration
    registration = call(case=case, proof=proof, payment=payment, on=d["on"], actor=user)  # type: ignore[arg-type]
    return (
        f"Certificate of Registration {registration.certificate_number} issued, valid through "
        f"{registration.expires_on:%Y-%m-%d}."
    )


@require_POST
@office_page()
def case_step(request: HttpRequest, number: str, step: str) -> HttpResponse:
    if step not in STEPS:
        raise Http404(step)
    if not STEPS[step].allowed(request.user):
        raise PermissionDenied
    case = get_object_or_404(DangerousDogCase, number=number)
    form = STEPS[step].form(request.POST, prefix=step)
    if form.is_valid():
        try:
            if step in ("register", "renew"):
                message = _register(step, case, form, request)
            else:
                message = _act(step, case, form, request.user)
        except services.ServiceError as exc:
            form.add_error(None, str(exc))
            findings = getattr(exc, "all_findings", None) or exc.findings
            return _detail(request, _case(number), bound=(step, form), refusal=findings)
        messages.success(request, message)
        return redirect(f"{reverse('dangerous_dog_case', args=[number])}#timeline")
    return _detail(request, _case(number), bound=(step, form))


# ------------------------------------------------------------------------------ documents


@require_GET
@office_page()
def notice_document(request: HttpRequest, number: str) -> HttpResponse:
    case = get_object_or_404(DangerousDogCase, number=number)
    if case.notice_issued_on is None:
        raise Http404("The notice has not been issued.")
    return _pdf(documents.notice_pdf(case), f"notice-{number}.pdf")


@require_GET
@office_page()
def hearing_notice_document(request: HttpRequest, number: str) -> HttpResponse:
    case = _case(number)
    hearing = case.designation_hearing
    if hearing is None or hearing.scheduled_at is None:
        raise Http404("No hearing is scheduled.")
    return _pdf(documents.hearing_notice_pdf(hearing), f"hearing-{number}.pdf")


@require_GET
@office_page()
def order_document(request: HttpRequest, number: str) -> HttpResponse:
    case = _case(number)
    hearing = case.designation_hearing
    order = getattr(hearing, "order", None) if hearing else None
    if order is None:
        raise Http404("No order has been issued.")
    return _pdf(documents.order_pdf(order), f"order-{number}.pdf")


@require_GET
@office_page()
def certificate_document(request: HttpRequest, number: str, certificate: str) -> HttpResponse:
    case = _case(number)
    registration = next(
        (r for r in case.registrations.all() if r.certificate_number == certificate), None
    )
    if registration is None:
        raise Http404(f"No certificate {certificate} in case {number}.")
    return _pdf(documents.certificate_pdf(registration), f"certificate-{certificate}.pdf")


@require_GET
@office_page()
def letter_document(request: HttpRequest, number: str, pk: int) -> HttpResponse:
    event = get_object_or_404(
        CaseEvent.objects.select_related("case", "decision", "by"),
        pk=pk,
        case__number=number,
        kind=CaseEvent.Kind.REQUIREMENTS_MISSING,
    )
    return _pdf(documents.missing_requirements_pdf(event), f"requirements-{number}-{pk}.pdf")


@require_GET
@office_page()
def revocation_notice_document(request: HttpRequest, number: str, pk: int) -> HttpResponse:
    revocation = get_object_or_404(
        Revocation.objects.select_related("case", "registration", "inspection", "decision"),
        pk=pk,
        case__number=number,
    )
    return _pdf(documents.revocation_notice_pdf(revocation), f"revocation-{number}-{pk}.pdf")
