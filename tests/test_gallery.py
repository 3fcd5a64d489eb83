"""A listing's gallery as a buyer sees it: no line of text runs into another in any theme's
fonts, a long title wraps, and the cover says what is true of the pack (editable, how many
printables).

One small plain pack and one editable pack are built once; every theme's images are drawn over
their pages (the words are in the theme's fonts whatever the pages)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bunco_print.catalogue import make_plan, text
from bunco_print.catalogue.images import IMAGE_NAMES, SIZE, Facts, gallery, listing_images
from bunco_print.printing import orders
from bunco_print.printing.pack import build_pack
from bunco_print.theming import themes

EXTRAS = ("invitation", "name-tags", "prize-tags", "host-checklist", "sign-in-sheet")
FRAME = 46  # the accent frame's inner edge: words stay inside it
FACTS = Facts(
    title="",
    players="8 to 24 players",
    papers="Letter and A4",
    counts=(8, 12, 16, 24),
    paper_sizes=("US Letter (8.5 x 11 in)", "A4 (210 x 297 mm)"),
    shop="Dice & Co",
)


def documents(editable: bool) -> dict[str, bytes]:
    order = dict(players=4, paper="letter", date="none", buy_in="none", qr=False, extras=EXTRAS)
    return build_pack(orders.pack_request({**order, "editable": editable}), signed=False).documents


@pytest.fixture(scope="module")
def plain() -> dict[str, bytes]:
    return documents(editable=False)


@pytest.fixture(scope="module")
def editable() -> dict[str, bytes]:
    return documents(editable=True)


def folder_theme(folder: Path, title: str, extends: str = "february") -> themes.Theme:
    """A seller's own theme folder: February's script font (Kaushan Script), her own title."""
    folder.mkdir()
    (folder / "theme.toml").write_text(
        f'title = "{title}"\ndescription = "Ours."\nextends = "{extends}"\n', encoding="utf-8"
    )
    return themes.load(folder)


def facts_for(theme: themes.Theme) -> Facts:
    return Facts(**{**FACTS.__dict__, "title": theme.title})


def overlaps(lines) -> list:
    return [
        (a, b)
        for i, (_, a) in enumerate(lines)
        for _, b in lines[i + 1 :]
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    ]


def assert_lines_apart(drawn) -> None:
    for name, image in drawn.items():
        assert image.lines, name
        assert overlaps(image.lines) == [], name
        for words, (left, top, right, bottom) in image.lines:
            assert FRAME <= left < right <= SIZE - FRAME, (name, words)
            assert FRAME <= top < bottom <= SIZE - FRAME, (name, words)


@pytest.mark.parametrize("name", themes.available())
def test_no_line_overlaps_another_in_any_shipped_theme(plain, name):
    theme = themes.load(name)
    drawn = gallery(plain, theme, facts_for(theme))
    assert set(drawn) == {*IMAGE_NAMES, "06-party-extras.png"}  # no fields: no fill-in image
    assert_lines_apart(drawn)


def test_a_script_titles_descenders_stay_clear_of_the_subtitle(plain, tmp_path):
    theme = folder_theme(tmp_path / "galentine", "Galentine's Day Bunco")
    assert theme.fonts["display"].family == "Kaushan Script"
    drawn = gallery(plain, theme, facts_for(theme))
    assert_lines_apart(drawn)
    texts = [text for text, _ in drawn["01-cover.png"].lines]
    assert texts[:2] == ["Galentine's Day Bunco", "Printable Bunco party pack"]
    (_, title), (_, subtitle) = drawn["01-cover.png"].lines[:2]
    assert title[3] < subtitle[1]  # the y of "Day" ends above the subtitle's tallest letter


def test_a_long_title_wraps_onto_two_lines_and_still_clears_everything(plain, tmp_path):
    long = "Ugly Sweater Christmas Bunco Night Extravaganza"
    theme = folder_theme(tmp_path / "sweater", long)
    drawn = gallery(plain, theme, facts_for(theme))
    assert_lines_apart(drawn)
    first, second, subtitle = drawn["01-cover.png"].lines[:3]
    assert f"{first[0]} {second[0]}" == long
    assert first[1][3] < second[1][1] < second[1][3] < subtitle[1][1]


def test_the_cover_counts_the_printables_and_marks_an_editable_pack(plain, editable):
    theme = themes.load("february")
    plain_cover = gallery(plain, theme, facts_for(theme))["01-cover.png"]
    editable_cover = gallery(editable, theme, facts_for(theme))["01-cover.png"]
    pdfs = sorted(name for name in plain if name.endswith(".pdf"))
    assert len(pdfs) == 11  # the seven game documents and the five extras, less team cards
    plain_words = [text for text, _ in plain_cover.lines]
    editable_words = [text for text, _ in editable_cover.lines]
    assert "11 printables" in plain_words and "11 printables" in editable_words
    assert "Editable" not in plain_words
    assert "Editable" in editable_words
    assert overlaps(editable_cover.lines) == []
    assert ImageChops.difference(plain_cover.image, editable_cover.image).getbbox() is not None


def test_an_editable_pack_shows_how_to_fill_it_in_on_its_real_fields(editable):
    theme = themes.load("october")
    drawn = gallery(editable, theme, facts_for(theme))
    assert set(drawn) == {*IMAGE_NAMES, "06-party-extras.png", "08-how-to-fill-in.png"}
    assert_lines_apart(drawn)
    words = [text for text, _ in drawn["08-how-to-fill-in.png"].lines]
    assert "Jess" in words and "Friday, February 13" in words  # typed into the name and date
    assert any("Adobe Acrobat Reader" in line for line in words)
    assert len(drawn) <= 10  # a shop's most


def test_the_png_files_are_the_drawn_images(plain):
    theme = themes.load("classic")
    blocks = Image.core.get_blocks_max()
    files = listing_images(plain, theme, facts_for(theme))
    assert Image.core.get_blocks_max() == blocks  # the memory it kept for its images, let go
    drawn = gallery(plain, theme, facts_for(theme))
    assert list(files) == list(drawn)
    for name, data in files.items():
        with Image.open(io.BytesIO(data)) as image:
            assert (image.format, image.size) == ("PNG", (SIZE, SIZE))
            picture = drawn[name].image.convert("RGB")
            assert ImageChops.difference(image.convert("RGB"), picture).getbbox() is None, name


@pytest.mark.parametrize(
    "settings, typed",
    [
        ({}, "type the players' names, the date and the amounts right in the PDF"),
        ({"date": "2026-12-04", "buy_in": 5}, "type the players' names right in the PDF"),
    ],
)
def test_an_editable_listing_says_which_free_reader_fills_its_fields(settings, typed):
    made = make_plan({"themes": ["february"], "players": [8], "editable": True, **settings}, {})
    plain = make_plan({"themes": ["february"], "players": [8], **settings}, {})
    words = text.description(made, made.listings[0], ["a.zip"], ["score-sheets.pdf"])
    assert typed in words
    assert "free Adobe Acrobat Reader" in words
    assert "Acrobat" not in text.description(
        plain, plain.listings[0], ["a.zip"], ["score-sheets.pdf"]
    )
