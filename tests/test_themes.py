"""Themes as data: a folder anywhere on disk, checked at load, its art, CSS and templates found."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from bunco_print.cli import app
from bunco_print.edges.resources import data_dir
from bunco_print.errors import BuncoError, UnknownNameError
from bunco_print.printing import pack, render
from bunco_print.theming import themes

from .pdftools import page_texts

GREEN = "#00c853"
SQUARE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    f'<rect width="10" height="10" fill="{GREEN}"/></svg>'
)
HOUSE_TOML = """
title = "House Bunco"
description = "Our own colours and a green square."
extends = "classic"

[colors]
accent = "#123456"
leaf = "#00c853"
"""
HOUSE_CSS = """/* url("not-an-art-file.svg") in a comment stays as it is */
html { background: url("square.svg") no-repeat 0 0 / 40pt 40pt; }
.doc-rules h2::before { background: url('dice.svg'); }
"""


def write_theme(folder: Path, toml: str = HOUSE_TOML, css: str | None = HOUSE_CSS) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "theme.toml").write_text(toml, encoding="utf-8")
    if css is not None:
        (folder / "theme.css").write_text(css, encoding="utf-8")
    (folder / "square.svg").write_text(SQUARE, encoding="utf-8")
    return folder


@pytest.fixture
def house(tmp_path) -> Path:
    return write_theme(tmp_path / "house")


def pack_html(theme: str, docs: list[str] | None = None) -> str:
    return render.render_html("base.html.j2", **pack_context(theme, docs))


def pack_context(theme: str, docs: list[str] | None = None) -> dict:
    request = pack.PackRequest(players=8, theme=theme, seed=1, date="2026-12-04")
    event, _secret, chosen, ruleset = pack.plan(request)
    docs = docs or pack.documents_for(event, ruleset)
    return pack.template_context(event, ruleset, chosen, request, docs)


def stamped_words(laid) -> list[str]:
    """The night's words the layout has the stamper draw (its "words" slots), every page."""
    return [
        slot.text
        for doc in laid.docs
        for page in laid.every_page(doc)
        for slot in page.slots
        if slot.kind == "words"
    ]


# --- shipped themes ------------------------------------------------------------------------------


def test_shipped_themes_declare_their_fonts_as_data():
    classic = themes.load("classic")
    assert classic.family("display") == "Quicksand Bold"
    assert classic.family("body") == "Lato" and classic.family("hand") == "Amatic SC"
    assert classic.font("body", "700") == themes.SYSTEM_FONTS / "truetype/lato/Lato-Bold.ttf"
    assert classic.font("hand") == Path(str(files("font_amatic_sc") / "files/AmaticSC-Regular.ttf"))
    assert classic.font("body", "800").name == "Lato-Regular.ttf"  # a missing face: the 400
    december = themes.load("december")
    assert december.fonts == classic.fonts  # inherited
    assert december.colors["accent"] == "#b8232f" and december.colors["ice"] == "#9cc3d5"


def test_no_css_refers_to_art_by_a_relative_themes_path():
    for sheet in [*data_dir("themes").rglob("*.css"), *data_dir("templates").rglob("*.css")]:
        assert "../themes" not in sheet.read_text(encoding="utf-8"), sheet
    december = themes.load("december")
    rule = (data_dir("themes") / "december" / "rule.svg").as_uri()
    assert f'url("{rule}")' in december.css()
    assert "../" not in december.css()


def test_css_names_fonts_once_per_face_with_file_uris():
    css = themes.load("classic").css()
    lato_bold = (themes.SYSTEM_FONTS / "truetype/lato/Lato-Bold.ttf").as_uri()
    assert css.count(f'src: url("{lato_bold}")') == 1
    assert '--font-display: "Quicksand Bold";' in css
    assert "font-weight: 400; font-style: italic;" in css


# --- a theme folder anywhere on disk ------------------------------------------------------------


def test_a_folder_theme_extends_a_shipped_one(house):
    theme = themes.load(str(house))
    assert (theme.name, theme.title, theme.ref) == ("house", "House Bunco", str(house.resolve()))
    assert theme.colors["accent"] == "#123456"
    assert theme.colors["accent2"] == themes.load("classic").colors["accent2"]  # inherited
    assert theme.art("square.svg") == house.resolve() / "square.svg"
    assert theme.art("dice.svg") == data_dir("themes") / "classic" / "dice.svg"
    assert themes.load(house) == theme  # a Path works as well as a string


