"""The ordinance text of the city in force, split by subsection.

Each jurisdiction package ships its text in its ``ordinance/`` folder, named with how it is
numbered by its ``jurisdiction.yaml``; Nowthen's exactly as the city publishes it (one long
paragraph, ``nowthen-city-code-ch3-sec2.txt``). :mod:`dogtag.law.ordinance.text` splits it by its own markers
(``3-2-3:``, ``A.``, ``1\\.``, ``a.``) into subsections with stable anchors such as ``3-2-9.A.1.c``;
documents and pages quote the ordinance through :func:`quote`, never from a copy.
"""

from dogtag.law.ordinance.subsection import Subsection
from dogtag.law.ordinance.text import (
    NOT_IN_TEXT,
    NotInSubsection,
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
