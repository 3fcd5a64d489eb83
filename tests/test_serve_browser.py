"""What only a browser shows (chromium, a real `serve` on loopback): a phone's first visit is
light, the - and + buttons show only where they work, the button's words follow the mistake
she fixed, a post that never arrived keeps what she typed, and the dashboard says when it has
lost the engine."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as BrowserError

from bunco_print.cli import code

from .serving import Server, link_sheet, sheet_links

FIRST_VISIT_MOST = 150_000

pytest_plugins = ["tests.browser"]


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve-browser") / "pack"
    assert code(["pack", "--players", "4", "--seed", "3", "--out", str(folder)]) == 0
    return folder


@pytest.fixture(scope="module")
def links(pack):
    return {link_sheet(link): link for link in sheet_links(pack / "pack.pdf")}


@pytest.fixture(scope="module")
def server(pack, tmp_path_factory):
    with Server([pack], data=tmp_path_factory.mktemp("serve-browser-data")) as running:
        yield running


def test_a_phones_first_visit_is_under_150_kb_with_the_themes_fonts(server, links, phone_page):
    loaded: dict[str, int] = {}

    def count(response) -> None:
        loaded[response.url] = len(response.body())

    phone_page.on("response", count)
    phone_page.goto(server.url(links["2"]))
    phone_page.wait_for_load_state("networkidle")
    phone_page.evaluate("document.fonts.ready")
    fonts = [url for url in loaded if "/font/" in url]
    assert fonts, loaded  # the theme's own faces, not the phone's
    assert sum(loaded.values()) < FIRST_VISIT_MOST, loaded
    family = phone_page.evaluate("getComputedStyle(document.body).fontFamily")
    assert "Lato" in family and phone_page.evaluate("document.fonts.check('18px Lato')")


def test_without_the_script_the_steppers_are_hidden(server, links, chromium):
    context = chromium.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(server.url(links["3"]))
        assert page.locator("button.step").first.is_hidden()
        assert page.locator("#f-wins").is_visible()
    finally:
        context.close()


def test_the_button_and_a_lost_post_follow_what_she_typed(server, links, phone_page):
    phone_page.goto(server.url(links["3"]))
    go = phone_page.locator("button.go")
    plain = go.inner_text()
    phone_page.get_by_label("Wins", exact=True).fill("17")
    phone_page.get_by_label("Losses", exact=True).fill("9")
    phone_page.get_by_label("Buncos", exact=True).fill("1")
    go.tap()  # the page checks first: 17 + 9 is not 24
    assert go.inner_text() == "Send it as written"
    phone_page.get_by_label("Wins", exact=True).fill("15")
    assert go.inner_text() == plain  # fixed: the button no longer sends it "as written"
    # the Wi-Fi drops as she sends: what she typed is back when she opens the page again
    phone_page.route("**/s/3?**", lambda route: route.abort() if route.request.method == "POST"
                     else route.continue_())  # fmt: skip
    with pytest.raises(BrowserError):  # the browser's own "network error" page
        go.tap()
        phone_page.wait_for_url("**done=**", timeout=3000)
    phone_page.unroute("**/s/3?**")
    phone_page.goto(server.url(links["3"]))
    assert phone_page.get_by_label("Wins", exact=True).input_value() == "15"
    assert "did not reach the engine" in phone_page.inner_text("main")
    with phone_page.expect_navigation():
        go.tap()
    assert "Recorded" in phone_page.inner_text("main")
    phone_page.goto(server.url(links["3"]))
    assert "did not reach the engine" not in phone_page.inner_text("main")


def test_the_dashboard_says_when_it_lost_the_engine(server, desktop_page):
    desktop_page.goto(server.host_url())
    notice = desktop_page.locator(".offline")
    assert notice.is_hidden()
    desktop_page.route("**/host/panel?**", lambda route: route.abort())
    notice.wait_for(state="visible", timeout=8000)
    assert "Connection lost" in notice.inner_text()
    desktop_page.unroute("**/host/panel?**")
    notice.wait_for(state="hidden", timeout=8000)


def test_the_dashboard_fits_a_phone_and_the_board_fills_a_tv(server, phone_page, chromium):
    phone_page.goto(server.host_url())
    wide = phone_page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390  # no table to scroll sideways
    rows = phone_page.evaluate(
        "[...document.querySelectorAll('table.sheets tbody tr')].map(r => r.offsetHeight)"
    )
    assert rows and max(rows) < 64  # one sheet a line
    assert phone_page.locator("table.sheets td[data-label='W']").first.is_visible()
    tv = chromium.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = tv.new_page()
        page.goto(server.host_url())
        page.goto(server.url(page.locator("a", has_text="standings board").get_attribute("href")))
        assert page.evaluate("document.querySelector('main').offsetWidth") > 0.9 * 1920
    finally:
        tv.close()
