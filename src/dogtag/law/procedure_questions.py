"""Questions of `dogtag evaluate` added for issue 11, registered with the current ``Question`` /
``Field`` API of ``dogtag.law.questions`` (imported at its end, so they register with the rest).

Kept in their own module while ``questions.py`` is rewritten; the rewrite derives fields from the
facts dataclasses beside the rules and can fold these in.

- ``at-large`` answers 3-2-7.D with the D.2 exception and the D.3 park leash duty as findings of
  their own (``nuisance.at_large_findings``), not the park sentence as a case of running at large.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from dogtag.law import nuisance
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.questions import QUESTIONS


def _at_large(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    given = {name: facts.get(name, False) for name in nuisance.AtLargeFacts.__dataclass_fields__}
    return nuisance.at_large_findings(nuisance.AtLargeFacts(**given))


QUESTIONS["at-large"] = dataclasses.replace(
    QUESTIONS["at-large"],
    rules=(
        "nuisance.at_large",
        "nuisance.at_large_exception",
        "nuisance.park_leash",
        "nuisance.excrement",
    ),
    answer=_at_large,
)
