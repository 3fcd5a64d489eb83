"""The signing key: made once per machine, private, and the only thing links can be signed with."""

from __future__ import annotations

import base64
import hashlib
import os
import stat
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import pytest

from bunco_print.errors import InputError
from bunco_print.printing.pack import PackRequest, build_pack, pack_files, plan
from bunco_print.signing import keys, links

from .signed import opens


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_key_is_made_once_private_and_kept(config_home):
    key = keys.load_key()
    assert len(key) == 32
    assert keys.key_path() == config_home / "signing.key"
    assert mode(config_home / "signing.key") == 0o600
    assert mode(config_home) == 0o700
    assert keys.load_key() == key
    assert [p.name for p in config_home.iterdir()] == ["signing.key"], "no temporary left"


def test_racing_processes_share_one_key(config_home):
    found: list[bytes] = []
    threads = [threading.Thread(target=lambda: found.append(keys.load_key())) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(found) == 8 and len(set(found)) == 1
    assert [p.name for p in config_home.iterdir()] == ["signing.key"]


def test_the_environment_or_the_config_file_can_name_another_key(
    tmp_path, config_home, monkeypatch
):
    with monkeypatch.context() as patch:
        patch.setenv("BUNCO_SIGNING_KEY", str(tmp_path / "env.key"))
        assert keys.key_path() == tmp_path / "env.key"
        key = keys.load_key()
        assert (tmp_path / "env.key").read_bytes() == key
    config_home.mkdir(parents=True, exist_ok=True)
    (config_home / "config.toml").write_text(f'signing_key = "{tmp_path / "conf.key"}"\n')
    assert keys.key_path() == tmp_path / "conf.key"
    assert keys.load_key() != key
    (config_home / "config.toml").write_text("signing_key = 7\n")
    with pytest.raises(InputError, match=r"^config file .*: signing_key must be text, not 7$"):
        keys.key_path()


@pytest.mark.parametrize(
    ("content", "file_mode", "message"),
    [
        (b"short", 0o600, "holds 5 bytes, not 32"),
        (b"x" * 33, 0o600, "holds 33 bytes, not 32"),
        (b"", 0o600, "holds 0 bytes"),
        (b"k" * 32, 0o640, "readable by others .*chmod 600"),
        (b"k" * 32, 0o604, "readable by others"),
    ],
)
def test_a_wrong_key_file_is_refused_in_one_line(tmp_path, content, file_mode, message):
    path = tmp_path / "bad.key"
    path.write_bytes(content)
    path.chmod(file_mode)
    with pytest.raises(InputError, match=message) as caught:
        keys.load_key(path)
    assert "\n" not in str(caught.value)
    assert path.read_bytes() == content, "a bad key is never replaced"


def test_a_folder_as_the_key_is_refused(tmp_path):
    with pytest.raises(InputError, match="signing key"):
        keys.load_key(tmp_path)


def test_the_event_secret_is_an_hmac_of_the_event_id():
    key = b"k" * 32
    secret = keys.event_secret("EV", key)
    assert len(secret) == 64 and secret != keys.event_secret("EV2", key)
    assert secret != keys.event_secret("EV", b"j" * 32)


# --- forging ---------------------------------------------------------------------------------


def seed_guesses(seed: int, event_id: str) -> list[str]:
    """What an attacker who read the printed seed and one QR code might try as the secret."""
    old = [
        hashlib.sha256(f"bunco-print:{s}:{salt}".encode()).hexdigest()
        for s in range(max(0, seed - 50), seed + 50)
        for salt in (event_id, "")
    ]
    plain = [str(seed), event_id, f"{seed}:{event_id}", f"{event_id}:{seed}"]
    hashed = [hashlib.sha256(p.encode()).hexdigest() for p in plain]
    return old + plain + hashed + [hashlib.sha256(p.encode()).digest().hex()[:32] for p in plain]


def test_nobody_signs_a_sheet_from_another_sheets_link_and_the_seed():
    event, secret, _, _ = plan(PackRequest(players=12, seed=5, engine_url="https://b.example"))
    known = links.night_url(event, secret, event.sheets[0].id)  # the one code the attacker scanned
    assert opens(known, secret) == (event.event_id, "1")
    ids = [s.id for s in event.sheets] + [t.sheet_id for t in event.tables]
    forged = 0
    for guess in seed_guesses(5, event.event_id):
        for sheet_id in ids:
            url = links.sheet_url("https://b.example", guess, event.event_id, sheet_id)
            forged += opens(url, secret) is not None
    assert forged == 0
    # nor by reusing the scanned signature on another sheet
    for sheet_id in ids[1:]:
        assert opens(known.replace("/s/1?", f"/s/{sheet_id}?"), secret) is None


def test_another_machine_signs_other_links_and_one_machine_the_same_bytes(tmp_path, monkeypatch):
    request = PackRequest(players=4, seed=3, date="2026-12-04")
    first = pack_files(build_pack(request))
    again = pack_files(build_pack(request))
    assert first == again, "same seed, same key: the same pack, byte for byte"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "other"))
    other = pack_files(build_pack(request))
    assert other["event.json"] == first["event.json"]
    assert other["event.secret"] != first["event.secret"]
    assert other["score-sheets.pdf"] != first["score-sheets.pdf"]


# --- never shown ---------------------------------------------------------------------------


def encodings(raw: bytes) -> list[bytes]:
    return [
        raw.hex().encode(),
        raw.hex().upper().encode(),
        base64.b64encode(raw).rstrip(b"="),
        base64.urlsafe_b64encode(raw).rstrip(b"="),
    ]


def pdf_streams(data: bytes) -> list[bytes]:
    """Every stream of a PDF, inflated where it is deflated."""
    out = []
    for chunk in data.split(b"stream")[1:]:
        body = chunk.lstrip(b"\r\n").split(b"endstream")[0]
        try:
            out.append(zlib.decompress(body))
        except zlib.error:
            out.append(body)
    return out


def test_neither_key_nor_secret_is_in_any_file_output_or_manifest(tmp_path, config_home):
    result = subprocess.run(
        [sys.executable, "-m", "bunco_print", "pack", "--players", "5", "--out", "night"],
        cwd=tmp_path,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    key = (config_home / "signing.key").read_bytes()
    secret = (tmp_path / "night" / "event.secret").read_text().strip()
    needles = encodings(key) + encodings(bytes.fromhex(secret)) + [secret.encode()]
    haystacks = [result.stdout, result.stderr]
    for path in (tmp_path / "night").iterdir():
        if path.name != "event.secret":
            haystacks += [path.read_bytes(), *pdf_streams(path.read_bytes())]
    assert len(haystacks) > 10
    for hay in haystacks:
        for needle in needles:
            assert needle not in hay
    assert mode(tmp_path / "night" / "event.secret") == 0o600
