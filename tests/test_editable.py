"""`pack --editable`: the fillable fields a buyer sees in a PDF viewer, typed into and printed."""

from __future__ import annotations

import ctypes
import io
import json

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from fontTools.ttLib import TTFont

from bunco_print.game import manifest
from bunco_print.printing import editable
from bunco_print.printing.layout import Box, Page, Slot
from bunco_print.printing.pdf import PageSpec, Rect, assemble, concatenate
from bunco_print.printing.pdf.fonts import font_info
from bunco_print.theming import themes

from .pdftools import page_texts
from .test_names import NAMES
from .test_pack import build

LATIN = "ÀÉÎÕÜ ŁŚŽ"
SCALE = 2.0  # renders at 144 dpi
UNNAMED = {f"sheet-{n}-name" for n in range(len(NAMES) + 1, 14)}  # the sheets after the names
FIRST_UNNAMED = f"sheet-{len(NAMES) + 1}-name"


@pytest.fixture(scope="module")
def editable_pack(quarter_pack):
    """The session's quarter-page pack (13 players, 8 named in many scripts), editable: the
    same pages (its backgrounds come from the cache), form fields on sheets 9 to 13."""
    return build(13, names=NAMES, per_page=4, editable=True)


@pytest.fixture(scope="module")
def plain_pack(quarter_pack):
    return quarter_pack


def fields(pdf: bytes) -> dict[str, tuple[int, list[float]]]:
    """Each form field's name -> (its page, its rect), read from the pages' widgets."""
    found = {}
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        listed = {str(f.T) for f in doc.Root.AcroForm.Fields}
        for index, page in enumerate(doc.pages):
            for widget in page.obj.get("/Annots", ()):
                name = str(widget.T)
                assert name not in found, f"{name} twice"
                found[name] = index, [float(v) for v in widget.Rect]
        assert set(found) == listed
    return found


def render(pdf: bytes, index: int, fill: dict[str, str] | None = None):
    """Page `index` as a viewer shows it (forms drawn), after typing `fill` (field -> text)
    into its fields: click in the field, type each letter, leave it."""
    document = pdfium.PdfDocument(pdf)
    document.init_forms()
    page = document[index]
    env = document.formenv
    for name, text in (fill or {}).items():
        _, (x1, y1, x2, y2) = fields(pdf)[name]
        x, y = (x1 + x2) / 2, (y1 + y2) / 2
        pdfium_c.FORM_OnLButtonDown(env, page, 0, x, y)
        pdfium_c.FORM_OnLButtonUp(env, page, 0, x, y)
        for char in text:
            pdfium_c.FORM_OnChar(env, page, ord(char), 0)
        pdfium_c.FORM_ForceToKillFocus(env)
    image = page.render(scale=SCALE, may_draw_forms=True).to_pil().convert("L")
    return image, page.get_height()


def ink_in(image, height: float, rect: list[float]) -> int:
    """How many dark pixels a rendered page has inside a PDF rect."""
    x1, y1, x2, y2 = rect
    box = [round(v * SCALE) for v in (x1, height - y2, x2, height - y1)]
    crop = image.crop(box)
    return sum(
        1 for y in range(crop.height) for x in range(crop.width) if crop.getpixel((x, y)) < 128
    )


def test_each_sheet_without_a_name_has_one_name_field(editable_pack):
    found = fields(editable_pack.pack_pdf)
    assert set(found) == UNNAMED
    assert {index for index, _ in found.values()} == {2, 3}  # the last page (sheet 13) too
    assert set(fields(editable_pack.documents["score-sheets.pdf"])) == set(found)
    texts = page_texts(editable_pack.documents["score-sheets.pdf"])
    assert "Zoë Łucja Ŵyn" in texts[1]  # a name given is printed, as without --editable


