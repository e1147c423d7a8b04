"""The text of City Code chapter 3, section 2 (3-2-2 to 3-2-9), split by subsection.

The text ships beside this module exactly as the city publishes it (one long paragraph,
``nowthen-city-code-ch3-sec2.txt``). :mod:`dogtag.law.ordinance.text` splits it by its own markers
(``3-2-3:``, ``A.``, ``1\\.``, ``a.``) into subsections with stable anchors such as ``3-2-9.A.1.c``;
documents and pages quote the ordinance through :func:`quote`, never from a copy.
"""

from dogtag.law.ordinance.text import (
    NOT_IN_TEXT,
    NotInSubsection,
    Subsection,
    UnknownSubsection,
    cited,
    exists,
    quote,
    subsection,
    subsections,
)

__all__ = [
    "NOT_IN_TEXT",
    "NotInSubsection",
    "Subsection",
    "UnknownSubsection",
    "cited",
    "exists",
    "quote",
    "subsection",
    "subsections",
]
