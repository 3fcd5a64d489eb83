"""Settings from the environment: engine URL, dates, SOURCE_DATE_EPOCH."""

import pytest

from bunco_print import config
from bunco_print.errors import InputError


def test_engine_url_comes_from_option_then_env_then_config_file(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.delenv("BUNCO_ENGINE_URL", raising=False)
    assert config.engine_url(None) == config.DEFAULT_ENGINE_URL
    (tmp_path / "bunco-print").mkdir()
    (tmp_path / "bunco-print" / "config.toml").write_text('engine_url = "https://club.example/b"')
    assert config.engine_url(None) == "https://club.example/b"
    monkeypatch.setenv("BUNCO_ENGINE_URL", "https://env.example/")
    assert config.engine_url(None) == "https://env.example"
    assert config.engine_url("http://opt.example:8000") == "http://opt.example:8000"


@pytest.mark.parametrize("url", ["ftp://x", "bunco.example", "https://x/?a=1", "https://"])
def test_a_bad_engine_url_is_refused(url):
    with pytest.raises(InputError, match="engine URL"):
        config.engine_url(url)


def test_dates(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796342400")
    assert config.event_date(None) == "2026-12-04"
    assert config.event_date("2027-01-08") == "2027-01-08"
    assert config.source_date().year == 2026
    with pytest.raises(InputError, match="YYYY-MM-DD"):
        config.event_date("next friday")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "soon")
    with pytest.raises(InputError, match="SOURCE_DATE_EPOCH"):
        config.source_date()
