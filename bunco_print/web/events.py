"""The nights a server serves: each folder's night, secret, theme and store, the club it is a
night of (if any), and the night as it stands (recomputed only when something was entered)."""

from __future__ import annotations

import hashlib
import hmac
import re
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bunco_print.club import tonight
from bunco_print.edges.inputs import read_bytes
from bunco_print.edges.store import Database, Store, Stored, hosted
from bunco_print.errors import BuncoError, InputError
from bunco_print.game.night import Night
from bunco_print.game.values import printable
from bunco_print.nights import live, settle
from bunco_print.signing import keys, links
from bunco_print.theming import themes

DATABASE = "night.sqlite"
_SECRET = re.compile(r"[0-9a-f]{64}")
_EVENT = re.compile(r"[0-9A-Za-z-]{1,64}")  # an event id (game/limits.ident): worth a look-up


@dataclass(frozen=True)
class Link:
    """Who a checked link is: a sheet's, a table's, the host's or the board's."""

    role: str  # sheet | table | host | board
    sheet: str = ""  # the sheet id, or the table's `T3`
    table: int = 0

    @property
    def via(self) -> str:
        if self.role == "sheet":
            return f"sheet {self.sheet}"
        return f"table {self.table}" if self.role == "table" else self.role


class ServedEvent:
    def __init__(self, folder: Path | None, night: Night, secret: str, store: Store):
        self.folder, self.night, self.secret, self.store = folder, night, secret, store
        name = str(night.extra.get("theme", "classic"))
        self.theme = themes.load(name if name in themes.available() else "classic")
        self.tables = {t.sheet_id: t.number for t in night.tables}
        self._cache: dict[str, tuple[int, object, float]] = {}
        self._lock = threading.Lock()
        self._computing: dict[str, threading.Lock] = {}
        # kept in the night's file, so `club record` draws as the pages did
        self.draw_seed = store.keep_draw_seed(self.seed("draw"))
        self.club, self.not_club = _club_of(folder, night.event_id)

    @property
    def id(self) -> str:
        return self.night.event_id

    # --- links -------------------------------------------------------------------------------

    def link(self, sheet: str, k: str) -> Link | None:
        """The sheet or table link `sheet` + `k`, when its signature is right (else None)."""
        expected = links.signature(self.secret, self.id, sheet)
        if not links.same(k, expected):
            return None
        if sheet in self.tables:
            return Link("table", sheet, self.tables[sheet])
        return Link("sheet", sheet) if sheet in self.night.sheet_ids else None

    def role(self, role: str, k: str) -> bool:
        return links.same(k, self.role_key(role))

    def role_key(self, role: str) -> str:
        """The `k` of the host's (or the board's) link."""
        return links.role_signature(self.secret, self.id, role)

    def role_path(self, role: str) -> str:
        return f"/e/{self.id}/{role}?k={self.role_key(role)}"

    def sheet_path(self, sheet: str) -> str:
        return f"/e/{self.id}/s/{sheet}?k={links.signature(self.secret, self.id, sheet)}"

    def seed(self, what: str) -> int:
        """A seed from the event's secret and `what` (a recorded roll, or "draw"): no one
        without the secret can foresee it, and the same night always gets the same."""
        mac = hmac.new(self.secret.encode(), f"seed\0{self.id}\0{what}".encode(), hashlib.sha256)
        return int.from_bytes(mac.digest()[:8], "big") % 1_000_000

    # --- the night as it stands ----------------------------------------------------------------

    def entries(self) -> dict[str, Stored]:
        return self.kept("entries", self.store.entries)

    def so_far(self, max_age: float = 0.0) -> live.NightSoFar:
        """The night as it stands. The host's pages and results want it exact; a player's page
        may show standings up to `max_age` seconds old, so fifty phones sending at once do
        not each settle the whole night again."""

        def compute() -> live.NightSoFar:
            entries = [s.entry for s in self.entries().values()]
            return live.so_far(
                self.night, entries, self.store.rolloffs(), self.store.seed, self.draw_seed,
                self.store.semi().values(),
            )  # fmt: skip

        return self.kept("so_far", compute, max_age)

    def kept(self, name: str, compute, max_age: float = 0.0):
        """`compute()`'s value, kept until the store changes (or for `max_age` seconds). Pages
        run in threads: one computes, the others that want it meanwhile wait for its value.
        The store's version is asked once (a query, on a shared database)."""
        version = self.store.version
        hit = self._hit(name, max_age, version)
        if hit is not None:
            return hit[1]
        with self._computing.setdefault(name, threading.Lock()):
            hit = self._hit(name, max_age, version)
            if hit is not None:
                return hit[1]
            now = time.monotonic()
            value = compute()
            with self._lock:
                self._cache[name] = (version, value, now)
            return value

    def _hit(self, name: str, max_age: float, version: int) -> tuple[int, object, float] | None:
        with self._lock:
            hit = self._cache.get(name)
        # a value computed at this version or a later one (another thread's, meanwhile)
        if hit is not None and (hit[0] >= version or time.monotonic() - hit[2] < max_age):
            return hit
        return None


