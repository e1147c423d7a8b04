"""Renewal reminders by e-mail (issue 12 item 6): the periodic sweep the worker runs.

Each license in force that expires within ``license.renewal_reminder_days`` (a parameter, with
its source) and whose owner has an e-mail address and agreed to notices by e-mail gets one
message, with its renewal reminder letter (``reminders``) as a PDF. The outbox key names the
license and its expiry, so a second sweep, or a hundred, queues nothing new; a license renewed
since its reminder gets the next one before its new expiry.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable

from dogtag.documents import reminders
from dogtag.law.provisions import cite
from dogtag.licensing.models import License, Owner
from dogtag.outbox.services import Attachment, MessageRefused, queue_message
from dogtag.records import pdf
from dogtag.records.services import in_force, today

logger = logging.getLogger(__name__)

REMINDER_DAYS = "license.renewal_reminder_days"
KIND = "renewal_reminder"

#: Where a resident renews online, if the city offers it: the residents' site sets this hook
#: (``set_renewal_link``) to a function giving a license's prefilled renewal address. Until then
#: the reminder says how to renew at City Hall or by mail.
_renewal_link: Callable[[License], str | None] | None = None


def set_renewal_link(hook: Callable[[License], str | None] | None) -> None:
    global _renewal_link
    _renewal_link = hook


def renewal_link(license: License) -> str | None:
    return _renewal_link(license) if _renewal_link is not None else None


def key(license: License) -> str:
    return f"renewal-reminder:{license.number}:{license.expires_on.isoformat()}"


def _how_to_renew(license: License) -> str:
    link = renewal_link(license)
    office = "\n".join(f"  {line}" for line in pdf.office_lines())
    if link:
        return f"Renew online: {link}\n\nOr renew at City Hall or by mail:\n{office}"
    return (
        "Renew at City Hall, or by mail: send a copy of the rabies certificate and the fee to\n"
        f"{office}"
    )


def body(owner: Owner, license: License) -> str:
    dog = license.dog
    return (
        f"Dear {owner.name},\n\n"
        f"The license of your dog {dog.name} (license {license.number}) expires on "
        f"{pdf.long_date(license.expires_on)}. Every dog kept in the City must be licensed "
        f"({pdf.city_code(reminders.REQUIRED)}). A license is renewed with a current rabies "
        f"vaccination certificate from a licensed veterinarian ({cite(reminders.RABIES_REQUIRED)}) "
        "and the fee; the attached letter gives the fees in force and when a late-renewal penalty "
        f"applies ({cite(reminders.RENEWAL)}).\n\n"
        f"{_how_to_renew(license)}\n\n"
        "If the dog has died, moved away or has a new owner, please tell the City office.\n\n"
        f"You receive this e-mail because you agreed to receive notices from the "
        f"{pdf.city_name()} by e-mail.\n"
    )


def send_renewal_reminders(on: dt.date | None = None) -> int:
    """Queue the reminders due on ``on`` (default today); returns how many were queued now."""
    on = on or today()
    days = int(in_force(REMINDER_DAYS, on).value)
    queued = 0
    for letter in reminders.letters(on, on + dt.timedelta(days=days)):
        owner = letter.owner
        if not (owner.email_consent and owner.email):
            continue
        for license in letter.licenses:
            one = reminders.Letter(owner=owner, licenses=[license])
            try:
                message = queue_message(
                    to=owner.email,
                    subject=f"Dog license {license.number} expires "
                    f"{pdf.long_date(license.expires_on)}",
                    body=body(owner, license),
                    kind=KIND,
                    key=key(license),
                    attachments=[
                        Attachment(
                            f"renewal-reminder-{license.number}.pdf",
                            reminders.render(license.expires_on, license.expires_on, [one]),
                        )
                    ],
                    about=license,
                )
            except MessageRefused as exc:  # a bad address stored: the others still go
                logger.warning("renewal reminder for %s not queued: %s", license.number, exc)
                continue
            queued += message.queued_now
    return queued
