"""A whole pack, read back like a host would: files, pages, words and working QR codes."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from bunco_print.errors import InputError
from bunco_print.printing.pack import PackRequest, build_pack, pack_files

from .pdftools import A4, LETTER, page_sizes_in, page_texts, qr_codes, reader, smallest_text
from .signed import opens

GOLD = (0xF2, 0xB6, 0x32)  # the classic theme's star highlight


def stars_on_cards(pack, pdf: bytes, dpi: int = 40) -> list[tuple[int, int]]:
    """(page, card) of every seat card whose art shows the star, read from a rendering: the
    art slots come from the layout's registry, the star is the art with gold in it."""
    import pypdfium2 as pdfium

    from bunco_print.printing.layout import lay_out
    from bunco_print.theming import themes

    event = pack.event
    laid = lay_out(event, event.ruleset, themes.load("classic"), docs=["seat_cards"])
    page_layout = laid.page("seat_cards")
    found = []
    document = pdfium.PdfDocument(pdf)
    for index in range(len(document)):
        image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
        for slot in page_layout.slots:
            if slot.kind != "art":
                continue
            box = [
                round(v * dpi / 72)
                for v in (slot.box.x, slot.box.y, slot.box.right, slot.box.bottom)
            ]
            crop = image.crop(box)
            pixels = (crop.getpixel((x, y)) for y in range(crop.height) for x in range(crop.width))
            if any(sum(abs(a - b) for a, b in zip(p, GOLD, strict=True)) < 60 for p in pixels):
                found.append((index, slot.index))
    return found


ENGINE = "https://bunco.example/club"
PRINTING_ORDER = [
    "score-sheets.pdf",
    "tally-pads.pdf",
    "seat-cards.pdf",
    "prize-sheet.pdf",
    "rules-handout.pdf",
    "table-markers.pdf",
]


def build(players=13, **kw):
    kw.setdefault("seed", 7)
    kw.setdefault("date", "2026-12-04")
    kw.setdefault("engine_url", ENGINE)
    return build_pack(PackRequest(players=players, **kw))


@pytest.fixture(scope="module")
def pack13():
    return build(13, names=["Zoë Łucja O'Brien", "Bea"])


def test_the_folder_has_every_document_the_manifest_and_the_secret(pack13):
    files = pack_files(pack13)
    assert set(files) == {"pack.pdf", *PRINTING_ORDER, "event.json", "event.secret"}
    manifest = json.loads(files["event.json"])
    assert manifest["players"] == 13 and manifest["ghosts"] == 3 and len(manifest["tables"]) == 4
    assert [s["id"] for s in manifest["sheets"]] == [str(n) for n in range(1, 14)]
    assert len(manifest["seat_cards"]) == 13
    assert sum(p["amount"] for p in manifest["prizes"]) == manifest["pot"] == 65
    assert pack13.secret not in files["event.json"].decode()
    for name in files:
        if name.endswith(".pdf"):
            assert pack13.secret not in files[name].decode("latin-1")


def test_pack_pdf_is_every_document_in_printing_order(pack13):
    texts = page_texts(pack13.pack_pdf)
    expected = [t for name in PRINTING_ORDER for t in page_texts(pack13.documents[name])]
    assert texts == expected
    assert page_sizes_in(pack13.pack_pdf) == {LETTER}


def test_one_score_sheet_per_player_with_its_number_and_name(pack13):
    texts = page_texts(pack13.documents["score-sheets.pdf"])
    assert len(texts) == 13
    for number, text in enumerate(texts, start=1):
        assert f"Sheet {number}" in text
        assert "Bunco" in text
    assert "Zoë Łucja O'Brien" in texts[0] and "Bea" in texts[1]


def test_every_box_the_phone_asks_for_is_on_the_printed_sheet(pack13):
    """The form asks whoever ended with the fuzzy die (classic's Traveler) to tick it: the
    sheet's totals have its box; a ruleset without one has none."""
    for text in page_texts(pack13.documents["score-sheets.pdf"]):
        assert "Tonight’s totals" in text and "Wins Losses Buncos Fuzzy die" in text, text
    plain = page_texts(build(12, ruleset="mybunco").documents["score-sheets.pdf"])[0]
    assert "Minis" in plain and "Fuzzy die" not in plain and "Traveler" not in plain


