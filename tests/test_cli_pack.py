"""`bunco-print pack` as a host types it: what it writes, and one clear line for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .pdftools import page_texts


def bunco(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bunco_print", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1796342400", **(env or {})},
        timeout=300,
    )


def test_pack_writes_output_event_folder_by_default(tmp_path):
    result = bunco("pack", "--players", "13", "--seed", "5", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (folder,) = (tmp_path / "output").iterdir()
    manifest = json.loads((folder / "event.json").read_text())
    assert folder.name == manifest["event_id"]
    assert manifest["date"] == "2026-12-04"
    assert "pack.pdf" in result.stdout
    assert (folder / "event.secret").stat().st_mode & 0o077 == 0


def test_names_file_and_out_folder(tmp_path):
    (tmp_path / "names.txt").write_text("\ufeffAnn\n\nBea\nCai\nDot\nEve\n", encoding="utf-8")
    result = bunco("pack", "--names", "names.txt", "--out", "club", "--seed", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    texts = page_texts((tmp_path / "club" / "score-sheets.pdf").read_bytes())
    assert len(texts) == 5
    assert all(
        name in text for name, text in zip(["Ann", "Bea", "Cai", "Dot", "Eve"], texts, strict=True)
    )


def test_same_command_twice_gives_byte_identical_pdfs(tmp_path):
    for out in ("a", "b"):
        args = ("pack", "--players", "9", "--seed", "11", "--theme", "december", "--out", out)
        assert bunco(*args, cwd=tmp_path).returncode == 0
    for pdf in (tmp_path / "a").glob("*.pdf"):
        assert pdf.read_bytes() == (tmp_path / "b" / pdf.name).read_bytes(), pdf.name


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3"], "--players must be a whole number from 4 to 400, not 3"),
        (["--players", "401"], "from 4 to 400, not 401"),
        (["--players", "-2"], "from 4 to 400, not -2"),
        (["--players", "twelve"], "'--players'"),
        (["--players", "12", "--theme", "purple"], "unknown theme 'purple'; choose one of: "),
        (["--players", "12", "--ruleset", "yahtzee"], "unknown ruleset 'yahtzee'"),
        (["--players", "12", "--per-page", "3"], "--per-page must be 1, 2 or 4"),
        (["--players", "12", "--paper", "legal"], "'--paper'"),
        (["--players", "12", "--names", "missing.txt"], "cannot read names from missing.txt"),
        (["--players", "12", "--date", "tomorrow"], "--date must be YYYY-MM-DD"),
        (["--players", "12", "--engine-url", "bunco.example"], "engine URL must look like"),
        (["--players", "12", "--buy-in", "-5"], "--buy-in cannot be negative"),
        ([], "--players N"),
    ],
)
def test_bad_input_gives_one_line_exit_2_and_writes_nothing(tmp_path, args, message):
    result = bunco("pack", *args, "--out", "night", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_unknown_theme_lists_the_themes_that_exist(tmp_path):
    result = bunco("pack", "--players", "12", "--theme", "nope", cwd=tmp_path)
    assert "classic" in result.stderr and "december" in result.stderr


def test_pack_refuses_to_overwrite_a_folder_that_is_not_a_pack(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "taxes.pdf").write_bytes(b"mine")
    result = bunco("pack", "--players", "12", "--out", "docs", cwd=tmp_path)
    assert result.returncode == 2 and "holds no bunco-print pack" in result.stderr
    assert (tmp_path / "docs" / "taxes.pdf").read_bytes() == b"mine"


def test_every_command_has_help_and_is_in_the_readme(tmp_path):
    import typer
    from typer.testing import CliRunner

    from bunco_print.cli import app

    commands = typer.main.get_command(app).commands
    assert {"pack", "validate", "prizes", "simulate"} <= set(commands)
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    top = bunco("--help", cwd=tmp_path)
    assert top.returncode == 0
    for name, command in commands.items():
        assert name in top.stdout
        assert (command.help or "").strip(), f"{name} has no help"
        assert f"bunco-print {name}" in readme, f"README.md does not name {name}"
        result = CliRunner().invoke(app, [name, "--help"])  # in process: one second a command
        assert result.exit_code == 0 and "--" in result.output


def test_a_pot_too_small_for_every_prize_is_said_with_the_buy_in_that_pays_them(tmp_path):
    """Four players at $1 cannot give six prizes a dollar each: the host hears which print $0
    (as the prize sheet shows them) and what buy-in pays them all, and the pack is made."""
    args = ("pack", "--players", "4", "--seed", "1", "--out", "night")
    result = bunco(*args, "--buy-in", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    said = [line for line in result.stderr.splitlines() if "pot" in line]
    assert said == [
        "warning: a $4 pot cannot pay all 6 prizes: Most losses and Lucky draw print $0; "
        "a buy-in of $2 pays each one"
    ]
    sheet = " ".join(page_texts((tmp_path / "night" / "prize-sheet.pdf").read_bytes()))
    assert sheet.count("$0") == 2 and "$1" in sheet
    paid = bunco(*args, "--buy-in", "2", cwd=tmp_path)  # the same folder, made again
    assert paid.returncode == 0, paid.stderr
    assert "pot" not in paid.stderr
    assert "$0" not in " ".join(page_texts((tmp_path / "night" / "prize-sheet.pdf").read_bytes()))
