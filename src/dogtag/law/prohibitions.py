"""Prohibitions a city's law states that Nowthen's does not: abandoning an animal, and an animal
on public or another's property without the means to remove its feces (Lino Lakes'
prohibitions). Each provision is named by a concept and cited as the jurisdiction package says
(``law.provisions``); a city whose package does not state it cannot be asked the rule
(``registry.unavailable``), and takes no complaint of it (``complaint_procedure.offered_kinds``).

Either is decided both ways: a finding that nothing was abandoned, or that the owner had the
device and the container, is an answer, not a silence.
"""

from __future__ import annotations

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

#: "A person must not abandon an animal within the city."
ABANDONMENT = "nuisance.abandonment"
#: "An owner must not permit any animal to be on park property, city trails, public property or
#: the property of another without having in the owner's immediate possession a device for the
#: immediate removal of feces material deposited by the animal as well as a container for the
#: transport of the material to an appropriate disposal receptacle."
FECES_REMOVAL = "nuisance.feces_removal"


@facts
class AbandonmentFacts:
    """The facts of the question ``abandonment`` (``nuisance.abandonment``)."""

    abandoned: bool = fact(
        "The animal was abandoned within the city (false: it was not, which decides "
        "{§nuisance.abandonment} the other way)"
    )


@facts
class FecesRemovalFacts:
    """The facts of the question ``feces-removal`` (``nuisance.feces_removal``)."""

    on_covered_property: bool = fact(
        "The animal was on park property, city trails, public property or the property of "
        "another ({§nuisance.feces_removal})"
    )
    had_device: bool = fact(
        "The owner had in immediate possession a device for the immediate removal of feces"
    )
    had_container: bool = fact(
        "The owner had a container for transporting the feces to a disposal receptacle"
    )


@rule(
    "nuisance.abandonment",
    provisions=(ABANDONMENT,),
    title="Abandoning an animal",
    summary="A person must not abandon an animal within the city ({§nuisance.abandonment}).",
    question="abandonment",
)
def abandonment(facts: AbandonmentFacts) -> Finding:
    """``nuisance.abandonment``: "A person must not abandon an animal within the city." The
    text defines no more: whether the animal was abandoned is the officer's finding."""
    section = cite(ABANDONMENT)
    found = {"abandoned": facts.abandoned}
    if not facts.abandoned:
        return Finding(
            rule="nuisance.abandonment",
            outcome="not_abandoned",
            sections=(section,),
            message=f"No violation of {section}: the animal was not abandoned.",
            facts=found,
        )
    return Finding(
        rule="nuisance.abandonment",
        outcome="violation",
        sections=(section,),
        blocks=True,
        message=f"Violation: an animal was abandoned within the city ({section}).",
        facts=found,
    )


@rule(
    "nuisance.feces_removal",
    provisions=(FECES_REMOVAL,),
    title="A device and a container for removing feces",
    summary=(
        "An owner must not permit an animal on park property, city trails, public property or "
        "another's property without a device for removing its feces and a container to carry "
        "them away ({§nuisance.feces_removal})."
    ),
    question="feces-removal",
)
def feces_removal(facts: FecesRemovalFacts) -> Finding:
    """``nuisance.feces_removal``: an animal on park, trail, public or another's property needs
    its owner to have both "a device for the immediate removal of feces material" and "a
    container for the transport of the material"; either missing is a violation. On the owner's
    own property the provision does not reach."""
    section = cite(FECES_REMOVAL)
    found = {
        "on_covered_property": facts.on_covered_property,
        "had_device": facts.had_device,
        "had_container": facts.had_container,
    }
    if not facts.on_covered_property:
        return Finding(
            rule="nuisance.feces_removal",
            outcome="not_covered",
            sections=(section,),
            message=f"No violation of {section}: the animal was not on park property, city "
            "trails, public property or the property of another.",
            facts=found,
        )
    missing = [
        what
        for what, had in (
            ("a device for the immediate removal of feces", facts.had_device),
            ("a container to carry them to a disposal receptacle", facts.had_container),
        )
        if not had
    ]
    if not missing:
        return Finding(
            rule="nuisance.feces_removal",
            outcome="met",
            sections=(section,),
            message=f"No violation of {section}: the owner had both the device and the container.",
            facts=found,
        )
    return Finding(
        rule="nuisance.feces_removal",
        outcome="violation",
        sections=(section,),
        blocks=True,
        message=f"Violation: the owner did not have {' nor '.join(missing)} ({section}).",
        facts=found,
    )
