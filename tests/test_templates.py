"""The document templates, read at the HTML level (fast), plus a few laid out by WeasyPrint."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from bunco_print.game import money, rulesets
from bunco_print.game import plan as ev
from bunco_print.printing import render
from bunco_print.printing.layout import lay_out
from bunco_print.printing.pack import template_context as pack_context
from bunco_print.printing.pdf.vector import SVG_URI, markup_of
from bunco_print.theming import themes

from .test_themes import stamped_words

DOCS = [
    "score_sheet",
    "team_card",
    "sheet_back",
    "tally_pad",
    "seat_cards",
    "table_marker",
    "pieces",
    "prize_sheet",
    "rules",
]
PT_PER_PX = 0.75  # anchors are CSS px
IN = 72


def context(
    players=12,
    ruleset="classic",
    theme="classic",
    paper="letter",
    per_page=1,
    docs=None,
    preview=False,
    **plan,
):
    rs = rulesets.load(ruleset)
    th = themes.load(theme)
    event = ev.plan_event(players, rs, seed=7, date="2026-12-04", title=th.title, **plan)
    docs = docs or ["score_sheet"]
    return dict(
        layout=lay_out(event, rs, th, paper, per_page, docs, ("star", "seat")),
        event=event,
        ruleset=rs,
        theme=th,
        paper=paper,
        page_size="A4" if paper == "a4" else "letter",
        css=th.css(),
        docs=docs,
        per_page=per_page,
        pieces=["star", "seat"],
        remainder_rule=money.REMAINDER_RULE,
        preview=preview,
    )


def html_for(**kwargs) -> str:
    return render.render_html("base.html.j2", **context(**kwargs))


class Page(HTMLParser):
    """Ids, classes, visible text and image sources of an HTML document."""

    def __init__(self, html: str):
        super().__init__()
        self.ids: list[str] = []
        self.classes: list[str] = []
        self.images: list[tuple[str, str]] = []  # (class, src)
        self.chunks: list[str] = []
        self._skip = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        self.classes += (attrs.get("class") or "").split()
        if tag == "img":
            self.images.append((attrs.get("class") or "", attrs.get("src") or ""))
        if tag in ("style", "title"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("style", "title"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.chunks.append(data)

    @property
    def text(self) -> str:
        """Visible HTML text plus the text inside the static SVG layers."""
        svg_text = [
            re.sub(r"<[^>]+>", " ", markup_of(src))
            for _cls, src in self.images
            if src.startswith(SVG_URI)
        ]
        return re.sub(r"\s+", " ", " ".join(self.chunks + svg_text))

    def svg(self, cls: str) -> str:
        return next(markup_of(src) for c, src in self.images if cls in c.split())


def slot_ids(ids: list[str], prefix: str) -> list[str]:
    """The ids of the slots (a preview draws them) that hold a sheet's, pad's or card's own
    things, not the night's words (its title, subtitle or date: the same on every one)."""
    return sorted(
        i
        for i in ids
        if re.fullmatch(rf"{prefix}\d+-[a-z]+", i) and i.rpartition("-")[2] not in NIGHT_WORDS
    )


NIGHT_WORDS = ("title", "sub", "date")


# --- every document renders, with its page ids and slots ---------------------------------------


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("players", [4, 5, 13, 60, 400])
def test_every_document_renders_with_its_page_ids(players, paper):
    docs = [d for d in DOCS if d != "team_card"]
    page = Page(html_for(players=players, paper=paper, docs=docs))
    for doc in docs:
        assert f"{doc}-page-0" in page.ids, doc
    assert "rules-page-1" in page.ids
    assert "pieces-page-1" in page.ids
    assert len(page.ids) == len(set(page.ids)), "an id is used twice"


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_score_sheet_slots_per_sheet(per_page, paper):
    page = Page(
        html_for(per_page=per_page, paper=paper, docs=["score_sheet", "sheet_back"], preview=True)
    )
    expected = sorted(f"s{i}-{k}" for i in range(per_page) for k in ("name", "number", "qr"))
    assert slot_ids(page.ids, "s") == expected
    backs = sorted(f"b{i}-{k}" for i in range(per_page) for k in ("art", "label", "number"))
    assert slot_ids(page.ids, "b") == backs


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_team_card_slots_and_punch_boxes(per_page):
    page = Page(html_for(ruleset="bonko", per_page=per_page, docs=["team_card"], preview=True))
    expected = sorted(f"s{i}-{k}" for i in range(per_page) for k in ("number", "qr"))
    assert slot_ids(page.ids, "s") == expected
    assert "Partner 1" in page.text.title() and "Bonkos" in page.text
    assert "punches" in page.text


