"""The license certificate: the license as the records hold it, the findings the desk stored when
it issued (``license.decision.findings``), and the owner's obligations with their sections
(``license.term``, ``license.renewal``, ``tag.worn``, ...), as the city in force numbers them.

Every value comes from the License record, its dog, owner, rabies vaccination, tags and receipts,
or from the parameters in force (``city_params``); nothing is recomputed here.
"""

from __future__ import annotations

from django.utils import timezone
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer

from dogtag.law import params as law_params
from dogtag.law.licensing.fees import FEE_SCHEDULE, fee_words
from dogtag.law.provisions import cite, cite_each, sections_of
from dogtag.licensing.models import License
from dogtag.records import pdf
from dogtag.records.services import base_name, city_params, fee_instrument

RENEWAL_READING = "readings.renewal_window"
RENEWAL_DAYS = "license.renewal_days"
PENALTY_FEE = "fees.license_penalty"
# The provisions the certificate cites (each package's ordinance/sections.yaml)
TAG_WORN, NOT_TRANSFERABLE = "tag.worn", "tag.not_transferable"
TERM, RENEWAL, NO_REFUND = "license.term", "license.renewal", "license.no_refund"
RABIES_REQUIRED = "license.rabies_required"
LICENSE_SECTION, TAG_SECTION = "license.section", "tag.section"


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
    parts = pdf.money(license_.fee)
    if license_.tier_years is not None:  # a city whose fee is by the term's tier
        parts += f" ({license_.tier_years}-year tier)"
    if license_.penalty:
        parts += f" + penalty {pdf.money(license_.penalty)}"
    return pdf.text(parts)


def _expires(license_: License) -> str:
    if license_.expires_on is None:
        return "<b>for the dog's lifetime</b>"
    return f"<b>{pdf.long_date(license_.expires_on)}</b>"


def _obligations(license_: License) -> list[Flowable]:
    if license_.expires_on is None:
        return _lifetime_obligations()
    params = city_params()
    on = license_.expires_on
    days = params.get(RENEWAL_DAYS, on)
    reading = params.get(RENEWAL_READING, on).to_json()
    penalty, source = fee_words(params, PENALTY_FEE, on)
    items = [
        "Fasten the tag permanently to the collar of this dog, where City staff, the Animal "
        "Control Authority or Law Enforcement can easily see it, and see that the dog wears it "
        f"at all times ({cite(TAG_WORN)}).",
        "The tag and this license are for this dog only: tags are not transferable from one "
        f"dog to another ({cite(NOT_TRANSFERABLE)}).",
        f"The license is valid for the same length of time as the rabies vaccination: it "
        f"expires {pdf.long_date(license_.expires_on)}, with the vaccination ({cite(TERM)}).",
        f"Renew within {pdf.text(days.display())} or the penalty set by the City Council "
        f"({pdf.text(penalty)}, {pdf.text(source)}) is assessed "
        f"({cite(RENEWAL)}). The City counts the {pdf.text(days.display())} as follows: "
        f"{pdf.text(' '.join(str(reading['chosen_meaning']).split()))}",
        "No refund of the license fee is made if the owner leaves the City or the dog dies "
        f"before the license expires ({cite(NO_REFUND)}).",
    ]
    return [pdf.bullets(items, "small")]


def _lifetime_obligations() -> list[Flowable]:
    """A license for the dog's lifetime (``license.term``): nothing to renew, no expiry."""
    items = [
        "Fasten the tag permanently to the collar of this dog, where City staff, the Animal "
        "Control Authority or Law Enforcement can easily see it, and see that the dog wears it "
        f"at all times ({cite(TAG_WORN)}).",
        "The tag and this license are for this dog only: tags are not transferable from one "
        f"dog to another ({cite(NOT_TRANSFERABLE)}).",
        "The license is for the dog's lifetime: it does not expire and is not renewed "
        f"({cite(TERM)}).",
    ]
    return [pdf.bullets(items, "small")]


def _sections_of_the_license() -> str:
    """The sections a license is under, as the city names its code ("City Code" and the
    licensing and tag sections, in Nowthen)."""
    city = law_params.default().city
    sections = " and ".join(cite_each(LICENSE_SECTION, TAG_SECTION))
    return sections_of(city).citation.format(section=sections)


def _code_cited_as() -> str:
    city = law_params.default().city
    if city.ordinance is not None and city.ordinance.cited_as:
        return city.ordinance.cited_as
    return f"the {base_name()} City Code"


def story(license_: License) -> list[Flowable]:
    dog, owner, rabies = license_.dog, license_.owner, license_.rabies
    today = timezone.localdate()
    state = license_.state_on(today)
    flow: list[Flowable] = pdf.title_block(
        f"Dog license {license_.number}",
        f"Certificate of license, {_sections_of_the_license()} · status on "
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
                ("Expires", _expires(license_)),
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
    flow += [pdf.heading(f"Rabies vaccination ({cite(RABIES_REQUIRED)})")]
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
            f"Sections cited are of {pdf.text(_code_cited_as())}; "
            f"{pdf.text(cite(FEE_SCHEDULE))} is the City's fee schedule, set by council "
            f"{pdf.text(fee_instrument().lower())}.",
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
