"""Staff pages. Thin: parse the request, ask the rules core, render."""

from __future__ import annotations

from itertools import groupby

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from dogtag.law import catalogue, dangerous_dog_clocks, params
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import DeadlineError
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterError
from dogtag.licensing.data_practices import classification, need_to_know
from dogtag.records.services import today
from dogtag.staff.forms import DeadlineForm, OnDateForm


@login_required
def home(request: HttpRequest) -> HttpResponse:
    city = params.default()
    form = OnDateForm(request.GET or {"on": today().isoformat()})
    # A date that does not parse keeps what the clerk typed, marked in error; today is shown.
    on = form.cleaned_data["on"] if form.is_valid() else today()
    in_force = [v for v in city.in_force(on) if not v.is_reading]
    groups = [
        (file, list(values))
        for file, values in groupby(
            sorted(in_force, key=lambda v: (v.definition.file, v.key)),
            key=lambda v: v.definition.file,
        )
    ]
    readings = [v for v in city.in_force(on) if v.is_reading]
    return render(
        request,
        "staff/home.html",
        {
            "rules": catalogue.catalogue(city, on),
            "on": on,
            "form": form,
            "parameter_groups": groups,
            "readings": readings,
            "not_yet": [d for d in city if d.values and d.first_effective > on],
            "awaiting": [d for d in city if not d.values],
        },
    )


@login_required
def deadline_calculator(request: HttpRequest) -> HttpResponse:
    form = DeadlineForm(request.GET or None)
    finding = None
    problem = None
    beside: list[Finding] = []
    if form.is_bound and form.is_valid():
        rule = form.cleaned_data["rule"] or None
        try:
            finding = deadline(
                params.default(),
                form.trigger,
                clock_id=rule,
                days=form.cleaned_data["days"],
                trigger_event=form.cleaned_data["event"] or None,
            )
            if rule is not None:
                # a registration clock: the other runs beside it; ``incorporation.state_statutes``
                # says which controls
                beside = dangerous_dog_clocks.beside(
                    rule, form.trigger, params.default(), form.cleaned_data["other_date"]
                )
        except (DeadlineError, ParameterError) as exc:
            problem = str(exc)
    context = {"form": form, "finding": finding, "problem": problem, "beside": beside}
    if request.headers.get("HX-Request"):
        return render(request, "staff/_deadline_panel.html", context)
    return render(request, "staff/deadline.html", context)


@login_required
def data_practices(request: HttpRequest) -> HttpResponse:
    """Which fields are public and which private (Minn. Stat. ch. 13, LEGAL-NOTES §5)."""
    fields = sorted(classification().values(), key=lambda f: f.key)
    return render(
        request, "staff/data_practices.html", {"fields": fields, "access": need_to_know()}
    )
