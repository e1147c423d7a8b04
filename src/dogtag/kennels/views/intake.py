"""Taking an application: a private kennel license issued with its fee (``private_kennel.license``),
a commercial kennel application received with its fees (``commercial_kennel.license``). Each form
starts from an owner, a parcel or the license it renews."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from dogtag.kennels import forms as kforms
from dogtag.kennels import services
from dogtag.kennels.models import PrivateKennelLicense
from dogtag.kennels.views._common import ISSUE, _fee_total, _payment, _refusal
from dogtag.licensing.models import Owner
from dogtag.parcels.models import Parcel
from dogtag.records.errors import ServiceError
from dogtag.records.office import Done, form_action, office_page
from dogtag.records.services import today


def _start(request: HttpRequest) -> tuple[Owner | None, Parcel | None, PrivateKennelLicense | None]:
    """Where the form starts from: ?owner=<id>, ?parcel=<PIN> or ?previous=<license number>."""
    previous = None
    if number := request.GET.get("previous", "").strip():
        previous = get_object_or_404(
            PrivateKennelLicense.objects.select_related("holder", "parcel"), number=number
        )
        return previous.holder, previous.parcel, previous
    owner = parcel = None
    if (owner_id := request.GET.get("owner", "").strip()).isdigit():
        owner = get_object_or_404(Owner.objects.select_related("parcel"), pk=int(owner_id))
        parcel = owner.parcel
    if pin := request.GET.get("parcel", "").strip():
        parcel = get_object_or_404(Parcel, pin=pin)
    return owner, parcel, previous


def _owners(owner: Owner | None, parcel: Parcel | None) -> QuerySet[Owner]:
    if owner is not None:
        return Owner.objects.filter(pk=owner.pk)
    if parcel is not None:
        return Owner.objects.filter(parcel=parcel).order_by("name")
    return Owner.objects.none()


def _started(owner: Owner | None, parcel: Parcel | None) -> dict[str, Any]:
    """What the form page says of where it started."""
    return {"owner": owner, "parcel": parcel, "no_start": owner is None and parcel is None}


@office_page(ISSUE)
def private_new(request: HttpRequest) -> HttpResponse:
    owner, parcel, previous = _start(request)
    kind = request.GET.get("kind", "new") if previous else "new"
    if kind not in PrivateKennelLicense.Kind.values:
        raise Http404(f"{kind!r} is not a kind of private kennel license")
    fee_item = "private_kennel.renewal" if kind == "renewal" else "private_kennel.application"
    initial: dict[str, Any] = {
        "on": today(),
        "amount": _fee_total(fee_item),
        "method": "cash",
        "parcel": parcel.pin if parcel else "",
        "holder": owner.pk if owner else None,
        "dogs_licensed": previous.dogs_licensed if previous else None,
    }
    owners = _owners(owner, parcel)
    form = kforms.PrivateKennelForm(request.POST or None, initial=initial, owners=owners)

    def act() -> Done:
        data = form.cleaned_data
        issued = services.issue_private_kennel_license(
            holder=data["holder"],
            parcel=data["parcel"],
            dogs_licensed=data["dogs_licensed"],
            on=data["on"],
            payment=_payment(form),
            actor=request.user,
            kind=kind,
            previous=previous,
        )
        return Done(
            f"Private kennel license {issued.license.number} issued; receipt "
            f"{issued.receipt.number if issued.receipt else '—'}.",
            reverse("kennel_private_detail", args=[issued.license.number]),
        )

    def again(refused: ServiceError | None) -> HttpResponse:
        context = {
            "form": form,
            **_refusal(refused),
            "kind": kind,
            "kind_label": PrivateKennelLicense.Kind(kind).label,
            "previous": previous,
            **_started(owner, parcel),
        }
        return render(request, "kennels/private_form.html", context)

    valid = request.method == "POST" and form.is_valid()
    return form_action(request, valid=valid, act=act, again=again)


@office_page(ISSUE)
def commercial_new(request: HttpRequest) -> HttpResponse:
    owner, parcel, _ = _start(request)
    initial = {
        "on": today(),
        "amount": _fee_total("commercial_kennel.application", "commercial_kennel.public_hearing"),
        "method": "check",
        "parcel": parcel.pin if parcel else "",
        "applicant": owner.pk if owner else None,
    }
    owners = _owners(owner, parcel)
    form = kforms.CommercialApplicationForm(request.POST or None, initial=initial, owners=owners)

    def act() -> Done:
        data = form.cleaned_data
        application = services.apply_for_commercial_kennel(
            applicant=data["applicant"],
            parcel=data["parcel"],
            dogs_requested=data["dogs_requested"],
            on=data["on"],
            payment=_payment(form),
            actor=request.user,
            business_name=data["business_name"],
            description=data["description"],
        )
        return Done(
            f"Application {application.number} received; receipt "
            f"{application.receipt.number if application.receipt else '—'}.",
            reverse("kennel_commercial_detail", args=[application.number]),
        )

    def again(refused: ServiceError | None) -> HttpResponse:
        context = {"form": form, **_refusal(refused), **_started(owner, parcel)}
        return render(request, "kennels/commercial_form.html", context)

    valid = request.method == "POST" and form.is_valid()
    return form_action(request, valid=valid, act=act, again=again)
