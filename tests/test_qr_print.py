"""QR codes a phone reads off a home printer: modules of at least 0.6 mm with a 4-module quiet
zone for the longest link a pack can make, in every theme, paper and per-page setting; every
code read back from a 150 dpi rendering, nearly every one from 100 dpi."""

from __future__ import annotations

from io import BytesIO

import pikepdf
import pytest

from bunco_print.game import rulesets
from bunco_print.game.plan import plan_event
from bunco_print.printing.layout import lay_out
from bunco_print.printing.layout.geometry import QR_MODULE_MM, QR_SIDE
from bunco_print.printing.pdf import QR, PageSpec, Rect, assemble
from bunco_print.printing.pdf.draw import QUIET_ZONE
from bunco_print.printing.qr import qr_grid
from bunco_print.printing.units import PT_PER_PX
from bunco_print.signing import keys, links
from bunco_print.theming import themes

from .pdftools import qr_codes

MM = 72 / 25.4
LONGEST_BASE = "https://bunco.example/"


def longest_links(count: int) -> list[str]:
    """Real signed links of a 400-player night on the longest engine URL allowed."""
    url = LONGEST_BASE + "x" * (links.max_engine_url_length() - len(LONGEST_BASE))
    event = plan_event(400, rulesets.load("progressive"), seed=1, date="2026-12-31", engine_url=url)
    secret = keys.event_secret(event.event_id)
    ids = [t.sheet_id for t in event.tables[::-1]] + [s.id for s in event.sheets[::-1]]
    return [links.night_url(event, secret, sheet_id) for sheet_id in ids[:count]]


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_every_code_slot_gives_the_longest_link_modules_of_0_6_mm(paper, per_page):
    longest = max(qr_grid(link)[0].n for link in longest_links(2))
    assert longest == 17 + 4 * links.MAX_QR_VERSION
    event = plan_event(13, rulesets.load("classic"), seed=1, date="2026-12-04")
    for name in themes.available():
        laid = lay_out(
            event,
            event.ruleset,
            themes.load(name),
            paper,
            per_page,
            ["score_sheet", "tally_pad"],
        )
        slots = [s for doc in laid.docs for s in laid.page(doc).slots if s.kind == "qr"]
        assert len(slots) == per_page + 4
        for slot in slots:
            module = min(slot.box.w, slot.box.h) / (longest + 2 * QUIET_ZONE)
            assert module >= QR_MODULE_MM * MM, (name, slot.id)


def sheet_of_codes(links: list[str], ink: str) -> bytes:
    """A Letter page of QR_SIDE codes in a grid, each at its own fraction of a point (so each
    falls on the pixel grid its own way), in `ink`."""
    blank = pikepdf.new()
    blank.add_blank_page(page_size=(612, 792))
    out = BytesIO()
    blank.save(out)
    stamps = []
    for k, link in enumerate(links):
        x, y = 40 + (k % 6) * (QR_SIDE + 3) + k * 0.13, 30 + (k // 6) * (QR_SIDE + 3) + k * 0.07
        box = Rect(*(v / PT_PER_PX for v in (x, y, x + QR_SIDE, y + QR_SIDE)))
        stamps.append((box, QR(link, ink)))
    return assemble(out.getvalue(), [PageSpec(0, tuple(stamps))])


@pytest.mark.parametrize("theme", themes.available())
def test_the_longest_links_read_back_at_150_and_100_dpi(theme):
    links = longest_links(48)
    pdf = sheet_of_codes(links, themes.load(theme).colors["ink"])
    assert qr_codes(pdf, dpi=150) == [sorted(links)]
    read = set(qr_codes(pdf, dpi=100)[0])
    assert len(read & set(links)) >= 0.95 * len(links)
