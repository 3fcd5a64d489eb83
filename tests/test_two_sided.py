"""Large print at one sheet a page: the sheet goes over both sides of its page, so its grid's
rows and W/L boxes can be at least 1.3 times the normal sheet's. Read from the printed PDF (the
words, where they sit, the QR codes) and measured on the layout, for every ruleset."""

from __future__ import annotations

import itertools
from io import BytesIO

import pikepdf
import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from bunco_print.game import rulesets
from bunco_print.game.plan import plan_event
from bunco_print.printing import layout
from bunco_print.printing.layout import grid_cells, grids, svg
from bunco_print.printing.layout.base import Inputs
from bunco_print.theming import themes

from .pdftools import page_texts, qr_codes, smallest_text
from .signed import opens
from .test_duplex import turned_over, where
from .test_pack import ENGINE, build

LARGE = 1.3
NAMES = ["Ann", "Bea", "Cai", "Dot", "Eve", "Flo", "Gus", "Hal"]


@pytest.fixture(scope="module")
def pack():
    return build(8, names=NAMES, large_print=True, per_page=1)


def test_each_sheet_is_a_front_and_its_back(pack):
    texts = page_texts(pack.documents["score-sheets.pdf"])
    assert len(texts) == 2 * len(pack.event.sheets) == 16
    for number, name in enumerate(NAMES, start=1):
        front, back = texts[2 * number - 2], texts[2 * number - 1]
        for side in (front, back):  # both sides: the sheet's number and its player's name
            assert f"Sheet {number}" in side and name in side
        assert "Set 1" in front and "Set 2" in front and "Set 3" not in front
        assert "Turn over for sets 3 and 4 and tonight’s totals" in front
        assert "Tonight’s totals" not in front.replace("and tonight’s totals", "")
        assert "Set 3" in back and "Set 4" in back and "Set 1 " not in back
        assert "Tonight’s totals" in back and "Scan to enter" in back
        assert pack.event.title in front and pack.event.title in back
    # pack.pdf starts with the same pages, in the same order
    assert page_texts(pack.pack_pdf)[:16] == texts


def test_each_back_is_behind_its_own_front_on_the_long_edge(pack):
    for pdf in (pack.documents["score-sheets.pdf"], pack.pack_pdf):
        with pikepdf.open(BytesIO(pdf)) as opened:
            assert str(opened.Root.ViewerPreferences.Duplex) == "/DuplexFlipLongEdge"
    document = pdfium.PdfDocument(pack.documents["score-sheets.pdf"])
    for number in range(1, 9):
        front, back = document[2 * number - 2], document[2 * number - 1]
        w, h = front.get_size()
        on_front, on_back = where(front, f"Sheet {number}"), where(back, f"Sheet {number}")
        assert on_front is not None and on_back is not None, number
        # turned over the long edge the back's head is at the top of the paper, as the front's
        _x, y = turned_over(*on_back, w, h, "/DuplexFlipLongEdge")
        assert y < h / 8 and on_front[1] < h / 8, number


def test_each_back_carries_its_sheets_one_code(pack):
    codes = qr_codes(pack.documents["score-sheets.pdf"])
    for number in range(1, 9):
        front, back = codes[2 * number - 2], codes[2 * number - 1]
        assert front == [], number
        assert len(back) == 1, number
        assert back[0].startswith(f"{ENGINE}/e/{pack.event.event_id}/s/")
        assert opens(back[0], pack.secret) == (pack.event.event_id, str(number))
    assert smallest_text(pack.documents["score-sheets.pdf"])[0] >= 6 * LARGE - 0.05


def _drawn_row(night: Inputs, sheet, word: str) -> float:
    """The score grid's row height as drawn: the distance between its round rules."""
    marks = grids.Marks()
    g = sheet.grid
    grids.score_grid(night, svg.Layer(), g.x, g.y, g.w, g.h, word, marks, part=sheet.part)
    ys = sorted({round(y, 3) for _x0, _x1, y in marks.rules})
    return min(b - a for a, b in itertools.pairwise(ys))


