"""Releasing a dog to the Animal Control Authority: the misdemeanor of refusing. The provision is
named by a concept (``dangerous_dog.release_on_demand``) and cited as the jurisdiction package says
(``law.provisions``); the quotation is Nowthen's words.

"Any person who fails or refuses to release a dog to the Animal Control Authority or
law enforcement agent upon demand, or after it has been found by a Hearing Officer to be Dangerous
and ordered into custody, shall be guilty of a misdemeanor."

Dogtag records the demand (a seizure pending the hearing or for sterilization) and the custody
order; whether the dog was released is the officer's report. The finding says what the provision
makes of it: a duty while
the dog is not yet in hand, a misdemeanor once a person fails or refuses, nothing without a demand
or an order.
"""

from __future__ import annotations

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

#: "Any person who fails or refuses to release a dog to the Animal Control Authority or law
#: enforcement agent upon demand ... shall be guilty of a misdemeanor."
RELEASE_ON_DEMAND = "dangerous_dog.release_on_demand"
RULE = "dangerous_dog.release_on_demand"


@rule(
    RULE,
    provisions=(RELEASE_ON_DEMAND,),
    title="Refusing to release a dog to the Authority is a misdemeanor",
    summary=(
        "A person who fails or refuses to release a dog to the Animal Control Authority or a law "
        "enforcement agent upon demand, or after a Hearing Officer found it dangerous and "
        "ordered it into custody, is guilty of a misdemeanor."
    ),
    question="dangerous-dog-release-on-demand",
)
def release_on_demand(
    *, demanded: bool, ordered_into_custody: bool, released: bool | None
) -> Finding:
    """The release on demand: the duty to release the dog arises on a demand by the Authority or a law
    enforcement agent, or on the Hearing Officer's order into custody after finding the dog
    dangerous. ``released`` None: not yet known (the order was just issued); False: the person
    failed or refused."""
    section = cite(RELEASE_ON_DEMAND)
    facts: dict[str, JSONValue] = {
        "demanded": demanded,
        "ordered_into_custody": ordered_into_custody,
        "released": released,
    }
    why = " and ".join(
        text
        for text, given in (
            (
                "upon the demand of the Animal Control Authority or a law enforcement agent",
                demanded,
            ),
            (
                "after the Hearing Officer found the dog dangerous and ordered it into custody",
                ordered_into_custody,
            ),
        )
        if given
    )

    def found(outcome: str, message: str, *, blocks: bool = False) -> Finding:
        return Finding(
            rule=RULE,
            outcome=outcome,
            sections=(section,),
            blocks=blocks,
            message=message,
            facts=facts,
        )

    if not why:
        return found(
            "no_demand",
            f"No demand and no order into custody: there is nothing to release ({section}).",
        )
    if released is None:
        return found(
            "must_release",
            f"The dog must be released to the Animal Control Authority {why}; any person who "
            f"fails or refuses to release it is guilty of a misdemeanor ({section}).",
        )
    if released:
        return found(
            "released",
            f"The dog was released to the Animal Control Authority {why} ({section}).",
        )
    return found(
        "misdemeanor",
        f"Misdemeanor: the dog was not released {why}; a person who fails or refuses to release "
        f"it is guilty of a misdemeanor ({section}).",
        blocks=True,
    )


@facts
class ReleaseOnDemandFacts:
    """The facts of the question ``dangerous-dog-release-on-demand``."""

    demanded: bool = fact(
        "The Animal Control Authority or a law enforcement agent demanded the dog", example=True
    )
    ordered_into_custody: bool = fact(
        "A Hearing Officer found the dog dangerous and ordered it into custody", example=False
    )
    released: bool | None = fact(
        "Whether the dog was released to the Authority (leave out if not yet known)",
        default=None,
        example=False,
    )
