"""The layout: slots inside the safe area and apart, every slot drawn and stamped, text measured
with the fonts' real widths."""

from __future__ import annotations

import re

import pytest

from bunco_print.edges.resources import data_dir
from bunco_print.game import plan as ev
from bunco_print.game import rulesets
from bunco_print.printing import pack, render, stampers
from bunco_print.printing.layout import lay_out
from bunco_print.printing.layout.fonts import metrics
from bunco_print.printing.layout.geometry import EDGE
from bunco_print.printing.units import PT_PER_PX
from bunco_print.theming import themes

STAMPED = ["score_sheet", "sheet_back", "tally_pad", "seat_cards", "table_marker"]
LONG_NAME = "Maximiliana Alexandrina Worthington-Smythe-Fairweather Cruz"  # 59 of 60
LONG_TITLE = "Maple Street Neighbours Holiday Bunco Gala"


def night(players=13, ruleset="classic", theme="classic", paper="letter", per_page=1, **plan):
    rs, th = rulesets.load(ruleset), themes.load(theme)
    plan.setdefault("title", th.title)
    event = ev.plan_event(players, rs, seed=7, date="2026-12-04", **plan)
    return event, rs, th, paper, per_page


def overlap(a, b) -> bool:
    """Do two boxes share any area (touching edges do not)?"""
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def laid_out(docs, **kwargs):
    event, rs, th, paper, per_page = night(**kwargs)
    return lay_out(event, rs, th, paper, per_page, docs)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("ruleset", ["classic", "bonko"])
def test_slots_lie_in_the_safe_area_and_apart(paper, per_page, ruleset):
    sheet = "team_card" if ruleset == "bonko" else "score_sheet"
    laid = laid_out([sheet, *STAMPED[1:]], ruleset=ruleset, paper=paper, per_page=per_page)
    for doc in laid.docs:
        for page in laid.pages(doc):
            assert page.safe.x == page.safe.y == EDGE
            for slot in page.slots:
                assert slot.box.w > 0 and slot.box.h > 0, slot.id
                assert slot.box.inside(page.safe), f"{doc} {slot.id} {slot.box}"
            for k, a in enumerate(page.slots):
                for b in page.slots[k + 1 :]:
                    assert not overlap(a.box, b.box), f"{doc}: {a.id} overlaps {b.id}"


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_every_slot_is_drawn_where_the_layout_put_it(per_page):
    """A preview draws every registered slot, and WeasyPrint puts it at the layout's rect; a
    pack's HTML holds none (the stamper puts each where the layout measured it)."""
    event, rs, th, paper, _ = night(per_page=per_page)
    request = pack.PackRequest(players=13, per_page=per_page, star_on_back=True)
    docs = [*STAMPED, "pieces"]
    laid = lay_out(event, rs, th, paper, per_page, docs)
    anchors = {}
    for preview in (True, False):
        context = pack.template_context(event, rs, th, request, docs, preview, laid=laid)
        document = render.layout(render.render_html("base.html.j2", **context))
        anchors[preview] = {}
        for index, page in enumerate(document.pages):
            for key, rect in page.anchors.items():
                anchors[preview][key] = (index, tuple(v * PT_PER_PX for v in rect))
    for doc in docs:
        for page in laid.pages(doc):
            assert page.id in anchors[True] and page.id in anchors[False], page.id
            for slot in page.slots:
                assert slot.id not in anchors[False], slot.id
                index, (x1, y1, x2, y2) = anchors[True][slot.id]
                assert index == anchors[True][page.id][0], slot.id
                box = slot.box
                assert (
                    max(abs(x1 - box.x), abs(y1 - box.y), abs(x2 - box.right), abs(y2 - box.bottom))
                    < 0.05
                ), slot.id


