"""Reading the files a user names: bounded, and every failure told in one line naming the file."""

from __future__ import annotations

from pathlib import Path

from .errors import InputError


def read_bytes(path: Path, what: str, limit: int) -> bytes:
    """At most `limit` bytes of the file at `path`; `what` says what it is ("totals file")."""
    path = Path(path)
    where = f"cannot read {what} from {_shown(path)}"
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise InputError(f"{where}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{where}: it is a folder, not a file") from None
    except OSError as exc:
        raise InputError(f"{where}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL byte in the name
        raise InputError(f"{where}: {exc}") from None
    if len(data) > limit:
        raise InputError(f"{where}: larger than {limit:,} bytes")
    return data


def _shown(path: Path, width: int = 120) -> str:
    text = str(path)
    return text if len(text) <= width else text[: width - 1] + "…"
