"""Writing a pack folder: all at once, owner-only secret, never over somebody's files."""

import io
import os
import stat
import time
from pathlib import Path

import pytest

from bunco_print.edges.output import MARKER, check_folder, read_marker, write_file, write_folder
from bunco_print.errors import InputError


def visible(folder):
    return sorted(p.name for p in folder.iterdir() if p.name != MARKER)


def test_files_are_written_and_the_secret_is_owner_only(tmp_path):
    folder = tmp_path / "night"
    write_folder(folder, {"event.json": b"{}", "event.secret": b"k", "pack.pdf": b"%PDF"})
    assert visible(folder) == ["event.json", "event.secret", "pack.pdf"]
    assert read_marker(folder) == {
        "tool": "bunco-print",
        "kind": "pack",
        "files": ["event.json", "event.secret", "pack.pdf"],
    }
    assert stat.S_IMODE(os.stat(folder / "event.secret").st_mode) == 0o600
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "no staging left"
    assert not [p for p in folder.iterdir() if p.name.startswith(".") and p.name != MARKER]


def test_a_previous_pack_is_replaced_whole(tmp_path):
    folder = tmp_path / "night"
    write_folder(folder, {"event.json": b"old", "old-only.pdf": b"x"})
    write_folder(folder, {"event.json": b"new"})
    assert visible(folder) == ["event.json"]
    assert (folder / "event.json").read_bytes() == b"new"


def test_a_folder_with_other_files_is_never_touched(tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "cat.jpg").write_bytes(b"meow")
    with pytest.raises(InputError, match="holds no bunco-print pack"):
        write_folder(folder, {"event.json": b"{}"})
    assert [p.name for p in folder.iterdir()] == ["cat.jpg"]


def test_a_failure_midway_leaves_the_old_pack_and_no_fragments(tmp_path, monkeypatch):
    folder = tmp_path / "night"
    write_folder(folder, {"event.json": b"old"})

    class Boom(Exception):
        pass

    real_fdopen = os.fdopen
    calls = []

    def failing_fdopen(fd, *args, **kw):
        calls.append(fd)
        if len(calls) == 2:
            os.close(fd)
            raise Boom
        return real_fdopen(fd, *args, **kw)

    monkeypatch.setattr(os, "fdopen", failing_fdopen)
    with pytest.raises(Boom):
        write_folder(folder, {"event.json": b"new", "pack.pdf": b"%PDF"})
    assert (folder / "event.json").read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night"]


def test_a_rerun_keeps_what_the_host_added(tmp_path):
    folder = tmp_path / "night"
    write_folder(folder, {"event.json": b"1", "pack.pdf": b"1", "gone.pdf": b"1"})
    (folder / "rolloffs.csv").write_text("prize,sheet\n")
    (folder / "notes").mkdir()
    write_folder(folder, {"event.json": b"2", "pack.pdf": b"2"})
    assert visible(folder) == ["event.json", "notes", "pack.pdf", "rolloffs.csv"]
    assert (folder / "rolloffs.csv").read_text() == "prize,sheet\n"
    assert (folder / "pack.pdf").read_bytes() == b"2"


def test_a_file_of_the_hosts_in_the_way_is_never_overwritten(tmp_path):
    folder = tmp_path / "night"
    write_folder(folder, {"event.json": b"1"})
    (folder / "pack.pdf").write_bytes(b"mine")
    with pytest.raises(InputError, match=r"already holds pack\.pdf"):
        write_folder(folder, {"event.json": b"2", "pack.pdf": b"2"})
    assert (folder / "pack.pdf").read_bytes() == b"mine"
    assert (folder / "event.json").read_bytes() == b"1"


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"event.json": b"{}", "pack.pdf": b"x"}, "or a pack from an older bunco-print"),
        ({"event.json": b"{}", MARKER: b"not json"}, "or a pack from an older bunco-print"),
        ({"cat.jpg": b"x", MARKER: b'{"kind": "pack", "files": ["../cat.jpg"]}'}, "holds no"),
    ],
)
def test_folders_without_a_good_marker_are_foreign(tmp_path, files, message):
    folder = tmp_path / "old"
    folder.mkdir()
    for name, data in files.items():
        (folder / name).write_bytes(data)
    with pytest.raises(InputError, match=message):
        check_folder(folder)
    with pytest.raises(InputError, match=message):
        write_folder(folder, {"event.json": b"new"})
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == files


def test_a_simulation_folder_is_not_a_pack_folder(tmp_path):
    folder = tmp_path / "sim"
    write_folder(folder, {"totals.csv": b"x"}, kind="simulation")
    with pytest.raises(InputError, match="holds a bunco-print simulation, not a pack"):
        write_folder(folder, {"pack.pdf": b"x"})
    write_folder(folder, {"totals.csv": b"y"}, kind="simulation")
    assert (folder / "totals.csv").read_bytes() == b"y"


