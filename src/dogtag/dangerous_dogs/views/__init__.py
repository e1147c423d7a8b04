"""The dangerous-dog pages (dangerous_dog.restrictions): the case list, designation, the case page with its
timeline, deadlines, requirements and the forms of the next allowed steps, and the documents.

Thin: a form parses the input, one service acts, the page renders. A refused step re-renders the
case page with the service's message (and its findings) in the form's error summary; nothing was
written. Every page needs ``records.view_records``; the Animal Control Authority's steps need
``records.designate_dangerous_dog``, the hearing and the order ``records.conduct_hearing`` (403
otherwise). The page shows only the forms of the steps that may come next, to those who may take
them.

One module a part: ``steps`` (the steps offered), ``acts`` (a step's form to its service),
``pages``, ``documents``, ``incidents`` (an incident's time given later); every view is importable
from here.
"""

from __future__ import annotations

from dogtag.dangerous_dogs.views.documents import (
    certificate_document,
    hearing_notice_document,
    letter_document,
    notice_document,
    order_document,
    revocation_notice_document,
)
from dogtag.dangerous_dogs.views.incidents import incident_time
from dogtag.dangerous_dogs.views.pages import case_detail, case_list, case_new, case_step
from dogtag.dangerous_dogs.views.steps import STEPS, Step, next_steps

__all__ = [
    "STEPS",
    "Step",
    "case_detail",
    "case_list",
    "case_new",
    "case_step",
    "certificate_document",
    "hearing_notice_document",
    "incident_time",
    "letter_document",
    "next_steps",
    "notice_document",
    "order_document",
    "revocation_notice_document",
]
