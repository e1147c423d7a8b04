"""The exports page and its downloads, and the calendar feed (issue 13, item 4). Thin: pick the
table, log any private data it shows (``records.private_data.record_view``), write CSV
(streamed) or XLSX (bounded); make and revoke one's feed token; answer the feed by its token."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from dogtag.exports import services
from dogtag.exports.calendar import feed
from dogtag.exports.cells import XLSX_MAX_ROWS, csv_response, xlsx_response
from dogtag.exports.models import FeedToken
from dogtag.exports.tables import EXPORTS
from dogtag.law.computation_of_time import DeadlineError
from dogtag.law.params import ParameterError
from dogtag.records.errors import ServiceError
from dogtag.records.office import AsOfForm, office_page
from dogtag.records.private_data import record_view
from dogtag.records.services import city_params, today

FORMATS = ("csv", "xlsx")


@office_page()
def index(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "exports/index.html",
        {"exports": EXPORTS.values(), "xlsx_max_rows": XLSX_MAX_ROWS},
    )


@office_page()
def download(request: HttpRequest, name: str, fmt: str) -> HttpResponse:
    export = EXPORTS.get(name)
    if export is None or fmt not in FORMATS:
        raise Http404("No such export.")
    # the day the due list is counted from (the due list page's "as of"); today otherwise
    form = AsOfForm(request.GET or {"on": today().isoformat()})
    on = form.cleaned_data["on"] if form.is_valid() else today()
    try:
        table = export.build(request.user, on)
    except (ParameterError, DeadlineError) as error:
        return HttpResponseBadRequest(f"No {export.title.lower()} for {on.isoformat()}: {error}.")
    for kind in table.private:
        record_view(request, kind, f"{export.title} export ({fmt.upper()})")
    filename = f"{export.name}-{(on if export.as_of else today()).isoformat()}"
    if fmt == "csv":
        return csv_response(filename, table.header, table.rows)
    return xlsx_response(filename, export.title, table.header, table.rows)


# ------------------------------------------------------------------------------ calendar feed


@office_page()
def calendar_feed_page(request: HttpRequest) -> HttpResponse:
    """Make (or remake) and revoke one's private calendar feed; the token is shown once."""
    token = ""
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "create":
                token = services.create_feed_token(actor=request.user)
                messages.success(request, "Your new calendar feed is ready; copy its address now.")
            elif action == "revoke":
                services.revoke_feed_token(actor=request.user)
                messages.success(
                    request, "Your calendar feed is revoked; its address no longer works."
                )
                return redirect("calendar_feed_page")
            else:
                return HttpResponseBadRequest("Unknown action.")
        except ServiceError as error:
            messages.error(request, str(error))
            return redirect("calendar_feed_page")
    live = FeedToken.objects.filter(user=request.user, revoked_at__isnull=True).first()
    url = request.build_absolute_uri(reverse("calendar_feed", args=[token])) if token else ""
    return render(request, "exports/calendar.html", {"live": live, "feed_url": url})


@require_GET
def calendar_feed(request: HttpRequest, token: str) -> HttpResponse:
    """The feed itself: no sign-in (calendar apps cannot), the token is the key; 404 for an
    unknown or revoked token, so that it reveals nothing."""
    if services.user_of(token) is None:
        raise Http404("No such feed.")
    response = HttpResponse(
        feed(timezone.now(), city_params()), content_type="text/calendar; charset=utf-8"
    )
    response["Cache-Control"] = "private, no-store"
    return response
