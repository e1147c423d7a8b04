"""The coverage table of the dangerous-dog case (3-2-9, with Minn. Stat. 347.50-.565 through
3-2-8): every event the text names, its section, the rules that check it and the tests that prove
it (``law.event_tables``; ``docs/procedures/dangerous-dog-case.md``)."""

from __future__ import annotations

from dogtag.law.event_tables import EventRow

EVENT_TABLE: tuple[EventRow, ...] = ()
