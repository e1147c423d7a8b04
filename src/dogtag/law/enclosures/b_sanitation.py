"""City Code 3-2-6.B Sanitation requirements.

3-2-6.B (sanitation) turns on what an inspection finds and on the inspector's judgment whether it
remained "longer than reasonable": the rule takes both as facts and says what the subsection makes
of them; without an inspection it states the requirement (as the notice of compliance does).
"""

from __future__ import annotations

from collections.abc import Sequence

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.registry import rule

# ----------------------------------------------------------------------------- 3-2-6.B

#: What 3-2-6.B forbids to remain in an enclosure, in its words.
WASTES: dict[str, str] = {"feces": "feces", "urine": "urine", "food_scraps": "food scraps"}


@rule(
    "enclosure.sanitation",
    sections=("3-2-6.B",),
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
    """3-2-6.B: "No person shall permit feces, urine, or food scraps to remain in an enclosure for a
    period that is longer than reasonable and consistent with health and sanitation and the
    prevention of odor."

    ``found`` is what an inspection found in the enclosure (keys of :data:`WASTES`), None when
    there was no inspection (the requirement is stated). When something was found,
    ``longer_than_reasonable`` is the inspector's judgment of the period, which the subsection
    leaves to judgment and the rule does not guess."""
    if found is None:
        return Finding(
            rule="enclosure.sanitation",
            outcome="required",
            sections=("3-2-6.B",),
            message=(
                "Keep the enclosure clean: feces, urine and food scraps may not remain in it "
                "longer than is reasonable and consistent with health and sanitation and the "
                "prevention of odor (3-2-6.B)."
            ),
            facts={},
        )
    unknown = sorted(set(found) - set(WASTES))
    if unknown:
        raise ValueError(f"{', '.join(unknown)}: not one of {', '.join(WASTES)} (3-2-6.B)")
    facts: dict[str, JSONValue] = {
        "found": list(dict.fromkeys(found)),
        "longer_than_reasonable": longer_than_reasonable,
    }
    if not found:
        return Finding(
            rule="enclosure.sanitation",
            outcome="sanitary",
            sections=("3-2-6.B",),
            message="No feces, urine or food scraps were found in the enclosure (3-2-6.B).",
            facts=facts,
        )
    if longer_than_reasonable is None:
        raise ValueError(
            "say whether what was found remained longer than is reasonable and consistent with "
            "health and sanitation and the prevention of odor (3-2-6.B)"
        )
    named = _listed([WASTES[w] for w in dict.fromkeys(found)])
    if longer_than_reasonable:
        return Finding(
            rule="enclosure.sanitation",
            outcome="violation",
            sections=("3-2-6.B",),
            blocks=True,
            message=(
                f"Violation: {named} remained in the enclosure longer than is reasonable and "
                "consistent with health and sanitation and the prevention of odor (3-2-6.B)."
            ),
            facts=facts,
        )
    return Finding(
        rule="enclosure.sanitation",
        outcome="sanitary",
        sections=("3-2-6.B",),
        message=(
            f"{named[:1].upper()}{named[1:]} found in the enclosure had not remained longer than "
            "is reasonable (3-2-6.B): no violation."
        ),
        facts=facts,
    )


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@facts
class SanitationFacts:
    """The facts of the question ``enclosure-sanitation`` (3-2-6.B)."""

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
            return ["longer_than_reasonable: needed when something was found (3-2-6.B)"]
        return []
