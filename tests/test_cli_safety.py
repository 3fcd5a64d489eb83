"""The command line never crashes: exit codes a script can trust, user text printed as written,
no file of the user's overwritten, and nothing slow loaded for a quick question."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bunco_print.cli import app
from bunco_print.theming import themes

from .test_cli_engine import TOTALS

runner = CliRunner()
PYTHON_M = [sys.executable, "-m", "bunco_print"]
ROOT = Path(__file__).resolve().parent.parent
BUG = (
    "bunco-print hit a bug (ZeroDivisionError); please report it with the command you ran; "
    "--debug shows the details\n"
)


def run(*args, **kw):
    return runner.invoke(app, [str(a) for a in args], **kw)


def python(code: str, *args: str | bytes, cwd: Path | None = None):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, env=env, cwd=cwd, timeout=120
    )


@pytest.fixture
def totals_file(tmp_path):
    path = tmp_path / "totals.csv"
    path.write_text(TOTALS)
    return path


def boom(*args, **kwargs):
    return 1 / 0


# --- exit codes -------------------------------------------------------------------------------


def test_a_bug_exits_70_with_one_line_and_no_traceback(monkeypatch, totals_file):
    monkeypatch.setattr("bunco_print.nights.settle.validate_night", boom)
    monkeypatch.delenv("BUNCO_DEBUG", raising=False)
    result = run("validate", "--players", 12, "--totals", totals_file)
    assert result.exit_code == 70
    assert result.stderr == BUG and result.stdout == ""


@pytest.mark.parametrize("how", ["option", "environment"])
def test_debug_shows_the_traceback(monkeypatch, totals_file, how):
    monkeypatch.setattr("bunco_print.nights.settle.settle_night", boom)
    args = ["prizes", "--players", 12, "--totals", totals_file]
    if how == "option":
        args.insert(0, "--debug")
    result = run(*args, env={"BUNCO_DEBUG": "1" if how == "environment" else ""})
    assert result.exit_code == 70
    assert "Traceback (most recent call last)" in result.stderr
    assert "ZeroDivisionError: division by zero" in result.stderr
    assert result.stderr.endswith(BUG)


def test_ctrl_c_exits_130(monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("bunco_print.nights.settle.simulate_night", interrupted)
    result = run("simulate", "--players", 12)
    assert result.exit_code == 130
    assert result.stderr == "interrupted; nothing was left half-written\n"


@pytest.mark.parametrize(
    ("raised", "code", "line"),
    [
        ("KeyboardInterrupt", 130, "interrupted; nothing was left half-written\n"),
        ("ZeroDivisionError", 70, BUG),
    ],
)
def test_trouble_while_the_modules_load(raised, code, line):
    program = (
        "import builtins, sys\n"
        "real = builtins.__import__\n"
        "def slow(name, *a, **k):\n"
        "    if name == 'typer':\n"
        f"        raise {raised}\n"
        "    return real(name, *a, **k)\n"
        "from bunco_print.cli import run\n"
        "builtins.__import__ = slow\n"
        "run(['validate', '--help'])\n"
    )
    result = python(program)
    assert result.returncode == code, result.stderr
    assert result.stderr.decode() == line


def test_exit_codes_of_the_installed_command(tmp_path, totals_file):
    code = "from bunco_print.cli import run; run()"
    fine = python(code, "validate", "--players", "12", "--totals", str(totals_file))
    bad = tmp_path / "bad.csv"
    bad.write_text(TOTALS.replace("2,P2,14,10,1,0", "2,P2,15,10,1,0"))
    invalid = python(code, "validate", "--players", "12", "--totals", str(bad))
    unusable = python(code, "validate", "--players", "twelve", "--totals", str(bad))
    assert (fine.returncode, invalid.returncode, unusable.returncode) == (0, 1, 2)
    assert unusable.stderr.decode().count("\n") == 1


@pytest.mark.parametrize(
    ("stdout", "code", "said"),
    [
        ("open('/dev/full', 'w')", 2, "error: the system refused: no space left on device\n"),
        ("os.fdopen(os.pipe()[1], 'w')", 0, ""),  # written whole, still unread: a good end
    ],
)
def test_output_left_unwritten_at_the_end_is_said(stdout, code, said):
    """The process ends without taking its modules apart (cli.run), after flushing the output
    a command left buffered: a disk that cannot take it is said in one line, as during it."""
    program = (
        f"import os, sys\nsys.stdout = {stdout}\n"
        "from bunco_print.cli import run\nrun(['--version'])\n"
    )
    result = python(program)
    assert (result.returncode, result.stderr.decode()) == (code, said)


@pytest.mark.parametrize("json_out", [[], ["--json"]])
def test_a_reader_that_leaves_early_is_not_an_invalid_night(totals_file, json_out):
    read, write = os.pipe()
    os.close(read)  # `bunco-print validate ... | head -0`
    try:
        result = subprocess.run(
            [*PYTHON_M, "validate", "--players", "12", "--totals", str(totals_file), *json_out],
            stdout=write,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=120,
        )
    finally:
        os.close(write)
    assert result.returncode == 141 and result.stderr == b""


def test_arguments_that_are_not_utf8_give_one_line(tmp_path):
    result = python("from bunco_print.cli import run; run()", "pack", "--title", b"caf\xe9")
    assert result.returncode == 2
    assert (
        result.stderr == b"error: the argument 'caf\\udce9' is not valid UTF-8; give it in UTF-8\n"
    )


# --- nothing slow for a quick question ----------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["validate", "--help"], 0),
        (["--help"], 0),
        (["prizes", "--help"], 0),
        (["pack", "--players", "3"], 2),  # a mistake is told before the PDF engine loads
        (["pack", "--players", "12", "--out", "."], 2),
        (["pack", "--help"], 0),
        (["catalogue", "--help"], 0),
        # the last of pack_request's checks: every option is checked before the PDF engine
        (["pack", "--players", "12", "--date", "2026-13-01"], 2),
        (["pack", "--players", "12", "--engine-url", "ftp://x"], 2),
    ],
)
def test_quick_answers_do_not_load_weasyprint(args, expected):
    code = (
        "import sys\n"
        "from bunco_print.cli import app\n"
        f"code = app({args!r}, standalone_mode=False)\n"
        f"assert (code or 0) == {expected}, code\n"
        "assert 'weasyprint' not in sys.modules, 'weasyprint was imported'\n"
    )
    result = python(code)
    assert result.returncode == 0, result.stderr.decode()


def test_validate_and_prizes_without_pdf_do_not_load_weasyprint(totals_file):
    code = (
        "import sys\n"
        "from bunco_print.cli import app\n"
        "for command in ('validate', 'prizes'):\n"
        "    code = app([command, '--players', '12', '--totals', sys.argv[1]],"
        " standalone_mode=False)\n"
        "    assert code == 0, code\n"
        "assert 'weasyprint' not in sys.modules, 'weasyprint was imported'\n"
    )
    result = python(code, str(totals_file))
    assert result.returncode == 0, result.stderr.decode()


# --- user text is printed as written ------------------------------------------------------------

HOSTILE = [
    "[/]",
    "[link=https://x]click[/link]",
    "[bold red]",
    ":smile:",
    "a\x1b]8;;https://x\x07b",
]


def test_names_in_the_totals_are_printed_literally(tmp_path):
    rows = TOTALS.splitlines()
    for i, name in enumerate(HOSTILE, start=1):
        rows[i] = rows[i].replace(f",P{i},", f",{name},")
    path = tmp_path / "t.csv"
    path.write_text("\n".join(rows) + "\n")
    result = run("prizes", "--players", 12, "--totals", path)
    assert result.exit_code == 0, result.output
    flat = "".join(result.stdout.split())
    for name in HOSTILE[:4]:
        assert "".join(name.split()) in flat
    assert "\x1b" not in result.stdout and "a\\x1b]8;;https://x\\x07b" in flat
    assert "😄" not in result.stdout


def test_no_terminal_hyperlink_or_escape_reaches_a_colour_terminal(tmp_path):
    rows = TOTALS.splitlines()
    for i, name in enumerate(HOSTILE, start=1):
        rows[i] = rows[i].replace(f",P{i},", f",{name},")
    path = tmp_path / "t.csv"
    path.write_text("\n".join(rows) + "\n")
    result = subprocess.run(
        [*PYTHON_M, "prizes", "--players", "12", "--totals", str(path)],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "FORCE_COLOR": "1", "COLUMNS": "250"},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert b"\x1b[" in result.stdout  # colours, so markup would have been live
    assert b"\x1b]" not in result.stdout  # no OSC sequence: no hyperlink, no title change
    for name in HOSTILE[:4]:
        assert name.encode() in result.stdout


def test_a_file_name_with_markup_is_printed_literally(tmp_path):
    path = tmp_path / "[link=https:x]t[bold].csv"
    path.write_text("sheet,wins\n1,2\n")
    result = run("validate", "--players", 12, "--totals", path)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "[link=https:x]t[bold].csv" in result.stderr


def test_simulate_out_with_markup_is_printed_literally(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "--players", 12, "--out", "x[/]")
    assert result.exit_code == 0, result.output
    assert "Wrote to x[/]: event.json" in result.stdout
    assert (tmp_path / "x[/]" / "totals.csv").is_file()


def test_pack_title_currency_and_out_with_markup(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796342400")
    result = run(
        "pack", "--players", 8, "--seed", 1, "--title", "[/]", "--currency", "[/]",
        "--out", "x[/]",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "[/] — 2026-12-04" in result.stdout
    assert "40 [/]" in result.stdout and "x[/]/pack.pdf" in result.stdout
    assert json.loads((tmp_path / "x[/]" / "event.json").read_text())["title"] == "[/]"


# --- where bunco-print writes -----------------------------------------------------------------


@pytest.mark.parametrize("out", ["", ".", "..", "n" * 256, "a/" + "é" * 128])
@pytest.mark.parametrize("command", ["pack", "simulate"])
def test_unusable_out_gives_one_line_and_exit_2(tmp_path, monkeypatch, command, out):
    monkeypatch.chdir(tmp_path)
    before = sorted(tmp_path.iterdir())
    result = run(command, "--players", 12, "--out", out)
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: --out")
    assert sorted(tmp_path.iterdir()) == before


def test_empty_theme_gives_one_line(tmp_path):
    result = run("pack", "--players", 12, "--theme", "", "--out", tmp_path / "n")
    assert result.exit_code == 2
    shipped = ", ".join(themes.available())
    assert result.stderr == f"error: --theme needs a name; choose one of: {shipped}\n"


def test_simulate_date_is_a_date_not_a_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "--date", "../../x")
    assert result.exit_code == 2
    assert result.stderr == 'error: --date must be YYYY-MM-DD, not "../../x"\n'
    assert list(tmp_path.iterdir()) == []


def test_prizes_pdf_never_overwrites_an_input(tmp_path, totals_file):
    (tmp_path / "sub").mkdir()
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    for target in (totals_file, tmp_path / "sub" / ".." / "totals.csv", notes, tmp_path):
        result = run("prizes", "--players", 12, "--totals", totals_file, "--pdf", target)
        assert result.exit_code == 2, target
        assert result.stderr.count("\n") == 1 and "--pdf" in result.stderr
    assert totals_file.read_text() == TOTALS and notes.read_text() == "mine"
    rolloffs = tmp_path / "r.csv"
    rolloffs.write_text("prize,sheet\n")
    link = tmp_path / "link.pdf"
    link.symlink_to(rolloffs)
    result = run(
        "prizes", "--players", 12, "--totals", totals_file, "--rolloffs", rolloffs, "--pdf", link
    )
    assert result.exit_code == 2 and "--rolloffs" in result.stderr
    assert rolloffs.read_text() == "prize,sheet\n"


def test_prizes_pdf_never_overwrites_the_manifest(tmp_path, totals_file):
    night = tmp_path / "night"
    assert run("simulate", "--players", 12, "--out", night).exit_code == 0
    manifest = (night / "event.json").read_bytes()
    result = run("prizes", "--event", night, "--totals", totals_file, "--pdf", night / "event.json")
    assert result.exit_code == 2 and "--event" in result.stderr
    assert (night / "event.json").read_bytes() == manifest


def test_simulate_never_clobbers_a_folder_it_did_not_write(tmp_path):
    night = tmp_path / "night"
    assert run("simulate", "--players", 12, "--out", night).exit_code == 0
    assert run("simulate", "--players", 12, "--seed", 2, "--out", night).exit_code == 0
    for extra in ({"totals.csv": TOTALS}, {"pack.pdf": "%PDF-", "event.secret": "k"}):
        folder = tmp_path / next(iter(extra)).replace(".", "-")
        folder.mkdir()
        (folder / "event.json").write_text('{"mine": true}')
        for name, text in extra.items():
            (folder / name).write_text(text)
        before = {p.name: p.read_text() for p in folder.iterdir()}
        result = run("simulate", "--players", 12, "--out", folder)
        assert result.exit_code == 2 and "choose another --out" in result.stderr
        assert {p.name: p.read_text() for p in folder.iterdir()} == before


@pytest.mark.parametrize("option", ["--totals", "--event", "--rolloffs", "--pdf"])
def test_overlong_input_path_gives_one_line(tmp_path, totals_file, option):
    args = {"--totals": totals_file, "--players": 12, option: tmp_path / ("t" * 300)}
    if option == "--event":
        del args["--players"]
    command = "prizes" if option in ("--rolloffs", "--pdf") else "validate"
    result = run(command, *[x for pair in args.items() for x in pair])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("where", ["theme name", "theme folder", "config folder"])
def test_paths_the_system_refuses_give_one_line(tmp_path, monkeypatch, where):
    long = "n" * 300
    args = ["pack", "--players", 4, "--out", tmp_path / "night"]
    if where == "theme name":
        args += ["--theme", long]
    elif where == "theme folder":
        args += ["--theme", tmp_path / long / "x"]
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / long))
    result = run(*args)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert len(result.stderr) < 300 and not (tmp_path / "night").exists()
