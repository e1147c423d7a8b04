"""Renewal reminder letters: one mail-merge PDF, one letter per owner, for the licenses in force
of living, resident dogs that expire between two dates and have not been renewed yet.

Each letter gives the owner's dogs and their expiry dates, what to bring
(``license.rabies_required``), the fees in force on the expiry date with the resolution (or
ordinance) that set them, and the late-renewal penalty worded from the reading the City adopted
(``license.renewal``), each cited as the city in force numbers it. The address block sits in the
window of a #10 envelope when the letter is folded in three (fold marks in the left margin).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import TypeVar

from django.db.models import Exists, OuterRef, Prefetch, Q
from django.utils import timezone
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, PageBreak, Spacer

from dogtag.law.licensing import (
    FEE_TIERS,
    RENEWAL_READING,
    TERM_READING,
    fee_asks_sterilization,
)
from dogtag.law.params import ParameterNotSet, ParameterSet
from dogtag.law.provisions import cite, cite_each, together
from dogtag.licensing.models import Dog, License, Owner, Tag
from dogtag.records import pdf
from dogtag.records.letters import AddressWindow
from dogtag.records.services import city_params, fee_instrument

PENALTY_FEE = "fees.license_penalty"
RENEWAL_DAYS = "license.renewal_days"

TIER_NAMES = {1: "One year", 2: "Two years", 3: "Three years"}
#: where the fee is by spay/neuter status (``license.fee_basis``): its rows, and their fees
STATUS_FEES = (
    ("Spayed or neutered", "fees.dog_license.sterilized"),
    ("Not spayed or neutered", "fees.dog_license.not_sterilized"),
)
# The provisions the letter cites (each package's ordinance/sections.yaml)
REQUIRED, TERM, FEE, RENEWAL = "license.required", "license.term", "license.fee", "license.renewal"
RABIES_REQUIRED, TAG_FURNISHED = "license.rabies_required", "tag.furnished"
FEE_WITH_APPLICATION, NO_REFUND = "license.fee_with_application", "license.no_refund"

T = TypeVar("T")


@dataclass(frozen=True)
class Letter:
    owner: Owner
    licenses: list[License]


def _due(start: dt.date, end: dt.date) -> list[License]:
    later = License.objects.filter(dog=OuterRef("dog")).exclude(pk=OuterRef("pk"))
    later = later.exclude(status=License.Status.VOID).filter(
        Q(expires_on__gt=OuterRef("expires_on"))
        | Q(issued_on__gt=OuterRef("issued_on"))
        # a license in force for the dog's lifetime: nothing to renew
        | Q(expires_on__isnull=True, status=License.Status.ACTIVE)
    )
    return list(
        License.objects.filter(
            status=License.Status.ACTIVE,
            dog__status=Dog.Status.ACTIVE,
            expires_on__gte=start,
            expires_on__lte=end,
        )
        .exclude(Exists(later))
        .select_related("dog", "owner")
        .prefetch_related(
            Prefetch(
                "tags",
                queryset=Tag.objects.filter(status=Tag.Status.ISSUED).order_by("serial"),
                to_attr="issued_tags",
            )
        )
        .order_by("owner__name", "owner_id", "expires_on", "dog__name", "number")
    )


def letters(start: dt.date, end: dt.date) -> list[Letter]:
    """One letter per owner, with that owner's licenses expiring from ``start`` to ``end``:
    licenses in force (not renewed, voided or ended) of dogs still active, with no later license."""
    return [
        Letter(owner=licenses[0].owner, licenses=licenses)
        for licenses in (
            list(group) for _, group in groupby(_due(start, end), key=lambda lic: lic.owner_id)
        )
    ]


# ------------------------------------------------------------------------- what is in force


@dataclass(frozen=True)
class Fees:
    """The license fees in force on a date: (term, amount, source) per tier, or per spay/neuter
    status where the city's fee is by it (``basis`` names the column)."""

    tiers: tuple[tuple[str, str, str], ...]
    basis: str = "License term"


@dataclass(frozen=True)
class Renewal:
    """How the term is set and what a late renewal costs, on a date (``license.renewal``)."""

    term_meaning: str
    renewal_days: str
    renewal_meaning: str
    penalty: str
    penalty_source: str


def _words(value: object) -> str:
    return " ".join(str(value).split())


