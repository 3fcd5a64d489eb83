"""`bunco-print serve` as a real process on loopback, as tests/serving.py runs it: every QR code
of a printed pack leads to its form, a phone (chromium) sends its totals from it, and Ctrl-C or
SIGTERM stop it with every entry kept. (tests/test_serve.py covers the rest of the engine.)"""

from __future__ import annotations

import csv
import io
import os
import signal
import subprocess
import sys

import pytest

from bunco_print.theming import themes

from .serving import (
    Server,
    get,
    link_sheet,
    post_form,
    same_origin,
    sheet_links,
)

PLAYERS = 4  # one table: 4 score sheets, 1 tally pad
ROUNDS = 24  # classic: 4 sets of 6 rounds

pytest_plugins = ["tests.browser"]


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve") / "pack"
    command = [sys.executable, "-m", "bunco_print", "pack", "--players", str(PLAYERS)]
    result = subprocess.run(
        [*command, "--seed", "3", "--out", str(folder)],
        capture_output=True,
        text=True,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1796342400"},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return folder


@pytest.fixture(scope="module")
def links(pack):
    """The links the pack's QR codes hold, by sheet id (`1`..`4`, and `T1` for the tally pad)."""
    return {link_sheet(link): link for link in sheet_links(pack / "pack.pdf")}


@pytest.fixture(scope="module")
def server(pack, tmp_path_factory):
    with Server([pack], data=tmp_path_factory.mktemp("serve-data")) as running:
        yield running


def totals(server: Server) -> dict[str, dict[str, str]]:
    status, _, body = get(server.host_url().replace("/host?", "/host/totals.csv?"))
    assert status == 200, body
    return {row["sheet"]: row for row in csv.DictReader(io.StringIO(body.decode()))}


def test_every_qr_code_of_the_pack_opens_a_form(server, links):
    assert sorted(links) == sorted([str(n) for n in range(1, PLAYERS + 1)] + ["T1"])
    for link, field in ((links["1"], b'name="wins"'), (links["T1"], b'name="sheet"')):
        status, headers, body = get(server.url(link))
        assert status == 200
        assert headers["Content-Type"].startswith("text/html")
        assert b"<form" in body and field in body  # a table's first asks which sheet


def test_ctrl_c_and_sigterm_stop_it_and_a_restart_goes_on(pack, links, tmp_path):
    with Server([pack], data=tmp_path / "data") as server:
        for sheet, wins, sig in (("1", 9, signal.SIGINT), ("2", 16, signal.SIGTERM)):
            fields = {"wins": wins, "losses": ROUNDS - wins, "buncos": 1}
            assert post_form(server.url(links[sheet]), fields, same_origin(server))[0] == 303
            assert server.stop(sig) == 0, server.output()  # Ctrl-C and SIGTERM: a clean stop
            assert server.stdout_lines[-1].startswith("Stopped. Everything entered is kept")
            assert not server.stderr_lines, server.output()
            server.restart()
        kept = totals(server)
        assert (kept["1"]["wins"], kept["2"]["wins"]) == ("9", "16")


def test_a_phone_sends_its_sheet_and_the_dashboard_shows_it_without_a_reload(
    server, links, phone_page, desktop_page
):
    desktop_page.goto(server.host_url())
    assert "missing" in desktop_page.inner_text("#sheet-1")
    phone_page.goto(server.url(links["1"]))
    sizes = phone_page.evaluate(
        """() => {
          const seen = [...document.querySelectorAll('main *')].filter(e => e.offsetParent
            && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()));
          const taps = [...document.querySelectorAll('main button, main input, main select')];
          return {
            text: Math.min(...seen.map(e => parseFloat(getComputedStyle(e).fontSize))),
            tap: Math.min(...taps.filter(e => e.type !== 'hidden' && e.type !== 'checkbox')
                             .map(e => e.getBoundingClientRect().height)),
          };
        }"""
    )
    assert sizes["text"] >= 17 and sizes["tap"] >= 48, sizes
    # in the pack's theme: its accent colour, not the engine's own defaults
    accent = themes.load("classic").colors["accent"].lstrip("#")
    band = phone_page.evaluate("getComputedStyle(document.querySelector('.top')).backgroundColor")
    assert band == "rgb({}, {}, {})".format(*(int(accent[i : i + 2], 16) for i in (0, 2, 4)))
    phone_page.get_by_label("Wins", exact=True).fill("13")
    phone_page.get_by_label("Losses", exact=True).fill(str(ROUNDS - 13))
    phone_page.get_by_label("Buncos", exact=True).fill("1")
    phone_page.get_by_label("Your name").fill("Bea")
    with phone_page.expect_navigation():
        phone_page.locator("button.go").tap()
    answer = phone_page.inner_text("main")
    assert "Recorded" in answer and "of 4 sheets in" in answer, answer
    row = totals(server)["1"]
    assert (row["wins"], row["losses"], row["buncos"], row["name"]) == ("13", "11", "1", "Bea")
    # the dashboard, opened before she sent it, shows it by itself
    desktop_page.wait_for_function(
        "() => document.querySelector('#sheet-1').innerText.includes('Bea')", timeout=10_000
    )
    assert "entered" in desktop_page.inner_text("#sheet-1")


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--host", "not a host!"], "error: --host 'not a host!' is not an address or a host name"),
        (["--host", ""], "error: --host must name an address"),
        (["--host", "999.1.1.1"], "error: --host '999.1.1.1' is not an address or a host name"),
        (["--port", "IN_USE"], "is in use (another server?); choose another with --port"),
    ],
)
def test_a_start_up_refused_leaves_no_night_behind(pack, server, tmp_path, options, said):
    copy = tmp_path / "pack"
    copy.mkdir()
    for name in ("event.json", "event.secret", ".bunco-print.json"):
        (copy / name).write_bytes((pack / name).read_bytes())
    port = server.base.rsplit(":", 1)[1]
    options = [port if option == "IN_USE" else option for option in options]
    result = subprocess.run(
        [sys.executable, "-m", "bunco_print", "serve", str(copy), *options],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1 and said in result.stderr, result.stderr
    assert result.stdout == ""
    assert sorted(p.name for p in copy.iterdir()) == [
        ".bunco-print.json",
        "event.json",
        "event.secret",
    ]
