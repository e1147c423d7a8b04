"""The compact form a Decision's findings are stored in (issue 14, storage), as pure functions.

A decision's findings, as ``Finding.to_json`` writes them, repeat a great deal: every finding of a
license application carries the whole application (owner, dog, rabies), and every parameter and
reading it used is copied in full (description, value, source with its citation, file, the
alternatives of a reading) — the same few dozen values in every decision. Stored as they are, a
license's decision takes about 16 KB.

The compact form keeps every byte of that explanation, by reference instead of by copy:

- each parameter or reading value (a ``ParameterValue.to_json`` dict, exactly as it was cited
  on the day) is stored once, in a table of cited versions keyed by a hash of its content, and the
  findings refer to it by the row's id;
- a finding's heading (rule, outcome, blocks, sections), the same in every finding of its rule
  and outcome, is stored once in the same table and referred to by id;
- the facts are stored once per decision, and each finding refers to its facts by position;
- a finding's keys that hold their empty default (no parameters, no deadline...) are left out,
  and the others are stored under short names (``SHORT``);
- a deadline keeps its trigger, day count, due date and the reasons days were skipped; its
  last day counted, weekdays and day-by-day explanation are worded again from them by a
  wording frozen in this module (so the text reads as it did that day), and only when that
  gives back exactly what was stored.

``encode`` and ``decode`` are exact inverses: ``decode(encode(x, ref), cited) == x`` for every JSON
list ``x``, whatever its shape (an old finding with other keys is kept whole, a details dict
that looks like a parameter is stored by reference and comes back the same). They take the
reference table as functions, so the data migration can use them with its historical models.

Stored form, version 1::

    {"v": 1, "facts": [<facts>, ...], "findings": [<finding>, ...]}

where a finding is ``{"h": <heading id>, "m": <message>, "f": <facts index>, "p": [<id>...],
...}`` (keys at their default left out) or ``{"raw": <value>}`` for a finding of any other
shape. Inside facts,
details, deadlines and raw findings, a cited value is ``{"$p": <id>}``, a deadline worded again
is ``{"$dl": [event, trigger date, days, due, skipped, citations or 0, parameters]}``, and a
dict of the original whose keys start with "$" is wrapped as ``{"$d": {...}}`` so it cannot be
mistaken for either.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

VERSION = 1

#: The keys of ``Finding.to_json``, in its order, with the value each takes when empty.
FINDING_DEFAULTS: dict[str, Any] = {
    "rule": None,
    "outcome": None,
    "blocks": False,
    "sections": None,
    "message": None,
    "facts": {},
    "parameters": [],
    "readings": [],
    "deadline": None,
    "next_date": None,
    "details": {},
}
#: The keys always stored (no default is left out for them).
ALWAYS = ("message",)
#: A finding's heading: the same for every finding of a rule and outcome, so stored once, by
#: reference, like a cited value.
HEADING = ("rule", "outcome", "blocks", "sections")
#: The short name each key is stored under (it is written in every finding of every decision).
SHORT = {
    "rule": "r",
    "outcome": "o",
    "blocks": "b",
    "sections": "s",
    "message": "m",
    "facts": "f",
    "parameters": "p",
    "readings": "q",
    "deadline": "dl",
    "next_date": "n",
    "details": "d",
}

#: The keys of ``Deadline.to_json`` (dogtag.law.computation_of_time), in its order.
DEADLINE_KEYS = (
    "trigger_event",
    "trigger_date",
    "days",
    "last_counted_day",
    "due",
    "due_weekday",
    "skipped",
    "citations",
    "parameters",
    "explanation",
)
#: The citations of a deadline counted by Minn. Stat. 645.15 and .44 (stored as 0).
DEADLINE_CITATIONS = ["Minn. Stat. 645.15", "Minn. Stat. 645.44 subd. 5"]
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

#: The keys of ``ParameterValue.to_json``: always these, and a reading's three more.
CITED_KEYS = frozenset(
    ("key", "description", "value", "display", "unit", "effective", "source", "file")
)
READING_KEYS = frozenset(("default", "alternatives", "chosen_meaning"))

#: Gives the ids of cited values (dicts), in order, storing those not stored yet.
Reference = Callable[[Sequence[Mapping[str, Any]]], list[int]]
#: Gives the cited value (dict) of each id asked for.
Cited = Callable[[set[int]], Mapping[int, Mapping[str, Any]]]


def canonical(value: Any) -> str:
    """One text for one JSON value, whatever the order of its keys (what the digest hashes)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def labels(cited: Mapping[str, Any]) -> tuple[str, str]:
    """The key (or a heading's rule) and effective date a stored row is listed under."""
    key = cited.get("key") if "key" in cited else cited.get("rule")
    return str(key or "")[:200], str(cited.get("effective") or "")[:10]


