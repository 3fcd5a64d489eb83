"""A last page holding fewer sheets, cards or pads leaves the rest blank (cut lines only), and a
caption is printed only beside the code it names."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from .pdftools import page_texts, qr_codes, smallest_text


@pytest.fixture
def pack13(quarter_pack):
    return quarter_pack


def ink_share(pdf: bytes, index: int, box: tuple[float, float, float, float]) -> float:
    """The share of non-white pixels in `box` (fractions of the page: left, top, right,
    bottom) of page `index`, rendered at 30 dpi."""
    image = pdfium.PdfDocument(pdf)[index].render(scale=30 / 72, grayscale=True).to_pil()
    w, h = image.size
    crop = image.crop((round(box[0] * w), round(box[1] * h), round(box[2] * w), round(box[3] * h)))
    dark = crop.point(lambda v: 255 if v < 230 else 0).histogram()[255]
    return dark / (crop.width * crop.height)


def test_the_last_sheet_page_prints_only_its_sheets(pack13):
    pdf = pack13.documents["score-sheets.pdf"]
    assert sum(len(codes) for codes in qr_codes(pdf)) == 13  # every sheet's code reads back
    last = page_texts(pdf)[-1]
    assert "Sheet 13" in last
    assert last.count("Scan to enter") == 1 == len(qr_codes(pdf, pages=range(3, 4))[0])
    for quarter in ((0.53, 0.03, 0.97, 0.47), (0.03, 0.53, 0.47, 0.97), (0.53, 0.53, 0.97, 0.97)):
        assert ink_share(pdf, 3, quarter) == 0, quarter
    assert ink_share(pdf, 3, (0.03, 0.03, 0.47, 0.47)) > 0.05


def test_the_last_seat_card_page_prints_only_its_cards(pack13):
    pdf = pack13.documents["seat-cards.pdf"]
    texts = [text.replace(" ", "") for text in page_texts(pdf)]  # letter-spaced capitals
    assert len(texts) == 2
    assert texts[0].count("TONIGHTYOUSTARTAT") == 10
    assert texts[1].count("TONIGHTYOUSTARTAT") == 3  # cards 11 to 13
    assert texts[1].count("BuncoNight") == 3
    assert ink_share(pdf, 1, (0.55, 0.61, 0.9, 0.76)) == 0  # a card place below card 13: blank


def test_captions_only_beside_codes(pack13):
    pdf = pack13.documents["tally-pads.pdf"]
    texts, codes = page_texts(pdf), qr_codes(pdf)
    assert sum(len(c) for c in codes) == len([p for p in pack13.event.tally_pads if p.table])
    for text, on_page in zip(texts, codes, strict=True):
        assert text.count("table code") == len(on_page)
    assert any(pad.table is None for pad in pack13.event.tally_pads)  # spares were printed


def test_nothing_is_smaller_than_5_pt_at_4_a_page_nor_6_pt_off_the_sheets(pack13):
    for name, pdf in pack13.documents.items():
        size, page, words = smallest_text(pdf)
        assert size >= (5 if name == "score-sheets.pdf" else 6) - 0.01, (name, page, words)
