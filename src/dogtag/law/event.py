"""One dated event of a procedure (STYLE.md §7): what happened (``kind``), on which day, with what
facts. Below the facts parser and the procedures, which both read it: ``dogtag evaluate`` takes a
matter's whole log as a list of events (the ``event`` fact type of ``law.facts``)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from dogtag.law.jsonable import JSONValue

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class Event:
    """What happened (``kind``, a step of the procedure), on which day, with what facts."""

    kind: str
    on: dt.date
    facts: Mapping[str, JSONValue] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSONValue]:
        return {"kind": self.kind, "on": self.on.isoformat(), "facts": dict(self.facts)}


def parse_event(
    name: str, raw: object, kinds: tuple[str, ...] = ()
) -> tuple[Event | None, str | None]:
    """An event from its JSON (``{"kind": ..., "on": "YYYY-MM-DD", "facts": {...}}``), or the
    problem, naming the fact. A fact's value that is a day (``YYYY-MM-DD``) is read as a date;
    others stay as JSON gave them (text, number, true/false, a list of texts)."""
    if not isinstance(raw, Mapping):
        return None, f"{name}: {raw!r} is not an event (an object with kind, on and facts)"
    unknown = set(raw) - {"kind", "on", "facts"}
    if unknown:
        return None, f"{name}: an event has kind, on and facts, not {', '.join(sorted(unknown))}"
    kind = raw.get("kind")
    if not isinstance(kind, str) or not kind.strip():
        return None, f"{name}.kind: {kind!r} is not a text"
    if kinds and kind not in kinds:
        return None, f"{name}.kind: {kind!r} is not one of {', '.join(kinds)}"
    on = raw.get("on")
    try:
        day = dt.date.fromisoformat(on) if isinstance(on, str) else None
    except ValueError:
        day = None
    if day is None:
        return None, f"{name}.on: {on!r} is not a date (YYYY-MM-DD)"
    given = raw.get("facts", {})
    if not isinstance(given, Mapping):
        return None, f"{name}.facts: {given!r} is not an object"
    facts: dict[str, JSONValue] = {}
    for key, value in given.items():
        if isinstance(value, str) and _DAY.match(value):
            try:
                facts[str(key)] = dt.date.fromisoformat(value)
                continue
            except ValueError:
                return None, f"{name}.facts.{key}: {value!r} is not a date (YYYY-MM-DD)"
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            facts[str(key)] = [str(v) for v in value]
        elif value is None or isinstance(value, str | bool | int | float):
            facts[str(key)] = value
        else:
            return None, f"{name}.facts.{key}: {value!r} is not a text, number, yes/no or list"
    return Event(kind.strip(), day, facts), None
