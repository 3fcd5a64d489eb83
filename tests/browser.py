"""Pages in a real browser (Debian's chromium, driven by Playwright's sync API) for tests.

A test module asks for these fixtures with

    pytest_plugins = ["tests.browser"]

and then takes `phone_page` (a phone: 390x844, touch, 2x pixels) or `desktop_page` (1280x900).
One browser serves the whole session; each test gets its own context, so no cookie, storage or
cache passes from one test to the next. Playwright's own browser download is never used: the
machine's chromium is (`make system` installs it).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

MISSING = "Debian's chromium is needed: run `make system` (apt-get install chromium)"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
TIMEOUT_MS = 10_000  # one step (a click, a wait); far above what a page on loopback takes


def chromium_path() -> str | None:
    """The machine's chromium, or None."""
    found = shutil.which("chromium") or "/usr/bin/chromium"
    return found if Path(found).is_file() else None


@pytest.fixture(scope="session")
def chromium():
    """One headless chromium for the session; fails (never skips) when chromium is missing."""
    executable = chromium_path()
    if executable is None:
        pytest.fail(MISSING, pytrace=False)
    from playwright.sync_api import Error, sync_playwright

    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        except Error as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else "no message"
            pytest.fail(
                f"{MISSING}\n(chromium at {executable} did not start: {first})", pytrace=False
            )
        try:
            yield browser
        finally:
            browser.close()


def _page(browser, options: dict) -> Iterator:
    context = browser.new_context(**options)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def phone_page(chromium):
    """A fresh page on a phone-sized, touch screen (its own context)."""
    yield from _page(chromium, PHONE)


@pytest.fixture
def desktop_page(chromium):
    """A fresh page in a desktop window (its own context)."""
    yield from _page(chromium, DESKTOP)