def test_a_symlinked_out_is_followed_never_replaced(tmp_path):
    real = tmp_path / "real"
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    write_folder(link, {"event.json": b"1"})
    assert link.is_symlink() and (real / "event.json").read_bytes() == b"1"
    write_folder(link, {"event.json": b"2"})
    assert link.is_symlink() and (real / "event.json").read_bytes() == b"2"


def test_dot_dot_leaves_nothing_behind(tmp_path):
    (tmp_path / "prev").mkdir()
    write_folder(tmp_path / "prev" / "sub" / "..", {"event.json": b"1"})
    assert visible(tmp_path / "prev") == ["event.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["prev"]


@pytest.mark.parametrize("name", ["", ".", "x" * 256, "a/" + "é" * 128])
def test_unusable_names_get_one_line(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError) as caught:
        write_folder(Path(name) if name else "", {"event.json": b"1"})
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("fail_at", range(1, 9))
@pytest.mark.parametrize("function", ["replace", "link", "write"])
def test_a_failure_at_any_step_puts_the_folder_back(tmp_path, monkeypatch, fail_at, function):
    folder = tmp_path / "night"
    write_folder(folder, {"event.json": b"old", "a.pdf": b"old", "old-only.pdf": b"old"})
    (folder / "notes.txt").write_text("mine")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    calls = []

    def failing(real):
        def wrapper(*args, **kw):
            calls.append(args)
            if len(calls) == fail_at:
                raise OSError(28, "No space left on device")
            return real(*args, **kw)

        return wrapper

    if function == "write":
        real_write = io.BufferedWriter.write
        monkeypatch.setattr(
            os, "fdopen", lambda fd, *a, **k: Writer(io.FileIO(fd, "wb"), failing(real_write))
        )
    else:
        monkeypatch.setattr(os, function, failing(getattr(os, function)))
    files = {"event.json": b"new", "a.pdf": b"new", "b.pdf": b"new", "c.pdf": b"new"}
    try:
        write_folder(folder, files)
    except InputError as exc:
        assert "No space left" in str(exc)
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    else:  # fewer steps than fail_at: the write is complete
        assert fail_at > 3, "the first steps of every kind can fail"
        assert visible(folder) == ["a.pdf", "b.pdf", "c.pdf", "event.json", "notes.txt"]
        assert (folder / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night"]


class Writer(io.BufferedWriter):
    def __init__(self, raw, write):
        super().__init__(raw)
        self._write = write

    def write(self, data):
        return self._write(self, data)


def test_a_new_folder_is_not_left_behind_after_a_failure(tmp_path, monkeypatch):
    def boom(*args, **kw):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(InputError, match="Input/output error"):
        write_folder(tmp_path / "a" / "b" / "night", {"event.json": b"1"})
    assert list(tmp_path.iterdir()) == []


def test_one_file_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    path = tmp_path / "results" / "sheet.pdf"
    write_file(path, b"one")
    assert path.read_bytes() == b"one"
    (tmp_path / "link.pdf").symlink_to(path)
    write_file(tmp_path / "link.pdf", b"two")
    assert (tmp_path / "link.pdf").is_symlink() and path.read_bytes() == b"two"
    with pytest.raises(InputError, match="is a folder"):
        write_file(tmp_path / "results", b"x")

    def boom(*args, **kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(InputError, match="No space left"):
        write_file(path, b"three")
    assert path.read_bytes() == b"two"
    assert sorted(p.name for p in path.parent.iterdir()) == ["sheet.pdf"]


def test_a_rerun_sweeps_staging_left_by_a_killed_run(tmp_path):
    from bunco_print.edges.output import STAGING_PREFIX

    folder = tmp_path / "night"
    write_folder(folder, {"event.json": b"{}"})
    stale, fresh = folder / f"{STAGING_PREFIX}old", folder / f"{STAGING_PREFIX}new"
    for leftover in (stale, fresh):
        (leftover / "new").mkdir(parents=True)
        (leftover / "new" / "pack.pdf").write_bytes(b"%PDF-half")
    two_hours_ago = time.time() - 7200
    os.utime(stale, (two_hours_ago, two_hours_ago))
    write_folder(folder, {"event.json": b"{}", "pack.pdf": b"%PDF-whole"})
    assert not stale.exists(), "a killed run's staging is gone once the folder is rewritten"
    assert fresh.exists(), "a staging folder that may still be in use is left alone"
    assert (folder / "pack.pdf").read_bytes() == b"%PDF-whole"
