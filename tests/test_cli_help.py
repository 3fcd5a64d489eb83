"""Each command's --help reads as sentences, and the shell can complete the commands."""

import re
import textwrap

import pytest
import typer
from typer.testing import CliRunner

from bunco_print.cli import app, code

COMMANDS = [
    *(["pack"], ["validate"], ["prizes"], ["simulate"], ["serve"], ["catalogue"], ["themes"]),
    *(["themes", "list"], ["themes", "check"], ["themes", "preview"], ["themes", "new"]),
]


def _help(args) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], terminal_width=80)
    assert result.exit_code == 0, result.output
    return result.output


def _paragraphs(text: str) -> list[str]:
    return [" ".join(part.split()) for part in text.split("\n\n") if part.strip()]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_help_reads_as_sentences(args):
    shown = _help(args)
    options = shown.split("Options:")[1]
    assert "<bool>" not in shown and "<int>" not in options and "<path>" not in options
    assert " ." not in shown and "…" not in shown and "[]" not in shown
    assert not re.search(r"\[default: (no-|\(|False)", shown)
    description = shown.split("\n\n", 1)[1].split("\nOptions:")[0].split("\nArguments:")[0]
    for paragraph in _paragraphs(description):
        # re-flowed: each line as long as the words allow, not where the docstring broke it
        assert textwrap.fill(paragraph, 80, initial_indent="  ", subsequent_indent="  ") in shown
    for line in shown.splitlines():
        assert len(line) <= 80


def test_every_option_shows_what_it_takes():
    shown = " ".join(_help(["pack"]).split())
    shows = ("--players N", "--names FILE", "--date DATE", "--engine-url URL", "--out FOLDER")
    for option in (*shows, "--star-on-back / --no-star-on-back"):
        assert option in shown
    assert "[default: today]" in shown and "[default: a random one]" in shown


def test_the_commands_list_says_each_in_a_whole_sentence():
    result = CliRunner().invoke(app, ["--help"], terminal_width=80)
    listed = result.output.split("Commands:")[1]
    commands = typer.main.get_command(app).commands
    for name in commands:
        (line,) = [row for row in listed.splitlines() if row.strip().startswith(name + " ")]
        assert line.rstrip().endswith(".") and "..." not in line


def test_the_shell_completes_commands_and_choices(monkeypatch, capsys):
    monkeypatch.setenv("_BUNCO_PRINT_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", "bunco-print pack --paper ")
    monkeypatch.setenv("COMP_CWORD", "3")
    with pytest.raises(SystemExit):  # as Click ends a completion
        code([])
    assert capsys.readouterr().out.split() == ["letter", "a4"]
    monkeypatch.setenv("COMP_WORDS", "bunco-print pri")
    monkeypatch.setenv("COMP_CWORD", "1")
    with pytest.raises(SystemExit):
        code([])
    assert capsys.readouterr().out.split() == ["prizes"]


def test_the_completion_script_is_offered(monkeypatch):
    shown = _help([])
    assert "--install-completion" in shown and "--show-completion" in shown
    # the shell named, not found from the processes this test runs under (no shell, under CI)
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    shown = CliRunner().invoke(app, ["--show-completion", "bash"], prog_name="bunco-print")
    assert shown.exit_code == 0, shown.output  # (what Typer said, should it refuse)
    assert "_BUNCO_PRINT_COMPLETE=complete_bash" in shown.output
