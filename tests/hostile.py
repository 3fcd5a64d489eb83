"""Running bunco-print on hostile command lines inside a scratch folder, and checking it kept
its promises: the scratch folder each run starts from, the run (in this process), the checks
after it, and a disk that fills up or is read-only.

Whatever happens: the exit code is 0, 1 or 2; a refusal (2) is one line on stderr and leaves the
folder exactly as it was; nothing is created outside the places the run writes to; no file that
was there is changed or removed (except the ones an earlier run of the same kind wrote into that
folder); no temporary file is left behind.
"""

from __future__ import annotations

import builtins
import contextlib
import errno
import io
import json
import os
import socket
import sys
import traceback
from pathlib import Path

import pytest

from bunco_print.catalogue.make import INPUTS
from bunco_print.edges.output import MARKER, write_folder
from bunco_print.engine.simulate import simulate
from bunco_print.engine.totals import to_csv
from bunco_print.game.manifest import to_manifest
from bunco_print.game.plan import plan_event
from bunco_print.game.rulesets import load

# --- the scratch folder each run starts from ----------------------------------------------


def _valid_night() -> tuple[bytes, bytes]:
    event = plan_event(12, load("classic"), seed=3, date="2026-12-04")
    totals = simulate(event, 3).totals
    csv = to_csv(totals.sheets, mini_buncos=False, traveler=True)
    return json.dumps(to_manifest(event)).encode(), csv.encode()


MANIFEST, TOTALS = _valid_night()
HOSTILE_FILES = [
    TOTALS,
    TOTALS.replace(b"\n", b"\r"),
    b"[" * 100_000,
    b'[{"sheet": 1, "wins": ' + b"9" * 5000 + b"}]",
    b"sheet,wins,losses,buncos\n1," + b"x" * 140_000 + b",1,0\n",
    b",,,,,,,,\n" * 3,
    b"sheet,wins,losses,buncos\n\xc2\xb2,1,1,0\n" + b"9" * 5000 + b",1,1,0\n",
    b"sheet,wins,losses,buncos\n1," + b"9" * 400 + b",1,0\n",
    b'[{"sheet": 1, "wins": NaN, "losses": Infinity, "buncos": 0}]',
    b'[{"sheet": 1, "wins": 3.5, "losses": true, "buncos": 0, "buncos": 1}]',
    b'{"most_buncos": "7", "most_buncos": [1]}',
    b"prize,sheet\nmost_buncos,7\rfifty_fifty,\xff\n",
    MANIFEST,
    MANIFEST.replace(b'"players": 12', b'"players": "12"'),
    MANIFEST.replace(b'"tables": [', b'"tables": [5, '),
    MANIFEST.replace(b'"sets": 4', b'"sets": -4'),
    MANIFEST.replace(b'"buy_in": 5', b'"buy_in": 1e400'),
    b"[]",
    b'{"format": 1}',
    b"\xef\xbb\xbf",
    b"",
]


