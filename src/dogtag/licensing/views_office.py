"""The office pages: the due list, the fee schedule and council resolutions, tag stock, roles.

Thin views: parse the request, call one query (``due.py``) or one
service (``records.services.enter_fee_resolution``, ``licensing.services.add_tag_stock``), render.
Every page needs a signed-in user with ``records.view_records``; each action its own permission
(403 otherwise), and the pages show only the buttons the user may use.
"""

from __future__ import annotations

from decimal import Decimal
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from dogtag.law.computation_of_time import DeadlineError
from dogtag.law.params import ParameterError
from dogtag.licensing import services
from dogtag.licensing.due import due_list
from dogtag.licensing.office_lists import FeeRow, fee_rows, resolution_rows, role_rows, tag_stock
from dogtag.records.bounds import AmountField, PlausibleDateField
from dogtag.records.errors import ServiceError
from dogtag.records.office import VIEW_RECORDS, AsOfForm, View, office_page
from dogtag.records.pagination import record_page
from dogtag.records.services import ResolutionRefused, city_params, enter_fee_resolution, today

ENTER_FEE_RESOLUTION = "records.enter_fee_resolution"
MANAGE_TAG_STOCK = "records.manage_tag_stock"

# ------------------------------------------------------------------------------- the due list


@office_page()
def due_list_view(request: HttpRequest) -> HttpResponse:
    form = AsOfForm(request.GET or {"on": today().isoformat()})
    on = form.cleaned_data["on"] if form.is_valid() else today()
    params = city_params()
    try:
        due = due_list(on, params, address=request.GET)
    except (ParameterError, DeadlineError) as exc:
        form.add_error("on", f"No due list for {on.isoformat()}: {exc}.")
        due = due_list(today(), params, address=request.GET)
    return render(request, "licensing/office/due_list.html", {"form": form, "due": due})


# ----------------------------------------------------------------------------- fee schedule


@office_page()
def fee_schedule(request: HttpRequest) -> HttpResponse:
    on = today()
    rows = fee_rows(city_params(), on)
    return render(
        request,
        "licensing/office/fee_schedule.html",
        {
            "on": on,
            "fees": [r for r in rows if r.amount],
            "source_notes": {r.source: r.note for r in rows if r.note},
            "not_yet": [r for r in rows if not r.amount and not r.awaiting],
            "awaiting": [r for r in rows if r.awaiting],
            "resolutions": record_page(
                request, resolution_rows({r.name: r.description for r in rows}), "resolutions"
            ),
            "may_enter": request.user.has_perm(ENTER_FEE_RESOLUTION),
        },
    )


def _field_name(fee: str) -> str:
    return "fee__" + fee.replace(".", "__")


class FeeResolutionForm(forms.Form):
    """A council resolution: its number and dates, and a new amount for each fee it changes."""

    number = forms.CharField(
        label="Resolution number",
        max_length=40,
        help_text="As the council numbered it, e.g. 2027-02.",
        widget=forms.TextInput(attrs={"class": "usa-input usa-input--medium"}),
    )
    adopted_on = PlausibleDateField(
        label="Adopted on",
        widget=forms.DateInput(attrs={"type": "date", "class": "usa-input"}),
    )
    effective_on = PlausibleDateField(
        label="Effective on",
        help_text="The new amounts apply to every transaction from this day on.",
        widget=forms.DateInput(attrs={"type": "date", "class": "usa-input"}),
    )
    title = forms.CharField(
        label="Title",
        max_length=200,
        required=False,
        help_text="As in the resolution, e.g. Fees to be collected in 2027.",
        widget=forms.TextInput(attrs={"class": "usa-input"}),
    )

    def __init__(self, *args: Any, fees: list[FeeRow], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fees = fees
        for fee in fees:
            now = (
                f"Now {fee.amount}."
                if fee.amount
                else "Not set yet."
                if fee.awaiting
                else "No amount in force yet."
            )
            cap = f" By law {fee.cap}." if fee.cap else ""
            self.fields[_field_name(fee.name)] = AmountField(
                label=fee.description,
                required=False,
                help_text=f"{now}{cap} Leave blank to keep it.",
                widget=forms.TextInput(
                    attrs={"class": "usa-input usa-input--small", "inputmode": "decimal"}
                ),
            )

    def resolution_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in ("number", "adopted_on", "effective_on", "title")]

    def amount_fields(self) -> list[forms.BoundField]:
        return [self[_field_name(fee.name)] for fee in self.fees]

    def amounts(self) -> dict[str, Decimal]:
        return {
            fee.name: self.cleaned_data[_field_name(fee.name)]
            for fee in self.fees
            if self.cleaned_data.get(_field_name(fee.name)) is not None
        }

    def refuse(self, message: str) -> None:
        """Show the service's refusal above the form, and at the fee it names, if any."""
        self.add_error(None, message)
        for fee in self.fees:
            if f"{fee.name}.values." in message:
                plain = (
                    f"Above the limit set by state law: {fee.cap}."
                    if fee.cap and "above the statutory cap" in message
                    else "Refused: see the message above the form."
                )
                self.add_error(_field_name(fee.name), plain)


