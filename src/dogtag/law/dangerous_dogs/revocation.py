"""3-2-9.B.6.a Revocation of a Certificate of Registration: only following hearing, and only for a
failure the ordinance names.

3-2-9.B.6.a: "Any Certificate of Registration for a Dangerous Dog may be revoked, following
Hearing, if the Owner fails to maintain compliance with any registration requirement, or fails to
keep or maintain the Dangerous Dog as required by any provision of this Section or applicable
state law." E.6 adds one ground: "The failure of an Owner to permit such inspection is, by
itself, a ground to ... revoke the Dangerous Dog registration pursuant to Section 3-2-9.B.6".

The failure is what the notice of revocation alleged (B.6.b: "the alleged reasons why the dog is
not being kept in conformance"), or the inspection the owner did not permit. The notice and the
hearing's limit are ``dangerous_dog.revocation_hearing`` (B.6.b); what follows a revocation is
``dangerous_dog.time_to_obtain`` (B.6.c).
"""

from __future__ import annotations

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.registry import rule

SECTION = "3-2-9.B.6.a"
RULE = "dangerous_dog.revocation"


@rule(
    RULE,
    sections=(SECTION, "3-2-9.E.6"),
    title="A certificate is revoked only following hearing, for a failure the ordinance names",
    summary=(
        "The Certificate of Registration may be revoked only after the revocation hearing, and "
        "only because the owner failed to maintain a registration requirement or to keep the dog "
        "as 3-2-9 or state law requires (the reasons the notice alleged), or did not permit an "
        "inspection (E.6)."
    ),
    question="dangerous-dog-revocation",
)
def revocation(
    *, heard: bool, revoked: bool, alleged_reasons: str, inspection_refused: bool = False
) -> Finding:
    """3-2-9.B.6.a: revoked "following Hearing, if the Owner fails to maintain compliance with any
    registration requirement, or fails to keep or maintain the Dangerous Dog as required"; E.6:
    not permitting an inspection is by itself a ground. ``revoked`` False: the Hearing Officer
    does not revoke, which needs no ground."""
    reasons = alleged_reasons.strip()
    facts: dict[str, JSONValue] = {
        "heard": heard,
        "revoked": revoked,
        "alleged_reasons": reasons,
        "inspection_refused": inspection_refused,
    }

    def found(outcome: str, message: str, *, blocks: bool = False) -> Finding:
        sections = (SECTION, "3-2-9.E.6") if inspection_refused else (SECTION,)
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
            f"Not revoked: the Certificate of Registration stands ({SECTION}).",
        )
    if not heard:
        return found(
            "no_hearing",
            f"The revocation hearing has not been held: a Certificate of Registration is revoked "
            f"only following hearing ({SECTION}).",
            blocks=True,
        )
    grounds = []
    if inspection_refused:
        grounds.append("the owner did not permit an inspection, by itself a ground (3-2-9.E.6)")
    if reasons:
        grounds.append(
            f"the Hearing Officer found the failure the notice of revocation alleged (3-2-9.B.6.b): "
            f"{reasons.rstrip('.')}"
        )
    if not grounds:
        return found(
            "no_ground",
            "No failure is alleged: a certificate is revoked only if the owner fails to maintain "
            "a registration requirement or to keep the dog as 3-2-9 or state law requires "
            f"({SECTION}).",
            blocks=True,
        )
    return found(
        "may_revoke",
        f"Revoked following hearing ({SECTION}), because " + "; and ".join(grounds) + ".",
    )


@facts
class RevocationFacts:
    """The facts of the question ``dangerous-dog-revocation`` (3-2-9.B.6.a, E.6)."""

    heard: bool = fact("The revocation hearing was held", example=True)
    revoked: bool = fact("The Hearing Officer revokes the certificate", example=True)
    alleged_reasons: str = fact(
        "The reasons the notice of revocation alleged the dog is not kept in conformance "
        "(3-2-9.B.6.b); empty if none",
        example="The proper enclosure's gate was found unlocked on 2027-01-02.",
    )
    inspection_refused: bool = fact(
        "The owner did not permit an inspection (3-2-9.E.6)", default=False, example=False
    )
