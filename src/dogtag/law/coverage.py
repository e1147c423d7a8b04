"""Which rules implement each subsection of the ordinance, and which tests exercise it
(``dogtag rules --coverage``).

A subsection is implemented by the rules that cite it, or that cite the subsection whose list it
is an item of (``dangerous_dog.registration_requirements`` cites Nowthen's "all of the following
are met:", so it implements items a to g; ``nuisance.at_large`` cites "Run at large.", so it
implements the items of its definition through "and is:"); a subsection whose own subsections have rules is
implemented through them. One that needs no rule
says why (the package's ``ordinance/no-rule-needed.yaml``, each reason cited). The rest are listed as having
no rule, so that a gap is seen rather than hidden.

Tests are found by reading the test files: a test file exercises a subsection when it cites it in
full (the whole anchor, not a longer one beginning so) or names a rule that implements it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

from dogtag.law import ordinance
from dogtag.law.catalogue import Rule
from dogtag.law.findings import JSONValue
from dogtag.law.params import default

#: a package's subsections that need no rule, each with why (issue 27: the package's data)
NO_RULE_NEEDED = Path("ordinance") / "no-rule-needed.yaml"


@dataclass(frozen=True)
class NoRuleNeeded:
    anchor: str
    reason: str
    source: str


@dataclass(frozen=True)
class Coverage:
    anchor: str
    rules: tuple[str, ...]  # that cite this subsection
    inherited: tuple[tuple[str, str], ...]  # (rule, the enclosing subsection it cites)
    through: tuple[str, ...]  # subsections below with rules of their own
    no_rule: NoRuleNeeded | None
    tests: tuple[str, ...] | None  # None: no test folder was searched

    @property
    def status(self) -> str:
        if self.rules:
            return "rules"
        if self.inherited:
            return "within"
        if self.no_rule:
            return "no rule needed"
        if self.through:
            return "through subsections"
        return "no rule"

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "anchor": self.anchor,
            "status": self.status,
            "rules": list(self.rules),
            "within": [{"rule": r, "section": s} for r, s in self.inherited],
            "through": list(self.through),
            "no_rule_needed": (
                {"reason": self.no_rule.reason, "source": self.no_rule.source}
                if self.no_rule
                else None
            ),
            "tests": None if self.tests is None else list(self.tests),
        }


def no_rule_needed() -> dict[str, NoRuleNeeded]:
    """The subsections of the text in force that need no rule of their own, and why."""
    city = default().city
    return dict(_no_rule_needed(city.folder / NO_RULE_NEEDED))


@functools.cache
def _no_rule_needed(path: Path) -> dict[str, NoRuleNeeded]:
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {
        str(anchor): NoRuleNeeded(str(anchor), " ".join(body["reason"].split()), body["source"])
        for anchor, body in data.items()
    }


def coverage(rules: Iterable[Rule], tests: Path | None) -> list[Coverage]:
    """One row per subsection of the text, in its order."""
    citing: dict[str, list[str]] = {}
    for rule in rules:
        for section in rule.sections:
            citing.setdefault(section, []).append(rule.id)
    texts = _test_texts(tests) if tests is not None else None
    reasons = no_rule_needed()
    rows = []
    for sub in ordinance.subsections():
        parent = _enclosing(sub.anchor, citing)
        inherited = tuple((r, parent) for r in sorted(citing.get(parent, ()))) if parent else ()
        through = tuple(
            child
            for child in sub.children
            if child in citing or any(a in citing for a in _descendants(child))
        )
        direct = tuple(sorted(citing.get(sub.anchor, ())))
        rows.append(
            Coverage(
                anchor=sub.anchor,
                rules=direct,
                inherited=inherited,
                through=through,
                no_rule=reasons.get(sub.anchor),
                tests=(
                    None
                    if texts is None
                    else _exercising(sub.anchor, (*direct, *(r for r, _ in inherited)), texts)
                ),
            )
        )
    return rows


def render(rows: list[Coverage]) -> str:
    """The coverage as a clerk or the city attorney reads it, one subsection a paragraph."""
    counts: dict[str, int] = {}
    lines = [f"Coverage of {default().city.code} by the rules core", ""]
    for row in rows:
        counts[row.status] = counts.get(row.status, 0) + 1
        lines.append(f"{row.anchor}  [{row.status}]")
        if row.rules:
            lines.append(f"    rules: {', '.join(row.rules)}")
        if row.inherited and not row.rules:
            within = ", ".join(r for r, _ in row.inherited)
            lines.append(f"    within {row.inherited[0][1]}: {within}")
        if row.no_rule and not row.rules:
            lines.append(f"    no rule needed: {row.no_rule.reason} ({row.no_rule.source})")
        if row.status == "through subsections":
            lines.append(f"    through: {', '.join(row.through)}")
        if row.tests is not None:
            lines.append(f"    tests: {', '.join(row.tests) if row.tests else 'none found'}")
    lines.append("")
    lines.append("; ".join(f"{status}: {count}" for status, count in sorted(counts.items())))
    return "\n".join(lines) + "\n"


HEADING = 40  # characters: "Run at large.", "Registration:", "Private Kennel License:"


def _enclosing(anchor: str, citing: dict[str, list[str]]) -> str | None:
    """The subsection whose rules this one is an item of: climbing through headings and list
    introductions (own words ending in ":"), never up to a whole section (whatever the text's
    numbering: the parents are read from the text's own tree)."""
    parents = _parents()
    above_anchor = parents.get(anchor)
    while above_anchor is not None and parents.get(above_anchor) is not None:
        above = ordinance.subsection(above_anchor)
        if not (len(above.own) <= HEADING or above.own.endswith(":")):
            return None
        if above.anchor in citing:
            return above.anchor
        above_anchor = parents.get(above_anchor)
    return None


def _parents() -> dict[str, str]:
    """Each subsection of the text in force with the one it is in (a section has none)."""
    return {child: sub.anchor for sub in ordinance.subsections() for child in sub.children}


def _descendants(anchor: str) -> list[str]:
    found = []
    for child in ordinance.subsection(anchor).children:
        found.append(child)
        found.extend(_descendants(child))
    return found


def _test_texts(folder: Path) -> dict[str, str]:
    return {
        path.relative_to(folder.parent).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(folder.rglob("test_*.py"))
    }


def _exercising(anchor: str, rule_ids: Iterable[str], texts: dict[str, str]) -> tuple[str, ...]:
    cited = re.compile(re.escape(anchor) + r"(?![\w-]|\.[A-Za-z0-9])")
    named = [re.compile(r"[\"']" + re.escape(r) + r"[\"']") for r in set(rule_ids)]
    return tuple(
        path
        for path, text in texts.items()
        if cited.search(text) or any(n.search(text) for n in named)
    )