@office_page(ENTER_FEE_RESOLUTION)
def fee_resolution_new(request: HttpRequest) -> HttpResponse:
    fees = fee_rows(city_params(), today())
    form = FeeResolutionForm(request.POST or None, fees=fees)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            resolution = enter_fee_resolution(
                number=data["number"].strip(),
                adopted_on=data["adopted_on"],
                effective_on=data["effective_on"],
                title=data["title"].strip(),
                amounts=form.amounts(),
                actor=request.user,  # type: ignore[arg-type]
            )
        except ResolutionRefused as exc:
            form.refuse(str(exc))
        else:
            count = resolution.items.count()
            messages.success(
                request,
                f"Resolution {resolution.number} entered: {count} fee"
                f"{'' if count == 1 else 's'} from {resolution.effective_on:%B} "
                f"{resolution.effective_on.day}, {resolution.effective_on.year}.",
            )
            return redirect("fee_schedule")
    return render(request, "licensing/office/fee_resolution_form.html", {"form": form})


# -------------------------------------------------------------------------------- tag stock


class TagStockForm(forms.Form):
    prefix = forms.CharField(
        label="Prefix",
        max_length=14,
        required=False,
        strip=True,
        help_text="Printed before the number, e.g. 2027-. Numbers have five digits: 2027-00001.",
        widget=forms.TextInput(attrs={"class": "usa-input usa-input--small"}),
    )
    first = forms.IntegerField(
        label="First number",
        min_value=1,
        max_value=999999,
        widget=forms.NumberInput(attrs={"class": "usa-input usa-input--small"}),
    )
    last = forms.IntegerField(
        label="Last number",
        min_value=1,
        max_value=999999,
        widget=forms.NumberInput(attrs={"class": "usa-input usa-input--small"}),
    )


@office_page(MANAGE_TAG_STOCK)
def tag_stock_view(request: HttpRequest) -> HttpResponse:
    form = TagStockForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            added = services.add_tag_stock(
                prefix=data["prefix"],
                first=data["first"],
                last=data["last"],
                actor=request.user,  # type: ignore[arg-type]
            )
        except ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                f"Added {len(added):,} tag{'' if len(added) == 1 else 's'} to stock: "
                f"{added[0].serial} to {added[-1].serial}.",
            )
            return redirect("tag_stock")
    return render(
        request, "licensing/office/tag_stock.html", {"form": form, "stock": tag_stock(request.GET)}
    )


# ------------------------------------------------------------------------------------ roles


def _may_manage_roles(view: View) -> View:
    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        user = request.user
        if not (user.is_superuser or user.has_perm(ENTER_FEE_RESOLUTION)):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return guarded


@login_required
@permission_required(VIEW_RECORDS, raise_exception=True)
@_may_manage_roles
def roles(request: HttpRequest) -> HttpResponse:
    rows, superusers = role_rows()
    return render(
        request,
        "licensing/office/roles.html",
        {
            "roles": rows,
            "superusers": superusers,
            "admin_users_url": reverse("admin:auth_user_changelist"),
        },
    )
