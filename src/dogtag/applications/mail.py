"""The e-mails of an online application (issue 12 item 6), to the account's own address.

The resident gave that address to sign in and applied from it, so it may be written to about
the application. Each is queued in the caller's transaction, in the resident's language, with a
key naming the application and the event, so it goes once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from dogtag.documents import licenses as license_documents
from dogtag.documents import receipts as receipt_documents
from dogtag.law.provisions import cite_mapped, together
from dogtag.outbox.services import Attachment, queue_message
from dogtag.records import pdf
from dogtag.records.services import cited_as
from dogtag.residents.links import absolute

if TYPE_CHECKING:
    from dogtag.applications.models import OnlineApplication
    from dogtag.licensing.services import Issued


#: "The license fee shall be paid with the application", and the tag "worn by the dog" (the
#: package's sections.yaml).
FEE_WITH_APPLICATION = "license.fee_with_application"
TAG_WORN = "tag.worn"


def _section(concept: str) -> str:
    """The section of the city in force stating ``concept`` ("" where its law states none)."""
    return together(cite_mapped(concept))


def _page(application: OnlineApplication) -> str:
    return absolute(reverse("residents:applications:application_detail", args=[application.pk]))


def _office() -> str:
    return "\n".join(f"  {line}" for line in pdf.office_lines())


def _footer() -> str:
    return _("You receive this e-mail because you applied on the %(city)s's website.") % {
        "city": pdf.city_name()
    }


def received(application: OnlineApplication) -> None:
    with translation.override(application.language):
        body = "\n\n".join(
            [
                _("We received your application for a license for %(dog)s.")
                % {"dog": application.dog_name},
                _(
                    "The license fee is paid with the application (%(citation)s). Pay at City "
                    "Hall, or send a check by mail to:"
                )
                % {"citation": cited_as(_section(FEE_WITH_APPLICATION))}
                + "\n"
                + _office(),
                _(
                    "A clerk checks the rabies certificate against what you typed. When the "
                    "payment is recorded, the license is issued and you receive it by e-mail."
                ),
                _("Your application: %(url)s") % {"url": _page(application)},
                _footer(),
            ]
        )
        queue_message(
            to=application.account.email,
            subject=_("Application received: license for %(dog)s") % {"dog": application.dog_name},
            body=body + "\n",
            kind="online_application_received",
            key=f"online-application:{application.pk}:received",
            about=application,
        )


def returned(application: OnlineApplication) -> None:
    with translation.override(application.language):
        body = "\n\n".join(
            [
                _("Your application for a license for %(dog)s was returned to you.")
                % {"dog": application.dog_name},
                _("The clerk's reason:") + "\n" + application.return_reason,
                _("You can apply again: %(url)s")
                % {"url": absolute(reverse("residents:applications:application_index"))},
                _("Questions? Contact the city office:") + "\n" + _office(),
                _footer(),
            ]
        )
        queue_message(
            to=application.account.email,
            subject=_("Application returned: license for %(dog)s") % {"dog": application.dog_name},
            body=body + "\n",
            kind="online_application_returned",
            key=f"online-application:{application.pk}:returned",
            about=application,
        )


def issued(application: OnlineApplication, issued: Issued) -> None:
    license_, receipt = issued.license, issued.receipt
    with translation.override(application.language):
        body = "\n\n".join(
            [
                (
                    _(
                        "License %(number)s for %(dog)s is issued. It is good for the dog's lifetime."
                    )
                    % {"number": license_.number, "dog": application.dog_name}
                    if license_.expires_on is None
                    else _(
                        "License %(number)s for %(dog)s is issued. It is good until %(expires)s."
                    )
                    % {
                        "number": license_.number,
                        "dog": application.dog_name,
                        "expires": date_format(license_.expires_on, "DATE_FORMAT"),
                    }
                ),
                _(
                    "The license certificate and your receipt %(receipt)s are attached. The tag "
                    "(number %(tag)s) is mailed to you or ready at City Hall; the dog wears it "
                    "(%(citation)s)."
                )
                % {
                    "receipt": receipt.number,
                    "tag": issued.tag.serial,
                    "citation": cited_as(_section(TAG_WORN)),
                },
                _("Your household: %(url)s") % {"url": absolute(reverse("residents:household"))},
                _footer(),
            ]
        )
        queue_message(
            to=application.account.email,
            subject=_("License %(number)s issued for %(dog)s")
            % {"number": license_.number, "dog": application.dog_name},
            body=body + "\n",
            kind="online_application_issued",
            key=f"online-application:{application.pk}:issued",
            attachments=[
                Attachment(
                    license_documents.filename(license_), license_documents.render(license_)
                ),
                Attachment(receipt_documents.filename(receipt), receipt_documents.render(receipt)),
            ],
            about=application,
        )