def test_a_field_lies_on_its_sheets_name_line_inside_the_page(editable_pack):
    pdf = editable_pack.documents["score-sheets.pdf"]
    image, height = render(pdf, 2)
    width = image.width / SCALE
    on_page = {name: rect for name, (index, rect) in fields(pdf).items() if index == 2}
    assert set(on_page) == {f"sheet-{n}-name" for n in range(len(NAMES) + 1, 13)}  # page 3
    for name, (x1, y1, x2, y2) in on_page.items():
        assert 0 < x1 < x2 < width and 0 < y1 < y2 < height, name
        assert 12 < y2 - y1 < 40 and x2 - x1 > 150  # a line's height, most of the sheet wide
        # the printed write-in line runs just under the field, along its whole width
        rows = range(round((height - y1) * SCALE), round((height - y1 + 5) * SCALE))
        line = [
            sum(image.getpixel((x, y)) < 200 for x in range(round(x1 * SCALE), round(x2 * SCALE)))
            for y in rows
        ]
        assert max(line) > 0.95 * (x2 - x1) * SCALE, name


def test_the_fields_font_is_the_themes_name_font_embedded_for_any_latin_letter(editable_pack):
    lato_bold = font_info(themes.load("classic").font("body", "700"))
    with pikepdf.open(io.BytesIO(editable_pack.pack_pdf)) as doc:
        form = doc.Root.AcroForm
        assert form.NeedAppearances
        fonts = form.DR.Font
        for widget in form.Fields:
            name, size, *_ = str(widget.DA).split()
            assert name in fonts and float(size) == 0  # one line: fitted by the viewer
            assert widget.AP.N.Resources.Font[name].objgen == fonts[name].objgen
        (font,) = fonts.values()  # one font, embedded once
        assert font.BaseFont == "/" + lato_bold.name and font.Subtype == "/TrueType"
        assert font.Encoding == "/WinAnsiEncoding" and len(font.Widths) == 224
        program = TTFont(io.BytesIO(font.FontDescriptor.FontFile2.read_bytes()))
    cmap = program.getBestCmap()
    assert all(ord(c) in cmap for c in LATIN + "abcxyzàéöñçßšžœ€")
    # Latin, not the whole font (each glyph keeps its id: the others are there, empty)
    glyf = program["glyf"]
    drawn = [name for name in program.getGlyphOrder() if glyf[name].numberOfContours]
    assert 200 < len(drawn) < 600


def test_an_empty_field_prints_nothing_no_border_no_background(editable_pack, plain_pack):
    with pikepdf.open(io.BytesIO(editable_pack.pack_pdf)) as doc:
        for widget in doc.Root.AcroForm.Fields:
            assert "/BC" not in widget.MK and "/BG" not in widget.MK
            assert widget.AP.N.read_bytes() == b"/Tx BMC\nEMC\n" and widget.F == 4
    editable_page, _ = render(editable_pack.pack_pdf, 2)
    plain_page, _ = render(plain_pack.pack_pdf, 2)
    assert editable_page.tobytes() == plain_page.tobytes()


def test_what_a_buyer_types_shows_on_the_line(editable_pack):
    pdf = editable_pack.pack_pdf
    _, rect = fields(pdf)[FIRST_UNNAMED]
    before, height = render(pdf, 2)
    after, _ = render(pdf, 2, {FIRST_UNNAMED: "Łucja Żółć-Müller"})
    assert ink_in(before, height, rect) == 0
    assert ink_in(after, height, rect) > 300
    # only that field changed
    _, other = fields(pdf)[f"sheet-{len(NAMES) + 2}-name"]
    assert ink_in(after, height, other) == 0


def test_a_value_set_by_a_tool_prints_in_the_themes_font(editable_pack):
    with pikepdf.open(io.BytesIO(editable_pack.pack_pdf)) as doc:
        widget = next(f for f in doc.Root.AcroForm.Fields if f.T == "sheet-13-name")
        widget.V = pikepdf.String("Zoë Müller")
        doc.generate_appearance_streams()  # as a form-filling tool does (qpdf's)
        assert b"/Lato-Bold" in widget.AP.N.read_bytes()
        doc.flatten_annotations()  # the field's appearance becomes part of the page
        out = io.BytesIO()
        doc.save(out)
    assert "Zoë Müller" in page_texts(out.getvalue())[3]