def test_every_qr_code_decodes_to_a_signed_link_for_its_own_sheet(pack13):
    codes = qr_codes(pack13.documents["score-sheets.pdf"])
    event = pack13.event
    for number, page_codes in enumerate(codes, start=1):
        assert len(page_codes) == 1, f"sheet {number} should carry exactly one code"
        assert page_codes[0].startswith(f"{ENGINE}/e/{event.event_id}/s/")
        assert opens(page_codes[0], pack13.secret) == (event.event_id, str(number))


def test_tally_pads_carry_their_tables_code_and_name(pack13):
    pdf = pack13.documents["tally-pads.pdf"]
    found = Counter(c for page in qr_codes(pdf) for c in page)
    sheets = Counter(opens(url, pack13.secret)[1] for url in found.elements())
    assert sheets == {"T1": 4, "T2": 4, "T3": 4, "T4": 4}, "one pad per table and set"
    text = " ".join(page_texts(pdf))
    for table in ("Head table", "Table 2", "Table 3", "Table 4"):
        assert table in text
    assert "Set 4" in text


def test_seat_cards_one_per_player_four_stars(pack13):
    pdf = pack13.documents["seat-cards.pdf"]
    text = " ".join(page_texts(pdf))
    for number in range(1, 14):
        assert f"No. {number} " in text + " "
    labels = Counter(card.table for card in pack13.event.seat_cards)
    assert labels == {1: 4, 2: 3, 3: 3, 4: 3}
    # On paper: four cards show the star (the only art with the theme's gold in it), and they
    # are the cards that send their players to the Head table.
    starred = stars_on_cards(pack13, pdf)
    assert len(starred) == 4
    cards = pack13.event.seat_cards
    assert {cards[page * 10 + i].table for page, i in starred} == {1}


def test_prize_sheet_shows_each_amount_and_the_pot(pack13):
    text = " ".join(page_texts(pack13.documents["prize-sheet.pdf"]).pop().split())
    prizes = pack13.event.prizes
    assert all(prize.name in text for prize in prizes)
    # stamped: the pot's sum, then each prize's whole amount in the prizes' order (each is
    # level with its prize: tests/test_templates.py); "$2" must not match "$22"
    amounts = " ".join(rf"\${prize.amount}" for prize in prizes)
    assert re.search(rf"(?<![\d.,$])13 \$5 \$65 {amounts}(?![\d,])", text)


def test_rules_handout_uses_this_nights_numbers_and_explains_ghosts(pack13):
    text = " ".join(page_texts(pack13.documents["rules-handout.pdf"]))
    assert "ghost" in text.lower()
    assert "Table 4" in text
    plain = " ".join(page_texts(build(12).documents["rules-handout.pdf"]))
    assert "ghost" not in plain.lower()


def test_one_table_marker_per_table(pack13):
    texts = page_texts(pack13.documents["table-markers.pdf"])
    assert len(texts) == 4
    for text, table in zip(texts, pack13.event.tables, strict=True):
        assert text.count(table.name) >= 2, "both halves of the tent card name the table"


@pytest.mark.parametrize(("per_page", "pages"), [(2, 7), (4, 4)])
def test_several_score_sheets_per_page(per_page, pages):
    pack = build(13, per_page=per_page)
    pdf = pack.documents["score-sheets.pdf"]
    codes = qr_codes(pdf)
    assert len(codes) == pages
    assert sum(len(c) for c in codes) == 13
    assert all(opens(url, pack.secret) for page in codes for url in page)


def test_star_on_back_prints_backs_instead_of_seat_cards():
    pack = build(13, star_on_back=True)
    assert "seat-cards.pdf" not in pack.documents
    texts = page_texts(pack.documents["score-sheets.pdf"])
    assert len(texts) == 26
    backs = texts[1::2]
    cards = {c.number: c for c in pack.event.seat_cards}
    for number, back in enumerate(backs, start=1):
        assert pack.event.table(cards[number].table).name in back


def test_a4_paper():
    assert page_sizes_in(build(8, paper="a4").pack_pdf) == {A4}