def open_events(
    folders: list[Path], data: Path | None = None, database: Database | None = None
) -> Nights:
    """Each folder's night, its secret and its store (in `database` when one is given, else in
    the night's own file); one `InputError` for the first folder that is not a pack's or a
    simulation's, or two folders of one event."""
    nights: dict[str, tuple[Path, Night, str]] = {}
    for folder in folders:
        shown = printable(str(folder))
        manifest = folder / "event.json"
        if not folder.is_dir():
            raise InputError(f"{shown} is not a folder; give folders made by pack or simulate")
        if not manifest.is_file():
            raise InputError(f"{shown} has no event.json; give a folder made by pack or simulate")
        data_ = read_bytes(manifest, "event manifest", settle.LIMITS["event"])
        night = settle.load_night(data_, source=str(manifest))
        if night.event_id in nights:
            first = printable(str(nights[night.event_id][0]))
            raise InputError(f"{shown} and {first} hold the same event")
        nights[night.event_id] = (folder, night, _secret(folder, night.event_id))
    if data is not None and database is None:
        data.mkdir(mode=0o700, parents=True, exist_ok=True)
    events: dict[str, ServedEvent] = {}
    try:
        for event_id, (folder, night, secret) in nights.items():
            where = folder / DATABASE if data is None else data / f"{event_id}.sqlite"
            store = Store(where if database is None else database, event_id)
            events[event_id] = ServedEvent(folder, night, secret, store)
    except BaseException:
        for event in events.values():
            event.store.discard()
        raise
    return Nights(events, database)


class Nights(Mapping):
    """The nights a server serves, by event id: its folders' (`fixed`), and, with a hosted
    database, every night `publish` registered there, by whichever process: looked up when
    first asked for, then kept."""

    def __init__(self, fixed: dict[str, ServedEvent], database: Database | None = None):
        self.fixed, self.database = fixed, database
        self._found: dict[str, ServedEvent] = {}
        self._lock = threading.Lock()

    def __getitem__(self, event_id: str) -> ServedEvent:
        found = self.get(event_id)
        if found is None:
            raise KeyError(event_id)
        return found

    def get(self, event_id: str, default=None) -> ServedEvent | None:
        found = self.fixed.get(event_id) or self._found.get(event_id)
        if found is not None or self.database is None or not _EVENT.fullmatch(event_id):
            return found or default
        kept = hosted.registered(self.database, event_id)
        if kept is None:
            return default
        with self._lock:
            if event_id not in self._found:
                night = settle.load_night(kept.manifest, source=f"registered night {event_id}")
                store = Store(self.database, event_id)
                self._found[event_id] = ServedEvent(None, night, kept.secret, store)
            return self._found[event_id]

    def __iter__(self):
        yield from self.fixed
        yield from list(self._found)

    def __len__(self) -> int:
        return len(self.fixed) + len(self._found)


def _club_of(folder: Path | None, event_id: str) -> tuple[tonight.ClubNight | None, str | None]:
    """The club whose night this folder is, or why it is served as a plain night although its
    stamp says it is a club's (None when it is no club night at all, or no folder)."""
    if folder is None:
        return None, None
    try:
        return tonight.find(folder, event_id), None
    except BuncoError as exc:
        return None, str(exc)


def _secret(folder: Path, event_id: str) -> str:
    """The folder's `event.secret` (a pack's), else the one this machine's key gives."""
    path = folder / "event.secret"
    if not path.exists():
        return keys.event_secret(event_id)
    text = read_bytes(path, "event secret", 200).decode("ascii", "replace").strip()
    if not _SECRET.fullmatch(text):
        raise InputError(f"{printable(str(path))} is not a secret this tool wrote")
    return text