def test_without_editable_there_is_no_form(plain_pack):
    for pdf in (plain_pack.pack_pdf, *plain_pack.documents.values()):
        with pikepdf.open(io.BytesIO(pdf)) as doc:
            assert "/AcroForm" not in doc.Root
            assert not any("/Annots" in page.obj for page in doc.pages)
    assert "editable" not in json.loads(manifest.dumps(plain_pack.event))["extra"]


def test_the_manifest_says_editable_and_reads_back(editable_pack):
    text = manifest.dumps(editable_pack.event)
    assert json.loads(text)["extra"]["editable"] is True
    assert manifest.loads(text).extra["editable"] is True


def test_team_cards_have_a_field_for_each_partner():
    """Team cards (bonko) have two write-in lines; no names are ever printed on them."""
    from bunco_print.game import rulesets
    from bunco_print.game.plan import plan_event
    from bunco_print.printing import layout, pack, stampers

    ruleset, theme = rulesets.load("bonko"), themes.load("classic")
    event = plan_event(8, ruleset, seed=1, date="2026-12-04")
    laid = layout.lay_out(event, ruleset, theme, docs=["team_card"], editable=True)
    assert not any(
        s.kind == "field"
        for s in layout.lay_out(event, ruleset, theme, docs=["team_card"]).page("team_card").slots
    )
    backgrounds = pack.Backgrounds(b"", {"team_card": [0, 1]})
    stamp = stampers.stamper("team_card")
    specs = list(stamp("team_card", event, "k", theme, backgrounds, laid))
    found = {s.name: r for spec in specs for r, s in spec.stamps if hasattr(s, "multiline")}
    cards = len(event.sheets)
    assert set(found) == {f"team-card-{n}-partner-{k}" for n in range(1, cards + 1) for k in (1, 2)}
    first, second = found["team-card-1-partner-1"], found["team-card-1-partner-2"]
    assert second.y1 >= first.y2 - 1  # the second line below the first (px, from the top)


def test_concatenated_documents_keep_every_field_under_its_own_name(editable_pack):
    sheets = editable_pack.documents["score-sheets.pdf"]
    both = concatenate([sheets, sheets])
    found = fields(both)
    assert len(found) == 2 * len(UNNAMED)
    assert {n for n in found if n.startswith("2-")} == {f"2-{n}" for n in UNNAMED}
    with pikepdf.open(io.BytesIO(both)) as doc:
        assert list(doc.Root.AcroForm.DR.Font.keys()) == ["/Lato-Bold"]


def test_any_documents_field_slot_becomes_a_field(editable_pack):
    """A document of write-in places (an invitation, say) needs nothing but its field slots."""
    theme = themes.load("classic")
    slot = Slot("host", Box(100, 200, 300, 24), "field", role="body", weight="700", size=14)
    notes = Slot("notes", Box(100, 300, 300, 120), "field", role="body", weight="700", size=12)
    page = Page("invitation-page-0", 612, 792, slots=(slot, notes))
    specs = [PageSpec(0)]
    made = list(editable.with_fields("invitation.pdf", specs, theme, {0: page}))
    (_, host), (_, more) = made[0].stamps
    assert (host.name, host.size, host.multiline) == ("invitation-1-host", 14, False)
    assert (more.name, more.multiline, more.align) == ("invitation-1-notes", True, "left")
    template = editable_pack.documents["prize-sheet.pdf"]  # any one-page PDF as the background
    pdf = assemble(template, made)
    assert set(fields(pdf)) == {"invitation-1-host", "invitation-1-notes"}
    assert made[0].stamps[0][0] == Rect(*slot.box.px())


