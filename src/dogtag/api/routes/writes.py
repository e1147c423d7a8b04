"""Writes, through the very forms and services of the staff pages: the JSON body is bound to the
page's Django form (the same fields, bounds and checks), and the page's service acts, so every
rule applies and every Decision is stored. A refusal is a problem detail with the findings; the
service wrote nothing but the refusal's own Decision (``records.refusals``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest, QueryDict
from ninja import Path, Status

from dogtag.api.auth import require
from dogtag.api.routes.cases import complaint_out

# The writes share their paths with reads (GET and POST /complaints), so they join the reads'
# routers: django-ninja answers one path from one router.
from dogtag.api.routes.cases import router as cases_router
from dogtag.api.routes.common import MAX_ID, get
from dogtag.api.routes.licensing import license_out
from dogtag.api.routes.licensing import router as licensing_router
from dogtag.api.schemas import (
    ComplaintIn,
    ComplaintOut,
    IssuedOut,
    LicenseIn,
    VaccinationIn,
    VaccinationOut,
)
from dogtag.complaints import services as complaint_services
from dogtag.complaints.forms import IntakeForm
from dogtag.licensing import services
from dogtag.licensing.forms import LicenseForm, RabiesForm
from dogtag.licensing.models import Dog
from dogtag.licensing.receipts import Payment
from dogtag.records.private_data import may_see_complaint_private

ISSUE = "records.issue_license"
RECEIVE = "records.receive_complaint"
ID = Path(..., ge=1, le=MAX_ID)


class FormInvalid(Exception):
    """The page's form refused the input: its errors, by field."""

    def __init__(self, errors: dict[str, list[str]]) -> None:
        super().__init__("Check the fields named.")
        self.errors = errors


def _data(values: dict[str, Any]) -> QueryDict:
    """The body as the page's form would receive it."""
    data = QueryDict(mutable=True)
    for name, value in values.items():
        if value is None or value is False:
            continue
        if isinstance(value, list):
            data.setlist(name, [str(v) for v in value])
        elif value is True:
            data[name] = "on"
        elif isinstance(value, dt.date | dt.time):
            data[name] = value.isoformat()
        else:
            data[name] = str(value)
    return data


def _valid(form: Any) -> Any:
    if not form.is_valid():
        raise FormInvalid({k: [str(m) for m in v] for k, v in form.errors.items()})
    return form


def _applied(error: ValidationError) -> FormInvalid:
    if hasattr(error, "error_dict"):
        return FormInvalid({k: list(v) for k, v in error.message_dict.items()})
    return FormInvalid({"__all__": error.messages})


@licensing_router.post(
    "/dogs/{dog_id}/rabies-vaccinations",
    response={201: VaccinationOut},
    summary="Record a rabies vaccination ({§license.rabies_required})",
)
def record_vaccination(request: HttpRequest, body: VaccinationIn, dog_id: int = ID) -> Any:
    require(request, ISSUE)
    dog = get(Dog.objects.select_related("owner"), pk=dog_id)
    form = _valid(RabiesForm(_data(body.dict())))
    fields = {k: v for k, v in form.cleaned_data.items() if v is not None}
    fields.pop("certificate_file", None)  # a scan is uploaded on the dog's page
    try:
        vaccination = services.record_rabies_vaccination(dog=dog, actor=request.user, **fields)
    except ValidationError as exc:
        raise _applied(exc) from None
    return Status(201, vaccination)


#: What issuing a license does, written once for every city (``api.citing`` words the sections)
ISSUE_DESCRIPTION = (
    "The application and its payment, as on the license screen: the rules core decides "
    "({§license.application}\ncontents, {§license.minimum_age} age, {§license.rabies_required} "
    "rabies, {§license.term}/{§license.fee} term and fee, "
    "{§license.renewal}/{§license.new_resident}/{§license.new_owner} penalty); issuing stores the "
    "license, its\nDecision, a tag from stock and the receipt in one transaction."
)


@licensing_router.post(
    "/dogs/{dog_id}/licenses",
    response={201: IssuedOut},
    summary="Issue a license ({§license.section})",
    description=ISSUE_DESCRIPTION,
)
def issue_license(request: HttpRequest, body: LicenseIn, dog_id: int = ID) -> Any:
    """The application and its payment, as on the license screen (``ISSUE_DESCRIPTION``)."""
    require(request, ISSUE)
    dog = get(Dog.objects.select_related("owner"), pk=dog_id)
    values = body.dict()
    values["rabies"] = values.pop("rabies_id")
    data = _valid(LicenseForm(dog, _data(values))).cleaned_data
    payment = Payment(
        method=data["method"],
        amount=data["amount"],
        payer=data["payer"],
        reference=data["reference"],
    )
    issued = services.issue_license(
        dog=dog,
        rabies=data["rabies"],
        kind=data["kind"],
        on=data["on"],
        payment=payment,
        actor=request.user,
        licensed_elsewhere=data["licensed_elsewhere"],
    )
    return Status(
        201,
        {
            "license": license_out(issued.license),
            "tag": issued.tag.serial,
            "receipt": issued.receipt.number,
            "findings": [f.to_json() for f in issued.findings],
        },
    )


@cases_router.post("/complaints", response={201: ComplaintOut}, summary="Take a complaint")
def take_complaint(request: HttpRequest, body: ComplaintIn) -> Any:
    """As at the intake page: the complainant is typed in, but shown back only to the roles that
    may see it (Minn. Stat. 13.44 subd. 1)."""
    require(request, RECEIVE)
    values = body.dict()
    values["owner"] = values.pop("owner_id")
    values["dogs"] = values.pop("dog_ids")
    form = _valid(IntakeForm(_data(values)))
    complaint = complaint_services.receive_complaint(
        actor=request.user,  # type: ignore[arg-type]
        **form.service_fields(),
    )
    return Status(201, complaint_out(complaint, may_see_complaint_private(request.user)))