def make_scratch(root: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    (root / "folder").mkdir()
    (root / "user").mkdir()
    (root / "user" / "notes.txt").write_text("mine")
    (root / "link").symlink_to("folder", target_is_directory=True)
    (root / "existing.txt").write_text("keep")
    (root / "ev").mkdir()
    (root / "ev" / "event.json").write_bytes(MANIFEST)  # as an older version wrote it: no marker
    write_folder(root / "prevpack", {"event.json": MANIFEST, "old.pdf": b"%PDF"})
    write_folder(
        root / "prevsim", {"event.json": MANIFEST, "totals.csv": TOTALS}, kind="simulation"
    )
    (root / "prevpack" / "totals.csv").write_bytes(TOTALS)  # the host's, beside the pack
    (root / "prevsim" / "rolloffs.csv").write_text("prize,sheet\n")


def snapshot(root: Path) -> dict[str, object]:
    found: dict[str, object] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            key = str(path.relative_to(root))
            if path.is_symlink():
                found[key] = ("link", os.readlink(path))
            elif path.is_dir():
                found[key] = "dir"
            else:
                found[key] = path.read_bytes()
    return found


SHOP = [
    "--themes",
    "classic",
    "--players",
    "4",
    "--paper",
    "letter",
    "--extras",
    "none",
]  # a catalogue of one small listing


# --- a run, and what it may leave ----------------------------------------------------------


def run_cli(args: list[str], cwd: Path) -> tuple[int, str, str]:
    """Run `bunco-print ARGS` in this process (as `run` does, but for ending the process):
    exit code, stdout, stderr."""
    from bunco_print.cli import code as command

    out, err = io.StringIO(), io.StringIO()
    old_cwd, old_argv = os.getcwd(), sys.argv
    os.chdir(cwd)
    sys.argv = ["bunco-print", *args]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = command(args, early=True)
    except BaseException:  # a traceback (or an exit `code` never makes) is what this hunts for
        code = -1
        err.write(traceback.format_exc())
    finally:
        os.chdir(old_cwd)
        sys.argv = old_argv
    return code, out.getvalue(), err.getvalue()


def _given(args: list[str]) -> list[str]:
    """The paths a command line names as places to write: `serve`'s folders, `themes new`'s."""
    if args[:1] == ["serve"]:
        words = args[1:]
        return words[: next((i for i, a in enumerate(words) if a.startswith("--")), len(words))]
    return args[2:3] if args[:2] == ["themes", "new"] else []


def written_roots(args: list[str], cwd: Path) -> list[Path]:
    """Where this command line may write: its --out, --pdf or --data, the folders it names,
    or the default output folder."""
    roots = [Path(os.path.realpath(cwd / "output"))]
    values = [args[args.index(o) + 1] for o in ("--out", "--pdf", "--data") if o in args]
    for value in [*values, *_given(args)]:
        if value:
            with contextlib.suppress(ValueError, OSError):
                roots.append(Path(os.path.realpath(cwd / value)))
    if args[:2] == ["themes", "preview"] and "--out" not in args:
        roots.append(Path(os.path.realpath(cwd)))  # <theme>-preview.png, checked below
    return roots


def inside(path: Path, roots: list[Path]) -> bool:
    """In a folder the run writes to (or one of the folders it had to make to get there)."""
    real = Path(os.path.realpath(path.parent)) / path.name
    if path.is_dir() and any(real in root.parents for root in roots):
        return True
    return any(real == root or root in real.parents for root in roots)


def named_by_user(path: Path, args: list[str]) -> bool:
    """A file a command line names, which may go into any folder: `prizes --pdf FILE`,
    `themes preview --out FILE` (or its default name), a night `serve` keeps beside its
    event.json."""
    if args[:1] == ["serve"]:
        return path.name.startswith("night.sqlite")
    if args[:2] == ["themes", "preview"] and "--out" not in args:
        return path.name.endswith("-preview.png")
    option = "--out" if args[:2] == ["themes", "preview"] else "--pdf"
    if option not in args:
        return False
    value = args[args.index(option) + 1]
    return bool(value) and os.path.realpath(path) == os.path.realpath(
        Path(path).parents[0] / Path(value).name
    )


def check_run(root: Path, args: list[str], disk: tuple[int, int] | None = None) -> tuple[int, str]:
    """Run `args` in root/scratch (on a faulty disk, if given) and check every promise; the
    exit code and stderr."""
    scratch = root / "scratch"
    before = snapshot(root)
    markers = {  # files earlier runs wrote, which a re-run of the same kind may replace
        f"{folder}/{name}"
        for folder in ("prevpack", "prevsim")
        for name in [MARKER, *json.loads((scratch / folder / MARKER).read_text())["files"]]
    }
    with faulty_disk(root, disk):
        code, _stdout, stderr = run_cli(args, scratch)
    shown = f"bunco-print {' '.join(a[:40] for a in args)} ({disk}) -> {code}\n{stderr[-3000:]}"
    assert code in (0, 1, 2), shown
    after = snapshot(root)
    if code == 2:
        assert stderr.count("\n") == 1 and stderr.startswith("error: "), shown
        assert after == before, f"a refusal changed files: {shown}"
        return code, stderr
    roots = written_roots(args, scratch)
    for key, value in before.items():
        if after.get(key) != value and key.removeprefix("scratch/") not in markers:
            assert value == "dir" and after.get(key) == "dir", f"{key} changed: {shown}"
    for key in after.keys() - before.keys():
        path = root / key
        assert inside(path, roots), f"{key} was created outside where it writes: {shown}"
        assert not path.name.startswith(".") or path.name in (MARKER, INPUTS), f"{key}: {shown}"
        parent = str(Path(key).parent)
        if after[key] != "dir" and before.get(parent) == "dir" and not named_by_user(path, args):
            siblings = [k for k in before if str(Path(k).parent) == parent]
            owned = f"{parent}/{MARKER}" in before
            assert owned or not siblings, f"{key} was written into a folder not ours: {shown}"
    return code, stderr


# --- a disk that fills up, or is read-only ---------------------------------------------------

FULL = errno.ENOSPC
READ_ONLY = errno.EROFS
WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


@contextlib.contextmanager
def faulty_disk(root: Path, disk: tuple[int, int] | None):
    """While in the block, the disk holding `root` takes `room` writes (a file or folder made,
    renamed or linked there, a block of data written), then refuses each with `code` (FULL or
    READ_ONLY); reading and removing still work, as they do on a full disk. None: a good disk.
    SQLite's own writes are not seen (a subprocess with RLIMIT_FSIZE stands in for those)."""
    if disk is None:
        yield
        return
    code, room = disk
    top = os.path.realpath(root)
    spent = [0]

    def spend(path) -> None:
        try:
            where = os.path.abspath(os.fsdecode(path))
        except (TypeError, ValueError):
            return
        if os.path.commonpath([top, where]) == top:
            spent[0] += 1
            if spent[0] > room:
                raise OSError(code, os.strerror(code), where)

    real_open, real_io_open = os.open, io.open
    real = {name: getattr(os, name) for name in ("mkdir", "replace", "rename", "link", "fdopen")}

    def opened(path, flags, *args, **kwargs):
        if flags & WRITING:
            spend(path)
        return real_open(path, flags, *args, **kwargs)

    def made(path, *args, **kwargs):
        spend(path)
        return real["mkdir"](path, *args, **kwargs)

    def moved(name):
        def move(src, dst, *args, **kwargs):
            spend(dst)
            return real[name](src, dst, *args, **kwargs)

        return move

    def fdopen(fd, mode="r", *args, **kwargs):
        if "w" not in mode:
            return real["fdopen"](fd, mode, *args, **kwargs)
        return _Writer(io.FileIO(fd, "wb"), lambda: spend(os.readlink(f"/proc/self/fd/{fd}")))

    def io_open(file, mode="r", *args, **kwargs):
        if isinstance(file, (str, bytes, os.PathLike)) and set(mode) & set("wax+"):
            spend(file)
        return real_io_open(file, mode, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "open", opened)
        patch.setattr(os, "mkdir", made)
        for name in ("replace", "rename", "link"):
            patch.setattr(os, name, moved(name))
        patch.setattr(os, "fdopen", fdopen)
        patch.setattr(io, "open", io_open)
        patch.setattr(builtins, "open", io_open)
        yield


class _Writer(io.BufferedWriter):
    """A file whose every write first spends room on the disk."""

    def __init__(self, raw, spend):
        super().__init__(raw)
        self._spend = spend

    def write(self, data):
        self._spend()
        return super().write(data)


# --- serve's start-up, in this process -----------------------------------------------------


@pytest.fixture
def busy_port():
    """A port another program listens on."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield str(other.getsockname()[1])


@pytest.fixture
def served(monkeypatch):
    """serve's start-up only: once it listens, it stops as at a Ctrl-C (no server runs)."""
    from bunco_print.web import server

    def at_once(app, sock, proxied=False):
        assert sock.getsockname()[1] > 0  # bound and listening
        raise KeyboardInterrupt

    monkeypatch.setattr(server, "run", at_once)
