"""The list of cases, opening a case (choose the owner, then the designation), and a case's page
with its timeline, where it stands today and the form of its next event (GET and POST)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from dogtag.dangerous_animals import forms, services, standing
from dogtag.dangerous_animals.models import AnimalCase
from dogtag.law.findings import Finding
from dogtag.licensing.models import Owner
from dogtag.records.errors import ServiceError
from dogtag.records.office import Done, form_action, office_page
from dogtag.records.pagination import paginate, record_page
from dogtag.records.services import city_params, today

CASES_PER_PAGE = 25
#: owners a search for the owner of a new case shows
OWNERS_SHOWN = 20


@require_GET
@office_page()
def case_list(request: HttpRequest) -> HttpResponse:
    cases = AnimalCase.objects.select_related("owner").order_by("-designated_on", "-id")
    listing = paginate(request, cases, per_page=CASES_PER_PAGE, anchor="cases")
    on, params = today(), city_params()
    rows = []
    for case in listing.rows:  # a page of cases, each read by the rules core on today's date
        now = standing.standing(case, on, params, None)
        ahead = [f for f in now.deadlines if f.deadline is not None]
        rows.append((case, now.case.state.replace("_", " "), ahead[0] if ahead else None))
    return render(
        request,
        "dangerous_animals/list.html",
        {
            "listing": listing,
            "rows": rows,
            "on": on,
            "may_open": request.user.has_perm(services.DESIGNATE),
        },
    )


@require_http_methods(["GET", "POST"])
@office_page(services.DESIGNATE)
def case_new(request: HttpRequest) -> HttpResponse:
    owner_id = request.GET.get("owner") or request.POST.get("owner") or ""
    if not owner_id:
        query = request.GET.get("q", "").strip()[:100]
        owners = (
            Owner.objects.filter(Q(name__icontains=query) | Q(street__icontains=query)).order_by(
                "name", "id"
            )[:OWNERS_SHOWN]
            if query
            else []
        )
        return render(request, "dangerous_animals/owner.html", {"q": query, "owners": owners})
    if not owner_id.isdigit() or len(owner_id) > 12:
        raise Http404("Choose the owner first: /dangerous-animals/new/?owner=<id>")
    owner = get_object_or_404(Owner, pk=owner_id)
    form = forms.OpenCaseForm(request.POST or None, owner=owner, initial={"on": today()})
    refusal: list[Finding] = []

    def act() -> Done:
        data = form.cleaned_data
        case = services.open_case(
            owner=owner,
            dog=data["dog"],
            animal=data["animal"],
            description=data["description"],
            basis=data["basis"],
            on=data["on"],
            actor=request.user,  # type: ignore[arg-type]
        )
        return Done(
            f"Case {case.number} opened.", reverse("dangerous_animal_case", args=[case.number])
        )

    def again(refused: ServiceError | None) -> HttpResponse:
        if refused is not None:
            form.add_error(None, str(refused))
            refusal.extend(refused.findings)
        return render(
            request,
            "dangerous_animals/new.html",
            {"owner": owner, "form": form, "refusal": refusal},
            status=200 if request.method == "GET" else 400,
        )

    if request.method == "GET":
        return again(None)
    return form_action(request, valid=form.is_valid(), act=act, again=again)


def case_of(number: str) -> AnimalCase:
    if len(number) > 20:
        raise Http404("No such case.")
    return get_object_or_404(
        AnimalCase.objects.select_related("owner", "dog", "opened_by"), number=number
    )


@require_http_methods(["GET", "POST"])
@office_page()
def case_detail(request: HttpRequest, number: str) -> HttpResponse:
    case = case_of(number)
    on = today()
    now = standing.standing(case, on, city_params(), None)
    form = forms.EventForm(request.POST or None, kinds=now.next_kinds, initial={"on": on})
    refusal: list[Finding] = []

    def act() -> Done:
        data = form.cleaned_data
        services.record_event(
            case=case,
            kind=data["kind"],
            on=data["on"],
            facts=form.facts(),
            note=data["note"],
            actor=request.user,  # type: ignore[arg-type]
        )
        return Done(
            f"{forms.label(data['kind'])} recorded.",
            reverse("dangerous_animal_case", args=[case.number]),
        )

    def again(refused: ServiceError | None) -> HttpResponse:
        if refused is not None:
            form.add_error(None, str(refused))
            refusal.extend(refused.findings)
        return render(
            request,
            "dangerous_animals/detail.html",
            _context(request, case, now, form, refusal),
            status=200 if request.method == "GET" else 400,
        )

    if request.method == "GET":
        return again(None)
    return form_action(request, valid=form.is_valid(), act=act, again=again)


def _context(
    request: HttpRequest,
    case: AnimalCase,
    now: standing.Standing,
    form: forms.EventForm,
    refusal: list[Finding],
) -> dict[str, Any]:
    state_finding, *rest = now.findings
    step_rules = {"in_order", "not_in_order"}
    # the deadlines are listed on their own (the question's findings repeat them)
    running = {f.message for f in now.deadlines}
    return {
        "case": case,
        "on": now.case.on,
        "state": now.case.state.replace("_", " "),
        "state_finding": state_finding,
        # what the record shows: the designation, the orders standing, a late hearing, a refusal
        "findings": [f for f in rest if f.message not in running and f.outcome not in step_rules],
        "flags": [f for f in rest if f.outcome in ("late", "overdue", "misdemeanor")],
        "deadlines": now.deadlines,
        "next_steps": [
            f
            for f in (
                *now.case.allowed.values(),
                *(now.forfeiture.allowed.values() if now.forfeiture else ()),
            )
        ],
        "timeline": record_page(request, list(case.events.select_related("by")), "timeline"),
        "form": form,
        "refusal": refusal,
        "may_record": request.user.has_perm(services.DESIGNATE)
        or request.user.has_perm("records.conduct_hearing"),
    }
