"""Every write of a dangerous-animal case, each one transaction that asks the rules core and
stores its Decision: open a case on a designation (``opening``), record an event (``events``)."""

from dogtag.dangerous_animals.services.events import record_event
from dogtag.dangerous_animals.services.opening import DESIGNATE, open_case

__all__ = ["DESIGNATE", "open_case", "record_event"]
