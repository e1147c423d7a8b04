"""The ordinance text of the city in force, split by subsection.

Each jurisdiction package ships its text in its ``ordinance/`` folder, named with how it is
numbered by its ``jurisdiction.yaml``; Nowthen's exactly as the city publishes it (one long
paragraph). :mod:`dogtag.law.ordinance.text` splits a chapter-numbered text by its own markers
(``<chapter>-<section>:``, ``A.``, ``1\\.``, ``a.``) into subsections with stable anchors, and
:mod:`dogtag.law.ordinance.decimal_code` a decimal-numbered one;
documents and pages quote the ordinance through :func:`quote`, never from a copy.
"""

from dogtag.law.ordinance.subsection import Subsection
from dogtag.law.ordinance.text import (
    NotInSubsection,
    UnknownSubsection,
    cited,
    exists,
    not_in_text,
    quote,
    subsection,
    subsections,
)

__all__ = [
    "NotInSubsection",
    "Subsection",
    "UnknownSubsection",
    "cited",
    "exists",
    "not_in_text",
    "quote",
    "subsection",
    "subsections",
]


def __getattr__(name: str) -> dict[str, str]:
    # ``NOT_IN_TEXT``: the sections the text of the city in force refers to and lacks
    if name == "NOT_IN_TEXT":
        return not_in_text()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