def _measured(ruleset_id: str, paper: str, sets: int | None, large: bool):
    """The sheet's grid at one a page: (W/L box width or punch box width, row height), and
    whether it is printed over two sides."""
    ruleset, theme = rulesets.load(ruleset_id), themes.load("classic")
    event = plan_event(12, ruleset, seed=7, date="2026-12-04", title="Bunco Night", sets=sets)
    doc = "team_card" if ruleset.sheet_kind == "team" else "score_sheet"
    laid = layout.lay_out(event, ruleset, theme, paper, 1, [doc], large=large)
    night = Inputs(event, ruleset, theme, paper, 1, large)
    sheet, g = laid.docs[doc].sheets[0], laid.docs[doc].sheets[0].grid
    two_sided = laid.two_sided
    if doc == "team_card":
        per_side = sheet.part.per_side if sheet.part else event.sets
        return grid_cells.punch_cells(night, g.w, g.h, per_side), two_sided
    rh = _drawn_row(night, sheet, ruleset.word)
    u = sheet.part.u if sheet.part else grid_cells.score_cells(night, g.w, g.h)[1]
    if sheet.part:  # the back is drawn in the same cells
        back = laid.docs["score_sheet_back"].sheets[0]
        assert back.part.u == u and abs(_drawn_row(night, back, ruleset.word) - rh) < 0.01
    return (u, rh), two_sided


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(
    ("ruleset", "sets"),
    [
        ("classic", None),
        ("mybunco", None),
        ("tournament", None),
        ("progressive", None),
        ("bonko", None),
        ("classic", 6),
        ("mybunco", 7),
        ("classic", 12),
        ("bonko", 8),
    ],
)
def test_rows_and_boxes_are_at_least_13_times_the_normal_sheets(ruleset, sets, paper):
    (was_box, was_row), _ = _measured(ruleset, paper, sets, large=False)
    (box, row), two_sided = _measured(ruleset, paper, sets, large=True)
    assert row >= LARGE * was_row - 1e-6, (row, was_row)
    if ruleset != "bonko":  # a team card's punch boxes keep their size: as many as fit across
        assert box >= LARGE * was_box - 1e-6, (box, was_box)
        assert two_sided  # one side cannot give score sheets 1.3x at one a page
    else:
        assert two_sided == (sets == 8)  # four sets fit on one side with 1.3x rows


def test_star_on_back_keeps_the_sheet_one_sided_and_says_why(tmp_path, monkeypatch):
    from bunco_print.cli import app

    monkeypatch.chdir(tmp_path)
    args = ["pack", "--players", "8", "--seed", "3", "--large-print", "--out", "club"]
    result = CliRunner().invoke(app, [*args, "--star-on-back"])
    assert result.exit_code == 0, result.output
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert len(notes) == 1
    assert "star" in notes[0] and "leave out --star-on-back" in notes[0]
    texts = page_texts((tmp_path / "club" / "score-sheets.pdf").read_bytes())
    assert len(texts) == 16  # each sheet, then the back with its star
    assert "Set 4" in texts[0] and "Tonight’s totals" in texts[0]
    assert "Set 3" not in texts[1] and "Sheet 1" in texts[1]


def test_editable_two_sided_sheets_have_a_name_field_on_each_side():
    pack = build(4, large_print=True, per_page=1, editable=True)
    with pikepdf.open(BytesIO(pack.documents["score-sheets.pdf"])) as pdf:
        names = sorted(str(f.T) for f in pdf.Root.AcroForm.Fields)
    assert names == sorted(
        f"sheet-{n}-{side}name" for n in range(1, 5) for side in ("", "back-")
    ), names


def test_normal_and_two_a_page_large_print_sheets_stay_one_sided():
    ruleset, theme = rulesets.load("classic"), themes.load("classic")
    event = plan_event(12, ruleset, seed=7, date="2026-12-04", title="Bunco Night")
    for per_page, large in ((1, False), (2, True), (4, False)):
        laid = layout.lay_out(
            event, ruleset, theme, "letter", per_page, ["score_sheet"], large=large
        )
        assert not laid.two_sided and laid.docs["score_sheet"].sheets[0].part is None


def test_team_cards_with_many_sets_go_over_both_sides_too():
    pack = build(8, ruleset="bonko", sets=6, large_print=True, per_page=1)
    pdf = pack.documents["team-cards.pdf"]
    texts, codes = page_texts(pdf), qr_codes(pdf)
    cards = len(pack.event.sheets)
    assert len(texts) == 2 * cards
    for number in range(1, cards + 1):
        front, back = texts[2 * number - 2], texts[2 * number - 1]
        assert f"Team card {number}" in front and f"Team card {number}" in back
        assert "Turn over for sets 4 to 6" in front and "Sets 4 to 6" in back
        assert codes[2 * number - 2] == [] and len(codes[2 * number - 1]) == 1
        assert opens(codes[2 * number - 1][0], pack.secret)[0] == pack.event.event_id
