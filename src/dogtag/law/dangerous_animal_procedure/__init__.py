"""Lino Lakes' dangerous-animal procedure and forfeiture, a variant of the dangerous-dog case
(issue 27): pure functions of dated events, citing only through the package.

``case.dangerous_animal_case(animal, designated_on, events, on, params)`` answers where a case
stands: the officer designates any animal dangerous (``dangerous_animal.designation``; the
definition it names is not in the text found, ``readings.dangerous_animal_definition``), orders it
seized and kept at the owner's expense (``dangerous_animal.seizure``), orders destruction or
conditions (``dangerous_animal.officer_order``), notifies one owner (``dangerous_animal.notice``),
who has the days of ``dangerous_dog.hearing_request`` to appeal; no appeal, the orders stand
(``dangerous_animal.orders_stand``); an appeal, the hearing is set within the days of
``dangerous_dog.hearing`` and the hearing officer orders destruction or any or all conditions
(``dangerous_animal.requirements``); the animal stays confined until the conditions are met but
the muzzle and leash (``dangerous_animal.confinement``; ``readings.dangerous_animal_procedure``).
``forfeiture.forfeiture_case(events, on, params)`` answers a forfeiture (``forfeiture.*``). An
event out of order is refused (``steps.OutOfOrder``), saying why.

Layers: ``case`` | ``forfeiture`` -> ``steps`` (the provisions, conditions and shared helpers).
"""

from dogtag.law.dangerous_animal_procedure.case import (
    KINDS,
    dangerous_animal_case,
    findings_of,
    next_step,
)
from dogtag.law.dangerous_animal_procedure.forfeiture import KINDS as FORFEITURE_KINDS
from dogtag.law.dangerous_animal_procedure.forfeiture import forfeiture_case
from dogtag.law.dangerous_animal_procedure.steps import (
    ANIMALS,
    CONDITIONS,
    DESIGNATION,
    OutOfOrder,
)

__all__ = [
    "ANIMALS",
    "CONDITIONS",
    "DESIGNATION",
    "FORFEITURE_KINDS",
    "KINDS",
    "OutOfOrder",
    "dangerous_animal_case",
    "findings_of",
    "forfeiture_case",
    "next_step",
]
