"""Settings from the environment: engine URL, dates, SOURCE_DATE_EPOCH."""

import pytest

from bunco_print.edges import config
from bunco_print.errors import InputError
from bunco_print.game import plan
from bunco_print.signing import links


def test_engine_url_comes_from_option_then_env_then_config_file(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.delenv("BUNCO_ENGINE_URL", raising=False)
    assert links.engine_url(None) == plan.DEFAULT_ENGINE_URL
    (tmp_path / "bunco-print").mkdir()
    (tmp_path / "bunco-print" / "config.toml").write_text('engine_url = "https://club.example/b"')
    assert links.engine_url(None) == "https://club.example/b"
    monkeypatch.setenv("BUNCO_ENGINE_URL", "https://env.example/")
    assert links.engine_url(None) == "https://env.example"
    assert links.engine_url("http://opt.example:8000") == "http://opt.example:8000"


@pytest.mark.parametrize("url", ["ftp://x", "bunco.example", "https://x/?a=1", "https://"])
def test_a_bad_engine_url_is_refused(url):
    with pytest.raises(InputError, match="engine URL"):
        links.engine_url(url)


def test_dates(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796342400")
    assert config.event_date(None) == "2026-12-04"
    assert config.event_date("2027-01-08") == "2027-01-08"
    assert config.source_date().year == 2026
    # the one date rule: a real day, written YYYY-MM-DD and no other way ISO allows
    for given in ("next friday", "20271108", "2027-W45-1", "2027-02-29"):
        with pytest.raises(InputError, match=f'^date must be YYYY-MM-DD, not "{given}"$'):
            config.event_date(given)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "soon")
    with pytest.raises(InputError, match="SOURCE_DATE_EPOCH"):
        config.source_date()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://[::1", "is not a valid URL"),
        ("https://bunco.example/#top", "must not hold a fragment"),
        ("https://bunco.example#", "must not hold a fragment"),
        ("https://ann:pw@bunco.example", "user name or password"),
        ("https://ann@bunco.example", "user name or password"),
        (" https://bunco.example", "spaces or control characters"),
        ("https://bunco .example", "spaces or control characters"),
        ("https://bunco.example/\n", "spaces or control characters"),
        ("https://bunco.example:99999", "is not a valid URL"),
        ("https://bunco.example:http", "is not a valid URL"),
        ("https://bunco.example:0", "no usable port"),
        ("https://bunco.example:", "no usable port"),
        ("https://:8000", "no host name"),
        ("javascript:alert(1)", "must look like https://host"),
        ("file:///etc/passwd", "must look like https://host"),
        ("", "is empty"),
        ("https://bunco.example/" + "x" * 5000, "the QR codes hold one of at most 64"),
    ],
)
def test_engine_urls_that_cannot_work_get_one_line(url, message):
    with pytest.raises(InputError, match=message) as caught:
        links.engine_url(url)
    assert str(caught.value).startswith("engine URL")
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


def test_the_longest_url_still_fits_every_qr_code():
    from bunco_print.game.plan import plan_event
    from bunco_print.game.rulesets import available, load
    from bunco_print.printing.qr import qr_grid
    from bunco_print.signing import keys

    limit = links.max_engine_url_length()
    assert limit == 64
    url = "https://b.example/" + "p" * (limit - len("https://b.example/"))
    assert links.engine_url(url) == url
    with pytest.raises(InputError, match=f"at most {limit}"):
        links.engine_url(url + "q")
    secret = keys.event_secret("x")
    for ruleset in available():
        event = plan_event(400, load(ruleset), seed=1, date="2026-12-31", engine_url=url)
        for sheet_id in [event.sheets[-1].id, event.tables[-1].sheet_id]:
            layout, _ = qr_grid(links.night_url(event, secret, sheet_id))
            assert layout.n <= 17 + 4 * links.MAX_QR_VERSION


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"engine_url = 7\n", r"^config file .*config.toml: engine_url must be text, not 7$"),
        (b"engine_url = [1]\n", "engine_url must be text, not \\[1\\]"),
        (b"signing_key = true\n", "signing_key must be text, not true"),
        (
            b"engine_uri = 'https://x'\n",
            "engine_uri is not a key a config file knows; known: engine",
        ),
        (b"engine_url = 'ftp://x'\n", "engine URL must look like"),
        (b"engine_url = \n", "not valid TOML"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b"x" * 70_000, "larger than"),
    ],
)
def test_a_bad_config_file_gets_one_line(config_home, content, message):
    config_home.mkdir(parents=True)
    (config_home / "config.toml").write_bytes(content)
    with pytest.raises(InputError, match=message) as caught:
        links.engine_url(None)
    assert "\n" not in str(caught.value)


def test_an_unreadable_config_file_gets_one_line(config_home):
    (config_home / "config.toml").mkdir(parents=True)
    with pytest.raises(InputError, match=r"config file .* is a folder"):
        links.engine_url(None)
