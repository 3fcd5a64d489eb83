"""`pack` says, in one line, when its QR codes point at this computer only (localhost or a
loopback address), and where they point; a pack for the network, or with no codes, says
nothing of it."""

from __future__ import annotations

import pytest

from bunco_print.cli import code


@pytest.mark.parametrize(
    ("url", "warned"),
    [
        (None, "http://localhost:8765"),  # the default: the host's own machine
        ("http://127.0.0.2:9000", "http://127.0.0.2:9000"),
        ("http://[::1]:8765", "http://[::1]:8765"),
        ("http://192.168.1.20:8765", None),
    ],
)
def test_pack_warns_when_its_codes_point_at_this_computer(tmp_path, capsys, url, warned):
    args = ["pack", "--players", "5", "--seed", "1", "--out", str(tmp_path / "pack")]
    assert code([*args, *(["--engine-url", url] if url else [])]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if "QR codes point" in line]
    if warned is None:
        assert lines == []
    else:
        (line,) = lines
        assert f"point at {warned}," in line and "--engine-url" in line


def test_a_pack_without_codes_says_nothing_of_where_they_point(tmp_path, capsys):
    args = ["pack", "--players", "5", "--no-qr", "--out", str(tmp_path / "pack")]
    assert code(args) == 0
    assert "QR codes point" not in capsys.readouterr().err
