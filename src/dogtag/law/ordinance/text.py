"""Split a code numbered by chapter and section (Nowthen's, published as one long paragraph) into
subsections with stable anchors.

Nowthen publishes its dog sections as one paragraph (LEGAL-NOTES, preamble). Its own markers give
the structure: ``<chapter>-<section>: TAGS:`` opens a section, ``A.`` a subsection, ``1\\.`` (or
``# 2.``, ``## 6.``, ``4`` without its period, as the scrape left them) a paragraph, ``a.`` an item.
The scrape also capitalises some items (a ``C.`` for item c of six lists), and breaks some words at
a hyphen ("pre- existing"), which are joined again. So a marker is read as the next one expected
at some open level, deepest first, never by its case alone: after item b a ``C.`` is item c, after
paragraph 7 it is subsection C.

Anchors, for an imaginary chapter 7-1: ``7-1-9`` (section), ``7-1-9.A``, ``7-1-9.A.1``,
``7-1-9.A.1.c`` (items in lower case). The sections the text refers to and does not contain are
the package's (``ordinance/not-in-text.yaml``, :func:`not_in_text`).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import yaml

from dogtag.law.ordinance import decimal_code
from dogtag.law.ordinance.subsection import Subsection
from dogtag.law.params import Jurisdiction, default

NOT_IN_TEXT_FILE = Path("ordinance") / "not-in-text.yaml"


def not_in_text(jurisdiction: Jurisdiction | None = None) -> dict[str, str]:
    """The sections the city's ordinance refers to that its published text does not contain, each
    with what stands in for it (its package's ``ordinance/not-in-text.yaml``)."""
    city = jurisdiction or default().city
    return dict(_not_in_text(city.folder))


@functools.cache
def _not_in_text(folder: Path) -> tuple[tuple[str, str], ...]:
    path = folder / NOT_IN_TEXT_FILE
    if not path.is_file():
        return ()
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    sections = data.get("sections") if isinstance(data, dict) else None
    if not isinstance(sections, dict):
        raise ValueError(f"{path}: must be a mapping with 'sections'")
    return tuple((str(k), " ".join(str(v).split())) for k, v in sections.items())


def __getattr__(name: str) -> dict[str, str]:
    # ``NOT_IN_TEXT``: the city in force's, read when asked
    if name == "NOT_IN_TEXT":
        return not_in_text()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_HISTORY = "(Ord. #15, adopted July 12, 2011)"
_SECTION = re.compile(r"(\d+-\d+-\d+): ([A-Z][A-Z &/]*?): ")
# A candidate marker: a single letter or a number, with its period, after white space.
_MARKER = re.compile(r"(?:(?<=\s)|^)(?:([A-Za-z])\.|(\d+)(\.?))(?=\s)")
# A full citation of a chapter code: 7-1-9, 7-1-9.A, 7-1-9.A.1, 7-1-9.A.1.c, of the chapters the
# text of the city in force holds or refers to (so that no date, phone or drawing reads as one).
_CITATION = r"\b(?:{chapters})-\d+(?!\d)(?:\.(?:[A-Z]|\d+|[a-z])(?!\w))*"


class UnknownSubsection(KeyError):
    """An anchor that is not a subsection of the text."""

    def __init__(self, anchor: str) -> None:
        super().__init__(anchor)
        self.anchor = anchor

    def __str__(self) -> str:
        return f"{self.anchor} is not a subsection of the ordinance text in force"


class NotInSubsection(ValueError):
    """The passage asked for is not in the subsection's words."""


def quote(anchor: str, begin: str | None = None, end: str | None = None) -> str:
    """The words of a subsection, its children included, as the ordinance states them; with
    ``begin`` and ``end``, only the passage from the words ``begin`` through the words ``end``.

    In Nowthen, the minimum age's subsection gives "No license shall be required for any dogs
    under the age of six (6) months."; the private kennel's A.2 from "Licenses are not" gives
    "Licenses are not assignable to other parties."
    """
    words = _whole(anchor)
    start = 0
    if begin is not None:
        start = words.find(begin)
        if start < 0:
            raise NotInSubsection(f"{anchor} has no words {begin!r}")
    stop = len(words)
    if end is not None:
        found = words.find(end, start)
        if found < 0:
            raise NotInSubsection(f"{anchor} has no words {end!r} after {begin!r}")
        stop = found + len(end)
    return words[start:stop]


def _whole(anchor: str) -> str:
    found = subsection(anchor)
    parts = [found.own] if found.own else []
    for child in found.children:
        parts.append(f"{subsection(child).marker} {_whole(child)}")
    return " ".join(parts)


def subsection(anchor: str) -> Subsection:
    try:
        return _parsed()[anchor]
    except KeyError:
        raise UnknownSubsection(anchor) from None


def exists(anchor: str) -> bool:
    return anchor in _parsed()


def subsections() -> list[Subsection]:
    """Every section and subsection in the order of the text."""
    return list(_parsed().values())


def cited(text: str) -> list[str]:
    """The anchors of a chapter code a text cites in full (``7-1-9.B.3.c``), in order: of the
    chapters of the text in force and of the sections it refers to."""
    city = default().city
    pattern = _citation(tuple(_parsed()), tuple(not_in_text(city)))
    return pattern.findall(text) if pattern else []


@functools.cache
def _citation(anchors: tuple[str, ...], referred: tuple[str, ...]) -> re.Pattern[str] | None:
    chapters = sorted(
        {a.split(".")[0].rsplit("-", 1)[0] for a in (*anchors, *referred) if a.count("-") == 2}
    )
    if not chapters:
        return None
    return re.compile(_CITATION.format(chapters="|".join(re.escape(c) for c in chapters)))


# ------------------------------------------------------------------------------------ parsing


def _parsed() -> dict[str, Subsection]:
    """The subsections of the text of the city in force (``DOGTAG_JURISDICTION``)."""
    return parsed(default().city)


def parsed(jurisdiction: Jurisdiction) -> dict[str, Subsection]:
    """The subsections of a package's ordinance text (its ``jurisdiction.yaml`` names the file
    and how it is numbered); none for a package without a text."""
    if jurisdiction.ordinance is None:
        return {}
    return _parse_file(jurisdiction.ordinance.text, jurisdiction.ordinance.numbering)


@functools.cache
def _parse_file(path: Path, numbering: str) -> dict[str, Subsection]:
    raw = path.read_text(encoding="utf-8")
    return decimal_code.parse(raw) if numbering == "decimal" else parse(raw)


def parse(raw: str) -> dict[str, Subsection]:
    """Subsections by anchor, in the order of the text."""
    body = raw.split("\n", 1)[1]  # the first line is the publisher's heading
    body = body.split("\n\nCh.3 § 2-2", 1)[0]  # the publisher's footer
    body = body.replace("\\.", ".").replace(_HISTORY, " ")
    body = re.sub(r"(?<=\s)#+ (?=\d)", "", body)
    body = re.sub(r"\s+", " ", body).strip()
    body = re.sub(r"(?<=\w)- (?=\w)", "-", body)  # the scrape's line breaks: "pre- existing"
    heads = list(_SECTION.finditer(body))
    # the first section opens the page without its own heading: the text starts at its
    # subsection A; its number is the one before the first heading's
    chunks = [
        (
            _section_before(heads[0].group(1)) if heads else "",
            "",
            body[: heads[0].start()] if heads else body,
        )
    ]
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(body)
        chunks.append((head.group(1), head.group(2), body[head.end() : end]))
    result: dict[str, Subsection] = {}
    for number, title, text in chunks:
        _parse_section(number, title, text.strip(), result)
    return result


def _section_before(number: str) -> str:
    """The number of the section before ``number`` in the same chapter ("7-1-3" -> "7-1-2")."""
    chapter, section = number.rsplit("-", 1)
    return f"{chapter}-{int(section) - 1}"


_FIRST = ("A", "1", "a")


def _next(level: int, current: str) -> str:
    return str(int(current) + 1) if level == 1 else chr(ord(current) + 1)


def _parse_section(number: str, title: str, text: str, into: dict[str, Subsection]) -> None:
    # stack[i] = the marker now open at level i (0: A., 1: 1., 2: a.)
    stack: list[str] = []
    cuts: list[tuple[int, int, str, str]] = []  # (start, end, anchor, printed marker)
    for match in _MARKER.finditer(text):
        letter, digits, period = match.groups()
        level = _expected_level(stack, letter, digits, period, text[: match.start()])
        if level is None:
            continue
        value = digits if digits else (letter.upper() if level == 0 else letter.lower())
        del stack[level:]
        stack.append(value)
        anchor = ".".join((number, *stack))
        cuts.append((match.start(), match.end(), anchor, f"{value}."))
    own_end = cuts[0][0] if cuts else len(text)
    spans: dict[str, str] = {}
    for i, (_start, end, anchor, _marker) in enumerate(cuts):
        stop = cuts[i + 1][0] if i + 1 < len(cuts) else len(text)
        spans[anchor] = text[end:stop].strip()
    children: dict[str, list[str]] = {number: []}
    for _s, _e, anchor, _m in cuts:
        children[anchor] = []
        children[anchor.rsplit(".", 1)[0]].append(anchor)
    into[number] = Subsection(
        number, f"{number}:", title, text[:own_end].strip(), tuple(children[number])
    )
    for _s, _e, anchor, marker in cuts:
        into[anchor] = Subsection(anchor, marker, "", spans[anchor], tuple(children[anchor]))


def _expected_level(
    stack: list[str], letter: str | None, digits: str | None, period: str, before: str
) -> int | None:
    """The level at which this marker is the next one expected, deepest first, or None."""
    if digits and not period and not before.endswith(". "):
        return None  # "4 The decision": a bare number only where a sentence ends before it
    for level in range(min(len(stack), 2), -1, -1):
        wanted = _FIRST[level] if level == len(stack) else _next(level, stack[level])
        if level == 1:
            if digits == wanted:
                return level
        elif letter and (letter == wanted if level == 0 else letter.lower() == wanted):
            return level
    return None