def test_a_folder_theme_pack_html_points_its_css_at_the_right_files(house):
    html = pack_html(str(house))
    square = (house.resolve() / "square.svg").as_uri()
    dice = (data_dir("themes") / "classic" / "dice.svg").as_uri()
    assert f'url("{square}") no-repeat' in html
    assert f'url("{dice}")' in html
    assert "--accent: #123456;" in html and "--leaf: #00c853;" in html
    assert 'url("not-an-art-file.svg")' in html  # the comment, untouched
    assert "../themes" not in html and "theme-house" in html
    # classic's own stylesheet comes first, so the folder theme's rules win
    assert html.index("Classic: the structural CSS") < html.index(f'url("{square}")')


def test_a_folder_theme_templates_come_first_and_do_not_leak_into_other_themes(house):
    (house / "templates" / "docs").mkdir(parents=True)
    (house / "templates" / "docs" / "pieces.html.j2").write_text(
        '<p class="house-pieces">House pieces for {{ event.title }}</p>\n'
        '{% include "default:docs/pieces.html.j2" %}\n',
        encoding="utf-8",
    )
    own = pack_html(str(house), docs=["rules", "pieces"])
    assert "House pieces for House Bunco" in own
    assert 'id="pieces-page-0"' in own  # the shipped template, reached through default:
    plain = pack_html("classic", docs=["rules", "pieces"])  # the same environment and cache
    assert "House pieces" not in plain and 'id="pieces-page-0"' in plain
    assert "House pieces for House Bunco" in pack_html(str(house), docs=["rules", "pieces"])


def test_the_results_sheet_uses_the_same_environment_and_theme(house):
    from bunco_print.engine.awards import settle
    from bunco_print.engine.simulate import simulate
    from bunco_print.engine.ties import Resolver
    from bunco_print.engine.validate import validate
    from bunco_print.game.night import night_for
    from bunco_print.printing import results

    night = night_for("classic", 8, sets=1)
    played = simulate(night, 3, log=False)
    settlement = settle(validate(played.totals, night), Resolver(roll=True, seed=3))
    theme = themes.load(str(house))
    square = (house.resolve() / "square.svg").as_uri()
    html = results.results_html(settlement, theme)
    assert f'url("{square}")' in html and "theme-house" in html
    (house / "templates").mkdir()
    (house / "templates" / "results.html.j2").write_text(
        "<h1>House results: {{ theme.title }}, pot {{ pot }}</h1>", encoding="utf-8"
    )
    assert results.results_html(settlement, theme) == "<h1>House results: House Bunco, pot $40</h1>"


def test_a_theme_brings_its_own_font_file(tmp_path):
    folder = write_theme(
        tmp_path / "fonty",
        HOUSE_TOML
        + '\n[fonts.display]\nfamily = "House Display"\nfiles = { "400" = "fonts/house.ttf" }\n',
    )
    (folder / "fonts").mkdir()
    shutil.copy(themes.load("classic").font("body", "900"), folder / "fonts" / "house.ttf")
    theme = themes.load(str(folder))
    assert theme.family("display") == "House Display"
    assert theme.font("display") == folder.resolve() / "fonts" / "house.ttf"
    assert theme.family("body") == "Lato"  # the other roles still come from classic
    css = theme.css()
    assert f'"House Display"; src: url("{theme.font("display").as_uri()}")' in css
    assert '--font-display: "House Display";' in css


