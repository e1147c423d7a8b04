"""Absolute addresses of the residents' site, for e-mail (a link must work outside the browser).

The address itself is the whole site's one answer, ``records.links.public_url`` (issue 25):
``DOGTAG_PUBLIC_URL``, or the address `dogtag serve` serves on, or the request's, or
http://127.0.0.1:8000 as ``make run`` serves it.
"""

from __future__ import annotations

from dogtag.records.links import LOCAL, absolute

__all__ = ["LOCAL", "absolute"]
