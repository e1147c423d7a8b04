"""The license certificate: the license as the records hold it, the findings the desk stored when
it issued (``license.decision.findings``), and the owner's obligations with their sections
(3-2-2.B, 3-2-3.A).

Every value comes from the License record, its dog, owner, rabies vaccination, tags and receipts,
or from the parameters in force (``city_params``); nothing is recomputed here.
"""

from __future__ import annotations

from django.utils import timezone
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer

from dogtag.licensing.models import License
from dogtag.records import pdf
from dogtag.records.services import base_name, city_params

RENEWAL_READING = "readings.renewal_window"
RENEWAL_DAYS = "license.renewal_days"
PENALTY_FEE = "fees.license_penalty"


def find(number: str) -> License | None:
    return (
        License.objects.select_related(
            "dog", "owner", "rabies", "decision", "decision__actor", "previous"
        )
        .prefetch_related("tags", "receipts")
        .filter(number=number)
        .first()
    )


def _born(license_: License) -> str:
    dog = license_.dog
    if dog.born is None:
        return "not recorded"
    if dog.born_estimated:
        return (
            f"{pdf.text(dog.age_on(license_.issued_on))} old on "
            f"{pdf.long_date(license_.issued_on)} (estimated age)"
        )
    return pdf.long_date(dog.born)


def _tags(license_: License) -> str:
    tags = sorted(license_.tags.all(), key=lambda t: t.serial)
    if not tags:
        return "none issued"
    return "; ".join(
        f"<b>{pdf.text(t.serial)}</b> ({pdf.text(t.get_status_display())})" for t in tags
    )


def _fee(license_: License) -> str:
    parts = f"{pdf.money(license_.fee)} ({license_.tier_years}-year tier)"
    if license_.penalty:
        parts += f" + penalty {pdf.money(license_.penalty)}"
    return pdf.text(parts)


def _obligations(license_: License) -> list[Flowable]:
    params = city_params()
    on = license_.expires_on
    days = params.get(RENEWAL_DAYS, on)
    reading = params.get(RENEWAL_READING, on).to_json()
    penalty = params.get(PENALTY_FEE, on)
    items = [
        "Fasten the tag permanently to the collar of this dog, where City staff, the Animal "
        "Control Authority or Law Enforcement can easily see it, and see that the dog wears it "
        "at all times (3-2-3.A).",
        "The tag and this license are for this dog only: tags are not transferable from one "
        "dog to another (3-2-3.A).",
        f"The license is valid for the same length of time as the rabies vaccination: it "
        f"expires {pdf.long_date(license_.expires_on)}, with the vaccination (3-2-2.B).",
        f"Renew within {pdf.text(days.display())} or the penalty set by the City Council "
        f"({pdf.text(penalty.display())}, {pdf.text(penalty.source.cite())}) is assessed "
        f"(3-2-2.B). The City counts the {pdf.text(days.display())} as follows: "
        f"{pdf.text(' '.join(str(reading['chosen_meaning']).split()))}",
        "No refund of the license fee is made if the owner leaves the City or the dog dies "
        "before the license expires (3-2-3.A).",
    ]
    return [pdf.bullets(items, "small")]


def story(license_: License) -> list[Flowable]:
    dog, owner, rabies = license_.dog, license_.owner, license_.rabies
    today = timezone.localdate()
    state = license_.state_on(today)
    flow: list[Flowable] = pdf.title_block(
        f"Dog license {license_.number}",
        f"Certificate of license, City Code 3-2-2 and 3-2-3 · status on "
        f"{pdf.long_date(today)}: <b>{pdf.text(state)}</b>",
    )
    label = 1.15 * inch
    flow.append(
        pdf.two_field_tables(
            [
                ("License number", f"<b>{pdf.text(license_.number)}</b>"),
                ("Status", pdf.text(state)),
                ("Kind", pdf.text(license_.get_kind_display().capitalize())),
                ("Issued", pdf.long_date(license_.issued_on)),
                ("Expires", f"<b>{pdf.long_date(license_.expires_on)}</b>"),
                ("Fee", _fee(license_)),
                ("Tag serial", _tags(license_)),
            ],
            [
                ("Owner", f"<b>{pdf.text(owner.name)}</b>"),
                ("Address", pdf.text(owner.address)),
                ("Dog", f"<b>{pdf.text(dog.name)}</b>"),
                ("Breed", pdf.text(dog.breed)),
                ("Color", pdf.text(dog.color)),
                ("Sex", pdf.text(dog.get_sex_display())),
                ("Born", _born(license_)),
                ("Sterilized", "yes" if dog.sterilized else "no"),
                ("Microchip", pdf.text(dog.microchip) if dog.microchip else "none recorded"),
            ],
            label_width=label,
        )
    )
    flow += [pdf.heading("Rabies vaccination (3-2-2.G)")]
    flow.append(
        pdf.two_field_tables(
            [
                ("Veterinarian", pdf.text(rabies.veterinarian)),
                ("Clinic", pdf.text(rabies.clinic) if rabies.clinic else "not recorded"),
                (
                    "Certificate",
                    pdf.text(rabies.certificate_number) if rabies.certificate_number else "—",
                ),
            ],
            [
                ("Vaccinated", pdf.long_date(rabies.vaccinated_on)),
                ("Expires", pdf.long_date(rabies.expires_on)),
                ("Rabies tag", pdf.text(rabies.rabies_tag_number or "—")),
            ],
            label_width=label,
        )
    )
    decision = license_.decision
    receipts = sorted(license_.receipts.all(), key=lambda r: r.number)
    paid = (
        f"; paid on receipt {', '.join(pdf.text(r.number) for r in receipts)}" if receipts else ""
    )
    if decision is None:  # imported history: Dogtag decided nothing about it
        flow += [
            pdf.heading("Why this license issued"),
            pdf.para(
                "This license was issued before Dogtag, by the City's earlier records system, and "
                "brought in from them as history (imported): Dogtag recorded no decision for it. "
                f"Fee paid then: ${license_.fee:,.2f}"
                + (f", penalty ${license_.penalty:,.2f}" if license_.penalty else "")
                + ".",
                "small",
            ),
        ]
    else:
        by = f" by {pdf.text(pdf.user_name(decision.actor))}" if decision.actor else ""
        flow += [
            pdf.heading("Why this license issued"),
            pdf.para(
                f"The findings the City recorded when it decided on "
                f"{pdf.long_date(decision.decided_on)}{by}{paid}:",
                "small",
            ),
            Spacer(1, 3),
            pdf.data_table(
                ["Finding", "Sections"],
                [
                    [pdf.text(f["message"]), pdf.text(pdf.sections_text(f["sections"]))]
                    for f in decision.findings
                ],
                [5.5 * inch, 1.5 * inch],
                compact=True,
            ),
        ]
    flow.append(pdf.heading("The owner's obligations"))
    flow += _obligations(license_)
    flow += [
        Spacer(1, 8),
        pdf.para(
            f"Sections cited are of the {pdf.text(base_name())} City Code, chapter 3, "
            f"section 2 (dogs); 1-2-2 is the City's fee schedule, set by council resolution.",
            "muted",
        ),
    ]
    return flow


def render(license_: License) -> bytes:
    today = timezone.localdate()
    watermark = None
    if license_.status == License.Status.VOID:
        watermark = "VOID"
    elif not license_.in_force_on(today):
        watermark = "NOT IN FORCE"
    return pdf.build(
        story(license_),
        pdf.Page(label=f"Dog license {license_.number}", watermark=watermark),
        title=f"Dog license {license_.number}",
    )


def filename(license_: License) -> str:
    return f"license-{license_.number}.pdf"
