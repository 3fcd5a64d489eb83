"""`bunco-print themes`: list, check, preview and new, as a host uses them."""

from __future__ import annotations

import io

from PIL import Image
from typer.testing import CliRunner

from bunco_print.cli import app
from bunco_print.theming import themes
from bunco_print.workshop import checks as theme_checks

from .test_theme_checks import MONTHS
from .test_themes import pack_html

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def one_error(result, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert "Traceback" not in result.stderr
    return result.stderr


def test_themes_is_listed_in_help():
    result = run("--help")
    assert result.exit_code == 0 and "themes" in result.stdout


def test_list_shows_every_theme_in_calendar_order_with_title_parent_and_fonts():
    result = run("themes", "list")
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.stdout.splitlines()[1:] if line.strip()]
    assert [row[0] for row in rows] == ["classic", *MONTHS]
    october = result.stdout.splitlines()[11]
    assert "Spooky Bunco" in october and "classic" in october
    assert "Dosis ExtraBold / Lato / Amatic SC" in october


def test_check_a_shipped_theme_says_ok_with_its_figures():
    result = run("themes", "check", "july")
    assert result.exit_code == 0, result.output
    report = theme_checks.check(themes.load("july"))
    assert result.stdout.startswith(
        f"july: ok (text {report.min_text_contrast():.2f}:1 or more, lines "
    )
    assert "fonts cover Latin Extended-A" in result.stdout


def test_check_a_bad_folder_prints_one_line_per_problem_and_exits_1(tmp_path):
    folder = tmp_path / "pale"
    folder.mkdir()
    (folder / "theme.toml").write_text(
        'extends = "classic"\n[colors]\naccent = "#ffb3c6"\nline = "#f4f4f4"\n', encoding="utf-8"
    )
    result = run("themes", "check", folder)
    assert result.exit_code == 1, result.output
    lines = result.stderr.splitlines()
    # accent on paper and on soft, lines three ways, then as rendered: grid rules, punch dice
    assert len(lines) == 7
    assert "grid rules print" in lines[5] and "punch-box dice print" in lines[6]
    assert all(line.startswith("error: pale: ") for line in lines)
    assert "darken accent" in lines[0] and "darken line" in lines[-1]
    assert result.stdout == ""


def test_check_an_unknown_theme_is_one_line_listing_the_themes():
    message = one_error(run("themes", "check", "sptember"))
    assert "unknown theme 'sptember'; choose one of: april, august, classic" in message


def test_new_writes_a_theme_folder_that_prints_and_passes(tmp_path):
    folder = tmp_path / "club" / "our-club"
    result = run("themes", "new", folder, "--extends", "october")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == [
        "corner.svg",
        "dice.svg",
        "ghost.svg",
        "rule.svg",
        "seat.svg",
        "star.svg",
        "theme.css",
        "theme.toml",
    ]
    theme = themes.load(folder)
    october = themes.load("october")
    assert theme.title == "Our Club Bunco" and theme.colors == october.colors
    assert theme.family("display") == "Dosis ExtraBold" and theme.art("ghost.svg").parent == folder
    assert theme_checks.check(theme).ok
    # a host's edit shows in the pack
    toml = folder / "theme.toml"
    toml.write_text(toml.read_text().replace('"#b04700"', '"#0b5d1e"'), encoding="utf-8")
    assert "--accent: #0b5d1e;" in pack_html(str(folder))
    assert theme_checks.check(themes.load(folder)).ok


def test_new_refuses_an_existing_folder_a_shipped_name_and_bad_input(tmp_path):
    folder = tmp_path / "ours"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    assert "already exists" in one_error(run("themes", "new", folder))
    assert [p.name for p in folder.iterdir()] == ["keep.txt"]
    assert "shipped theme's name" in one_error(run("themes", "new", tmp_path / "june"))
    assert "theme name 'a b'" in one_error(run("themes", "new", tmp_path / "a b"))
    message = one_error(run("themes", "new", tmp_path / "fresh", "--extends", "nosuch"))
    assert "unknown theme 'nosuch'" in message
    assert not (tmp_path / "fresh").exists()
    assert list(tmp_path.iterdir()) == [folder]  # no staging folder left behind


def test_preview_writes_one_png_of_every_document(tmp_path):
    out = tmp_path / "february.png"
    result = run("themes", "preview", "february", "--out", out, "--dpi", 20)
    assert result.exit_code == 0, result.output
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.format == "PNG"
    # seven documents (the rules on two pages) side by side: far wider than tall
    page_h = 11 * 20
    assert image.height < 2 * page_h and image.width > 7 * 8.5 * 20
    assert "february.png" in result.stdout.replace("\n", "")  # a long path may wrap


def test_preview_refuses_bad_options_in_one_line(tmp_path):
    assert "--dpi must be 20 to 150" in one_error(run("themes", "preview", "may", "--dpi", 5))
    message = one_error(run("themes", "preview", "may", "--out", tmp_path))
    assert "is a folder" in message


def test_preview_replaces_its_own_png_and_never_a_file_of_the_users(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # short names in the messages
    out = tmp_path / "may.png"
    assert run("themes", "preview", "may", "--out", out, "--dpi", 20).exit_code == 0
    Image.open(out).save(tmp_path / "photo.png")  # the same picture, saved by another program
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "link.png").symlink_to("notes.txt")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name != "may.png"}
    for name in ("notes.txt", "photo.png", "link.png"):
        message = one_error(run("themes", "preview", "may", "--out", name, "--dpi", 20))
        assert f"{name} exists and is not a theme preview" in message
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name != "may.png"} == before
    out.write_bytes(out.read_bytes()[:-12])  # an earlier preview, cut short: still ours
    result = run("themes", "preview", "may", "--out", out, "--dpi", 20)
    assert result.exit_code == 0, result.output
    assert Image.open(out).size[0] > 7 * 8.5 * 20
