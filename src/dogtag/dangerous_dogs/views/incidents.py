"""The page that gives the time of an incident recorded by its date alone (dangerous_dog.notice): the
Notice of Dangerous Dog does not issue until it is given (issue 26)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from dogtag.dangerous_dogs import forms, services
from dogtag.dangerous_dogs.models import Incident
from dogtag.law.dangerous_dogs.notice import clock_time
from dogtag.records.office import office_page


@require_http_methods(["GET", "POST"])
@office_page(services.DESIGNATE)
def incident_time(request: HttpRequest, number: str, pk: int) -> HttpResponse:
    incident = (
        Incident.objects.select_related("case", "case__dog")
        .filter(case__number=number, pk=pk)
        .first()
    )
    if incident is None:
        raise Http404(f"No incident {pk} in dangerous-dog case {number}")
    form = forms.IncidentTimeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            given = services.give_incident_time(
                incident=incident,
                occurred_time=form.cleaned_data["occurred_time"],
                actor=request.user,  # type: ignore[arg-type]
            )
        except services.ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            assert given.occurred_time is not None
            messages.success(
                request,
                f"Time recorded: {clock_time(given.occurred_time)} ({given}). The Notice of "
                "Dangerous Dog can state it.",
            )
            return redirect(f"{reverse('dangerous_dog_case', args=[number])}#incidents")
    return render(
        request, "dangerous_dogs/incident_time.html", {"incident": incident, "form": form}
    )
