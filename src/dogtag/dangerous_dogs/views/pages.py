"""The case list, the case page, a new designation, and the POST of a step."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms as django_forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dogtag.dangerous_dogs import deadlines, forms, queries, services
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase
from dogtag.dangerous_dogs.views._common import _case
from dogtag.dangerous_dogs.views.acts import _act, _register
from dogtag.dangerous_dogs.views.steps import STEPS, _initial, next_steps
from dogtag.law import dangerous_dog_procedure as procedure
from dogtag.law.findings import Finding
from dogtag.licensing.models import Dog
from dogtag.records.office import office_page
from dogtag.records.pagination import paginate, record_page
from dogtag.records.services import city_params, today

DESIGNATE = services.DESIGNATE
CONDUCT = services.CONDUCT
#: Cases a page of the list shows: each row computes its deadlines, so a page stays short.
CASES_PER_PAGE = 25
State = DangerousDogCase.State

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
    # the state as the rules core reads the log today: after the days to request a hearing with no
    # request, the designation stands by the ordinance's own words before the step records it
    standing = services.case_standing(case, on, services.case_circumstances(case, on))
    balance = services.balance(case)  # what is owed, or owed back (dangerous_dog.costs)
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
            "state_label": standing.state_label,
            "as_of": _as_of(request, case, on, params),
            # what a pending hearing does to the state's clock, and the owner's interim duty
            # (dangerous_dog.notice.interim_compliance, dangerous_dog.hearing.pending;
            # readings.state_clock_pending_hearing)
            "clock_notes": [
                f for f in standing.controlling if f.rule == "dangerous_dog.while_hearing_pending"
            ],
            # what the log shows beside the path (the refusal to release, certiorari, the sale) and
            # the yearly renewal
            "case_notes": [
                *standing.conduct,
                *[f for f in standing.controlling if f.rule == "dangerous_dog.registration_term"],
            ],
            "timeline": record_page(request, list(case.events.all()), "timeline"),
            "on": on,
            "hearing": case.designation_hearing,
            "deadlines": queries.deadline_rows(case, on, params),
            "steps": steps,
            "stray": stray,
            "refusal": refusal or [],
            "requirements": requirements,
            # A case's documents and costs add up for as long as the dog lives in the City (a
            # registration a year; a letter, a revocation, a cost each time): one page each.
            "letters": record_page(
                request,
                [e for e in case.events.all() if e.kind == CaseEvent.Kind.REQUIREMENTS_MISSING],
                "letters",
            ),
            "registrations": record_page(request, list(case.registrations.all()), "registrations"),
            "revocations": record_page(request, list(case.revocations.all()), "revocations"),
            "costs": record_page(request, list(case.costs.all()), "costs"),
            "cost_payments": record_page(
                request,
                case.cost_payments.select_related("receipt").order_by("paid_on", "id"),
                "payments",
            ),
            "balance": balance,
            "owed_back": max(-balance, 0),
            "waived": {c.pk for c in services.waived_costs(case)},
        },
        status=status,
    )


def _as_of(
    request: HttpRequest, case: DangerousDogCase, on: dt.date, params: Any
) -> dict[str, Any] | None:
    """ "Where did this case stand on D?" (issue 26): the log up to D read by the rules core on
    D, the same function ``dogtag evaluate dangerous-dog-case`` answers with. None unless asked
    (``?as_of=YYYY-MM-DD``); a day that is no date, before the designation or after today gets
    its own message and changes nothing."""
    raw = request.GET.get("as_of", "").strip()
    if not raw:
        return None
    try:
        day = dt.date.fromisoformat(raw[:10])
    except ValueError:
        return {"day": raw[:10], "problem": "Give the day as YYYY-MM-DD."}
    if day < case.designated_on or day > on:
        return {
            "day": raw[:10],
            "problem": (
                f"Give a day from the designation ({case.designated_on:%Y-%m-%d}) to today "
                f"({on:%Y-%m-%d})."
            ),
        }
    events = [e for e in services.case_events(case) if e.on <= day]
    then = procedure.standing(events, day, params, number=case.number)
    return {
        "day": day,
        "label": then.state_label,
        "allowed": [procedure.STEPS[k] for k in then.allowed],
        "deadlines": then.deadlines,
        "notes": [*then.flags, *then.controlling, *then.conduct],
    }


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
