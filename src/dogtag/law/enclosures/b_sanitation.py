"""Sanitation of a dog enclosure (``enclosure.sanitation``), cited as the city in force numbers it
(``law.provisions``); the quotations are Nowthen's words.

The sanitation requirement turns on what an inspection finds and on the inspector's judgment whether it
remained "longer than reasonable": the rule takes both as facts and says what the subsection makes
of them; without an inspection it states the requirement (as the notice of compliance does).
"""

from __future__ import annotations

from collections.abc import Sequence

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

# The provision applied here, in the ordinance's words (each package maps it to its section)
SANITATION = "enclosure.sanitation"

# ----------------------------------------------------------------------------- sanitation

#: What ``enclosure.sanitation`` forbids to remain in an enclosure, in Nowthen's words.
WASTES: dict[str, str] = {"feces": "feces", "urine": "urine", "food_scraps": "food scraps"}


@rule(
    "enclosure.sanitation",
    provisions=(SANITATION,),
    title="No feces, urine or food scraps left in an enclosure",
    summary=(
        "No person may permit feces, urine or food scraps to remain in a dog enclosure for longer "
        "than is reasonable and consistent with health and sanitation and the prevention of odor; "
        "whether they remained that long is the inspector's finding."
    ),
    question="enclosure-sanitation",
)
def sanitation(
    found: Sequence[str] | None = None, *, longer_than_reasonable: bool | None = None
) -> Finding:
    """``enclosure.sanitation``: "No person shall permit feces, urine, or food scraps to remain in
    an enclosure for a period that is longer than reasonable and consistent with health and
    sanitation and the prevention of odor."

    ``found`` is what an inspection found in the enclosure (keys of :data:`WASTES`), None when
    there was no inspection (the requirement is stated). When something was found,
    ``longer_than_reasonable`` is the inspector's judgment of the period, which the subsection
    leaves to judgment and the rule does not guess. Cited as the city in force numbers it."""
    section = cite(SANITATION)
    if found is None:
        return Finding(
            rule="enclosure.sanitation",
            outcome="required",
            sections=(section,),
            message=(
                "Keep the enclosure clean: feces, urine and food scraps may not remain in it "
                "longer than is reasonable and consistent with health and sanitation and the "
                f"prevention of odor ({section})."
            ),
            facts={},
        )
    unknown = sorted(set(found) - set(WASTES))
    if unknown:
        raise ValueError(f"{', '.join(unknown)}: not one of {', '.join(WASTES)} ({section})")
    facts: dict[str, JSONValue] = {
        "found": list(dict.fromkeys(found)),
        "longer_than_reasonable": longer_than_reasonable,
    }
    if not found:
        return Finding(
            rule="enclosure.sanitation",
            outcome="sanitary",
            sections=(section,),
            message=f"No feces, urine or food scraps were found in the enclosure ({section}).",
            facts=facts,
        )
    if longer_than_reasonable is None:
        raise ValueError(
            "say whether what was found remained longer than is reasonable and consistent with "
            f"health and sanitation and the prevention of odor ({section})"
        )
    named = _listed([WASTES[w] for w in dict.fromkeys(found)])
    if longer_than_reasonable:
        return Finding(
            rule="enclosure.sanitation",
            outcome="violation",
            sections=(section,),
            blocks=True,
            message=(
                f"Violation: {named} remained in the enclosure longer than is reasonable and "
                f"consistent with health and sanitation and the prevention of odor ({section})."
            ),
            facts=facts,
        )
    return Finding(
        rule="enclosure.sanitation",
        outcome="sanitary",
        sections=(section,),
        message=(
            f"{named[:1].upper()}{named[1:]} found in the enclosure had not remained longer than "
            f"is reasonable ({section}): no violation."
        ),
        facts=facts,
    )


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@facts
class SanitationFacts:
    """The facts of the question ``enclosure-sanitation`` (``enclosure.sanitation``)."""

    found: tuple[str, ...] = fact(
        "What the inspection found remaining in the enclosure (empty if nothing)",
        unit="choice",
        example=["feces"],
        choices=tuple(WASTES),
    )
    longer_than_reasonable: bool | None = fact(
        "The inspector's judgment: it remained longer than is reasonable and consistent with "
        "health and sanitation and the prevention of odor (needed when something was found)",
        default=None,
        example=True,
    )

    def problems(self) -> list[str]:
        if self.found and self.longer_than_reasonable is None:
            return [f"longer_than_reasonable: needed when something was found ({cite(SANITATION)})"]
        return []
