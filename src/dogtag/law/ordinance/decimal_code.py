"""Split a code numbered by decimal sections (as Lino Lakes' City Code and its fee schedule are)
into the same :class:`~dogtag.law.ordinance.text.Subsection` values as Nowthen's, with provenance.
The examples below number an imaginary chapter 701.

The text is compiled from several public copies (the compiler's ``NOTES.md`` weighs them). Each
copy opens with a ``# source: <URL> ...`` line; the compiler's bracketed lines are not text, they only
name a section (``[Section heading per AmLegal chapter table of contents: 701.02   Enforcement]``)
or set a copy's status (``[DRAFT TEXT ...]``, ``[HISTORICAL TEXT ...]``; ``current`` otherwise).
A passage's ``source`` is the first URL of its copy's source line (empty where none was found).
Words are kept as found, OCR errors included; only line breaks are undone ("non-" + "venomous").

Anchors (canonical, and the form a citation prints after "§ "): section ``701.09``, subdivision
``701.09(5)``, item ``701.09(5)(c)`` (or ``701.01(c)`` where a section has items only), sub-item
``701.16(2)(c)2``. Markers as printed: ``(5)``; ``(c)``, ``c)`` and ``c.`` for items; ``2.`` for a
sub-item, or for a subdivision in the council drafts (``2.`` is a sub-item only where it is the
next one under an open item). ``c.`` is read only where item c comes next, so is the OCR ``9)``
(for ``g)``); anything else at the start of a line is words (the redline's ``(ac)``, ``i.``).

Several copies of one section: they are read in file order, and a copy without its own heading
continues where the one before it stopped (its subdivision and item stay open). **The best copy
wins for each passage it has: current before historical before draft; between equals, the first.**
An older copy supplies only the passages the better one lacks, each passage keeping the status and
source of the copy it was read from. A passage cut off by a page end runs on into the next copy of
the same status only where that copy repeats its last four words (701.14(3)); it then names both
sources, separated by a space. Words a copy gives before its first marker that neither begin its
section nor so run on are dropped (they belong to a passage whose start was not found).

Status: a section's is that of the copy naming it, or ``not_available`` where no words of it were
found (701.02: the table of contents gives its title, the text nothing); a passage printed with its
marker and no words before a ``[NOT FOUND ...]`` line is ``not_available`` (701.10(3)). Section
titles come from the chapter's table of contents, else the printed heading ("FEE SCHEDULE").
The appendix of superseded text (no section number) is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dogtag.law.ordinance.subsection import Subsection

STATUSES = ("current", "historical", "draft", "not_available")  # best first
ANCHOR = re.compile(
    r"(?P<section>\d{3}\.\d{2})(?:\((?P<subdivision>\d+)\))?"
    r"(?:\((?P<item>[a-z])\)(?P<subitem>\d+)?)?"
)

_URL = re.compile(r"https?://[^\s;,)]+")
_NAMED = re.compile(r"\[Section heading per [^:]*: (\d{3}\.\d{2})\s+([^;\]]+?)\s*[;\]]")
_TOC = re.compile(r"\s+(\d{3}\.\d{2})\s{2,}(\S.*?)\s*")
_HEADING = re.compile(r"§?\s*(\d{3}\.\d{2}) ([A-Z][A-Z ;,:&]*)\.")
# At the start of what is left of a line: (5) | (c) or c) | an OCR digit) | c. | 2.
_MARKER = re.compile(r"\s*(?:\((\d+)\)|\(?([a-z])\)|(\d)\)|([a-z])\.|(\d+)\.)(?=\s|$)")
_OCR_ITEM = {"9": "g"}  # "9)" printed where item g) comes next (NOTES §6.11)
_SUBITEM = 3  # levels: 1 subdivision, 2 item, 3 sub-item


def citation(anchor: str) -> str:
    """``§ 701.09(5)(c)``: the anchor as a citation prints it."""
    if not ANCHOR.fullmatch(anchor):
        raise ValueError(f"{anchor!r} is not an anchor of a decimal code")
    return f"§ {anchor}"


def parent(anchor: str) -> str | None:
    """The anchor one level up (``701.16(2)(c)2`` -> ``701.16(2)(c)``); None for a section."""
    found = ANCHOR.fullmatch(anchor)
    if not found:
        raise ValueError(f"{anchor!r} is not an anchor of a decimal code")
    if found["subitem"]:
        return anchor[: -len(found["subitem"])]
    if found["item"]:
        return anchor[:-3]
    return found["section"] if found["subdivision"] else None


def section_of(anchor: str) -> str:
    """``701.16`` for ``701.16(2)(c)2`` (``Subsection.section`` reads Nowthen's dotted anchors)."""
    found = ANCHOR.fullmatch(anchor)
    if not found:
        raise ValueError(f"{anchor!r} is not an anchor of a decimal code")
    return found["section"]


@dataclass
class _Passage:
    anchor: str
    marker: str
    title: str
    status: str
    source: str
    parts: list[str] = field(default_factory=list)
    children: list[str] = field(default_factory=list)


def _join(parts: list[str]) -> str:
    text = re.sub(r"(?<=[a-z])-\n(?=[a-z])", "-", "\n".join(parts))
    return " ".join(text.split())


class _Reader:
    def __init__(self) -> None:
        self.passages: dict[str, _Passage] = {}
        self.toc: dict[str, str] = {}
        self.section = ""
        self.stack: list[tuple[int, str]] = []  # (level, value) open below the section

    def anchor(self) -> str:
        return self.section + "".join(f"({v})" if lv < _SUBITEM else v for lv, v in self.stack)

    def put(self, marker: str, title: str, status: str, source: str) -> _Passage | None:
        """Open the passage at the stack's anchor; None where a better or earlier copy has it."""
        anchor = self.anchor()
        found = self.passages.get(anchor)
        if found is None:
            found = self.passages[anchor] = _Passage(anchor, marker, title, status, source)
            if anchor != self.section:
                self.passages[parent(anchor) or self.section].children.append(anchor)
            return found
        if STATUSES.index(status) < STATUSES.index(found.status):
            found.status, found.source, found.parts = status, source, []
            return found
        return None

    def open_section(self, number: str, title: str, status: str, source: str) -> _Passage | None:
        self.section, self.stack = number, []
        return self.put(f"§ {number}", self.toc.get(number, title), status, source)

    def level(self, found: re.Match[str]) -> tuple[int, str] | None:
        subdivision, item, ocr, letter, number = found.groups()
        open_ = dict(self.stack)
        if subdivision:
            return 1, subdivision
        if item:
            return 2, item
        next_item = chr(ord(open_[2]) + 1) if 2 in open_ else "a"
        if ocr or letter:
            return (2, next_item) if (letter or _OCR_ITEM.get(ocr)) == next_item else None
        next_sub = str(int(open_[_SUBITEM]) + 1) if _SUBITEM in open_ else "1"
        return (_SUBITEM, number) if 2 in open_ and number == next_sub else (1, number)

    def run_on(self, leading: list[str], status: str, source: str) -> None:
        """Words before a copy's first marker: the open passage's run-on, or dropped."""
        open_ = self.passages.get(self.anchor()) if self.section and leading else None
        if open_ is None or open_.status != status:
            return
        last = " ".join(_join(open_.parts).split()[-4:])
        text = _join(leading)
        at = text.find(last) if last.count(" ") == 3 else -1
        if at >= 0:
            open_.parts.append(text[at + len(last) :])
            open_.source = f"{open_.source} {source}".strip()

    def read(self, copy: list[str]) -> None:
        found_url = _URL.search(copy[0])
        source = found_url.group(0) if found_url else ""
        status = "current"
        for line in copy:
            status = "draft" if line.startswith("[DRAFT TEXT") else status
            status = "historical" if line.startswith("[HISTORICAL TEXT") else status
        named = any(_NAMED.match(line) for line in copy)
        sink: _Passage | None = None
        leading: list[str] | None = []  # words before the copy's first heading or marker
        for line in copy[1:]:
            if not line.strip() or line.startswith("===="):
                continue
            if line.startswith("["):
                if heading := _NAMED.match(line):
                    self.run_on(leading or [], status, source)
                    leading = None
                    sink = self.open_section(heading[1], heading[2], status, source)
                elif line.startswith("[NOT FOUND") and sink and sink.anchor != self.section:
                    sink.status = sink.status if sink.parts else "not_available"
                continue
            if not self.section and (entry := _TOC.fullmatch(line)):
                self.toc[entry[1]] = entry[2]
                continue
            if heading := _HEADING.fullmatch(line.strip()):
                self.run_on(leading or [], status, source)
                leading = None
                if not named:  # else a draft's own heading, numbered as it was then
                    sink = self.open_section(heading[1], heading[2], status, source)
                continue
            rest = line
            while (marker := _MARKER.match(rest)) and (opened := self.level(marker)):
                self.run_on(leading or [], status, source)
                leading = None
                lv, value = opened
                self.stack = [(k, v) for k, v in self.stack if k < lv] + [opened]
                sink = self.put(f"({value})" if lv < _SUBITEM else f"{value}.", "", status, source)
                rest = rest[marker.end() :]
            if not rest.strip():
                continue
            if leading is not None:
                leading.append(rest)
            elif sink is not None:
                sink.parts.append(rest)
        self.run_on(leading or [], status, source)

    def has_words(self, anchor: str) -> bool:
        found = self.passages[anchor]
        return bool(_join(found.parts)) or any(self.has_words(c) for c in found.children)


def parse(raw: str) -> dict[str, Subsection]:
    """Subsections by anchor, in the order of the text (sections only in the table of contents,
    and found nowhere, last)."""
    body = re.split(r"\nAPPENDIX\b", raw, maxsplit=1)[0]
    reader = _Reader()
    for copy in re.split(r"\n(?=# source:)", body)[1:]:  # before the first copy: the preamble
        reader.read(copy.split("\n"))
    for number, title in reader.toc.items():
        reader.passages.setdefault(number, _Passage(number, f"§ {number}", title, "current", ""))
    result: dict[str, Subsection] = {}
    for anchor, p in reader.passages.items():
        status = p.status
        if anchor == section_of(anchor) and not reader.has_words(anchor):
            status = "not_available"
        own = _join(p.parts)
        result[anchor] = Subsection(
            anchor, p.marker, p.title, own, tuple(p.children), status=status, source=p.source
        )
    return result
