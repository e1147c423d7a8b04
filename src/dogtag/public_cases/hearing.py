"""Hearing requests in writing, online (dangerous_dog.notice.hearing_request; issue 12 item 5).

The owner types the case number and the code printed on the Notice of Dangerous Dog. A request
the procedure takes (in time, the case open to one) goes through
``dangerous_dogs.services.receive_hearing_request``, the very service that records a request
received on paper, with the date and the time of receipt: the case's request window, its state
and the hearing's deadline follow from it exactly as for paper. A request the procedure does not
take (too late, dangerous_dog.notice.hearing_request and designation_stands; or the case not
open to one) is kept by ``record_flagged_hearing_request`` with the finding that says why,
flagged on the case page for the Hearing Officer: never lost. Either way the owner gets a
confirmation (``Receipt``, its PDF in ``documents.confirmation_pdf``), on the page and by e-mail
if they gave an address.

A wrong case number or code writes nothing (``find_case`` answers None) and the page's rate
limit stops guessing.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from dogtag.dangerous_dogs import codes, deadlines
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs import services as cases
from dogtag.dangerous_dogs.models import DangerousDogCase, FlaggedHearingRequest, Hearing
from dogtag.outbox.services import Attachment, queue_message
from dogtag.public_cases.services import site_actor
from dogtag.records.errors import Refused
from dogtag.records.services import cited_as, city_params
from dogtag.residents.links import absolute

RECEIPT_SALT = "dogtag.public_cases.hearing_receipt"


def find_case(number: str, code: str) -> DangerousDogCase | None:
    """The case whose number and hearing request code these are, or None (either wrong)."""
    case = (
        DangerousDogCase.objects.select_related("dog", "owner")
        .filter(number__iexact=number.strip())
        .first()
    )
    if case is None or not codes.matches(case.hearing_request_code, code):
        return None
    return case


def existing_request(case: DangerousDogCase) -> Hearing | None:
    """A request for this case already recorded (on paper or online): a second is not needed."""
    return case.hearings.order_by("requested_on", "id").first()


@dataclass(frozen=True)
class Receipt:
    """What the owner is told: the case, when the request arrived, whether the procedure took it
    (the window's last day, the hearing's deadline) or flagged it (the finding's words)."""

    case: DangerousDogCase
    received_at: dt.datetime
    requested_by: str
    late: bool
    flagged: bool
    window_due: dt.date | None
    hearing_due: dt.date | None
    finding: str
    token: str

    @property
    def page(self) -> str:
        return reverse("residents:hearing_request_received", args=[self.token])

    @property
    def pdf(self) -> str:
        return reverse("residents:hearing_request_pdf", args=[self.token])


def _window_due(case: DangerousDogCase) -> dt.date | None:
    if case.notice_date is None:
        return None
    window = deadlines.request_window(case.notice_date, city_params())
    return window.deadline.due if window.deadline else None


def receipt_of_hearing(hearing: Hearing) -> Receipt:
    limit = deadlines.hearing_limit(hearing.requested_on, city_params())
    received_at = hearing.request_received_at or dt.datetime.combine(
        hearing.requested_on, dt.time.min, tzinfo=timezone.get_current_timezone()
    )
    return Receipt(
        case=hearing.case,
        received_at=received_at,
        requested_by=hearing.request_by,
        late=False,
        flagged=False,
        window_due=_window_due(hearing.case),
        hearing_due=limit.deadline.due if limit.deadline else None,
        finding="",
        token=signing.Signer(salt=RECEIPT_SALT).sign(f"H{hearing.pk}"),
    )


def receipt_of_flagged(flagged: FlaggedHearingRequest) -> Receipt:
    findings = flagged.decision.findings
    return Receipt(
        case=flagged.case,
        received_at=flagged.received_at,
        requested_by=flagged.request_by,
        late=flagged.outcome == "too_late",
        flagged=True,
        window_due=_window_due(flagged.case),
        hearing_due=None,
        finding=" ".join(f["message"] for f in findings),
        token=signing.Signer(salt=RECEIPT_SALT).sign(f"F{flagged.pk}"),
    )


def receipt_for_token(token: str) -> Receipt | None:
    try:
        value = signing.Signer(salt=RECEIPT_SALT).unsign(token)
    except signing.BadSignature:
        return None
    kind, pk = value[:1], value[1:]
    if kind == "H":
        hearing = Hearing.objects.select_related("case__dog", "case__owner").filter(pk=pk).first()
        return receipt_of_hearing(hearing) if hearing is not None else None
    flagged = (
        FlaggedHearingRequest.objects.select_related("case__dog", "case__owner", "decision")
        .filter(pk=pk)
        .first()
    )
    return receipt_of_flagged(flagged) if flagged is not None else None


def _note(*, phone: str, email: str, represented_by: str, reasons: str) -> str:
    lines = [
        f"Phone: {phone.strip()}" if phone.strip() else "",
        f"E-mail: {email.strip()}" if email.strip() else "",
        f"Represented by: {represented_by.strip()}" if represented_by.strip() else "",
        f"Why the owner disagrees: {reasons.strip()}" if reasons.strip() else "",
    ]
    return "\n".join(line for line in lines if line)


@transaction.atomic
def request_hearing(
    *,
    case: DangerousDogCase,
    requested_by: str,
    email: str = "",
    phone: str = "",
    represented_by: str = "",
    reasons: str = "",
) -> Receipt:
    """Records the request now, with its date and time: through the paper request's service
    when the procedure takes it, else kept and flagged. Queues the confirmation e-mail."""
    actor = site_actor()
    received_at = timezone.now()
    received_on = timezone.localdate(received_at)
    note = _note(phone=phone, email=email, represented_by=represented_by, reasons=reasons)
    receipt: Receipt
    if not cases.hearing_request_finding(case, received_on).blocks:
        try:
            hearing = cases.receive_hearing_request(
                case=case,
                received_on=received_on,
                received_at=received_at,
                requested_by=requested_by,
                in_writing=True,
                actor=actor,
                note=note,
                online=True,
            )
            receipt = receipt_of_hearing(hearing)
        except Refused:  # taken by another request meanwhile: kept and flagged below
            receipt = _flag(case, received_at, requested_by, note, actor)
    else:
        receipt = _flag(case, received_at, requested_by, note, actor)
    if email.strip():
        _mail(receipt, email.strip())
    return receipt


def _flag(
    case: DangerousDogCase, received_at: dt.datetime, requested_by: str, note: str, actor: object
) -> Receipt:
    flagged = cases.record_flagged_hearing_request(
        case=case,
        received_at=received_at,
        requested_by=requested_by,
        note=note,
        actor=actor,
        online=True,
    )
    return receipt_of_flagged(flagged)


def _mail(receipt: Receipt, to: str) -> None:
    from dogtag.public_cases.documents import confirmation_pdf

    number = receipt.case.number
    lines = [
        _("The city received your written request for a hearing in case %(number)s on %(at)s.")
        % {"number": number, "at": _when(receipt.received_at)},
    ]
    if receipt.flagged:
        lines.append(flag_sentence(receipt))
    elif receipt.hearing_due is not None:
        lines.append(
            _(
                "The hearing before the Hearing Officer must be held by %(due)s, unless it is "
                "extended for good cause (%(citation)s). You will receive a notice of its date, "
                "time and place."
            )
            % {"due": _day(receipt.hearing_due), "citation": cited_as(P.sec(P.HEARING))}
        )
    lines.append(_("Your confirmation is attached (PDF). See it online:") + "\n")
    lines[-1] += absolute(receipt.page)
    queue_message(
        to=to,
        subject=_("Hearing request received: case %(number)s") % {"number": number},
        body="\n\n".join(lines),
        kind="hearing_request_received",
        key=f"hearing-request:{receipt.token}",
        attachments=[Attachment(f"hearing-request-{number}.pdf", confirmation_pdf(receipt))],
        about=receipt.case,
    )


def flag_sentence(receipt: Receipt) -> str:
    if receipt.late:
        return _(
            "Your request arrived after the last day to request a hearing (%(due)s, %(citation)s). "
            "It has been recorded and will not be lost: the Hearing Officer decides whether it can "
            "still be heard."
        ) % {
            "due": _day(receipt.window_due) if receipt.window_due else "—",
            "citation": cited_as(P.sec(P.HEARING_REQUEST)),
        }
    return _(
        "Your request could not be recorded as a timely request at this stage of the case. It "
        "has been recorded and will not be lost: the Hearing Officer decides what follows."
    )


def _day(day: dt.date) -> str:
    return date_format(day, "DATE_FORMAT")


def _when(moment: dt.datetime) -> str:
    return date_format(timezone.localtime(moment), "DATETIME_FORMAT")
