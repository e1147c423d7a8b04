"""Playwright (sync API) against Debian's Chromium, for the tests marked ``browser``.

Chromium comes from the system package (``apt-get install chromium``), never from
``playwright install``. Without it the browser tests are skipped on a workstation and fail on CI
(CI must never pass by silently skipping them).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import time_machine

# Playwright's sync API runs an asyncio event loop in the test's thread; Django then refuses
# database access "from an async context" (SynchronousOnlyOperation) in that same thread. The
# tests do not share the loop with Django, so this is safe here and is the documented way to
# combine pytest-django with Playwright.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
#: Wide enough for the USWDS header to show the primary navigation instead of the Menu button.
VIEWPORT = {"width": 1280, "height": 900}
#: How long a page, an action or an ``expect`` may take before the test fails, in milliseconds:
#: a bound for a loaded machine (two suites at once), never what a test asserts. Playwright's own
#: defaults (30 s for actions, 5 s for ``expect``) are paces an idle machine keeps.
PATIENCE_MS = 60_000


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the session."""
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: apt-get install chromium to run the browser tests"
        if os.environ.get("CI"):
            pytest.fail(f"{message} (CI is set: browser tests must not be skipped)")
        pytest.skip(message)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=PATIENCE_MS)
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        playwright.stop()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A page in a fresh context (no cookies, no storage shared between tests)."""
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")  # type: ignore[attr-defined]
    context.set_default_timeout(PATIENCE_MS)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def city_today() -> Iterator[None]:
    """10:00 in Nowthen on Sunday 2026-11-29; the clock runs on from there (the live server runs
    in this process, so it sees the same clock). A module opts in with
    ``pytest.mark.usefixtures("city_today")``."""
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=True):
        yield


@pytest.fixture
def problems(page: Any) -> list[str]:
    """What went wrong in the browser while the test ran: page errors, console errors, failed
    requests and HTTP errors. A test ends by asserting it is empty."""
    seen: list[str] = []
    # A blocked inline style or script is reported with where it came from, not only that it was.
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => console.error("
        "'CSP violation: ' + e.violatedDirective + ' from ' + e.sourceFile + ':' + e.lineNumber"
        " + ' ' + e.sample))"
    )
    page.on("pageerror", lambda error: seen.append(f"page error: {error}"))
    page.on(
        "console",
        lambda m: (
            seen.append(f"console {m.type} on {page.url}: {m.text}") if m.type == "error" else None
        ),
    )
    # a request the browser abandons because the page navigated on is not a failure
    page.on(
        "requestfailed",
        lambda r: (
            seen.append(f"request failed: {r.url} {r.failure}")
            if r.failure != "net::ERR_ABORTED"
            else None
        ),
    )
    page.on(
        "response", lambda r: seen.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None
    )
    return seen
