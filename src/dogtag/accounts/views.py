"""Account pages: password change, two-step verification, locked sign-ins. Thin: each parses
the form, calls one service in ``accounts.services`` and renders."""

from __future__ import annotations

import segno
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_client_username, get_cool_off, get_failure_limit
from django.contrib import messages
from django.contrib.auth import logout, user_login_failed
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required, permission_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST
from django_otp import login as otp_login

from dogtag.accounts import services, two_step
from dogtag.accounts.forms import CodeForm, UnlockForm

UNLOCK_SIGN_INS = "records.unlock_sign_ins"
PENDING_KEY = "dogtag_two_step_pending_key"


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("password_change_done")


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/password_change_done.html"


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, str] | None = None,
) -> HttpResponse:
    """The page django-axes shows instead of signing in while a username or address is locked
    (``AXES_LOCKOUT_CALLABLE``): 429 Too Many Requests, in plain words, with the way back in."""
    cool_off = get_cool_off(request)
    return render(
        request,
        "accounts/locked_out.html",
        {
            "failure_limit": get_failure_limit(request, credentials),
            "username": get_client_username(request, credentials) or "",
            "lockout_minutes": int(cool_off.total_seconds() // 60) if cool_off else None,
        },
        status=429,
    )


def _next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse("home")


# ------------------------------------------------------------------------ two-step verification


@login_required
def two_step_page(request: HttpRequest) -> HttpResponse:
    user = request.user
    return render(
        request,
        "accounts/two_step.html",
        {
            "is_on": two_step.has_two_step(user),
            "required": two_step.is_required_of(user),
            "form": CodeForm(),
        },
    )


@login_required
def two_step_turn_on(request: HttpRequest) -> HttpResponse:
    user = request.user
    if two_step.has_authenticator(user):
        messages.info(request, "Two-step verification is already on for your account.")
        return redirect("two_step")
    key = request.session.get(PENDING_KEY)
    if not isinstance(key, str) or len(key) != 40:
        key = services.new_key()
        request.session[PENDING_KEY] = key
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            device = services.turn_on_two_step(
                user=user, key_hex=key, code=form.cleaned_data["code"]
            )
        except services.Refused as refused:
            form.add_error("code", refused.message)
        else:
            del request.session[PENDING_KEY]
            otp_login(request, device)  # the code just given verifies this session
            messages.success(
                request,
                "Two-step verification is on. From now on you will be asked for a code after "
                "your password.",
            )
            return HttpResponseRedirect(
                _next(request) if request.POST.get("next") else reverse("two_step")
            )
    device = services.unsaved_device(user, key)
    qr = segno.make(device.config_url, error="m")
    return render(
        request,
        "accounts/two_step_turn_on.html",
        {
            "form": form,
            "qr_svg": qr.svg_inline(
                scale=4, light="#fff", title="QR code for your authenticator app"
            ),
            "typed_key": services.key_for_typing(key),
            "required": two_step.must_turn_on(user),
            "next": request.POST.get("next") or request.GET.get("next") or "",
        },
        status=200 if not form.errors else 400,
    )


@login_required
@require_POST
def two_step_turn_off(request: HttpRequest) -> HttpResponse:
    form = CodeForm(request.POST)
    if form.is_valid():
        try:
            services.turn_off_two_step(user=request.user, code=form.cleaned_data["code"])
        except services.Refused as refused:
            form.add_error("code", refused.message)
        else:
            messages.success(request, "Two-step verification is off.")
            return redirect("two_step")
    return render(
        request,
        "accounts/two_step.html",
        {
            "is_on": two_step.has_two_step(request.user),
            "required": two_step.is_required_of(request.user),
            "form": form,
        },
        status=400,
    )


@login_required
def two_step_verify(request: HttpRequest) -> HttpResponse:
    """The sign-in's second step. A wrong code counts as a failed sign-in for django-axes: at
    the limit the session ends and the lockout page is shown, as for wrong passwords."""
    user = request.user
    if not two_step.has_two_step(user) or user.is_verified():  # type: ignore[union-attr]
        return HttpResponseRedirect(_next(request))
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            device = services.check_code(user=user, code=form.cleaned_data["code"])
        except services.Refused as refused:
            credentials = {"username": user.get_username()}
            user_login_failed.send(sender=__name__, credentials=credentials, request=request)
            if AxesProxyHandler.is_locked(request, credentials):
                logout(request)
                return locked_out(request, None, credentials)
            form.add_error("code", refused.message)
        else:
            otp_login(request, device)
            return HttpResponseRedirect(_next(request))
    return render(
        request,
        "accounts/two_step_verify.html",
        {"form": form, "next": request.POST.get("next") or request.GET.get("next") or ""},
        status=400 if form.errors else 200,
    )


# ---------------------------------------------------------------------------- locked sign-ins


@login_required
@permission_required(UNLOCK_SIGN_INS, raise_exception=True)
def locked_sign_ins(request: HttpRequest) -> HttpResponse:
    form = UnlockForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            kind, value = form.cleaned_data["kind"], form.cleaned_data["value"]
            try:
                services.unlock_sign_in(kind=kind, value=value, acting_user=request.user)
            except services.Refused as refused:
                messages.error(request, refused.message)
            else:
                messages.success(request, f"Sign-in unlocked for the {kind} {value}.")
                return redirect("locked_sign_ins")
        else:
            messages.error(request, "Choose a locked username or address to unlock.")
    return render(
        request,
        "accounts/locked_sign_ins.html",
        {"locks": services.locked_sign_ins()},
        status=400 if request.method == "POST" else 200,
    )