def fees_on(params: ParameterSet, day: dt.date) -> Fees:
    if fee_asks_sterilization(params, day):
        rows = []
        for status, key in STATUS_FEES:
            fee = params.get(key, day)
            rows.append((status, fee.display(), fee.source.cite()))
        return Fees(tuple(rows), "The dog")
    tiers = []
    for years, key in FEE_TIERS:
        fee = params.get(key, day)
        tiers.append((TIER_NAMES.get(years, f"{years} years"), fee.display(), fee.source.cite()))
    return Fees(tuple(tiers))


def renewal_on(params: ParameterSet, day: dt.date) -> Renewal:
    try:
        penalty = params.get(PENALTY_FEE, day)
        amount, source = penalty.display(), penalty.source.cite()
    except ParameterNotSet:  # the city's package knows of it but not its amount (Lino Lakes)
        amount = "the amount the City Council sets"
        source = f"ask the City office; {together(cite_each(RENEWAL, 'fees.schedule'))}"
    return Renewal(
        term_meaning=_words(params.get(TERM_READING, day).to_json()["chosen_meaning"]),
        renewal_days=params.get(RENEWAL_DAYS, day).display(),
        renewal_meaning=_words(params.get(RENEWAL_READING, day).to_json()["chosen_meaning"]),
        penalty=amount,
        penalty_source=source,
    )


# ------------------------------------------------------------------------------ the letter


def _address(owner: Owner) -> list[str]:
    place = f"{owner.city}, {owner.state} {owner.postal_code}".strip()
    return [owner.name, owner.street, place]


def _expiry_dates(days: Sequence[dt.date]) -> str:
    return ", ".join(pdf.long_date(d) for d in days)


def _grouped(days: Sequence[dt.date], value_on: Callable[[dt.date], T]) -> dict[T, list[dt.date]]:
    """The dates grouped by the value in force on each, in date order."""
    groups: dict[T, list[dt.date]] = {}
    for day in days:
        groups.setdefault(value_on(day), []).append(day)
    return groups


class Stamps:
    """The blocks every letter of a batch shares, each laid out and drawn once (``pdf.Stamp``):
    the same text in two letters is one stamp, placed in both."""

    def __init__(self) -> None:
        self.made: dict[tuple[object, ...], pdf.Stamp] = {}

    def __call__(self, key: tuple[object, ...], make: Callable[[], list[Flowable]]) -> Flowable:
        if key not in self.made:
            self.made[key] = pdf.Stamp(make())
        return self.made[key]


def _fees_and_penalty(letter: Letter, params: ParameterSet, stamp: Stamps) -> list[Flowable]:
    """The fees and the penalty in force on each expiry date: one column of fees per set of
    fees in force, one paragraph on late renewal unless its terms differ between the dates."""
    days = sorted({lic.expires_on for lic in letter.licenses})
    fees = _grouped(days, lambda day: fees_on(params, day))
    columns = list(fees.items())
    rows = []
    for i, (term, _, _) in enumerate(columns[0][0].tiers):
        row = [pdf.text(term)]
        for schedule, _ in columns:
            _, amount, source = schedule.tiers[i]
            row.append(
                f"<b>{pdf.text(amount)}</b> <font size='7.5' color='#5c5c5c'>"
                f"{pdf.text(source)}</font>"
            )
        rows.append(row)
    headers = [
        columns[0][0].basis,
        *(f"Fee per dog in force on {_expiry_dates(on)}" for _, on in columns),
    ]
    flow: list[Flowable] = [
        stamp(
            ("fees", *headers, *(cell for row in rows for cell in row)),
            lambda: [
                pdf.heading(f"Fees ({cite(FEE)}, set by council {fee_instrument().lower()})"),
                pdf.data_table(
                    headers,
                    rows,
                    [1.2 * inch] + [5.8 * inch / len(columns)] * len(columns),
                    compact=True,
                ),
                Spacer(1, 3),
            ],
        )
    ]
    renewals = _grouped(days, lambda day: renewal_on(params, day))
    for renewal, on in renewals.items():
        when = "" if len(renewals) == 1 else f"For licenses expiring {_expiry_dates(on)}: "
        flow.append(_late_renewal(when, renewal, stamp))
    return flow


