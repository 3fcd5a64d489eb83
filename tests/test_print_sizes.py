"""How large every document prints, read from the PDFs' text (not the CSS), for every ruleset
and every theme: with --large-print the rules handout, prize sheet, seat cards and table
markers at 16 pt or more, score sheets and team cards at 14, tally pads at 12, headings larger,
lines of running text 1.4 apart, nothing in italics nor in lines of capitals, every QR code
read at 150 dpi; the normal pack nothing under 6 pt on a one-a-page document nor under 5 on a
four-a-page one, the rules handout's running text at 10 pt or more."""

from __future__ import annotations

import itertools
from collections import Counter
from html.parser import HTMLParser

import pypdfium2 as pdfium
import pytest

from bunco_print.game import rulesets
from bunco_print.printing import orders, render
from bunco_print.printing.pack import PackRequest, build_pack, plan, template_context
from bunco_print.theming import themes

from .pdftools import font_faces, lines_of, outside, qr_codes, word_sizes
from .test_pack import ENGINE

# --large-print: each document's smallest word (pt)
LARGE = {
    "rules-handout.pdf": 16,
    "prize-sheet.pdf": 16,
    "seat-cards.pdf": 16,
    "table-markers.pdf": 16,
    "score-sheets.pdf": 14,
    "team-cards.pdf": 14,
    "tally-pads.pdf": 12,
    # the party extras (--extras: test_print_sizes_extras.py)
    "invitation.pdf": 16,
    "host-checklist.pdf": 16,
    "sign-in-sheet.pdf": 14,
    "prize-tags.pdf": 14,
    "name-tags.pdf": 12,  # a name: NAME_TAG
}
ONE_A_PAGE, FOUR_A_PAGE = 6, 5  # the normal pack's smallest word (two a page: 6 too)
RULES_BODY = 10  # the normal rules handout's running text
LEADING = 1.4  # large print: lines of running text at least this many ems apart


def _cases() -> list[tuple[str, str, str, int, bool, int, dict]]:
    """(theme, ruleset, paper, per_page, large, players, options): every ruleset at one and
    four a page (two for some) and in large print, the themes in turn (each at least once)."""
    names = themes.available()
    modes = [(1, False), (4, False), (1, True)]
    cases = []
    for n, (ruleset, (per_page, large)) in enumerate(
        itertools.product(rulesets.available(), modes)
    ):
        if per_page == 1 and not large and n % 2:
            per_page = 2
        players = 13 if large else (5, 13, 24, 40)[n % 4]
        paper = ("letter", "a4")[n % 2]
        cases.append((names[n % len(names)], ruleset, paper, per_page, large, players, {}))
    assert {case[0] for case in cases} == set(names)
    return [
        *cases,
        # large print: six prizes fill the prize sheet's first page, its notes go on the next
        ("june", "mybunco", "letter", 1, True, 20, {}),
        # large print's one-sided sheets (their backs hold the star), amounts written in
        ("may", "classic", "a4", 4, True, 13, {"star_on_back": True, "buy_in": "none"}),
    ]


def _floor(document: str, per_page: int, large: bool) -> float:
    """The smallest word a document may print."""
    if large:
        return LARGE[document]
    if document in ("tally-pads.pdf", "seat-cards.pdf"):  # four pads, ten cards a page
        return FOUR_A_PAGE
    if document in ("score-sheets.pdf", "team-cards.pdf") and per_page == 4:
        return FOUR_A_PAGE
    return ONE_A_PAGE


class _Running(HTMLParser):
    """The words of a document's running text (paragraphs, list items, notes) and of its
    headings, as the HTML holds them (a block's words split once it ends, so "<b>mark</b>:" is
    one word, as printed)."""

    RUNNING = ("p", "li")
    CLASSES = ("rl-legend", "ps-note", "ps-notes")
    EMPTY = ("br", "img", "link", "meta")

    def __init__(self):
        super().__init__()
        self.depth, self.block = 0, None  # the open block: its depth, kind and words so far
        self.running, self.headings = Counter(), Counter()

    def handle_starttag(self, tag, attrs):
        if tag in self.EMPTY:
            if self.block is not None:
                self.block[2].append(" ")
            return
        self.depth += 1
        classes = (dict(attrs).get("class") or "").split()
        kind = "heading" if tag in ("h1", "h2") else ""
        if tag in self.RUNNING or any(c in self.CLASSES for c in classes):
            kind = "running"
        if kind and self.block is None:
            self.block = (self.depth, kind, [])

    def handle_endtag(self, tag):
        if tag in self.EMPTY:
            return
        if self.block is not None and self.block[0] == self.depth:
            _depth, kind, text = self.block
            words = "".join(text).lower().split()
            (self.running if kind == "running" else self.headings).update(words)
            self.block = None
        self.depth -= 1

    def handle_data(self, data):
        if self.block is not None:
            self.block[2].append(data)


