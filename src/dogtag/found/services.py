"""Every write of the found-dog pages: a lookup (logged, and a lost dog's owner and staff told),
a finder's message relayed to the owner and staff, a dog reported lost and found again.

The finder never learns who the owner is: the owner's e-mail address is used only by the outbox
(``outbox.services.queue_message``), and only when the owner gave it with consent to e-mail (the
license application holds it, ``license.application``) or wrote it to the city when reporting the
dog lost. Without one, staff get the message to phone the owner.

E-mail to owners and staff is written in the site's language (``LANGUAGE_CODE``), whichever
language the finder reads the page in.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import F
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from dogtag.found.matching import EVERY_KIND, Match, find, normalise
from dogtag.found.models import Lookup, LostReport, RelayMessage
from dogtag.licensing.models import Dog, License
from dogtag.outbox.services import queue_message
from dogtag.records.errors import ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.residents import household
from dogtag.residents.models import ResidentAccount

VIEW_FOUND_REPORTS = "found.view_found_reports"
#: How staff permissions are read (the site has other backends: django-axes, django-sesame).
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


@dataclass(frozen=True)
class Answer:
    """What the page answers about a number, from the stored ``lookup``."""

    lookup: Lookup
    match: Match | None
    #: The license in force on the day of the lookup (``license.required``), else the dog's latest one.
    license: License | None
    in_force: bool
    lost: LostReport | None


def staff_addresses() -> list[str]:
    """The e-mail addresses of the active staff who see found-dog reports (their role)."""
    users = get_user_model().objects.with_perm(
        VIEW_FOUND_REPORTS, include_superusers=False, backend=MODEL_BACKEND
    )
    return sorted(
        set(users.filter(is_active=True).exclude(email="").values_list("email", flat=True))
    )


def open_lost_report(dog: Dog) -> LostReport | None:
    return LostReport.objects.filter(dog=dog, found_again_at__isnull=True).first()


def owner_address(dog: Dog) -> str | None:
    """Where the city may e-mail the dog's owner: the owner's address given with consent, else
    the address of the resident who reported the dog lost (given for this). None: phone."""
    owner = dog.owner
    if owner.email and owner.email_consent:
        return str(owner.email)
    report = open_lost_report(dog)
    return str(report.reported_by.email) if report is not None else None


def _when(moment: dt.datetime) -> str:
    return str(formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT"))


def license_for(dog: Dog, on: dt.date) -> tuple[License | None, bool]:
    current = dog.current_license(on)
    if current is not None:
        return current, True
    return dog.licenses.order_by(F("expires_on").desc(nulls_first=True), "-pk").first(), False


@service
def look_up(
    *,
    typed: str,
    client_address: str | None,
    on: dt.date,
    kinds: Collection[str] = EVERY_KIND,
) -> Answer:
    """Logs the lookup, answers it, and when the dog is reported lost tells its owner and staff.
    ``kinds``: what the number may be (the API's public tag lookup: tags only)."""
    typed = typed.strip()
    match = find(normalise(typed), kinds)
    dog = match.dog if match is not None else None
    license_, in_force = license_for(dog, on) if dog is not None else (None, False)
    lost = open_lost_report(dog) if dog is not None else None
    lookup = Lookup.objects.create(
        typed=typed[:40],
        normalised=normalise(typed)[:40],
        client_address=client_address or None,
        matched_by=match.by if match is not None else "",
        dog=dog,
        licensed=in_force,
        lost=lost,
    )
    if dog is not None and lost is not None:
        _tell_lost_dog_seen(lookup, dog)
    return Answer(lookup, match, license_, in_force, lost)


def answer_again(lookup: Lookup, on: dt.date) -> Answer:
    """The answer to a stored lookup, read again (for the relay form shown with its errors)."""
    match = find(lookup.normalised)
    if match is None or match.dog.pk != lookup.dog_id:
        match = Match(lookup.matched_by, lookup.dog) if lookup.dog is not None else None
    dog = match.dog if match is not None else None
    license_, in_force = license_for(dog, on) if dog is not None else (None, False)
    return Answer(lookup, match, license_, in_force, open_lost_report(dog) if dog else None)


def _tell_lost_dog_seen(lookup: Lookup, dog: Dog) -> None:
    with translation.override(settings.LANGUAGE_CODE):
        seen = _when(lookup.at)
        address = owner_address(dog)
        if address is not None:
            queue_message(
                to=address,
                subject=_("Your lost dog %(dog)s was just looked up") % {"dog": dog.name},
                body=_(
                    "Someone looked up %(dog)s on the city's found-dog page at %(when)s, by the "
                    "number on its tag, license or microchip. You reported %(dog)s lost, so the "
                    "page told them so and thanked them.\n\n"
                    "They did not see your name, address, phone or e-mail. If they write you a "
                    "message through the city, we send it to you at once.\n\n"
                    "If %(dog)s is home again, please say so on your household page."
                )
                % {"dog": dog.name, "when": seen},
                kind="found_lost_dog_seen",
                key=f"found-lost-seen:{lookup.pk}:owner",
                about=lookup,
            )
        for staff in staff_addresses():
            queue_message(
                to=staff,
                subject=_("A dog reported lost was looked up: %(dog)s") % {"dog": dog.name},
                body=_(
                    "%(dog)s (%(breed)s, %(color)s), reported lost by its owner, was looked up on "
                    "the found-dog page at %(when)s with the number %(typed)s.\n\n"
                    "%(phone)s\n\nSee Found dogs in Dogtag's office pages."
                )
                % {
                    "dog": dog.name,
                    "breed": dog.breed,
                    "color": dog.color,
                    "when": seen,
                    "typed": lookup.typed,
                    "phone": _("The owner was told by e-mail.")
                    if address
                    else _("The owner has no e-mail address on file: please phone them."),
                },
                kind="found_lost_dog_seen_staff",
                key=f"found-lost-seen:{lookup.pk}:staff:{staff}",
                about=lookup,
            )


@service
def relay(
    *,
    lookup: Lookup,
    finder_name: str,
    finder_phone: str,
    finder_email: str,
    message: str,
    client_address: str | None,
) -> RelayMessage:
    """Stores the finder's message and relays it: to the owner by e-mail when the city may, and
    to staff always (who phone an owner without e-mail)."""
    if lookup.dog is None:
        raise ServiceError("No dog was found with that number: there is no owner to write to.")
    if not (finder_phone.strip() or finder_email.strip()):
        raise ServiceError("A phone number or an e-mail address is needed to reach the finder.")
    dog = Dog.objects.select_related("owner").get(pk=lookup.dog_id)
    address = owner_address(dog)
    relayed = RelayMessage.objects.create(
        lookup=lookup,
        dog=dog,
        finder_name=finder_name.strip(),
        finder_phone=finder_phone.strip(),
        finder_email=finder_email.strip(),
        message=message.strip(),
        client_address=client_address or None,
        owner_emailed=address is not None,
    )
    with translation.override(settings.LANGUAGE_CODE):
        contact = "\n".join(
            line
            for line in (
                _("Name: %(name)s") % {"name": relayed.finder_name} if relayed.finder_name else "",
                _("Phone: %(phone)s") % {"phone": relayed.finder_phone}
                if relayed.finder_phone
                else "",
                _("E-mail: %(email)s") % {"email": relayed.finder_email}
                if relayed.finder_email
                else "",
            )
            if line
        )
        facts = {
            "dog": dog.name,
            "when": _when(relayed.received_at),
            "message": relayed.message,
            "contact": contact,
        }
        if address is not None:
            queue_message(
                to=address,
                subject=_("Someone found %(dog)s and wrote to you") % facts,
                body=_(
                    "Someone who found %(dog)s looked up its tag on the city's found-dog page and "
                    "asked the city to send you this message (%(when)s):\n\n%(message)s\n\n"
                    "How to reach them:\n%(contact)s\n\n"
                    "The city did not give them your name, address, phone or e-mail: you decide "
                    "whether to answer. If you cannot reach them, call City Hall."
                )
                % facts,
                kind="found_relay_owner",
                key=f"found-relay:{relayed.pk}:owner",
                about=relayed,
            )
        for staff in staff_addresses():
            queue_message(
                to=staff,
                subject=_("Found dog: a message for the owner of %(dog)s") % facts,
                body=_(
                    "A finder wrote about %(dog)s (%(when)s):\n\n%(message)s\n\n"
                    "How to reach them:\n%(contact)s\n\n%(owner)s"
                )
                % (
                    facts
                    | {
                        "owner": _("The message was sent to the owner by e-mail.")
                        if address
                        else _(
                            "The owner has no e-mail address on file, or did not agree to "
                            "e-mail: please phone the owner (see the dog's page in Dogtag)."
                        )
                    }
                ),
                kind="found_relay_staff",
                key=f"found-relay:{relayed.pk}:staff:{staff}",
                about=relayed,
            )
    return relayed


def _own_dog(account: ResidentAccount, dog: Dog) -> Dog:
    """The dog, locked, if it is one of the account's household's; else a ServiceError."""
    own = household.dogs(account).select_for_update().filter(pk=dog.pk).first()
    if own is None:
        raise ServiceError("That dog is not one of your household's.")
    return own


@service
def report_lost(
    *,
    account: ResidentAccount,
    dog: Dog,
    last_seen_at: dt.datetime,
    last_seen_where: str,
    note: str,
) -> LostReport:
    """The owner reports their dog lost: every lookup of it now says so and tells them."""
    own = _own_dog(account, dog)
    if open_lost_report(own) is not None:
        raise ServiceError(_("%(dog)s is already reported lost.") % {"dog": own.name})
    report = LostReport(
        dog=own,
        reported_by=account,
        last_seen_at=last_seen_at,
        last_seen_where=last_seen_where.strip(),
        note=note.strip(),
    )
    acting_as(account.user, report)
    report.save()
    return report


@service
def report_found_again(*, account: ResidentAccount, dog: Dog) -> LostReport:
    """The owner reports their lost dog home again: lookups no longer say it is lost."""
    own = _own_dog(account, dog)
    report = LostReport.objects.select_for_update().filter(dog=own, found_again_at=None).first()
    if report is None:
        raise ServiceError(_("%(dog)s is not reported lost.") % {"dog": own.name})
    report.found_again_at = timezone.now()
    report.found_again_by = account
    acting_as(account.user, report)
    report.save(update_fields=["found_again_at", "found_again_by"])
    return report
