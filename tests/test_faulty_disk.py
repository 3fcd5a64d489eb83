"""catalogue, themes and serve on a disk that fills up or is read-only, and serve's start-ups
refused: one line, exit 2, every file as it was (tests/hostile.py checks each run)."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from . import hostile
from .hostile import (
    FULL,
    READ_ONLY,
    SHOP,
    TOTALS,
    check_run,
    make_scratch,
    run_cli,
    snapshot,
)

busy_port, served = hostile.busy_port, hostile.served  # fixtures


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["themes", "preview", "december", "--out", "user/notes.txt"], "is not a theme preview"),
        (["themes", "preview", "december", "--out", "existing.txt"], "is not a theme preview"),
        (["themes", "new", "folder"], "already exists"),
        (["catalogue", *SHOP, "--out", "prevpack"], "holds a bunco-print pack"),
        (["catalogue", *SHOP, "--out", "user"], "holds no bunco-print catalogue"),
        (["serve", "prevpack", "--host", "not a host!"], "--host 'not a host!' is not an"),
        (["serve", "prevpack", "--host", "999.1.1.1"], "--host '999.1.1.1' is not an"),
        (["serve", "prevpack", "--host", ""], "--host must name an address"),
        (["serve", "prevpack", "--port", "BUSY"], "on 127.0.0.1 is in use"),
        (["serve", "prevpack", "--port", "70000"], "--port must be from 1 to 65535"),
    ],
)
def test_chosen_face_lines_are_refused_in_one_line(tmp_path, busy_port, served, args, said):
    make_scratch(tmp_path / "scratch", {"totals": TOTALS})
    args = [busy_port if arg == "BUSY" else arg for arg in args]
    code, stderr = check_run(tmp_path, args)
    assert code == 2 and said in stderr, stderr
    assert not list((tmp_path / "scratch" / "prevpack").glob("night.sqlite*"))


@pytest.fixture(scope="module")
def earlier_shop(tmp_path_factory) -> dict[str, object]:
    """A complete shop, as a catalogue run wrote it: its files."""
    where = tmp_path_factory.mktemp("earlier")
    code, _out, err = run_cli(["catalogue", *SHOP, "--jobs", "1", "--out", "shop"], where)
    assert code == 0, err
    return snapshot(where / "shop")


@pytest.mark.parametrize(
    ("out", "disk"),
    [
        ("shop", (READ_ONLY, 0)),
        ("shop", (FULL, 1)),
        ("out2/deep", (FULL, 12)),
        ("folder", (FULL, 24)),
        ("prevshop", (FULL, 0)),
        ("prevshop", (FULL, 14)),
        ("prevshop", (FULL, 30)),  # putting the new files in place
    ],
)
def test_a_catalogue_on_a_full_or_read_only_disk_leaves_what_was_there(
    tmp_path, earlier_shop, out, disk
):
    make_scratch(tmp_path / "scratch", {"totals": TOTALS})
    for name, value in earlier_shop.items():
        path = tmp_path / "scratch" / "prevshop" / name
        if value == "dir":
            path.mkdir(parents=True, exist_ok=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(value)
    args = ["catalogue", *SHOP, "--jobs", "1", "--seed", "2", "--out", out]
    code, stderr = check_run(tmp_path, args, disk)  # a refusal leaves every file as it was
    assert code == 2 and ("on device" in stderr or "read-only" in stderr.lower()), stderr
    assert snapshot(tmp_path / "scratch" / "prevshop") == earlier_shop


@pytest.mark.parametrize(
    ("args", "disk"),
    [
        (["themes", "preview", "december", "--dpi", "20", "--out", "p.png"], (FULL, 1)),
        (["themes", "new", "out2/mine", "--extends", "june"], (FULL, 4)),
        (["themes", "new", "mine"], (READ_ONLY, 0)),
        (["serve", "prevpack", "ev"], (READ_ONLY, 0)),
        (["serve", "prevpack", "--data", "out2/nights"], (FULL, 1)),
    ],
)
def test_themes_and_serve_on_a_full_or_read_only_disk_refuse_in_one_line(
    tmp_path, served, args, disk
):
    make_scratch(tmp_path / "scratch", {"totals": TOTALS})
    code, stderr = check_run(tmp_path, args, disk)
    assert code == 2, stderr


def _full_disk():  # runs in the child: no file may grow, as on a disk with no room left
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def test_serve_on_a_full_disk_leaves_no_night_behind(tmp_path):
    from bunco_print.signing import keys

    make_scratch(tmp_path, {"totals": TOTALS})
    keys.event_secret("any")  # the machine's signing key, made while there was room
    before = snapshot(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "bunco_print", "serve", "prevpack", "--port", "0"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])},
        timeout=60,
        preexec_fn=_full_disk,
    )
    assert result.returncode == 2, result.stderr[-2000:]
    assert result.stderr.count("\n") == 1 and "night.sqlite" in result.stderr
    assert snapshot(tmp_path) == before


def test_serve_whose_second_night_cannot_open_leaves_the_first_nights_store_unmade(tmp_path):
    """Two folders, the second's store unusable: the first's new night.sqlite goes again."""
    from bunco_print.cli import code as command_line
    from bunco_print.errors import InputError
    from bunco_print.web import events

    made = []
    for name, players in (("first", 8), ("second", 9)):
        assert (
            command_line(["simulate", "--players", str(players), "--out", str(tmp_path / name)])
            == 0
        )
        made.append(tmp_path / name)
    (made[1] / "night.sqlite").mkdir()  # where the second store would be: it cannot be opened
    before = snapshot(tmp_path)
    with pytest.raises(InputError, match=r"night\.sqlite"):
        events.open_events(made)
    assert not (made[0] / "night.sqlite").exists()
    assert snapshot(tmp_path) == before
