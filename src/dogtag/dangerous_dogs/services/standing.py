"""Where a case stands: its events and the records beside them, read by the rules core
(``dangerous_dog.procedure``)."""

from __future__ import annotations

import datetime as dt

from dogtag.dangerous_dogs.models import (
    DangerousDogCase,
)
from dogtag.dangerous_dogs.services.costs import balance
from dogtag.dangerous_dogs.services.impoundment import is_sterilized, open_impoundment
from dogtag.dangerous_dogs.services.keeping import recorded_violation
from dogtag.law import dangerous_dog_procedure as procedure


def case_circumstances(case: DangerousDogCase, on: dt.date) -> procedure.Circumstances:
    """What the records show beside the events, for the steps beside the path (A.5, B.3.g, B.4,
    C, E.7)."""
    violation = recorded_violation(case, on)
    return procedure.Circumstances(
        impounded=case.seized and open_impoundment(case) is not None,
        balance_owed=balance(case),
        affidavit_pending=any(
            n.affidavit_requested_on is not None and n.affidavit_received_on is None
            for n in case.owner_notices.all()
        ),
        sterilized=is_sterilized(case),
        last_violation_on=violation[0] if violation else None,
    )