def _texts(request: PackRequest) -> dict[str, _Running]:
    """The rules handout's and the prize sheet's running text and headings, from their HTML."""
    event, _secret, theme, ruleset = plan(request, signed=False)
    found = {}
    for doc, file in (("rules", "rules-handout.pdf"), ("prize_sheet", "prize-sheet.pdf")):
        context = template_context(event, ruleset, theme, request, [doc])
        parser = _Running()
        parser.feed(render.render_html("base.html.j2", **context))
        found[file] = parser
    return found


def _check_running(pdf: bytes, text: _Running, floor: float, document: str) -> None:
    """Each word of the running text is printed at `floor` or more at least as often as the
    running text holds it (a word printed smaller, or clipped off its page, falls short)."""
    printed = Counter(word.lower() for size, word, _page in word_sizes(pdf) if size >= floor - 0.01)
    short = {w: (n, printed[w]) for w, n in text.running.items() if printed[w] < n}
    assert not short, (document, floor, short)


def _parts(words) -> list[str]:
    """Words in small letters, split at their hyphens."""
    return [part for word in words for part in word.lower().split("-") if part]


def _check_large(pdf: bytes, document: str, text: _Running | None) -> None:
    """Large print: headings larger than the words; running text's lines 1.4 apart; nothing
    in italics; no line of three words or more in capitals."""
    sizes = word_sizes(pdf)
    if text is not None:
        body = LARGE[document]
        # (words split at hyphens too: a heading may break its line after one)
        big = Counter(_parts(w for size, w, _p in sizes if size > body * 1.2))
        small = {w: n for w, n in Counter(_parts(text.headings.elements())).items() if big[w] < n}
        assert not small, (document, small)
        for line, below in lines_of(pdf):
            if line.size == below.size and abs(line.size - body) < 0.05:
                assert below.y - line.y >= LEADING * body - 0.1, (document, line.text, below.text)
    italic = [face for face in font_faces(pdf) if "italic" in face.lower()]
    assert not italic, (document, italic)
    for line, _below in lines_of(pdf, pairs=False):
        words = [w for w in line.text.split() if any(c.isalpha() for c in w)]
        assert len(words) < 3 or not line.text.isupper(), (document, line.text)


def _check_codes(pack) -> None:
    """Every sheet's QR code is read from a 150 dpi rendering (a two-sided sheet's on its
    back; the tally pads' in large print: test_large_print.py)."""
    sheets = pack.documents.get("score-sheets.pdf") or pack.documents["team-cards.pdf"]
    pages = len(pdfium.PdfDocument(sheets))
    two_sided = pages == 2 * len(pack.event.sheets) and not pack.event.star_on_back
    codes = qr_codes(sheets, pages=range(1, pages, 2) if two_sided else None)
    assert sum(map(len, codes)) == len(pack.event.sheets)


@pytest.mark.parametrize(
    ("theme", "ruleset", "paper", "per_page", "large", "players", "options"),
    _cases(),
    ids=lambda v: str(v),
)
def test_every_document_prints_its_words_at_least_its_floor(
    theme, ruleset, paper, per_page, large, players, options
):
    asked = dict(players=players, seed=7, date="2026-12-04", engine_url=ENGINE, theme=theme)
    asked |= dict(ruleset=ruleset, paper=paper, per_page=per_page, large_print=large)
    request = orders.pack_request(asked | options)
    pack = build_pack(request)
    texts = _texts(request)
    for document, pdf in pack.documents.items():
        if document == "pack.pdf":
            continue
        floor = _floor(document, request.per_page, large)
        smallest = min(word_sizes(pdf))
        assert smallest[0] >= floor - 0.01, (document, floor, smallest)
        assert not outside(pdf), (document, outside(pdf)[:3])  # nothing off its page
        if document in texts:  # every word of its running text printed (none clipped)
            body = RULES_BODY if document == "rules-handout.pdf" and not large else floor
            _check_running(pdf, texts[document], body, document)
        if large:
            _check_large(pdf, document, texts.get(document))
    if large:
        _check_codes(pack)


def test_the_pdfs_sizes_are_the_sizes_printed():
    """word_sizes reads a word's size as printed: a page's text at its font size, a picture's
    at its font size times the scale the picture is drawn at."""
    pack = build_pack(PackRequest(players=5, seed=7, date="2026-12-04", engine_url=ENGINE))
    sizes = {
        (word, round(size, 2)) for size, word, _p in word_sizes(pack.documents["rules-handout.pdf"])
    }
    assert ("four", 10.5) in sizes  # "Put four chairs", rules.css's 10.5 pt
    assert ("PLAYERS", 6.5) in sizes  # the facts' tiles: drawn at 6.5 in a picture of scale 1
    large = build_pack(
        PackRequest(players=5, seed=7, date="2026-12-04", engine_url=ENGINE, large_print=True)
    )
    document = pdfium.PdfDocument(large.documents["rules-handout.pdf"])
    assert len(document) > 2
    found = {
        (word, round(size, 2))
        for size, word, _p in word_sizes(large.documents["rules-handout.pdf"])
    }
    assert ("four", 16.0) in found and ("Players", 16.0) in found  # 10.5 units at scale 1.52
