"""Laid-out backgrounds kept on disk: reused when nothing that shapes them changed."""

from __future__ import annotations

import pytest

from bunco_print.edges import background_cache
from bunco_print.printing import pack
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

    monkeypatch.setattr(pack, "lay_out_backgrounds", no_layout)
    again = build_pack(request())
    assert again.pack_pdf == first.pack_pdf
    other_seed = build_pack(PackRequest(players=9, seed=4, date="2026-12-04"))
    assert "Bunco Night" in page_texts(other_seed.documents["score-sheets.pdf"])[0]


def test_another_title_is_laid_out_anew(cache):
    build_pack(request())
    pack_b = build_pack(request(title="Maple Street Bunco"))
    assert len(list(cache.glob("*.pdf"))) == 2
    assert "Maple Street Bunco" in page_texts(pack_b.documents["score-sheets.pdf"])[0]


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
    before = background_cache.key(html)
    art.write_text("<svg><rect/></svg>")
    assert background_cache.key(html) != before


def test_a_background_kept_by_an_earlier_format_is_not_reused(monkeypatch):
    """What the kept PDF holds can change within a version (its fonts noting their files, its
    needless groups dropped): an entry of another FORMAT is laid out anew."""
    html = "<p>Bunco</p>"
    now = background_cache.key(html)
    monkeypatch.setattr(background_cache, "FORMAT", background_cache.FORMAT - 1)
    assert background_cache.key(html) != now


def test_a_file_made_from_a_source_is_kept_until_the_source_or_recipe_changes(cache, monkeypatch):
    """The web pages' font cuts: half a second each, made once, not at every `serve`."""
    source = cache / "font.ttf"
    source.write_bytes(b"a font")
    made = []

    def make() -> bytes:
        made.append(1)
        return b"cut %d" % len(made)

    first = background_cache.kept_file("f.woff2", source, "recipe 1", make)
    assert background_cache.kept_file("f.woff2", source, "recipe 1", make) == first == b"cut 1"
    assert background_cache.kept_file("f.woff2", source, "recipe 2", make) == b"cut 2"
    source.write_bytes(b"another font")
    assert background_cache.kept_file("f.woff2", source, "recipe 1", make) == b"cut 3"
    monkeypatch.setenv("BUNCO_PRINT_CACHE", "off")
    assert background_cache.kept_file("f.woff2", source, "recipe 1", make) == b"cut 4"
