"""Fields: the core names them, the command line words them as flags, from one complete table."""

import ast
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bunco_print
from bunco_print.cli import app, code
from bunco_print.cli.fields import FIELDS, MARK, OPTIONS

PACKAGE = Path(bunco_print.__file__).parent
FACE = PACKAGE / "cli"  # the command line's own words may say flags; nothing below it does


def _below_the_faces() -> dict[Path, ast.Module]:
    return {
        path: ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
        if FACE not in path.parents
    }


def _takes_a_field(trees) -> dict[str, int]:
    """Every function below the faces that names a field: its `field` argument's position."""
    takes = {"InputError": 1}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                names = [arg.arg for arg in node.args.args]
                if "field" in names and names[0] != "self":
                    takes[node.name] = names.index("field")
    return takes


def named_fields() -> dict[str, str]:
    """Every field a core error names, as `field=` or as a `mark` in its message: -> where."""
    trees = _below_the_faces()
    takes = _takes_a_field(trees)
    named = {}
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in takes or getattr(getattr(node.func, "value", None), "id", "") == "self":
                continue
            given = [kw.value for kw in node.keywords if kw.arg == "field"]
            given += node.args[takes[name] : takes[name] + 1]
            for value in given:
                text = value.value if isinstance(value, ast.Constant) else None
                if isinstance(text, str) and re.fullmatch(r"[a-z][a-z0-9_]*", text):
                    named[text] = f"{path.name}:{node.lineno}"
            if name == "InputError" and node.args:
                for part in ast.walk(node.args[0]):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        for mark in MARK.finditer(part.value):
                            named[mark.group(1)] = f"{path.name}:{node.lineno}"
    return named


def test_the_table_knows_every_field_a_core_error_names():
    named = named_fields()
    assert {"players", "port", "host", "semi", "data", "star_on_back"} <= set(named)
    unknown = {field: where for field, where in named.items() if field not in FIELDS}
    assert not unknown, f"add these fields to cli/fields.py: {unknown}"


def test_the_table_knows_every_option_of_a_pack_and_a_catalogue():
    """The checks take these fields' names as arguments (`check_details`, `one_of`)."""
    from bunco_print.catalogue.settings import SETTINGS
    from bunco_print.printing.request import options

    pack = {name for name, _, _ in options()}
    catalogue = {item.key for item in SETTINGS if item.option and not item.flags}
    assert {"place", "per_page", "themes"} <= pack | catalogue <= OPTIONS


def test_no_core_message_says_a_flag():
    """Below the faces, errors and notes name fields (`semi FILE`), never flags (--semi FILE)."""
    said = []
    for path, tree in _below_the_faces().items():
        if path.relative_to(PACKAGE).parts[0] in ("web", "catalogue", "workshop"):
            continue  # faces of their own (the layer contract in pyproject.toml)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "InputError":
                for part in ast.walk(node.args[0]):
                    if isinstance(part, ast.Constant) and " --" in f" {part.value}":
                        said.append(f"{path.name}:{node.lineno}: {part.value}")
    assert not said


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["serve", "--port", "70000", "."],
            "error: --port must be from 1 to 65535 (0: any free port), not 70000\n",
        ),
        (
            ["pack", "--players", "12", "--ruleset", "bonko", "--star-on-back"],
            "error: --star-on-back needs one score sheet per player; bonko plays with team cards\n",
        ),
        (
            ["simulate", "--date", "20260101", "--out", "x"],
            'error: --date must be YYYY-MM-DD, not "20260101"\n',
        ),
        (["pack", "--players", "12", "--out", "."], "error: --out must name a folder (not '.',"),
        (["validate", "--totals", "t.csv"], "error: say which night: --event FOLDER, or "),
    ],
)
def test_one_line_errors_say_flags(args, line, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    Path("t.csv").write_text("sheet,wins\n")
    assert code(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(line) and err.count("\n") == 1 and "`" not in err


def test_a_file_key_is_never_said_as_a_flag():
    from bunco_print.cli.fields import flag, worded

    assert "prizes" in FIELDS and "prizes" not in OPTIONS
    assert worded("prizes must be classic's: a, b", "prizes", flag).startswith("prizes must")


def test_a_tournament_without_its_semi_final_asks_for_it_in_each_faces_words(tmp_path):
    """The CLI says the flag; results.json (the web's too) carries no flag at all."""
    from bunco_print.nights import results, settle

    runner = CliRunner()
    out = tmp_path / "t"
    simulate = ["simulate", "--players", "24", "--ruleset", "tournament", "--seed", "1"]
    assert runner.invoke(app, [*simulate, "--out", str(out)]).exit_code == 0
    settle_args = ["--event", str(out), "--totals", str(out / "totals.csv"), "--roll"]
    shown = runner.invoke(app, ["prizes", *settle_args])
    assert "give its totals with --semi FILE" in shown.stdout
    night = settle.load_night((out / "event.json").read_bytes())
    checked, settlement = settle.settle_night(
        night, (out / "totals.csv").read_bytes(), "totals.csv", roll=True
    )
    note = results.to_json(checked, settlement)["tournament"]["note"]
    assert note.startswith("next: the semi-final") and "--" not in note
