"""Laid-out backgrounds kept on disk, keyed by everything that shapes them.

Laying the HTML out is most of a cold run (importing WeasyPrint alone takes about half a
second), yet the backgrounds depend only on the HTML, the files it points at and the versions
that draw it, and the HTML holds none of a night's words (its title, date, names and amounts
are stamped). A pack whose HTML was laid out before (same theme, ruleset, paper, options and
player count, any night) reuses that PDF without loading WeasyPrint at all.
BUNCO_PRINT_CACHE=off turns the cache off; BUNCO_PRINT_CACHE_DIR moves it (default:
$XDG_CACHE_HOME/bunco-print or ~/.cache/bunco-print).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlparse

from bunco_print import __version__
from bunco_print.edges import config

# Laid-out backgrounds kept: at most KEEP of them and MAX_BYTES in all, the least recently used
# going first. A background depends on the theme, ruleset, paper, options and player count,
# never on the night's words: a club's monthly packs share one.
KEEP, MAX_BYTES = 48, 200_000_000
# What a kept background PDF holds, beyond what the versions say: raised when printing/pdf
# changes it (2: transparency groups nothing needs dropped, each font noting its file; 3: the
# night's words stamped, and room for them in flowing text reported; 4: the rules handout's
# and the invitation's content marked, their structure trees kept beside the pages; 5: the
# text already in simple fonts, what converting it made kept beside the pages), so an entry
# made by an earlier build of the same version is never reused. 6: each entry checked whole.
FORMAT = 6
_FILE_URI = re.compile(r"file://[^\"')\s]+")
SEAL = 32  # a kept file's last bytes: the sha256 of what comes before them


def key(html: str, kind: str) -> str:
    """A digest of what is kept (`kind`), the HTML, the size and time of every file it links
    (art, fonts), the version of bunco-print, WeasyPrint's files, and the FORMAT of what is
    kept."""
    digest = hashlib.sha256(f"{kind}\n".encode())
    digest.update(html.encode())
    for uri in sorted(set(_FILE_URI.findall(html))):
        try:
            stat = Path(unquote(urlparse(uri).path)).stat()
        except OSError:
            continue
        digest.update(f"\n{uri} {stat.st_size} {stat.st_mtime_ns}".encode())
    versions = f"bunco-print {__version__} format {FORMAT} weasyprint {_weasyprint()}"
    digest.update(f"\n{versions}".encode())
    return digest.hexdigest()


def _weasyprint() -> str:
    """WeasyPrint as installed: its package's file, size and time, found without loading it or
    the packages' metadata (importlib.metadata loads the email package: about 30 ms of a pack).
    Another version is other files, written later."""
    try:
        origin = importlib.util.find_spec("weasyprint").origin
        stat = os.stat(origin)
    except (AttributeError, ImportError, OSError, TypeError, ValueError):
        return "?"
    return f"{origin} {stat.st_size} {stat.st_mtime_ns}"


def cached(
    html: str,
    make: Callable[[str], tuple[bytes, dict]],
    kind: str,
    kept_elsewhere: Callable[[], bool] = lambda: False,
) -> tuple[bytes, dict]:
    """(pdf, pages) for the HTML: from the cache, else from `make(html)`, then kept (unless
    `kept_elsewhere()`: another process keeps them). `kind` names what `make` makes: one HTML may be
    laid out by several makers (a pack's backgrounds, their text in simple fonts; a
    catalogue's pass, not yet), and each takes only its own. A cache that cannot be read or
    written is skipped, never an error."""
    folder = config.cache_dir()
    if folder is None:
        return make(html)
    name = key(html, kind)
    pdf_path, pages_path = folder / f"{name}.pdf", folder / f"{name}.json"
    try:
        marker = json.loads(pages_path.read_text(encoding="utf-8"))
        pdf = pdf_path.read_bytes()
        if isinstance(marker, dict) and marker.get("check") == _check(pdf, marker["pages"]):
            os.utime(pages_path)  # recently used: kept longest
            return pdf, marker["pages"]
    except (OSError, ValueError, KeyError, TypeError):
        pass  # missing, or changed or cut short since it was written: made again
    pdf, pages = make(html)
    if kept_elsewhere():
        return pdf, pages
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _write(pdf_path, pdf)
        # the check over the pages as JSON reads them back: a key that is a number (a tagged
        # page's index) comes back a string, and "10" sorts before "9" where 10 came after it
        marker = {"check": _check(pdf, json.loads(json.dumps(pages))), "pages": pages}
        _write(pages_path, json.dumps(marker).encode())  # written last: marks the entry whole
        _prune(folder)
    except OSError:
        pass
    return pdf, pages


def _check(pdf: bytes, pages: dict) -> str:
    """The digest an entry's marker holds of the PDF and of its pages as read back: an entry
    whose files were changed or cut short since (a full disk, a faulty one, a hand) is no
    entry, never a pack built from a broken PDF."""
    digest = hashlib.sha256(pdf)
    digest.update(json.dumps(pages, sort_keys=True, separators=(",", ":")).encode())
    return digest.hexdigest()


def kept_file(name: str, made_from: Path, recipe: str, make: Callable[[], bytes]) -> bytes:
    """A file made from `made_from` by `recipe` (the web pages' font cuts): from the cache's
    `files/` folder when the source file and the recipe are the same, else made and kept. As
    for backgrounds, a cache that cannot be read or written is skipped, never an error."""
    if (data := read_kept(name, made_from, recipe)) is not None:
        return data
    data = make()
    keep(name, made_from, recipe, data)
    return data


def read_kept(name: str, made_from: Path, recipe: str) -> bytes | None:
    """What `keep` kept for the same source file (its size and time) and recipe, or None
    (also when the file was changed or cut short since: its last 32 bytes are its digest)."""
    path = _kept_path(name, made_from, recipe)
    try:
        kept = b"" if path is None else path.read_bytes()
    except OSError:
        return None
    data, seal = kept[:-SEAL], kept[-SEAL:]
    return data if len(kept) >= SEAL and hashlib.sha256(data).digest() == seal else None


def keep(name: str, made_from: Path, recipe: str, data: bytes) -> None:
    """`data`, made from `made_from` by `recipe`, kept whole (or not at all) in `files/`; a
    later keep of the same replaces it (a file that grows: the CFF faces' outlines)."""
    path = _kept_path(name, made_from, recipe)
    try:
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            _write(path, data + hashlib.sha256(data).digest())
    except OSError:
        pass


def _kept_path(name: str, made_from: Path, recipe: str) -> Path | None:
    folder = config.cache_dir()
    if folder is None:
        return None
    try:
        stat = made_from.stat()
    except OSError:
        return None
    digest = hashlib.sha256(
        f"{made_from}\0{stat.st_size}\0{stat.st_mtime_ns}\0{recipe}\0{__version__}".encode()
    )
    return folder / "files" / f"{digest.hexdigest()[:32]}-{name}"


def _write(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _prune(folder: Path) -> None:
    """The least recently used entries removed past KEEP or MAX_BYTES. Another process may be
    pruning too: an entry gone meanwhile is simply skipped."""
    entries = []
    for marker in folder.glob("*.json"):
        try:
            used = marker.stat().st_mtime
            size = marker.with_suffix(".pdf").stat().st_size
        except OSError:  # half gone: another process is removing it
            marker.unlink(missing_ok=True)
            continue
        entries.append((used, size, marker))
    entries.sort(key=lambda entry: (-entry[0], entry[2].name))
    total = 0
    for count, (_used, size, marker) in enumerate(entries):
        total += size
        if count >= KEEP or total > MAX_BYTES:
            marker.unlink(missing_ok=True)  # the marker first: a reader then misses, never tears
            marker.with_suffix(".pdf").unlink(missing_ok=True)