def test_field_values_are_read_back_by_pdfium(editable_pack):
    """pdfium's form API (a viewer's) finds every field, empty."""
    document = pdfium.PdfDocument(editable_pack.documents["score-sheets.pdf"])
    document.init_forms()
    names = []
    for page in document:
        for k in range(pdfium_c.FPDFPage_GetAnnotCount(page.raw)):
            annot = pdfium_c.FPDFPage_GetAnnot(page.raw, k)
            assert pdfium_c.FPDFAnnot_GetFormFieldType(document.formenv.raw, annot) == (
                pdfium_c.FPDF_FORMFIELD_TEXTFIELD
            )
            size = pdfium_c.FPDFAnnot_GetFormFieldName(document.formenv.raw, annot, None, 0)
            buffer = ctypes.create_string_buffer(size)
            pdfium_c.FPDFAnnot_GetFormFieldName(
                document.formenv.raw,
                annot,
                ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)),
                size,
            )
            names.append(buffer.raw[: size - 2].decode("utf-16-le"))
            pdfium_c.FPDFPage_CloseAnnot(annot)
    assert names == [f"sheet-{n}-name" for n in range(len(NAMES) + 1, 14)]


def test_a_catalogue_can_sell_editable_packs_and_says_so(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from bunco_print.catalogue import make, make_plan, plan, text
    from bunco_print.cli import app

    settings = {"themes": ["classic"], "players": [8]}
    normal, editable_shop = make_plan(settings, {}), make_plan({**settings, "editable": True}, {})
    listing = editable_shop.listings[0]
    assert make._request(editable_shop, listing.packs[0]).editable
    assert not make._request(normal, normal.listings[0].packs[0]).editable
    digest = plan.input_digest
    assert digest(editable_shop, listing) != digest(normal, normal.listings[0])
    assert "editable" not in normal.options()  # shops made before the option keep their digest
    assert "Editable" in text.title(editable_shop, listing)
    assert "editable pdf" in text.tags(editable_shop, listing)
    words = text.description(editable_shop, listing, [], ["score-sheets.pdf"])
    assert "Editable: type the players' names" in words
    assert "ditable" not in text.description(normal, normal.listings[0], [], []).lower()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "catalogue.toml").write_text('editable = "yes"\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["catalogue", "--config", "catalogue.toml", "--out", "shop"])
    assert result.exit_code == 2 and not (tmp_path / "shop").exists()
    assert result.stderr.strip() == (
        "error: catalogue.toml: editable must be true or false, not 'yes'"
    ), result.stderr


def test_the_pack_command_takes_editable(tmp_path, monkeypatch, quarter_pack):
    """The quarter pack's options, so its backgrounds come from the cache."""
    from typer.testing import CliRunner

    from bunco_print.cli import app

    from .test_pack import ENGINE

    monkeypatch.chdir(tmp_path)
    (tmp_path / "names.txt").write_text("\n".join(NAMES) + "\n", encoding="utf-8")
    args = ["pack", "--players", "13", "--names", "names.txt", "--per-page", "4", "--seed", "7"]
    args += ["--date", "2026-12-04", "--engine-url", ENGINE, "--editable", "--out", "night"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert set(fields((tmp_path / "night" / "pack.pdf").read_bytes())) == UNNAMED
    event = json.loads((tmp_path / "night" / "event.json").read_text(encoding="utf-8"))
    assert event["extra"]["editable"] is True


def test_each_widget_points_back_at_its_page(editable_pack):
    sheets = editable_pack.documents["score-sheets.pdf"]
    for pdf in (sheets, concatenate([sheets, sheets])):
        with pikepdf.open(io.BytesIO(pdf)) as doc:
            for page in doc.pages:
                for widget in page.obj.get("/Annots", ()):
                    assert widget.P.objgen == page.obj.objgen
