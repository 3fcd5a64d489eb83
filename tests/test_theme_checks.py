"""Every shipped theme passes the print checks, and the checks catch what would print badly."""

from __future__ import annotations

import re
import shutil
from importlib.resources import files
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from bunco_print.errors import InputError
from bunco_print.printing import render
from bunco_print.theming import contrast, themes
from bunco_print.workshop import checks as theme_checks

from .test_themes import pack_context, stamped_words

MONTHS = (
    *("january", "february", "march", "april", "may", "june"),
    *("july", "august", "september", "october", "november", "december"),
)
FREDOKA = Path(str(files("font_fredoka_one") / "files/FredokaOne-Regular.ttf"))


def test_twelve_months_and_classic_ship():
    assert set(themes.available()) >= {"classic", *MONTHS}
    titles = [themes.load(name).title for name in ("classic", *MONTHS)]
    assert len(set(titles)) == len(titles)  # each its own title
    assert all(themes.load(month).folders[-1].name == "classic" for month in MONTHS)


@pytest.mark.parametrize("name", ["classic", *MONTHS])
def test_every_shipped_theme_passes_the_checks(name):
    report = theme_checks.check(themes.load(name), printed=True)
    assert report.failures == ()
    # its grid rules, rounds' dice and punch-box dice, rendered in grayscale, all looked at
    assert [seen.count for seen in report.printed] == [20, 12, 24]
    assert report.min_text_contrast() >= contrast.NORMAL
    assert all(verdict == "ok" for verdict in report.fonts.values())


@pytest.mark.parametrize("name", MONTHS)
def test_every_month_has_art_of_its_own_and_prints(name):
    """Its own corners, rule, dice, star and seat cards and ghost (not classic's), and a pack's
    HTML whose every url() names a file that exists."""
    theme = themes.load(name)
    classic = themes.load("classic")
    for art in ("corner.svg", "rule.svg", "dice.svg", "star.svg", "seat.svg", "ghost.svg"):
        assert theme.art(art).parent.name == name
        if art != "rule.svg":
            assert theme.art_svg(art) != classic.art_svg(art)
    context = pack_context(name)
    html = render.render_html("base.html.j2", **context)
    # its title is printed, stamped on the backgrounds (which hold no night's words)
    assert theme.title not in html and theme.title in stamped_words(context["layout"])
    for url in re.findall(r"""url\(["']?(file:[^"')]+)""", html):
        assert Path(unquote(urlparse(url).path)).is_file(), url


def test_months_look_different():
    palettes = {tuple(themes.load(m).colors[k] for k in ("accent", "accent2")) for m in MONTHS}
    assert len(palettes) == 12
    assert len({themes.load(m).family("display") for m in MONTHS}) >= 8


def test_contrast_is_the_wcag_ratio():
    assert contrast.contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast.contrast("#ffffff", "#ffffff") == pytest.approx(1)
    assert contrast.contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


# --- the checks catch a theme that would print badly --------------------------------------------


def house(tmp_path: Path, colors: str = "", extra: str = "", css: str = "") -> Path:
    folder = tmp_path / "house"
    folder.mkdir(parents=True)
    (folder / "theme.toml").write_text(
        f'title = "House"\nextends = "classic"\n{extra}\n[colors]\n{colors}\n', encoding="utf-8"
    )
    if css:
        (folder / "theme.css").write_text(css, encoding="utf-8")
    return folder


def failures(folder: Path) -> tuple[str, ...]:
    return theme_checks.check(themes.load(folder)).failures


def test_pale_text_fails_with_its_ratio(tmp_path):
    found = failures(house(tmp_path, 'accent = "#f4a6c6"\nmuted = "#999999"'))
    assert len(found) == 4  # accent and muted, each on paper and on soft
    accent = next(f for f in found if f.startswith("house: text accent on paper"))
    assert accent == (
        "house: text accent on paper (#f4a6c6 on #ffffff) has contrast 1.89:1, "
        "needs 4.5:1; darken accent"
    )
    assert any(f.startswith("house: text muted on soft") for f in found)


def test_large_text_needs_only_three_to_one(tmp_path):
    # accent2 sits on tints only as large headings: 3.6:1 there is enough, 4.5:1 on paper is not
    found = failures(house(tmp_path, 'accent2 = "#1d8a99"\nsoft = "#f0f0f0"'))
    assert [f.split(" (")[0] for f in found] == ["house: text accent2 on paper"]


