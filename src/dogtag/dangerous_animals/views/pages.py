"""The list of cases, opening a case (choose the owner, then the designation), and a case's page
with its timeline, where it stands today and the form of its next event (GET and POST); or where
it stood on a past day (``?on=YYYY-MM-DD``), the events recorded up to it."""

from __future__ import annotations

import datetime as dt
import re
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
#: a day as the page's "as of" form gives it
ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
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
    day, problem = (None, "") if request.method == "POST" else as_of(request, case, on)
    if day is not None:  # where the case stood that day: the log up to it, read on it
        log = [e for e in standing.log_of(case) if str(e["on"]) <= day.isoformat()]
        then = standing.standing(case, day, city_params(), log)
        form = forms.EventForm(None, kinds=then.next_kinds)
        context = _context(request, case, then, form, [], until=day)
        return render(request, "dangerous_animals/detail.html", context)
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
            {**_context(request, case, now, form, refusal), "as_of_problem": problem},
            status=200 if request.method == "GET" else 400,
        )

    if request.method == "GET":
        return again(None)
    return form_action(request, valid=form.is_valid(), act=act, again=again)


def as_of(request: HttpRequest, case: AnimalCase, on: dt.date) -> tuple[dt.date | None, str]:
    """The past day asked for (``?on=YYYY-MM-DD``), from the designation to today, else None and
    what is wrong with it ("" when none was asked, or today: today's view)."""
    raw = request.GET.get("on", "").strip()
    if not raw:
        return None, ""
    try:
        day = dt.date.fromisoformat(raw) if ISO_DAY.fullmatch(raw) else None
    except ValueError:
        day = None
    if day is None:
        return None, "Give the day as YYYY-MM-DD; the case is shown as it stands today."
    if day < case.designated_on or day > on:
        return None, (
            f"Give a day from the designation ({case.designated_on:%Y-%m-%d}) to today "
            f"({on:%Y-%m-%d}); the case is shown as it stands today."
        )
    return (None, "") if day == on else (day, "")


def _context(
    request: HttpRequest,
    case: AnimalCase,
    now: standing.Standing,
    form: forms.EventForm,
    refusal: list[Finding],
    *,
    until: dt.date | None = None,
) -> dict[str, Any]:
    """The page's context; ``until``: a past day the page shows the case as it stood on (the
    events recorded up to it, no form)."""
    events = case.events.select_related("by")
    if until is not None:
        events = events.filter(on__lte=until)
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
        "timeline": record_page(request, list(events), "timeline"),
        "form": form,
        "refusal": refusal,
        "as_of": until,
        "may_record": until is None
        and (
            request.user.has_perm(services.DESIGNATE)
            or request.user.has_perm("records.conduct_hearing")
        ),
    }