def digest(cited: Mapping[str, Any]) -> str:
    """The content hash a cited value is stored under."""
    return hashlib.sha256(canonical(cited).encode()).hexdigest()


def is_cited(value: Any) -> bool:
    """Whether ``value`` has the shape of ``ParameterValue.to_json``."""
    if not isinstance(value, dict) or not isinstance(value.get("source"), dict):
        return False
    keys = value.keys()
    return keys >= CITED_KEYS and keys <= CITED_KEYS | READING_KEYS


def is_stored(value: Any) -> bool:
    """Whether ``value`` is in the compact form (and not a list stored before it)."""
    return isinstance(value, dict) and value.get("v") == VERSION


# ------------------------------------------------------------------------------------- encode


def encode(findings: Sequence[Mapping[str, Any]], reference: Reference) -> dict[str, Any]:
    """The compact form of a list of findings as ``Finding.to_json`` wrote them."""
    cited: list[Mapping[str, Any]] = []
    _collect(findings, cited)
    headings = [_heading(f) if _standard(f) else None for f in findings]
    cited.extend(h for h in headings if h is not None)
    ids = reference(cited) if cited else []
    # Each cited value met above is looked up again below as the same object: its reference is
    # found by identity, not by hashing its text again (issue 14: one digest per value). The
    # list ``cited`` keeps every one of them alive, so no identity is reused meanwhile.
    by_object = {id(c): i for c, i in zip(cited, ids, strict=True)}

    def ref(value: Mapping[str, Any]) -> int:
        return by_object[id(value)]

    facts: list[Any] = []
    facts_at: dict[str, int] = {}
    stored = []
    for finding, heading in zip(findings, headings, strict=True):
        if heading is None:
            stored.append({"raw": _tree(finding, ref)})
            continue
        compact: dict[str, Any] = {"h": ref(heading)}
        for key, default in FINDING_DEFAULTS.items():
            if key in HEADING:
                continue
            value = finding[key]
            if key not in ALWAYS and value == default and type(value) is type(default):
                continue
            if key == "facts":
                text = json.dumps(value)  # the same facts in the same order: shared
                if text not in facts_at:
                    facts_at[text] = len(facts)
                    facts.append(_tree(value, ref))
                value = facts_at[text]
            elif key in ("parameters", "readings"):
                value = [ref(p) for p in value]
            elif key in ("deadline", "details"):
                value = _tree(value, ref)
            compact[SHORT[key]] = value
        stored.append(compact)
    return {"v": VERSION, "facts": facts, "findings": stored}


def _heading(finding: Mapping[str, Any]) -> dict[str, Any]:
    """What a finding shares with every finding of its rule and outcome, stored once."""
    return {k: finding[k] for k in HEADING}


def _standard(finding: Any) -> bool:
    """A finding with exactly the keys of ``Finding.to_json``, its references where expected."""
    return (
        isinstance(finding, dict)
        and finding.keys() == FINDING_DEFAULTS.keys()
        and all(isinstance(finding[k], str) for k in ("rule", "outcome", "message"))
        and isinstance(finding["blocks"], bool)
        and isinstance(finding["sections"], list)
        and isinstance(finding["facts"], dict)
        and all(
            isinstance(finding[k], list) and all(is_cited(p) for p in finding[k])
            for k in ("parameters", "readings")
        )
        and isinstance(finding["details"], dict)
    )


