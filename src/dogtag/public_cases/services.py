"""Every write of the residents' complaint pages, and the complainant's e-mails.

A complaint from the residents' form goes through ``complaints.services.receive_complaint``, the
very service the desk uses, so it lands in the officer's intake queue as a complaint *received*
with its number, history and every rule; the complainant's recording, noise log or photo goes
through ``add_recording`` / ``add_noise_log`` / ``add_file`` with ``with_complaint=True`` (the
same checks, limits and detector, the rule of nuisance.barking applied and its Decision stored; the
status stays received, since nobody has investigated yet).

Who acts: the residents' site's own account (``site_actor``: no password, inactive, no role, so
it can never sign in), as an API key acts through its own account. The resident's account, if
signed in, is linked only in ``ResidentComplaint``: a staff page showing ``received_by`` never
names the complainant (Minn. Stat. 13.44 subd. 1).

The status a complainant sees (``public_status``) is received, under investigation, or closed
with its outcome: assigned counts as received (nobody has looked yet from the complainant's side).
It is e-mailed on receipt and on each change of that status, through the complaints app's
``signals.status_changed`` (the complaints app does not know this app).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, BinaryIO

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from dogtag.complaints import services as complaints
from dogtag.complaints.models import Complaint, Evidence, Outcome
from dogtag.law import complaint_procedure
from dogtag.law.provisions import cited_in, maps
from dogtag.outbox.services import queue_message
from dogtag.public_cases.models import ResidentComplaint
from dogtag.records.services import cited_as, today
from dogtag.residents.links import absolute
from dogtag.residents.models import ResidentAccount

SITE_USERNAME = "residents-site"
TRACKING_SALT = "dogtag.public_cases.tracking"

RECEIVED, INVESTIGATING, CLOSED = "received", "investigating", "closed"
PUBLIC_STATUS = {
    Complaint.Status.RECEIVED: RECEIVED,
    Complaint.Status.ASSIGNED: RECEIVED,
    Complaint.Status.INVESTIGATING: INVESTIGATING,
    Complaint.Status.CLOSED: CLOSED,
}
STATUS_LABELS = {
    RECEIVED: gettext_lazy("Received"),
    INVESTIGATING: gettext_lazy("Under investigation"),
    CLOSED: gettext_lazy("Closed"),
}


def _cited(message: str, concept: str) -> str:
    """``message`` translated, its ``%(citation)s`` the section of the city in force that states
    ``concept`` (named by its id, marked so, where the city's law does not state it), as the city
    names its sections in a sentence of that language."""
    return _(message) % {"citation": cited_as(cited_in(f"{{§{concept}}}", lenient=True))}


#: A label that cites, translated and cited each time it is shown, never at import.
cited_label = lazy(_cited, str)

OUTCOME_LABELS = {
    Outcome.Kind.UNFOUNDED: gettext_lazy("No violation of the ordinance was found."),
    Outcome.Kind.WARNING: gettext_lazy("The dog’s owner was given a warning."),
    Outcome.Kind.COMPLIANCE_NOTICE: gettext_lazy("The dog’s owner was given a notice to comply."),
    Outcome.Kind.CITATION: gettext_lazy(
        "A citation was issued, or the case was sent to the prosecutor."
    ),
    Outcome.Kind.DANGEROUS_DOG_REFERRAL: cited_label(
        gettext_noop("The dog was referred for a dangerous-dog designation (%(citation)s)."),
        "dangerous_dog.restrictions",
    ),
}
KIND_LABELS = {
    Complaint.Kind.BARKING: cited_label(
        gettext_noop("Barking or other noise (%(citation)s)"), "nuisance.barking"
    ),
    Complaint.Kind.DAMAGE: cited_label(
        gettext_noop("Damage to a person or property (%(citation)s)"), "nuisance.damage"
    ),
    Complaint.Kind.AGGRESSION: cited_label(
        gettext_noop("Snarling, biting or attacking (%(citation)s)"), "nuisance.vicious"
    ),
    Complaint.Kind.AT_LARGE: cited_label(
        gettext_noop("A dog running at large (%(citation)s)"), "nuisance.at_large"
    ),
    Complaint.Kind.CHASING: cited_label(
        gettext_noop("Chasing vehicles or people (%(citation)s)"), "nuisance.chasing"
    ),
    Complaint.Kind.VEHICLE: cited_label(
        gettext_noop("A dog or cat left in a motor vehicle (%(citation)s)"),
        "vehicle.animal_left",
    ),
    Complaint.Kind.ABANDONMENT: cited_label(
        gettext_noop("An animal abandoned (%(citation)s)"), "nuisance.abandonment"
    ),
    Complaint.Kind.FECES_DEVICE: cited_label(
        gettext_noop(
            "An animal on a park, trail or another's property without the means to pick up "
            "after it (%(citation)s)"
        ),
        "nuisance.feces_removal",
    ),
}


#: the label of damage where the city's law forbids damage to another's property only
#: (``nuisance.damage.property``, Lino Lakes')
PROPERTY_DAMAGE_LABEL = cited_label(
    gettext_noop("Damage to another person's lawn, garden or other property (%(citation)s)"),
    "nuisance.damage.property",
)


def kind_label(kind: str) -> Any:
    """A kind of complaint as a resident reads it, in the words of the city in force's law."""
    if kind == Complaint.Kind.DAMAGE and maps("nuisance.damage.property"):
        return PROPERTY_DAMAGE_LABEL
    return KIND_LABELS[Complaint.Kind(kind)]


def kind_choices() -> list[tuple[str, Any]]:
    """The kinds of complaint a resident may make in the city in force, in its law's words."""
    offered = complaint_procedure.offered_kinds()
    return [(kind, kind_label(kind)) for kind in KIND_LABELS if kind in offered]


def site_actor() -> AbstractBaseUser:
    """The residents' site's own account, named as the one who received an online complaint."""
    user, created = get_user_model().objects.get_or_create(
        username=SITE_USERNAME,
        defaults={"first_name": "Residents’ site", "last_name": "(online)", "is_active": False},
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


# ------------------------------------------------------------------------------- tracking


def tracking_token(complaint: Complaint) -> str:
    """A signed token for the complaint's tracking page: unguessable without the site's key."""
    return signing.Signer(salt=TRACKING_SALT).sign(complaint.number)


def complaint_for_token(token: str) -> Complaint | None:
    try:
        number = signing.Signer(salt=TRACKING_SALT).unsign(token)
    except signing.BadSignature:
        return None
    return Complaint.objects.filter(number=number, resident_complaint__isnull=False).first()


def tracking_url(complaint: Complaint) -> str:
    return reverse("residents:complaint_track", args=[tracking_token(complaint)])


@dataclass(frozen=True)
class PublicStatus:
    """What the complainant may see: the status, and the outcome once closed. No staff notes,
    no name of the dog's owner."""

    code: str
    label: str
    outcome: str
    since: dt.date | None


def public_status(complaint: Complaint) -> PublicStatus:
    code = PUBLIC_STATUS[Complaint.Status(complaint.status)]
    outcome, since = "", None
    if code == CLOSED:
        row = Outcome.objects.filter(complaint=complaint).order_by("-decided_on", "-id").first()
        if row is not None:
            outcome, since = str(OUTCOME_LABELS[Outcome.Kind(row.kind)]), row.decided_on
    return PublicStatus(code=code, label=str(STATUS_LABELS[code]), outcome=outcome, since=since)


# ------------------------------------------------------------------------------- intake


@dataclass(frozen=True)
class Upload:
    file: BinaryIO
    name: str


@transaction.atomic
def submit_complaint(
    *,
    fields: dict[str, Any],
    account: ResidentAccount | None,
    recording: Upload | None = None,
    recording_started_at: dt.datetime | None = None,
    noise_log: Upload | None = None,
    log_date: dt.date | None = None,
    photo: Upload | None = None,
) -> Complaint:
    """Takes the complaint through the desk's service, adds the complainant's evidence, links it
    to the account if signed in, and queues the receipt e-mail. All or nothing: a file that
    cannot be used refuses the whole complaint (``ServiceError``; a ``FileRefused`` names the
    file's field: ``recording``, ``noise_log`` or ``photo``) and nothing is stored. A recording
    is checked from its header here and analysed by a background job once this commits."""
    actor = site_actor()
    complaint = complaints.receive_complaint(actor=actor, **fields)
    kept: list[Evidence] = []
    try:
        on = today()
        if recording is not None:
            assert recording_started_at is not None
            with _at_field("recording"):
                kept.append(
                    complaints.add_recording(
                        complaint,
                        upload=recording.file,
                        filename=recording.name,
                        started_at=recording_started_at,
                        on=on,
                        actor=actor,
                        description="Recorded by the complainant (online complaint).",
                        with_complaint=True,
                    )
                )
        if noise_log is not None:
            with _at_field("noise_log"):
                kept.append(
                    complaints.add_noise_log(
                        complaint,
                        upload=noise_log.file,
                        filename=noise_log.name,
                        log_date=log_date,
                        on=on,
                        actor=actor,
                        with_complaint=True,
                    )
                )
        if photo is not None:
            with _at_field("photo"):
                kept.append(
                    complaints.add_file(
                        complaint,
                        kind=Evidence.Kind.PHOTO,
                        upload=photo.file,
                        filename=photo.name,
                        description="Photo from the complainant (online complaint).",
                        actor=actor,
                        with_complaint=True,
                    )
                )
    except BaseException:
        # The rows roll back with the complaint; the files already stored go with them.
        for evidence in kept:
            if evidence.file:
                evidence.file.storage.delete(evidence.file.name)
        raise
    ResidentComplaint.objects.create(
        complaint=complaint, account=account, language=translation.get_language() or "en"
    )
    if complaint.complainant_email:
        _mail(complaint, kind="complaint_received", key=f"complaint-received:{complaint.number}")
    return complaint


@contextmanager
def _at_field(name: str) -> Iterator[None]:
    """A file refused inside the block is the form's error at field ``name``."""
    try:
        yield
    except complaints.FileRefused as refused:
        refused.field = name
        raise


# --------------------------------------------------------------------------------- e-mail


def _mail(complaint: Complaint, *, kind: str, key: str) -> None:
    status = public_status(complaint)
    link = absolute(tracking_url(complaint))
    if kind == "complaint_received":
        subject = _("Complaint %(number)s received") % {"number": complaint.number}
        opening = _(
            "The city received your complaint %(number)s on %(day)s. An animal control officer "
            "will look into it."
        ) % {
            "number": complaint.number,
            "day": date_format(timezone.localdate(complaint.received_at), "DATE_FORMAT"),
        }
    else:
        subject = _("Complaint %(number)s: %(status)s") % {
            "number": complaint.number,
            "status": status.label.lower(),
        }
        opening = _("The status of your complaint %(number)s is now: %(status)s.") % {
            "number": complaint.number,
            "status": status.label.lower(),
        }
    lines = [opening]
    if status.outcome:
        lines.append(_("Outcome: %(outcome)s") % {"outcome": status.outcome})
    lines += [
        _("Follow its status here (keep this link to yourself):") + "\n" + link,
        _(
            "Your name and contact details are private data (Minnesota Statutes, section 13.44, "
            "subdivision 1): the dog’s owner is not told who complained."
        ),
    ]
    queue_message(
        to=complaint.complainant_email,
        subject=subject,
        body="\n\n".join(lines),
        kind=kind,
        key=key,
        about=complaint,
        private=True,  # the complainant's address and complaint: need-to-know, as on its page
    )


def status_changed(
    sender: Any, *, complaint: Complaint, before: str | None, after: str, **kwargs: Any
) -> None:
    """``complaints.signals.status_changed``: e-mails the online complainant when the status they
    see changes (received → under investigation → closed). Runs in the service's transaction."""
    if (
        before is None
        or PUBLIC_STATUS[Complaint.Status(before)] == PUBLIC_STATUS[Complaint.Status(after)]
    ):
        return
    link = ResidentComplaint.objects.filter(complaint=complaint).first()
    if link is None or not complaint.complainant_email:
        return
    public = PUBLIC_STATUS[Complaint.Status(after)]
    with translation.override(link.language):
        _mail(
            complaint,
            kind="complaint_status",
            key=f"complaint-status:{complaint.number}:{public}",
        )
