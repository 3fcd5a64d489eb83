"""Packs as printers and print shops take them: every file of a matrix of packs (every theme,
both papers, 1, 2 and 4 sheets a page, large print, ink saver, the extras, editable fields, the
star on the backs) through qpdf, Ghostscript and poppler without a warning; every font
embedded, each face once, every face's text in simple TrueType fonts (a CFF face's too);
nothing transparent; and through Ghostscript's ps2write (how CUPS feeds a PostScript printer)
with its pages kept as vectors, its letters as outlines, not pictures."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pikepdf
import pytest

from bunco_print.game.limits import EXTRAS
from bunco_print.printing.pack import PackRequest, build_pack, pack_files

from .pdftools import font_programs, fonts_listed, transparency

# name: (theme, options); small nights, every theme once
MATRIX = {
    "classic": ("classic", {"players": 8}),
    "december-a4-2up": ("december", {"paper": "a4", "per_page": 2}),
    "october-4up": ("october", {"per_page": 4}),
    "february-large": ("february", {"paper": "a4", "large_print": True}),
    "march-ink": ("march", {"ink_saver": True}),
    "september-extras": ("september", {"paper": "a4", "extras": EXTRAS}),
    "july-editable": ("july", {"editable": True}),
    "january-star": ("january", {"star_on_back": True}),
    "april-a4-4up-ink": ("april", {"paper": "a4", "per_page": 4, "ink_saver": True}),
    "august-large-2up": ("august", {"large_print": True, "per_page": 2}),
    "june-extras-editable": ("june", {"extras": EXTRAS, "editable": True}),
    "may-a4-star-large": ("may", {"paper": "a4", "star_on_back": True, "large_print": True}),
    "november-2up": ("november", {"per_page": 2}),
}
BIG_IMAGE = 4_000_000  # pixels: a page rendered at 720 dpi is about 48 million


@cache
def _folder(name: str, root: Path) -> Path:
    theme, options = MATRIX[name]
    options = {"players": 4, **options}
    request = PackRequest(theme=theme, seed=7, date="2026-12-04", **options)
    folder = root / name
    folder.mkdir()
    for file, data in pack_files(build_pack(request)).items():
        if file.endswith(".pdf"):
            (folder / file).write_bytes(data)
    return folder


@pytest.fixture(scope="session")
def shop_root(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("print-shop")


def _run(*command: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in command], capture_output=True, text=True, check=False)


def _quiet(result: subprocess.CompletedProcess, what: str, stdout: bool = False) -> None:
    """No error and no complaint (Ghostscript prints its own on stdout, even with -q)."""
    said = (result.stderr + (result.stdout if stdout else "")).strip()
    assert result.returncode == 0 and not said, f"{what}: {said or result.returncode}"


@pytest.mark.parametrize("name", MATRIX)
def test_every_file_opens_everywhere_without_a_warning(name, shop_root):
    folder = _folder(name, shop_root)
    files = sorted(folder.glob("*.pdf"))
    assert len(files) >= 6
    for file in files:
        check = _run("qpdf", "--check", file)
        assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout
        assert not check.stderr and "WARNING" not in check.stdout, f"qpdf {file.name}"
        # poppler draws every page of pack.pdf, and the first of each document (its pages are
        # pack.pdf's, its fonts and objects its own)
        first = () if file.name == "pack.pdf" else ("-l", "1")
        look = _run("pdftoppm", "-r", "8", "-gray", *first, file, folder / "look")
        _quiet(look, f"pdftoppm {file.name}")
    gs = _run("gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", *files)
    _quiet(gs, "gs", stdout=True)  # all files in one go


@pytest.mark.parametrize("name", MATRIX)
def test_each_face_is_embedded_once_under_a_tag_of_its_own_and_nothing_is_transparent(
    name, shop_root
):
    for file in sorted(_folder(name, shop_root).glob("*.pdf")):
        with pikepdf.open(file) as pdf:
            programs = font_programs(pdf)  # base font name -> the programs it names
            found = transparency(pdf)
        faces: dict[str, set[str]] = {}
        for base, digests in programs.items():
            assert "," not in base and re.fullmatch(r"([A-Z]{6}\+)?[A-Za-z0-9_-]+", base), base
            assert "not embedded" not in digests, f"{file.name}: {base} is not embedded"
            assert len(digests) == 1, f"{file.name}: {base} names {len(digests)} programs"
            faces.setdefault(base.rpartition("+")[2], set()).update(digests)
        many = {face: len(d) for face, d in faces.items() if len(d) > 1}
        assert not many, f"{file.name}: faces embedded more than once: {many}"
        assert not found, f"{file.name}: {found[:5]}"
        # ps2write keeps a simple TrueType font's letters as outlines, a composite one's as
        # pictures, and a CFF font's as pictures whatever the font (Ghostscript 10)
        other = [
            (name, kind) for name, kind in fonts_listed(file.read_bytes()) if kind != "TrueType"
        ]
        assert not other, f"{file.name}: fonts not simple TrueType ones: {other}"


@pytest.mark.parametrize("name", MATRIX)
def test_postscript_keeps_the_pages_as_vectors(name, shop_root):
    pdf = _folder(name, shop_root) / "pack.pdf"
    ps = pdf.with_suffix(".ps")
    _quiet(
        _run(
            "gs",
            "-q",
            "-dNOPAUSE",
            "-dBATCH",
            "-dSAFER",
            "-sDEVICE=ps2write",
            f"-sOutputFile={ps}",
            pdf,
        ),
        "ps2write",
        stdout=True,
    )
    data = ps.read_bytes()
    with pikepdf.open(pdf) as document:
        pages = len(document.pages)
    # a rasterized page is a picture of ~48 million pixels (about 0.7 MB a page, all told)
    sizes = [
        int(w) * int(h) for w, h in re.findall(rb"/W(?:idth)? (\d+)\s*/H(?:eight)? (\d+)", data)
    ]
    assert max(sizes, default=0) < BIG_IMAGE, f"a page-sized picture: {max(sizes)} pixels"
    # every face's letters are outlines (Type 42 fonts), not pictures (Type 3 fonts)
    assert b"PDF CharProc" not in data, "letters drawn as pictures"
    assert b"%%BeginResource: file (PDF FontFile" in data  # font programs, kept as fonts
    # ps2write writes each page's drawing out whole, uncompressed: 6-11.1 times the PDF, at
    # most 85 KB a page (a CFF face's letters as pictures made it 96 KB a page)
    assert len(data) < 12 * pdf.stat().st_size and len(data) < 86_000 * pages
