"""Laid-out backgrounds kept on disk: reused when nothing that shapes them changed."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from bunco_print.edges import background_cache
from bunco_print.printing import backgrounds
from bunco_print.printing.pack import PackRequest, build_pack

from .pdftools import page_texts


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BUNCO_PRINT_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("BUNCO_PRINT_CACHE", raising=False)
    return tmp_path


def request(**kw):
    return PackRequest(players=9, seed=3, date="2026-12-04", **kw)


def test_a_second_pack_of_the_same_night_reuses_the_backgrounds(cache, monkeypatch):
    first = build_pack(request())
    assert len(list(cache.glob("*.pdf"))) == 1

    def no_layout(html):
        raise AssertionError("laid out again")

    monkeypatch.setattr(backgrounds, "lay_out_backgrounds", no_layout)
    again = build_pack(request())
    assert again.pack_pdf == first.pack_pdf
    other_seed = build_pack(PackRequest(players=9, seed=4, date="2026-12-04"))
    assert "Bunco Night" in page_texts(other_seed.documents["score-sheets.pdf"])[0]


def test_another_night_reuses_the_backgrounds_with_its_own_words(cache, monkeypatch):
    """A club's next month: a new title, date, names, buy-in and seating, nothing laid out."""
    build_pack(request())
    monkeypatch.setattr(backgrounds, "lay_out_backgrounds", lambda html: pytest.fail("laid out"))
    names = [f"Player {n}" for n in range(1, 10)]
    other = PackRequest(
        players=9, seed=8, date="2027-01-08", title="Maple Street Bunco", names=names, buy_in=10
    )
    pack_b = build_pack(other)
    assert len(list(cache.glob("*.pdf"))) == 1
    sheet = page_texts(pack_b.documents["score-sheets.pdf"])[0]
    assert "Maple Street Bunco" in sheet and "January 8, 2027" in sheet and "Player 1" in sheet
    rules = " ".join(page_texts(pack_b.documents["rules-handout.pdf"]))
    assert "MAPLE STREET BUNCO" in rules and "$30" in rules  # the first prize of a $90 pot
    pads = page_texts(pack_b.documents["tally-pads.pdf"])[0]
    assert "Maple Street Bunco" in pads and "Bunco Night" not in pads


def test_a_new_night_with_a_known_theme_never_imports_weasyprint(cache):
    """The host's monthly pack, as a fresh process: its backgrounds from the cache."""
    build_pack(request())
    script = (
        "import sys\n"
        "from bunco_print.printing.pack import PackRequest, build_pack\n"
        "p = build_pack(PackRequest(players=9, seed=5, date='2027-02-05', title='February'))\n"
        "assert p.pages > 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'weasyprint'))\n"
    )
    env = {**os.environ, "BUNCO_PRINT_CACHE_DIR": str(cache)}
    env.pop("BUNCO_PRINT_CACHE", None)
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def test_the_cache_keeps_the_most_recently_used_within_its_bounds(cache, monkeypatch):
    for n in range(5):
        (cache / f"{n}.pdf").write_bytes(b"x" * 100)
        (cache / f"{n}.json").write_text("{}")
        os.utime(cache / f"{n}.json", (1000 + n, 1000 + n))
    (cache / "2.pdf").unlink()  # another process pruning at the same time
    monkeypatch.setattr(background_cache, "KEEP", 3)
    background_cache._prune(cache)
    assert sorted(p.name for p in cache.iterdir()) == [
        "1.json", "1.pdf", "3.json", "3.pdf", "4.json", "4.pdf"
    ]  # fmt: skip
    monkeypatch.setattr(background_cache, "MAX_BYTES", 150)
    background_cache._prune(cache)
    assert sorted(p.name for p in cache.iterdir()) == ["4.json", "4.pdf"]


