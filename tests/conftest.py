"""Shared test setup: laid-out backgrounds are cached in a folder of this session only."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def _background_cache(tmp_path_factory):
    os.environ["BUNCO_PRINT_CACHE_DIR"] = str(tmp_path_factory.mktemp("background-cache"))
    yield
    os.environ.pop("BUNCO_PRINT_CACHE_DIR", None)
