"""The clocks a dangerous-dog case is waiting on in each state (3-2-9.A.1.c, A.2.a, A.2.g, B.2,
B.3.g, B.6.b; Minn. Stat. 347.54 subd. 1 through 3-2-8), each a finding with its day-by-day
explanation (``law.clocks``, Minn. Stat. 645.15).

Once the dog is deemed dangerous both registration clocks run (``dangerous_dog_clocks``): the
state's from the date of the Notice and the city's from the day deemed, with the 3-2-8 finding
naming the one that ends first, which controls.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from dogtag.law import dangerous_dog_clocks
from dogtag.law.clocks import deadline
from dogtag.law.dangerous_dog_procedure.events import last, request_window
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event


@dataclass(frozen=True)
class Running:
    """The clocks running in a state, and 3-2-8 on those that both the city and the state set."""

    #: each a finding whose deadline is the last day
    deadlines: list[Finding]
    #: which of two clocks counting from different events controls (3-2-8)
    controlling: list[Finding]


def running(
    state: str,
    events: Sequence[Event],
    notice: dt.date | None,
    deemed: dt.date | None,
    p: ParameterSet,
) -> Running:
    """The clocks the state is waiting on: the request window while served (A.1.c), the hearing
    (A.2.a) and the order (A.2.g), registration (B.2 and Minn. Stat. 347.54 subd. 1) and
    sterilization (B.3.g) once deemed dangerous, the revocation hearing (B.6.b) and its order."""
    if state == "dangerous" and deemed is not None:
        clocks = dangerous_dog_clocks.registration_clocks(notice, deemed, p)
        registration = [f for f in (clocks.city, clocks.state) if f is not None]
        sterilization = deadline(p, deemed, clock_id="dangerous_dog.sterilization")
        controlling = [clocks.controlling] if clocks.controlling is not None else []
        return Running([*registration, sterilization], controlling)
    started = {
        "served": lambda: [request_window(notice, p)] if notice else [],
        "hearing_requested": lambda: _clock(
            events, "hearing_requested", "dangerous_dog.hearing", p
        ),
        "hearing_scheduled": lambda: _clock(
            events, "hearing_requested", "dangerous_dog.hearing", p
        ),
        "hearing_held": lambda: _clock(events, "hearing_held", "dangerous_dog.order", p),
        "revocation_noticed": lambda: _clock(
            events, "revocation_notice", "dangerous_dog.revocation_hearing", p
        ),
        "revocation_heard": lambda: _clock(events, "revocation_hearing", "dangerous_dog.order", p),
    }
    return Running(started[state]() if state in started else [], [])


def _clock(events: Sequence[Event], kind: str, clock: str, p: ParameterSet) -> list[Finding]:
    event = last(events, kind)
    return [deadline(p, event.on, clock_id=clock)] if event else []