def _damage(entry, how: str) -> None:
    """An entry's files changed since they were written: by a faulty disk, a copy cut short,
    a hand."""
    marker = entry.with_suffix(".json")
    if how == "garbled pdf":
        entry.write_bytes(b"%PDF-1.7 garbage")
    elif how == "pdf cut short":
        entry.write_bytes(entry.read_bytes()[: entry.stat().st_size // 2])
    else:  # still JSON, one page index changed
        kept = json.loads(marker.read_text())
        kept["pages"]["score_sheet"][0] += 1
        marker.write_text(json.dumps(kept))


def test_a_damaged_entry_is_laid_out_again_and_made_whole(cache, monkeypatch):
    first = build_pack(request())
    (entry,) = cache.glob("*.pdf")
    for how in ("garbled pdf", "pdf cut short", "marker edited"):
        _damage(entry, how)
        assert build_pack(request()).pack_pdf == first.pack_pdf, how  # never the broken one
    monkeypatch.setattr(backgrounds, "lay_out_backgrounds", lambda html: pytest.fail("laid out"))
    assert build_pack(request()).pack_pdf == first.pack_pdf  # the entry replaced, whole


def test_an_entry_whose_pages_are_numbered_past_nine_is_found_again(cache):
    """A tagged page's index is a key of the pages kept, written by JSON as a string: an entry
    with tagged pages 9 and 10 reads back in another order, and is the same entry all the
    same."""
    made = []

    def make(html):
        made.append(html)
        return b"%PDF-1.7 laid out", {"rules": [9, 10], "@tags": {9: [["P"]], 10: [["H1"]]}}

    first = background_cache.cached("<p>rules</p>", make, kind="backgrounds")
    again = background_cache.cached("<p>rules</p>", make, kind="backgrounds")
    assert len(made) == 1 and again[0] == first[0]
    assert again[1]["@tags"] == {"9": [["P"]], "10": [["H1"]]}


def _font_and_cutter(folder):
    """A font file, and what makes its numbered cuts ("cut 1", "cut 2", ...)."""
    source = folder / "font.ttf"
    source.write_bytes(b"a font")
    made = []

    def make() -> bytes:
        made.append(1)
        return b"cut %d" % len(made)

    return source, make


def test_a_kept_file_changed_since_it_was_kept_is_made_again(cache):
    source, make = _font_and_cutter(cache)
    assert background_cache.kept_file("f.woff2", source, "recipe", make) == b"cut 1"
    (kept,) = (cache / "files").iterdir()
    kept.write_bytes(kept.read_bytes()[:-3])
    assert background_cache.kept_file("f.woff2", source, "recipe", make) == b"cut 2"
    assert background_cache.kept_file("f.woff2", source, "recipe", make) == b"cut 2"


@pytest.mark.parametrize("first", ["pack", "catalogue"])
def test_a_pack_and_a_catalogue_of_the_same_html_each_take_their_own(cache, first):
    """A seller tries one shop pack with `pack`, then makes the shop (or the other way round):
    both lay out the same HTML, the pack's backgrounds with their text in simple fonts, the
    catalogue's pass without. Each takes only what it kept, and every font of every file is
    embedded (a catalogue that took the pack's wrote fonts with no program at all)."""
    from bunco_print.catalogue.backgrounds import SharedBackgrounds
    from bunco_print.printing.orders import pack_request

    order = dict(players=8, seed=1, date="none", buy_in="none", qr=False, extras="all")
    makers = {
        "pack": lambda: build_pack(pack_request(order)),
        "catalogue": lambda: build_pack(pack_request(order), lay_out=SharedBackgrounds()),
    }
    makers[first]()
    then = makers["catalogue" if first == "pack" else "pack"]()
    for name, pdf in {"pack.pdf": then.pack_pdf, **then.documents}.items():
        assert not fonts_without_program(pdf), f"{name}: {fonts_without_program(pdf)}"


def fonts_without_program(pdf: bytes) -> list[str]:
    """The fonts of the PDF (simple, or under a composite font) that embed no program."""
    import io

    import pikepdf

    missing = []
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for obj in doc.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                if obj.get("/Subtype") in ("/Type0", "/Type3"):
                    continue  # its descendant is a font of its own; Type 3 draws its glyphs
                described = obj.get("/FontDescriptor", {})
                if not any(k in described for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                    missing.append(str(obj.get("/BaseFont", "(no name)")))
    return missing


def test_the_cache_can_be_turned_off(cache, monkeypatch):
    monkeypatch.setenv("BUNCO_PRINT_CACHE", "off")
    build_pack(request())
    assert not list(cache.iterdir())


def test_a_cache_that_cannot_be_written_is_skipped(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("BUNCO_PRINT_CACHE_DIR", str(blocker / "cache"))
    assert build_pack(request()).pages > 0


def test_the_key_follows_the_files_the_html_links(tmp_path):
    art = tmp_path / "star.svg"
    art.write_text("<svg/>")
    html = f'<img src="{art.as_uri()}">'
    before = background_cache.key(html, "backgrounds")
    art.write_text("<svg><rect/></svg>")
    assert background_cache.key(html, "backgrounds") != before


def test_a_background_kept_by_an_earlier_format_is_not_reused(monkeypatch):
    """What the kept PDF holds can change within a version (its fonts noting their files, its
    needless groups dropped): an entry of another FORMAT is laid out anew."""
    html = "<p>Bunco</p>"
    now = background_cache.key(html, "backgrounds")
    monkeypatch.setattr(background_cache, "FORMAT", background_cache.FORMAT - 1)
    assert background_cache.key(html, "backgrounds") != now


def test_a_file_made_from_a_source_is_kept_until_the_source_or_recipe_changes(cache, monkeypatch):
    """The web pages' font cuts: half a second each, made once, not at every `serve`."""
    source, make = _font_and_cutter(cache)
    first = background_cache.kept_file("f.woff2", source, "recipe 1", make)
    assert background_cache.kept_file("f.woff2", source, "recipe 1", make) == first == b"cut 1"
    assert background_cache.kept_file("f.woff2", source, "recipe 2", make) == b"cut 2"
    source.write_bytes(b"another font")
    assert background_cache.kept_file("f.woff2", source, "recipe 1", make) == b"cut 3"
    monkeypatch.setenv("BUNCO_PRINT_CACHE", "off")
    assert background_cache.kept_file("f.woff2", source, "recipe 1", make) == b"cut 4"


def test_a_cff_themes_later_nights_draw_no_outline_again(cache):
    """February's display face is CFF: its letters are redrawn as TrueType outlines (so
    ps2write keeps them) once, kept beside the backgrounds; a later night loads no fontTools
    to draw them, and a kept file that does not read whole is drawn anew, the pack the same."""
    asked = dict(players=9, seed=5, date="2027-02-05", theme="february", title="February")
    script = (
        "import sys, hashlib\n"
        "from bunco_print.printing.pack import PackRequest, build_pack, pack_files\n"
        f"files = pack_files(build_pack(PackRequest(**{asked!r})))\n"
        "print(hashlib.sha256(b''.join(files[k] for k in sorted(files) if k.endswith('.pdf')))"
        ".hexdigest(), 'fontTools.pens.cu2quPen' in sys.modules)\n"
    )
    env = {**os.environ, "BUNCO_PRINT_CACHE_DIR": str(cache), "SOURCE_DATE_EPOCH": "1796342400"}
    env.pop("BUNCO_PRINT_CACHE", None)

    def run() -> list[str]:
        return subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        ).stdout.split()

    first, later = run(), run()
    assert first[1] == "True" and later == [first[0], "False"]
    (kept,) = (cache / "files").glob("*-outlines")
    kept.write_bytes(kept.read_bytes()[:-7])  # cut short
    assert run() == [first[0], "True"]


def test_a_later_nights_pack_converts_no_text(cache, monkeypatch):
    """The backgrounds are kept with their text already in simple fonts (pdf/simple.py) and
    what converting it made: a later night's pack converts nothing, and its files are the
    same as when the writer converts the template itself."""
    from bunco_print.printing import pack, passes
    from bunco_print.printing.pdf import drawing, simple

    def night(month: int) -> PackRequest:
        return PackRequest(players=9, seed=month, date=f"2027-0{month}-05", title=f"Night {month}")

    def refuse(pdf):
        raise AssertionError("a later night's template converted again")

    build_pack(night(1))  # last month's: its backgrounds laid out, converted and kept
    drawing.source.cache_clear()
    with monkeypatch.context() as patch:
        patch.setattr(simple, "convert", refuse)
        patch.setattr(drawing, "convert", refuse)
        later = pack.pack_files(build_pack(night(2), forked=False))

    def unconverted(html: str) -> backgrounds.Backgrounds:  # the same passes, not converted
        laid = [backgrounds.lay_out_pass(part) for part in passes.passes(html)]
        joined = passes.joined([pdf for pdf, _ in laid], [pages for _, pages in laid])
        return backgrounds.Backgrounds.kept(*joined)  # no SIMPLE: the writer converts it

    drawing.source.cache_clear()
    again = pack.pack_files(build_pack(night(2), lay_out=unconverted, forked=False))
    assert again.keys() == later.keys() and all(again[k] == later[k] for k in later)
