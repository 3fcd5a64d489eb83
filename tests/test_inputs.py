"""Reading the files a user names (edges/inputs.py): bounded, and every refusal one line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bunco_print.edges import inputs
from bunco_print.engine.totals import parse_totals
from bunco_print.errors import InputError


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p, "totals file .*: no such file"),
        (lambda p: p.mkdir() or p, "totals file .* is a folder, not a file"),
        (lambda p: (p.write_bytes(b"x" * 101), p)[1], "is larger than 100 bytes"),
        (lambda p: Path("/dev/zero"), "/dev/zero is larger than 100 bytes"),
        (lambda p: (p.write_bytes(b"x"), p.chmod(0), p)[2], "permission denied"),
        (lambda p: Path("/proc/self/mem"), "input/output error"),  # unreadable even by root
        (lambda p: Path(str(p) + "\0"), "totals file"),
        (lambda p: p.with_name("n" * 300), "too long"),
    ],
)
def test_read_bytes_says_what_is_wrong_in_one_line(tmp_path, make, message):
    path = make(tmp_path / "t.csv")
    if message == "permission denied" and os.geteuid() == 0:
        assert inputs.read_bytes(path, "totals file", 100) == b"x"
        return
    with pytest.raises(InputError, match=message) as caught:
        inputs.read_bytes(path, "totals file", 100)
    assert "\n" not in str(caught.value)


def test_read_bytes_reads_up_to_the_limit(tmp_path):
    (tmp_path / "t.csv").write_bytes(b"x" * 100)
    assert inputs.read_bytes(tmp_path / "t.csv", "totals file", 100) == b"x" * 100


@pytest.mark.parametrize(
    ("content", "result"),
    [
        ("\ufeffAnn\n\n  Bea   Lee \r\nCai\r", ["Ann", "Bea Lee", "Cai"]),
        ("Ann\n" * 401, "more than 400 names"),
        ("A" * 61, "at most 60 characters, not 61"),
        ("Ann\x07\n", "control character"),
        ("Ann\u202eevil\n", "control character"),
        ("\n \n", "holds no names"),
    ],
)
def test_read_names(tmp_path, content, result):
    path = tmp_path / "names.txt"
    path.write_text(content, encoding="utf-8", newline="")
    if isinstance(result, list):
        assert inputs.read_names(path) == result
    else:
        with pytest.raises(InputError, match=result):
            inputs.read_names(path)
    with pytest.raises(InputError, match=r"cannot read names from .*: no such file"):
        inputs.read_names(tmp_path / "missing")
    (tmp_path / "bin").write_bytes(b"\xff\xfe")
    with pytest.raises(InputError, match="not UTF-8"):
        inputs.read_names(tmp_path / "bin")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[" * 100_000, "nested too deeply"),
        (b'{"a": ' + b"9" * 5000 + b"}", "not usable JSON"),
        (b'{"a": 1, "a": 2}', "'a' appears twice"),
        (b"{", "not valid JSON"),
    ],
)
def test_a_json_file_that_is_not_plain_json_is_one_line(tmp_path, content, message):
    (tmp_path / "totals.json").write_bytes(content)
    data = inputs.read_bytes(tmp_path / "totals.json", "totals")
    with pytest.raises(InputError, match=message) as caught:
        parse_totals(data, "totals.json")
    assert str(caught.value).startswith("totals.json") and "\n" not in str(caught.value)
    ok = b'\xef\xbb\xbf[{"sheet": 1, "wins": 2, "losses": 22, "buncos": 0}]'
    assert parse_totals(ok, "totals.json").sheets[0].wins == 2


def test_a_file_name_with_a_line_break_stays_on_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a short path: long ones are shortened in messages
    with pytest.raises(InputError) as caught:
        inputs.read_bytes(Path("two\nlines\x1b[31m"), "totals file")
    assert "\n" not in str(caught.value) and "\x1b" not in str(caught.value)
    assert "two\\nlines\\x1b[31m" in str(caught.value)
    with pytest.raises(InputError) as caught:
        inputs.read_names(tmp_path / "a\nb")
    assert "\n" not in str(caught.value)
