"""The log of who viewed private data (issue 10, item 7), for the Administrator: filters by user,
kind and date, newest first, paginated. Others get 403 (``records.view_private_data_log``).

Thin: the form parses the filters; a filter that does not parse is shown with its message and the
unfiltered log is not shown in its place (a wrong date must not look like "nothing happened")."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required, permission_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from dogtag.records.bounds import PlausibleDateField
from dogtag.records.models import PrivateDataView
from dogtag.records.private_data import VIEW_LOG

PAGE_SIZE = 50


class LogFilters(forms.Form):
    user = forms.ModelChoiceField(
        label="Who",
        queryset=get_user_model().objects.order_by("username"),
        required=False,
        empty_label="Anyone",
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    kind = forms.ChoiceField(
        label="Kind of private data",
        required=False,
        choices=[("", "Any"), *PrivateDataView.Kind.choices],
        widget=forms.Select(attrs={"class": "usa-select"}),
    )
    viewed_from = PlausibleDateField(
        label="Viewed from",
        required=False,
        widget=forms.DateInput(attrs={"type": "date", "class": "usa-input"}),
    )
    viewed_to = PlausibleDateField(
        label="Viewed to",
        required=False,
        widget=forms.DateInput(attrs={"type": "date", "class": "usa-input"}),
    )

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        start, end = data.get("viewed_from"), data.get("viewed_to")
        if start and end and start > end:
            self.add_error("viewed_to", "“Viewed to” cannot be before “Viewed from”.")
        return data


def _midnight(day: dt.date) -> dt.datetime:
    """The start of ``day`` in the city's time zone (America/Chicago)."""
    return timezone.make_aware(dt.datetime.combine(day, dt.time()))


@require_GET
@login_required
@permission_required(VIEW_LOG, raise_exception=True)
def private_data_log(request: HttpRequest) -> HttpResponse:
    form = LogFilters(request.GET or None)
    rows = PrivateDataView.objects.select_related("user").order_by("-at", "-id")
    page = None
    if not form.is_bound or form.is_valid():
        d = form.cleaned_data if form.is_bound else {}
        if d.get("user"):
            rows = rows.filter(user=d["user"])
        if d.get("kind"):
            rows = rows.filter(kind=d["kind"])
        if d.get("viewed_from"):
            rows = rows.filter(at__gte=_midnight(d["viewed_from"]))
        if d.get("viewed_to"):
            rows = rows.filter(at__lt=_midnight(d["viewed_to"] + dt.timedelta(days=1)))
        page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "staff/private_data_log.html",
        {"form": form, "page": page, "query": query.urlencode()},
    )
