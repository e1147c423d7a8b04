"""Who the resident is: a session key of the residents' site, never the staff sign-in.

``sign_in`` stores the account's id and a hash of its sign-in state under ``SESSION_KEY`` after a
valid link (``views.sign_in_link``). Staff pages look at ``request.user`` only, which stays
anonymous for a resident, so no staff page is reachable with a resident's session.
``resident_required`` sends a visitor who is not signed in to the sign-in page and gives the view
the account.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone

from dogtag.residents.models import ResidentAccount

SESSION_KEY = "dogtag_resident_account"


def sign_in(request: HttpRequest, account: ResidentAccount) -> None:
    # A new session id, so a session fixed before the link was followed is not reused.
    request.session.cycle_key()
    request.session[SESSION_KEY] = account.pk
    account.last_signed_in_at = timezone.now()
    account.save(update_fields=["last_signed_in_at"])


def sign_out(request: HttpRequest) -> None:
    request.session.pop(SESSION_KEY, None)
    request.session.cycle_key()


def current_account(request: HttpRequest) -> ResidentAccount | None:
    pk = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    if pk is None:
        return None
    return ResidentAccount.objects.filter(pk=pk, user__is_active=True).first()


def resident_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view's second argument is the signed-in ``ResidentAccount``."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        account = current_account(request)
        if account is None:
            return redirect(f"{reverse('residents:sign_in')}?next={request.path}")
        return view(request, account, *args, **kwargs)

    return wrapped
