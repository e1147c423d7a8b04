"""A subsection of a package's ordinance text, as each text's parser reads it (``text`` for a
chapter numbered chapter-section, then letters and numbers after dots, as Nowthen's;
``decimal_code`` for sections numbered with a decimal point and subdivisions in parentheses, as
Lino Lakes')."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Subsection:
    anchor: str
    marker: str  # as the ordinance prints it, normalised: a section's number and colon, "A.", "1."
    title: str  # a section's title ("DANGEROUS DOGS"); empty below a section
    own: str  # its words before its first child
    children: tuple[str, ...]
    status: str = "current"  # or "draft", "historical", "not_available" (a package's own text)
    source: str = ""  # where the passage was read, for a text compiled from several copies

    @property
    def section(self) -> str:
        return self.anchor.split(".", 1)[0]

    @property
    def depth(self) -> int:
        return self.anchor.count(".")
