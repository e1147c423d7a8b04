"""A fee the law calls for whose amount no one has set (issue 27).

A city's package may know that a fee exists without knowing its amount: Lino Lakes' duplicate-tag
fee and late-renewal penalty are "set forth by City Council ordinance", and no public copy of its
fee schedule shows them. The package says so (``awaiting``: who must set it); the action that
would charge the fee is refused, saying what is missing, until an administrator enters it (a fee
resolution or fee ordinance, ``records.FeeResolution``). Never a guessed amount, never free.
"""

from __future__ import annotations

import datetime as dt

from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterNotSet, ParameterSet
from dogtag.law.provisions import cite

#: The fee schedule every fee is set in (Nowthen's by council resolution, Lino Lakes' by ordinance).
FEE_SCHEDULE = "fees.schedule"


def fee_not_set(
    rule: str,
    charged: str,
    unset: ParameterNotSet,
    sections: tuple[str, ...],
    facts: dict[str, JSONValue],
    params: ParameterSet,
    *,
    message: str = "",
) -> Finding:
    """The finding that refuses an action whose fee has no amount yet: ``charged`` says what the
    fee is ("The duplicate-tag fee"), ``message`` what the rule found before it."""
    schedule = cite(FEE_SCHEDULE, params)
    said = f"{message} " if message else ""
    return Finding(
        rule=rule,
        outcome="fee_not_set",
        sections=(*sections, schedule),
        blocks=True,
        message=(
            f"{said}{charged} is set in the fee schedule ({schedule}), and this city's "
            f"parameters do not hold its amount ({unset.key}: {unset.awaiting}). It cannot be "
            f"charged, so this cannot be completed until an administrator enters the amount."
        ),
        facts=facts,
    )


def fee_words(params: ParameterSet, key: str, on: dt.date) -> tuple[str, str]:
    """A fee as a document or a page says it: its amount and its source, or, while its amount is
    not set (``awaiting``), that the council sets it and who must enter it."""
    try:
        value = params.get(key, on)
    except ParameterNotSet as unset:
        return "the amount the City Council sets (not entered yet)", unset.awaiting
    return value.display(), value.source.cite()
