"""Making a club's folder: club.toml with every default, and the season's empty record."""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path

from bunco_print.club import config
from bunco_print.club.season import RECORD, Season
from bunco_print.edges import inputs, output
from bunco_print.errors import InputError
from bunco_print.game.values import printable


def init(
    folder: Path,
    name: str,
    members: bytes,
    alternates: bytes | None,
    *,
    year: int,
    ruleset: str = "classic",
    members_source: str = "members",
    alternates_source: str = "alternates",
) -> config.Club:
    """Check everything, then write the folder whole: club.toml and season.sqlite, or neither."""
    people = inputs.parse_names(members, members_source)
    subs = inputs.parse_names(alternates, alternates_source) if alternates else []
    text = config.new_toml(name, people, subs, year, ruleset)
    try:
        club = config.read(text, "")  # no file name: the values are the options'
    except InputError as exc:
        raise InputError(f"{exc}", field=_field(str(exc))) from None
    target = output.target(folder, "the club's folder")
    if target.exists() and not target.is_dir():
        raise InputError(f"{printable(str(folder))} exists and is not a folder")
    for own in (config.CONFIG, RECORD):
        if (target / own).exists():
            raise InputError(f"{printable(str(folder))} already holds a club ({own})")
    made = not target.exists()
    try:
        target.mkdir(parents=True, exist_ok=True)
        Season.create(target).close()
        output.write_file(target / config.CONFIG, text.encode(), what="club.toml")
    except BaseException:
        with contextlib.suppress(OSError):
            for leftover in (RECORD, f"{RECORD}-wal", f"{RECORD}-shm", config.CONFIG):
                (target / leftover).unlink(missing_ok=True)
        if made:
            shutil.rmtree(target, ignore_errors=True)
        raise
    return club


def _field(message: str) -> str | None:
    """The option a checked value came from: the names files and the club's name."""
    for key, field in (("alternates", "alternates"), ("members", "members"), ("name", "name")):
        if message.startswith(key) or f"among {key}" in message:
            return field
    return None