def _collect(value: Any, into: list[Mapping[str, Any]]) -> None:
    if is_cited(value):
        into.append(value)
    elif isinstance(value, dict):
        for item in value.values():
            _collect(item, into)
    elif isinstance(value, list):
        for item in value:
            _collect(item, into)


def _tree(value: Any, ref: Callable[[Mapping[str, Any]], int]) -> Any:
    """``value`` with every cited value replaced by its reference, and "$" keys escaped."""
    if is_cited(value):
        return {"$p": ref(value)}
    if _rewordable(value):
        citations = value["citations"]
        return {
            "$dl": [
                value["trigger_event"],
                value["trigger_date"],
                value["days"],
                value["due"],
                [[s["date"], s["reasons"]] for s in value["skipped"]],
                0 if citations == DEADLINE_CITATIONS else citations,
                _tree(value["parameters"], ref),
            ]
        }
    if isinstance(value, dict):
        body = {k: _tree(v, ref) for k, v in value.items()}
        return {"$d": body} if any(k.startswith("$") for k in value) else body
    if isinstance(value, list):
        return [_tree(v, ref) for v in value]
    return value


# ------------------------------------------------------------------------------------- decode


def referenced(stored: Any) -> set[int]:
    """The ids of the cited values a stored form refers to."""
    ids: set[int] = set()
    if not is_stored(stored):
        return ids
    _references(stored["facts"], ids)
    for finding in stored["findings"]:
        if "raw" in finding:
            _references(finding["raw"], ids)
            continue
        ids.add(finding["h"])
        ids.update(finding.get("p", ()))
        ids.update(finding.get("q", ()))
        _references(finding.get("dl"), ids)
        _references(finding.get("d"), ids)
    return ids


def _references(value: Any, into: set[int]) -> None:
    if isinstance(value, dict):
        if value.keys() == {"$p"}:
            into.add(value["$p"])
            return
        if value.keys() == {"$dl"}:
            _references(value["$dl"][6], into)
            return
        if value.keys() == {"$d"}:  # an escaped dict: its own keys are not references
            value = value["$d"]
        for item in value.values():
            _references(item, into)
    elif isinstance(value, list):
        for item in value:
            _references(item, into)


def decode(stored: Any, cited: Cited) -> list[Any]:
    """The findings exactly as ``Finding.to_json`` wrote them, from their stored form.

    A list (a decision stored before the compact form, or written by hand) is returned as is."""
    if not is_stored(stored):
        return list(stored)
    ids = referenced(stored)
    values = cited(ids) if ids else {}
    missing = ids - values.keys()
    if missing:
        raise LookupError(f"cited values {sorted(missing)} are not in the table of cited values")
    facts = [_untree(f, values) for f in stored["facts"]]
    out: list[Any] = []
    for compact in stored["findings"]:
        if "raw" in compact:
            out.append(_untree(compact["raw"], values))
            continue
        finding: dict[str, Any] = {}
        heading = values[compact["h"]]
        for key, default in FINDING_DEFAULTS.items():
            short = SHORT[key]
            if key in HEADING:
                finding[key] = json.loads(json.dumps(heading[key]))
            elif short not in compact:
                finding[key] = json.loads(json.dumps(default))  # a fresh {} or [] each time
            elif key == "facts":
                finding[key] = json.loads(json.dumps(facts[compact[short]]))
            elif key in ("parameters", "readings"):
                finding[key] = [_copy(values[i]) for i in compact[short]]
            elif key in ("deadline", "details"):
                finding[key] = _untree(compact[short], values)
            else:
                finding[key] = compact[short]
        out.append(finding)
    return out


