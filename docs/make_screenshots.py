"""The README's pictures of `bunco-print serve`: a phone's sheet page and the host's dashboard.

    .venv/bin/python docs/make_screenshots.py

Prints a 13-player December pack, serves it, sends nine sheets as phones would, and has Debian's
chromium (through Playwright) photograph the pages into docs/images/.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bunco_print.engine.simulate import simulate  # noqa: E402
from bunco_print.nights import settle  # noqa: E402
from bunco_print.signing import links  # noqa: E402
from tests.serving import Server, post_json  # noqa: E402

NAMES = ["Ann", "Bea", "Cleo", "Dot", "Eve", "Fay", "Gwen", "Hope", "Iris", "June", "Kit"]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip


def main() -> None:
    out = ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "party"
        env = {**os.environ, "SOURCE_DATE_EPOCH": "1796342400"}
        subprocess.run(
            [sys.executable, "-m", "bunco_print", "pack", "--players", "13", "--theme",
             "december", "--seed", "7", "--date", "2026-12-04", "--out", str(folder)],
            check=True, env=env, capture_output=True,
        )  # fmt: skip
        night = settle.load_night((folder / "event.json").read_bytes())
        secret = (folder / "event.secret").read_text().strip()
        event = json.loads((folder / "event.json").read_text())["event_id"]
        with Server([folder]) as server:

            def link(sheet: str) -> str:
                return links.sheet_url(server.base, secret, event, sheet)

            for n, sheet in enumerate(simulate(night, 5).totals.sheets[:9]):
                values = {"wins": sheet.wins, "losses": sheet.losses, "buncos": sheet.buncos,
                          "traveler": sheet.traveler, "name": NAMES[n]}  # fmt: skip
                if n == 7:
                    values["wins"] += 2  # one sheet that does not add up: flagged
                post_json(link(sheet.sheet), values)
            with sync_playwright() as play:
                browser = play.chromium.launch(
                    executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=ARGS
                )
                phone = browser.new_page(
                    viewport={"width": 390, "height": 844}, device_scale_factor=2,
                    is_mobile=True, has_touch=True,
                )  # fmt: skip
                phone.goto(link("10"))
                phone.fill("#f-wins", "13")
                phone.fill("#f-losses", "11")
                phone.fill("#f-buncos", "2")
                phone.fill("#f-name", "June")
                phone.screenshot(path=str(out / "serve-phone.png"))
                desk = browser.new_page(viewport={"width": 1280, "height": 1000})
                desk.goto(server.host_url())
                desk.screenshot(path=str(out / "serve-dashboard.png"))
                browser.close()
    print(f"wrote {out / 'serve-phone.png'} and {out / 'serve-dashboard.png'}")


if __name__ == "__main__":
    main()
