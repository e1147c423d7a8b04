"""The receipt (``license.fee_with_application``: in Nowthen's words "City staff shall deliver
the original receipt to the applicant"; ``tag.furnished``: "the owner of a licensed dog shall be
furnished a receipt").

Everything printed comes from the Receipt record and its lines: each line's amount, the section
it was charged under and the resolution that set the amount were stored when it was taken.
"""

from __future__ import annotations

from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer

from dogtag.licensing.models import Receipt
from dogtag.records import pdf

# The provisions a receipt is given under (each package's ordinance/sections.yaml)
FEE_WITH_APPLICATION, TAG_FURNISHED = "license.fee_with_application", "tag.furnished"


def find(number: str) -> Receipt | None:
    return (
        Receipt.objects.select_related(
            "owner", "cashier", "license", "license__dog", "voids", "voided_by__cashier"
        )
        .prefetch_related("lines")
        .filter(number=number)
        .first()
    )


def _payment(receipt: Receipt) -> str:
    method = receipt.get_method_display().capitalize()
    if receipt.reference:
        return f"{pdf.text(method)}, reference {pdf.text(receipt.reference)}"
    return pdf.text(method)


def _void_notices(receipt: Receipt) -> list[str]:
    notices = []
    if receipt.is_void:
        reversal = receipt.voided_by
        notices.append(
            f"VOID. Voided by {pdf.text(reversal.number)} on "
            f"{pdf.text(pdf.local_datetime(reversal.issued_at))}, reason: "
            f"{pdf.text(reversal.void_reason)}"
        )
    if receipt.voids is not None:
        notices.append(
            f"Voids {pdf.text(receipt.voids.number)} of "
            f"{pdf.text(pdf.local_datetime(receipt.voids.issued_at))}, reason: "
            f"{pdf.text(receipt.void_reason)}"
        )
    return notices


def story(receipt: Receipt) -> list[Flowable]:
    kind = "Reversing receipt" if receipt.voids is not None else "Receipt"
    flow: list[Flowable] = pdf.title_block(
        f"{kind} {receipt.number}",
        f"Dog license fees paid at the City offices ({pdf.city_code(FEE_WITH_APPLICATION, TAG_FURNISHED)})",
    )
    notices = _void_notices(receipt)
    if notices:
        flow += [pdf.notice_box(notices), Spacer(1, 8)]
    owner = receipt.owner
    rows = [
        ("Receipt number", f"<b>{pdf.text(receipt.number)}</b>"),
        ("Date and time", pdf.text(pdf.local_datetime(receipt.issued_at))),
        ("Payer", pdf.text(receipt.payer)),
        ("Owner", pdf.text(owner.name) if owner else "none recorded"),
        ("Owner's address", pdf.text(owner.address) if owner else "none recorded"),
        ("Cashier", pdf.text(pdf.user_name(receipt.cashier))),
        ("Payment", _payment(receipt)),
    ]
    if receipt.license is not None:
        license_ = receipt.license
        rows.append(("License", f"{pdf.text(license_.number)} ({pdf.text(license_.dog.name)})"))
    flow.append(pdf.field_table(rows))
    flow += [Spacer(1, 6), pdf.heading("Amounts")]
    lines = list(receipt.lines.all())
    flow.append(
        pdf.data_table(
            ["Description", "Section", "Source of the amount", "Amount"],
            [
                [
                    pdf.text(line.description),
                    pdf.text(line.section),
                    pdf.text(line.source),
                    pdf.text(pdf.money(line.amount)),
                ]
                for line in lines
            ],
            [2.6 * inch, 0.8 * inch, 2.3 * inch, 0.9 * inch],
            right=(3,),
            total=["Total", "", "", pdf.text(pdf.money(receipt.total))],
        )
    )
    flow += [
        Spacer(1, 14),
        pdf.citation_box(pdf.quotes("receipt", "refund")),
        Spacer(1, 8),
        pdf.para(
            "Printed from the City's records. A receipt is never altered: a correction is a "
            "reversing receipt that names the receipt it voids.",
            "muted",
        ),
    ]
    return flow


def render(receipt: Receipt) -> bytes:
    return pdf.build(
        story(receipt),
        pdf.Page(label=f"Receipt {receipt.number}", watermark="VOID" if receipt.is_void else None),
        title=f"Receipt {receipt.number}",
    )


def filename(receipt: Receipt) -> str:
    return f"receipt-{receipt.number}.pdf"