def test_tally_pad_and_seat_card_slots():
    page = Page(html_for(docs=["tally_pad", "seat_cards", "table_marker"], preview=True))
    assert slot_ids(page.ids, "p") == sorted(
        f"p{i}-{k}" for i in range(4) for k in ("caption", "qr", "set", "table")
    )
    assert slot_ids(page.ids, "c") == sorted(
        f"c{i}-{k}" for i in range(10) for k in ("art", "label", "number")
    )
    assert {"m-top", "m-bottom"} <= set(page.ids)
    assert "Us" in page.text and "Them" in page.text


def test_score_sheet_content_follows_the_night():
    laid = context(players=13, ruleset="mybunco", docs=["score_sheet"])
    page = Page(render.render_html("base.html.j2", **laid))
    text = page.text
    # the title and date are stamped: in the layout's words, never in the background's HTML
    stamped = stamped_words(laid["layout"])
    assert "Bunco Night" in stamped and "Bunco Night" not in text
    assert "Friday, December 4, 2026 · High-Middle-Low Bunco" in stamped
    for words in (
        "Set 1",
        "Set 1",
        "Set 4",
        "Mini",
        "Tonight’s totals",
        "Wins",
        "Losses",
        "Buncos",
        "Scan to enter",
    ):
        assert words in text, words
    assert "Set 5" not in text
    classic = Page(html_for(docs=["score_sheet"], sets=6)).text
    assert "Set 6" in classic and "Mini" not in classic


def test_a4_writes_the_date_the_european_way():
    laid = context(paper="a4")["layout"]
    assert "Friday 4 December 2026 · Classic Bunco" in stamped_words(laid)


def test_score_sheet_grid_has_a_die_for_every_round():
    # Six rounds a set: the die column shows faces 1..6 (21 pips) in every band. The pips of one
    # size and colour are the subpaths of one <path> in the dice colour: round-capped dots, or
    # filled circles.
    svg = Page(html_for(docs=["score_sheet"])).svg("bp-layer")
    dice = themes.load("classic").colors["accent2"]
    pips = [
        d
        for d, style in re.findall(r'<path d="([^"]*)" ([^>]*)/>', svg)
        if (f'stroke="{dice}"' in style and 'stroke-linecap="round"' in style)
        or style == f'fill="{dice}"'
    ]
    assert sum(d.count("M") for d in pips) >= 2 * 21


# --- the rules handout -------------------------------------------------------------------------

SPECIFICS = {
    "classic": ["fuzzy die", "Traveling prize", "slides over a chair", "Dessert break"],
    "mybunco": ["beside", "roll again", "mini", "the round’s number", "High"],
    "tournament": ["semi-final", "Grand Prize", "air horn", "wild card", "any"],
    "progressive": ["Traveler", "stacked", "four highest", "announces"],
    "bonko": ["punches", "King's table", "lowest table", "roll-off", "rolls first"],
}


@pytest.mark.parametrize("ruleset", sorted(SPECIFICS))
def test_rules_handout_tells_each_ruleset_its_own_rules(ruleset):
    text = Page(html_for(players=12, ruleset=ruleset, docs=["rules"])).text
    for words in SPECIFICS[ruleset]:
        assert words in text, f"{ruleset}: {words!r}"
    name = rulesets.load(ruleset).name
    assert name in text


def test_rules_handout_uses_this_nights_numbers():
    text = Page(html_for(players=22, docs=["rules"])).text
    assert "22 PLAYERS" in text.upper()
    assert "6 TABLES OF FOUR" in text.upper()
    assert "2 GHOSTS" in text.upper()
    assert "24 ROUNDS IN ALL" in text.upper()


@pytest.mark.parametrize("ruleset", ["classic", "mybunco", "tournament", "bonko"])
@pytest.mark.parametrize("tables", [2, 3, 7, 60, 100])
def test_movement_diagram_has_one_node_per_table(ruleset, tables):
    svg = Page(html_for(players=4 * tables, ruleset=ruleset, docs=["rules"])).svg("rl-diagram")
    assert svg.count('class="mv-node"') == tables


def test_movement_diagram_draws_every_move_for_few_tables():
    ladder = Page(html_for(players=12, docs=["rules"])).svg("rl-diagram")
    # three tables: 2 winners' arrows up, 2 losers' down, 2 stay-loops
    assert ladder.count('marker-end="url(#up)"') == 3
    assert ladder.count('marker-end="url(#down)"') == 3
    king = Page(html_for(players=16, ruleset="bonko", docs=["rules"])).svg("rl-diagram")
    # four tables: 3 up, Head stays; Head losers to the last, 3 others stay
    assert king.count('marker-end="url(#up)"') == 4
    assert king.count('marker-end="url(#down)"') == 4


