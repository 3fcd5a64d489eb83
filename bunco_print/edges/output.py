"""The one writer of everything bunco-print puts on disk: all of a run's files, or none of them.

A folder is the tool's own only when it holds MARKER, written last by the run that filled it:
its kind (pack, simulation, ...) and the files that run wrote. A re-run into it replaces
exactly those files and leaves whatever the host added (roll-offs, totals, notes) alone. Every
new file is staged beside its target and fsynced first; the old ones are kept (hard links)
until the marker is in place, so a failure at any point puts the folder back as it was.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bunco_print.errors import InputError
from bunco_print.game.values import printable, shown_path

MARKER = ".bunco-print.json"
PRIVATE = {"event.secret"}  # written owner-only
NAME_MAX = 255  # bytes in one file or folder name, on every common file system
STALE_STAGING_SECONDS = 3600  # a run never takes this long; an older staging folder is stale
STAGING_PREFIX = ".bunco-print-staging-"


def target(path: Path | str, what: str = "out") -> Path:
    """The place to write, with `..` and symlinks resolved; one line for a name that cannot be."""
    text = os.fsdecode(path)
    if not text.strip() or Path(text) == Path("."):
        raise InputError(
            f"`{what}` must name a folder or file, not {printable(repr(text))}", field=what
        )
    if "\0" in text:
        raise InputError(f"`{what}` must not hold a NUL character", field=what)
    if any(len(os.fsencode(part)) > NAME_MAX for part in Path(text).parts):
        raise InputError(
            f"`{what}`: a name in {shown_path(text)} is longer than {NAME_MAX} bytes", field=what
        )
    resolved = Path(os.path.realpath(text))
    if resolved == Path(os.getcwd()) or resolved in Path(os.getcwd()).parents:
        raise InputError(
            f"`{what}` {shown_path(text)} is the current folder or above it; name a new one",
            field=what,
        )
    return resolved


def read_marker(folder: Path) -> dict | None:
    """What MARKER says about `folder`, or None when it has none (or one it cannot read)."""
    try:
        data = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        return None
    if not all(isinstance(name, str) and _plain(name) for name in data["files"]):
        return None
    return data


def _plain(name: str) -> bool:
    return bool(name) and name not in (".", "..", MARKER) and "/" not in name and "\0" not in name


def check_folder(folder: Path, *, kind: str = "pack", what: str = "out") -> Path:
    """Refuse, before any work is done, a target that `write_folder` would refuse; else return
    the folder to write (normalised)."""
    resolved = target(folder, what)
    _owned(resolved, kind, folder)
    return resolved


def _owned(
    folder: Path, kind: str, given: Path | str, ignore: set[str] | frozenset = frozenset()
) -> dict | None:
    """The marker of an earlier run of this kind in `folder`, None for a new or empty folder
    (empty but for the entries named in `ignore`)."""
    shown = shown_path(given)
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{shown} exists and is not a folder")
    try:
        entries = [p.name for p in folder.iterdir()] if folder.is_dir() else []
    except OSError as exc:
        raise InputError(f"cannot look into {shown}: {exc.strerror}") from None
    if not set(entries) - ignore:
        return None
    marker = read_marker(folder)
    if marker is None:
        if "event.json" in entries:
            raise InputError(
                f"{shown} holds an event.json but no {MARKER} (yours, or a pack from an older "
                "bunco-print); move the files away or choose another `out`"
            )
        raise InputError(
            f"{shown} is not empty and holds no bunco-print {kind}; choose another `out`"
        )
    if marker.get("kind") != kind:
        raise InputError(
            f"{shown} holds a bunco-print {marker.get('kind')}, not a {kind}; choose another `out`"
        )
    return marker


def write_folder(
    folder: Path, files: Mapping[str, bytes], *, kind: str = "pack", what: str = "out"
) -> list[Path]:
    """Write `files` into `folder`: a new folder, or one an earlier run of `kind` wrote.

    Files the earlier run wrote and this one does not are removed; anything else in the folder
    is kept. On any failure the folder is left exactly as it was (or not made at all).
    """
    with Batch() as batch:
        folder = batch.add(folder, files, kind=kind, what=what)
    return [folder / name for name in files]


@dataclass
class _Staged:
    """One folder of a batch: its files written (and fsynced) into `staging` inside it."""

    folder: Path
    given: Path | str
    names: list[str]
    old_files: set[str]
    made: list[Path]  # the folders made for it, deepest first
    staging: Path | None = None
    done: list[tuple[str, bool]] = field(default_factory=list)  # (name, had an old version)


class Batch:
    """Several folders written as one, as write_folder writes one (a catalogue and its
    listings): `add` checks a folder and writes its files beside their places; leaving the
    `with` block puts every folder's files in place in the order added, or, on any failure,
    leaves every folder as it was. A folder the batch made holds only what the batch wrote."""

    def __init__(self) -> None:
        self._staged: list[_Staged] = []

    def __enter__(self) -> Batch:
        return self

    def __exit__(self, kind, exc, traceback) -> None:
        if exc is not None:
            self._discard()
            return
        try:
            for staged in self._staged:
                _commit(staged)
        except BaseException as failure:
            self._discard()
            if isinstance(failure, OSError):
                shown = shown_path(staged.given)
                raise InputError(f"cannot write {shown}: {failure.strerror or failure}") from None
            raise
        for staged in self._staged:
            shutil.rmtree(staged.staging, ignore_errors=True)
            _sweep_stale_staging(staged.folder)

    def add(
        self, folder: Path, files: Mapping[str, bytes], *, kind: str = "pack", what: str = "out"
    ) -> Path:
        """Check `folder` as write_folder does and write `files` aside in it; the folder."""
        given = folder
        folder = target(folder, what)
        old = _owned(folder, kind, given, ignore=self._made_in(folder))
        for name in files:
            if not _plain(name):
                raise ValueError(f"not a plain file name: {name!r}")
        old_files = set(old["files"]) if old else set()
        for name in files:
            path = folder / name
            if name not in old_files and (path.exists() or path.is_symlink()):
                raise InputError(
                    f"{shown_path(given)} already holds {name}, which bunco-print did not write; "
                    "move it away or choose another `out`"
                )
            if path.is_dir() and not path.is_symlink():
                raise InputError(
                    f"{shown_path(path)} is a folder; move it away or choose another `out`"
                )
        staged = _Staged(folder, given, list(files), old_files, _make_folders(folder))
        self._staged.append(staged)
        try:
            staged.staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=folder))
        except OSError as exc:
            raise InputError(
                f"cannot write to {shown_path(given)}: {exc.strerror or exc}"
            ) from None
        try:
            _stage(staged.staging, files, kind)
        except OSError as exc:
            raise InputError(f"cannot write {shown_path(given)}: {exc.strerror or exc}") from None
        return folder

    def _made_in(self, folder: Path) -> set[str]:
        return {made.name for s in self._staged for made in s.made if made.parent == folder}

    def _discard(self) -> None:
        for staged in reversed(self._staged):
            if staged.staging is not None:
                _roll_back(staged.folder, staged.staging, staged.done)
                shutil.rmtree(staged.staging, ignore_errors=True)
            _remove_folders(staged.made)
        self._staged = []


def _stage(staging: Path, files: Mapping[str, bytes], kind: str) -> None:
    (staging / "new").mkdir()
    (staging / "old").mkdir()
    for name, data in files.items():
        _write_new(staging / "new" / name, data, 0o600 if name in PRIVATE else 0o644)
    marker = {"tool": "bunco-print", "kind": kind, "files": sorted(files)}
    _write_new(staging / "new" / MARKER, (json.dumps(marker, indent=2) + "\n").encode(), 0o644)


def _commit(staged: _Staged) -> None:
    """Each staged file renamed into place, the old ones kept aside, then the marker."""
    folder, staging, done = staged.folder, staged.staging, staged.done
    for name in staged.names:
        had = _keep_old(folder / name, staging / "old" / name)
        os.replace(staging / "new" / name, folder / name)
        done.append((name, had))
    for name in sorted(staged.old_files - set(staged.names)):
        if (folder / name).is_file() or (folder / name).is_symlink():
            os.replace(folder / name, staging / "old" / name)
            done.append((name, True))
    had_marker = _keep_old(folder / MARKER, staging / "old" / MARKER)
    os.replace(staging / "new" / MARKER, folder / MARKER)  # last: the folder is now complete
    done.append((MARKER, had_marker))
    _fsync_folder(folder)


def _sweep_stale_staging(folder: Path, age: float = STALE_STAGING_SECONDS) -> None:
    """Staging folders a run killed outright (kill -9, power loss) left behind: this run has
    just rewritten everything they held, so the ones older than `age` go."""
    limit = time.time() - age
    for leftover in folder.glob(f"{STAGING_PREFIX}*"):
        with contextlib.suppress(OSError):
            if leftover.is_dir() and not leftover.is_symlink() and leftover.stat().st_mtime < limit:
                shutil.rmtree(leftover, ignore_errors=True)


def _write_new(path: Path, data: bytes, mode: int) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _keep_old(path: Path, keep: Path) -> bool:
    """Hard-link the current file (if any) aside, so a failure can put it back."""
    try:
        os.link(path, keep, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True


def _roll_back(folder: Path, staging: Path, done: list[tuple[str, bool]]) -> None:
    for name, had in reversed(done):
        with contextlib.suppress(OSError):
            if had:
                os.replace(staging / "old" / name, folder / name)
            else:
                os.unlink(folder / name)


def _make_folders(folder: Path) -> list[Path]:
    """Make `folder` and any missing parents; the ones made, deepest first."""
    missing = []
    probe = folder
    while not probe.exists() and probe != probe.parent:
        missing.append(probe)
        probe = probe.parent
    try:
        for path in reversed(missing):
            path.mkdir()
    except OSError as exc:
        _remove_folders([p for p in missing if p.exists()])
        why = "a name is too long" if exc.errno == errno.ENAMETOOLONG else exc.strerror
        raise InputError(f"cannot make {shown_path(folder)}: {why}") from None
    return missing


def _remove_folders(made: list[Path]) -> None:
    for path in made:  # deepest first
        with contextlib.suppress(OSError):
            path.rmdir()


def _fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_file(path: Path, data: bytes, *, what: str = "pdf", mode: int = 0o644) -> Path:
    """Write one file atomically: a temporary file beside it, fsync, then a rename.

    A symlink is followed (its target is replaced, never the link); a folder is refused.
    """
    given = path
    path = target(path, what)
    if path.is_dir():
        raise InputError(f"`{what}` {shown_path(given)} is a folder; name a file", field=what)
    made = _make_folders(path.parent)
    temp = None
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name[:200]}.", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
        temp = None
    except BaseException as exc:
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)
        _remove_folders(made)
        if isinstance(exc, OSError):
            raise InputError(f"cannot write {shown_path(given)}: {exc.strerror or exc}") from None
        raise
    return path
