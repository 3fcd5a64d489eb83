"""The machine's signing key: the one secret every event's link secret is derived from.

The key is 32 random bytes, made once per machine in bunco-print's config folder (or the file
that `$BUNCO_SIGNING_KEY` or `signing_key` in config.toml names). It never leaves that file:
each event gets its own secret, HMAC(key, "event-secret/" + event id), which the pack folder
keeps in `event.secret` so the engine can check that pack's links without the key. A seed
repeats a shuffle, never a secret: whoever knows the seed and one link cannot sign another.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import stat
import tempfile
from pathlib import Path

from bunco_print.edges import config
from bunco_print.errors import InputError
from bunco_print.game.values import shown_path

KEY_BYTES = 32
KEY_FILE = "signing.key"


def key_path() -> Path:
    """$BUNCO_SIGNING_KEY, else `signing_key` in config.toml, else the config folder's key."""
    named = config.signing_key_setting()
    if named:
        return Path(named).expanduser()
    return config.config_dir() / KEY_FILE


def load_key(path: Path | None = None, *, create: bool = True) -> bytes:
    """The signing key; made (once, atomically) when it does not exist yet and `create`."""
    path = key_path() if path is None else Path(path)
    try:
        return _read_key(path)
    except FileNotFoundError:
        if not create:
            raise InputError(f"no signing key at {shown_path(path)}") from None
    _create_key(path)
    try:
        return _read_key(path)
    except FileNotFoundError:
        raise InputError(
            f"signing key {shown_path(path)} vanished while it was being made"
        ) from None


def event_secret(event_id: str, key: bytes | None = None) -> str:
    """The secret that signs one event's links (hex): HMAC(key, "event-secret/" + event id)."""
    key = load_key() if key is None else key
    return hmac.new(key, f"event-secret/{event_id}".encode(), hashlib.sha256).hexdigest()


def _read_key(path: Path) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        raise
    except (OSError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        raise InputError(f"cannot read signing key {shown_path(path)}: {why}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise InputError(f"signing key {shown_path(path)} is not a regular file")
    with os.fdopen(fd, "rb") as handle:
        if info.st_mode & 0o077:
            raise InputError(
                f"signing key {shown_path(path)} is readable by others "
                f"(mode {stat.S_IMODE(info.st_mode):o}); "
                f"run: chmod 600 {shown_path(path)}"
            )
        data = handle.read(KEY_BYTES + 1)
    if len(data) != KEY_BYTES:
        raise InputError(
            f"signing key {shown_path(path)} holds {len(data)} bytes, not {KEY_BYTES}; "
            "move it away to have a new one made (links already printed will stop verifying)"
        )
    return data


def _create_key(path: Path) -> None:
    """Write a fresh key so that two racing processes end up sharing one complete file."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".signing-key.", dir=path.parent)  # O_EXCL, 0600
    except OSError as exc:
        raise InputError(
            f"cannot make signing key {shown_path(path)}: {exc.strerror or exc}"
        ) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(secrets.token_bytes(KEY_BYTES))
            handle.flush()
            os.fsync(handle.fileno())
        try:  # like O_EXCL on the key's name, but the key is complete once it has its name
            os.link(temp, path)
        except FileExistsError:
            pass  # another process made it first: use theirs
        except OSError:  # a file system without hard links: O_EXCL on the name itself
            with contextlib.suppress(FileExistsError):
                _create_exclusive(path)
    except OSError as exc:
        raise InputError(
            f"cannot make signing key {shown_path(path)}: {exc.strerror or exc}"
        ) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _create_exclusive(path: Path) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(secrets.token_bytes(KEY_BYTES))
        handle.flush()
        os.fsync(handle.fileno())
