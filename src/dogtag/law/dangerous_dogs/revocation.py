"""Revocation of a Certificate of Registration: only following hearing, and only for a failure the
ordinance names. Each provision is named by a concept (``dangerous_dog.revocation.grounds``) and
cited as the jurisdiction package says (``law.provisions``); the quotations are Nowthen's words.

The grounds: "Any Certificate of Registration for a Dangerous Dog may be revoked, following
Hearing, if the Owner fails to maintain compliance with any registration requirement, or fails to
keep or maintain the Dangerous Dog as required by any provision of this Section or applicable
state law." The inspection adds one ground: "The failure of an Owner to permit such inspection
is, by itself, a ground to ... revoke the Dangerous Dog registration".

The failure is what the notice of revocation alleged ("the alleged reasons why the dog is not
being kept in conformance"), or the inspection the owner did not permit. The notice and the
hearing's limit are ``dangerous_dog.revocation_hearing``; what follows a revocation is
``dangerous_dog.time_to_obtain``.
"""

from __future__ import annotations

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "Any Certificate of Registration for a Dangerous Dog may be revoked, following Hearing, if the
#: Owner fails to maintain compliance with any registration requirement, or fails to keep or
#: maintain the Dangerous Dog as required"
GROUNDS = "dangerous_dog.revocation.grounds"
#: "The failure of an Owner to permit such inspection is, by itself, a ground to ... revoke"
INSPECTION = "dangerous_dog.inspection"
#: "a written Notice setting forth the alleged reasons why the dog is not being kept in
#: conformance"
HEARING = "dangerous_dog.revocation.hearing"
#: "as required by any provision of this Section": the dangerous-dog section as a whole
SECTION_AS_A_WHOLE = "dangerous_dog.restrictions"
RULE = "dangerous_dog.revocation"


@rule(
    RULE,
    provisions=(GROUNDS, INSPECTION),
    title="A certificate is revoked only following hearing, for a failure the ordinance names",
    summary=(
        "The Certificate of Registration may be revoked only after the revocation hearing, and "
        "only because the owner failed to maintain a registration requirement or to keep the dog "
        "as {§dangerous_dog.restrictions} or state law requires (the reasons the notice alleged), "
        "or did not permit an inspection ({§dangerous_dog.inspection})."
    ),
    question="dangerous-dog-revocation",
)
def revocation(
    *, heard: bool, revoked: bool, alleged_reasons: str, inspection_refused: bool = False
) -> Finding:
    """The grounds: revoked "following Hearing, if the Owner fails to maintain compliance with any
    registration requirement, or fails to keep or maintain the Dangerous Dog as required"; the
    inspection: not permitting an inspection is by itself a ground. ``revoked`` False: the Hearing Officer
    does not revoke, which needs no ground."""
    reasons = alleged_reasons.strip()
    section, inspection = cite(GROUNDS), cite(INSPECTION)
    facts: dict[str, JSONValue] = {
        "heard": heard,
        "revoked": revoked,
        "alleged_reasons": reasons,
        "inspection_refused": inspection_refused,
    }

    def found(outcome: str, message: str, *, blocks: bool = False) -> Finding:
        sections = (section, inspection) if inspection_refused else (section,)
        return Finding(
            rule=RULE,
            outcome=outcome,
            sections=sections,
            blocks=blocks,
            message=message,
            facts=facts,
        )

    if not revoked:
        return found(
            "not_revoked",
            f"Not revoked: the Certificate of Registration stands ({section}).",
        )
    if not heard:
        return found(
            "no_hearing",
            f"The revocation hearing has not been held: a Certificate of Registration is revoked "
            f"only following hearing ({section}).",
            blocks=True,
        )
    grounds = []
    if inspection_refused:
        grounds.append(f"the owner did not permit an inspection, by itself a ground ({inspection})")
    if reasons:
        grounds.append(
            "the Hearing Officer found the failure the notice of revocation alleged "
            f"({cite(HEARING)}): "
            f"{reasons.rstrip('.')}"
        )
    if not grounds:
        return found(
            "no_ground",
            "No failure is alleged: a certificate is revoked only if the owner fails to maintain "
            f"a registration requirement or to keep the dog as {cite(SECTION_AS_A_WHOLE)} or state "
            f"law requires ({section}).",
            blocks=True,
        )
    return found(
        "may_revoke",
        f"Revoked following hearing ({section}), because " + "; and ".join(grounds) + ".",
    )


@facts
class RevocationFacts:
    """The facts of the question ``dangerous-dog-revocation``."""

    heard: bool = fact("The revocation hearing was held", example=True)
    revoked: bool = fact("The Hearing Officer revokes the certificate", example=True)
    alleged_reasons: str = fact(
        "The reasons the notice of revocation alleged the dog is not kept in conformance "
        "({§dangerous_dog.revocation.hearing}); empty if none",
        example="The proper enclosure's gate was found unlocked on 2027-01-02.",
    )
    inspection_refused: bool = fact(
        "The owner did not permit an inspection ({§dangerous_dog.inspection})",
        default=False,
        example=False,
    )