def test_a_text_colour_the_theme_css_sets_is_checked(tmp_path):
    css = ".doc-rules .rl-tagline { color: var(--sky); }\np { color: #ccc; }\n"
    found = failures(house(tmp_path, 'sky = "#8cc4ea"', css=css))
    assert [f.split(" (")[0] for f in found] == [
        "house: text #ccc in the theme's CSS",
        "house: text --sky in the theme's CSS",
    ]


def test_lines_too_pale_for_grayscale_fail(tmp_path):
    found = failures(house(tmp_path, 'line = "#eeeeee"'))
    assert [f.split(" (")[0] for f in found] == [
        "house: write-in lines on paper",
        "house: grid lines on soft",
        "house: punch-box dice on paper",
    ]
    assert all("darken line" in f for f in found)


def test_qr_codes_need_dark_ink(tmp_path):
    found = failures(house(tmp_path, 'ink = "#666666"'))
    assert [f.split(" (")[0] for f in found] == ["house: QR codes"]
    assert found[0].endswith("(#666666 on #ffffff) has contrast 5.74:1, needs 7:1; darken ink")
    found = failures(house(tmp_path / "white", 'ink = "#ffffff"'))
    assert "house: QR codes would print light on dark; ink must be dark" in found


def test_a_font_without_latin_extended_a_fails(tmp_path):
    folder = house(
        tmp_path,
        extra='\n[fonts.display]\nfamily = "Round"\nfiles = { "400" = "round.ttf" }\n',
    )
    shutil.copy(FREDOKA, folder / "round.ttf")
    (found,) = failures(folder)
    assert found.startswith("house: font display 400 (round.ttf) lacks 118 Latin-1/Latin Ext")
    assert found.endswith("e.g. U+00A0 ¯ Ā ā Ă ă Ą ą Ć ć; choose a fuller font")


def test_broken_or_missing_art_fails(tmp_path):
    folder = house(tmp_path)
    (folder / "ghost.svg").write_text("<svg><g></svg>", encoding="utf-8")
    (folder / "star.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    theme = themes.load(folder)
    (folder / "rule.svg").write_text("<p>not svg</p>", encoding="utf-8")
    found = theme_checks.check(theme).failures
    assert [f.split(":")[1].strip() for f in found] == [
        "art file star.svg must be an <svg> with a viewBox",
        "art file ghost.svg is not readable SVG",
        "art file rule.svg must be an <svg> with a viewBox",
    ]


def test_a_debian_font_elsewhere_is_found_in_the_users_fonts(tmp_path, monkeypatch):
    """Without Debian's /usr/share/fonts (another system), the file is looked for by name."""
    fonts = tmp_path / "home" / ".local" / "share" / "fonts"
    fonts.mkdir(parents=True)
    for font in themes.load("classic").fonts.values():  # classic's, which the house extends
        for path in font.faces.values():
            shutil.copy(path, fonts / path.name)
    monkeypatch.setattr(themes, "SYSTEM_FONTS", tmp_path / "no-such-folder")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    folder = house(
        tmp_path,
        extra='\n[fonts.display]\nfamily = "Q"\ndebian = "fonts-quicksand"\n'
        'files = { "400" = "truetype/quicksand/Quicksand-Bold.ttf" }\n',
    )
    theme = themes.load(folder)
    assert theme.font("display") == fonts / "Quicksand-Bold.ttf"
    assert theme.font("body", "700") == fonts / "Lato-Bold.ttf"


def test_a_missing_debian_font_says_which_package_to_install(tmp_path):
    folder = house(
        tmp_path,
        extra='\n[fonts.display]\nfamily = "Nope"\ndebian = "fonts-nope"\n'
        'files = { "400" = "truetype/nope/Nope.ttf" }\n',
    )
    with pytest.raises(InputError, match=r"\(install the Debian package fonts-nope\)$"):
        themes.load(folder)


@pytest.mark.parametrize(("line", "fails"), [("#e8e8e8", True), ("#c0c0c0", False)])
def test_rules_and_dice_too_pale_to_print_are_caught_on_the_rendered_page(line, fails):
    """Rendered in grayscale, classic's grids in a pale line colour: every rule and punch-box
    die is looked at where the layout drew it, and the faintest decides."""
    from dataclasses import replace

    from bunco_print.workshop.printed import printed_marks

    classic = themes.load("classic")
    seen = {
        s.what: s for s in printed_marks(replace(classic, colors=classic.colors | {"line": line}))
    }
    assert seen["score sheet: grid rules"].ok is not fails
    assert seen["team card: punch-box dice"].count == 24
    assert seen["score sheet: the rounds' dice"].ok  # in accent2, whatever the line colour
    if fails:
        report = theme_checks.check(
            replace(classic, colors=classic.colors | {"line": line}), printed=True
        )
        assert any("grid rules print" in failure for failure in report.failures)
