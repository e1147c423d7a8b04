"""Every write of the residents' site's accounts: ask for a sign-in link, follow one.

A sign-in link is single-use and short-lived (django-sesame: ``SESAME_ONE_TIME``,
``SESAME_MAX_AGE``, scope ``residents``). Its token is never stored: the outbox keeps the e-mail
with ``outbox.tokens.PLACEHOLDER`` in its place and the sender asks ``sign_in_token`` for a fresh
one at each attempt (registered in ``apps.py``), so nobody reading the outbox can sign in as the
resident, and a link sent by a retry works for its full time from when it was sent.

Asking for a link answers the same whatever the address, so the page never tells whether an
address is known to the city (Minn. Stat. 13.37 and 13.44: whether a person holds a license is
not for a stranger to learn).

A link that does not work (issue 25 item 2.2) is counted here, per client address, in the
residents' own throttle (``abuse``), never through ``django.contrib.auth.authenticate``: a link
names no username, so django-axes counted every resident's bad links in one shared count, and a
few bad links from anywhere locked every resident out. The link is checked with django-sesame's
backend mixin directly (the same signature check, no signal to axes).

Which bad links count. A link is 24 characters: the user's id, the time it was made and a
signature over both and the user's ``last_login`` (80 bits, ``SESAME_SIGNATURE_SIZE``), so
guessing one is hopeless; the count is there to keep one address from trying forever, not
because a guess could succeed. A link the city did sign but that expired, or that a sign-in
spent, is what residents click by mistake (an old e-mail, a second click), so it is not counted:
it is told apart by its signature (checked again ignoring its age, and with the ``last_login``
before the latest sign-in, ``ResidentAccount.previous_last_login``), which only the city can
make. A forger gains nothing from this: the id and the time in a link are the forger's to write,
but not the signature, so a forged link "for an old sign-in" is still a forgery, and a genuine
spent link replayed signs nobody in and tells the one who holds it nothing new. The check costs
one more keyed hash (BLAKE2b) on a user row already read.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable
from copy import copy
from dataclasses import dataclass
from enum import Enum
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from sesame.backends import SesameBackendMixin
from sesame.utils import get_token

from dogtag.licensing.models import Owner
from dogtag.outbox.models import OutboxMessage
from dogtag.outbox.services import queue_message
from dogtag.outbox.tokens import PLACEHOLDER
from dogtag.residents.abuse import Limit, allow, used_up
from dogtag.residents.models import ResidentAccount

SCOPE = "residents"
#: The outbox's name for ``sign_in_token`` (``OutboxMessage.token_maker``).
SIGN_IN_TOKEN = "residents.sign_in"
#: Forged or altered sign-in links from one address per hour, then links from it are refused.
BAD_LINK_LIMIT = Limit(count=10, window=dt.timedelta(hours=1))
BAD_LINKS = "sign-in-link"
#: How old a link the city signed may be and still be told from a forgery: any age (a token
#: holds its time in 32 bits of seconds, so no link is older than this).
ANY_AGE = dt.timedelta(days=365 * 100)


def _account_for(email: str) -> ResidentAccount:
    account = ResidentAccount.objects.filter(email=email).first()
    if account is not None:
        return account
    user = get_user_model()(username=f"resident-{uuid.uuid4().hex}", email=email, is_staff=False)
    user.set_unusable_password()
    user.save()
    return ResidentAccount.objects.create(user=user, email=email)


@transaction.atomic
def send_sign_in_link(email: str, link: Callable[[str], str]) -> ResidentAccount:
    """Queues the e-mail with a sign-in link. ``link(token)`` gives the link's full address; the
    e-mail's token is made when it is sent (``sign_in_token``)."""
    email = email.strip().lower()
    account = _account_for(email)
    address = link(PLACEHOLDER)
    queue_message(
        to=email,
        subject=_("Your sign-in link for dog licenses"),
        body=_(
            "Follow this link to sign in to the city's dog license site:\n\n%(link)s\n\n"
            "The link works once, within %(minutes)s minutes. If you did not ask for it, "
            "ignore this e-mail: nobody can sign in without the link."
        )
        % {"link": address, "minutes": settings.SESAME_MAX_AGE // 60},
        kind="resident_sign_in",
        key=f"resident-sign-in:{uuid.uuid4().hex}",
        about=account,
        token_maker=SIGN_IN_TOKEN,
    )
    return account


def sign_in_token(message: OutboxMessage) -> str:
    """The token of a sign-in e-mail, made as the outbox sends it (``outbox.tokens``), written
    as the link carries it. Only for the account the message is about, and only to that
    account's own address: a message queued otherwise signs nobody in."""
    account = message.about if message.about_type_id else None
    if not isinstance(account, ResidentAccount) or account.email != message.to.lower():
        raise ValueError("A sign-in e-mail goes only to the address of the account it is about.")
    return quote(get_token(account.user, scope=SCOPE), safe="")


class Outcome(Enum):
    SIGNED_IN = "signed in"
    #: The city sent it, but it expired or a sign-in spent it: not counted.
    SPENT = "spent"
    #: Not signed by the city (altered, cut short, made up): counted against the address.
    FORGED = "forged"
    #: The address sent too many forged links this hour: refused unchecked.
    PAUSED = "paused"


@dataclass(frozen=True)
class FollowedLink:
    outcome: Outcome
    account: ResidentAccount | None = None


class _LinkCheck(SesameBackendMixin):
    """django-sesame's check of a link (``authenticate(request, sesame, scope, max_age)``), asked
    directly: never through ``django.contrib.auth.authenticate``, whose failure signal django-axes
    counts. Keeps the user the link names, read once however many times the link is checked."""

    def __init__(self) -> None:
        self.user: Any = None
        self.before: dt.datetime | None = None
        self.as_before = False

    def before_latest_sign_in(self, last_login: dt.datetime | None) -> None:
        """Check from now on as the signature was when the user's ``last_login`` was this."""
        self.before, self.as_before = last_login, True

    def get_user(self, user_id: Any) -> Any:
        # As sesame's ModelBackend: an active user only.
        if self.user is None or self.user.pk != user_id:
            self.user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
        if self.user is None or not self.as_before:
            return self.user
        before = copy(self.user)
        before.last_login = self.before
        return before


def _spent(check: _LinkCheck, token: str) -> bool:
    """Whether the city signed ``token`` and it only expired or was spent by a sign-in."""
    if check.authenticate(None, sesame=token, scope=SCOPE, max_age=ANY_AGE) is not None:
        return True  # the signature holds: only its age failed
    if check.user is None or check.user.last_login is None:
        return False  # no such resident, or one who never signed in: nothing was spent
    account = ResidentAccount.objects.filter(user=check.user).first()
    if account is None:
        return False
    check.before_latest_sign_in(account.previous_last_login)
    return check.authenticate(None, sesame=token, scope=SCOPE, max_age=ANY_AGE) is not None


@transaction.atomic
def follow_sign_in_link(request: HttpRequest, token: str) -> FollowedLink:
    """Signs in with the link, spending it, if the city signed it and it is neither expired nor
    used; else says why not, and counts a forged link against the client's address. An address
    that used up ``BAD_LINK_LIMIT`` is refused before the link is read (nothing is spent)."""
    if used_up(request, BAD_LINKS, BAD_LINK_LIMIT):
        return FollowedLink(Outcome.PAUSED)
    check = _LinkCheck()
    user = check.authenticate(request, sesame=token, scope=SCOPE)
    account = ResidentAccount.objects.filter(user=user).first() if user is not None else None
    if user is None or account is None:
        if _spent(check, token):
            return FollowedLink(Outcome.SPENT)
        allow(request, BAD_LINKS, BAD_LINK_LIMIT)
        return FollowedLink(Outcome.FORGED)
    # Single use (SESAME_ONE_TIME): the token signs the last sign-in time; changing it spends it.
    # The time it had is kept, so the link just spent is told from a forgery (``_spent``).
    account.previous_last_login = user.last_login
    account.save(update_fields=["previous_last_login"])
    user.last_login = timezone.now()
    user.save(update_fields=["last_login"])
    link_households(account)
    return FollowedLink(Outcome.SIGNED_IN, account)


def link_households(account: ResidentAccount) -> None:
    """Links the households whose e-mail address is the account's, and only those: following the
    link proved the resident reads mail sent there, which is how the city reaches that household.
    A household whose address a clerk changed since is unlinked (``household.owners`` already
    stopped showing it, on the request after the change)."""
    account.owners.set(Owner.objects.filter(Q(email__iexact=account.email)))
