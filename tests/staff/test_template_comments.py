"""Django's ``{# … #}`` comment ends on its own line: one spread over several lines is not a
comment but text, and ``base.html`` printed one at the top of every page (found at state size,
2026-12-04). Longer comments use ``{% comment %}``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import dogtag

PACKAGE = Path(dogtag.__file__).resolve().parent
TEMPLATES = sorted(PACKAGE.rglob("templates/**/*.html"))
#: ``{#`` with no ``#}`` after it on the same line.
UNCLOSED = re.compile(r"\{#(?!.*#\}).*$", re.M)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_one_line_comment_closes_on_its_line(template: Path) -> None:
    text = template.read_text(encoding="utf-8")
    unclosed = [
        f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group(0).strip()[:60]}"
        for m in UNCLOSED.finditer(text)
    ]
    assert unclosed == []


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/accounts/login/", "/"])
def test_no_page_shows_template_comment_text(client: Any, admin_user: Any, path: str) -> None:
    if path != "/accounts/login/":
        client.force_login(admin_user)
    html = client.get(path).content.decode()
    assert "{#" not in html and "#}" not in html