def _untree(value: Any, values: Mapping[int, Mapping[str, Any]]) -> Any:
    if isinstance(value, dict):
        if value.keys() == {"$p"}:
            return _copy(values[value["$p"]])
        if value.keys() == {"$dl"}:
            event, trigger, days, due, skipped, citations, parameters = value["$dl"]
            return _worded_deadline(
                {
                    "trigger_event": event,
                    "trigger_date": trigger,
                    "days": days,
                    "due": due,
                    "skipped": [{"date": d, "reasons": r} for d, r in skipped],
                    "citations": citations or list(DEADLINE_CITATIONS),
                    "parameters": _untree(parameters, values),
                }
            )
        if value.keys() == {"$d"}:
            value = value["$d"]
        return {k: _untree(v, values) for k, v in value.items()}
    if isinstance(value, list):
        return [_untree(v, values) for v in value]
    return value


def _copy(value: Mapping[str, Any]) -> Any:
    """A fresh copy: a reader changing one decision's findings changes no other."""
    return json.loads(json.dumps(value))


# ------------------------------------------------------------------- a deadline's own wording


def _rewordable(value: Any) -> bool:
    """Whether ``value`` is a ``Deadline.to_json`` whose weekdays and explanation are exactly
    what ``_worded_deadline`` words from its dates: then only the dates and reasons are stored."""
    if not isinstance(value, dict) or tuple(value) != DEADLINE_KEYS:
        return False
    try:
        kept = {k: value[k] for k in ("trigger_event", "trigger_date", "days", "due")}
        kept["skipped"] = [{"date": s["date"], "reasons": s["reasons"]} for s in value["skipped"]]
        kept["citations"] = value["citations"]
        kept["parameters"] = value["parameters"]
        if not isinstance(kept["citations"], list) or not kept["citations"]:
            return False  # an empty list would read back as the default citations
        return bool(_worded_deadline(kept) == value)
    except (KeyError, TypeError, ValueError, AttributeError):
        return False


def _worded_deadline(kept: dict[str, Any]) -> dict[str, Any]:
    """A deadline's JSON from its dates, worded as ``Deadline.to_json`` worded it when this
    form was made (version 1). Frozen here, not imported from the rules core: if the rules core
    words a deadline differently one day, a deadline stored before still reads as it did, and
    one it words otherwise is no longer ``_rewordable`` and is stored whole."""
    trigger = dt.date.fromisoformat(kept["trigger_date"])
    due = dt.date.fromisoformat(kept["due"])
    days = kept["days"]
    if not isinstance(days, int) or isinstance(days, bool):
        raise TypeError("days")
    last = trigger + dt.timedelta(days=days)  # 645.15: the last day counted is day ``days``
    skipped = [
        {"date": s["date"], "weekday": _weekday(s["date"]), "reasons": s["reasons"]}
        for s in kept["skipped"]
    ]
    counting = "Minn. Stat. 645.15"
    unit = "day" if days == 1 else "days"
    lines = [
        f"Trigger: {kept['trigger_event']} on {_label(trigger)}.",
        f"Count {days} {unit}, excluding the day of the trigger and including the last day "
        f"({counting}): day 1 is {_label(trigger + dt.timedelta(days=1))}, day {days} is "
        f"{_label(last)}.",
    ]
    for s in kept["skipped"]:
        lines.append(
            f"{_label(dt.date.fromisoformat(s['date']))} is skipped: {'; '.join(s['reasons'])}."
        )
    if skipped:
        lines.append(
            f"The last day may not fall on a Saturday, Sunday or legal holiday ({counting}), "
            f"so it moves to the next day that is none of these."
        )
    lines.append(f"Due: {_label(due)}.")
    return {
        "trigger_event": kept["trigger_event"],
        "trigger_date": kept["trigger_date"],
        "days": days,
        "last_counted_day": last.isoformat(),
        "due": kept["due"],
        "due_weekday": WEEKDAYS[due.weekday()],
        "skipped": skipped,
        "citations": kept["citations"],
        "parameters": kept["parameters"],
        "explanation": lines,
    }


def _weekday(iso: str) -> str:
    return WEEKDAYS[dt.date.fromisoformat(iso).weekday()]


def _label(day: dt.date) -> str:
    return f"{WEEKDAYS[day.weekday()][:3]} {day.isoformat()}"
