"""Split the ordinance's one long paragraph into subsections with stable anchors.

The city publishes sections 3-2-2 to 3-2-9 as one paragraph (LEGAL-NOTES, preamble). Its own
markers give the structure: ``3-2-3: TAGS:`` opens a section, ``A.`` a subsection, ``1\\.`` (or
``# 2.``, ``## 6.``, ``4`` without its period, as the scrape left them) a paragraph, ``a.`` an item.
The scrape also capitalises some items (``C.`` for 3-2-9.A.1.c, A.2.c, A.3.c, A.6.c, B.3.c and
B.6.c), and breaks some words at a hyphen ("pre- existing", "1-2- 2"), which are joined again.
So a marker is read as the next one expected at some open level, deepest first, never by
its case alone: after 3-2-9.B.6.b a ``C.`` is item c, after B.7 it is subsection C.

Anchors: ``3-2-9`` (section), ``3-2-9.A``, ``3-2-9.A.1``, ``3-2-9.A.1.c`` (items in lower case).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from dogtag.law.ordinance import decimal_code
from dogtag.law.ordinance.subsection import Subsection
from dogtag.law.params import Jurisdiction, default

# Sections the ordinance refers to that the published text does not contain (LEGAL-NOTES §1).
NOT_IN_TEXT: dict[str, str] = {
    "3-2-1": "Definitions: text not available (LEGAL-NOTES §1); Minn. Stat. 347.50 is the floor",
    "3-2-10": "not available (LEGAL-NOTES §1)",
    "3-2-11": "Microchip: not available (LEGAL-NOTES §1); Minn. Stat. 347.515 applies",
    "3-2-12": "Seizure: not available (LEGAL-NOTES §1); Minn. Stat. 347.54 applies",
    "3-2-13": "Disposition: not available (LEGAL-NOTES §1); Minn. Stat. 347.541 applies",
}

_HISTORY = "(Ord. #15, adopted July 12, 2011)"
_SECTION = re.compile(r"(3-2-\d+): ([A-Z][A-Z &/]*?): ")
# A candidate marker: a single letter or a number, with its period, after white space.
_MARKER = re.compile(r"(?:(?<=\s)|^)(?:([A-Za-z])\.|(\d+)(\.?))(?=\s)")
# A full citation of this chapter: 3-2-9, 3-2-9.A, 3-2-9.A.1, 3-2-9.A.1.c.
CITATION = re.compile(r"\b3-2-\d+(?:\.(?:[A-Z]|\d+|[a-z])(?!\w))*")


class UnknownSubsection(KeyError):
    """An anchor that is not a subsection of the text."""

    def __init__(self, anchor: str) -> None:
        super().__init__(anchor)
        self.anchor = anchor

    def __str__(self) -> str:
        return f"{self.anchor} is not a subsection of City Code 3-2-2 to 3-2-9"


class NotInSubsection(ValueError):
    """The passage asked for is not in the subsection's words."""


def quote(anchor: str, begin: str | None = None, end: str | None = None) -> str:
    """The words of a subsection, its children included, as the ordinance states them; with
    ``begin`` and ``end``, only the passage from the words ``begin`` through the words ``end``.

    >>> quote("3-2-2.D")
    'No license shall be required for any dogs under the age of six (6) months.'
    >>> quote("3-2-5.A.2", "Licenses are not")
    'Licenses are not assignable to other parties.'
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
    """The anchors of this chapter a text cites in full (``3-2-9.B.3.c``), in order."""
    return CITATION.findall(text)


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
    # 3-2-2 opens the page without its own heading: the text starts at its subsection A.
    chunks = [("3-2-2", "", body[: heads[0].start()] if heads else body)]
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(body)
        chunks.append((head.group(1), head.group(2), body[head.end() : end]))
    result: dict[str, Subsection] = {}
    for number, title, text in chunks:
        _parse_section(number, title, text.strip(), result)
    return result


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
