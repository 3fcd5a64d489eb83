"""`pip install .` (a real wheel, not the editable checkout) carries templates and themes."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (found,) = out.glob("bunco_print-*.whl")
    return found


def test_wheel_holds_templates_themes_and_rulesets(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("templates", "themes"):
        shipped = {
            p.relative_to(ROOT).as_posix()
            for p in (ROOT / folder).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        }
        assert shipped, folder
        assert {f"bunco_print/{name}" for name in shipped} <= names
    assert "bunco_print/game/rulesets/classic.toml" in names


def test_installed_wheel_prints_a_pack_outside_the_checkout(wheel, tmp_path):
    site = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(site),
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    env = {**os.environ, "PYTHONPATH": str(site), "SOURCE_DATE_EPOCH": "1796342400"}
    where = subprocess.run(
        [
            sys.executable,
            "-c",
            "import bunco_print.edges.resources as r; print(r.data_dir('themes'))",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert where.stdout.strip().startswith(str(site)), "must not fall back to the checkout"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "bunco_print",
            "pack",
            "--players",
            "6",
            "--theme",
            "december",
            "--seed",
            "1",
            "--out",
            "night",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "night" / "pack.pdf").read_bytes().startswith(b"%PDF")
