"""Writing a pack folder: all at once, owner-only secret, never over somebody's files."""

import os
import stat

import pytest

from bunco_print.errors import InputError
from bunco_print.output import write_folder


def test_files_are_written_and_the_secret_is_owner_only(tmp_path):
    folder = tmp_path / "night"
    write_folder(folder, {"event.json": b"{}", "event.secret": b"k", "pack.pdf": b"%PDF"})
    assert sorted(p.name for p in folder.iterdir()) == ["event.json", "event.secret", "pack.pdf"]
    assert stat.S_IMODE(os.stat(folder / "event.secret").st_mode) == 0o600
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "no staging left"


def test_a_previous_pack_is_replaced_whole(tmp_path):
    folder = tmp_path / "night"
    write_folder(folder, {"event.json": b"old", "old-only.pdf": b"x"})
    write_folder(folder, {"event.json": b"new"})
    assert [p.name for p in folder.iterdir()] == ["event.json"]
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