def test_a_folder_theme_prints_a_real_pack_with_its_art(house, tmp_path, monkeypatch):
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1796342400"}
    result = subprocess.run(
        [sys.executable, "-m", "bunco_print", "pack", "--players", "6", "--theme", str(house)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    (night,) = (tmp_path / "output").iterdir()
    sheets = (night / "score-sheets.pdf").read_bytes()
    prize_sheet = page_texts((night / "prize-sheet.pdf").read_bytes())[0]
    assert "HOUSE BUNCO" in prize_sheet.upper()
    # the green square from the folder theme's own art, top left of the page, 40pt wide
    image = pdfium.PdfDocument(sheets)[0].render(scale=1).to_pil().convert("RGB")
    assert image.getpixel((20, 20)) == (0x00, 0xC8, 0x53)
    assert image.getpixel((60, 60)) != (0x00, 0xC8, 0x53)
    # The manifest keeps the folder's name, never its path: the night's results print in
    # classic (a manifest from anywhere must not choose the templates that run) ...
    assert json.loads((night / "event.json").read_text())["extra"]["theme"] == house.name
    # (the engine commands in this process: the pack above was the whole command)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796342400")
    runner = CliRunner()
    simulate = ["simulate", "--players", "6", "--out", "sim"]
    assert runner.invoke(app, simulate).exit_code == 0
    runs = {"default.pdf": [], "classic.pdf": ["--theme", "classic"]}
    runs["house.pdf"] = ["--theme", str(house)]
    for pdf, theme in runs.items():
        command = ["prizes", "--event", str(night)]
        command += ["--totals", str(tmp_path / "sim" / "totals.csv"), "--roll", "--pdf", pdf]
        done = runner.invoke(app, command + theme)
        assert done.exit_code == 0 and (tmp_path / pdf).is_file(), done.output
    made = {pdf: (tmp_path / pdf).read_bytes() for pdf in runs}
    assert made["default.pdf"] == made["classic.pdf"]
    # ... and in the folder's theme when it is named again.
    assert made["house.pdf"] != made["classic.pdf"]


# --- what a theme may not do ----------------------------------------------------------------------


def theme_error(folder: Path) -> str:
    with pytest.raises(BuncoError) as caught:
        themes.load(str(folder))
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('title = "House', 'titel = "House', "titel is not a key a theme knows"),
        ('accent = "#123456"', 'accent = "red"', "[colors] accent must be a colour like #d2336b"),
        ('accent = "#123456"', 'accent = "#12345"', 'not "#12345"'),
        ('accent = "#123456"', "accent = 7", "[colors] accent must be a colour"),
        ('leaf = "#00c853"', '"Leaf Green" = "#00c853"', "[colors] Leaf Green is not a usable"),
        (
            'extends = "classic"',
            'extends = "classy"',
            "extends must name a theme (april, august, classic, dec",
        ),
        ('extends = "classic"', "extends = 3", "extends must be text, not 3"),
        (
            "",
            "[fonts.display]\nfamily = 'X'\nfiles = { '400' = 'x.ttf' }",
            "[fonts.display] files.400",
        ),
        ("", "[fonts.display]\nfamily = 'X'\nfiles = { '700' = 'x.ttf' }", 'with at least "400"'),
        ("", "[fonts.display]\nfamily = 'X'\nfiles = { '400' = '../x.ttf' }", "relative .ttf"),
        (
            "",
            "[fonts.display]\nfamily = 'X'\nfiles = { '400' = 'x.woff' }",
            "relative .ttf or .otf",
        ),
        (
            "",
            "[fonts.display]\nfamily = 'X'\nfiles = { 'bold' = 'x.ttf', '400' = 'x.ttf' }",
            'like "400", "700"',
        ),
        ("", "[fonts.display]\nfamily = 'X'\nsize = 3\nfiles = {}", "[fonts.display] size is not"),
        ("", '[fonts.display]\nfamily = "X\\""\nfiles = {}', "family must name the font family"),
        (
            "",
            "[fonts.display]\nfamily = 'X'\npackage = 'no_such_pkg'\nfiles = {'400' = 'a.ttf'}",
            '[fonts.display] package names no installed Python package: "no_such_pkg"',
        ),
        ("", "[fonts]\ndisplay = 'fredoka'", "[fonts.display] must be a table"),
        ('extends = "classic"', 'stylesheets = ["missing.css"]', "stylesheets names 'missing.css'"),
        ('extends = "classic"', 'stylesheets = ["../x.css"]', "stylesheets must list CSS files"),
    ],
)
def test_a_theme_toml_mistake_is_one_line_naming_file_and_key(tmp_path, old, new, expected):
    toml = HOUSE_TOML.replace(old, new, 1) if old else HOUSE_TOML + "\n" + new + "\n"
    folder = write_theme(tmp_path / "house", toml)
    message = theme_error(folder)
    assert message.startswith(f"theme {folder.resolve() / 'theme.toml'}: "), message
    assert expected in message


