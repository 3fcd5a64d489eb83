"""`bunco-print publish FOLDER`: a printed night registered with a hosted engine over HTTP(S).

The folder's `event.json` and `event.secret` go to `POST ENGINE/api/nights` with an admin token
(`Authorization: Bearer`); the engine answers with the host's link. The standard library's
urllib speaks HTTPS with the system's certificates, so `--engine https://...` behind a proxy
works as `http://` on a laptop. Whatever goes wrong is one line.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from bunco_print.edges.inputs import read_bytes
from bunco_print.errors import InputError
from bunco_print.game.values import printable, shorten
from bunco_print.nights import settle
from bunco_print.signing import links

TIMEOUT = 30.0  # seconds for the engine's answer
ANSWER_MOST = 64 * 1024
SECRET = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Published:
    event: str
    title: str
    new: bool  # False: the same night was registered before
    host: str  # the host's dashboard link, on the engine it was published to
    board: str
    codes: str  # where the night's printed codes point


def read_folder(folder: Path) -> tuple[bytes, str, str]:
    """The folder's manifest (checked as `serve` checks it), its secret, and its engine URL."""
    shown = printable(str(folder))
    if not (folder / "event.json").is_file():
        raise InputError(f"{shown} has no event.json; give a folder made by pack", field="event")
    manifest = read_bytes(folder / "event.json", "event manifest", settle.LIMITS["event"])
    night = settle.load_night(manifest, source=str(folder / "event.json"))
    path = folder / "event.secret"
    if not path.is_file():
        raise InputError(f"{shown} has no event.secret; only a pack's folder can be published")
    secret = read_bytes(path, "event secret", 200).decode("ascii", "replace").strip()
    if not SECRET.fullmatch(secret):
        raise InputError(f"{printable(str(path))} is not a secret this tool wrote")
    return manifest, secret, night.engine_url


def engine_base(url: str) -> str:
    """The engine's address as `--engine` gives it: http(s)://host[:port][/path]."""
    try:
        return links.check_engine_url(url)
    except InputError as exc:
        raise InputError(str(exc).replace("engine URL", "engine", 1), field="engine") from None


def publish(folder: Path, engine: str, token: str | None) -> Published:
    """Register the night in `folder` with the engine at `engine`; one `InputError` for a
    folder that is not a pack's, an engine that cannot be reached or refuses."""
    manifest, secret, codes = read_folder(folder)
    base = engine_base(engine)
    if not token:
        raise InputError(
            "no admin token: give `token TOKEN`, set BUNCO_ENGINE_TOKEN, or copy the "
            "engine-token file the hosted engine wrote in its config folder",
            field="token",
        )
    body = json.dumps({"manifest": manifest.decode("utf-8"), "secret": secret}).encode()
    request = urllib.request.Request(
        f"{base}/api/nights",
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}",
                 "Accept": "application/json", "User-Agent": "bunco-print publish"},
    )  # fmt: skip
    answer = _send(request, base)
    try:
        return Published(answer["event"], str(answer.get("title", "")), bool(answer["new"]),
                         base + answer["host"], base + answer["board"], codes)  # fmt: skip
    except (KeyError, TypeError):
        raise InputError(f"{base} did not answer as a bunco-print engine does") from None


def _send(request: urllib.request.Request, base: str) -> dict:
    shown = shorten(base, 80)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            status, data = response.status, response.read(ANSWER_MOST)
    except urllib.error.HTTPError as exc:
        status, data = exc.code, exc.read(ANSWER_MOST)
    except urllib.error.URLError as exc:
        reason = getattr(exc.reason, "strerror", None) or str(exc.reason)
        raise InputError(f"cannot reach the engine at {shown}: {reason}", field="engine") from None
    except (OSError, ValueError) as exc:  # a reset, a timeout, a malformed answer
        raise InputError(f"cannot reach the engine at {shown}: {exc}", field="engine") from None
    try:
        answer = json.loads(data.decode("utf-8"))
    except (UnicodeError, ValueError):
        answer = None
    if not isinstance(answer, dict):
        raise InputError(f"{shown} answered HTTP {status}, not as a bunco-print engine does")
    if status >= 400:
        said = printable(str(answer.get("error", "")))
        raise InputError(f"the engine at {shown} refused it (HTTP {status}): {shorten(said, 200)}")
    return answer


def codes_elsewhere(published: Published) -> bool:
    """The night's printed codes point at another engine than the one it was published to."""
    return not published.host.startswith(published.codes.rstrip("/") + "/e/")
