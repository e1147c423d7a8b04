"""Abuse on the public forms (issue 12 item 8): a rate limit per address and a honeypot.

- ``allow(request, kind, limit, window)`` counts one request of ``kind`` from the client's
  address (``accounts.client_ip.client_address``, which trusts only the city's own proxies) in a
  fixed window, in the database so every app server counts together; past ``limit`` it answers
  False and the view refuses with 429 and says when to try again. ``extra`` counts by something
  else too (the e-mail address a sign-in link is asked for), so one address cannot be mailed
  from many clients either.
- ``used_up(request, kind, limit)`` only reads the address's count, for a kind counted on failure
  alone (a sign-in link that does not work, ``services.follow_sign_in_link``): once the address
  has used up its limit every request of the kind is refused, before anything is checked.
- ``HoneypotForm``: a field hidden from people (``display: none`` in residents.css, so screen
  readers skip it too) that automated form-fillers fill. A filled honeypot is answered as if the
  form succeeded and nothing is stored: a bot learns nothing. No third-party CAPTCHA.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass

from django import forms
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from dogtag.accounts.client_ip import client_address
from dogtag.residents.models import Throttle

logger = logging.getLogger(__name__)

HONEYPOT_FIELD = "website"


@dataclass(frozen=True)
class Limit:
    """At most ``count`` requests of a kind per ``window``."""

    count: int
    window: dt.timedelta


def _count(key: str, limit: Limit) -> bool:
    now = timezone.now()
    with transaction.atomic():
        throttle, created = Throttle.objects.select_for_update().get_or_create(
            key=key[:200], defaults={"window_started_at": now, "count": 1}
        )
        if created:
            return True
        if now - throttle.window_started_at >= limit.window:
            Throttle.objects.filter(pk=throttle.pk).update(window_started_at=now, count=1)
            return True
        if throttle.count >= limit.count:
            return False
        Throttle.objects.filter(pk=throttle.pk).update(count=F("count") + 1)
        return True


def _address_key(request: HttpRequest, kind: str) -> str:
    return f"{kind}:ip:{client_address(request)}"


def allow(request: HttpRequest, kind: str, limit: Limit, *, extra: str = "") -> bool:
    """Counts this request; False once the address (or ``extra``) has used up its limit."""
    allowed = _count(_address_key(request, kind), limit)
    if extra:
        allowed = _count(f"{kind}:for:{extra.lower()}", limit) and allowed
    if not allowed:
        logger.warning("Rate limit reached: %s from %s", kind, client_address(request))
    return allowed


def used_up(request: HttpRequest, kind: str, limit: Limit) -> bool:
    """Whether the client's address has used up its limit of ``kind`` in the current window.
    Reads only: this request is not counted."""
    throttle = Throttle.objects.filter(key=_address_key(request, kind)[:200]).first()
    if throttle is None or timezone.now() - throttle.window_started_at >= limit.window:
        return False
    if throttle.count < limit.count:
        return False
    logger.warning("Rate limit reached: %s from %s", kind, client_address(request))
    return True


class HoneypotForm(forms.Form):
    """A form with the honeypot field; ``is_bot`` says whether it was filled."""

    website = forms.CharField(
        required=False,
        max_length=200,
        label=_("Leave this field empty"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )

    @property
    def is_bot(self) -> bool:
        return bool(self.data.get(HONEYPOT_FIELD, "").strip())