def test_colours_and_fonts_the_templates_need_must_be_there(tmp_path):
    folder = write_theme(tmp_path / "bare", '[colors]\nink = "#000000"\n', css=None)
    assert "[colors] must give accent, accent2, soft, line, muted, gold" in theme_error(folder)
    folder = write_theme(tmp_path / "child", 'extends = "classic"\n[colors]\nink = "#000000"\n')
    assert themes.load(str(folder)).colors["gold"] == themes.load("classic").colors["gold"]


def test_a_theme_of_its_own_needs_the_art_the_templates_use(tmp_path):
    toml = (data_dir("themes") / "classic" / "theme.toml").read_text(encoding="utf-8")
    folder = write_theme(tmp_path / "alone", toml, css="")
    message = theme_error(folder)
    assert (
        message == f"theme {folder.resolve() / 'theme.toml'}: needs the art file star.svg beside it"
    )
    for art in themes.REQUIRED_ART:
        shutil.copy(data_dir("themes") / "classic" / art, folder / art)
    assert themes.load(str(folder)).art("star.svg").parent == folder.resolve()


def test_extends_cycles_are_refused(tmp_path):
    write_theme(tmp_path / "a", 'extends = "../b"\n')
    write_theme(tmp_path / "b", 'extends = "../a"\n')
    assert "extends makes a cycle: a -> b -> a" in theme_error(tmp_path / "a")
    write_theme(tmp_path / "self", 'extends = "."\n')
    assert "cycle" in theme_error(tmp_path / "self")


@pytest.mark.parametrize(
    ("css", "expected"),
    [
        ('a { background: url("../classic/dice.svg"); }', "url(../classic/dice.svg) must name"),
        ("a { background: url(/etc/hosts); }", "url(/etc/hosts) must name an art file"),
        ("a { background: url(https://example.com/x.svg); }", "must name an art file"),
        ("a { background: url(file:///etc/hosts); }", "must name an art file"),
        ('a { background: url("nope.svg"); }', "url(nope.svg) names no art file of this theme"),
        ('@import "other.css";', "@import is not supported"),
    ],
)
def test_css_may_only_point_at_art_of_the_theme(tmp_path, css, expected):
    folder = write_theme(tmp_path / "house", css=css)
    message = theme_error(folder)
    assert message.startswith(f"theme {folder.resolve() / 'theme.css'}: "), message
    assert expected in message


def test_data_uris_and_fragments_pass_through(tmp_path):
    css = 'a { background: url("data:image/svg+xml;base64,PHN2Zy8+"); filter: url(#soft); }'
    theme = themes.load(str(write_theme(tmp_path / "house", css=css)))
    assert 'url("data:image/svg+xml;base64,PHN2Zy8+")' in theme.css()
    assert "url(#soft)" in theme.css()


def test_art_names_cannot_leave_the_theme(house):
    theme = themes.load(str(house))
    for name in ("../classic/dice.svg", "/etc/hosts", ""):
        with pytest.raises(BuncoError, match="must be a path inside the theme"):
            theme.art(name)


@pytest.mark.parametrize("name", ["", "purple"])
def test_an_unknown_theme_lists_the_themes_there_are(name):
    with pytest.raises(UnknownNameError) as caught:
        themes.load(name)
    assert (
        str(caught.value)
        == f"unknown theme {name!r}; choose one of: {', '.join(themes.available())}"
    )


def test_a_folder_without_theme_toml_says_so(tmp_path):
    message = theme_error(tmp_path)
    assert message == (
        f"theme folder {tmp_path} holds no theme.toml; give a folder that does, "
        f"or one of: {', '.join(themes.available())}"
    )


def test_the_cli_says_so_in_one_line(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "bunco_print", "pack", "--players", "8", "--theme", ""],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    shipped = ", ".join(themes.available())
    assert f"--theme needs a name; choose one of: {shipped}" in result.stderr