def _late_renewal(when: str, renewal: Renewal, stamp: Stamps) -> Flowable:
    return stamp(
        ("late", when, renewal),
        lambda: [
            pdf.para(
                f"{when}How the term is set: {pdf.text(renewal.term_meaning)}<br/>"
                f"<b>If you renew late.</b> A license must be renewed within "
                f"{pdf.text(renewal.renewal_days)} after the vaccination or a penalty set by the "
                f"City Council is assessed ({cite(RENEWAL)}). The City counts the "
                f"{pdf.text(renewal.renewal_days)} as follows: "
                f"{pdf.text(renewal.renewal_meaning)} Penalty: <b>{pdf.text(renewal.penalty)}</b> "
                f"({pdf.text(renewal.penalty_source)}).",
                "small",
            )
        ],
    )


def _letter(letter: Letter, today: dt.date, params: ParameterSet, stamp: Stamps) -> list[Flowable]:
    owner = letter.owner
    count = len(letter.licenses)
    dogs = "dog" if count == 1 else "dogs"
    flow: list[Flowable] = [
        pdf.StartOfLetter(),
        AddressWindow(_address(owner), [pdf.long_date(today)]),
        pdf.para("Dog license renewal reminder", "title"),
        Spacer(1, 6),
        pdf.para(f"Dear {pdf.text(owner.name)},"),
        Spacer(1, 4),
        stamp(
            ("intro", dogs),
            lambda: [
                pdf.para(
                    f"The City's records show that the license of your {dogs} below expires "
                    f"soon. A dog license is valid for the same length of time as the dog's "
                    f"rabies vaccination, and every dog kept in the City must be licensed "
                    f"({pdf.city_code(REQUIRED, TERM, full=True)})."
                ),
            ],
        ),
        Spacer(1, 6),
        pdf.data_table(
            ["Dog", "License", "Tag", "License expires"],
            [
                [
                    f"<b>{pdf.text(lic.dog.name)}</b> ({pdf.text(lic.dog.breed)}, "
                    f"{pdf.text(lic.dog.color)})",
                    pdf.text(lic.number),
                    pdf.text(", ".join(t.serial for t in lic.issued_tags) or "—"),
                    f"<b>{pdf.long_date(lic.expires_on)}</b>",
                ]
                for lic in letter.licenses
            ],
            [2.9 * inch, 1.1 * inch, 1.1 * inch, 1.9 * inch],
        ),
        stamp(("what to bring",), _what_to_bring),
    ]
    flow += _fees_and_penalty(letter, params, stamp)
    flow += [Spacer(1, 6), stamp(("closing",), _closing)]
    return flow


def _what_to_bring() -> list[Flowable]:
    return [
        pdf.heading("What to bring"),
        pdf.bullets(
            [
                "A current <b>rabies vaccination certificate from a licensed veterinarian</b> "
                "for each dog: no license is granted for a dog not currently vaccinated against "
                f"rabies ({cite(RABIES_REQUIRED)}).",
                "The license fee, paid when you apply; the City gives you the receipt and the "
                f"new tag ({together(cite_each(FEE_WITH_APPLICATION, TAG_FURNISHED))}).",
            ],
            "small",
        ),
    ]


def _closing() -> list[Flowable]:
    office = pdf.office_lines()
    return [
        pdf.para(
            f"If a dog has died, moved away or has a new owner, please tell the City office; no "
            f"license fee is refunded when the owner leaves the City or the dog dies "
            f"({cite(NO_REFUND)}). "
            f"<b>Renew at the City offices:</b> {pdf.text(', '.join(office))}.",
            "small",
        ),
        Spacer(1, 10),
        pdf.para("Sincerely,"),
        Spacer(1, 4),
        pdf.para(f"{pdf.text(office[0])}, Dog licensing"),
    ]


def render(start: dt.date, end: dt.date, batch: Sequence[Letter]) -> bytes:
    today = timezone.localdate()
    params = city_params()  # the files and the resolutions entered, read once for the batch
    story: list[Flowable] = []
    stamp = Stamps()
    for i, letter in enumerate(batch):
        if i:
            story.append(PageBreak())
        story += _letter(letter, today, params, stamp)
    description = f"licenses expiring {pdf.long_date(start)} to {pdf.long_date(end)}"
    return pdf.build(
        story,
        pdf.Page(label=f"Dog license renewal reminder · {description}", fold_marks=True),
        title=f"Renewal reminders: {description}",
    )


def filename(start: dt.date, end: dt.date) -> str:
    return f"renewal-reminders-{start.isoformat()}-to-{end.isoformat()}.pdf"
