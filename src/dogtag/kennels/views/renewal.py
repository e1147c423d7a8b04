"""A commercial kennel license renewed (``commercial_kennel.renewal``), and, after nuisance
complaints, the City Council's decision on a subsequent license."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from dogtag.kennels import forms as kforms
from dogtag.kennels import services
from dogtag.kennels.models import CommercialKennelLicense
from dogtag.kennels.views._common import ISSUE, _fee_total, _payment, _refusal
from dogtag.records.errors import ServiceError
from dogtag.records.office import Done, form_action, office_page
from dogtag.records.services import today


def _license(number: str) -> CommercialKennelLicense:
    return get_object_or_404(
        CommercialKennelLicense.objects.select_related("holder", "parcel", "application"),
        number=number,
    )


def _initial() -> dict[str, Any]:
    return {"on": today(), "amount": _fee_total("commercial_kennel.renewal"), "method": "check"}


def _renewal(
    request: HttpRequest,
    license_: CommercialKennelLicense,
    form: forms.Form,
    act: Callable[[], Done],
    **extra: Any,
) -> HttpResponse:
    """The renewal form's action; refused or invalid, the form again with the nuisance
    complaints recorded against the license."""

    def again(refused: ServiceError | None) -> HttpResponse:
        context = {
            "form": form,
            "license": license_,
            **_refusal(refused),
            **extra,
            "recorded": services.recorded_nuisance_complaints(license_, today()),
        }
        return render(request, "kennels/renewal_form.html", context)

    valid = request.method == "POST" and form.is_valid()
    return form_action(request, valid=valid, act=act, again=again)


@office_page(ISSUE)
def commercial_renew(request: HttpRequest, number: str) -> HttpResponse:
    license_ = _license(number)
    form = kforms.RenewalForm(request.POST or None, initial=_initial())

    def act() -> Done:
        data = form.cleaned_data
        issued = services.renew_commercial_kennel_license(
            license_=license_,
            on=data["on"],
            nuisance_complaints=data["complaints"],
            payment=_payment(form),
            actor=request.user,
        )
        return Done(
            f"Renewed: license {issued.license.number} issued.",
            reverse("kennel_commercial_detail", args=[license_.application.number]),
        )

    return _renewal(request, license_, form, act)


@office_page(ISSUE)
def commercial_council_renewal(request: HttpRequest, number: str) -> HttpResponse:
    """``commercial_kennel.renewal`` after nuisance complaints: the City Council's decision on a
    subsequent license (reading §6.4), recorded with the complaints counted and, with a grant, the
    renewal fee."""
    license_ = _license(number)
    form = kforms.CouncilRenewalForm(request.POST or None, initial=_initial())

    def act() -> Done:
        data = form.cleaned_data
        approved = data["decision"] == "approve"
        if approved and (data["amount"] is None or not data["method"]):
            raise services.ServiceError("Take the renewal fee with the subsequent license.")
        issued = services.record_council_renewal(
            license_=license_,
            approved=approved,
            on=data["on"],
            nuisance_complaints=data["complaints"],
            council_conditions=kforms.lines(data["conditions"]),
            resolution=data["resolution"],
            payment=_payment(form) if approved else None,
            actor=request.user,
        )
        return Done(
            f"Council's decision recorded: license {issued.license.number} issued."
            if issued
            else "Council's decision recorded: no subsequent license.",
            reverse("kennel_commercial_detail", args=[license_.application.number]),
        )

    return _renewal(request, license_, form, act, council=True)
