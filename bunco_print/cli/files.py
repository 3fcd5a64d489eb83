"""The command line's files: reading what a user names, and checking where it will write.

Reads go through inputs.read_bytes (bounded); writes through output.py (atomic). Every check
here runs before the seconds of layout or dice, and says what is wrong in one line.
"""

from __future__ import annotations

import os
from pathlib import Path

from bunco_print.edges import inputs, output
from bunco_print.errors import InputError
from bunco_print.game.values import shown_path

# output.py writes beside the target under a name of its own (".name.XXXXXXXX", ".name.old-PID")
MAX_NAME = 255 - 24
MAX_PATH = 4095


def read(path: Path, what: str, field: str) -> bytes:
    from bunco_print.nights.settle import LIMITS  # (not loaded for a pack)

    return inputs.read_bytes(path, what, LIMITS[field])


def is_folder(path: Path) -> bool:
    """Path.is_dir, but a name too long or otherwise unusable is simply not a folder (reading
    it then says why, in one line)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def check_path(path: Path, option: str, kind: str = "folder") -> Path:
    """A path the command line may write: named, not too long, no NUL."""
    path = Path(path)
    if path.name in ("", ".", ".."):
        raise InputError(f"{option} must name a {kind} (not '.', '..' or nothing)")
    raw = os.fsencode(path)
    if b"\0" in raw:
        raise InputError(f"{option} holds a NUL character")
    if len(raw) > MAX_PATH:
        raise InputError(f"{option} is longer than {MAX_PATH} bytes")
    for part in path.parts:
        if len(os.fsencode(part)) > MAX_NAME:
            raise InputError(
                f"{option}: the name {shown_path(part, 40)!r} is longer than {MAX_NAME} bytes"
            )
    return path


def default_folder(event_id: str) -> Path:
    """output/<event-id>: one plain folder name, whatever the event id is made of."""
    if not event_id or event_id.startswith(".") or any(c in event_id for c in "/\\\0"):
        raise InputError(f"event id {event_id!r} cannot name a folder; give --out DIR")
    return Path("output") / event_id


def check_out(folder: Path, kind: str = "pack") -> Path:
    """A folder `output.write_folder` may fill: new, empty, or one this tool wrote for `kind`
    (a pack, or a simulation): never a folder of the user's, never the other kind's."""
    try:
        return output.check_folder(check_path(folder, "--out"), kind=kind)
    except OSError as exc:
        raise InputError(f"cannot use --out {shown_path(folder)}: {exc.strerror or exc}") from None


def check_pdf(path: Path, inputs_given: dict[str, Path | None]) -> Path:
    """A file `output.write_file` may replace: not a folder, not one of the inputs, and if it
    exists, a PDF (a results sheet from an earlier run)."""
    check_path(path, "--pdf", "file")
    if is_folder(path):
        raise InputError(f"--pdf {shown_path(path)} is a folder; name a file such as results.pdf")
    for option, given in inputs_given.items():
        if given is not None and _same(path, given):
            raise InputError(
                f"--pdf {shown_path(path)} is the file given with {option}; choose another file"
            )
    if path.exists():
        try:
            with path.open("rb") as handle:
                head = handle.read(5)
        except OSError as exc:
            raise InputError(f"cannot write --pdf {shown_path(path)}: {exc.strerror}") from None
        if head != b"%PDF-":
            raise InputError(
                f"--pdf {shown_path(path)} exists and is not a PDF; choose another file"
            )
    return path


def _same(a: Path, b: Path) -> bool:
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError, ValueError):
        return False
