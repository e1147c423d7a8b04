"""axe-core on pages of records a test makes itself, without the demo town the site-wide walk
builds (``test_accessibility``'s ``axe`` fixture): the same injection, rules and report, and two
checks axe leaves to its best-practice rules (not run by the walk) or to a person: every id on
the page is used once (a label, an error summary's link and aria-describedby point at one
element); every in-page link (an error summary's) leads to an element; each group of radios or
checkboxes sharing a name is a fieldset with its legend (USWDS); and no heading skips a level
down from the one before it (the outline a screen reader lists)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import PATIENCE_MS, VIEWPORT
from tests.browser.test_accessibility import AXE, Axe

#: The page's repeated ids and its headings that skip a level, as axe reports a violation.
STRUCTURE = """() => {
  const found = [];
  const seen = new Map();
  for (const el of document.querySelectorAll("[id]")) {
    seen.set(el.id, (seen.get(el.id) || 0) + 1);
  }
  const repeated = [...seen].filter(([, n]) => n > 1).map(([id, n]) => `#${id} (${n} times)`);
  if (repeated.length) found.push({id: "unique-ids", impact: "serious",
    help: "Each id is used once", helpUrl: "https://www.w3.org/TR/WCAG21/#parsing",
    nodes: repeated.map((t) => ({target: t, summary: "repeated"}))});
  const broken = [...document.querySelectorAll("main a[href^='#']")]
    .map((a) => a.getAttribute("href").slice(1))
    .filter((id) => id && !document.getElementById(decodeURIComponent(id)));
  if (broken.length) found.push({id: "in-page-links", impact: "serious",
    help: "An in-page link leads to an element", helpUrl: "https://www.w3.org/TR/WCAG21/#link-purpose-in-context",
    nodes: broken.map((id) => ({target: `a[href="#${id}"]`, summary: "no element has this id"}))});
  const names = new Map();
  for (const el of document.querySelectorAll("main input[type=radio], main input[type=checkbox]")) {
    names.set(el.name, [...(names.get(el.name) || []), el]);
  }
  const loose = [];
  for (const [name, els] of names) {
    if (els.length < 2) continue;
    const group = els[0].closest("fieldset");
    const legend = group && group.querySelector(":scope > legend");
    if (!group || !legend || !legend.textContent.trim() || els.some((e) => !group.contains(e)))
      loose.push({target: `input[name="${name}"]`, summary: "not one fieldset with a legend"});
  }
  if (loose.length) found.push({id: "grouped-choices", impact: "serious",
    help: "A group of radios or checkboxes is a fieldset with a legend",
    helpUrl: "https://www.w3.org/WAI/tutorials/forms/grouping/", nodes: loose});
  const skips = [];
  let level = null;  // the first heading may be of any level (an error summary's h2 before the h1)
  for (const h of document.querySelectorAll("main h1, main h2, main h3, main h4, main h5, main h6")) {
    if (h.closest("[hidden], template")) continue;
    const n = Number(h.tagName[1]);
    const text = h.textContent.trim().slice(0, 60);
    if (level !== null && n > level + 1)
      skips.push({target: `${h.tagName} "${text}"`, summary: `after an h${level}`});
    level = n;
  }
  if (skips.length) found.push({id: "heading-levels", impact: "moderate",
    help: "Headings do not skip a level", helpUrl: "https://www.w3.org/WAI/tutorials/page-structure/headings/",
    nodes: skips});
  return found;
}"""


class StrictAxe(Axe):
    """axe's WCAG 2.1 A and AA rules, then ``STRUCTURE``."""

    def check(self, what: str) -> None:
        super().check(what)
        found = self.page.evaluate(STRUCTURE)
        if found:
            self.found.setdefault(what, []).extend(found)


@pytest.fixture
def axe_alone(browser: Any, live_server: Any) -> Iterator[Axe]:
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    context.set_default_timeout(PATIENCE_MS)
    context.add_init_script(path=AXE)
    try:
        yield StrictAxe(context.new_page(), live_server.url)
    finally:
        context.close()


def bad_submit(axe: Axe, container: str, button: str, clear: tuple[str, ...] = ()) -> None:
    """Send the form in ``container`` (a CSS selector) with the controls ``clear`` (CSS selectors
    within it; by default every date, time, number and text input and textarea) emptied, and
    wait for the page that answers with its errors."""
    page = axe.page
    section = page.locator(container)
    fields = (
        [section.locator(s) for s in clear]
        if clear
        else [
            section.locator(
                "input[type=date], input[type=time], input[type=number], input.usa-input, textarea"
            )
        ]
    )
    for group in fields:
        for i in range(group.count()):
            if group.nth(i).is_editable():
                group.nth(i).fill("")
    section.get_by_role("button", name=button, exact=True).click()
    page.wait_for_load_state("load")
