"""Whatever a user types or feeds it, on whatever disk, bunco-print answers in one line or
does its job.

Every command (pack, the engine, catalogue, themes, serve's start-up) runs in this process on
hostile option values and files, inside a scratch folder, on a good disk, a disk that fills up
after a few writes, or a read-only one; tests/hostile.py checks each run's promises: exit 0, 1
or 2; a refusal is one line and leaves every file as it was; nothing written outside where the
run writes, no user file replaced, nothing temporary left.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import hostile
from .hostile import (
    FULL,
    HOSTILE_FILES,
    READ_ONLY,
    SHOP,
    TOTALS,
    check_run,
    make_scratch,
)

busy_port, served = hostile.busy_port, hostile.served  # fixtures

# --- hostile values --------------------------------------------------------------------------

ODD_TEXT = st.text(
    st.characters(blacklist_characters="\0", blacklist_categories=("Cs",)), max_size=12
)
MARKUP = ["[/]", "[link=x]", "[bold red]x", "[/link]", "\\[x]", "]["]
NUMBERS = [
    "4",
    "5",
    "12",
    "0",
    "-1",
    "-5",
    "401",
    "9" * 30,
    "1" * 400,
    "1e3",
    "twelve",
    " 7",
    "0x1",
]
PATHS = [
    "totals",
    "names",
    "rolloffs",
    "ev",
    "ev/event.json",
    "prevpack",
    "prevsim",
    "missing.csv",
    ".",
    "..",
    "../outside",
    "sub/../totals",
    "folder",
    "link",
    "existing.txt",
    "x" * 300,
    "é" * 200,
]
OUTS = ["out", "out2/deep", "prevpack", "prevsim", "user", "folder", "ev", "prev/sub/..", "link"]
OUTS += ["existing.txt", ".", "..", "../escape", "x" * 300, "[link=x]", "[/]"]

text_value = st.one_of(st.sampled_from(MARKUP + NUMBERS + ["", " ", "x" * 3000]), ODD_TEXT)
number_value = st.one_of(st.sampled_from(NUMBERS + MARKUP + [""]), ODD_TEXT)
path_value = st.one_of(st.sampled_from(PATHS + MARKUP + [""]), ODD_TEXT)
out_value = st.one_of(st.sampled_from([*OUTS, ""]), ODD_TEXT)

COMMON_NIGHT = {"--players": number_value, "--ruleset": text_value, "--sets": number_value}
OPTIONS = {
    "pack": {
        "--players": st.one_of(st.sampled_from(["4", "5"]), number_value),
        "--theme": text_value,
        "--ruleset": text_value,
        "--paper": text_value,
        "--per-page": number_value,
        "--names": path_value,
        "--seed": number_value,
        "--out": out_value,
        "--title": text_value,
        "--date": text_value,
        "--buy-in": number_value,
        "--currency": text_value,
        "--sets": number_value,
        "--engine-url": text_value,
        "--star-on-back": None,
        "--extras": st.one_of(st.sampled_from(["invitation", "name-tags,x"]), text_value),
        "--place": text_value,
        "--rsvp": text_value,
    },
    "validate": {"--event": path_value, "--totals": path_value, **COMMON_NIGHT, "--json": None},
    "prizes": {
        "--event": path_value,
        "--totals": path_value,
        **COMMON_NIGHT,
        "--buy-in": number_value,
        "--rolloffs": path_value,
        "--roll": None,
        "--seed": number_value,
        "--semi": path_value,
        "--split-ties": None,
        "--one-prize-per-player": None,
        "--pdf": out_value,
        "--theme": text_value,
        "--paper": text_value,
        "--json": None,
    },
    "simulate": {
        "--players": number_value,
        "--ruleset": text_value,
        "--seed": number_value,
        "--sets": number_value,
        "--out": out_value,
        "--buy-in": number_value,
        "--date": text_value,
        "--json": None,
    },
}


THEME = st.one_of(
    st.sampled_from(["december", "folder", "ev", "existing.txt", "", *MARKUP]), ODD_TEXT
)
NAME = st.one_of(
    st.sampled_from(["mine", "out2/deep/mine", "user", "june", "a b", "link/t"]), ODD_TEXT
)
FOLDERS = st.lists(
    st.sampled_from(["prevpack", "prevsim", "ev", "folder", "user", "nowhere"]),
    min_size=1,
    max_size=2,
)
HOST = st.one_of(
    st.sampled_from(["127.0.0.1", "localhost", "0.0.0.0", "::1", "", " ", "not a host!"]),
    st.sampled_from(["999.1.1.1", "1.2.3", "-x", "x" * 300, *MARKUP]),
    ODD_TEXT,
)
DISK = st.one_of(st.none(), st.tuples(st.just(FULL), st.integers(0, 40)), st.just((READ_ONLY, 0)))

FACES = {  # the command's words, then options (a drawn one overrides the same one given first)
    ("catalogue", *SHOP, "--jobs", "1"): {
        "--themes": text_value,
        "--players": number_value,
        "--per-page": number_value,
        "--rulesets": text_value,
        "--seed": number_value,
        "--date": text_value,
        "--shop": text_value,
        "--config": path_value,
        "--out": out_value,
        "--jobs": number_value,
        "--qr": None,
    },
    ("themes", "preview", THEME, "--dpi", "20"): {
        "--out": st.one_of(st.sampled_from(["user/notes.txt", "p.png", "prev.png"]), out_value),
        "--dpi": number_value,
    },
    ("themes", "check", THEME): {},
    ("themes", "new", NAME): {"--extends": st.one_of(st.just("october"), text_value)},
    ("serve", FOLDERS, "--port", "0"): {
        "--host": HOST,
        "--port": st.sampled_from(["0", "BUSY", "70000", "-1", "http", *NUMBERS]),
        "--data": out_value,
        "--quiet": None,
    },
}


@st.composite
def command_lines(draw) -> list[str]:
    command = draw(st.sampled_from(sorted(OPTIONS)))
    options = OPTIONS[command]
    chosen = draw(st.lists(st.sampled_from(sorted(options)), max_size=5, unique=True))
    if command == "pack" and "--players" not in chosen and draw(st.booleans()):
        chosen.append("--players")
    return [command, *_drawn(draw, options, chosen)]


@st.composite
def face_lines(draw) -> list[str]:
    """catalogue (one small listing unless an option says otherwise), themes, serve."""
    words = draw(st.sampled_from(list(FACES)))
    options = FACES[words]
    names = st.sampled_from(sorted(options)) if options else st.nothing()
    chosen = draw(st.lists(names, max_size=4 if options else 0, unique=True))
    line = []
    for word in words:
        value = draw(word) if isinstance(word, st.SearchStrategy) else word
        line += value if isinstance(value, list) else [value]
    return line + _drawn(draw, options, chosen)


def _drawn(draw, options: dict, chosen: list[str]) -> list[str]:
    args = []
    for option in chosen:
        args.append(option)
        if options[option] is not None:
            args.append(draw(options[option]))
    return args


def scratch_for(tmp_path: Path, totals: bytes, other: bytes) -> Path:
    root = Path(tempfile.mkdtemp(dir=tmp_path))
    make_scratch(
        root / "scratch",
        {"totals": totals, "rolloffs": other, "names": totals[:2000], "sub/x": b""},
    )
    (root / "outside").write_text("not yours")
    return root


@settings(
    max_examples=60,  # the shapes it might miss are the chosen lines below
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    args=command_lines(),
    totals=st.sampled_from(HOSTILE_FILES),
    other=st.binary(max_size=64),
    disk=DISK,
)
def test_no_command_line_crashes_or_damages_files(tmp_path, args, totals, other, disk):
    check_run(scratch_for(tmp_path, totals, other), args, disk)


@settings(
    max_examples=40,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(args=face_lines(), totals=st.sampled_from(HOSTILE_FILES[:3]), disk=DISK)
def test_no_catalogue_themes_or_serve_line_crashes_or_damages_files(
    tmp_path, busy_port, served, args, totals, disk
):
    args = [busy_port if arg == "BUSY" else arg for arg in args]
    check_run(scratch_for(tmp_path, totals, b""), args, disk)


# --- the same promises, for the shapes hypothesis might not reach -------------------------


PACK_LINES = [
    ["pack", "--players", "4", "--out", "prev/sub/.."],
    ["pack", "--players", "4", "--out", "prevpack", "--seed", "1"],
    ["pack", "--players", "4", "--out", "link", "--seed", "1"],
    ["pack", "--players", "4", "--out", "ev"],
    ["pack", "--players", "4", "--out", ""],
    ["pack", "--players", "4", "--out", "."],
    ["pack", "--players", "4", "--out", "x" * 300],
    ["pack", "--players", "4", "--title", "[/]", "--currency", "[link=x]"],
]
ENGINE_LINES = [
    ["pack", "--players", "4", "--names", "totals"],
    ["simulate", "--out", "prevsim"],
    ["simulate", "--out", "prevpack"],
    ["simulate", "--out", "user"],
    ["simulate", "--out", "", "--date", "[/]"],
    ["validate", "--event", "ev", "--totals", "totals"],
    ["prizes", "--event", "prevsim", "--totals", "prevsim/totals.csv", "--pdf", "r.pdf"],
    ["prizes", "--event", "prevpack", "--totals", "prevpack/totals.csv", "--roll"],
    ["prizes", "--players", "12", "--totals", "totals", "--pdf", "user"],
    ["prizes", "--players", "12", "--totals", "totals", "--rolloffs", "rolloffs"],
    ["validate", "--players", "12", "--totals", "[/]"],
]


@pytest.mark.parametrize(
    ("args", "totals"),
    [(args, TOTALS) for args in PACK_LINES]
    + [(args, totals) for args in ENGINE_LINES for totals in HOSTILE_FILES[:5]],
)
def test_chosen_command_lines_keep_the_promises(tmp_path, args, totals):
    make_scratch(tmp_path / "scratch", {"totals": totals, "rolloffs": b"most_buncos,1\r"})
    check_run(tmp_path, args)


def _bounded_child():  # runs in the child: no more than 512 MB, whatever it reads
    resource.setrlimit(resource.RLIMIT_AS, (512 * 2**20, 512 * 2**20))


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "--players", "12", "--totals", "/dev/zero"],
        ["prizes", "--players", "12", "--totals", "t.csv", "--rolloffs", "/dev/zero"],
        ["validate", "--event", "/dev/zero", "--totals", "t.csv"],
        ["pack", "--names", "/dev/zero"],
    ],
)
def test_endless_files_stop_with_one_line(tmp_path, args):
    (tmp_path / "t.csv").write_bytes(TOTALS)
    result = subprocess.run(
        [sys.executable, "-m", "bunco_print", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])},
        timeout=120,
        preexec_fn=_bounded_child,
    )
    assert result.returncode == 2, result.stderr[-2000:]
    assert result.stderr.count("\n") == 1 and "larger than" in result.stderr
