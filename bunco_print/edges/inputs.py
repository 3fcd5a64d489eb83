"""Reading the files a user names: bounded, so `/dev/zero` or a huge file stops with one line."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from bunco_print.errors import InputError
from bunco_print.game.limits import MAX_NAME, MAX_PLAYERS
from bunco_print.game.values import BIDI_CONTROLS, shown_path

MAX_INPUT_BYTES = 4 * 1024 * 1024  # totals, roll-offs, manifests: far more than 400 sheets need


class _Unreadable(Exception):
    """Why a file could not be read, in a few words."""


def _read(path: Path, limit: int) -> bytes:
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise _Unreadable("no such file") from None
    except IsADirectoryError:
        raise _Unreadable("is a folder, not a file") from None
    except PermissionError:
        raise _Unreadable("permission denied") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise _Unreadable(str(getattr(exc, "strerror", None) or exc).lower()) from None
    if len(data) > limit:
        raise _Unreadable(f"larger than {limit:,} bytes; is it the right file?")
    return data


def read_bytes(path: Path, what: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The whole file, at most `limit` bytes; one line naming `what` and the file otherwise."""
    try:
        return _read(Path(path), limit)
    except _Unreadable as exc:
        reason = str(exc)
        sep = " " if reason.startswith(("is ", "larger")) else ": "
        if reason.startswith("larger"):
            reason = "is " + reason
        raise InputError(f"{what} {shown_path(path)}{sep}{reason}") from None


def read_names(path: Path, limit: int = MAX_PLAYERS) -> list[str]:
    """One name a line; blank lines skipped; a spreadsheet's byte-order mark tolerated."""
    try:
        data = _read(Path(path), 256 * limit + 4096)
    except _Unreadable as exc:
        raise InputError(
            f"cannot read names from {shown_path(path)}: {exc}", field="names"
        ) from None
    return parse_names(data, path, limit)


def parse_names(data: bytes, path: Path | str = "names", limit: int = MAX_PLAYERS) -> list[str]:
    """The names in a names file's bytes (`path` names it in messages): one a line, blank lines
    skipped, inner spaces folded, a byte-order mark tolerated; no control characters."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(
            f"cannot read names from {shown_path(path)}: not UTF-8 text", field="names"
        ) from None
    names = []
    for number, line in enumerate(text.splitlines(), start=1):
        name = " ".join(line.split())
        if not name:
            continue
        if any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI_CONTROLS for c in name):
            raise InputError(
                f"{shown_path(path)} line {number}: the name holds a control character",
                field="names",
            )
        if len(name) > MAX_NAME:
            raise InputError(
                f"{shown_path(path)} line {number}: a name of at most {MAX_NAME} characters, "
                f"not {len(name)}",
                field="names",
            )
        names.append(name)
        if len(names) > limit:
            raise InputError(f"{shown_path(path)} holds more than {limit} names", field="names")
    if not names:
        raise InputError(f"{shown_path(path)} holds no names", field="names")
    return names
