"""The notice of a dangerous-animal designation, for the owner: the animal, the designation and
where the case stands on the day printed, each finding with its sections as the rules core gives
them and the deadlines running (``standing``). The sections come from the city's package."""

from __future__ import annotations

import datetime as dt

from reportlab.platypus import Flowable

from dogtag.dangerous_animals import standing
from dogtag.dangerous_animals.models import AnimalCase
from dogtag.law import dangerous_animal_procedure as procedure
from dogtag.records import pdf
from dogtag.records.letters import AddressWindow
from dogtag.records.services import city_params

#: the outcomes of the findings the notice states (the steps allowed are the office's)
STATED = frozenset({"designated", "late", "misdemeanor", "noticed"})


def _address(case: AnimalCase) -> list[str]:
    owner = case.owner
    return [owner.name, owner.street, f"{owner.city}, {owner.state} {owner.postal_code}".strip()]


def _cited(message: str, sections: list[str] | tuple[str, ...]) -> str:
    return f"{pdf.text(message)} <i>({pdf.text(pdf.sections_text(list(sections)))})</i>"


def notice_pdf(case: AnimalCase, on: dt.date) -> bytes:
    """The notice of the designation of ``case``'s animal, as the case stands on ``on``."""
    now = standing.standing(case, on, city_params(), None)
    stated = [f for f in now.findings[1:] if f.outcome in STATED or f.outcome.startswith("stands_")]
    story: list[Flowable] = [
        AddressWindow(_address(case), [pdf.long_date(on), f"Case {case.number}"]),
        *pdf.title_block(
            "Notice of Dangerous Animal Designation",
            f"{pdf.city_code(procedure.DESIGNATION)} · Case {pdf.text(case.number)}",
        ),
        pdf.field_table(
            [
                ("Animal", pdf.text(f"{case.description} ({case.animal})")),
                ("Owner", pdf.text(", ".join(_address(case)))),
                ("Designated", pdf.long_date(case.designated_on)),
                ("The officer's evidence", pdf.text(case.basis)),
            ]
        ),
        pdf.heading("The designation and the orders"),
        pdf.bullets([_cited(f.message, f.sections) for f in stated]),
    ]
    if now.deadlines:
        story += [
            pdf.heading(f"Deadlines running on {pdf.long_date(on)}"),
            pdf.bullets([_cited(f.message, f.sections) for f in now.deadlines]),
        ]
    return pdf.build(
        story,
        pdf.Page(label=f"Notice of designation, case {case.number}", fold_marks=True),
        title=f"Notice of dangerous animal designation {case.number}",
        subject=f"{case.description}, {pdf.city_code(procedure.DESIGNATION)}",
    )