@pytest.mark.parametrize("ruleset", ["mybunco", "tournament", "progressive", "bonko"])
def test_every_ruleset_prints_a_full_pack(ruleset):
    pack = build(13, ruleset=ruleset)
    texts = " ".join(page_texts(pack.pack_pdf))
    assert pack.event.tables[0].name in texts
    # one word for the game on every page, title included: the ruleset's
    words = Counter(w.lower() for w in re.findall(r"(?i)\b(?:bunco|bunko|bonko)", texts))
    assert set(words) == {str(pack.event.ruleset.word).lower()}, words
    size, page, words_near = smallest_text(pack.pack_pdf)
    assert size >= 6 - 0.01, (page, words_near)
    if ruleset == "mybunco":
        assert "High" in texts and "Low" in texts and "mini" in texts.lower()
    if ruleset == "bonko":
        cards = page_texts(pack.documents["team-cards.pdf"])
        assert "Team card 8" in " ".join(cards)
        assert "King's table" in texts
    if ruleset == "progressive":
        assert "seat-cards.pdf" not in pack.documents
        assert "Traveler" in texts


def test_same_seed_gives_identical_bytes_and_another_seed_does_not():
    a, b = build(13, seed=3), build(13, seed=3)
    assert a.pack_pdf == b.pack_pdf
    assert a.documents == b.documents
    assert build(13, seed=4).pack_pdf != a.pack_pdf


@pytest.mark.parametrize("players", [4, 5, 6, 7, 400])
def test_edge_player_counts(players):
    pack = build(players)
    texts = page_texts(pack.documents["score-sheets.pdf"])
    assert len(texts) == players
    assert f"Sheet {players}" in texts[-1]


def test_twelve_player_cards_send_non_star_players_to_either_other_table():
    pack = build(12)
    text = " ".join(page_texts(pack.documents["seat-cards.pdf"]))
    assert text.count("Table 2 or Table 3") == 8
    assert text.count("Head table") >= 4


@pytest.mark.parametrize("ruleset", ["bonko", "progressive"])
def test_star_on_back_is_refused_where_there_are_no_per_player_seats(ruleset):
    with pytest.raises(
        InputError, match=f"`star_on_back` needs one score sheet per player; {ruleset}"
    ):
        build(12, ruleset=ruleset, star_on_back=True)


def test_a_name_no_font_can_print_is_warned_about():
    pack = build(6, names=["Ann", "Алёна", "Bea 🎲"])
    assert len(pack.warnings) == 1
    assert "sheet 3" in pack.warnings[0] and "🎲" in pack.warnings[0]
    assert "empty boxes" in pack.warnings[0] and "blank" not in pack.warnings[0]


def test_five_players_handout_explains_the_crowded_ghosts():
    text = " ".join(page_texts(build(5).documents["rules-handout.pdf"]))
    assert "Two ghosts at one table sit on opposite teams" in text
    assert "only 3 cards carry the star" in text
    plain = " ".join(page_texts(build(7).documents["rules-handout.pdf"]))
    assert "opposite teams" not in plain and "carry the star" not in plain


def test_each_pdf_is_titled_for_people(pack13):
    titles = {name: reader(pdf).metadata.title for name, pdf in pack13.documents.items()}
    assert titles["score-sheets.pdf"] == f"{pack13.event.title}: score sheets"
    assert titles["rules-handout.pdf"] == f"{pack13.event.title}: rules handout"
    assert reader(pack13.pack_pdf).metadata.title == pack13.event.title


def test_a_pack_without_qr_codes_has_no_codes_and_no_words_about_them():
    pack = build(12, qr=False, per_page=2)
    files = pack_files(pack)
    assert qr_codes(pack.pack_pdf, dpi=100) == [[] for _ in range(pack.pages)]
    text = "\n".join(page_texts(pack.pack_pdf))
    assert "Scan" not in text and "table code" not in text and "phone" not in text
    rules = " ".join(" ".join(page_texts(files["rules-handout.pdf"])).split())
    assert "The host gathers the sheets, finds the winners and hands out the prizes." in rules
    assert json.loads(files["event.json"])["extra"]["qr"] is False
    sheets = page_texts(files["score-sheets.pdf"])
    assert len(sheets) == 6 and all("Sheet" in page for page in sheets)
