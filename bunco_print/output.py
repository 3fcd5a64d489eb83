"""Writing results to disk so that an interrupted run never leaves a half-written file."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from .errors import InputError

MARKER = "event.json"  # a folder holding this is one bunco-print wrote, and may be replaced
PRIVATE = {"event.secret"}  # written owner-only


def write_folder(folder: Path, files: Mapping[str, bytes]) -> list[Path]:
    """Write `files` as the whole content of `folder`, all at once.

    Everything goes to a hidden sibling folder first and is swapped in with renames, so the
    folder holds either the previous complete set or the new one, never a mix or a fragment.
    A folder that holds something else than a previous pack is never touched.
    """
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{folder} exists and is not a folder")
    if folder.is_dir() and any(folder.iterdir()) and not (folder / MARKER).is_file():
        raise InputError(
            f"{folder} is not empty and holds no bunco-print pack; choose another --out"
        )
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    except OSError as exc:
        raise InputError(f"cannot write to {folder.parent}: {exc.strerror}") from None
    try:
        for name, data in files.items():
            mode = 0o600 if name in PRIVATE else 0o644
            fd = os.open(staging / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        staging.chmod(0o755)
        old = None
        if folder.exists():
            old = folder.with_name(f".{folder.name}.old-{os.getpid()}")
            folder.rename(old)
        staging.rename(folder)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        raise InputError(f"cannot write {folder}: {exc.strerror or exc}") from None
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return [folder / name for name in files]


def check_folder(folder: Path) -> Path:
    """Refuse, before any work is done, a target that `write_folder` would refuse."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{folder} exists and is not a folder")
    if folder.is_dir() and any(folder.iterdir()) and not (folder / MARKER).is_file():
        raise InputError(
            f"{folder} is not empty and holds no bunco-print pack; choose another --out"
        )
    return folder


def write_file(path: Path, data: bytes) -> Path:
    """Write one file atomically: a temporary file beside it, fsync, then a rename."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path
