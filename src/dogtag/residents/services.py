"""Every write of the residents' site's accounts: ask for a sign-in link, follow one.

A sign-in link is single-use and short-lived (django-sesame: ``SESAME_ONE_TIME``,
``SESAME_MAX_AGE``, scope ``residents``). Its token is never stored: the outbox keeps the e-mail
with ``outbox.tokens.PLACEHOLDER`` in its place and the sender asks ``sign_in_token`` for a fresh
one at each attempt (registered in ``apps.py``), so nobody reading the outbox can sign in as the
resident, and a link sent by a retry works for its full time from when it was sent.

Asking for a link answers the same whatever the address, so the page never tells whether an
address is known to the city (Minn. Stat. 13.37 and 13.44: whether a person holds a license is
not for a stranger to learn).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from urllib.parse import quote

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from sesame.utils import get_token

from dogtag.licensing.models import Owner
from dogtag.outbox.models import OutboxMessage
from dogtag.outbox.services import queue_message
from dogtag.outbox.tokens import PLACEHOLDER
from dogtag.residents.models import ResidentAccount

SCOPE = "residents"
#: The outbox's name for ``sign_in_token`` (``OutboxMessage.token_maker``).
SIGN_IN_TOKEN = "residents.sign_in"


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


@transaction.atomic
def follow_sign_in_link(request: HttpRequest, token: str) -> ResidentAccount | None:
    """The account whose link this is, or None (expired, used, altered). Uses the link up.

    As ``sesame.utils.get_user`` does, but with the request, so django-axes counts a bad link
    against the client's address like a failed sign-in (and refuses a locked-out address)."""
    user = authenticate(request, sesame=token, scope=SCOPE)
    if user is None:
        return None
    # Single use (SESAME_ONE_TIME): the token signs the last sign-in time; changing it spends it.
    user.last_login = timezone.now()
    user.save(update_fields=["last_login"])
    account = ResidentAccount.objects.filter(user=user).first()
    if account is None:
        return None
    link_households(account)
    return account


def link_households(account: ResidentAccount) -> None:
    """Links the households whose e-mail address is the account's: following the link proved
    the resident reads mail sent there, which is how the city reaches that household."""
    owners = Owner.objects.filter(Q(email__iexact=account.email))
    account.owners.add(*owners)