def test_ghost_instructions_only_with_ghosts():
    with_ghosts = Page(html_for(players=13, docs=["rules"])).text
    assert "Ghosts tonight" in with_ghosts
    assert "3 ghosts play" in with_ghosts
    assert "never partners another ghost" in with_ghosts
    assert "Ghosts win no prizes" in with_ghosts
    without = Page(html_for(players=12, docs=["rules", "prize_sheet"])).text
    assert "ghost" not in without.lower()


# --- the prize sheet ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", sorted(SPECIFICS))
def test_prize_sheet_lists_every_prize_with_its_amount(ruleset):
    """The pot's sum and each amount are stamped, each amount on its own prize's row."""
    import pypdfium2 as pdfium

    from bunco_print.printing.backgrounds import lay_out_backgrounds
    from bunco_print.printing.pack import PackRequest, lay_out_pages, plan
    from bunco_print.printing.pdf import assemble
    from bunco_print.printing.stampers import stamper

    # the prize sheet alone, laid out and stamped as a pack prints it
    request, docs = PackRequest(players=13, ruleset=ruleset, buy_in=5, seed=1), ["prize_sheet"]
    event, secret, theme, rules = plan(request)
    laid = lay_out_pages(request, event, rules, theme, docs)
    html = render.render_html(
        "base.html.j2", **pack_context(event, rules, theme, request, docs, laid=laid)
    )
    backgrounds = lay_out_backgrounds(html)
    specs = stamper("prize_sheet")("prize_sheet", event, secret, theme, backgrounds, laid)
    pdf = assemble(backgrounds.pdf, list(specs), backgrounds.pdf)
    page = pdfium.PdfDocument(pdf)[0].get_textpage()
    text = page.get_text_range()
    assert re.search(r"(?<![\d$])13(?!\d)", text) and "$5" in text and "$65" in text

    def middles(words: str) -> list[float]:
        """Where each whole `words` on the page sits, up the page."""
        search, found = page.search(words, match_case=True, match_whole_word=True), []
        while (hit := search.get_next()) is not None:
            box = page.get_charbox(hit[0])
            found.append((box[1] + box[3]) / 2)
        assert found, f"{words!r} is not on the prize sheet"
        return found

    for prize in event.prizes:
        # the whole amount ("$2" must not be found in "$22"), level with its prize's name
        name = middles(prize.name)[0]
        assert any(abs(at - name) < 12 for at in middles(f"${prize.amount}")), prize.name
    assert money.REMAINDER_RULE in " ".join(text.split())
    assert "Tied for a prize?" in text


def test_prize_sheet_without_a_pot_has_no_amounts():
    text = Page(html_for(docs=["prize_sheet"], buy_in=0)).text
    assert "$" not in text
    assert "Most Buncos" in text


def test_one_prize_per_player_is_spelled_out():
    text = Page(html_for(ruleset="tournament", docs=["prize_sheet"])).text
    assert "One prize per player" in text


# --- structure ---------------------------------------------------------------------------------


def test_document_css_is_namespaced():
    from bunco_print.edges.resources import data_dir

    for doc in DOCS:
        css = (data_dir("templates") / "css" / f"{doc}.css").read_text(encoding="utf-8")
        css = re.sub(r"/\*.*?\*/|\{%.*?%\}|\{\{.*?\}\}", "", css, flags=re.S)
        for selector in re.findall(r"(?:^|\})\s*([^{}@]+?)\s*\{", css):
            for part in selector.split(","):
                assert part.strip().startswith(f".doc-{doc}"), f"{doc}: {part.strip()}"


@pytest.mark.parametrize("theme", ["classic", "december"])
def test_preview_fills_the_slots_with_samples(theme):
    page = Page(
        html_for(
            theme=theme,
            per_page=2,
            preview=True,
            docs=["score_sheet", "tally_pad", "seat_cards", "table_marker"],
        )
    )
    for words in ("Sheet 7", "Zoë", "Head table", "Set 1", "No. 1"):
        assert words in page.text
    assert "fake-qr" in page.classes and "slot-sample-art" in page.classes


def test_a_packs_html_holds_no_slot_and_a_preview_draws_each():
    """A pack's slots are stamped where the layout measured them: its HTML has none (nor
    anything a preview shows in them); a preview draws each with its sample."""
    html = html_for(docs=["score_sheet"])
    assert 'id="s0-qr"' not in html and 'class="slot' not in html
    assert "Zoë" not in html
    preview = html_for(docs=["score_sheet"], preview=True)
    assert re.search(r'id="s0-qr"[^>]*><img class="svg-img fake-qr"', preview)


