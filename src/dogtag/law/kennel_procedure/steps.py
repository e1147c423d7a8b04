"""The steps of a commercial kennel application (3-2-5.B): the main steps and their order are
``kennel_conditions.COMMERCIAL_STEPS`` and the rule ``kennel.commercial_procedure``; these are the
events beside them (``SIDE_STEPS``), with the section that names each and what it is."""

from __future__ import annotations

from dogtag.law.kennel_conditions import COMMERCIAL_STEPS

PROCEDURE = "commercial-kennel-application"
QUESTION = "commercial-kennel-application"
NOTICE_READING = "readings.kennel_notice_omission"
RECOMMENDATIONS = ("approve", "approve_with_conditions", "deny")

#: The events beside the main steps, with the section that names each and what it is.
SIDE_STEPS: tuple[tuple[str, str, str], ...] = (
    (
        "owner_omitted",
        "3-2-5.B.2",
        "an affected property owner within one quarter (1/4) mile found missing from the notice "
        "list",
    ),
    ("owner_notified_late", "3-2-5.B.2", "the notice given late to an owner missing from the list"),
    ("withdrawn", "3-2-5.B.1", "the application withdrawn"),
    (
        "nuisance_complaint",
        "3-2-5.B.2",
        "a nuisance complaint received at the City relating to the dogs kept on the property",
    ),
    ("renewal", "3-2-5.B.2", "a subsequent license for one (1) year, with no nuisance complaint"),
    (
        "council_renewal",
        "3-2-5.B.2",
        "the City Council's decision whether a subsequent license is granted after nuisance "
        "complaints",
    ),
)
ALL_STEPS = (*COMMERCIAL_STEPS, *SIDE_STEPS)
EVENT_KINDS = tuple(name for name, _, _ in ALL_STEPS)
CLOSING = ("withdrawn",)
#: what each step is, and the section that names it
WHAT = {name: what for name, _, what in ALL_STEPS}
SECTION = {name: section for name, section, _ in ALL_STEPS}
