"""The steps of a commercial kennel application (``commercial_kennel.license``): the main steps
and their order are ``kennel_conditions.STEPS`` and the rule ``kennel.commercial_procedure``;
these are the events beside them (``SIDE_STEPS``), with the provision that names each and what it
is. The provisions the kennel procedures apply are named here by their concepts, each cited as
the jurisdiction package says (``law.provisions``) when a finding is made, never at import."""

from __future__ import annotations

from dogtag.law.kennel_conditions import COUNCIL_LICENSE, HEARING_NOTICE, STEPS
from dogtag.law.provisions import cite

# The provisions the kennel procedures apply besides those of ``kennel_conditions``, in the
# ordinance's words (each package maps them to its sections)
#: "No person shall maintain a private kennel in the City without securing a license therefore
#: from the City offices"
PRIVATE_REQUIRED = "private_kennel.required"
#: "subsequent licenses, if so granted, will also be for a term of one (1) year if no nuisance
#: complaints have been received at the City within the previous twelve (12) months"
RENEWAL = "commercial_kennel.renewal"

PROCEDURE = "commercial-kennel-application"
QUESTION = "commercial-kennel-application"
NOTICE_READING = "readings.kennel_notice_omission"
RECOMMENDATIONS = ("approve", "approve_with_conditions", "deny")

#: The events beside the main steps, with the provision that names each and what it is.
SIDE_STEPS: tuple[tuple[str, str, str], ...] = (
    (
        "owner_omitted",
        HEARING_NOTICE,
        "an affected property owner within one quarter (1/4) mile found missing from the notice "
        "list",
    ),
    (
        "owner_notified_late",
        HEARING_NOTICE,
        "the notice given late to an owner missing from the list",
    ),
    ("withdrawn", COUNCIL_LICENSE, "the application withdrawn"),
    (
        "nuisance_complaint",
        RENEWAL,
        "a nuisance complaint received at the City relating to the dogs kept on the property",
    ),
    ("renewal", RENEWAL, "a subsequent license for one (1) year, with no nuisance complaint"),
    (
        "council_renewal",
        RENEWAL,
        "the City Council's decision whether a subsequent license is granted after nuisance "
        "complaints",
    ),
)
#: every step, the main ones first: (name, the provision that names it, what it is)
ALL_STEPS = (*STEPS, *SIDE_STEPS)
EVENT_KINDS = tuple(name for name, _, _ in ALL_STEPS)
CLOSING = ("withdrawn",)
#: what each step is, and the provision that names it
WHAT = {name: what for name, _, what in ALL_STEPS}
PROVISION = {name: concept for name, concept, _ in ALL_STEPS}


def section_of(step: str) -> str:
    """The section that names ``step``, as the city in force numbers it."""
    return cite(PROVISION[step])