def test_themes_define_the_colours_and_art_the_templates_use():
    for name in ("classic", "december"):
        theme = themes.load(name)
        assert {"ink", "accent", "accent2", "soft", "line"} <= set(theme.colors)
        for art in ("star", "seat", "dice", "corner", "ghost"):
            assert theme.art_svg(f"{art}.svg").lstrip().startswith("<svg")
    december = themes.load("december")
    assert december.title == "December Bunco"
    assert december.art("star.svg").parent.name == "december"


# --- laid out by WeasyPrint (slower) -----------------------------------------------------------


def layout(**kwargs):
    return render.layout(html_for(**kwargs))


def rects(document):
    """slot id -> (page index, x1, y1, x2, y2) in pt."""
    found = {}
    for index, page in enumerate(document.pages):
        for key, (x1, y1, x2, y2) in page.anchors.items():
            found[key] = (index, *(v * PT_PER_PX for v in (x1, y1, x2, y2)))
    return found


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_page_is_one_of_the_documents(paper):
    docs = [d for d in DOCS if d != "team_card"]
    document = layout(players=13, ruleset="progressive", paper=paper, per_page=2, docs=docs)
    ids = [k for page in document.pages for k in page.anchors if "-page-" in k]
    assert len(ids) == len(document.pages), "a document spilled onto a page without an id"
    # rules and pieces have two pages each; a document whose last page is partly filled draws it
    last_pages = [k for k in ids if k.endswith("-page-1") and not k.startswith(("rules", "pieces"))]
    assert last_pages  # 13 sheets at 2 a page
    assert len(document.pages) == len(docs) + 2 + len(last_pages)


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_slots_have_their_sizes_and_stay_off_the_edges(per_page):
    docs = ["score_sheet", "sheet_back", "tally_pad", "seat_cards", "table_marker"]
    document = layout(players=13, per_page=per_page, docs=docs, preview=True)
    found = rects(document)
    min_qr = 0.9 * IN if per_page < 4 else 0.75 * IN
    for i in range(per_page):
        _p, x1, y1, x2, y2 = found[f"s{i}-qr"]
        assert x2 - x1 >= min_qr - 0.01 and abs((x2 - x1) - (y2 - y1)) < 0.01
    for i in range(4):
        _p, x1, y1, x2, y2 = found[f"p{i}-qr"]
        assert x2 - x1 >= 0.75 * IN - 0.01
    for key, (index, x1, y1, x2, y2) in found.items():
        if "-page-" in key:
            continue
        page = document.pages[index]
        w, h = page.width * PT_PER_PX, page.height * PT_PER_PX
        assert x2 > x1 and y2 > y1, key
        assert min(x1, y1, w - x2, h - y2) >= 0.4 * IN - 0.01, key


@pytest.mark.parametrize("per_page", [2, 4])
def test_sheet_backs_lie_behind_the_fronts_turned_like_a_book_page(per_page):
    document = layout(
        players=13, per_page=per_page, docs=["score_sheet", "sheet_back"], preview=True
    )
    found = rects(document)
    width = document.pages[0].width * PT_PER_PX
    row_h = document.pages[0].height * PT_PER_PX / (2 if per_page == 4 else 1)

    def cell(x1, y1, x2, y2):
        return int((x1 + x2) / 2 // (width / 2)), int((y1 + y2) / 2 // row_h)

    for i in range(per_page):
        front_col, front_row = cell(*found[f"s{i}-qr"][1:])
        back_col, back_row = cell(*found[f"b{i}-art"][1:])
        # quarters (portrait pages: over the long edge) and halves (landscape: the short edge)
        # alike turn like a book page: the columns swap, the rows stay
        assert (back_col, back_row) == (1 - front_col, front_row)


def test_table_marker_slots_mirror_each_other():
    document = layout(docs=["table_marker"], preview=True)
    found = rects(document)
    page = document.pages[0]
    w, h = page.width * PT_PER_PX, page.height * PT_PER_PX
    _p, tx1, ty1, tx2, ty2 = found["m-top"]
    _p, bx1, by1, bx2, by2 = found["m-bottom"]
    assert ty2 <= h / 2 <= by1
    assert abs((tx1 + tx2) - (w - (bx1 + bx2) + w)) < 0.5  # x centres mirror about the middle
    assert abs((ty1 + ty2) / 2 - (h - (by1 + by2) / 2)) < 0.5


def test_pieces_are_two_inch_pages():
    document = layout(docs=["pieces"])
    assert len(document.pages) == 2
    for page in document.pages:
        assert round(page.width * PT_PER_PX) == 144 and round(page.height * PT_PER_PX) == 144
