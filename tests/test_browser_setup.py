"""The browser the web tests use: a phone fills a form on a loopback page and sees the answer."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

import pytest

pytest_plugins = ["tests.browser"]

FORM = b"""<!doctype html><html><head><meta name="viewport" content="width=device-width">
<title>Sheet 5</title></head><body><h1>Sheet 5</h1>
<form method="post" action="/sheet"><label>Wins <input name="wins" inputmode="numeric"></label>
<label>Buncos <input name="buncos" inputmode="numeric"></label>
<button type="submit">Send</button></form></body></html>"""


class _Pages(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self._answer(FORM)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        fields = parse_qs(self.rfile.read(length).decode())
        wins, buncos = (escape(fields.get(name, ["?"])[0]) for name in ("wins", "buncos"))
        self._answer(
            f"<!doctype html><title>Recorded</title><p id=result>Recorded: "
            f"{wins} wins, {buncos} Buncos</p>".encode()
        )

    def _answer(self, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def form_site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Pages)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_a_phone_fills_a_form_and_reads_the_answer(phone_page, form_site, tmp_path):
    phone_page.goto(form_site)
    assert phone_page.title() == "Sheet 5"
    assert phone_page.viewport_size == {"width": 390, "height": 844}
    assert phone_page.evaluate("window.devicePixelRatio") == 2
    before = phone_page.inner_text("body")

    phone_page.get_by_label("Wins").fill("14")
    phone_page.get_by_label("Buncos").fill("3")
    phone_page.get_by_role("button", name="Send").tap()
    phone_page.wait_for_selector("#result")

    after = phone_page.inner_text("body")
    assert after != before
    assert phone_page.inner_text("#result") == "Recorded: 14 wins, 3 Buncos"
    shot = tmp_path / "answer.png"
    phone_page.screenshot(path=shot, full_page=True)
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert shot.stat().st_size > 1000


def test_a_desktop_window_is_desktop_sized(desktop_page, form_site):
    desktop_page.goto(form_site)
    assert desktop_page.viewport_size == {"width": 1280, "height": 900}
    assert not desktop_page.evaluate("'ontouchstart' in window")