def test_every_stamped_document_has_the_slots_its_stamper_fills():
    laid = laid_out(["score_sheet", *STAMPED[1:]], per_page=4)
    kinds = {doc: {s.kind for s in laid.page(doc).slots} for doc in laid.docs}
    # each also has the night's words (title, date): stamped, so its background holds no night
    assert kinds["score_sheet"] == {"qr", "number", "name", "words"}
    assert kinds["sheet_back"] == {"art", "table", "number", "words"}
    assert kinds["tally_pad"] == {"qr", "label", "table", "set", "words"}
    assert kinds["seat_cards"] == {"art", "table", "number", "words"}
    assert kinds["table_marker"] == {"table", "words"}
    assert laid.page("score_sheet").capacity == 4
    assert laid.page("tally_pad").capacity == 4 and laid.page("seat_cards").capacity == 10
    marker = laid.page("table_marker").slots
    assert [(s.kind, s.rotate) for s in marker] == [
        ("table", 180),
        ("table", 0),
        ("words", 180),
        ("words", 0),
    ]
    team = laid_out(["team_card"], ruleset="bonko", per_page=2)
    assert {s.kind for s in team.page("team_card").slots} == {"qr", "number", "words"}


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_a_long_name_measured_with_the_real_font_fits_its_slot(per_page):
    event, rs, th, *_ = night(per_page=per_page, names=[LONG_NAME, "Bea"])
    laid = lay_out(event, rs, th, "letter", per_page, ["score_sheet"])
    slot = laid.page("score_sheet").slot("s0-name")
    font = metrics(th.font(slot.role, slot.weight))
    long = stampers.slot_text(th, slot, LONG_NAME)
    assert long.font == th.font("body", "700")
    assert font.width(LONG_NAME, long.size) <= slot.box.w + 0.01
    assert long.size < slot.size  # it had to shrink
    short = stampers.slot_text(th, slot, "Bea")
    assert short.size == slot.size and font.width("Bea", short.size) < slot.box.w
    # the text's ascent..descent box fits the slot's height
    assert short.size * font.line <= slot.box.h


def test_a_longer_title_shrinks_to_fit():
    short = laid_out(["score_sheet", "tally_pad", "seat_cards"])
    long = laid_out(["score_sheet", "tally_pad", "seat_cards"], title=LONG_TITLE)
    th = themes.load("classic")
    display, body = metrics(th.font("display")), metrics(th.font("body"))
    title = long.docs["score_sheet"].sheets[0].title
    assert title.size < short.docs["score_sheet"].sheets[0].title.size
    assert display.width(LONG_TITLE, title.size) <= title.w
    # too long for one line beside "Tally" at 6 pt: two lines, whole, each fitting
    pad = long.page("tally_pad").slot("p0-title")
    short_pad = short.page("tally_pad").slot("p0-title")
    assert pad.size <= short_pad.size and pad.size >= 6
    assert " ".join(pad.text.split("\n")) == LONG_TITLE and pad.text.count("\n") == 1
    head = long.docs["tally_pad"].pads[0].head
    for line in pad.text.split("\n"):
        assert body.width(line, pad.size) + display.width("Tally ", 22) <= head.w
        assert body.width(line, pad.size) <= pad.box.w
    # on a seat card: two lines (a slot each), whole, as large as one could
    first, second = (long.page("seat_cards").slot(f"c0-title-{n}") for n in (0, 1))
    one_line = short.page("seat_cards").slot("c0-title-0")
    assert first.size == second.size and 6 <= first.size <= one_line.size
    assert " ".join((first.text, second.text)) == LONG_TITLE
    assert all(display.width(s.text, s.size) <= s.box.w for s in (first, second))


def test_font_metrics_come_from_the_font_files():
    th = themes.load("classic")
    lato, quicksand = metrics(th.font("body")), metrics(th.font("display"))
    assert round(lato.mid, 3) == 0.387 and round(quicksand.mid, 3) == 0.375
    assert lato.width("iiii", 10) < lato.width("MMMM", 10)
    assert metrics(th.font("body")) is lato  # read once per file


def test_templates_hold_no_geometry_and_no_font_names():
    """Templates place what the layout measured: no arithmetic on lengths, no parsing numbers
    out of strings, no font names or metrics."""
    for path in (data_dir("templates")).rglob("*.j2"):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(data_dir("templates"))
        for banned in ("Lato", "Quicksand", "Amatic", ".split(", "|float", "0.387", "0.375"):
            assert banned not in text, f"{name}: {banned}"
        for expression in re.findall(r"\{\{(.*?)\}\}", text):
            if "|pt" in expression:
                assert not re.search(r"[-+*/]", expression.split("|pt")[0]), f"{name}: {expression}"
